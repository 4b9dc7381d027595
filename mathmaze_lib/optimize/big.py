"""Wall mazes on big boards: annealing with distances kept per leg, compiled, on every core.

On a board without teleports whose checkpoints have one cell each (Pathery's own maps, the presets
without teleports) the runner's moves are the sum of the legs' shortest distances: start (any of
them) to A, A to B, ..., the last checkpoint to a finish.  Tie-breaks choose the route, not its
length.  So a wall set is scored leg by leg, and a change of one or two walls only needs the legs
it can change.  For each leg ``k`` this module keeps:

* ``D[k]``, the leg's length;
* ``FA[k]``, ``FB[k]``: for every cell, a lower bound of its distance from the leg's start and to
  its end (exact when the leg was last searched in full; after that they only go down where a wall
  came off, so they stay lower bounds);
* the leg's *shortest-route cells* (on some shortest route: ``FA + FB == D`` when searched) and how
  many there are at each distance from the start, ``cnt``.  A cell that is alone at its distance
  is on every shortest route: a *chokepoint*.

Then a step "take wall ``w`` off, put one on ``c``" is judged leg by leg without a search where the
rules allow (``tests/test_bigwalls.py`` checks each against the runner):

* a new wall off the leg's shortest-route cells leaves the leg as it is (the on-route rule: a
  shortest route avoids it);
* a new wall on them but not at a chokepoint leaves the length (another shortest route passes the
  same distance elsewhere), though fewer cells are on shortest routes then (the leg is searched
  again if the step is kept);
* a wall taken off can only give a route through its cell, at least ``min FA[n] + min FB[n'] + 2``
  long over its open neighbours ``n``, ``n'``: when that is more than ``D``, the leg keeps its length
  and its shortest-route cells;
* every other leg (a chokepoint walled, a possible short cut opened) is searched, from its start
  until its end is reached.

The steps are those of simulated annealing: take a wall off and put one on a cell of some leg's
shortest routes (a chokepoint first), or on any open cell now and then (which amounts to taking a
wall off); keep the change when the walk gets no shorter, or with probability ``exp(-d / T)``
when it gets ``d`` shorter.  Of a few walls drawn, the one whose removal can cost least (by the
bound above) is the one taken off.  Rounds restart hot from the best walls found, after clearing
the walls of a random region (which the next steps fill again).

Only :func:`applies`, :func:`search` and :func:`optimize` are meant for other modules; the
compiled functions take plain arrays (see :class:`Board`).

>>> from mathmaze_lib.puzzles.wallmaze import parse, score
>>> maze = parse("walls: 3\\ns....\\n.....\\n....f")
>>> r = search(maze, seed=1, seconds=None, max_iters=3000)
>>> r.moves, score(maze, r.walls) == r.moves, len(r.walls)
(8, True, 3)
"""

from __future__ import annotations

import math
import random
import signal
import time
from dataclasses import dataclass
from typing import Callable, Optional

import numpy as np

from ..puzzles.wallmaze import UNLIMITED, WallMaze, fastrunner
from ..search.arrays import AVAILABLE, njit
from .clock import OptResult, _Clock, check_limits
from .parallel import run_workers, worker_index

__all__ = ["applies", "Board", "board", "score", "search", "optimize", "warm"]

INF = 1 << 29


def applies(maze: WallMaze) -> bool:
    """True when the runner's moves on ``maze`` are the sum of its legs' shortest distances (no
    teleports, every checkpoint on one cell), so that this module's search can score it.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> applies(parse("sA.f")), applies(parse("sA.Af")), applies(parse("st.uf"))
    (True, False, False)
    """
    return not maze.teleports and all(len(cells) == 1 for cells in maze.checkpoints)


@dataclass
class Board:
    """The arrays of a board: ``nbrs`` (n, 4) neighbours (-1: none), ``rocks``, ``wallable`` (1 where a
    wall may go), each leg's start cells ``srcs[sptr[k]:sptr[k + 1]]`` and end cells
    ``tgts[tptr[k]:tptr[k + 1]]`` (cells numbered ``row * cols + col``), ``budget``."""

    nbrs: np.ndarray
    rocks: np.ndarray
    wallable: np.ndarray
    srcs: np.ndarray
    sptr: np.ndarray
    tgts: np.ndarray
    tptr: np.ndarray
    budget: int

    @property
    def size(self) -> int:
        return len(self.rocks)

    @property
    def legs(self) -> int:
        return len(self.sptr) - 1


def board(maze: WallMaze) -> Board:
    """The arrays of ``maze`` (see :class:`Board`); ``maze`` must satisfy :func:`applies`."""
    if not applies(maze):
        raise ValueError("this search scores boards without teleports whose checkpoints have one cell each")
    arrays = fastrunner.board(maze)             # (the compiled runner's neighbours, rocks and wallable cells)
    nbrs, rocks, wallable, index = arrays.nbrs, arrays.rocks, arrays.wallable, maze.grid.index
    stops = [[index(c) for c in maze.starts]] + [[index(cells[0])] for cells in maze.checkpoints] + \
            [[index(c) for c in maze.ends]]
    srcs, sptr, tgts, tptr = [], [0], [], [0]
    for a, b in zip(stops, stops[1:]):
        srcs.extend(a)
        sptr.append(len(srcs))
        tgts.extend(b)
        tptr.append(len(tgts))
    budget = int(wallable.sum()) if maze.budget == UNLIMITED else min(maze.budget, int(wallable.sum()))
    return Board(nbrs, rocks, wallable, np.array(srcs, np.int32), np.array(sptr, np.int32),
                 np.array(tgts, np.int32), np.array(tptr, np.int32), budget)


# ---------------------------------------------------------------- compiled: searches of one leg

@njit(cache=True)
def _reach(nbrs, blocked, srcs, s0, s1, goal, k, seen, queue, stamp):
    """Breadth-first search, layer by layer, from ``srcs[s0:s1]`` until a cell with ``goal == k`` is
    found: its distance, or -1 when none can be reached.  ``seen[v] == stamp``: ``v`` seen (no clearing)."""
    tail = 0
    for i in range(s0, s1):
        s = srcs[i]
        if seen[s] != stamp:
            if goal[s] == k:
                return 0
            seen[s] = stamp
            queue[tail] = s
            tail += 1
    head = 0
    d = 0
    while head < tail:
        end = tail
        d += 1
        while head < end:
            v = queue[head]
            head += 1
            for j in range(4):
                u = nbrs[v, j]
                if u >= 0 and blocked[u] == 0 and seen[u] != stamp:
                    if goal[u] == k:
                        return d
                    seen[u] = stamp
                    queue[tail] = u
                    tail += 1
    return -1


@njit(cache=True)
def _meet(nbrs, blocked, srcs, s0, s1, tgts, t0, t1, seen, depth, queue, stamp):
    """The distance from ``srcs[s0:s1]`` to ``tgts[t0:t1]`` (-1: none), by breadth-first search from both
    ends at once, a whole layer at a time from the end whose last layer is smaller.  A wall that cuts
    the board in two is found as soon as the smaller part is used up.  ``seen[v]`` is ``stamp`` for
    cells seen from the start, ``stamp + 1`` from the end (``depth``: their distances); ``queue``
    holds the start's side from the front and the end's side from the back."""
    n = len(queue)
    a0 = 0
    a1 = 0
    for i in range(s0, s1):
        v = srcs[i]
        if seen[v] != stamp:
            seen[v] = stamp
            depth[v] = 0
            queue[a1] = v
            a1 += 1
    b1 = n          # the end's side: queue[b0:b1], filled downwards
    b0 = n
    for i in range(t0, t1):
        v = tgts[i]
        if seen[v] == stamp:
            return 0
        if seen[v] != stamp + 1:
            seen[v] = stamp + 1
            depth[v] = 0
            b0 -= 1
            queue[b0] = v
    da = 0
    db = 0
    best = -1
    while a1 > a0 and b1 > b0:
        if a1 - a0 <= b1 - b0:                  # grow the start's side by one layer
            end = a1
            while a0 < end:
                v = queue[a0]
                a0 += 1
                for j in range(4):
                    u = nbrs[v, j]
                    if u < 0 or blocked[u] == 1:
                        continue
                    if seen[u] == stamp + 1:
                        d = da + 1 + depth[u]
                        if best < 0 or d < best:
                            best = d
                    elif seen[u] != stamp:
                        seen[u] = stamp
                        depth[u] = da + 1
                        queue[a1] = u
                        a1 += 1
            da += 1
        else:                                   # grow the end's side by one layer
            end = b0
            i = b1
            while i > end:
                i -= 1
                v = queue[i]
                for j in range(4):
                    u = nbrs[v, j]
                    if u < 0 or blocked[u] == 1:
                        continue
                    if seen[u] == stamp:
                        d = db + 1 + depth[u]
                        if best < 0 or d < best:
                            best = d
                    elif seen[u] != stamp + 1:
                        seen[u] = stamp + 1
                        depth[u] = db + 1
                        b0 -= 1
                        queue[b0] = u
            b1 = end
            db += 1
        if best >= 0:
            return best
    return -1


@njit(cache=True)
def _field(nbrs, blocked, cells, c0, c1, out, queue):
    """Every cell's distance from the nearest of ``cells[c0:c1]`` into ``out`` (INF where unreachable)."""
    out[:] = INF
    tail = 0
    for i in range(c0, c1):
        s = cells[i]
        if out[s] != 0:
            out[s] = 0
            queue[tail] = s
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        dv = out[v] + 1
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and blocked[u] == 0 and out[u] > dv:
                out[u] = dv
                queue[tail] = u
                tail += 1


@njit(cache=True)
def _lower(nbrs, blocked, w, f, queue):
    """Wall ``w`` came off: make ``f`` (lower bounds of distances) lower bounds again, by giving ``w``
    its neighbours' least plus one and letting shorter distances spread from there."""
    best = INF
    for d in range(4):
        u = nbrs[w, d]
        if u >= 0 and blocked[u] == 0 and f[u] + 1 < best:
            best = f[u] + 1
    f[w] = best
    if best >= INF:
        return
    queue[0] = w
    head = 0
    tail = 1
    while head < tail:
        v = queue[head]
        head += 1
        dv = f[v] + 1
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and blocked[u] == 0 and f[u] > dv:
                f[u] = dv
                queue[tail] = u
                tail += 1


@njit(cache=True)
def _refresh(k, nbrs, blocked, wallable, srcs, sptr, tgts, tptr, FA, FB, D, onr, cnt, lst, nlst, cut, ncut, queue):
    """Search leg ``k`` in full: exact ``FA[k]``, ``FB[k]``, its length ``D[k]`` (-1 when blocked), its
    shortest-route cells (``onr[k]``, listed in ``lst[k, :nlst[k]]``), their number at each distance
    (``cnt[k]``) and its wallable chokepoints (``cut[k, :ncut[k]]``)."""
    fa = FA[k]
    fb = FB[k]
    _field(nbrs, blocked, srcs, sptr[k], sptr[k + 1], fa, queue)
    _field(nbrs, blocked, tgts, tptr[k], tptr[k + 1], fb, queue)
    length = INF
    for i in range(tptr[k], tptr[k + 1]):
        if fa[tgts[i]] < length:
            length = fa[tgts[i]]
    o = onr[k]
    o[:] = 0
    nlst[k] = 0
    ncut[k] = 0
    if length >= INF:
        D[k] = -1
        return
    D[k] = length
    c = cnt[k]
    c[:length + 1] = 0
    m = 0
    for v in range(len(fa)):
        if fa[v] + fb[v] == length:
            o[v] = 1
            c[fa[v]] += 1
            lst[k, m] = v
            m += 1
    nlst[k] = m
    nc = 0
    for i in range(m):
        v = lst[k, i]
        if wallable[v] == 1 and c[fa[v]] == 1:
            cut[k, nc] = v
            nc += 1
    ncut[k] = nc


@njit(cache=True)
def _via(nbrs, blocked, w, fa, fb):
    """A lower bound of the length of a route through cell ``w`` (INF: none)."""
    a = INF
    b = INF
    for d in range(4):
        u = nbrs[w, d]
        if u >= 0 and blocked[u] == 0:
            if fa[u] < a:
                a = fa[u]
            if fb[u] < b:
                b = fb[u]
    if a >= INF or b >= INF:
        return INF
    return a + b + 2


@njit(cache=True)
def _leg(k, nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st):
    """The length of leg ``k`` (searched from its start until its end is reached; -1: blocked).
    ``goal[v]`` is the leg that ends on ``v`` (-1: none)."""
    if st[0] >= 2000000000:             # the stamps are 32 bits: start them again
        seen[:] = 0
        st[0] = 0
    st[0] += 2
    return _meet(nbrs, blocked, srcs, sptr[k], sptr[k + 1], tgts, tptr[k], tptr[k + 1], seen, dist, queue, st[0])


@njit(cache=True)
def score(nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st):
    """The runner's moves with the cells of ``blocked`` closed (every leg searched): -1 when blocked.
    ``goal[v]``: the leg that ends on ``v`` (-1: none); ``st[0]`` counts the searches (stamps for ``seen``)."""
    total = 0
    for k in range(len(sptr) - 1):
        d = _leg(k, nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st)
        if d < 0:
            return -1
        total += d
    return total


@njit(cache=True)
def score_many(nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st, times):
    """:func:`score` ``times`` times in a row (to time the compiled runner without Python's calls)."""
    s = 0
    for _ in range(times):
        s = score(nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st)
    return s


# ---------------------------------------------------------------- compiled: the annealing steps

@njit(cache=True)
def seed_random(value):
    """Seed the compiled functions' random numbers (numba keeps its own generator)."""
    np.random.seed(value)


@njit(cache=True)
def setup(nbrs, blocked, wallable, srcs, sptr, tgts, tptr, FA, FB, D, onr, cnt, lst, nlst, cut, ncut, queue):
    """Search every leg in full; the total (-1 when some leg is blocked)."""
    total = 0
    for k in range(len(sptr) - 1):
        _refresh(k, nbrs, blocked, wallable, srcs, sptr, tgts, tptr, FA, FB, D, onr, cnt, lst, nlst, cut, ncut,
                 queue)
        if D[k] < 0:
            total = -1
        elif total >= 0:
            total += D[k]
    return total


@njit(cache=True)
def _loss(nbrs, blocked, w, FA, FB, D):
    """An upper bound of what taking wall ``w`` off can cost (the sum over legs of ``D - via``)."""
    loss = 0
    blocked[w] = 0
    for k in range(len(D)):
        v = _via(nbrs, blocked, w, FA[k], FB[k])
        if v < D[k]:
            loss += D[k] - v
    blocked[w] = 1
    return loss


@njit(cache=True)
def _save(k, legs, bk):
    """Copy leg ``k``'s arrays of ``legs`` into ``bk`` (same shapes)."""
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    BFA, BFB, BD, Bonr, Bcnt, Blst, Bnlst, Bcut, Bncut = bk
    BFA[k, :] = FA[k]
    BFB[k, :] = FB[k]
    Bonr[k, :] = onr[k]
    BD[k] = D[k]
    if D[k] >= 0:
        Bcnt[k, :D[k] + 1] = cnt[k, :D[k] + 1]
    Bnlst[k] = nlst[k]
    Blst[k, :nlst[k]] = lst[k, :nlst[k]]
    Bncut[k] = ncut[k]
    Bcut[k, :ncut[k]] = cut[k, :ncut[k]]


@njit(cache=True)
def _pick_cell(legs, spots, p_cut, p_off):
    """A random cell for a new wall: any open cell (chance ``p_off``), a chokepoint (chance ``p_cut``;
    legs weighted by their number of chokepoints) or a cell of some leg's shortest routes (legs
    weighted by their number of them); -1 when there is none."""
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    L = len(D)
    if len(spots) > 0 and np.random.random() < p_off:
        return spots[np.random.randint(0, len(spots))]
    if np.random.random() < p_cut:
        m = 0
        for k in range(L):
            m += ncut[k]
        if m == 0:
            return -1
        j = np.random.randint(0, m)
        k = 0
        while j >= ncut[k]:
            j -= ncut[k]
            k += 1
        return cut[k, j]
    m = 0
    for k in range(L):
        m += nlst[k]
    if m == 0:
        return -1
    j = np.random.randint(0, m)
    k = 0
    while j >= nlst[k]:
        j -= nlst[k]
        k += 1
    return lst[k, j]


@njit(cache=True)
def _dfs(nbrs, blocked, cuts):
    """Depth-first search of the open cells (every part of the board): for each cell its preorder number
    ``disc``, ``low`` (the least preorder number reachable by going down the tree then one edge
    back), ``fin`` (the last preorder number below it), its tree, and its children (a list:
    ``first`` child, ``nxt`` sibling).  :func:`_side` then says in constant time which part of the
    board a cell is in once a cell is walled (Tarjan's articulation points)."""
    disc, low, fin, tree, first, nxt, parent, stack_v, stack_i = cuts
    n = len(blocked)
    disc[:] = -1
    first[:] = -1
    clock = 0
    tid = 0
    for r in range(n):
        if blocked[r] == 1 or disc[r] >= 0:
            continue
        disc[r] = clock
        low[r] = clock
        clock += 1
        tree[r] = tid
        parent[r] = -1
        sp = 0
        stack_v[0] = r
        stack_i[0] = 0
        while sp >= 0:
            v = stack_v[sp]
            i = stack_i[sp]
            if i < 4:
                stack_i[sp] = i + 1
                u = nbrs[v, i]
                if u < 0 or blocked[u] == 1:
                    continue
                if disc[u] < 0:
                    disc[u] = clock
                    low[u] = clock
                    clock += 1
                    tree[u] = tid
                    parent[u] = v
                    nxt[u] = first[v]
                    first[v] = u
                    sp += 1
                    stack_v[sp] = u
                    stack_i[sp] = 0
                elif u != parent[v] and disc[u] < low[v]:
                    low[v] = disc[u]
            else:
                fin[v] = clock - 1
                sp -= 1
                if sp >= 0:
                    p = stack_v[sp]
                    if low[v] < low[p]:
                        low[p] = low[v]
        tid += 1


@njit(cache=True)
def _side(x, c, cuts):
    """Which part of the board open cell ``x`` is in once open cell ``c`` is walled (a label: two cells
    are joined then exactly when their labels are equal), from :func:`_dfs` of the board."""
    disc, low, fin, tree, first, nxt, parent, stack_v, stack_i = cuts
    if tree[x] != tree[c] or disc[x] < disc[c] or disc[x] > fin[c]:
        return -1 - tree[x]
    u = first[c]
    while u >= 0:
        if disc[u] <= disc[x] and disc[x] <= fin[u]:
            return u if low[u] >= disc[c] else -1 - tree[x]
        u = nxt[u]
    return -1 - tree[x]


@njit(cache=True)
def _cuts_off(k, c, w, geo, blocked, cuts):
    """True when a wall on ``c`` leaves leg ``k`` no route, with wall ``w`` taken off (-1: none) and
    the rest of the board as :func:`_dfs` saw it."""
    nbrs, wallable, srcs, sptr, tgts, tptr = geo
    for i in range(sptr[k], sptr[k + 1]):
        a = _side(srcs[i], c, cuts)
        for j in range(tptr[k], tptr[k + 1]):
            if a == _side(tgts[j], c, cuts):
                return False
    if w < 0:
        return True
    near_s = False      # w joins the parts around it: does it touch a start's part and an end's?
    near_t = False
    for d in range(4):
        u = nbrs[w, d]
        if u < 0 or blocked[u] == 1 or u == c:
            continue
        b = _side(u, c, cuts)
        for i in range(sptr[k], sptr[k + 1]):
            if b == _side(srcs[i], c, cuts):
                near_s = True
        for j in range(tptr[k], tptr[k + 1]):
            if b == _side(tgts[j], c, cuts):
                near_t = True
    return not (near_s and near_t)


@njit(cache=True)
def _gain(c, w, base, geo, blocked, legs, kind, scratch, state, cuts):
    """The moves with a new wall on ``c`` (wall ``w`` taken off, -1: none), the legs' lengths now summing
    to ``base``: legs where ``c`` is a chokepoint are searched (``kind`` 1), legs where it is on a
    shortest route only keep their length (``kind`` 2), the others do not change (``kind`` 0).
    -1 when some leg would have no route (found without a search when :func:`_dfs` can tell)."""
    nbrs, wallable, srcs, sptr, tgts, tptr = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    tmark, seen, queue, dist, st = scratch
    total = base
    for k in range(len(D)):
        kind[k] = 0
        if onr[k, c] == 1:
            kind[k] = 1 if cnt[k, FA[k, c]] == 1 else 2
            if kind[k] == 1 and _cuts_off(k, c, w, geo, blocked, cuts):
                state[6] += 1
                return -1
    blocked[c] = 1
    for k in range(len(D)):
        if kind[k] == 1:
            nd = _leg(k, nbrs, blocked, srcs, sptr, tgts, tptr, tmark, seen, queue, dist, st)
            state[2] += 1
            if nd < 0:
                blocked[c] = 0
                return -1
            total += nd - D[k]
    blocked[c] = 0
    return total


@njit(cache=True)
def _blind(geo, blocked, legs, walls, slot, c, S, temp, kind, vias, scratch, state, cuts):
    """A step that moves wall ``walls[slot]`` to ``c`` (a cell drawn for the board as it is), judged leg by
    leg with the bounds of the module's text, searching only the legs it must: kept when the walk gets
    no shorter, or with probability ``exp(-d / temp)`` when it gets ``d`` shorter.  Returns the new
    moves (the legs it changed searched in full), or -1 when the step is not kept."""
    nbrs, wallable, srcs, sptr, tgts, tptr = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    tmark, seen, queue, dist, st = scratch
    L = len(D)
    w = walls[slot]
    # kind: 0 keeps its length and routes; 1 searched now; 2 keeps its length (a wall on its routes, not
    # at a chokepoint); 3 may get shorter through w, down to vias[k]
    blocked[w] = 0
    for k in range(L):
        kind[k] = 0
        v = _via(nbrs, blocked, w, FA[k], FB[k])
        if v <= D[k]:
            kind[k] = 3
            vias[k] = v
        if onr[k, c] == 1:
            if kind[k] == 3 or cnt[k, FA[k, c]] == 1:
                kind[k] = 1
                if _cuts_off(k, c, w, geo, blocked, cuts):
                    blocked[w] = 1
                    state[6] += 1
                    return -1
            else:
                kind[k] = 2
    blocked[c] = 1
    u = np.random.random()
    need = S + temp * math.log(u) if u > 0.0 else -1e18       # the step is kept when total >= need
    total = S
    most = 0                                                    # what the legs of kind 3 can lose
    dead = False
    for k in range(L):
        if kind[k] == 3:
            most += D[k] - vias[k]
        elif kind[k] == 1:
            nd = _leg(k, nbrs, blocked, srcs, sptr, tgts, tptr, tmark, seen, queue, dist, st)
            state[2] += 1
            if nd < 0:
                dead = True
                break
            total += nd - D[k]
    if not dead and total >= need and total - most < need:
        for k in range(L):                  # undecided: search the legs of kind 3 until it is
            if kind[k] != 3:
                continue
            nd = _leg(k, nbrs, blocked, srcs, sptr, tgts, tptr, tmark, seen, queue, dist, st)
            state[2] += 1
            total += nd - D[k]
            most -= D[k] - vias[k]
            if total < need or total - most >= need:
                break
    if dead or total < need:
        blocked[c] = 0
        blocked[w] = 1
        return -1
    S = 0
    for k in range(L):
        if kind[k] != 0:
            _refresh(k, nbrs, blocked, wallable, srcs, sptr, tgts, tptr, FA, FB, D, onr, cnt, lst, nlst, cut, ncut,
                     queue)
            state[5] += 1
        else:
            _lower(nbrs, blocked, w, FA[k], queue)
            _lower(nbrs, blocked, w, FB[k], queue)
        S += D[k]
    walls[slot] = c
    return S


@njit(cache=True)
def _take_off(w, geo, blocked, legs, bk, aff, queue, state):
    """Take wall ``w`` off and search in full the legs it can shorten (saved in ``bk`` first; their
    numbers in ``aff``); the other legs' bounds are lowered.  Returns (the sum of the lengths now, the
    number of legs searched)."""
    nbrs, wallable, srcs, sptr, tgts, tptr = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    blocked[w] = 0
    total = 0
    naff = 0
    for k in range(len(D)):
        if _via(nbrs, blocked, w, FA[k], FB[k]) <= D[k]:
            _save(k, legs, bk)
            _refresh(k, nbrs, blocked, wallable, srcs, sptr, tgts, tptr, FA, FB, D, onr, cnt, lst, nlst, cut, ncut,
                     queue)
            state[2] += 2
            state[5] += 1
            aff[naff] = k
            naff += 1
        else:
            _lower(nbrs, blocked, w, FA[k], queue)
            _lower(nbrs, blocked, w, FB[k], queue)
        total += D[k]
    return total, naff


@njit(cache=True)
def _put_back(w, blocked, legs, bk, aff, naff):
    """Undo :func:`_take_off`: the wall back on ``w``, the legs it searched put back as they were (the
    lowered bounds of the others stay: lower bounds still)."""
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    BFA, BFB, BD, Bonr, Bcnt, Blst, Bnlst, Bcut, Bncut = bk
    blocked[w] = 1
    for i in range(naff):
        k = aff[i]
        FA[k, :] = BFA[k]
        FB[k, :] = BFB[k]
        onr[k, :] = Bonr[k]
        D[k] = BD[k]
        cnt[k, :D[k] + 1] = Bcnt[k, :D[k] + 1]
        nlst[k] = Bnlst[k]
        lst[k, :nlst[k]] = Blst[k, :nlst[k]]
        ncut[k] = Bncut[k]
        cut[k, :ncut[k]] = Bcut[k, :ncut[k]]


@njit(cache=True)
def anneal(geo, blocked, legs, bk, walls, spots, limit, state, best_blocked, iters, temp, p_cut, p_off, pick, tries,
           p_blind, kind, keep_kind, vias, aff, scratch, cuts):
    """``iters`` annealing steps at temperature ``temp`` (see the module's text).

    Below the budget a step puts up a wall (on a chokepoint, chance ``p_cut``, else on a cell of some
    leg's shortest routes, or on any open cell of ``spots``, chance ``p_off``): never shorter, so kept
    unless it blocks.  At the budget it picks the wall, of ``pick`` drawn, whose removal can cost
    least, and moves it: with chance ``p_blind`` to a cell drawn for the board as it is (:func:`_blind`),
    else to the best of ``tries`` cells drawn for the board *without* it (so on the chokepoints of a
    short cut it opens), after searching the legs it can shorten.  A move is kept when the walk gets
    no shorter, or with probability ``exp(-d / temp)`` when it gets ``d`` shorter.

    ``state`` = [walls placed, moves, leg searches, best moves, steps, legs searched in full, steps
    refused without a search because the new wall would cut a leg off, -];
    ``walls[:state[0]]`` the walls, ``best_blocked`` the best board; ``bk`` arrays shaped as ``legs``
    (to put back the legs searched for a step that is not kept); ``cuts``: :func:`_dfs`'s arrays,
    kept up to date here."""
    nbrs, wallable, srcs, sptr, tgts, tptr = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    queue = scratch[2]
    L = len(D)
    S = state[1]
    for it in range(iters):
        state[4] += 1
        nw = state[0]
        w = -1
        slot = -1
        base = S
        naff = 0
        if nw >= limit:
            if nw == 0:
                break
            best_loss = INF
            for _ in range(pick):
                j = np.random.randint(0, nw)
                lo = _loss(nbrs, blocked, walls[j], FA, FB, D) if pick > 1 else 0
                if lo < best_loss:
                    best_loss = lo
                    slot = j
            if np.random.random() < p_blind:    # the cheaper step: the new wall drawn for the board as it is
                c = _pick_cell(legs, spots, p_cut, p_off)
                if c < 0 or blocked[c] == 1 or wallable[c] == 0:
                    continue
                t = _blind(geo, blocked, legs, walls, slot, c, S, temp, kind, vias, scratch, state, cuts)
                if t >= 0:
                    S = t
                    state[1] = S
                    _dfs(nbrs, blocked, cuts)
                    if S > state[3]:
                        state[3] = S
                        best_blocked[:] = blocked
                continue
            w = walls[slot]
            base, naff = _take_off(w, geo, blocked, legs, bk, aff, queue, state)
        # the new wall: the best of `tries` cells drawn
        c = -1
        total = -1
        for _ in range(tries):
            x = _pick_cell(legs, spots, p_cut, p_off)
            if x < 0 or x == w or blocked[x] == 1 or wallable[x] == 0:
                continue
            t = _gain(x, w, base, geo, blocked, legs, kind, scratch, state, cuts)
            if t > total:
                total = t
                c = x
                keep_kind[:] = kind
        u = np.random.random()
        keep = c >= 0 and total >= 0 and (total >= S or u < math.exp((total - S) / temp))
        if not keep:
            if w >= 0:
                _put_back(w, blocked, legs, bk, aff, naff)
            continue
        # keep it: the legs the new wall changed (or may have) are searched in full
        blocked[c] = 1
        S = 0
        for k in range(L):
            if keep_kind[k] != 0:
                _refresh(k, nbrs, blocked, wallable, srcs, sptr, tgts, tptr, FA, FB, D, onr, cnt, lst, nlst, cut,
                         ncut, queue)
                state[5] += 1
            S += D[k]
        if w >= 0:
            walls[slot] = c
        else:
            walls[nw] = c
            state[0] = nw + 1
        state[1] = S
        _dfs(nbrs, blocked, cuts)
        if S > state[3] and state[0] <= limit:
            state[3] = S
            best_blocked[:] = blocked
    return state[3]


@njit(cache=True)
def _route_mark(geo, blocked, rmark, rstamp, parent, scratch):
    """The moves (every leg searched; -1 when blocked), and one shortest route of each leg marked:
    ``rmark[v] = rstamp`` on its cells."""
    nbrs, wallable, srcs, sptr, tgts, tptr = geo
    tmark, seen, queue, dist, st = scratch
    total = 0
    for k in range(len(sptr) - 1):
        if st[0] >= 2000000000:
            seen[:] = 0
            st[0] = 0
        st[0] += 1
        stamp = st[0]
        head = 0
        tail = 0
        found = -1
        for i in range(sptr[k], sptr[k + 1]):
            v = srcs[i]
            if seen[v] != stamp:
                seen[v] = stamp
                dist[v] = 0
                parent[v] = -1
                queue[tail] = v
                tail += 1
                if tmark[v] == k and found < 0:
                    found = v
        while found < 0 and head < tail:
            v = queue[head]
            head += 1
            for d in range(4):
                u = nbrs[v, d]
                if u >= 0 and blocked[u] == 0 and seen[u] != stamp:
                    seen[u] = stamp
                    dist[u] = dist[v] + 1
                    parent[u] = v
                    if tmark[u] == k:
                        found = u
                        break
                    queue[tail] = u
                    tail += 1
        if found < 0:
            return -1
        total += dist[found]
        v = found
        while v >= 0:
            rmark[v] = rstamp
            v = parent[v]
    return total


@njit(cache=True)
def refill(geo, blocked, cells, k, best, max_nodes, out, parent, rmark, excl, cand, ncand, pos, chosen, scratch):
    """The best way to put up to ``k`` walls on ``cells`` (open cells of a region), the rest of the board
    as it is: a depth-first search that branches, as :func:`mathmaze_lib.optimize.exact` does, only on the
    cells of a shortest route (a wall set that beats the board without them has one there), each
    branch leaving out the cells of the branches before it.  Returns ``(moves, walls)``: the best moves
    above ``best`` found (``best`` when none) and how many cells of ``out`` hold its walls (-1: none
    better).  At most ``max_nodes`` boards are scored."""
    m = len(cells)
    nodes = 0
    found_n = -1
    depth = 0
    rstamp = rmark.max() + 1
    total = _route_mark(geo, blocked, rmark, rstamp, parent, scratch)
    nodes += 1
    if total > best:
        best = total
        found_n = 0
    ncand[0] = 0
    if total >= 0 and k > 0:
        for i in range(m):
            c = cells[i]
            if rmark[c] == rstamp and blocked[c] == 0 and excl[c] == 0:
                cand[0, ncand[0]] = c
                ncand[0] += 1
    pos[0] = 0
    while True:
        if depth < k and pos[depth] < ncand[depth] and nodes < max_nodes:
            c = cand[depth, pos[depth]]
            pos[depth] += 1
            if pos[depth] > 1:
                excl[cand[depth, pos[depth] - 2]] += 1      # the branch before this one is left out
            blocked[c] = 1
            chosen[depth] = c
            depth += 1
            rstamp += 1
            total = _route_mark(geo, blocked, rmark, rstamp, parent, scratch)
            nodes += 1
            if total > best:
                best = total
                found_n = depth
                out[:depth] = chosen[:depth]
            ncand[depth] = 0
            pos[depth] = 0
            if total >= 0 and depth < k:
                for i in range(m):
                    x = cells[i]
                    if rmark[x] == rstamp and blocked[x] == 0 and excl[x] == 0:
                        cand[depth, ncand[depth]] = x
                        ncand[depth] += 1
        else:
            if pos[depth] > 1:          # leaving this level: its left-out branches come back
                for i in range(pos[depth] - 1):
                    excl[cand[depth, i]] -= 1
            if depth == 0:
                break
            depth -= 1
            blocked[chosen[depth]] = 0
    return best, found_n


# ---------------------------------------------------------------- the search, from Python

class _Engine:
    """One board's arrays and scratch, and the state of a search on it."""

    def __init__(self, b: Board):
        self.b = b
        n, L = b.size, b.legs
        self.FA = np.zeros((L, n), np.int32)
        self.FB = np.zeros((L, n), np.int32)
        self.D = np.zeros(L, np.int64)
        self.onr = np.zeros((L, n), np.uint8)
        self.cnt = np.zeros((L, n + 1), np.int32)
        self.lst = np.zeros((L, n), np.int32)
        self.nlst = np.zeros(L, np.int32)
        self.cut = np.zeros((L, n), np.int32)
        self.ncut = np.zeros(L, np.int32)
        self.bk = (np.zeros((L, n), np.int32), np.zeros((L, n), np.int32), np.zeros(L, np.int64),
                   np.zeros((L, n), np.uint8), np.zeros((L, n + 1), np.int32), np.zeros((L, n), np.int32),
                   np.zeros(L, np.int32), np.zeros((L, n), np.int32), np.zeros(L, np.int32))
        self.queue = np.zeros(n, np.int32)
        self.kind = np.zeros(L, np.int32)
        self.aff = np.zeros(L, np.int32)
        self.vias = np.zeros(L, np.int64)
        self.tmark = np.full(n, -1, np.int32)          # the leg that ends on each cell (-1: none)
        for k in range(L):
            self.tmark[b.tgts[b.tptr[k]:b.tptr[k + 1]]] = k
        self.seen = np.zeros(n, np.int32)
        self.dist = np.zeros(n, np.int32)
        self.st = np.zeros(1, np.int64)
        self.geo = (b.nbrs, b.wallable, b.srcs, b.sptr, b.tgts, b.tptr)
        self.cuts = tuple(np.zeros(n, np.int32) for _ in range(9))
        self.scratch = (self.tmark, self.seen, self.queue, self.dist, self.st)
        self.spots = np.flatnonzero(b.wallable).astype(np.int32)
        self.blocked = b.rocks.copy()
        self.best = b.rocks.copy()
        self.walls = np.zeros(max(n, 1), np.int32)          # (start may put up more walls than the budget)
        self.state = np.zeros(8, np.int64)      # walls placed, moves, runs, best moves, steps, legs refreshed, ...

    def legs(self):
        return (self.FA, self.FB, self.D, self.onr, self.cnt, self.lst, self.nlst, self.cut, self.ncut)

    def start(self, cells) -> int:
        """Put exactly the walls ``cells`` on the board and search every leg; the moves (-1: blocked)."""
        b = self.b
        self.blocked[:] = b.rocks
        cells = np.asarray(cells, np.int32)
        self.blocked[cells] = 1
        self.walls[:len(cells)] = cells
        moves = setup(b.nbrs, self.blocked, b.wallable, b.srcs, b.sptr, b.tgts, b.tptr, *self.legs(), self.queue)
        self.state[0], self.state[1] = len(cells), moves
        _dfs(b.nbrs, self.blocked, self.cuts)
        self.state[2] += 2 * b.legs
        if moves > self.state[3] and len(cells) <= b.budget:
            self.state[3] = moves
            self.best[:] = self.blocked
        return moves

    def steps(self, iters: int, temp: float, p_cut: float, p_off: float, pick: int, tries: int = 1,
              p_blind: float = 0.0) -> int:
        b = self.b
        return anneal(self.geo, self.blocked, self.legs(), self.bk, self.walls, self.spots, b.budget, self.state,
                      self.best, iters, temp, p_cut, p_off, pick, tries, p_blind, self.kind, self.kind.copy(),
                      self.vias, self.aff, self.scratch, self.cuts)

    def refill(self, cells: np.ndarray, k: int, best: int, max_nodes: int = 100_000) -> tuple:
        """:func:`refill` on this board: ``(moves, n)``, the walls in ``self.refill_out[:n]``."""
        n = self.b.size
        if not hasattr(self, "refill_out"):
            self.refill_out, self._chosen = np.zeros(8, np.int32), np.zeros(8, np.int32)
            self._parent, self._rmark, self._excl = np.zeros(n, np.int32), np.zeros(n, np.int64), np.zeros(n, np.int32)
            self._cand, self._ncand, self._pos = np.zeros((8, n), np.int32), np.zeros(8, np.int32), np.zeros(8, np.int32)
        if not 0 <= k <= 7:
            raise ValueError(f"refill: at most 7 walls at once, not {k}")
        moves, found = refill(self.geo, self.blocked, np.asarray(cells, np.int32), k, best, max_nodes, self.refill_out,
                              self._parent, self._rmark, self._excl, self._cand, self._ncand, self._pos, self._chosen,
                              self.scratch)
        return int(moves), int(found)

    def polish(self, rng: random.Random, maze: WallMaze, side: int, most: int, max_nodes: int = 20_000) -> bool:
        """One "clear and refill" move: the walls (at most ``most``, drawn) in a random ``side`` x ``side``
        square come off and go back where :func:`refill` finds the best place for them; True when the
        walk got longer (the board then has the new walls)."""
        nw = int(self.state[0])
        walls = self.walls[:nw].copy()
        h, w = min(side, maze.rows), min(side, maze.cols)
        r0, c0 = rng.randrange(maze.rows - h + 1), rng.randrange(maze.cols - w + 1)
        rows, cols = walls // maze.cols, walls % maze.cols
        inside = np.flatnonzero((rows >= r0) & (rows < r0 + h) & (cols >= c0) & (cols < c0 + w))
        if not len(inside):
            return False
        if len(inside) > most:
            inside = np.array(sorted(rng.sample(list(inside), most)))
        removed = walls[inside]
        self.blocked[removed] = 0
        square = np.array([r * maze.cols + c for r in range(r0, r0 + h) for c in range(c0, c0 + w)], np.int32)
        square = square[(self.b.wallable[square] == 1) & (self.blocked[square] == 0)]
        before = int(self.state[1])
        moves, found = self.refill(square, len(removed), before, max_nodes)
        if moves > before:
            self.start(np.concatenate([np.delete(walls, inside), self.refill_out[:found]]))
            return True
        self.blocked[removed] = 1
        return False

    def line(self, rng: random.Random, maze: WallMaze) -> bool:
        """One "wall a line" move: a straight run of cells, across a cell of some leg's shortest routes,
        from obstacle to obstacle (rocks, the board's edge, cells where no wall may go), is walled
        whole, making room by taking off the walls whose removal can cost least (by the legs' bounds).
        No single wall of such a line lengthens the walk where a wide open area has two ways round
        (Pathery's Adversarial1), so annealing alone does not find it.  Kept when the walk gets
        longer (True), else the walls are put back as they were."""
        b = self.b
        k = rng.randrange(b.legs)
        m = int(self.nlst[k])
        if m == 0:
            return False
        v = int(self.lst[k, rng.randrange(m)])
        if b.wallable[v] == 0:
            return False
        cols = maze.cols
        r0, c0 = divmod(v, cols)
        dr, dc = rng.choice(((0, 1), (1, 0)))
        seg = [v]
        for sign in (1, -1):
            r, c = r0 + sign * dr, c0 + sign * dc
            while 0 <= r < maze.rows and 0 <= c < cols and b.wallable[r * cols + c] == 1:
                seg.append(r * cols + c)
                r, c = r + sign * dr, c + sign * dc
        if len(seg) > b.budget:
            return False
        nw = int(self.state[0])
        old = self.walls[:nw].copy()
        inline = set(seg)
        keep = [int(w) for w in old if int(w) not in inline]
        extra = len(keep) + len(seg) - b.budget
        if extra > 0:
            losses = sorted((_loss(b.nbrs, self.blocked, w, self.FA, self.FB, self.D), w) for w in keep)
            drop = {w for _, w in losses[:extra]}
            keep = [w for w in keep if w not in drop]
        before = int(self.state[1])
        if self.start(keep + seg) > before:
            return True
        self.start(old)
        return False

    def best_walls(self) -> np.ndarray:
        return np.flatnonzero(self.best > self.b.rocks).astype(np.int32)

    def score(self, blocked) -> int:
        b = self.b
        return int(score(b.nbrs, blocked, b.srcs, b.sptr, b.tgts, b.tptr, self.tmark, self.seen, self.queue,
                         self.dist, self.st))


#: Settings of :func:`search` (rounds are restarts from the best walls, hot again).
#: Settings of :func:`search` on boards where a full search of every leg is cheap (Pathery's own modes,
#: Mayulime's maps up to Huge): steps that search the legs a wall's removal can shorten (``p_blind`` 0),
#: ``rounds`` restarts from the best walls with a ``region`` of them cleared, the first ``explore``
#: share of them afresh; the temperature cools from ``t_start`` to ``t_end`` in each round; the last
#: ``polish`` share of each round clears and refills small squares of the best walls (:meth:`_Engine.polish`);
#: before every chunk of steps, ``lines`` tries of walling a whole line (:meth:`_Engine.line`).
SETTINGS = {"t_start": 3.0, "t_end": 0.3, "rounds": 6, "explore": 0.5, "p_cut": 0.5, "p_off": 0.15, "pick": 1,
            "region": 0.2, "tries": 1, "p_blind": 0.0, "polish": 0.0, "lines": 1}

#: The same on big boards (more than :data:`BIG` cells times legs: Enormous, Gargantuan): the cheaper
#: steps (``p_blind`` 1: the legs' bounds decide most steps without a search), mostly on chokepoints,
#: in one long round.
BIG_SETTINGS = {**SETTINGS, "t_start": 2.0, "t_end": 0.5, "rounds": 1, "explore": 0.0, "p_cut": 0.8, "p_blind": 1.0}
BIG = 20_000


def settings_for(maze: WallMaze) -> dict:
    """The default settings of :func:`search` on ``maze``: :data:`BIG_SETTINGS` on big boards, else
    :data:`SETTINGS`.

    >>> from mathmaze_lib.puzzles.wallmaze import level
    >>> settings_for(level("pathery-normal", 1))["p_blind"]
    0.0
    """
    cells, legs = maze.rows * maze.cols, len(maze.checkpoints) + 1
    return dict(BIG_SETTINGS if cells * legs > BIG else SETTINGS)


def _check_settings(settings: dict) -> None:
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise ValueError(f"unknown settings {sorted(unknown)}: choose from {sorted(SETTINGS)}")


def _region(rng: random.Random, maze: WallMaze, walls: np.ndarray, share: float) -> np.ndarray:
    """``walls`` without those in a random rectangle holding about ``share`` of the board."""
    if share <= 0 or not len(walls):
        return walls
    h = max(1, round(maze.rows * math.sqrt(share)))
    w = max(1, round(maze.cols * math.sqrt(share)))
    r0, c0 = rng.randrange(maze.rows - h + 1), rng.randrange(maze.cols - w + 1)
    rows, cols = walls // maze.cols, walls % maze.cols
    keep = ~((rows >= r0) & (rows < r0 + h) & (cols >= c0) & (cols < c0 + w))
    return walls[keep]


def search(maze: WallMaze, walls=(), *, seed=0, seconds: Optional[float] = 10.0, max_iters: Optional[int] = None,
           progress: Optional[Callable] = None, t0: Optional[float] = None, **settings):
    """One search (one process): annealing rounds as described in the module's text, from ``walls``
    (default none); returns an :class:`~mathmaze_lib.optimize.OptResult` whose moves the lesson's runner
    checked.  ``max_iters`` counts steps (then, without ``seconds``, the run is the same everywhere).
    ``settings`` override :data:`SETTINGS`."""
    from ..puzzles.wallmaze import score as runner_score
    check_limits(seconds, max_iters, need_one=True)
    _check_settings(settings)
    opts = {**settings_for(maze), **settings}
    clock = _Clock(seconds, max_iters, progress, t0)
    b = board(maze)
    eng = _Engine(b)
    rng = random.Random(seed)
    seed_random(rng.getrandbits(32))
    given = np.array(sorted(maze.grid.index(c) for c in maze.check_walls(walls)), np.int32)
    history = []

    def result():
        cells = [maze.grid.cell(int(v)) for v in eng.best_walls()]
        moves = runner_score(maze, cells) if eng.state[3] >= 0 else None
        return OptResult(cells, moves, False, int(eng.state[2]), clock.elapsed(), history,
                                  "annealing, leg by leg", clock.stopped, True)

    first = eng.start(given)
    eng.state[3] = first
    if b.budget > 0:                        # load every compiled function now: a Ctrl-C that comes while numba
        w = int(eng.spots[0]) if len(eng.spots) else 0      # loads one is lost in llvmlite's callback
        kept = eng.blocked[w]
        _loss(b.nbrs, eng.blocked, w, eng.FA, eng.FB, eng.D)
        eng.blocked[w] = kept
    history.append((clock.elapsed(), int(first)))
    if first < 0 or b.budget == 0:
        clock.done(int(first))
        return result()
    rounds, ratio = max(1, int(opts["rounds"])), opts["t_end"] / opts["t_start"]
    chunk, this_round, polishing = 200, 0, False
    ctrl_c = []                             # Ctrl-C only sets a flag, seen between chunks (raised while numba
    previous = None                         # adds code, in llvmlite's callback, it would be lost)
    try:
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
            previous = signal.signal(signal.SIGINT, lambda signum, frame: ctrl_c.append(signum))
    except ValueError:                      # (not the main thread: no handler of its own)
        pass
    try:
        while not clock.stopped:
            if ctrl_c:
                raise KeyboardInterrupt
            f = clock.fraction()
            r = min(rounds - 1, int(f * rounds))
            if r > this_round:                      # a new round: hot again, from the best (or afresh)
                this_round = r
                if r < opts["explore"] * rounds:
                    eng.start(given)
                else:
                    eng.start(_region(rng, maze, eng.best_walls(), opts["region"]))
            into = f * rounds - this_round          # how far into this round (0 to 1)
            temp = opts["t_start"] * ratio ** min(1.0, into)
            if max_iters is not None:
                chunk = min(chunk, max_iters - clock.iters)
            before, started = eng.state[3], time.perf_counter()
            if into > 1 - opts["polish"]:           # the round's end: clear and refill squares of the best
                if not polishing:
                    eng.start(eng.best_walls())
                    polishing = True
                for _ in range(max(1, chunk // 200)):
                    eng.polish(rng, maze, 5, 3)
                eng.state[4] += max(1, chunk // 200)
            else:
                polishing = False
                for _ in range(int(opts["lines"])):
                    eng.line(rng, maze)
                eng.steps(chunk, temp, opts["p_cut"], opts["p_off"], int(opts["pick"]), int(opts["tries"]),
                          opts["p_blind"])
            clock.iters += chunk
            if eng.state[3] > before:
                history.append((clock.elapsed(), int(eng.state[3])))
            if max_iters is not None and clock.iters >= max_iters:
                clock.stopped = "iterations"
            elif not clock.out_of_time() and seconds is not None and max_iters is None:
                took = time.perf_counter() - started       # about 20 ms a chunk
                chunk = max(20, min(200_000, int(chunk * 0.02 / max(took, 1e-4))))
            if progress is not None and not clock.stopped:
                clock.progress(clock.fraction(), int(eng.state[3]))
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    clock.done(int(eng.state[3]))
    return result()


def _job(*, maze, walls, seed, seconds, max_iters, progress, t0, settings, mixed=False):
    """One search of :func:`optimize` for :func:`~mathmaze_lib.optimize.parallel.run_workers`: with
    ``mixed``, the odd workers run the compiled annealing of :func:`mathmaze_lib.optimize.anneal` with
    :data:`~mathmaze_lib.optimize.anneal.CROWDED` instead, on boards of at most :data:`BIG` cells
    times legs (on bigger ones it keeps to its time limit badly: a Gargantuan run of 60 s took 140 s)."""
    if mixed and worker_index(seed) % 2 == 1 and maze.rows * maze.cols * (len(maze.checkpoints) + 1) <= BIG:
        from .anneal import CROWDED, _search_job
        return _search_job(maze=maze, walls=walls, seed=seed, seconds=seconds, max_iters=max_iters,
                           progress=progress, t0=t0, cooling=(CROWDED["t_start"], CROWDED["t_end"]),
                           method="annealing", rounds=CROWDED["rounds"], explore=CROWDED["explore"],
                           anywhere=CROWDED["anywhere"], compiled=True)
    return search(maze, walls, seed=seed, seconds=seconds, max_iters=max_iters, progress=progress, t0=t0, **settings)


def optimize(maze: WallMaze, walls=(), *, seed=0, seconds: Optional[float] = 10.0, max_iters: Optional[int] = None,
             progress: Optional[Callable] = None, workers: int = 1, compiled: bool = True, mixed: bool = False,
             **settings):
    """:func:`search` in ``workers`` processes at once (each its own seed), the best kept: what
    ``walls optimize`` runs on boards this module :func:`applies` to, with ``mixed`` (its odd workers
    then run the compiled annealing instead, which does better on some of the lessons' levels: on two
    cores, one of each).  ``compiled`` is accepted for the optimizers' common signature; this search
    is always compiled."""
    t0 = time.perf_counter()            # (the optimizers' clock)
    if not AVAILABLE:                   # pragma: no cover (numba is installed with the package)
        raise RuntimeError("the big-board search needs numba (pip install numba)")
    _check_settings(settings)
    return run_workers(_job, {"maze": maze, "walls": walls, "settings": settings, "mixed": bool(mixed)}, seed,
                       seconds, max_iters, progress, t0, workers)


def warm() -> None:
    """Compile (or load from numba's cache) every compiled function here, on a small board."""
    from ..puzzles.wallmaze import parse
    search(parse("walls: 2\ns...\n.A..\n...f"), seed=1, seconds=None, max_iters=300)
    b = board(parse("s.f"))
    eng = _Engine(b)
    score_many(b.nbrs, b.rocks, b.srcs, b.sptr, b.tgts, b.tptr, eng.tmark, eng.seen, eng.queue, eng.dist, eng.st, 1)
