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
from typing import Callable, NamedTuple, Optional

import numpy as np

from ...puzzles.wallmaze import WallMaze
from ...search.arrays import INF, bfs_field, njit
from ...compiled_random import below, generator
from ..clock import OptResult, _Clock, check_limits, checked_moves
from .legs import _via, board

#: The settings of :func:`search`: the population holds ``population`` times the board's side (the
#: square root of its cells) local optima; a ruin clears a rectangle whose sides are at most ``most``
#: of the board's; after ``stall`` rounds without a longer walk in the population it starts afresh
#: (Huge1-3 take 600 to 1,000 rounds a second).  A run either finds a good basin early or stays in a
#: poorer one: Huge2 and Huge3, 60 s on one core, seeds 1-3: 651, 683, 651 and 700, 660, 700.  When
#: local optima with the same walls (rather than the same chokepoints) counted as one: 639, 643, 651
#: and 652, 652, 700; with that and ``most`` 1: 635, 639, 651 and 646, 656, 688.  (Both boards' best,
#: 683 and 700, are Mayulime's published scores; no change of two walls lengthens either: an
#: exhaustive check; nor does putting the walls of any 4 x 4 square back in any other way there.  On
#: Huge1, started from Mayulime's 487 walls, 900 s on one core, seeds 1 and 2 found nothing longer; our
#: best, 485, shares 20 of its 47 walls with them.  No change of three walls lengthens either: each of
#: the 16,215 triples off and up to three put back anywhere by the exact tree of :mod:`.tree`, 527 and
#: 473 million boards, about 11 minutes each on two cores, 2026-12-03.  Nor does putting the walls of any
#: 6 x 6 square back in any other way there, on Huge1 (487 and 485), Huge2 and Huge3: the exact tree on
#: each square, ``python -m benchmarks.bench_pathery windows``, 68-108 s a map on one core, 2026-12-04.)
SETTINGS = {"population": 1.0, "most": 0.5, "stall": 30_000}


class Board(NamedTuple):
    """The board as the compiled search reads it: the runner's neighbours (``nbrs``), ``rocks`` and
    ``wallable`` cells, the stops (the starts, each checkpoint, the finishes: ``stops[pstop[j]:pstop[j +
    1]]``), its ``rows`` and ``cols`` and the ``budget`` of walls."""

    nbrs: np.ndarray
    rocks: np.ndarray
    wallable: np.ndarray
    stops: np.ndarray
    pstop: np.ndarray
    rows: int
    cols: int
    budget: int


class Scratch(NamedTuple):
    """The search's working arrays: the fields of every stop (``F``, and ``G`` for a board with one wall
    more; stops x cells), the legs' lengths (``D``, ``D2``), the chokepoints' counts and marks (``cnt``,
    ``mark``, ``chokes``), the breadth-first ``queue``, the walls being climbed (``work``) and the
    ``counters`` (their slots: :data:`SIZE` ... :data:`SEARCHES`)."""

    F: np.ndarray
    G: np.ndarray
    D: np.ndarray
    D2: np.ndarray
    cnt: np.ndarray
    mark: np.ndarray
    chokes: np.ndarray
    queue: np.ndarray
    work: np.ndarray
    counters: np.ndarray


class Population(NamedTuple):
    """The local optima kept (see the module's text): for each, its ``walls`` (a row, the first ``n`` of
    it), ``score``, ``key`` (of its chokepoints, from the cells' ``zobrist`` numbers) and the round it was
    ``born``; and the best walls ever (``best_walls``; ``best``: slots :data:`BEST_MOVES`, :data:`BEST_WALLS`)."""

    walls: np.ndarray
    n: np.ndarray
    score: np.ndarray
    key: np.ndarray
    born: np.ndarray
    zobrist: np.ndarray
    best_walls: np.ndarray
    best: np.ndarray


#: The slots of ``Scratch.counters``: the population's size, the rounds, the local optima found, the rounds
#: since the population's best got longer, that best, the fresh starts, and the searches of the board
#: (one per stop).
SIZE, ROUNDS, OPTIMA, IDLE, TOP, FRESH, SEARCHES = range(7)
#: The slots of ``Population.best``: the best moves ever and how many walls make them.
BEST_MOVES, BEST_WALLS = 0, 1


@njit(cache=True)
def _fields(board, blocked, F, D, queue, counters):
    """Search the board from every stop into ``F[j]``; each leg's length into ``D``.  Returns the total
    (-1 when some leg has no route); ``counters[SEARCHES]`` counts the searches."""
    stops, pstop = board.stops, board.pstop
    S = len(pstop) - 1
    counters[SEARCHES] += S
    for j in range(S):
        bfs_field(board.nbrs, blocked, stops, pstop[j], pstop[j + 1], F[j], queue)
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
def _any_route_cell(mark, gen):
    """A random cell (drawn by ``gen``) where ``mark`` is 2 (-1: none)."""
    m = 0
    for v in range(len(mark)):
        if mark[v] == 2:
            m += 1
    if m == 0:
        return -1
    j = below(gen, m)
    for v in range(len(mark)):
        if mark[v] == 2:
            if j == 0:
                return v
            j -= 1
    return -1


@njit(cache=True)
def _shuffle(a, m, gen):
    for i in range(m - 1, 0, -1):
        j = below(gen, i + 1)
        a[i], a[j] = a[j], a[i]


@njit(cache=True)
def climb(board, blocked, walls, nw, s, gen):
    """Climb from the board ``blocked`` (its player walls ``walls[:nw]``) to a local optimum (see the
    module's text): below the budget a wall goes on a random chokepoint that leaves a route (else,
    when none does, on a random cell of a shortest route that is no chokepoint: the walk keeps its
    length), at the budget a wall moves; the chances are drawn by ``gen`` (a :mod:`mathmaze_lib.compiled_random`
    generator).
    Returns ``(moves, walls placed, m)``, the board and ``walls`` at the optimum, and its chokepoints in
    ``s.chokes[:m]``; -1 moves when the board has no route.  ``s`` is the :class:`Scratch`."""
    F, G, D, D2, chokes, mark = s.F, s.G, s.D, s.D2, s.chokes, s.mark
    total = _fields(board, blocked, F, D, s.queue, s.counters)
    if total < 0:
        return -1, nw, 0
    L = len(D)
    m = 0
    moved = True
    while moved:
        moved = False
        searched = False                    # F, D already the board's (a wall added: G's, swapped in)
        m = _chokepoints(F, D, blocked, board.wallable, s.cnt, mark, chokes)
        _shuffle(chokes, m, gen)
        for i in range(m):
            c = chokes[i]
            blocked[c] = 1
            t = _fields(board, blocked, G, D2, s.queue, s.counters)
            if nw < board.budget and t > total:   # a wall more (longer unless it leaves no route)
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
                    score = 0
                    for k in range(L):
                        v = _via(board.nbrs, blocked, w, G[k], G[k + 1])
                        if D2[k] < v:
                            v = D2[k]
                        if v >= INF:
                            score = -1
                            break
                        score += v
                    if score > best:
                        best = score
                        slot = j
                if slot >= 0:
                    blocked[walls[slot]] = 0
                    walls[slot] = c
                    moved = True
            if moved:
                break
            blocked[c] = 0
        if not moved and nw < board.budget:     # no wall lengthens the walk (an open area has two ways
            c = _any_route_cell(mark, gen)      # round): one on a shortest route keeps a route
            if c >= 0:
                blocked[c] = 1
                walls[nw] = c
                nw += 1
                moved = True
        if moved and not searched:
            total = _fields(board, blocked, F, D, s.queue, s.counters)
    return total, nw, m                     # (the last pass moved nothing: chokes[:m] are the board's)


@njit(cache=True)
def _ruin(board, blocked, walls, nw, most, gen):
    """Take off the walls in a random rectangle (wrapping round the edges; each side at most ``most`` of
    the board's); the walls left stay first in ``walls``; how many are left."""
    rows, cols = board.rows, board.cols
    h = 1 + below(gen, max(1, int(rows * most)))
    w = 1 + below(gen, max(1, int(cols * most)))
    r0 = below(gen, rows)
    c0 = below(gen, cols)
    kept = 0
    for j in range(nw):
        v = walls[j]
        r = (v // cols - r0) % rows
        c = (v % cols - c0) % cols
        if r < h and c < w:
            blocked[v] = board.rocks[v]
        else:
            walls[kept] = v
            kept += 1
    return kept


@njit(cache=True)
def _consider(pop, size, walls, nw, score, key, born):
    """Keep a local optimum (its ``walls[:nw]``, ``score``, ``key`` and round ``born``) in the
    :class:`Population` ``pop`` (``size`` of them so far, at most ``len(pop.score)``): not when one with
    the same score and key is there; else in a free place, else instead of the oldest of the worst unless
    it is worse than all.  Returns the new size."""
    cap = len(pop.score)
    worst = 0
    for i in range(size):
        if pop.score[i] == score and pop.key[i] == key:
            return size
        if pop.score[i] < pop.score[worst] or (pop.score[i] == pop.score[worst] and pop.born[i] < pop.born[worst]):
            worst = i
    if size < cap:
        slot = size
        size += 1
    elif score >= pop.score[worst]:
        slot = worst
    else:
        return size
    pop.walls[slot, :nw] = walls[:nw]
    pop.n[slot] = nw
    pop.score[slot] = score
    pop.key[slot] = key
    pop.born[slot] = born
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
def rounds(board, pop, s, iters, most, stall, gen):
    """``iters`` rounds of the iterated local search (see the module's text) on the :class:`Population`
    ``pop`` (its first ``s.counters[SIZE]``): until it is full each round climbs from the empty board, then
    from one of it with a rectangle of walls cleared (each side at most ``most`` of the board's).  When the
    population's best has not got longer for ``stall`` rounds it is emptied (a fresh start).  The best
    walls ever are kept in ``pop.best_walls``; ``s`` is the :class:`Scratch`, ``gen`` draws the chances."""
    blocked = board.rocks.copy()
    cap = len(pop.score)
    counters, work = s.counters, s.work
    for it in range(iters):
        size = counters[SIZE]
        blocked[:] = board.rocks
        nw = 0
        if size == cap:
            p = below(gen, size)
            nw = pop.n[p]
            work[:nw] = pop.walls[p, :nw]
            for j in range(nw):
                blocked[work[j]] = 1
            nw = _ruin(board, blocked, work, nw, most, gen)
        score, nw, m = climb(board, blocked, work, nw, s, gen)
        counters[ROUNDS] += 1
        counters[IDLE] += 1
        if score >= 0:
            counters[OPTIMA] += 1
            work[:nw] = np.sort(work[:nw])
            if score > pop.best[BEST_MOVES]:
                pop.best[BEST_MOVES] = score
                pop.best[BEST_WALLS] = nw
                pop.best_walls[:nw] = work[:nw]
            counters[SIZE] = _consider(pop, size, work, nw, score, _key(s.chokes, m, pop.zobrist), counters[ROUNDS])
            if score > counters[TOP]:
                counters[TOP] = score
                counters[IDLE] = 0
        if counters[IDLE] >= stall:
            counters[SIZE] = 0
            counters[IDLE] = 0
            counters[TOP] = -1
            counters[FRESH] += 1


def compiled_board(maze: WallMaze) -> Board:
    """The :class:`Board` of ``maze``."""
    b = board(maze)
    L = b.legs
    last = b.tgts[b.tptr[L - 1]:b.tptr[L]]
    stops = np.concatenate([b.srcs, last]).astype(np.int32)
    pstop = np.concatenate([b.sptr, [b.sptr[L] + len(last)]]).astype(np.int32)
    return Board(b.nbrs, b.rocks, b.wallable, stops, pstop, maze.rows, maze.cols, b.budget)


def scratch(b: Board) -> Scratch:
    """Fresh working arrays for a search on ``b``."""
    n, S = len(b.rocks), len(b.pstop) - 1
    return Scratch(np.zeros((S, n), np.int32), np.zeros((S, n), np.int32), np.zeros(S - 1, np.int64),
                   np.zeros(S - 1, np.int64), np.zeros(n + 2, np.int32), np.zeros(n, np.uint8),
                   np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int32),
                   np.array([0, 0, 0, 0, -1, 0, 0], np.int64))


def population(b: Board, size: int, rng: random.Random) -> Population:
    """An empty :class:`Population` of ``size`` places on ``b``, its cells' keys drawn by ``rng``."""
    n, room = len(b.rocks), max(b.budget, 1)
    return Population(np.zeros((size, room), np.int32), np.zeros(size, np.int32), np.zeros(size, np.int64),
                      np.zeros(size, np.int64), np.zeros(size, np.int64),
                      np.array([rng.getrandbits(63) for _ in range(n)], np.int64), np.zeros(room, np.int32),
                      np.full(2, -1, np.int64))


def chokepoints(maze: WallMaze, walls=()) -> list:
    """The open cells where one more wall would make the walk on ``maze`` with ``walls`` longer or leave
    it no route (the chokepoints of the module's text), in order; none when it has no route.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> maze = parse("s..\\n..f")
    >>> chokepoints(maze), chokepoints(maze, [(0, 1)])
    ([], [(1, 0), (1, 1)])
    """
    b = compiled_board(maze)
    s = scratch(b)
    blocked = b.rocks.copy()
    blocked[[maze.grid.index(c) for c in maze.check_walls(walls)]] = 1
    if _fields(b, blocked, s.F, s.D, s.queue, s.counters) < 0:
        return []
    m = _chokepoints(s.F, s.D, blocked, b.wallable, s.cnt, s.mark, s.chokes)
    return [maze.grid.cell(int(v)) for v in sorted(s.chokes[:m])]


def search(maze: WallMaze, walls=(), *, seed=0, seconds: Optional[float] = 10.0, max_iters: Optional[int] = None,
           progress: Optional[Callable] = None, t0: Optional[float] = None, **settings) -> OptResult:
    """The iterated local search of the module's text in one process, from ``walls`` (the first local
    optimum is climbed from them) for ``seconds`` or ``max_iters`` rounds; an
    :class:`~mathmaze_lib.optimize.OptResult` whose moves the lesson's runner checked. ``settings``
    override :data:`SETTINGS`.  ``seed`` seeds a ``random.Random``, which draws the cells' keys and
    seeds the compiled steps' generator (:func:`mathmaze_lib.compiled_random.generator`).

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
    b = compiled_board(maze)
    s = scratch(b)
    rng = random.Random(seed)
    pop = population(b, max(1, math.ceil(math.sqrt(len(b.rocks)) * opts["population"])), rng)
    gen = generator(rng)
    history = []

    given = sorted(maze.grid.index(c) for c in maze.check_walls(walls))
    blocked = b.rocks.copy()
    blocked[given] = 1
    s.work[:len(given)] = given
    first, nw, _ = climb(b, blocked, s.work, len(given), s, gen)
    if first >= 0:
        pop.best[:] = first, nw
        pop.best_walls[:nw] = np.sort(s.work[:nw])
        history.append((clock.elapsed(), int(first)))
    chunk = 1
    ctrl_c, previous = _flag_ctrl_c()
    try:
        while b.budget > 0 and first >= 0 and not clock.stopped:
            if ctrl_c:
                raise KeyboardInterrupt
            if max_iters is not None:
                chunk = min(chunk, max_iters - clock.iters)
            before, started = int(pop.best[BEST_MOVES]), clock.elapsed()
            rounds(b, pop, s, chunk, opts["most"], int(opts["stall"]), gen)
            chunk = _chunk_done(clock, chunk, clock.elapsed() - started, before, int(pop.best[BEST_MOVES]),
                                history, 1, 100_000)
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    best = pop.best
    clock.done(int(best[BEST_MOVES]))
    cells = [maze.grid.cell(int(v)) for v in pop.best_walls[:max(0, best[BEST_WALLS])]]
    moves = checked_moves(maze, cells) if best[BEST_MOVES] >= 0 else None
    return OptResult(cells, moves, False, int(s.counters[SEARCHES]), clock.elapsed(), history,
                     "iterated local search", clock.stopped, True)
