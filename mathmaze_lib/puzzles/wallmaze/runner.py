"""The lesson's runner: one breadth-first search per leg (:func:`mathmaze_lib.search.bfs`), from
every start at once to the nearest copy of the next checkpoint, then to the nearest finish, cut
at a teleport's jump (see :mod:`mathmaze_lib.puzzles.wallmaze`)."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Callable, Iterable, Optional

from ...grid import ORTHOGONAL
from ...search import bfs
from .board import WallMaze
from .text import parse  # noqa: F401  (the doctests' boards)


@dataclass
class RunResult:
    """Where the runner went: ``moves`` (None when blocked), the whole ``path``
    and the ``legs`` (one route per checkpoint, then the last to a finish; a
    teleport cuts a leg in two: the route up to the in-cell, then the route on
    from an out-cell).  ``jumps`` lists the teleport jumps as (in-cell, out-cell).

    >>> run(parse("s.f")).moves, run(parse("s.f")).blocked
    (2, False)
    """

    moves: Optional[int]
    path: list
    legs: list

    @property
    def blocked(self) -> bool:
        """True when some leg has no route."""
        return self.moves is None

    @property
    def jumps(self) -> list:
        """The teleport jumps of the run, as (in-cell, out-cell) pairs, in order."""
        return [(a[-1], b[0]) for a, b in zip(self.legs, self.legs[1:]) if a[-1] != b[0]]


def join_legs(legs: list) -> list:
    """One route from the legs of a run (a leg starts where the one before ended, or, after a
    teleport's jump, somewhere else: then the route jumps too).

    >>> join_legs([[1, 2], [2, 3, 4], [4, 5]])
    [1, 2, 3, 4, 5]
    >>> join_legs([[1, 2], [7, 8]])
    [1, 2, 7, 8]
    """
    route = list(legs[0])
    for leg in legs[1:]:
        route.extend(leg[1:] if leg[0] == route[-1] else leg)
    return route


def walk(plan: Callable, sources, legs: int, colours: Optional[dict] = None, outs: Optional[dict] = None,
         used: Optional[set] = None) -> Optional[list]:
    """The runner's walk, written once for the Python runners (:class:`Runner` and
    :class:`~mathmaze_lib.puzzles.wallmaze.BitRunner`; the compiled one, ``fastrunner.run_arrays``, is
    tested equal to them): leg ``k`` (each checkpoint in turn, then the finish) goes from ``sources``
    to the leg's nearest target along ``plan(sources, k)``, which is ``(route, moves, ends, may_jump)``
    (``ends``: where the next leg starts), or None when no route reaches the targets.

    With teleports (``colours``: the colour of each in-cell), the runner walks a route that
    ``may_jump`` only up to its first in-cell of a colour not used yet: that colour is used up (added
    to ``used``, which ``plan`` may read), and the same leg is planned again from its out-cells
    ``outs[colour]``.  Returns the pieces walked, ``(route, moves, may_jump)`` each, or None when
    blocked.

    >>> step = {0: [1], 1: [2], 2: []}
    >>> walk(lambda sources, k: ([sources[0], step[sources[0]][0]], 1, step[sources[0]], True), [0], 2)
    [([0, 1], 1, True), ([1, 2], 1, True)]
    """
    walked, k = [], 0
    used = set() if used is None else used
    while k < legs:
        leg = plan(sources, k)
        if leg is None:
            return None
        route, moves, ends, may_jump = leg
        if may_jump and colours:
            for j, cell in enumerate(route):
                colour = colours.get(cell)
                if colour is not None and colour not in used:   # a jump: the leg is planned again from there
                    used.add(colour)
                    walked.append((route[:j + 1], j, True))
                    sources = outs[colour]
                    break
            else:
                colour = None
            if colour is not None:
                continue
        walked.append((route, moves, may_jump))
        sources = ends
        k += 1
    return walked


class Runner:
    """The runner on one board, fast enough for optimizers.

    Cells are numbered ``row * cols + col``; each cell keeps the list of its
    walkable neighbours (Up, Right, Down, Left), updated when a wall comes or
    goes, so the successor function is a plain list lookup for
    :func:`mathmaze_lib.search.bfs`.

    >>> r = Runner(parse("s..\\n..f"))
    >>> r.score(), r.score({1}), r.score({1, 4})
    (3, 3, None)
    >>> r.evaluations
    3
    """

    def __init__(self, maze: WallMaze):
        self.maze = maze
        grid = self.grid = maze.grid
        n, index = grid.size, grid.index
        self.blocked = bytearray(n)
        for rc in maze.rocks:
            self.blocked[index(rc)] = 1
        self.base = [[] if self.blocked[i] else [j for j in near if not self.blocked[j]]
                     for i, near in enumerate(grid.neighbour_table(ORTHOGONAL))]
        self.nbrs = [list(b) for b in self.base]
        self.walls: set = set()
        self.starts = [index(cell) for cell in maze.starts]
        self.targets = [{index(cell) for cell in cells} for cells in maze.checkpoints]
        self.targets.append({index(cell) for cell in maze.ends})
        self.open = [index(cell) for cell in maze.open_cells()]
        self.is_open = bytearray(n)
        for i in self.open:
            self.is_open[i] = 1
        # teleports: the colour of each in-cell and each colour's out-cells
        self.tele_in = {}
        self.tele_out = {}
        for colour, ins, outs in maze.teleports:
            for cell in ins:
                self.tele_in[index(cell)] = colour
            self.tele_out[colour] = [index(cell) for cell in outs]
        self.plans: list = []
        self.evaluations = 0

    # -- cells <-> numbers
    def index(self, cell) -> int:
        """The number of ``cell`` (row by row from 0)."""
        return self.grid.index(cell)

    def cell(self, index: int) -> tuple:
        """The cell numbered ``index``."""
        return self.grid.cell(index)

    # -- walls
    def _set(self, i: int, on: int) -> None:
        blocked, base, nbrs = self.blocked, self.base, self.nbrs
        blocked[i] = on
        for j in base[i]:
            nbrs[j] = [k for k in base[j] if not blocked[k]]

    def set_walls(self, walls) -> None:
        """Make the board's walls exactly ``walls`` (cell numbers), changing only the difference."""
        walls = set(walls)
        for i in self.walls - walls:
            self._set(i, 0)
        for i in walls - self.walls:
            self._set(i, 1)
        self.walls = walls

    # -- the run
    def legs(self, walls=None) -> Optional[list]:
        """The runner's legs as lists of cell numbers, or None when blocked (:func:`walk`, each leg
        planned by :func:`mathmaze_lib.search.bfs`).

        With teleports, a leg's planned route is cut at the first in-cell of an unused colour;
        the leg is then planned again from that colour's out-cells (a new list in the result).
        ``self.plans`` keeps every planned route, walked or not (a wall on any of their cells may
        change the run; a wall elsewhere cannot).
        """
        if walls is not None:
            self.set_walls(walls)
        self.evaluations += 1
        succ, targets = self.nbrs.__getitem__, self.targets
        self.plans = plans = []

        def plan(sources, k):
            res = bfs(succ, sources=sources, goal=targets[k])
            if res.goal is None:
                return None
            route = res.path
            plans.append(route)
            return route, len(route) - 1, (route[-1],), True

        walked = walk(plan, self.starts, len(targets), self.tele_in, self.tele_out)
        return None if walked is None else [route for route, _, _ in walked]

    def path(self, walls=None) -> Optional[list]:
        """The whole route as cell numbers (legs joined), or None when blocked."""
        legs = self.legs(walls)
        return None if legs is None else join_legs(legs)

    def score(self, walls=None) -> Optional[int]:
        """Moves of the run (None when blocked)."""
        legs = self.legs(walls)
        if legs is None:
            return None
        return sum(len(leg) - 1 for leg in legs)


def _moves(legs: list) -> int:
    return sum(len(leg) - 1 for leg in legs)


def run(maze: WallMaze, walls: Iterable = ()) -> RunResult:
    """Place ``walls`` (checked) and walk the runner; see the module example.

    >>> m = parse("sA.\\n...\\n..f")
    >>> r = run(m)
    >>> r.moves, r.legs
    (4, [[(0, 0), (0, 1)], [(0, 1), (0, 2), (1, 2), (2, 2)]])
    """
    walls = maze.check_walls(walls)
    runner = _take_runner(maze)
    legs = runner.legs({runner.index(w) for w in walls})
    _keep_runner(maze, runner)
    if legs is None:
        return RunResult(None, [], [])
    legs = [[runner.cell(i) for i in leg] for leg in legs]
    return RunResult(_moves(legs), join_legs(legs), legs)


_KEPT = threading.local()     # per thread: the Runners of the last boards that run() was asked about


def _take_runner(maze: WallMaze) -> Runner:
    """A :class:`Runner` on ``maze`` for :func:`run`: the one kept for this board (taken out while it
    runs), or a new one.  Kept, scoring many wall sets on one board (a game's clicks, an exercise's
    checks) only sets the walls that changed instead of building the board's tables again."""
    try:
        runner = _KEPT.__dict__.setdefault("runners", {}).pop(maze, None)
    except TypeError:                   # a board made by hand with a list or a set in it
        runner = None
    return runner if runner is not None else Runner(maze)


def _keep_runner(maze: WallMaze, runner: Runner) -> None:
    """Keep ``runner`` for the next run on ``maze`` (the last 8 boards, per thread).  Only a run that
    finished puts its Runner back: one stopped halfway (a time limit, Ctrl-C) may have set only some
    of its walls."""
    kept = _KEPT.__dict__.setdefault("runners", {})
    try:
        kept[maze] = runner
    except TypeError:
        return
    while len(kept) > 8:
        kept.pop(next(iter(kept)))


def score(maze: WallMaze, walls: Iterable = ()) -> Optional[int]:
    """The runner's moves with ``walls`` placed, or None when blocked.

    >>> score(parse("s.f"), [(0, 1)]) is None
    True
    """
    return run(maze, walls).moves


def first_leg_search(maze: WallMaze, walls: Iterable = ()):
    """The runner's first leg as a traced BFS over cells (from every start at once, to the nearest
    target of the first leg), to step through on a board.  It stops as every leg of the runner
    does, when it takes a target from the queue (the last step of the trace).  This is the leg as
    *planned*: teleports are ordinary cells for the search (the runner jumps only when it walks
    the planned route).

    >>> r = first_leg_search(parse("s..\\n..f"))
    >>> r.sources, r.path, r.expanded, r.trace[-1].current
    (((0, 0),), [(0, 0), (0, 1), (0, 2), (1, 2)], 5, (1, 2))
    """
    targets = set((list(maze.checkpoints) + [maze.ends])[0])
    return bfs(successors(maze, walls), sources=list(maze.starts), goal=lambda cell: cell in targets, trace=True)


def successors(maze: WallMaze, walls: Iterable = ()):
    """The runner's moves as a successor function: the neighbours Up, Right, Down, Left that are
    neither rocks nor walls (what the runner's BFS searches).

    >>> successors(parse("s#\\n.f"))((0, 0))
    [(1, 0)]
    """
    blocked = set(maze.rocks) | set(map(tuple, walls))
    grid = maze.grid
    return lambda cell: [n for n in grid.neighbours(cell, ORTHOGONAL) if n not in blocked]
