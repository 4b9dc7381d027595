"""The compiled path of the optimizers: annealing and build steps over the arrays of the compiled runner
(:mod:`mathmaze_lib.puzzles.wallmaze.fastrunner`), compiled with numba, and the Python loop that drives
them (:func:`fast_search`: the clock, the rounds and the history, as :func:`~mathmaze_lib.optimize.anneal._search`
keeps them).  ``anneal``, ``local_search`` and ``build`` take ``compiled=True`` for it.

The compiled steps take the board, the search and the runner's scratch as named structures (:class:`Board`,
:class:`Search`, :class:`Scratch`).  This module owns the search's state array: ``state[PLACED]`` walls placed, ``state[MOVES]`` the current
moves, ``state[EVALS]`` runner calls, ``state[CANDS]`` the current route's candidates (kept in ``cands``),
``state[BEST]`` the best moves and ``state[BEST_PLACED]`` the walls of the best board.

The compiled functions are cached on disk (numba's ``cache=True``): the first call in a new installation
compiles them (about 6 s on 2 cores), later processes load them.  ``python -m mathmaze_lib.optimize``
(:mod:`mathmaze_lib.optimize.__main__`, run by the Makefile and binder/postBuild after installing) makes
that first call.
"""

from __future__ import annotations

import random
import time
from typing import NamedTuple, Optional

import numpy as np

from ..puzzles.wallmaze import fastrunner
from ..puzzles.wallmaze.fastrunner import CUT_LEN, MARK_STAMP, ROUTE_LEN, njit, run_arrays
from .clock import OptResult, _Clock, check_limits

__all__ = ["fast_search", "seed_random", "fill", "anneal_chunk", "build_chunk"]

#: The slots of the search's ``state`` array (see the module's text).
PLACED, MOVES, EVALS, CANDS, BEST, BEST_PLACED = range(6)


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
def seed_random(value):
    """Seed the compiled functions' random numbers (numba keeps its own generator)."""
    np.random.seed(value)


class Board(NamedTuple):
    """The board as the compiled runner reads it (:class:`~mathmaze_lib.puzzles.wallmaze.fastrunner.Board`'s
    arrays): the runner's neighbours, the cells that may take a wall, the starts, each cell's leg as a
    target (``kind``), the number of legs and the teleports."""

    nbrs: np.ndarray
    wallable: np.ndarray
    starts: np.ndarray
    kind: np.ndarray
    legs: int
    tele_in: np.ndarray
    tele_ptr: np.ndarray
    tele_out: np.ndarray


class Scratch(NamedTuple):
    """The runner's scratch arrays (:meth:`~mathmaze_lib.puzzles.wallmaze.fastrunner.Board.buffers`), then
    the candidates' stamps (``mark``) and the candidates themselves (``cands``)."""

    seen: np.ndarray
    parent: np.ndarray
    queue: np.ndarray
    leg: np.ndarray
    sources: np.ndarray
    used: np.ndarray
    route: np.ndarray
    cut: np.ndarray
    counts: np.ndarray
    mark: np.ndarray
    cands: np.ndarray


class Search(NamedTuple):
    """One search's boards: the current one (``blocked``) and its ``walls``, the ``state`` (its slots: the
    module's text), the best board (``best``) and the cells a wall may go on (``spots``)."""

    blocked: np.ndarray
    walls: np.ndarray
    state: np.ndarray
    best: np.ndarray
    spots: np.ndarray


@njit(cache=True)
def _run(b, blocked, s):
    """The runner on ``blocked`` (:func:`~mathmaze_lib.puzzles.wallmaze.fastrunner.run_arrays`)."""
    return run_arrays(b.nbrs, blocked, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr, b.tele_out,
                      s.seen, s.parent, s.queue, s.leg, s.sources, s.used, s.route, s.cut, s.counts)


@njit(cache=True)
def _route_candidates(b, blocked, s):
    """:func:`_candidates` of the last run."""
    return _candidates(b.wallable, blocked, s.route, s.cut, s.counts, s.mark, s.cands)


@njit(cache=True)
def fill(b, run, limit, s):
    """Put walls on random cells of the route until ``limit`` walls stand or every try blocks.
    ``run.walls[:run.state[PLACED]]`` are the walls; ``s.cands`` and ``run.state[CANDS]`` (their number)
    are the current route's candidates when it returns."""
    blocked, walls, state, cands = run.blocked, run.walls, run.state, s.cands
    moves = _run(b, blocked, s)
    state[EVALS] += 1
    state[MOVES] = moves
    m = _route_candidates(b, blocked, s)
    while state[PLACED] < limit and m > 0:
        # try the candidates in a random order
        for i in range(m - 1, 0, -1):
            j = np.random.randint(0, i + 1)
            cands[i], cands[j] = cands[j], cands[i]
        placed = False
        for i in range(m):
            c = cands[i]
            blocked[c] = 1
            score = _run(b, blocked, s)
            state[EVALS] += 1
            if score >= 0:
                walls[state[PLACED]] = c
                state[PLACED] += 1
                state[MOVES] = score
                placed = True
                break
            blocked[c] = 0
        if not placed:
            break
        m = _route_candidates(b, blocked, s)
    # leave the current route's candidates in cands (the last run may have been a blocked try)
    _run(b, blocked, s)
    state[CANDS] = _route_candidates(b, blocked, s)
    return state[MOVES]


@njit(cache=True)
def _judge(b, run, placed, t, s):
    """Score ``run.blocked`` (the board after one change, ``placed`` walls) and keep it (True) when the walk
    gets no shorter, or with probability ``exp(-d / t)`` when it gets ``d`` shorter; a board that
    blocks every route is refused.  Kept: ``run.state`` takes its walls, moves and candidates
    (``s.cands``), and it becomes the best (``run.best``) when it beats it."""
    state = run.state
    score = _run(b, run.blocked, s)
    state[EVALS] += 1
    if score < 0 or (score < state[MOVES] and np.random.random() >= np.exp((score - state[MOVES]) / t)):
        return False
    state[PLACED] = placed
    state[MOVES] = score
    state[CANDS] = _route_candidates(b, run.blocked, s)
    if score > state[BEST]:
        state[BEST] = score
        state[BEST_PLACED] = placed
        run.best[:] = run.blocked
    return True


@njit(cache=True)
def anneal_chunk(b, run, limit, iters, t_from, t_to, anywhere, s):
    """``iters`` annealing steps, the temperature going from ``t_from`` to ``t_to`` (geometrically):
    the step of :func:`mathmaze_lib.optimize.anneal` (take a random wall off when the budget of ``limit``
    walls is used, else with probability 1/2; put one on a random cell of the current route, or with
    probability ``anywhere`` on a random open cell of ``run.spots`` (a step is skipped on a walled one);
    keep the new walls when the route gets no shorter, or with probability ``exp(-d / T)`` when it gets
    ``d`` shorter).

    ``run`` is the :class:`Search`: ``run.walls[:run.state[PLACED]]`` the current walls, ``run.blocked``
    the current board, ``run.best`` the best; ``b`` the :class:`Board`, ``s`` the :class:`Scratch`."""
    ratio = t_to / t_from
    blocked, walls, state, spots, cands = run.blocked, run.walls, run.state, run.spots, s.cands
    for it in range(iters):
        m = state[CANDS]
        if m == 0 or limit == 0:
            break
        if anywhere > 0.0 and np.random.random() < anywhere:
            c = spots[np.random.randint(0, len(spots))]
            if blocked[c] == 1:
                continue
        else:
            c = cands[np.random.randint(0, m)]
        nw = state[PLACED]
        removed = -1
        slot = nw
        if nw > 0 and (nw >= limit or np.random.random() < 0.5):
            slot = np.random.randint(0, nw)
            removed = walls[slot]
            blocked[removed] = 0
        blocked[c] = 1
        t = t_from * ratio ** (it / iters)
        if _judge(b, run, nw + 1 if removed < 0 else nw, t, s):
            walls[slot] = c
        else:
            blocked[c] = 0
            if removed >= 0:
                blocked[removed] = 1
    return state[BEST]


@njit(cache=True)
def build_chunk(b, run, limit, iters, t_from, t_to, off_route, s):
    """``iters`` steps of :func:`mathmaze_lib.optimize.build`'s annealing: pick a random buildable
    cell of ``run.spots``; take its wall off if it has one, else put one up (on a cell off the current
    route only with probability ``off_route``; never past ``limit`` walls); keep the change when the
    walk gets no shorter, or with probability ``exp(-d / T)`` when it gets ``d`` shorter; a change
    that blocks every route is refused.  Every change is scored by the runner.

    ``run`` is the :class:`Search` (``run.blocked`` the current board, ``run.best`` the best one);
    ``s.mark[v] == s.counts[MARK_STAMP]`` says that ``v`` is a candidate of the current route (from
    :func:`_candidates`, kept in ``s.cands``)."""
    ratio = t_to / t_from
    blocked, state, spots = run.blocked, run.state, run.spots
    nspots = len(spots)
    for it in range(iters):
        c = spots[np.random.randint(0, nspots)]
        adding = blocked[c] == 0
        if adding:
            if state[PLACED] >= limit:
                continue
            if s.mark[c] != s.counts[MARK_STAMP] and np.random.random() >= off_route:
                continue
        blocked[c] = 1 if adding else 0
        t = t_from * ratio ** (it / iters)
        if not _judge(b, run, state[PLACED] + 1 if adding else state[PLACED] - 1, t, s):
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
        self.board = Board(b.nbrs, b.wallable, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr, b.tele_out)
        # the current board and walls (annealing moves them), the state, the best board, the open cells
        self.run = Search(b.rocks.copy(), np.zeros(n, np.int32), np.full(6, -1, np.int64), b.rocks.copy(),
                          np.flatnonzero(b.wallable).astype(np.int32))
        self.state, self.spots = self.run.state, self.run.spots
        self.state[EVALS] = 0
        self.scratch = Scratch(*b.buffers(), np.zeros(n, np.int32), np.zeros(n, np.int32))
        self.history = []
        seed_random(random.Random(seed).getrandbits(32))

    def start_from(self, cells, limit) -> None:
        """The board with the walls ``cells``, then (annealing) random walls on the route up to ``limit``."""
        state, run = self.state, self.run
        run.blocked[:] = self.b.rocks
        run.blocked[cells] = 1
        run.walls[:len(cells)] = cells
        state[PLACED] = len(cells)
        fill(self.board, run, limit, self.scratch)
        if state[MOVES] > state[BEST]:
            state[BEST], state[BEST_PLACED] = state[MOVES], state[PLACED]
            run.best[:] = run.blocked
            self.history.append((self.clock.elapsed(), int(state[BEST])))

    def new_round(self, explore: bool) -> None:
        """Hot again: build starts from the given walls; annealing from new random walls (``explore``)
        or from the best walls so far."""
        if self.off_route is not None:
            self.start_from(self.given, len(self.given))
        elif explore:
            self.start_from(self.given, self.b.budget)
        else:
            walls = np.flatnonzero(self.run.best > self.b.rocks).astype(np.int32)
            self.start_from(walls, len(walls))

    def steps(self, chunk: int, t: float, anywhere: float) -> float:
        """``chunk`` compiled steps at temperature ``t``; the seconds they took."""
        state, b = self.state, self.b
        before, started = state[BEST], time.perf_counter()
        if self.off_route is None:
            anneal_chunk(self.board, self.run, b.budget, chunk, t, t, anywhere, self.scratch)
        else:
            build_chunk(self.board, self.run, b.budget, chunk, t, t, self.off_route, self.scratch)
        self.clock.iters += chunk
        if state[BEST] > before:
            self.history.append((self.clock.elapsed(), int(state[BEST])))
        return time.perf_counter() - started

    def result(self) -> OptResult:
        cells = [self.maze.grid.cell(int(v)) for v in np.flatnonzero(self.run.best > self.b.rocks)]
        moves = None if self.state[BEST] < 0 else int(self.state[BEST])
        return OptResult(cells, moves, False, int(self.state[EVALS]), self.clock.elapsed(), self.history, self.method,
                         self.clock.stopped, True)


#: Iterations per compiled call of :func:`fast_search` when iterations (not time) limit the run.
_FAST_CHUNK = 1000
