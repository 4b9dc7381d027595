"""The exact search (branch and bound on the cells of a shortest route) and its bounds."""

from __future__ import annotations

import math
import time
from typing import Callable, Optional

from ..puzzles.wallmaze import BitRunner, Runner, WallMaze
from ..search import bfs, bits_spread
from .clock import OptResult, _budget, _Clock, _result, check_limits


def reach_bound(runner: Runner, walls) -> int:
    """An upper bound on the moves of any board with *more* walls than ``walls``.

    A shortest route never visits a cell twice within a leg, and adding walls
    only removes cells, so no leg can be longer than the number of cells the
    runner can reach now, minus one.  Crude, but always true.

    >>> from mathmaze_lib.puzzles.wallmaze import Runner, parse
    >>> reach_bound(Runner(parse("s..\\n..f")), set())
    5
    """
    runner.set_walls(walls)
    reach = len(bfs(runner.nbrs.__getitem__, sources=runner.starts).dist)
    return (reach - 1) * len(runner.targets)


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
    first = bits.route(0)
    if first is None:
        return _result(bits, 0, None, "exact", clock, [])
    tree = _Tree(bits, clock, _budget(maze, bits), first[0], progress)
    if start is not None and start.moves is not None and start.moves > tree.best:
        tree.best, tree.best_walls = start.moves, bits.mask(start.walls)
    tree.history = [(clock.elapsed(), tree.best)]
    try:
        tree.search()
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    clock.done(tree.best)
    one_copy = all(len(cells) == 1 for cells in maze.checkpoints)
    return _result(bits, tree.best_walls, tree.best, "exact", clock, tree.history,
                   optimal=not clock.stopped and one_copy)


class _Tree:
    """The tree of :func:`exact`: a node is a wall set, the cells no wall may go on below it
    (``excluded``), its depth (walls placed) and its ``share`` of the whole tree (for progress)."""

    def __init__(self, bits: BitRunner, clock: _Clock, limit: int, moves: int, progress: Optional[Callable]):
        self.bits, self.clock, self.limit, self.progress = bits, clock, limit, progress
        self.best, self.best_walls, self.history, self.done = moves, 0, [], 0.0
        self.wallable = bits.wallable

    def search(self) -> None:
        """Walk the tree depth first with a stack of its own (no recursion)."""
        stack = [self.visit(0, 0, 0, 1.0)] if self.limit else []
        while stack:
            child = next(stack[-1], None)
            if child is None:
                stack.pop()
            else:
                stack.append(self.visit(*child))

    def better(self, moves: int, walls: int) -> None:
        if moves > self.best:
            self.best, self.best_walls = moves, walls
            self.history.append((self.clock.elapsed(), moves))

    def visit(self, walls: int, excluded: int, depth: int, share: float):
        """One node of the tree; yields its children's arguments one at a time."""
        clock, bits = self.clock, self.bits
        if not clock.tick(self.best):
            return
        free = self.wallable & ~walls & ~excluded
        found = bits.route(walls, free)
        if found is None:
            self.done += share
            return
        moves, route = found
        self.better(moves, walls)
        cands = 0
        for c in route:
            cands |= c
        cands &= free
        if depth + 1 == self.limit:
            self.last_wall(walls, moves, route, cands)
        n = cands.bit_count()
        if depth + 1 >= self.limit or not n:
            self.done += share
            return
        while cands:
            if clock.stopped:
                return
            c = cands & -cands
            cands ^= c
            yield (walls | c, excluded, depth + 1, share / n)
            excluded |= c
            if self.progress is not None and share >= 0.01:
                self.progress(self.done, self.best)

    def last_wall(self, walls: int, moves: int, route: list, cands: int) -> None:
        """The last wall: skip the cells the runner can step around without beating the best
        (:func:`detour_moves`), run the runner on the others."""
        bits, clock = self.bits, self.clock
        for i, c in enumerate(route):
            if c & cands and detour_moves(bits, walls, route, i) <= self.best - moves:
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
                self.better(s, walls | c)


def detour_moves(bits: BitRunner, walls: int, route: list, i: int) -> float:
    """How many moves longer the runner's walk gets, at most, with one more wall on ``route[i]``.

    ``route`` is a shortest route (single-bit ints) with the board's ``walls``.  If the cells a and
    b before and after c = ``route[i]`` have a second common neighbour (c is a corner and the
    opposite corner is free), a, d, b is as short as a, c, b: 0.  If the route runs straight
    through c and some free side cell s of c has free cells next to both a and b, then a, a', s, b',
    b replaces a, c, b: 2.  Otherwise no short way round is known: infinity.  (Only for a cell the
    route passes once, and for boards whose checkpoints have one cell each.)

    >>> from mathmaze_lib.puzzles.wallmaze import BitRunner, parse
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
