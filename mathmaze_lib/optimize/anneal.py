"""Local search and simulated annealing: from random walls on the route, move one wall at a time onto
the current route; keep the move when the walk gets no shorter (annealing: sometimes when it does)."""

from __future__ import annotations

import math
import random
import time
from typing import Callable, Optional

from ..puzzles.wallmaze import BitRunner, WallMaze
from .clock import (OptResult, _budget, _check_rounds, _check_temperatures, _Clock, _result, _temperature,
                    check_limits, need_compiled)
from .greedy import _each_bit, route_candidates
from .parallel import run_workers


#: Annealing settings for crowded maps (Pathery's Normal and Complex: long routes, many walls), used by
#: ``walls optimize``: hotter, and in 20 rounds, each starting hot again: the first 30% of them from new
#: random walls (to find other good regions), the rest from the best wall set so far; one new wall in
#: five goes anywhere, not on the route (Complex maps' teleports: ``benchmarks/wall_reference.py``).
#: The defaults of :func:`anneal` (one round from 3 down to 0.05) suit the lessons' small boards.
CROWDED = {"t_start": 8.0, "t_end": 0.3, "rounds": 20, "explore": 0.3, "anywhere": 0.2}


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


def _search_job(*, maze, walls, seed, seconds, max_iters, progress, t0, cooling, method, rounds,
                explore, anywhere=0.0, compiled=False) -> OptResult:
    """One search of :func:`local_search` (``cooling`` None) or :func:`anneal`, for :func:`~mathmaze_lib.optimize.parallel.run_workers`."""
    if compiled:
        from .compiled import fast_search as search      # (numba is imported only when it is needed)
    else:
        search = _search
    return search(maze, walls, seed, seconds, max_iters, progress, _temperature(cooling), method, t0,
                  rounds, explore, anywhere)


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
        need_compiled()
    return run_workers(_search_job, {"maze": maze, "walls": walls, "cooling": None, "method": "local search",
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

    ``compiled=True`` runs the same steps with the compiled runner of :mod:`mathmaze_lib.optimize.compiled`
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
        need_compiled()
    return run_workers(_search_job, {"maze": maze, "walls": walls, "cooling": (t_start, t_end), "method": "annealing",
                              "rounds": rounds, "explore": explore, "anywhere": anywhere, "compiled": bool(compiled)},
                seed, seconds, max_iters, progress, t0, workers)
