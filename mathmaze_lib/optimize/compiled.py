"""The compiled path of the optimizers: annealing and build steps over the arrays of the compiled runner
(:mod:`mathmaze_lib.puzzles.wallmaze.fastrunner`), compiled with numba, and the Python loop that drives
them (:func:`fast_search`: the clock, the rounds and the history, as :func:`~mathmaze_lib.optimize.anneal._search`
keeps them).  ``anneal``, ``local_search`` and ``build`` take ``compiled=True`` for it.

This module owns the search's state array: ``state[PLACED]`` walls placed, ``state[MOVES]`` the current
moves, ``state[EVALS]`` runner calls, ``state[CANDS]`` the current route's candidates (kept in ``cands``),
``state[BEST]`` the best moves and ``state[BEST_PLACED]`` the walls of the best board.  The compiled
steps take three named tuples, the :data:`Board`, the runner's :data:`Scratch` and the :data:`Search`
(that state, the walls, the best board, and the random numbers: a generator of
:mod:`mathmaze_lib.compiled_random` seeded from the caller's ``random.Random``, never numba's global
``np.random``).

The compiled functions are cached on disk (numba's ``cache=True``): the first call in a new installation
compiles them (about 6 s on 2 cores), later processes load them.  ``python -m mathmaze_lib.optimize``
(:mod:`mathmaze_lib.optimize.__main__`, run by the Makefile and binder/postBuild after installing) makes
that first call.
"""

from __future__ import annotations

import random
import time
from collections import namedtuple
from typing import Optional

import numpy as np

from ..compiled_random import below, generator, uniform
from ..puzzles.wallmaze import fastrunner
from ..puzzles.wallmaze.fastrunner import CUT_LEN, MARK_STAMP, ROUTE_LEN, njit, run_arrays
from .clock import OptResult, _Clock, check_limits

__all__ = ["fast_search", "Board", "Scratch", "Search", "fill", "anneal_chunk", "build_chunk"]

#: The slots of the search's ``state`` array (see the module's text).
PLACED, MOVES, EVALS, CANDS, BEST, BEST_PLACED = range(6)

#: The board as the compiled steps read it: :func:`~mathmaze_lib.puzzles.wallmaze.fastrunner.board`'s arrays,
#: with ``blocked`` the current board (rocks and walls).
Board = namedtuple("Board", "nbrs wallable blocked starts kind legs tele_in tele_ptr tele_out")
#: The runner's scratch (``fastrunner.Board.buffers``), then the candidates' (``mark``, ``cands``).
Scratch = namedtuple("Scratch", "seen parent queue leg sources used route cut counts mark cands")
#: One search: its ``state`` (slots above), its current ``walls``, the ``best`` board, and its random
#: numbers ``rng`` (a :mod:`mathmaze_lib.compiled_random` generator seeded from the caller's
#: ``random.Random``).
Search = namedtuple("Search", "state walls best rng")


@njit(cache=True)
def _take(cells, n, wallable, blocked, mark, stamp, cands, m):
    """Append the cells of ``cells[:n]`` where a wall may go (open, no wall yet, not taken before:
    ``mark[v] != stamp``) to ``cands[:m]``, in order; the new number of candidates."""
    for i in range(n):
        v = cells[i]
        if wallable[v] == 1 and blocked[v] == 0 and mark[v] != stamp:
            mark[v] = stamp
            cands[m] = v
            m += 1
    return m


@njit(cache=True)
def _candidates(wallable, blocked, route, cut, counts, mark, cands):
    """The cells where a new wall may go: open cells of the walked route (in route order), then
    those of planned routes a jump cut off; their number.  ``mark`` is scratch (stamps, the last in
    ``counts[MARK_STAMP]``): ``mark[v] == counts[MARK_STAMP]`` says that ``v`` is one of them."""
    if counts[MARK_STAMP] > 2000000000:
        mark[:] = 0
        counts[MARK_STAMP] = 0
    counts[MARK_STAMP] += 1
    m = _take(route, counts[ROUTE_LEN], wallable, blocked, mark, counts[MARK_STAMP], cands, 0)
    return _take(cut, counts[CUT_LEN], wallable, blocked, mark, counts[MARK_STAMP], cands, m)


@njit(cache=True)
def _run(b, w):
    """The runner on the board ``b`` (its current walls in ``b.blocked``), with the scratch ``w``: the moves
    (-1 when every route is blocked); ``w.route`` and ``w.cut`` hold its routes."""
    return run_arrays(b.nbrs, b.blocked, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr, b.tele_out,
                      w.seen, w.parent, w.queue, w.leg, w.sources, w.used, w.route, w.cut, w.counts)


@njit(cache=True)
def _route_candidates(b, w):
    """:func:`_candidates` of the last run (kept in ``w.cands``); their number."""
    return _candidates(b.wallable, b.blocked, w.route, w.cut, w.counts, w.mark, w.cands)


@njit(cache=True)
def fill(b, w, s, limit):
    """Put walls on random cells of the route until ``limit`` walls stand or every try blocks (the
    :class:`Search` ``s``: ``s.state`` its slots, ``s.walls[:s.state[PLACED]]`` the walls).  When it
    returns, ``w.cands`` and ``s.state[CANDS]`` (their number) are the current route's candidates."""
    state, walls, blocked, cands = s.state, s.walls, b.blocked, w.cands
    state[EVALS] += 1
    state[MOVES] = _run(b, w)
    m = _route_candidates(b, w)
    while state[PLACED] < limit and m > 0:
        # try the candidates in a random order
        for i in range(m - 1, 0, -1):
            j = below(s.rng, i + 1)
            cands[i], cands[j] = cands[j], cands[i]
        placed = False
        for i in range(m):
            c = cands[i]
            blocked[c] = 1
            moves = _run(b, w)
            state[EVALS] += 1
            if moves >= 0:
                walls[state[PLACED]] = c
                state[PLACED] += 1
                state[MOVES] = moves
                placed = True
                break
            blocked[c] = 0
        if not placed:
            break
        m = _route_candidates(b, w)
    # leave the current route's candidates in cands (the last run may have been a blocked try)
    _run(b, w)
    state[CANDS] = _route_candidates(b, w)
    return state[MOVES]


@njit(cache=True)
def _judge(b, w, s, placed, t):
    """Score ``b.blocked`` (the board after one change, ``placed`` walls) and keep it (True) when the walk
    gets no shorter, or with probability ``exp(-d / t)`` when it gets ``d`` shorter; a board that
    blocks every route is refused.  Kept: ``s.state`` takes its walls, moves and candidates (``w.cands``),
    and it becomes the best (``s.best``) when it beats it."""
    state = s.state
    moves = _run(b, w)
    state[EVALS] += 1
    if moves < 0 or (moves < state[MOVES] and uniform(s.rng) >= np.exp((moves - state[MOVES]) / t)):
        return False
    state[PLACED] = placed
    state[MOVES] = moves
    state[CANDS] = _route_candidates(b, w)
    if moves > state[BEST]:
        state[BEST] = moves
        state[BEST_PLACED] = placed
        s.best[:] = b.blocked
    return True


@njit(cache=True)
def anneal_chunk(b, w, s, limit, iters, t_from, t_to, spots, anywhere):
    """``iters`` annealing steps, the temperature going from ``t_from`` to ``t_to`` (geometrically):
    the step of :func:`mathmaze_lib.optimize.anneal` (take a random wall off when the ``limit`` of walls
    is reached, else with probability 1/2; put one on a random cell of the current route, or with
    probability ``anywhere`` on a random open cell of ``spots`` (a step is skipped on a walled one); keep
    the new walls when the route gets no shorter, or with probability ``exp(-d / T)`` when it gets ``d``
    shorter).  ``s.walls[:s.state[PLACED]]`` are the current walls, ``b.blocked`` the current board,
    ``s.best`` the best."""
    state, walls, blocked, rng = s.state, s.walls, b.blocked, s.rng
    ratio = t_to / t_from
    for it in range(iters):
        m = state[CANDS]
        if m == 0 or limit == 0:
            break
        if anywhere > 0.0 and uniform(rng) < anywhere:
            c = spots[below(rng, len(spots))]
            if blocked[c] == 1:
                continue
        else:
            c = w.cands[below(rng, m)]
        nw = state[PLACED]
        removed = -1
        slot = nw
        if nw > 0 and (nw >= limit or uniform(rng) < 0.5):
            slot = below(rng, nw)
            removed = walls[slot]
            blocked[removed] = 0
        blocked[c] = 1
        t = t_from * ratio ** (it / iters)
        if _judge(b, w, s, nw + 1 if removed < 0 else nw, t):
            walls[slot] = c
        else:
            blocked[c] = 0
            if removed >= 0:
                blocked[removed] = 1
    return state[BEST]


@njit(cache=True)
def build_chunk(b, w, s, limit, iters, t_from, t_to, spots, off_route):
    """``iters`` steps of :func:`mathmaze_lib.optimize.build`'s annealing: pick a random buildable
    cell of ``spots``; take its wall off if it has one, else put one up (on a cell off the current
    route only with probability ``off_route``; never past ``limit`` walls); keep the change when the
    walk gets no shorter, or with probability ``exp(-d / T)`` when it gets ``d`` shorter; a change
    that blocks every route is refused.  Every change is scored by the runner.  ``b.blocked`` is the
    current board, ``s.best`` the best one; ``w.mark[v] == w.counts[MARK_STAMP]`` says that ``v`` is a
    candidate of the current route (from :func:`_candidates`, kept in ``w.cands``)."""
    state, blocked, rng = s.state, b.blocked, s.rng
    ratio = t_to / t_from
    nspots = len(spots)
    for it in range(iters):
        c = spots[below(rng, nspots)]
        adding = blocked[c] == 0
        if adding:
            if state[PLACED] >= limit:
                continue
            if w.mark[c] != w.counts[MARK_STAMP] and uniform(rng) >= off_route:
                continue
        blocked[c] = 1 if adding else 0
        t = t_from * ratio ** (it / iters)
        if not _judge(b, w, s, state[PLACED] + 1 if adding else state[PLACED] - 1, t):
            blocked[c] = 0 if adding else 1
    return state[BEST]


def fast_search(maze, walls, seed, seconds, max_iters, progress, temperature, method, t0,
                rounds: Optional[int] = None, explore: float = 0.0, anywhere: float = 0.0,
                off_route: Optional[float] = None) -> OptResult:
    """:func:`~mathmaze_lib.optimize.anneal._search` (or, with ``off_route``,
    :func:`~mathmaze_lib.optimize.build.build`'s toggling) with the compiled runner and steps of this
    module: the same moves, rounds and restarts.  The iterations run in compiled chunks
    (:data:`_FAST_CHUNK` at a time, or, when only time limits the run, one, then as many as take about 20 ms
    and fit in the time left: :meth:`~mathmaze_lib.optimize.clock._Clock.next_chunk`),
    the temperature held over a chunk."""
    check_limits(seconds, max_iters, need_one=True)
    run = _FastSearch(maze, walls, seed, _Clock(seconds, max_iters, progress, t0), method, off_route)
    clock, b = run.clock, run.b
    run.start_from(run.given, len(run.given))           # (no wall added: the given board's run)
    if run.state[BEST] < 0:
        return run.result()
    n_rounds = rounds or 1
    this_round = 0
    chunk = _FAST_CHUNK if max_iters is not None else 1      # (timed: one step first, then about 20 ms)
    try:
        if off_route is None and not clock.out_of_time():    # (a worker that started late stops here)
            run.start_from(run.given, b.budget)
        while not clock.stopped:
            f = clock.fraction()
            r = min(n_rounds - 1, int(f * n_rounds))
            if r > this_round:                  # a new round: hot again, from the best (or new walls)
                this_round = r
                run.new_round(r < explore * n_rounds)
            if not b.budget or not len(run.spots) or (off_route is None and run.state[CANDS] == 0):
                break
            t = temperature(min(1.0, f * n_rounds - this_round)) if temperature else 1e-300   # (local search)
            if max_iters is not None:
                chunk = min(chunk, max_iters - clock.iters)
            took = run.steps(chunk, t, anywhere)
            if max_iters is not None and clock.iters >= max_iters:
                clock.stopped = "iterations"
            elif not clock.out_of_time():
                chunk = clock.next_chunk(chunk, took)      # about 20 ms a chunk: Ctrl-C and the limit answer
            if progress is not None and not clock.stopped:  # fast, and a step of a big board ends the run
                clock.progress(clock.fraction(), int(run.state[BEST]))
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    clock.done(int(run.state[BEST]))
    return run.result()


class _FastSearch:
    """The arrays of one :func:`fast_search`: the board (``b``), the current board ``blocked`` and
    walls ``cur``, the best board ``best``, the ``state`` (its slots: the module's text) and the
    runner's scratch arrays."""

    def __init__(self, maze, walls, seed, clock: _Clock, method: str, off_route: Optional[float]):
        self.maze, self.clock, self.method, self.off_route = maze, clock, method, off_route
        b = self.b = fastrunner.board(maze)
        n = b.size
        self.given = np.array([maze.grid.index(cell) for cell in sorted(maze.check_walls(walls))], np.int32)
        self.blocked, self.best = b.rocks.copy(), b.rocks.copy()     # the current board, the best board
        self.cur = np.zeros(n, np.int32)                    # the current walls (annealing moves them)
        self.state = np.full(6, -1, np.int64)
        self.state[EVALS] = 0
        #: The board, the runner's scratch and the search, as the compiled steps take them.
        self.board = Board(b.nbrs, b.wallable, self.blocked, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr,
                           b.tele_out)
        self.scratch = Scratch(*b.buffers(), np.zeros(n, np.int32), np.zeros(n, np.int32))
        self.search = Search(self.state, self.cur, self.best, generator(random.Random(seed)))
        self.spots = np.flatnonzero(b.wallable).astype(np.int32)
        self.history = []

    def start_from(self, cells, limit) -> None:
        """The board with the walls ``cells``, then (annealing) random walls on the route up to ``limit``."""
        state = self.state
        self.blocked[:] = self.b.rocks
        self.blocked[cells] = 1
        self.cur[:len(cells)] = cells
        state[PLACED] = len(cells)
        fill(self.board, self.scratch, self.search, limit)
        if state[MOVES] > state[BEST]:
            state[BEST], state[BEST_PLACED] = state[MOVES], state[PLACED]
            self.best[:] = self.blocked
            self.history.append((self.clock.elapsed(), int(state[BEST])))

    def new_round(self, explore: bool) -> None:
        """Hot again: build starts from the given walls; annealing from new random walls (``explore``)
        or from the best walls so far."""
        if self.off_route is not None:
            self.start_from(self.given, len(self.given))
        elif explore:
            self.start_from(self.given, self.b.budget)
        else:
            walls = np.flatnonzero(self.best > self.b.rocks).astype(np.int32)
            self.start_from(walls, len(walls))

    def steps(self, chunk: int, t: float, anywhere: float) -> float:
        """``chunk`` compiled steps at temperature ``t``; the seconds they took."""
        state, b = self.state, self.b
        before, started = state[BEST], time.perf_counter()
        if self.off_route is None:
            anneal_chunk(self.board, self.scratch, self.search, b.budget, chunk, t, t, self.spots, anywhere)
        else:
            build_chunk(self.board, self.scratch, self.search, b.budget, chunk, t, t, self.spots, self.off_route)
        self.clock.iters += chunk
        if state[BEST] > before:
            self.history.append((self.clock.elapsed(), int(state[BEST])))
        return time.perf_counter() - started

    def result(self) -> OptResult:
        cells = [self.maze.grid.cell(int(v)) for v in np.flatnonzero(self.best > self.b.rocks)]
        moves = None if self.state[BEST] < 0 else int(self.state[BEST])
        return OptResult(cells, moves, False, int(self.state[EVALS]), self.clock.elapsed(), self.history, self.method,
                         self.clock.stopped, True)


#: Iterations per compiled call of :func:`fast_search` when iterations (not time) limit the run.
_FAST_CHUNK = 1000
