"""Optimizers for wall mazes: greedy, local search, simulated annealing and an exact search.

They all rest on one fact: **only a wall on the runner's current path can make
that path longer.**  A wall anywhere else leaves the path where it is, so the
path is still available and the runner (who always takes a shortest route)
walks at most as far as before.  So every move here puts a wall on the current path.
The same holds for any shortest route, so the optimizers use the routes of the fast
:class:`~mathmaze_lib.puzzles.wallmaze.BitRunner` (same moves as the runner, ties broken differently).

Teleports break that fact: a wall can move the runner's route onto a teleport that
shortens it, or off one, and a wall off the walked route can change the route planned
beyond an in-cell.  Greedy, local search and annealing still score every wall set
with the runner's own rule (BitRunner plans such legs as the Runner does) and still put
walls on the runner's routes (walked, or planned and cut off by a jump; with ``anywhere``,
as in :data:`CROWDED`, now and then on any open cell), so they stay correct but may miss
some wall sets; the exact search, whose proof needs the fact,
refuses boards with teleports.
Walls go only on open cells (never on unbuildable ``p`` cells nor on teleports).

Each optimizer takes a board (:class:`~mathmaze_lib.puzzles.wallmaze.WallMaze`), returns
an :class:`OptResult` and accepts ``progress(fraction, best_moves)``, called now
and then (:func:`text_progress` makes one that draws a bar on a stream).
Randomness comes only from ``random.Random(seed)``; with ``max_iters`` (and no
time limit) a run is the same on every machine.  A time limit ``seconds`` counts from
the call (set-up included) and is checked before every runner call, so a run ends
within one runner call of it; Ctrl-C (KeyboardInterrupt) ends a run too, and every
optimizer then returns the best found so far (``stopped`` says why a run ended).

>>> from mathmaze_lib.puzzles.wallmaze import parse
>>> m = parse("walls: 1\\ns...\\n...f")
>>> greedy(m).moves, exact(m).moves, exact(m).optimal
(4, 4, True)
"""

from __future__ import annotations

import math
import multiprocessing
import os
import random
import signal
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

import numpy as np

from .search import bits_spread
from .puzzles.wallmaze import UNLIMITED, BitRunner, Runner, WallMaze
from .puzzles.wallmaze import score as runner_score

__all__ = ["OptResult", "greedy", "local_search", "anneal", "build", "exact", "route_candidates", "check_limits",
           "reach_bound", "detour_moves", "text_progress", "OPTIMIZERS", "default_method", "CROWDED", "default_workers",
           "compiled_available"]

#: Annealing settings for crowded maps (Pathery's Normal and Complex: long routes, many walls), used by
#: ``walls optimize``: hotter, and in 20 rounds, each starting hot again: the first 30% of them from new
#: random walls (to find other good regions), the rest from the best wall set so far; one new wall in
#: five goes anywhere, not on the route (Complex maps' teleports: ``benchmarks/wall_reference.py``).
#: The defaults of :func:`anneal` (one round from 3 down to 0.05) suit the lessons' small boards.
CROWDED = {"t_start": 8.0, "t_end": 0.3, "rounds": 20, "explore": 0.3, "anywhere": 0.2}


def default_workers() -> int:
    """The processes ``walls optimize`` runs at once: the cores this process may use, at most 8."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):       # pragma: no cover (not Linux)
        n = os.cpu_count() or 1
    return max(1, min(8, n))


@dataclass
class OptResult:
    """What an optimizer found: ``walls`` (sorted cells), ``moves`` (None when
    even the empty board is blocked), ``optimal`` (True only when proven),
    ``evaluations`` (runner calls), ``seconds``, ``history`` (a list of
    ``(seconds, best moves)`` each time the best improved), ``method`` and ``stopped``
    (``"time"``, ``"iterations"`` or ``"interrupted"`` when a limit or Ctrl-C ended the run,
    ``""`` when it ended by itself), ``compiled`` (True when the compiled runner of
    :mod:`mathmaze_lib.fastwalls` made the runs).
    """

    walls: list
    moves: Optional[int]
    optimal: bool = False
    evaluations: int = 0
    seconds: float = 0.0
    history: list = field(default_factory=list)
    method: str = ""
    stopped: str = ""
    compiled: bool = False


def _budget(maze: WallMaze, bits: BitRunner) -> int:
    spots = bits.wallable.bit_count()
    return spots if maze.budget == UNLIMITED else min(maze.budget, spots)


def route_candidates(bits: BitRunner, route: list, walls: int) -> list:
    """Cells of ``route`` (single-bit ints) where a new wall may go: open and not walled yet,
    in route order; then, on a board with teleports, the open cells of the routes the runner
    planned but did not walk (``bits.unwalked``: a wall there can keep it off a teleport).

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> b = BitRunner(parse("s..f"))
    >>> [b.cells(c) for c in route_candidates(b, b.route(0)[1], 0)]
    [[(0, 1)], [(0, 2)]]
    """
    free = bits.wallable & ~walls
    out, seen = [], 0
    for c in route:
        if c & free and not c & seen:
            out.append(c)
            seen |= c
    out.extend(_each_bit(bits.unwalked & free & ~seen))
    return out


def _each_bit(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def reach_bound(runner: Runner, walls) -> int:
    """An upper bound on the moves of any board with *more* walls than ``walls``.

    A shortest route never visits a cell twice within a leg, and adding walls
    only removes cells, so no leg can be longer than the number of cells the
    runner can reach now, minus one.  Crude, but always true.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> reach_bound(Runner(parse("s..\\n..f")), set())
    5
    """
    runner.set_walls(walls)
    from .search import bfs
    reach = len(bfs(runner.nbrs.__getitem__, sources=runner.starts).dist)
    return (reach - 1) * len(runner.targets)


def check_limits(seconds, max_iters, *, need_one: bool = False) -> None:
    """Refuse a time limit that is not a number of seconds > 0 (nan, 0, negative) or an
    iteration limit that is not a whole number >= 1; None means no limit.

    >>> check_limits(float("nan"), None)
    Traceback (most recent call last):
    ...
    ValueError: seconds nan: a time limit is a finite number of seconds > 0 (or None for no limit)
    """
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not math.isfinite(seconds) or seconds <= 0):
        raise ValueError(f"seconds {seconds!r}: a time limit is a finite number of seconds > 0 "
                         "(or None for no limit)")
    if max_iters is not None and (isinstance(max_iters, bool) or not isinstance(max_iters, int) or max_iters < 1):
        raise ValueError(f"max_iters {max_iters!r}: an iteration limit is a whole number >= 1 (or None for no limit)")
    if need_one and seconds is None and max_iters is None:
        raise ValueError("seconds and max_iters are both None: give at least one, or the search never stops")


class _Clock:
    """Stops a run at ``seconds`` (counted from ``t0``) or ``max_iters`` and calls ``progress``
    about 20 times (and at least every half second)."""

    def __init__(self, seconds, max_iters, progress, t0=None):
        self.t0 = time.perf_counter() if t0 is None else t0
        self.seconds, self.max_iters, self.progress = seconds, max_iters, progress
        self.iters = 0
        self.stopped = ""
        self._next_report = 0.0
        self._last_report = self.t0

    def elapsed(self) -> float:
        return time.perf_counter() - self.t0

    def fraction(self) -> float:
        fr = []
        if self.seconds is not None:
            fr.append(self.elapsed() / self.seconds)
        if self.max_iters is not None:
            fr.append(self.iters / self.max_iters)
        return min(1.0, max(fr)) if fr else 0.0

    def out_of_time(self) -> bool:
        """True (and ``stopped`` set) once the time limit has passed; checked before each runner call."""
        if self.stopped:
            return True
        if self.seconds is not None and self.elapsed() >= self.seconds:
            self.stopped = "time"
            return True
        return False

    def tick(self, best) -> bool:
        """Count one iteration; True while the run may go on."""
        self.iters += 1
        if self.max_iters is not None and self.iters >= self.max_iters:
            self.stopped = self.stopped or "iterations"
            return False
        if self.out_of_time():
            return False
        if self.progress is not None:
            now = time.perf_counter()
            if (self.iters & 255) == 0 or now - self._last_report > 0.5:
                f = self.fraction()
                if f >= self._next_report or now - self._last_report > 0.5:
                    self._next_report, self._last_report = f + 0.05, now
                    self.progress(f, best)
        return True

    def done(self, best) -> None:
        if self.progress is not None:
            self.progress(1.0, best)


def _result(bits: BitRunner, walls: int, moves, method, clock, history, optimal=False) -> OptResult:
    cells = bits.cells(walls)
    return OptResult(cells, moves, optimal, bits.evaluations, clock.elapsed(), history, method, clock.stopped)


def greedy(maze: WallMaze, walls=(), *, seconds: Optional[float] = None, max_iters: Optional[int] = None,
           progress: Optional[Callable] = None) -> OptResult:
    """Add walls one at a time, each time the wall on the current path that lengthens it most.

    It stops when the budget is used or when no single wall makes the path longer
    (often long before: two equally short routes need two walls at once).
    Ties go to the wall met first along the path.  ``seconds`` and ``max_iters`` (runner
    calls) stop it early; the best wall of an unfinished round is still placed.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> r = greedy(parse("walls: 3\\ns....\\n.....\\n....f"))
    >>> r.moves, r.walls
    (6, [])
    """
    t0 = time.perf_counter()
    check_limits(seconds, max_iters)
    bits = BitRunner(maze)
    clock = _Clock(seconds, max_iters, None, t0)      # greedy reports its own progress: walls placed
    cur = bits.mask(maze.check_walls(walls))
    found = bits.route(cur)
    if found is None:
        return _result(bits, cur, None, "greedy", clock, [])
    moves, route = found
    history = [(clock.elapsed(), moves)]
    limit = _budget(maze, bits)
    try:
        while cur.bit_count() < limit and not clock.stopped:
            best_gain, best_cell = 0, None
            for c in route_candidates(bits, route, cur):
                if not clock.tick(moves):
                    break
                s = bits.score(cur | c)
                if s is not None and s - moves > best_gain:
                    best_gain, best_cell = s - moves, c
            if best_cell is None:
                break
            cur |= best_cell
            moves += best_gain
            history.append((clock.elapsed(), moves))
            if clock.stopped:
                break
            moves, route = bits.route(cur)
            if progress is not None:
                progress(cur.bit_count() / limit, moves)
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    if progress is not None:
        progress(1.0, moves)
    return _result(bits, cur, moves, "greedy", clock, history)


def _random_fill(bits, cur, limit, rng, clock, state):
    """Add walls on random cells of the route until the budget is used, every try blocks or time
    is up; ``state`` (a list ``[walls, moves, route]``) always holds the last good wall set."""
    moves, route = state[1], state[2]
    while cur.bit_count() < limit:
        cands = route_candidates(bits, route, cur)
        rng.shuffle(cands)
        for c in cands:
            if clock.out_of_time():
                return
            found = bits.route(cur | c)
            if found is not None:
                cur |= c
                moves, route = found
                state[:] = [cur, moves, route]
                break
        else:
            break


def _search(maze, walls, seed, seconds, max_iters, progress, temperature, method, t0,
            rounds: Optional[int] = None, explore: float = 0.0, anywhere: float = 0.0) -> OptResult:
    """Local moves from a random full board: take a wall off, put one on the current route.

    With ``rounds`` the run is cut into rounds of equal length (iterations with ``max_iters``,
    else time); ``temperature`` then cools over each round, and each round after the first
    starts again from the best wall set so far (a *restart*: hot again, from the best), or, for
    the first ``explore`` share of the rounds, from new random walls."""
    check_limits(seconds, max_iters, need_one=True)
    bits = BitRunner(maze)
    rng = random.Random(seed)
    clock = _Clock(seconds, max_iters, progress, t0)
    limit = _budget(maze, bits)
    cur = given = bits.mask(maze.check_walls(walls))
    if bits.score(cur) is None:     # (a run of its own: the runs counted stay what lesson 3 prints)
        return _result(bits, cur, None, method, clock, [])
    found = bits.route(cur)
    state = [cur, found[0], found[1]]
    best, best_walls = found[0], cur
    history = []
    n_rounds = rounds or 1
    this_round = 0
    try:
        _random_fill(bits, cur, limit, rng, clock, state)
        cur, moves, route = state
        if moves >= best:                       # no worse without teleports (with them it can be)
            best, best_walls = moves, cur
        history.append((clock.elapsed(), best))
        while clock.tick(best):
            if n_rounds > 1 and not clock.iters & 63:
                r = min(n_rounds - 1, int(clock.fraction() * n_rounds))
                if r > this_round:                  # a new round: hot again, from the best
                    this_round = r
                    if r < explore * n_rounds:      # (or from new random walls)
                        first = bits.route(given)
                        state[:] = [given, first[0], first[1]]
                        _random_fill(bits, given, limit, rng, clock, state)
                        cur, moves, route = state
                    else:
                        cur, (moves, route) = best_walls, bits.route(best_walls)
            cands = route_candidates(bits, route, cur)
            if not cands or not limit:
                break
            new = cur
            if new and (new.bit_count() >= limit or rng.random() < 0.5):
                new ^= rng.choice(_each_bit(new))
            if anywhere and rng.random() < anywhere:       # (a wall off the route: teleports)
                spare = _each_bit(bits.wallable & ~cur)
                if not spare:
                    continue
                new |= rng.choice(spare)
            else:
                new |= rng.choice(cands)
            found = bits.route(new)
            if found is None:
                continue
            s = found[0]
            if s >= moves or (temperature is not None and
                              rng.random() < math.exp((s - moves) / temperature(
                                  min(1.0, clock.fraction() * n_rounds - this_round)))):
                cur, (moves, route) = new, found
                if moves > best:
                    best, best_walls = moves, cur
                    history.append((clock.elapsed(), best))
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
        if state[1] > best:
            best, best_walls = state[1], state[0]
        history = history or [(clock.elapsed(), best)]
    clock.done(best)
    return _result(bits, best_walls, best, method, clock, history)


def _fast_search(maze, walls, seed, seconds, max_iters, progress, temperature, method, t0,
                 rounds: Optional[int] = None, explore: float = 0.0, anywhere: float = 0.0,
                 off_route: Optional[float] = None) -> OptResult:
    """:func:`_search` (or, with ``off_route``, :func:`_build`'s toggling) with the compiled runner and
    steps of :mod:`mathmaze_lib.fastwalls`: the same moves, rounds and restarts.  The iterations run
    in compiled chunks (``_FAST_CHUNK`` at a time, or as many as take about 20 ms when only time
    limits the run), the temperature held over a chunk."""
    from . import fastwalls
    check_limits(seconds, max_iters, need_one=True)
    b = fastwalls.board(maze)
    n = b.size
    clock = _Clock(seconds, max_iters, progress, t0)
    given = np.array([maze.grid.index(cell) for cell in sorted(maze.check_walls(walls))], np.int32)
    blocked, best = b.rocks.copy(), b.rocks.copy()      # the current board, the best board
    cur = np.zeros(n, np.int32)                         # the current walls (annealing moves them)
    state = np.full(6, -1, np.int64)    # walls placed, moves, evaluations, candidates, best moves, best placed
    state[2] = 0
    scratch = b.buffers() + (np.zeros(n, np.int32), np.zeros(n, np.int32))
    board_args = (b.nbrs, b.wallable, blocked, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr, b.tele_out)
    spots = np.flatnonzero(b.wallable).astype(np.int32)
    fastwalls.seed(random.Random(seed).getrandbits(32))
    history = []

    def start_from(cells, limit):
        """The board with the walls ``cells``, then (annealing) random walls on the route up to ``limit``."""
        blocked[:] = b.rocks
        blocked[cells] = 1
        cur[:len(cells)] = cells
        state[0] = len(cells)
        fastwalls.fill(*board_args, limit, cur, state, *scratch)
        if state[1] > state[4]:
            state[4], state[5] = state[1], state[0]
            best[:] = blocked
            history.append((clock.elapsed(), int(state[4])))

    def result():
        cells = [maze.grid.cell(int(v)) for v in np.flatnonzero(best > b.rocks)]
        moves = None if state[4] < 0 else int(state[4])
        return OptResult(cells, moves, False, int(state[2]), clock.elapsed(), history, method, clock.stopped, True)

    start_from(given, len(given))                       # (no wall added: the given board's run)
    if state[4] < 0:
        return result()
    n_rounds = rounds or 1
    this_round = 0
    chunk = _FAST_CHUNK
    try:
        if off_route is None:
            start_from(given, b.budget)
        while not clock.stopped:
            f = clock.fraction()
            r = min(n_rounds - 1, int(f * n_rounds))
            if r > this_round:                  # a new round: hot again, from the best (or new walls)
                this_round = r
                if off_route is not None:
                    start_from(given, len(given))
                elif r < explore * n_rounds:
                    start_from(given, b.budget)
                else:
                    walls_ = np.flatnonzero(best > b.rocks).astype(np.int32)
                    start_from(walls_, len(walls_))
            if not b.budget or not len(spots) or (off_route is None and state[3] == 0):
                break
            t = temperature(min(1.0, f * n_rounds - this_round)) if temperature else 1e-300   # (local search)
            if max_iters is not None:
                chunk = min(chunk, max_iters - clock.iters)
            before, started = state[4], time.perf_counter()
            if off_route is None:
                fastwalls.anneal_chunk(*board_args, b.budget, cur, state, best, chunk, t, t, spots, anywhere,
                                       *scratch)
            else:
                fastwalls.build_chunk(*board_args, b.budget, spots, state, best, chunk, t, t, off_route, *scratch)
            clock.iters += chunk
            if state[4] > before:
                history.append((clock.elapsed(), int(state[4])))
            if max_iters is not None and clock.iters >= max_iters:
                clock.stopped = "iterations"
            elif not clock.out_of_time() and seconds is not None and max_iters is None:
                took = time.perf_counter() - started        # about 20 ms a chunk: Ctrl-C and the
                chunk = max(100, min(100_000, int(chunk * 0.02 / max(took, 1e-4))))   # limit answer fast
            if progress is not None and not clock.stopped:
                clock.progress(clock.fraction(), int(state[4]))
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    clock.done(int(state[4]))
    return result()


#: Iterations per compiled call of :func:`_fast_search` when iterations (not time) limit the run.
_FAST_CHUNK = 1000


def _worker_seed(seed, k: int):
    """Worker ``k``'s seed: worker 0 keeps ``seed`` (so one worker is the single-process run)."""
    return seed if k == 0 else f"{seed}/worker {k}"


def _worker(conn, search, kwargs, seed, origin, seconds, max_iters) -> None:
    """One worker process of :func:`_run`: ``search`` of its own, its result sent on ``conn``.
    Its clock counts from ``origin`` (the ``time.time()`` when the whole run started), so its time
    limit and the times of its ``history`` are the whole run's."""
    try:
        t0 = time.perf_counter() - (time.time() - origin)
        result = search(seed=seed, seconds=seconds, max_iters=max_iters, progress=None, t0=t0, **kwargs)
        conn.send(result)
    except KeyboardInterrupt:       # pragma: no cover (a Ctrl-C before the search started)
        pass
    finally:
        conn.close()


def _search_job(*, maze, walls, seed, seconds, max_iters, progress, t0, cooling, method, rounds,
                explore, anywhere=0.0, compiled=False) -> OptResult:
    """One search of :func:`local_search` (``cooling`` None) or :func:`anneal`, for :func:`_run`."""
    search = _fast_search if compiled else _search
    return search(maze, walls, seed, seconds, max_iters, progress, _temperature(cooling), method, t0,
                  rounds, explore, anywhere)


def compiled_available() -> bool:
    """True when numba is there for ``compiled=True`` (it is installed with the package); the first
    call imports it (about half a second)."""
    from . import fastwalls
    return fastwalls.AVAILABLE


def _need_compiled() -> None:
    if not compiled_available():        # pragma: no cover (numba is installed with the package)
        raise RuntimeError("compiled=True needs numba (pip install numba); without it, use compiled=False")


def _temperature(cooling):
    """The temperature ``T(fraction)`` cooling from ``t_start`` to ``t_end`` of ``cooling = (t_start,
    t_end)``, or None (hill climbing)."""
    if cooling is None:
        return None
    t_start, ratio = cooling[0], cooling[1] / cooling[0]
    return lambda f: t_start * ratio ** f


def _check_temperatures(t_start, t_end) -> None:
    for name, t in (("t_start", t_start), ("t_end", t_end)):
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not math.isfinite(t) or t <= 0:
            raise ValueError(f"{name} {t!r}: a temperature is a finite number > 0")


def _check_rounds(rounds, explore=0.0, anywhere=0.0) -> None:
    if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
        raise ValueError(f"rounds {rounds!r}: the number of rounds is a whole number >= 1")
    if isinstance(anywhere, bool) or not isinstance(anywhere, (int, float)) or not 0 <= anywhere <= 1:
        raise ValueError(f"anywhere {anywhere!r}: the chance of a wall off the route is a number from 0 to 1")
    if isinstance(explore, bool) or not isinstance(explore, (int, float)) or not 0 <= explore <= 1:
        raise ValueError(f"explore {explore!r}: the share of rounds from new random walls is a number from 0 to 1")


def _run(search, kwargs, seed, seconds, max_iters, progress, t0, workers: int) -> OptResult:
    """``workers`` runs of ``search`` at once, each with its own seed (worker 0 in this process, with
    the seed given and the progress bar; the others in fresh "spawn" processes, which also works
    in Jupyter and under pytest), and the best result (ties: the lowest worker).  ``search`` is a
    module-level function called as ``search(seed=, seconds=, max_iters=, progress=, t0=,
    **kwargs)`` that returns an :class:`OptResult`.  With ``max_iters`` each worker makes that
    many iterations, so the result is the same on every machine.  Ctrl-C ends every worker, each
    giving its best so far."""
    check_limits(seconds, max_iters, need_one=True)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ValueError(f"workers {workers!r}: the number of processes is a whole number >= 1")
    if workers == 1:
        return search(seed=seed, seconds=seconds, max_iters=max_iters, progress=progress, t0=t0, **kwargs)
    ctx = multiprocessing.get_context("spawn")
    origin = time.time() - (time.perf_counter() - t0)
    procs = []
    try:
        for k in range(1, workers):
            recv, send = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_worker, daemon=True,
                               args=(send, search, kwargs, _worker_seed(seed, k), origin, seconds, max_iters))
            proc.start()
            send.close()
            procs.append((proc, recv))
        results = [search(seed=seed, seconds=seconds, max_iters=max_iters, progress=progress, t0=t0, **kwargs)]
        if results[0].stopped == "interrupted":       # (in a terminal they had the Ctrl-C too)
            for proc, _ in procs:
                if proc.is_alive():
                    os.kill(proc.pid, signal.SIGINT)
        for proc, recv in procs:
            try:
                results.append(recv.recv())
            except EOFError:                          # pragma: no cover (a worker that died)
                pass
            proc.join()
    except KeyboardInterrupt:
        for proc, _ in procs:
            proc.terminate()
        raise
    finally:
        for proc, recv in procs:
            recv.close()
            if proc.is_alive():                       # pragma: no cover
                proc.terminate()
    best = max(results, key=lambda r: -1 if r.moves is None else r.moves)   # first of the best
    history, top = [], None
    for t, moves in sorted(h for r in results for h in r.history):
        if top is None or moves > top:
            history.append((t, moves))
            top = moves
    return OptResult(best.walls, best.moves, False, sum(r.evaluations for r in results),
                     time.perf_counter() - t0, history, results[0].method, results[0].stopped, results[0].compiled)


def local_search(maze: WallMaze, walls=(), *, seed: int = 0, seconds: Optional[float] = 2.0,
                 max_iters: Optional[int] = None, progress: Optional[Callable] = None,
                 rounds: int = 1, workers: int = 1, explore: float = 0.0, anywhere: float = 0.0,
                 compiled: bool = False) -> OptResult:
    """Hill climbing: from random walls on the path, try moving one wall onto the current
    path; keep the move when the path gets no shorter.  ``rounds``, ``explore``, ``anywhere``,
    ``workers`` and ``compiled`` as in :func:`anneal`.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> local_search(parse("walls: 1\\ns...\\n...f"), seed=1, seconds=None, max_iters=50).moves
    4
    """
    t0 = time.perf_counter()
    _check_rounds(rounds, explore, anywhere)
    if compiled:
        _need_compiled()
    return _run(_search_job, {"maze": maze, "walls": walls, "cooling": None, "method": "local search",
                              "rounds": rounds, "explore": explore, "anywhere": anywhere, "compiled": bool(compiled)},
                seed, seconds, max_iters, progress, t0, workers)


def anneal(maze: WallMaze, walls=(), *, seed: int = 0, seconds: Optional[float] = 2.0,
           max_iters: Optional[int] = None, progress: Optional[Callable] = None,
           t_start: float = 3.0, t_end: float = 0.05, rounds: int = 1, workers: int = 1,
           explore: float = 0.0, anywhere: float = 0.0, compiled: bool = False) -> OptResult:
    """Simulated annealing: like :func:`local_search`, but a move that shortens the path by
    ``d`` is also taken with probability ``exp(-d / T)``; the temperature ``T`` cools
    from ``t_start`` to ``t_end`` (both > 0) over the run (time or iterations).

    ``rounds`` cuts the run into rounds of equal length, each cooling from ``t_start`` again,
    from the best wall set so far (restarts), except the first ``explore`` share of them (a number
    from 0 to 1), which start from new random walls (:data:`CROWDED` are settings for crowded maps).
    ``anywhere`` (a chance, default 0) puts the step's new wall on any open cell instead of the
    route: with teleports a wall off the route can change the run (see the module's text).
    ``workers`` > 1 runs that many searches at once in separate processes (worker 0 is the
    single-process run with ``seed``, the others have seeds of their own) and keeps the best;
    ``evaluations`` counts the runner calls of all of them.  With ``max_iters`` (per worker) the
    result is still the same on every machine.  The workers are "spawn" processes (fine in Jupyter
    and under pytest); a script that asks for them needs the usual ``if __name__ == "__main__":``.

    ``compiled=True`` runs the same steps with the compiled runner of :mod:`mathmaze_lib.fastwalls`
    (20 to 50 times more runs per second; other random numbers, so other wall sets than the pure
    Python run with the same seed).  ``walls optimize`` uses it; the lesson keeps the Python one.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> anneal(parse("walls: 1\\ns...\\n...f"), seed=1, seconds=None, max_iters=50).moves
    4
    """
    t0 = time.perf_counter()
    _check_temperatures(t_start, t_end)
    _check_rounds(rounds, explore, anywhere)
    if compiled:
        _need_compiled()
    return _run(_search_job, {"maze": maze, "walls": walls, "cooling": (t_start, t_end), "method": "annealing",
                              "rounds": rounds, "explore": explore, "anywhere": anywhere, "compiled": bool(compiled)},
                seed, seconds, max_iters, progress, t0, workers)


def build(maze: WallMaze, walls=(), *, seed: int = 0, seconds: Optional[float] = 20.0,
          max_iters: Optional[int] = None, progress: Optional[Callable] = None,
          t_start: float = 1.0, t_end: float = 0.25, rounds: int = 3, off_route: float = 0.3,
          workers: int = 1, compiled: bool = False) -> OptResult:
    """Annealing for big budgets ("build the maze instead of blocking it"): each step toggles one
    buildable cell (a wall comes or goes), so the walls grow into corridors of any shape.

    :func:`anneal` moves a few walls around the runner's route; with any number of walls the
    runner's path is a corridor walled on both sides, and what counts is which cells stay open.
    Here a step picks any open cell of the board: a wall there comes if it had none (a step that
    blocks every route is refused), goes if it had one.  A step that shortens the walk by ``d``
    moves is taken with probability ``exp(-d / T)``, ``T`` cooling from ``t_start`` to ``t_end``.
    Most steps are decided without a run of the runner, from the fact of the module docstring
    and the current shortest route:

    * a new wall off the route changes nothing (the route is still there, and walls only take
      cells away);
    * a new wall on the route blocks every route unless open cells off the route, joined,
      touch the route both before and after it (a shortest route has no short cuts);
    * taking a wall off can only shorten the walk, to the walk through that cell: the smallest
      distance from the starts among its open neighbours, plus the smallest to the finishes,
      plus 2.  On a shortest route the i-th cell is ``i`` moves from the starts and
      ``moves - i`` from the finishes, so the new moves are often known, or the step refused
      (when even its best case would be), without a run.

    A wall off the route is put up only with chance ``off_route``: the board keeps more open
    cells beside the route, where detours grow.  The run is cut into ``rounds`` equal parts (of
    the time, or of ``max_iters``), each starting again from ``walls`` with the temperature hot;
    the best of all is returned.  (On the empty 15 x 10 board a run settles on 71 to 73 moves
    in about 15 s; fresh rounds give more chances at 73 than cooling on: ``make bench``.)

    The first holds on boards without teleports whose checkpoint letters have one cell each,
    the other two on boards without teleports and checkpoints; elsewhere the runner decides.
    A limited budget is respected (at the budget, a new wall moves an old one), but with few
    walls :func:`anneal` does better.  ``history`` and ``stopped`` are as for the others; the
    walls found are checked again with :func:`mathmaze_lib.puzzles.wallmaze.score` (the lesson's
    :class:`~mathmaze_lib.puzzles.wallmaze.Runner`), which gives ``moves``.  ``workers`` > 1 runs that
    many builds at once, as for :func:`anneal` (worker 0 is the one-process run with ``seed``; with
    ``max_iters`` the result is the same on every machine); ``walls optimize`` uses every core.

    ``compiled=True`` makes the same toggles with the compiled runner of :mod:`mathmaze_lib.fastwalls`,
    which scores every step (no shortcuts needed at close to a million runs a second), refuses a new
    wall at a limited budget instead of moving one, and restarts each round from ``walls`` too;
    ``walls optimize`` uses it (on the empty 15 x 10 board: 73 moves, ``make bench``).

    >>> from mathmaze_lib.puzzles.wallmaze import parse, run, score, show
    >>> m = parse("s....f\\ns....f\\ns....f")
    >>> r = build(m, seed=1, seconds=None, max_iters=3000)
    >>> r.moves, score(m, r.walls) == r.moves, r.method      # 3 rows, 4 columns to build on
    (7, True, 'build')
    >>> print(show(m, r.walls, run(m, r.walls).path))
    soooWf
    sW.oWf
    s.Woof
    """
    t0 = time.perf_counter()
    _check_temperatures(t_start, t_end)
    if isinstance(off_route, bool) or not isinstance(off_route, (int, float)) or not 0 < off_route <= 1:
        raise ValueError(f"off_route {off_route!r}: a chance, a number > 0 and <= 1")
    _check_rounds(rounds)
    if compiled:
        _need_compiled()
    return _run(_fast_build if compiled else _build,
                {"maze": maze, "walls": walls, "t_start": t_start, "t_end": t_end, "rounds": rounds,
                 "off_route": off_route}, seed, seconds, max_iters, progress, t0, workers)


def _fast_build(*, maze, walls, seed, seconds, max_iters, progress, t0, t_start, t_end, rounds,
                off_route) -> OptResult:
    """One search of :func:`build` with ``compiled=True``, for :func:`_run`."""
    return _fast_search(maze, walls, seed, seconds, max_iters, progress, _temperature((t_start, t_end)),
                        "build", t0, rounds, off_route=off_route)


def _build(*, maze, walls, seed, seconds, max_iters, progress, t0, t_start, t_end, rounds, off_route) -> OptResult:
    """One search of :func:`build` (its arguments checked there), for :func:`_run`."""
    check_limits(seconds, max_iters, need_one=True)
    bits = BitRunner(maze)
    rng = random.Random(seed)
    clock = _Clock(seconds, max_iters, progress, t0)
    limit = _budget(maze, bits)
    cur = bits.mask(maze.check_walls(walls))
    found = bits.route(cur)
    if found is None:
        return _result(bits, cur, None, "build", clock, [])
    moves, route = found
    best, best_walls = moves, cur
    history = [(clock.elapsed(), best)]
    cells = [r * bits.width + c for r, c in maze.open_cells()]     # bit numbers (big boards: no big ints)
    # safe: a wall off the route cannot change the walk; known: places on the route are distances
    safe = not maze.teleports and all(len(c) == 1 for c in maze.checkpoints)
    known = safe and not maze.checkpoints
    free_base, width = bits.free, bits.width
    starts, finishes = bits.starts, bits.targets[-1]
    ends = starts | finishes
    on_route, place, seen_sides = 0, {}, {}         # seen_sides: side_ways() of recent boards
    before = []                     # before[i]: the starts and the route's cells before its i-th
    extra_runs = 0                  # runs of walk() (counted with the BitRunner's in ``evaluations``)

    def follow(route_):
        nonlocal on_route, place
        on_route = 0
        for x in route_:
            on_route |= x
        if known:
            place = {x: i for i, x in enumerate(route_)}
            seen_sides.clear()
            before.clear()
            acc = starts
            for x in route_:
                before.append(acc)
                acc |= x

    def walk(walls):
        """The runner's moves (no checkpoints, no teleports): BitRunner.score without keeping layers."""
        nonlocal extra_runs
        extra_runs += 1
        left = free_base & ~walls
        front = starts & left
        left ^= front
        n = 0
        while not front & finishes:
            front = ((front << 1) | (front >> 1) | (front << width) | (front >> width)) & left
            if not front:
                return None
            left ^= front
            n += 1
        return n

    def side_ways(side):
        """For each group of joined cells of ``side`` (the open cells off the route): the cells of
        the route, the starts and the finishes it touches (when it touches two or more)."""
        out = []
        while side:
            comp = side & -side
            while True:
                grown = (comp | (comp << 1) | (comp >> 1) | (comp << width) | (comp >> width)) & side
                if grown == comp:
                    break
                comp = grown
            side ^= comp
            touch = ((comp << 1) | (comp >> 1) | (comp << width) | (comp >> width)) & (on_route | ends)
            if touch & (touch - 1):
                out.append(touch)
        return out

    follow(route)
    n_cells = len(cells)
    ratio, temp, round_no, first_walls = t_end / t_start, t_start, 0, cur
    inf = math.inf
    try:
        while cells and limit and clock.tick(best):
            if (clock.iters & 255) == 0:
                f = clock.fraction() * rounds
                k = min(int(f), rounds - 1)
                temp = t_start * ratio ** (f - k)
                if k != round_no:                           # a new round: hot again, from the start
                    round_no = k
                    if clock.out_of_time():
                        break
                    cur = first_walls
                    moves, route = bits.route(cur)
                    follow(route)
            c = 1 << cells[int(rng.random() * n_cells)]
            if cur & c:                                     # take the wall off
                new = cur ^ c
                if safe:
                    s, top = None, moves                    # the new moves are at most top
                    if known:
                        near = ((c << 1) | (c >> 1) | (c << width) | (c >> width)) & free_base & ~cur
                        lo_s = hi_s = lo_f = hi_f = inf     # distances from the starts / to the finish
                        while near:
                            x = near & -near
                            near ^= x
                            i = place.get(x)
                            if i is not None:
                                a, b, e, g = i, i, moves - i, moves - i
                            elif x & starts:
                                a, b, e, g = 0, 0, moves, inf
                            elif x & finishes:
                                a, b, e, g = moves, inf, 0, 0
                            else:                           # off the route: bounds from its neighbours
                                a, b, e, g = 1, inf, 1, inf
                                by = ((x << 1) | (x >> 1) | (x << width) | (x >> width))
                                if by & starts:
                                    b = 1
                                if by & finishes:
                                    g = 1
                                by &= on_route
                                while by:
                                    y = by & -by
                                    by ^= y
                                    j = place[y]
                                    a, b = max(a, j - 1), min(b, j + 1)
                                    e, g = max(e, moves - j - 1), min(g, moves - j + 1)
                            if a < lo_s:
                                lo_s = a
                            if b < hi_s:
                                hi_s = b
                            if e < lo_f:
                                lo_f = e
                            if g < hi_f:
                                hi_f = g
                        if lo_s + lo_f + 2 >= moves:        # no shortcut through the cell
                            cur = new
                            continue
                        top = min(moves, hi_s + hi_f + 2)
                        if lo_s + lo_f == hi_s + hi_f:
                            s = top                         # known exactly: no run needed
                    need = moves + temp * math.log(1.0 - rng.random())   # taken when s > need
                    if top <= need:
                        continue                            # refused even in its best case
                    if s is None:
                        if clock.out_of_time():
                            break
                        s = walk(new) if known else bits.score(new)
                    if s == moves:                          # the route is still a shortest one
                        cur = new
                    elif s > need:
                        if clock.out_of_time():
                            break
                        cur = new
                        moves, route = bits.route(cur)
                        follow(route)
                    continue
            else:                                           # put a wall up
                new = cur | c
                if new.bit_count() > limit:                 # at the budget: move a wall instead
                    new ^= rng.choice(_each_bit(cur))
                elif safe and not c & on_route:
                    if rng.random() < off_route:
                        cur = new                           # off the route: nothing changes
                    continue
                elif known:
                    # The route has no short cuts, so its cells before c (and the starts) touch
                    # those after c (and the finishes) only through c: without a side way (open
                    # cells off the route, joined, touching both parts) the wall blocks every route.
                    side = free_base & ~cur & ~on_route & ~ends
                    touches = seen_sides.get(side)
                    if touches is None:
                        if len(seen_sides) > 4096:
                            seen_sides.clear()
                        touches = seen_sides[side] = side_ways(side)
                    pre = before[place[c]]
                    post = (on_route & ~pre & ~c) | finishes
                    for t in touches:
                        if t & pre and t & post:
                            break
                    else:
                        continue
            found = bits.route(new)
            if found is None:
                continue
            s = found[0]
            if s >= moves or rng.random() < math.exp((s - moves) / temp):
                cur, (moves, route) = new, found
                follow(route)
                if moves > best:
                    best, best_walls = moves, cur
                    history.append((clock.elapsed(), best))
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    clock.done(best)
    result = _result(bits, best_walls, best, "build", clock, history)
    result.evaluations += extra_runs
    result.moves = runner_score(maze, result.walls)         # the lesson's runner has the last word
    return result


def exact(maze: WallMaze, *, seconds: Optional[float] = 60.0, max_iters: Optional[int] = None,
          progress: Optional[Callable] = None, start: Optional[OptResult] = None) -> OptResult:
    """Branch and bound that proves the best score on small boards.

    From a wall set S with a shortest route R, any better wall set must put a
    wall on R (see the module docstring).  So branch on the open cells p1, p2,
    ... of R: "wall on p1", "wall on p2 but never on p1", ... ; each wall set is
    then met at most once (the excluded cells are the memory of the wall sets
    already explored).  Two things keep the tree small:

    * **Few branches.**  R is any shortest route, so take one through as few
      cells as possible that may still get a wall (walled, excluded and
      start/finish/checkpoint cells are free).
    * **The last wall** (:func:`detour_moves`): if the runner can step around a
      cell of R and still walk no more than the best score so far, a last wall
      there cannot win, and it is skipped without running the runner.

    The runner here is :class:`~mathmaze_lib.puzzles.wallmaze.BitRunner` (same moves,
    4 to 7 times faster).  ``optimal`` is True only when the search finished in
    time and every checkpoint letter has one cell (with several copies the
    runner's choice of copy can change, and the argument above no longer
    holds).  ``start`` (an earlier result) gives a first best score.  ``max_iters`` limits the
    nodes of the tree; the tree is walked with a stack of its own (no recursion), so a board
    with thousands of walls to place does not run out of Python's recursion depth.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> r = exact(parse("walls: 3\\ns....\\n.....\\n....f"))
    >>> r.moves, r.optimal, len(r.walls)
    (8, True, 3)
    """
    t0 = time.perf_counter()
    check_limits(seconds, max_iters)
    if maze.teleports:
        raise ValueError("the exact search proves optima only on boards without teleports (a wall can "
                         "move the runner onto a teleport's short cut); use greedy, local or anneal")
    bits = BitRunner(maze)
    clock = _Clock(seconds, max_iters, progress, t0)
    limit = _budget(maze, bits)
    first = bits.route(0)
    if first is None:
        return _result(bits, 0, None, "exact", clock, [])
    best = [first[0], 0]
    if start is not None and start.moves is not None and start.moves > best[0]:
        best = [start.moves, bits.mask(start.walls)]
    history = [(clock.elapsed(), best[0])]
    done = [0.0]
    wallable = bits.wallable

    def better(moves: int, walls: int) -> None:
        if moves > best[0]:
            best[0], best[1] = moves, walls
            history.append((clock.elapsed(), moves))

    def last_wall(walls: int, moves: int, route: list, cands: int) -> None:
        for i, c in enumerate(route):
            if c & cands and detour_moves(bits, walls, route, i) <= best[0] - moves:
                cands ^= c
            if (i & 63) == 0 and clock.out_of_time():
                return
        while cands:
            if clock.out_of_time():
                return
            c = cands & -cands
            cands ^= c
            s = bits.score(walls | c)
            if s is not None:
                better(s, walls | c)

    def visit(walls: int, excluded: int, depth: int, share: float):
        """One node of the tree; yields its children's arguments one at a time."""
        if not clock.tick(best[0]):
            return
        found = bits.route(walls, wallable & ~walls & ~excluded)
        if found is None:
            done[0] += share
            return
        moves, route = found
        better(moves, walls)
        cands = 0
        for c in route:
            cands |= c
        cands &= wallable & ~walls & ~excluded
        if depth + 1 == limit:
            last_wall(walls, moves, route, cands)
        n = cands.bit_count()
        if depth + 1 >= limit or not n:
            done[0] += share
            return
        while cands:
            if clock.stopped:
                return
            c = cands & -cands
            cands ^= c
            yield (walls | c, excluded, depth + 1, share / n)
            excluded |= c
            if progress is not None and share >= 0.01:
                progress(done[0], best[0])

    try:
        stack = [visit(0, 0, 0, 1.0)] if limit else []
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
            else:
                stack.append(visit(*child))
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    clock.done(best[0])
    one_copy = all(len(cells) == 1 for cells in maze.checkpoints)
    return _result(bits, best[1], best[0], "exact", clock, history,
                   optimal=not clock.stopped and one_copy)


def detour_moves(bits: BitRunner, walls: int, route: list, i: int) -> float:
    """How many moves longer the runner's walk gets, at most, with one more wall on ``route[i]``.

    ``route`` is a shortest route (single-bit ints) with the board's ``walls``.  If the cells a and
    b before and after c = ``route[i]`` have a second common neighbour (c is a corner and the
    opposite corner is free), a, d, b is as short as a, c, b: 0.  If the route runs straight
    through c and some free side cell s of c has free cells next to both a and b, then a, a', s, b',
    b replaces a, c, b: 2.  Otherwise no short way round is known: infinity.  (Only for a cell the
    route passes once, and for boards whose checkpoints have one cell each.)

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> b = BitRunner(parse("s..\\n..f"))
    >>> moves, route = b.route(0)
    >>> [b.cells(x)[0] for x in route], [detour_moves(b, 0, route, i) for i in (1, 2)]
    ([(0, 0), (0, 1), (0, 2), (1, 2)], [2, 0])
    >>> b = BitRunner(parse("s.f\\n#.#"))           # no way round (0, 1): the rocks are in the way
    >>> detour_moves(b, 0, b.route(0)[1], 1)
    inf
    """
    c = route[i]
    if i == 0 or i == len(route) - 1 or route.count(c) > 1:
        return math.inf
    w, free = bits.width, bits.free & ~walls & ~c
    a, b = route[i - 1], route[i + 1]
    near_a, near_b = bits_spread(a, w) & free, bits_spread(b, w) & free
    if near_a & near_b:
        return 0
    sides = bits_spread(c, w) & free & ~(a | b)
    while sides:
        side = sides & -sides
        sides ^= side
        near_side = bits_spread(side, w)
        if near_side & near_a and near_side & near_b:
            return 2
    return math.inf


def text_progress(stream, width: int = 30) -> Callable:
    """A ``progress(fraction, best)`` that draws a one-line bar on ``stream`` (for the command line).

    >>> import io
    >>> s = io.StringIO(); p = text_progress(s, width=10); p(0.5, 12); s.getvalue()
    '\\r[#####     ]  50% best 12'
    """
    finished = [False]

    def progress(fraction: float, best) -> None:
        if finished[0]:
            return
        n = int(round(fraction * width))
        stream.write(f"\r[{'#' * n}{' ' * (width - n)}] {int(fraction * 100):3d}% best {best}")
        if fraction >= 1.0:
            finished[0] = True
            stream.write("\n")
        stream.flush()
    return progress


def default_method(maze: WallMaze) -> str:
    """The optimizer ``walls optimize`` and the Mazer game's Show best run unless told: ``build``
    (annealing that toggles any cell) when the budget is unlimited, ``anneal`` (which moves a few
    walls) otherwise.

    >>> from mathmaze_lib.puzzles.wallmaze import level
    >>> default_method(level("empty")), default_method(level("mazer"))
    ('build', 'anneal')
    """
    return "build" if maze.budget == UNLIMITED else "anneal"


OPTIMIZERS = {"greedy": greedy, "local": local_search, "anneal": anneal, "build": build, "exact": exact}


def last_wall_detours(maze: WallMaze, walls=()) -> dict:
    """For each wallable cell of the runner's route: at most how many moves one more wall there
    can add by the last-wall rule of :func:`detour_moves` (None: no short way round is known).

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> last_wall_detours(parse("s..\\n..f")), last_wall_detours(parse("s.f\\n#.#"))
    ({(0, 1): 2, (0, 2): 0}, {(0, 1): None})
    """
    if maze.teleports:
        raise ValueError("the last-wall rule holds only on boards without teleports (a teleport can make "
                         "the way round shorter than the cell it goes round)")
    bits = BitRunner(maze)
    mask = bits.mask(walls)
    moves, route = bits.route(mask)
    out = {}
    for i, x in enumerate(route or []):
        if x & bits.wallable:
            extra = detour_moves(bits, mask, route, i)
            out[bits.cells(x)[0]] = None if extra == math.inf else int(extra)
    return out
