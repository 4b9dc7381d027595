"""The fast runner: the runner's moves with sets of cells as Python integers
(:func:`mathmaze_lib.search.bfs_bits`), for the optimizers."""

from __future__ import annotations

from typing import Iterable, Optional

from ...search import bfs_bits, bits_bfs_route, bits_on_shortest_routes, bits_route
from .board import WallMaze
from .runner import Runner, _moves, join_legs, walk
from .text import parse  # noqa: F401  (the doctests' boards)


class BitRunner:
    """The same runner with sets of cells as Python integers (:func:`~mathmaze_lib.search.bfs_bits`):
    a wall set is one int, a whole BFS layer is a few integer operations.  The optimizers run
    it millions of times; it is 4 to 7 times faster than :class:`Runner` (``make bench``).

    Cell ``(r, c)`` is bit ``r * (cols + 1) + c``.  The moves are always the runner's; the route
    may be another shortest one (``route`` can prefer cells outside ``avoid``).  When two copies
    of a checkpoint are equally near, only the tie-break of :class:`Runner` knows which one the
    runner takes, so such a run is handed to it.  On a board with teleports, a leg where an
    in-cell of an unused colour lies on some shortest route (whether the runner meets it, and
    which one first, depends on its exact route) is planned by the runner's own search and tie-break
    (:func:`~mathmaze_lib.search.bits_bfs_route`), and cut at a jump as the runner cuts it; when no shortest route meets
    one, no teleport can act and the layers give the leg's moves as usual.

    >>> b = BitRunner(parse("s..\\n..f"))
    >>> b.score(0), b.score(b.mask([(0, 1)])), b.score(b.mask([(0, 1), (1, 0)]))
    (3, 3, None)
    >>> moves, route = b.route(b.mask([(0, 1)]))
    >>> moves, [b.cells(x)[0] for x in route]
    (3, [(0, 0), (1, 0), (1, 1), (1, 2)])
    """

    def __init__(self, maze: WallMaze):
        self.maze = maze
        self.width = maze.cols + 1
        row = (1 << maze.cols) - 1
        everything = 0
        for r in range(maze.rows):
            everything |= row << (r * self.width)
        self.free = everything & ~self.mask(maze.rocks)
        self.starts = self.mask(maze.starts)
        self.targets = [self.mask(cells) for cells in maze.checkpoints] + [self.mask(maze.ends)]
        special = self.starts
        for t in self.targets:
            special |= t
        special |= self.mask(maze.unbuildable)
        for _, ins, outs in maze.teleports:
            special |= self.mask(ins) | self.mask(outs)
        self.wallable = self.free & ~special       # the open cells, without a pass over every cell
        self.tele_ins = 0
        self._tele_colour, self._tele_in_bits, self._tele_out_bits = {}, {}, {}
        for colour, ins, outs in maze.teleports:
            self.tele_ins |= self.mask(ins)
            self._tele_in_bits[colour], self._tele_out_bits[colour] = self.mask(ins), self.mask(outs)
            for r, c in ins:
                self._tele_colour[r * self.width + c] = colour
        self.evaluations = 0
        #: After :meth:`route` on a board with teleports: the cells of the planned routes the runner
        #: did not walk (cut off by a jump).  A wall there can change the run too.
        self.unwalked = 0
        self._runner: Optional[Runner] = None

    def mask(self, cells: Iterable) -> int:
        """The int with the bits of ``cells``."""
        cells = list(cells)
        if len(cells) < 256:
            out = 0
            for r, c in cells:
                out |= 1 << (r * self.width + c)
            return out
        buf = bytearray(self.maze.rows * self.width // 8 + 1)   # many cells: one pass, not one big int each
        for r, c in cells:
            k = r * self.width + c
            buf[k >> 3] |= 1 << (k & 7)
        return int.from_bytes(buf, "little")

    def cells(self, bits: int) -> list:
        """The cells of ``bits``, in row order."""
        out = []
        while bits:
            low = bits & -bits
            out.append(divmod(low.bit_length() - 1, self.width))
            bits ^= low
        return out

    def _walk(self, walls: int, avoid: int, want_route: bool):
        self.evaluations += 1
        self.unwalked = 0
        if self.tele_ins:
            return self._walk_tiles(walls, avoid, want_route)
        free, width = self.free & ~walls, self.width
        sources, moves, route = self.starts, 0, []
        last = len(self.targets) - 1
        for k, goal in enumerate(self.targets):
            layers = bfs_bits(free, sources, goal, width)
            if layers is None:
                return None
            moves += len(layers) - 1
            hit = layers[-1] & goal
            if k < last and hit & (hit - 1):
                return self._by_runner(walls, want_route)
            if want_route:
                leg = bits_route(layers, goal, width, avoid)
                route.extend(leg[1:] if route else leg)
                sources = leg[-1]
            else:
                sources = hit
        return moves, route

    def _walk_tiles(self, walls: int, avoid: int, want_route: bool):
        """The run on a board with teleports as :func:`~mathmaze_lib.puzzles.wallmaze.runner.walk` walks
        it, each leg planned here: by the layers, as on a board without teleports, when no in-cell of an
        unused colour lies on any shortest route and the nearest target is one cell; else by
        :func:`~mathmaze_lib.search.bits_bfs_route`, the runner's own search with its tie-break (then
        cut at a jump as the runner cuts it)."""
        free, width, targets, ins = self.free & ~walls, self.width, self.targets, self._tele_in_bits
        last = len(targets) - 1
        planned = [0, ""]      # the cells of the routes planned by the runner's search; free as "0"/"1"
        live = [0, self.tele_ins]  # the colours used, and the in-cells of the others

        def plan(sources, k):
            goal = targets[k]
            layers = bfs_bits(free, sources, goal, width)
            if layers is None:
                return None
            hit = layers[-1] & goal
            tie = k < last and hit & (hit - 1)
            if live[0] != len(used):
                live[0] = len(used)
                for colour in used:
                    live[1] &= ~ins[colour]
            if not tie and not (live[1] and bits_on_shortest_routes(layers, hit, width) & live[1]):
                if want_route:
                    leg = bits_route(layers, goal, width, avoid)
                    return leg, len(layers) - 1, leg[-1], False
                return None, len(layers) - 1, hit, False
            planned[1] = planned[1] or format(free, "b")[::-1]     # [i] == "1": bit i is free
            leg = bits_bfs_route(planned[1], sources, goal, width)
            if want_route:
                planned[0] |= sum(1 << v for v in leg)
            return leg, len(leg) - 1, 1 << leg[-1], True

        used: set = set()
        walked = walk(plan, self.starts, last + 1, self._tele_colour, self._tele_out_bits, used)
        if walked is None:
            return None
        moves = sum([piece[1] for piece in walked])
        if not want_route:
            return moves, []
        route = []
        for leg, _, by_search in walked:
            cells = [1 << v for v in leg] if by_search else leg
            route.extend(cells[1:] if route and cells[0] == route[-1] else cells)
        if planned[0]:
            walked_cells = 0
            for x in route:
                walked_cells |= x
            self.unwalked = planned[0] & ~walked_cells
        return moves, route

    def _by_runner(self, walls: int, want_route: bool):
        if self._runner is None:
            self._runner = Runner(self.maze)
        runner = self._runner
        legs = runner.legs({runner.index(cell) for cell in self.cells(walls)})
        if legs is None:
            return None
        if not want_route:
            return _moves(legs), []
        path = join_legs(legs)
        self.unwalked = self.mask(runner.cell(i) for plan in runner.plans for i in plan) & ~self.mask(
            runner.cell(i) for i in path)
        return _moves(legs), [self.mask([runner.cell(i)]) for i in path]

    def score(self, walls: int) -> Optional[int]:
        """The runner's moves with the walls of ``walls``, or None when blocked."""
        out = self._walk(walls, 0, False)
        return None if out is None else out[0]

    def route(self, walls: int, avoid: int = 0) -> Optional[tuple]:
        """``(moves, route)``: the moves and one shortest route (single-bit ints, legs joined)
        through as few cells of ``avoid`` as it easily can; None when blocked.  On a board with
        teleports it is the runner's own route, with a jump (two cells not side by side) at each
        teleport."""
        return self._walk(walls, avoid, True)
