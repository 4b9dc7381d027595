"""Iterated local search for big boards: climb to a local optimum, ruin part of it, climb again.

A *local optimum* here is a wall set that no single step makes longer, where a step is "put a wall on
an open cell" (below the budget) or "move one wall to an open cell".  Only a *chokepoint* can be the new
cell of a step that makes the walk longer: a cell of some leg's shortest routes that is alone at its
distance from the leg's start (a wall elsewhere leaves a shortest route of the same length, and taking
a wall off never makes a leg longer).  So the climb looks at the chokepoints only, and for each it
judges every wall's move there at once, exactly:

* with the chokepoint ``c`` walled, search the whole board from each stop (the starts, each
  checkpoint, the finishes): ``F[j]``, the distance of every cell from stop ``j``;
* then taking wall ``w`` off gives leg ``k`` the length ``min(D'[k], min F[k][n] + min F[k + 1][n'] + 2)``
  over ``w``'s open neighbours ``n``, ``n'`` (``D'[k]`` the leg's length without ``w``; the sum is
  ``legs._via``, a lower bound there, exact here where the fields are): a shortest route
  through ``w`` enters from one neighbour and leaves by another, and the two parts of it do not pass
  ``w``, so the fields of the board with ``w`` still walled measure them.  (``n == n'`` cannot give
  less than ``D'[k] + 2``, so it may be counted.)

That is ``L + 1`` searches (``L`` legs) per chokepoint for every wall's move to it, with no search per
wall.  The climb takes the best move of the first chokepoint (in random order) that has one, until no
chokepoint has.

The local optima found are kept in a small *population* (as many as the board's side; the best ones).
Two local optima with the same length and the same chokepoints count as one: they differ only in walls
that change nothing yet, and keeping both would fill the population with copies of one basin.  A new
one replaces the oldest of the shortest.  Each round draws one, clears the walls of a random rectangle
(wrapping round the board's edges), fills the budget again on random chokepoints and climbs: the ruin
and recreate of iterated local search.  Mayulime (github.com/Tridwoxi/Mayulime, a Pathery solver) searches this way.

:func:`search` runs it (one process); :mod:`.driver` chooses it.
"""

from __future__ import annotations

import math
import random
import signal
from typing import Callable, Optional

import numpy as np

from ...puzzles.wallmaze import WallMaze
from ...search.arrays import INF, bfs_field, njit
from ..clock import OptResult, _Clock, check_limits, checked_moves
from .legs import _via, board
from .steps import seed_random

#: The settings of :func:`search`: the population holds ``population`` times the board's side (the
#: square root of its cells) local optima; a ruin clears a rectangle whose sides are at most ``most``
#: of the board's; after ``stall`` rounds without a longer walk in the population it starts afresh
#: (Huge1-3 take 600 to 1,000 rounds a second).  A run either finds a good basin early or stays in a
#: poorer one: Huge2 and Huge3, 60 s on one core, seeds 1-3: 651, 683, 651 and 700, 660, 700.  When
#: local optima with the same walls (rather than the same chokepoints) counted as one: 639, 643, 651
#: and 652, 652, 700; with that and ``most`` 1: 635, 639, 651 and 646, 656, 688.  (Both boards' best,
#: 683 and 700, are Mayulime's published scores; no change of two walls lengthens either: an
#: exhaustive check; nor does putting the walls of any 4 x 4 square back in any other way there.)
SETTINGS = {"population": 1.0, "most": 0.5, "stall": 30_000}


@njit(cache=True)
def _fields(nbrs, blocked, stops, pstop, F, D, queue, counters):
    """Search the board from every stop (``stops[pstop[j]:pstop[j + 1]]``) into ``F[j]``; each leg's
    length into ``D``.  Returns the total (-1 when some leg has no route); ``counters[6]`` counts the
    searches."""
    S = len(pstop) - 1
    counters[6] += S
    for j in range(S):
        bfs_field(nbrs, blocked, stops, pstop[j], pstop[j + 1], F[j], queue)
    total = 0
    for k in range(S - 1):
        d = INF
        for i in range(pstop[k + 1], pstop[k + 2]):
            if F[k, stops[i]] < d:
                d = F[k, stops[i]]
        D[k] = d
        if d >= INF:
            total = -1
        elif total >= 0:
            total += d
    return total


@njit(cache=True)
def _chokepoints(F, D, blocked, wallable, cnt, mark, out):
    """The open wallable cells alone at their distance among some leg's shortest-route cells, into
    ``out``; how many (each once).  ``mark`` is 1 on them, 2 on the other open wallable cells of the
    legs' shortest routes, else 0."""
    L = len(D)
    n = len(blocked)
    m = 0
    mark[:] = 0
    for k in range(L):
        d = D[k]
        cnt[:d + 1] = 0
        fa = F[k]
        fb = F[k + 1]
        for v in range(n):
            if fa[v] + fb[v] == d:
                cnt[fa[v]] += 1
        for v in range(n):
            if fa[v] + fb[v] == d and wallable[v] == 1 and blocked[v] == 0 and mark[v] != 1:
                if cnt[fa[v]] == 1:
                    mark[v] = 1
                    out[m] = v
                    m += 1
                else:
                    mark[v] = 2
    return m


@njit(cache=True)
def _any_route_cell(mark):
    """A random cell where ``mark`` is 2 (-1: none)."""
    m = 0
    for v in range(len(mark)):
        if mark[v] == 2:
            m += 1
    if m == 0:
        return -1
    j = np.random.randint(0, m)
    for v in range(len(mark)):
        if mark[v] == 2:
            if j == 0:
                return v
            j -= 1
    return -1


@njit(cache=True)
def _shuffle(a, m):
    for i in range(m - 1, 0, -1):
        j = np.random.randint(0, i + 1)
        a[i], a[j] = a[j], a[i]


@njit(cache=True)
def climb(nbrs, blocked, wallable, stops, pstop, walls, nw, budget, F, G, D, D2, cnt, mark, chokes, queue, counters):
    """Climb from the board ``blocked`` (its player walls ``walls[:nw]``) to a local optimum (see the
    module's text): below the budget a wall goes on a random chokepoint that leaves a route (else,
    when none does, on a random cell of a shortest route that is no chokepoint: the walk keeps its
    length), at the budget a wall moves.  Returns ``(moves, walls placed, m)``, the board and ``walls`` at
    the optimum, and its chokepoints in ``chokes[:m]``; -1 moves when the board has no route.  ``F``,
    ``G`` (shaped stops x cells) and ``D``, ``D2`` (legs) are scratch; ``counters[6]`` counts the
    searches of the board (one per stop)."""
    total = _fields(nbrs, blocked, stops, pstop, F, D, queue, counters)
    if total < 0:
        return -1, nw, 0
    L = len(D)
    m = 0
    moved = True
    while moved:
        moved = False
        searched = False                    # F, D already the board's (a wall added: G's, swapped in)
        m = _chokepoints(F, D, blocked, wallable, cnt, mark, chokes)
        _shuffle(chokes, m)
        for i in range(m):
            c = chokes[i]
            blocked[c] = 1
            t = _fields(nbrs, blocked, stops, pstop, G, D2, queue, counters)
            if nw < budget and t > total:   # a wall more (longer unless it leaves no route)
                walls[nw] = c
                nw += 1
                total = t
                F, G = G, F
                D, D2 = D2, D
                moved = True
                searched = True
            else:                           # the wall whose move to c makes the walk longest, if longer
                best = total
                slot = -1
                for j in range(nw):
                    w = walls[j]
                    s = 0
                    for k in range(L):
                        v = _via(nbrs, blocked, w, G[k], G[k + 1])
                        if D2[k] < v:
                            v = D2[k]
                        if v >= INF:
                            s = -1
                            break
                        s += v
                    if s > best:
                        best = s
                        slot = j
                if slot >= 0:
                    blocked[walls[slot]] = 0
                    walls[slot] = c
                    moved = True
            if moved:
                break
            blocked[c] = 0
        if not moved and nw < budget:       # no wall lengthens the walk (an open area has two ways
            c = _any_route_cell(mark)       # round): one on a shortest route keeps a route
            if c >= 0:
                blocked[c] = 1
                walls[nw] = c
                nw += 1
                moved = True
        if moved and not searched:
            total = _fields(nbrs, blocked, stops, pstop, F, D, queue, counters)
    return total, nw, m                     # (the last pass moved nothing: chokes[:m] are the board's)


@njit(cache=True)
def _ruin(blocked, rocks, rows, cols, walls, nw, most):
    """Take off the walls in a random rectangle (wrapping round the edges; each side at most ``most`` of
    the board's); the walls left stay first in ``walls``; how many are left."""
    h = np.random.randint(1, max(1, int(rows * most)) + 1)
    w = np.random.randint(1, max(1, int(cols * most)) + 1)
    r0 = np.random.randint(0, rows)
    c0 = np.random.randint(0, cols)
    kept = 0
    for j in range(nw):
        v = walls[j]
        r = (v // cols - r0) % rows
        c = (v % cols - c0) % cols
        if r < h and c < w:
            blocked[v] = rocks[v]
        else:
            walls[kept] = v
            kept += 1
    return kept


@njit(cache=True)
def _consider(pop_walls, pop_n, pop_score, pop_key, pop_born, size, walls, nw, score, key, born):
    """Keep a local optimum (its ``walls[:nw]``, ``score``, ``key`` and round ``born``) in the population
    (``size`` of them so far, at most ``len(pop_score)``): not when one with the same score and key is
    there; else in a free place, else instead of the oldest of the worst unless it is worse than all.
    Returns the new size."""
    cap = len(pop_score)
    worst = 0
    for i in range(size):
        if pop_score[i] == score and pop_key[i] == key:
            return size
        if pop_score[i] < pop_score[worst] or (pop_score[i] == pop_score[worst] and pop_born[i] < pop_born[worst]):
            worst = i
    if size < cap:
        slot = size
        size += 1
    elif score >= pop_score[worst]:
        slot = worst
    else:
        return size
    pop_walls[slot, :nw] = walls[:nw]
    pop_n[slot] = nw
    pop_score[slot] = score
    pop_key[slot] = key
    pop_born[slot] = born
    return size


@njit(cache=True)
def _key(chokes, m, zobrist):
    """A key of the chokepoints ``chokes[:m]``: the exclusive or of their ``zobrist`` numbers (one random
    64-bit number per cell), so that the same set gives the same key in any order."""
    key = 0
    for i in range(m):
        key ^= zobrist[chokes[i]]
    return key


@njit(cache=True)
def rounds(nbrs, rocks, wallable, stops, pstop, rows, cols, budget, pop_walls, pop_n, pop_score, pop_key, pop_born,
           zobrist, iters, most, stall, best_walls, best, work, F, G, D, D2, cnt, mark, chokes, queue, counters):
    """``iters`` rounds of the iterated local search (see the module's text) on the population
    ``pop_*[:counters[0]]``: until it is full each round climbs from the empty board, then from one of
    it with a rectangle of walls cleared (each side at most ``most`` of the board's).  When the
    population's best has not got longer for ``stall`` rounds it is emptied (a fresh start). The
    best walls ever are kept in ``best_walls`` (``best[0]`` moves, ``best[1]`` walls).  ``counters``:
    [population size, rounds, local optima, rounds since the population's best got longer, its best,
    fresh starts, searches of the board]."""
    blocked = rocks.copy()
    cap = len(pop_score)
    for it in range(iters):
        size = counters[0]
        blocked[:] = rocks
        nw = 0
        if size == cap:
            p = np.random.randint(0, size)
            nw = pop_n[p]
            work[:nw] = pop_walls[p, :nw]
            for j in range(nw):
                blocked[work[j]] = 1
            nw = _ruin(blocked, rocks, rows, cols, work, nw, most)
        score, nw, m = climb(nbrs, blocked, wallable, stops, pstop, work, nw, budget, F, G, D, D2, cnt, mark,
                             chokes, queue, counters)
        counters[1] += 1
        counters[3] += 1
        if score >= 0:
            counters[2] += 1
            work[:nw] = np.sort(work[:nw])
            if score > best[0]:
                best[0] = score
                best[1] = nw
                best_walls[:nw] = work[:nw]
            counters[0] = _consider(pop_walls, pop_n, pop_score, pop_key, pop_born, size, work, nw, score,
                                    _key(chokes, m, zobrist), counters[1])
            if score > counters[4]:
                counters[4] = score
                counters[3] = 0
        if counters[3] >= stall:
            counters[0] = 0
            counters[3] = 0
            counters[4] = -1
            counters[5] += 1


def _stops(b):
    """The board's stops (the starts, each checkpoint, the finishes) as ``(cells, pointers)``."""
    L = b.legs
    last = b.tgts[b.tptr[L - 1]:b.tptr[L]]
    return (np.concatenate([b.srcs, last]).astype(np.int32),
            np.concatenate([b.sptr, [b.sptr[L] + len(last)]]).astype(np.int32))


def chokepoints(maze: WallMaze, walls=()) -> list:
    """The open cells where one more wall would make the walk on ``maze`` with ``walls`` longer or leave
    it no route (the chokepoints of the module's text), in order; none when it has no route.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> maze = parse("s..\\n..f")
    >>> chokepoints(maze), chokepoints(maze, [(0, 1)])
    ([], [(1, 0), (1, 1)])
    """
    b = board(maze)
    stops, pstop = _stops(b)
    blocked = b.rocks.copy()
    blocked[[maze.grid.index(c) for c in maze.check_walls(walls)]] = 1
    F, D = np.zeros((len(pstop), b.size), np.int32), np.zeros(b.legs, np.int64)
    out, mark = np.zeros(b.size, np.int32), np.zeros(b.size, np.uint8)
    if _fields(b.nbrs, blocked, stops, pstop, F, D, np.zeros(b.size, np.int32), np.zeros(7, np.int64)) < 0:
        return []
    m = _chokepoints(F, D, blocked, b.wallable, np.zeros(b.size + 2, np.int32), mark, out)
    return [maze.grid.cell(int(v)) for v in sorted(out[:m])]


def search(maze: WallMaze, walls=(), *, seed=0, seconds: Optional[float] = 10.0, max_iters: Optional[int] = None,
           progress: Optional[Callable] = None, t0: Optional[float] = None, **settings) -> OptResult:
    """The iterated local search of the module's text in one process, from ``walls`` (the first local
    optimum is climbed from them) for ``seconds`` or ``max_iters`` rounds; an
    :class:`~mathmaze_lib.optimize.OptResult` whose moves the lesson's runner checked. ``settings``
    override :data:`SETTINGS`.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> r = search(parse("walls: 3\\ns....\\n.....\\n....f"), seed=1, seconds=None, max_iters=50)
    >>> r.moves, r.method
    (8, 'iterated local search')
    """
    from .driver import _chunk_done, _flag_ctrl_c
    check_limits(seconds, max_iters, need_one=True)
    unknown = set(settings) - set(SETTINGS)
    if unknown:
        raise ValueError(f"unknown settings {sorted(unknown)}: choose from {sorted(SETTINGS)}")
    opts = {**SETTINGS, **settings}
    clock = _Clock(seconds, max_iters, progress, t0)
    b = board(maze)
    n, L = b.size, b.legs
    stops, pstop = _stops(b)
    cap = max(1, math.ceil(math.sqrt(n) * opts["population"]))
    room = max(b.budget, 1)
    pop_walls, pop_n, pop_score = np.zeros((cap, room), np.int32), np.zeros(cap, np.int32), np.zeros(cap, np.int64)
    pop_key, pop_born = np.zeros(cap, np.int64), np.zeros(cap, np.int64)
    best_walls, best = np.zeros(room, np.int32), np.full(2, -1, np.int64)
    work, queue, chokes = np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int32)
    F, G = np.zeros((L + 1, n), np.int32), np.zeros((L + 1, n), np.int32)
    D, D2 = np.zeros(L, np.int64), np.zeros(L, np.int64)
    cnt, mark = np.zeros(n + 2, np.int32), np.zeros(n, np.uint8)
    counters = np.array([0, 0, 0, 0, -1, 0, 0], np.int64)
    rng = random.Random(seed)
    zobrist = np.array([rng.getrandbits(63) for _ in range(n)], np.int64)
    seed_random(rng.getrandbits(32))
    history = []

    given = sorted(maze.grid.index(c) for c in maze.check_walls(walls))
    blocked = b.rocks.copy()
    blocked[given] = 1
    work[:len(given)] = given
    first, nw, _ = climb(b.nbrs, blocked, b.wallable, stops, pstop, work, len(given), b.budget, F, G, D, D2, cnt,
                         mark, chokes, queue, counters)
    if first >= 0:
        best[:] = first, nw
        best_walls[:nw] = np.sort(work[:nw])
        history.append((clock.elapsed(), int(first)))
    chunk = 1
    ctrl_c, previous = _flag_ctrl_c()
    try:
        while b.budget > 0 and first >= 0 and not clock.stopped:
            if ctrl_c:
                raise KeyboardInterrupt
            if max_iters is not None:
                chunk = min(chunk, max_iters - clock.iters)
            before, started = int(best[0]), clock.elapsed()
            rounds(b.nbrs, b.rocks, b.wallable, stops, pstop, maze.rows, maze.cols, b.budget, pop_walls, pop_n,
                   pop_score, pop_key, pop_born, zobrist, chunk, opts["most"], int(opts["stall"]), best_walls, best,
                   work, F, G, D, D2, cnt, mark, chokes, queue, counters)
            chunk = _chunk_done(clock, chunk, clock.elapsed() - started, before, int(best[0]), history, 1, 100_000)
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    clock.done(int(best[0]))
    cells = [maze.grid.cell(int(v)) for v in best_walls[:max(0, best[1])]]
    moves = checked_moves(maze, cells) if best[0] >= 0 else None
    return OptResult(cells, moves, False, int(counters[6]), clock.elapsed(), history,
                     "iterated local search", clock.stopped, True)
