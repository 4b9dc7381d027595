"""Build: annealing for big budgets, where each step toggles one buildable cell (a wall comes or goes),
most steps decided without a run of the runner (see :func:`build`)."""

from __future__ import annotations

import math
import random
import time
from typing import Callable, Optional

from .. import checks
from ..puzzles.wallmaze import BitRunner, WallMaze
from ..search import bits_distance, bits_region, bits_spread
from .clock import (OptResult, _budget, _check_rounds, _check_temperatures, _Clock, _result, _temperature,
                    check_limits, checked_moves, need_compiled)
from .greedy import _each_bit
from .parallel import run_workers


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

    ``compiled=True`` makes the same toggles with the compiled runner of :mod:`mathmaze_lib.optimize.compiled`,
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
    checks.number(off_route, "off_route", above=0, high=1, note="a chance")
    _check_rounds(rounds)
    if compiled:
        need_compiled()
    return run_workers(_fast_build if compiled else _build,
                {"maze": maze, "walls": walls, "t_start": t_start, "t_end": t_end, "rounds": rounds,
                 "off_route": off_route}, seed, seconds, max_iters, progress, t0, workers)


def _fast_build(*, maze, walls, seed, seconds, max_iters, progress, t0, t_start, t_end, rounds,
                off_route) -> OptResult:
    """One search of :func:`build` with ``compiled=True``, for :func:`~mathmaze_lib.optimize.parallel.run_workers`."""
    from .compiled import fast_search                   # (numba is imported only when it is needed)
    return fast_search(maze, walls, seed, seconds, max_iters, progress, _temperature((t_start, t_end)),
                       "build", t0, rounds, off_route=off_route)


def _build(*, maze, walls, seed, seconds, max_iters, progress, t0, t_start, t_end, rounds, off_route) -> OptResult:
    """One search of :func:`build` (its arguments checked there), for :func:`~mathmaze_lib.optimize.parallel.run_workers`."""
    check_limits(seconds, max_iters, need_one=True)
    run = _Build(maze, walls, seed, _Clock(seconds, max_iters, progress, t0), off_route)
    if run.moves is None:
        return _result(run.bits, run.cur, None, "build", run.clock, [])
    try:
        run.anneal(t_start, t_end, rounds)
    except KeyboardInterrupt:
        run.clock.stopped = "interrupted"
    run.clock.done(run.best)
    result = _result(run.bits, run.best_walls, run.best, "build", run.clock, run.history)
    result.evaluations += run.extra_runs
    result.moves = checked_moves(maze, result.walls)        # the lesson's runner has the last word
    return result


#: What a step of :class:`_Build` may say besides "score these walls": stop the run.
_STOP = "stop"


class _Build:
    """One run of :func:`build` in pure Python: the board (a :class:`BitRunner`), the current walls
    ``cur`` and their walk (``moves``, ``route``), the best so far, and what is known about the route
    (``on_route``; with ``known``, each cell's ``place`` on it and the cells ``before`` it).

    ``safe``: a wall off the route cannot change the walk (no teleports, one cell per checkpoint);
    ``known``: places on the route are distances from the starts (and no checkpoints)."""

    def __init__(self, maze: WallMaze, walls, seed, clock: _Clock, off_route: float):
        bits = self.bits = BitRunner(maze)
        self.rng, self.clock, self.off_route = random.Random(seed), clock, off_route
        self.limit = _budget(maze, bits)
        self.cur = bits.mask(maze.check_walls(walls))
        found = bits.route(self.cur)
        self.moves, self.route = found if found is not None else (None, None)
        self.best, self.best_walls = self.moves, self.cur
        self.history = [(clock.elapsed(), self.best)] if found is not None else []
        self.cells = [r * bits.width + c for r, c in maze.open_cells()]     # bit numbers (big boards: no big ints)
        self.safe = not maze.teleports and all(len(c) == 1 for c in maze.checkpoints)
        self.known = self.safe and not maze.checkpoints
        self.free_base, self.width = bits.free, bits.width
        self.starts, self.finishes = bits.starts, bits.targets[-1]
        self.ends = self.starts | self.finishes
        self.on_route, self.place, self.seen_sides = 0, {}, {}   # seen_sides: side_ways() of recent boards
        self.before = []            # before[i]: the starts and the route's cells before its i-th
        self.extra_runs = 0         # runs of walk() (counted with the BitRunner's in ``evaluations``)
        if found is not None:
            self.follow(self.route)

    def follow(self, route) -> None:
        """Take ``route`` as the current route."""
        self.route = route
        on_route = 0
        for x in route:
            on_route |= x
        self.on_route = on_route
        if self.known:
            self.place = {x: i for i, x in enumerate(route)}
            self.seen_sides.clear()
            self.before = before = []
            acc = self.starts
            for x in route:
                before.append(acc)
                acc |= x

    def walk(self, walls: int):
        """The runner's moves (no checkpoints, no teleports), without a route."""
        self.extra_runs += 1
        return bits_distance(self.free_base & ~walls, self.starts, self.finishes, self.width)

    def side_ways(self, side: int) -> list:
        """For each group of joined cells of ``side`` (the open cells off the route): the cells of
        the route, the starts and the finishes it touches (when it touches two or more)."""
        out = []
        while side:
            comp = bits_region(side, side & -side, self.width)
            side ^= comp
            touch = bits_spread(comp, self.width) & (self.on_route | self.ends)
            if touch & (touch - 1):
                out.append(touch)
        return out

    def anneal(self, t_start: float, t_end: float, rounds: int) -> None:
        """The annealing: ``rounds`` parts of the run, each from the given walls with the temperature
        cooling from ``t_start`` to ``t_end``; a step toggles a random buildable cell."""
        clock, rng, cells = self.clock, self.rng, self.cells
        n_cells = len(cells)
        take_off, put_up, judge = self.take_off, self.put_up, self.judge
        safe, limit, off_route = self.safe, self.limit, self.off_route
        ratio, temp, round_no, first_walls = t_end / t_start, t_start, 0, self.cur
        while cells and self.limit and clock.tick(self.best):
            if (clock.iters & 255) == 0:
                f = clock.fraction() * rounds
                k = min(int(f), rounds - 1)
                temp = t_start * ratio ** (f - k)
                if k != round_no:                           # a new round: hot again, from the start
                    round_no = k
                    if clock.out_of_time():
                        break
                    self.cur = first_walls
                    self.moves, route = self.bits.route(self.cur)
                    self.follow(route)
            c = 1 << cells[int(rng.random() * n_cells)]
            cur = self.cur
            if cur & c:
                new = take_off(c, temp)
            elif safe and not c & self.on_route and (cur | c).bit_count() <= limit:
                if rng.random() < off_route:                # (put_up's commonest case, inline: the
                    self.cur = cur | c                      # hot path)
                continue
            else:
                new = put_up(c)
            if new is _STOP:
                break
            if new is not None:
                judge(new, temp)

    def take_off(self, c: int, temp: float):
        """Take the wall off ``c``: decided here when the route tells enough (None, or :data:`_STOP`
        when time is up), else the new walls, for :meth:`judge`."""
        new = self.cur ^ c
        if not self.safe:
            return new
        moves = self.moves
        s, top = None, moves                                # the new moves are at most top
        if self.known:
            lo_s, hi_s, lo_f, hi_f = self.bounds_through(c)
            if lo_s + lo_f + 2 >= moves:                    # no shortcut through the cell
                self.cur = new
                return None
            top = min(moves, hi_s + hi_f + 2)
            if lo_s + lo_f == hi_s + hi_f:
                s = top                                     # known exactly: no run needed
        need = moves + temp * math.log(1.0 - self.rng.random())   # taken when s > need
        if top <= need:
            return None                                     # refused even in its best case
        if s is None:
            if self.clock.out_of_time():
                return _STOP
            s = self.walk(new) if self.known else self.bits.score(new)
        if s == moves:                                      # the route is still a shortest one
            self.cur = new
        elif s > need:
            if self.clock.out_of_time():
                return _STOP
            self.cur = new
            self.moves, route = self.bits.route(new)
            self.follow(route)
        return None

    def bounds_through(self, c: int) -> tuple:
        """Bounds on the walk through ``c`` once its wall is off: the smallest and largest distance
        from the starts among its open neighbours, and the same to the finishes."""
        inf, width, moves, place = math.inf, self.width, self.moves, self.place
        starts, finishes, on_route = self.starts, self.finishes, self.on_route
        near = ((c << 1) | (c >> 1) | (c << width) | (c >> width)) & self.free_base & ~self.cur   # (spread, inline)
        lo_s = hi_s = lo_f = hi_f = inf                     # distances from the starts / to the finish
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
            else:                                           # off the route: bounds from its neighbours
                a, b, e, g = 1, inf, 1, inf
                by = (x << 1) | (x >> 1) | (x << width) | (x >> width)
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
            if a < lo_s:                                    # (min, inline: the hot path)
                lo_s = a
            if b < hi_s:
                hi_s = b
            if e < lo_f:
                lo_f = e
            if g < hi_f:
                hi_f = g
        return lo_s, hi_s, lo_f, hi_f

    def put_up(self, c: int):
        """Put a wall up on ``c``: decided here when the route tells enough (None), else the new
        walls, for :meth:`judge`."""
        cur = self.cur
        new = cur | c
        if new.bit_count() > self.limit:                    # at the budget: move a wall instead
            return new ^ self.rng.choice(_each_bit(cur))
        if self.safe and not c & self.on_route:
            if self.rng.random() < self.off_route:
                self.cur = new                              # off the route: nothing changes
            return None
        if self.known and not self.has_side_way(c):
            return None
        return new

    def has_side_way(self, c: int) -> bool:
        """The route has no short cuts, so its cells before ``c`` (and the starts) touch those after
        ``c`` (and the finishes) only through ``c``: without a side way (open cells off the route,
        joined, touching both parts) a wall on ``c`` blocks every route."""
        side = self.free_base & ~self.cur & ~self.on_route & ~self.ends
        touches = self.seen_sides.get(side)
        if touches is None:
            if len(self.seen_sides) > 4096:
                self.seen_sides.clear()
            touches = self.seen_sides[side] = self.side_ways(side)
        pre = self.before[self.place[c]]
        post = (self.on_route & ~pre & ~c) | self.finishes
        return any(t & pre and t & post for t in touches)

    def judge(self, new: int, temp: float) -> None:
        """Run the runner on ``new`` and keep it when the walk gets no shorter, or with probability
        ``exp(-d / temp)`` when it gets ``d`` shorter (never when it blocks)."""
        found = self.bits.route(new)
        if found is None:
            return
        s = found[0]
        if s >= self.moves or self.rng.random() < math.exp((s - self.moves) / temp):
            self.cur, (self.moves, route) = new, found
            self.follow(route)
            if self.moves > self.best:
                self.best, self.best_walls = self.moves, new
                self.history.append((self.clock.elapsed(), self.best))
