"""The exact search of :func:`mathmaze_lib.optimize.exact`, compiled: branch and bound on the cells of the
legs' shortest routes, for boards scored leg by leg (:func:`~.legs.applies`), in chunks that can be resumed.

A better wall set than the board's walls puts a wall on every shortest route of some leg, so on the
route chosen for each leg; the search branches on those cells ("a wall on ``p1``", "on ``p2`` but never
on ``p1``", ...), so that each wall set is met at most once, down to the budget.  Each leg's route is
one that crosses as few cells as it can where a wall may still go (rocks, stops and the cells left out
by earlier branches cost nothing), which keeps the branches few; and the last wall skips the cells the
runner can step round without walking more than the best (:func:`.cells.detour`).  The branches' order
shapes the tree too: the cells the runner can step round nearby come last, where every earlier branch
is left out (:func:`_branches`: half the boards of cell order, or fewer, on Medium2 and Medium1).

Two rules save work.  Below the root only the legs whose route held the new wall are searched again
(:func:`_routes`): the others keep their route, which is still open and so still shortest.  And a wall in
a corridor (a chain of cells with two open sides each) does what a wall on any other cell of it does, so
only one cell of each corridor is a branch (:func:`.cells.twin`).  Measured against the tree without
both, the two runs side by side, one core each, the known best given: Medium1 with 9 walls 16.4 M boards
and 42.0 s, now 14.0 M and 32.5 s; Medium2 with 9 walls 4.9 M and 11.4 s, now 4.1 M and 7.1 s.

Each leg is searched from its end back to its start (:func:`_routes`, :func:`.leaves.leaf`).  The length is
the same either way, but which of the shortest routes through fewest such cells gets marked is not, and that
shapes the tree: Medium2's whole proof took 810 million boards and 371 s on two cores from the end,
against 1.24 billion and 611 s from the start (both before the arrays came one by one, see
:func:`_routes`: 277 s since, and 419 million boards and 183 s with the branches in the order of
:func:`_branches`); on a sample of Medium1's split tasks, 16% fewer boards and 1.10 times
faster.  The last wall's searches alone (the same boards) are about 10% faster from the
end on Medium2 and Medium3.  (Searching from the start but preferring the last route found among
equally good ones also took 22% fewer boards on a sample of Medium2's tasks, but saved less time.)  Among
the routes through fewest such cells, two rules pick one (:data:`FIRST_FOUND`, :data:`FIRST_NEIGHBOUR`),
and neither is the better on every map: Medium1's whole proof took 792 s on two cores by the first and
624 s by the second (2026-12-03, with the bound below); one core, Medium1 with 9 walls 8.7 M boards and
16.9 s against 7.6 M and 13.5 s, but Medium2 with 10 walls 13.3 M and 17.1 s against 14.4 M and 18.6 s,
Medium3 with 7 walls 1.43 M against 1.57 M.  So :func:`.split.prove` lets a smaller tree choose
(:func:`.split.choose_rule`).  A route search notes the leg's start when it first finds one of its cells
(``Tree.goal``), where it looked at every start cell after each cell before: one core, Medium1 with 9 walls
16.2 s against 16.9 s by the first rule, 13.2 s against 13.5 s by the second; Medium1's whole proof, the
rule chosen, 573 s on two cores (2026-12-03).

One wall from the end, the branches that cannot beat the best are dropped (:func:`.leaves.skip_leaves`: the
shortest route that misses a leg's branches bounds the leg).  One core, the known best given, 2026-12-03:
Medium1 with 9 walls 14.0 M boards and 18.4 s before, 8.7 M and 17.5 s with it; Medium2 with 10 walls 18.1 M
and 18.1 s, 13.3 M and 17.1 s; Medium3 with 7 walls 1.98 M and 2.63 s, 1.43 M and 2.59 s; Medium1's whole
proof 861 s on two cores before, 792 s with it.  With more walls left the tree has no bound on what they can
still add; the three measured did not pay.  If ``r + 1`` routes of a leg share no cell a wall may take,
``r`` walls leave one of them open (Menger), so the longest bounds the leg, and a node whose legs' bounds
sum to no more than the best has nothing to search.  From a minimum-cost flow (where ``m <= r`` such cells
cut the leg, the walls miss them or take one, bounded in turn), the bound was never below a brute force's
best and equal to it in 96% of 1,164 cases (a leg of a small random board, 1 to 3 walls left).  On Medium2
with 8 walls, one wall from the end, it cut the boards from 864 K to 346 K but made the tree over ten times
slower: about 90 microseconds a node (two legs) against about 1.6 a board.  From routes that each avoid the
earlier ones' cells instead (one search each), two walls from the end: Medium1 with 9 walls 12.1 M boards
against 14.0 M, in the same time (30.4 s and 33.1 s against 31.4 s and 34.1 s, side by side, one core each,
2026-12-02, on a machine about half as fast on this run as the one of :func:`.leaves.leaf`'s times); and the
same with the bound above one wall from the end, two walls from it: Medium1 with 9 walls 8.0 M boards
against 8.7 M, 17.7 s against 17.5 s (2026-12-03).  Nor did two ways to skip searches: a leaf's search as A*
towards the leg's start, with each leg's distances from its start at the node above as the guide (Medium2
with 8 walls, one core: 4.4 s against 2.2 s, the guide's searches costing more than the leaves' searches
saved), and a wall on a corner whose fourth cell is open taking the route through that cell instead of
searching the leg again (the same length): side by side, one core each, 2026-12-02, Medium1 with 9 walls
39.6 s against 41.9 s, but Medium2 with 9 walls 9.3 s against 8.0 s.

Two walls from the end the tree is far from the best: Medium3 with 8 walls, the best 115 given (7.56 M boards,
11.0 s on one core), such a node is 60 moves short on average, and on a sample of 2,366 of them the best any two
more walls give (brute force) was 12 or more short in 99% (2026-12-04).  A sound bound that sees it, measured
then and not landed: each leg's shortest route, its cells where a wall may go in groups that some route avoids
(a group no route avoids split at the fewest of its cells a route must cross), the same for each group's route,
down as many levels as walls are left; a group of one cell that no route avoids, under groups of one cell, is a
wall set that blocks the leg, and the cells every route of the leg crosses are never walls.  Two walls from the
end it cut 99.8% of the nodes (1.12 M boards) but took 23.9 s; three, 99.3% and 28.3 s; four, 97.8% and 48.9 s.
A level more multiplies its searches by 8 to 13 (narrow places split the groups), the subtrees' boards by 6 to 7;
five walls from the end, 94.5% and 120 s (3.26 M boards).  Per node bounded, 219 searches three walls from the end,
2,785 four, 50,000 five, 62-70% of them finding the leg blocked (one level each, 2026-12-04).
Nor did two more things pay: a node with a wall no route of any leg can pass (one wall fewer does the same),
1% of the inner nodes (Medium3 with 7 walls, 1.40 M boards against 1.43 M); and where the route round a leg's
last-wall branches is blocked (3.0 M times), a route through the fewest of them, bounding the others: 1.77 M
leaves against 2.74 M, but 13.1 s.

The search's state is kept in arrays, so that a time limit can stop it between chunks.  The annealing's
"clear and refill a square" move (:meth:`~.engine._Engine.refill`) runs the same search, its walls
allowed on the square's cells only.

:func:`prove` runs it: the best score and whether it is proven (the search finished), from a known best;
on several cores the tree is split into subtrees (:mod:`.split`), which worker processes search.

>>> from mathmaze_lib.puzzles.wallmaze import parse
>>> r = prove(parse("walls: 3\\ns....\\n.....\\n....f"), 0, seconds=10)
>>> r.moves, r.proven
(8, True)
"""

from __future__ import annotations

import time
from typing import NamedTuple, Optional

import numpy as np

from ...puzzles.wallmaze import WallMaze
from ..clock import chunk_size
from ...search.arrays import njit
from .cells import detour as _detour, twin as _twin
from .leaves import leaf as _leaf, skip_leaves as _skip_leaves
from .legs import board, geo

__all__ = ["prove", "TreeResult", "new_tree", "start", "chunk"]


class Tree(NamedTuple):
    """The search's state (kept between chunks): the board now (``blocked``), the cells left out
    (``excl``, counts), per depth the branches (``cand``, ``ncand``, ``pos``), the legs whose route holds
    each (``cleg``, one bit each) and the wall chosen (``chosen``), the best walls (``out``) and the
    counters ``at`` (slots :data:`DEPTH` ... :data:`RULE`); per depth and leg the route (``route[depth, k,
    :rlen[depth, k]]``, from the leg's start) and its moves (``legd``); and the routes' scratch (``dist``,
    ``cost``, ``parent``, ``mark``, ``queue``; each marked cell's cells before and after it on its route,
    ``prv`` and ``nxt``, and ``twice == t.at[STAMP]`` on a cell marked more than once; ``legs``, the legs
    whose marked route holds the cell, one bit each; ``goal[k]``, 1 on leg ``k``'s start cells).  The
    compiled functions called once a board take its arrays one by one, not the ``Tree``: passed whole, the
    structure cost the tree a quarter of its time (Medium2 with 10 walls, one core: 35.3 s with it, 26.8 s
    without); :func:`_score` passes them so."""

    blocked: np.ndarray
    excl: np.ndarray
    cand: np.ndarray
    ncand: np.ndarray
    pos: np.ndarray
    chosen: np.ndarray
    out: np.ndarray
    at: np.ndarray
    dist: np.ndarray
    cost: np.ndarray
    parent: np.ndarray
    mark: np.ndarray
    queue: np.ndarray
    prv: np.ndarray
    nxt: np.ndarray
    twice: np.ndarray
    legs: np.ndarray
    legd: np.ndarray
    route: np.ndarray
    rlen: np.ndarray
    cleg: np.ndarray
    goal: np.ndarray


#: The tree's chunks (:func:`chunk`) take about this many seconds each when it has a time limit.
STEP_SECONDS = 0.05

#: The slots of ``Tree.at``: the depth now, the best moves, its walls, the boards scored, the marks' last
#: stamp, 1 once the search has finished, and the rule that picks the routes (:data:`FIRST_FOUND`).
DEPTH, BEST, BEST_N, NODES, STAMP, DONE, RULE = range(7)

#: The rules (``Tree.at[RULE]``) that pick a leg's route among the shortest ones through fewest cells
#: where a wall may go, back from its start: each cell's neighbour that found it first in the search
#: (:data:`FIRST_FOUND`), or its first such neighbour in the order of the board's ``nbrs`` (up, right,
#: down, left: :data:`FIRST_NEIGHBOUR`).  See the module's text.
FIRST_FOUND, FIRST_NEIGHBOUR = 0, 1


@njit(cache=True)
def _routes(nbrs, srcs, sptr, tgts, tptr, allowed, blocked, excl, dist, cost, parent, mark, queue, prv, nxt, twice,
            legbits, legd, at, route, rlen, depth, changed, rule, goal):
    """Search the legs on ``blocked`` and mark (``mark == at[STAMP]``) one shortest route of each through
    as few cells as it can where a wall may go (``allowed``, not left out by ``excl``), picked by ``rule``;
    the moves, -1 when some leg is blocked.  Leg ``k`` is searched from ``srcs[sptr[k]:sptr[k + 1]]`` to
    ``tgts[tptr[k]:tptr[k + 1]]``, its cells in ``goal[k]`` (each leg's end as ``srcs``: see the module's
    text); below the root only the legs of the bits ``changed`` (whose route above held the new wall), the
    others keeping that route (still open, so shortest), into ``route[depth, k, :rlen[depth, k]]`` and
    ``legd[depth, k]``."""
    at[STAMP] += 1
    stamp = at[STAMP]
    total, legs = 0, len(sptr) - 1
    for k in range(legs):
        if depth > 0 and legs < 63 and (changed >> np.int64(k)) & 1 == 0:
            n = rlen[depth, k] = rlen[depth - 1, k]
            for i in range(n):
                route[depth, k, i] = route[depth - 1, k, i]
            legd[depth, k] = legd[depth - 1, k]
            total += legd[depth, k]
            continue
        dist.fill(-1)
        head, tail, reach = 0, 0, -1
        for i in range(sptr[k], sptr[k + 1]):
            s = srcs[i]
            if dist[s] < 0:
                dist[s] = cost[s] = 0
                parent[s] = -1
                queue[tail] = s
                tail += 1
                reach = 0 if goal[k, s] == 1 else reach
        while head < tail:
            v = queue[head]
            head += 1
            dv, cv = dist[v] + 1, cost[v]
            if reach >= 0 and dv > reach:       # (the cells one move short of the leg's start all searched)
                break
            for d in range(4):
                u = nbrs[v, d]
                if u < 0:
                    break
                if blocked[u] == 1:
                    continue
                c = cv + (1 if allowed[u] == 1 and excl[u] == 0 else 0)
                if dist[u] < 0:
                    dist[u] = dv
                    cost[u] = c
                    parent[u] = v
                    queue[tail] = u
                    tail += 1
                    if reach < 0 and goal[k, u] == 1:
                        reach = dv
                elif dist[u] == dv and c < cost[u]:
                    cost[u] = c
                    parent[u] = v
        if reach < 0:
            return -1
        end = -1
        for i in range(tptr[k], tptr[k + 1]):
            x = tgts[i]
            if dist[x] == reach and (end < 0 or cost[x] < cost[end]):
                end = x
        total += reach
        legd[depth, k] = reach
        n, v = 0, end
        while v >= 0:
            route[depth, k, n] = v
            n += 1
            back = parent[v]                            # (-1 on the leg's end, where dist is 0)
            if rule != FIRST_FOUND and dist[v] > 0:     # the first neighbour a move nearer, cost less its own
                e, want = dist[v] - 1, cost[v] - (1 if allowed[v] == 1 and excl[v] == 0 else 0)
                for d in range(4):
                    u = nbrs[v, d]
                    if u >= 0 and dist[u] == e and cost[u] == want:
                        back = u
                        break
            v = back
        rlen[depth, k] = n
    _mark(route, rlen, depth, legs, stamp, mark, twice, legbits, prv, nxt)
    return total


@njit(cache=True)
def _mark(route, rlen, depth, legs, stamp, mark, twice, legbits, prv, nxt):
    """Mark each leg's route ``route[depth, k, :rlen[depth, k]]`` (from the leg's start) with ``stamp``, the
    cells before and after each (``prv``, ``nxt``), the legs on each (``legbits``) and ``twice`` (see
    :class:`Tree`)."""
    for k in range(legs):
        bit = np.int64(1) << np.int64(k % 63)
        after = -1
        n = rlen[depth, k]
        for i in range(n):
            v = route[depth, k, i]
            if mark[v] == stamp:
                twice[v] = stamp
                legbits[v] |= bit
            else:
                legbits[v] = bit
            mark[v] = stamp
            nxt[v] = route[depth, k, i + 1] if i + 1 < n else -1   # (the next cell towards the leg's end)
            prv[v] = after
            after = v


@njit(cache=True)
def _score(geo, allowed, t, depth, changed):
    """:func:`_routes` on the tree ``t``, each leg from its end."""
    return _routes(geo.nbrs, geo.tgts, geo.tptr, geo.srcs, geo.sptr, allowed, t.blocked, t.excl, t.dist, t.cost,
                   t.parent, t.mark, t.queue, t.prv, t.nxt, t.twice, t.legs, t.legd, t.at, t.route, t.rlen, depth,
                   changed, t.at[RULE], t.goal)


@njit(cache=True)
def _branches(way, allowed, blocked, excl, mark, prv, nxt, twice, legbits, cand, cleg, ncand, pos, at, depth, last,
              moves, queue):
    """The cells of the marked routes where a wall may go now (``allowed``, open, not left out), into
    ``cand[depth, :ncand[depth]]``, with the legs whose route holds each in ``cleg[depth]`` (the tree's
    arrays one by one: see :func:`_routes`);
    for the ``last`` wall, not those where the runner can step round it and still walk no more than the
    best (:func:`.cells.detour`); of a corridor, one cell only (:func:`.cells.twin`).

    Above the last wall, the cells the runner cannot step round nearby come first, then those with a
    detour of 2 moves, then those with none (:func:`.cells.detour`; in cell order within each; ``queue`` holds
    the later two meanwhile).  A later branch leaves out every cell before it, so the cells whose wall
    only shifts the route by a cell get the smallest subtrees: one core, the known best given, Medium1
    with 9 walls 35.7 M boards and 26.3 s in cell order, 16.4 M and 16.8 s so; Medium2 with 9 walls 8.2 M
    and 5.5 s, 4.9 M and 4.2 s.  (Also measured on Medium2 with 9 walls: the cells on two legs' routes
    first in each class, 5.0 M boards; the 0 class before the 2, 5.6 M; the cells with the most moves
    with their wall first, 9.9 M, or the fewest, 9.7 M; a class for a detour of 4 moves, 4.6 M, but
    only 3% faster on Medium1.)"""
    m = 0
    twos = 0
    zeros = 0
    end = len(queue) - 1
    stamp = at[STAMP]
    best = at[BEST]
    for v in range(len(allowed)):
        if mark[v] == stamp and allowed[v] == 1 and blocked[v] == 0 and excl[v] == 0 and \
                not _twin(way, allowed, blocked, excl, v):
            detour = _detour(way, blocked, prv, nxt, twice, stamp, v)
            if last:
                if moves + detour <= best:
                    continue
            elif detour == 2:
                queue[twos] = v
                twos += 1
                continue
            elif detour == 0:
                queue[end - zeros] = v
                zeros += 1
                continue
            cand[depth, m] = v
            m += 1
    for i in range(twos):
        cand[depth, m] = queue[i]
        m += 1
    for i in range(zeros):
        cand[depth, m] = queue[end - i]
        m += 1
    for i in range(m):
        cleg[depth, i] = legbits[cand[depth, i]]
    ncand[depth] = m
    pos[depth] = 0


@njit(cache=True)
def start(geo, allowed, limit, t):
    """The root: the board of ``t.blocked`` scored, its branches listed; the moves (-1: blocked)."""
    for k in range(len(geo.sptr) - 1):      # (each leg's start cells, where its search ends)
        for i in range(geo.sptr[k], geo.sptr[k + 1]):
            t.goal[k, geo.srcs[i]] = 1
    total = _score(geo, allowed, t, 0, -1)
    t.at[NODES] += 1
    t.at[DEPTH] = 0
    if total > t.at[BEST]:
        t.at[BEST] = total
        t.at[BEST_N] = 0
    t.ncand[0] = 0
    t.pos[0] = 0
    if total >= 0 and limit > 0:
        _branches(geo.way, allowed, t.blocked, t.excl, t.mark, t.prv, t.nxt, t.twice, t.legs, t.cand, t.cleg, t.ncand,
                  t.pos, t.at, 0, limit == 1, total, t.queue)
    return total


@njit(cache=True)
def chunk(geo, allowed, limit, nodes, t):
    """Go on with the search for about ``nodes`` more boards (at most ``limit`` more walls, on ``allowed``
    cells); True once it has finished (``t.at[DONE]``)."""
    at = t.at
    end = at[NODES] + nodes
    depth = at[DEPTH]
    cand, ncand, pos, chosen, excl, blocked = t.cand, t.ncand, t.pos, t.chosen, t.excl, t.blocked
    nbrs, ends, eptr, starts, stptr = geo.nbrs, geo.tgts, geo.tptr, geo.srcs, geo.sptr    # (from the end)
    legbits, legd, dist, queue = t.legs, t.legd, t.dist, t.queue
    cost, parent, mark, prv, nxt, twice, out = t.cost, t.parent, t.mark, t.prv, t.nxt, t.twice, t.out
    way, route, rlen, cleg = geo.way, t.route, t.rlen, t.cleg
    goal = t.goal
    gain = np.zeros(len(eptr) - 1, np.int64)
    while at[NODES] < end:
        if depth < limit and pos[depth] < ncand[depth]:
            c = cand[depth, pos[depth]]
            pos[depth] += 1
            if pos[depth] > 1:
                excl[cand[depth, pos[depth] - 2]] += 1      # the branch before this one is left out
            changed = cleg[depth, pos[depth] - 1]
            blocked[c] = 1
            chosen[depth] = c
            depth += 1
            total = _leaf(nbrs, ends, eptr, goal, blocked, changed, legd, depth - 1, dist, queue) \
                if depth == limit else \
                _routes(nbrs, ends, eptr, starts, stptr, allowed, blocked, excl, dist, cost, parent, mark, queue,
                        prv, nxt, twice, legbits, legd, at, route, rlen, depth, changed, at[RULE], goal)
            at[NODES] += 1
            if total > at[BEST]:
                at[BEST] = total
                at[BEST_N] = depth
                out[:depth] = chosen[:depth]
            ncand[depth] = 0
            pos[depth] = 0
            if total >= 0 and depth < limit:
                _branches(way, allowed, blocked, excl, mark, prv, nxt, twice, legbits, cand, cleg, ncand, pos, at,
                          depth, depth + 1 == limit, total, queue)
                if depth + 1 == limit and ncand[depth] > 0:
                    _skip_leaves(nbrs, ends, eptr, goal, blocked, cand, cleg, ncand, legd, depth, total, at[BEST],
                                 gain, dist, queue)
        else:
            if pos[depth] > 1:          # leaving this level: its left-out branches come back
                for i in range(pos[depth] - 1):
                    excl[cand[depth, i]] -= 1
            if depth == 0:
                at[DONE] = 1
                break
            depth -= 1
            blocked[chosen[depth]] = 0
    at[DEPTH] = depth
    return at[DONE] == 1


def new_tree(blocked: np.ndarray, limit: int, best: int, legs: int, rule: int = FIRST_FOUND) -> Tree:
    """A search from the board ``blocked`` (copied) of ``legs`` legs for more than ``best`` moves with
    ``limit`` more walls, its routes picked by ``rule`` (:data:`FIRST_FOUND`)."""
    n, depth = len(blocked), limit + 2
    return Tree(blocked.copy(), np.zeros(n, np.int32), np.zeros((depth, n), np.int32), np.zeros(depth, np.int32),
                np.zeros(depth, np.int32), np.zeros(depth, np.int32), np.zeros(depth, np.int32),
                np.array([0, best, -1, 0, 0, 0, rule], np.int64), np.zeros(n, np.int32), np.zeros(n, np.int32),
                np.zeros(n, np.int32), np.zeros(n, np.int64), np.zeros(n, np.int32), np.zeros(n, np.int32),
                np.zeros(n, np.int32), np.zeros(n, np.int64), np.zeros(n, np.int64), np.zeros((depth, legs), np.int64),
                np.zeros((depth, legs, n), np.int32), np.zeros((depth, legs), np.int32), np.zeros((depth, n), np.int64),
                np.zeros((legs, n), np.int8))


class TreeResult(NamedTuple):
    """What :func:`prove` found: ``moves`` (the best, at least the ``best`` given), ``walls`` (None when
    nothing beat ``best``), ``proven`` (the search finished: no wall set beats ``moves``), ``nodes``
    (boards scored), ``seconds`` and ``share``, an estimate of the share of the tree searched (each branch
    of a node counted as an equal part of it; 1.0 when proven); ``gave_up``: stopped as hopeless (see
    :func:`prove`)."""

    moves: int
    walls: Optional[list]
    proven: bool
    nodes: int
    seconds: float
    share: float = 1.0
    gave_up: bool = False


def share_searched(t: Tree) -> float:
    """An estimate of the share of the tree searched so far (each branch of a node counted as an equal
    part of it; 1.0 once finished)."""
    if t.at[DONE]:
        return 1.0
    share, weight = 0.0, 1.0
    for d in range(int(t.at[DEPTH]) + 1):
        if t.ncand[d] == 0:
            break
        share += weight * max(0, t.pos[d] - 1) / t.ncand[d]
        weight /= t.ncand[d]
    return share


def prove(maze: WallMaze, best: int, *, seconds: Optional[float] = 60.0,
          max_nodes: Optional[int] = None, hopeless: Optional[tuple] = None, rule: int = FIRST_FOUND) -> TreeResult:
    """The compiled branch and bound on ``maze`` (which :func:`~.legs.applies` must accept) from the bare
    board, in this process, looking for more than ``best`` moves (a score known already), for ``seconds``
    or ``max_nodes`` boards scored, its routes picked by ``rule``; see the module's text.  ``hopeless``,
    ``(probe, most)``: after ``probe`` seconds, give up as soon as the tree would need more than ``most``
    seconds in all at its pace so far (judged from the share searched, from the end of the first chunk,
    which compiles the search on a new machine; ``TreeResult.gave_up`` then says so).  On several cores:
    :func:`.split.prove`."""
    t0 = time.perf_counter()
    gave_up = False
    b = board(maze)
    limit = b.budget
    t = new_tree(b.rocks, limit, best, b.legs, rule)
    g = geo(b)
    start(g, b.wallable, limit, t)
    step = 1_000
    warm = None
    while True:
        if max_nodes is not None:
            step = min(step, max_nodes - int(t.at[NODES]))
            if step <= 0:
                break
        started = time.perf_counter()
        if chunk(g, b.wallable, limit, step, t):
            break
        now = time.perf_counter()
        took, elapsed = now - started, now - t0
        if seconds is not None and elapsed >= seconds:
            break
        if warm is None:            # (the pace is judged from the end of the first chunk, which on a new
            warm = now              # machine compiles the search: several seconds)
        if hopeless is not None and now - warm >= hopeless[0] and now - warm > hopeless[1] * share_searched(t):
            gave_up = True
            break
        if seconds is not None:
            step = chunk_size(step, took, seconds - elapsed, aim=STEP_SECONDS, high=1 << 40)
    share = share_searched(t)
    found = None
    if t.at[BEST_N] >= 0:
        found = sorted(maze.grid.cell(int(v)) for v in t.out[:t.at[BEST_N]])
    return TreeResult(int(t.at[BEST]), found, bool(t.at[DONE]), int(t.at[NODES]), time.perf_counter() - t0, share,
                      gave_up)
