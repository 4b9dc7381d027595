"""The big-board search's settings and drivers: :func:`search` (one process), :func:`optimize` (every
core) and :func:`warm`."""

from __future__ import annotations

import math
import random
import signal
import time
from typing import Callable, Optional

import numpy as np

from ...puzzles.wallmaze import WallMaze
from ...search.arrays import AVAILABLE
from ..clock import OptResult, _Clock, check_limits, checked_moves
from ..parallel import run_workers, worker_index
from .legs import BEST, SEARCHES, STEPS, board, geo, score_many
from .steps import _loss
from .engine import _Engine


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
#: hotter (from 2 to 0.5 it stalled: Enormous 9,002 in 45 s on one core, 10,886 from 6 to 1), no line
#: moves (each searches every leg twice: on Gargantuan, 99 legs of 10,000 cells, they took three
#: quarters of the time), in three rounds, each from the best walls with a tenth of the board cleared
#: (Enormous, 45 s on one core: 11,766 and 11,426 for seeds 1 and 2, against 10,886 and 11,360 in one; at
#: 600 s on two cores 12,622, 12,796 and 12,024 for seeds 1 to 3, and twelve rounds 12,292 for seed 1).  From the
#: map code's own walls (an earlier published solution, 14,708 moves), 600 s on two cores reached 15,222 and
#: 15,340 (seed 1, twice, 2026-12-04), and 600 s more from 15,340 (seed 2) 15,558, short of the published
#: 15,826: it climbs from a good start, but from the bare board 600 s does not reach one that good.  The
#: exact tree on every 4 x 4 square of the stored best (12,796), its walls put back at their best there
#: (``bench_pathery.window_sweep``), gave 12,924 in one pass of 70 s, a second nothing (2026-12-04) ...
BIG_SETTINGS = {**SETTINGS, "t_start": 6.0, "t_end": 1.0, "rounds": 3, "region": 0.1, "explore": 0.0, "p_cut": 0.8,
                "p_blind": 1.0, "lines": 0}
#: ... but one on giant boards (more than :data:`GIANT` cells times legs: Gargantuan), where the walk
#: still gets longer after five minutes and a restart loses ground (30 s: 86,109 in three rounds,
#: 102,847 in one).
GIANT_SETTINGS = {**BIG_SETTINGS, "rounds": 1}
BIG = 20_000
GIANT = 200_000
#: Boards of more than this many cells times legs, up to :data:`BIG` (Pathery's Huge maps), get the
#: iterated local search of :mod:`.ils` instead, where it can climb (:func:`_climbs`): ``walls
#: optimize --seconds 600`` on 2 cores, seeds 1 and 2, gave 485, 485 on Huge1, 683, 683 on Huge2 and
#: 700, 700 on Huge3 (the published 487, 683, 700), against 477, 649, 656 with the annealing.  On
#: Enormous (47,500) it is the weaker: 120 s on one core, seed 1, 9,722 against the annealing's 11,714,
#: and climbing from the annealing's walls (60 or 120 s of it, then 60 s) added 20 and 16.
HUGE = 1_000


def settings_for(maze: WallMaze) -> dict:
    """The default settings of :func:`search` on ``maze``: :data:`GIANT_SETTINGS` on giant boards,
    :data:`BIG_SETTINGS` on big ones, else :data:`SETTINGS`.

    >>> from mathmaze_lib.puzzles.wallmaze import level
    >>> settings_for(level("pathery-normal", 1))["p_blind"]
    0.0
    """
    size = _size(maze)
    return dict(GIANT_SETTINGS if size > GIANT else BIG_SETTINGS if size > BIG else SETTINGS)


def _size(maze: WallMaze) -> int:
    """Cells times legs: what :data:`BIG` and :data:`GIANT` measure."""
    return maze.rows * maze.cols * (len(maze.checkpoints) + 1)


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
    check_limits(seconds, max_iters, need_one=True)
    _check_settings(settings)
    opts = {**settings_for(maze), **settings}
    clock = _Clock(seconds, max_iters, progress, t0)
    b = board(maze)
    eng = _Engine(b)
    rng = random.Random(seed)
    eng.seed(rng)
    given = np.array(sorted(maze.grid.index(c) for c in maze.check_walls(walls)), np.int32)
    history = []

    def result():
        cells = [maze.grid.cell(int(v)) for v in eng.best_walls()]
        moves = checked_moves(maze, cells) if eng.state[BEST] >= 0 else None
        return OptResult(cells, moves, False, int(eng.state[SEARCHES]), clock.elapsed(), history,
                                  "annealing, leg by leg", clock.stopped, True)

    first = eng.start(given)
    eng.state[BEST] = first
    _load_compiled(b, eng)
    history.append((clock.elapsed(), int(first)))
    if first < 0 or b.budget == 0:
        clock.done(int(first))
        return result()
    rounds, ratio = max(1, int(opts["rounds"])), opts["t_end"] / opts["t_start"]
    chunk, this_round, polishing = (1 if max_iters is None else 200), 0, False   # (timed: 1, then grown)
    ctrl_c, previous = _flag_ctrl_c()
    try:
        while not clock.stopped:
            if ctrl_c:
                raise KeyboardInterrupt
            f = clock.fraction()
            r = min(rounds - 1, int(f * rounds))
            if r > this_round:                      # a new round: hot again, from the best (or afresh)
                this_round = r
                eng.start(given if r < opts["explore"] * rounds else
                          _region(rng, maze, eng.best_walls(), opts["region"]))
            into = f * rounds - this_round          # how far into this round (0 to 1)
            temp = opts["t_start"] * ratio ** min(1.0, into)
            if max_iters is not None:
                chunk = min(chunk, max_iters - clock.iters)
            before, started = eng.state[BEST], time.perf_counter()
            if into > 1 - opts["polish"]:           # the round's end: clear and refill squares of the best
                if not polishing:
                    eng.start(eng.best_walls())
                    polishing = True
                for _ in range(max(1, chunk // 200)):
                    eng.polish(rng, maze, 5, 3)
                eng.state[STEPS] += max(1, chunk // 200)
            else:
                polishing = False
                for _ in range(int(opts["lines"])):
                    eng.line(rng, maze)
                eng.steps(chunk, temp, opts["p_cut"], opts["p_off"], int(opts["pick"]), int(opts["tries"]),
                          opts["p_blind"])
            chunk = _chunk_done(clock, chunk, time.perf_counter() - started, before, int(eng.state[BEST]), history,
                                20, 200_000)
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    clock.done(int(eng.state[BEST]))
    return result()


def _load_compiled(b, eng) -> None:
    """Load every compiled function before the first step: a Ctrl-C that comes while numba loads one
    is lost in llvmlite's callback."""
    if b.budget > 0:
        w = int(eng.spots[0]) if len(eng.spots) else 0
        kept = eng.blocked[w]
        _loss(b.nbrs, eng.blocked, w, eng.FA, eng.FB, eng.D)
        eng.blocked[w] = kept


def _chunk_done(clock: _Clock, chunk: int, took: float, before: int, now: int, history: list, low: int,
                high: int) -> int:
    """Count a chunk of ``chunk`` steps (or rounds) that took ``took`` seconds and left the best moves at
    ``now`` (``before`` at its start): the history, the limits, the progress bar.  Returns the next
    chunk's size (:meth:`~mathmaze_lib.optimize.clock._Clock.next_chunk`: about 20 ms, from ``low`` to
    ``high``, and no more than the time left holds)."""
    clock.iters += chunk
    if now > before:
        history.append((clock.elapsed(), now))
    if clock.max_iters is not None and clock.iters >= clock.max_iters:
        clock.stopped = "iterations"
    elif not clock.out_of_time():
        chunk = clock.next_chunk(chunk, took, low, high)
    if clock.progress is not None and not clock.stopped:
        clock.progress(clock.fraction(), now)
    return chunk


def _flag_ctrl_c():
    """``(flag, previous handler)``: until the previous handler is put back, Ctrl-C only appends to
    ``flag``, which the search looks at between chunks (raised while numba adds code, in llvmlite's
    callback, it would be lost). No handler of its own outside the main thread or where SIGINT is ignored."""
    flag, previous = [], None
    try:
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
            previous = signal.signal(signal.SIGINT, lambda signum, frame: flag.append(signum))
    except ValueError:                      # not the main thread
        pass
    return flag, previous


def _climbs(maze: WallMaze, walls=()) -> bool:
    """True when :mod:`.ils` is the search for ``maze`` from ``walls``: more than :data:`HUGE` and at most
    :data:`BIG` cells times legs, and some single wall there would make the walk longer (a
    chokepoint), so that its climb has somewhere to start.  (Where there is none, as on Pathery's
    Adversarial1, whose route crosses one wide open area, the annealing's line moves are needed.)"""
    if not HUGE < _size(maze) <= BIG:
        return False
    from .ils import chokepoints
    return len(chokepoints(maze, walls)) > 0


def _job(*, maze, walls, seed, seconds, max_iters, progress, t0, settings, mixed=False):
    """One search of :func:`optimize` for :func:`~mathmaze_lib.optimize.parallel.run_workers`: the
    iterated local search of :mod:`.ils` where :func:`_climbs` (unless ``settings`` are given, which
    are the annealing's); else with ``mixed``, the odd workers run the compiled annealing of
    :func:`mathmaze_lib.optimize.anneal` with :data:`~mathmaze_lib.optimize.anneal.CROWDED` instead, on
    boards of at most :data:`BIG` cells times legs (on bigger ones it keeps to its time limit badly: a
    Gargantuan run of 60 s took 140 s); else the annealing of :func:`search`."""
    if not settings and _climbs(maze, walls):
        from . import ils
        return ils.search(maze, walls, seed=seed, seconds=seconds, max_iters=max_iters, progress=progress, t0=t0)
    if mixed and worker_index(seed) % 2 == 1 and _size(maze) <= BIG:
        from ..anneal import CROWDED, _search_job
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
    from ...puzzles.wallmaze import parse
    from .ils import search as climbing
    from .tree import prove
    small = parse("walls: 2\ns...\n.A..\n...f")
    search(small, seed=1, seconds=None, max_iters=300)
    climbing(small, seed=1, seconds=None, max_iters=3)
    prove(small, 0, seconds=None, max_nodes=100)
    b = board(parse("s.f"))
    eng = _Engine(b)
    score_many(geo(b), b.rocks, eng.scratch, 1)
