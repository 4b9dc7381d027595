"""The fast runner, compiled: the runner of :mod:`mathmaze_lib.puzzles.wallmaze.runner` over numpy
arrays, compiled with numba (``njit(cache=True)``), leg by leg with the compiled breadth-first search
of :func:`mathmaze_lib.search.arrays.bfs_arrays`; the same runs as :class:`Runner`
(``tests/test_fastrunner.py`` compares every leg on thousands of random boards with checkpoints,
teleports and unbuildable cells).  The compiled optimizers' steps (:mod:`mathmaze_lib.optimize.compiled`)
call :func:`run_arrays`.

The board as arrays (:class:`Board`), cells numbered ``row * cols + col`` like :class:`Runner`:

- ``nbrs[v]``: the neighbours of ``v`` in the runner's order (Up, Right, Down, Left), then -1s up to four;
- ``kind[v]``: ``k`` when ``v`` is a target of leg ``k`` (a copy of checkpoint ``k``, or a finish for the
  last leg), else -1;
- ``tele_in[v]``: the teleport colour (0, 1, ...) of an in-cell, else -1; the out-cells of colour ``c`` are
  ``tele_out[tele_ptr[c]:tele_ptr[c + 1]]``, in the runner's order.

The run's scratch arrays come from :meth:`Board.buffers`; ``counts`` holds, at the slots named below,
the lengths of the route and of the cut-off cells a run wrote, and the stamps of the last search
(:data:`SEEN_STAMP`) and of the last candidate marking (:data:`MARK_STAMP`, the optimizers' own).

>>> from mathmaze_lib.puzzles.wallmaze import parse, run as walk
>>> maze = parse("s.t.f\\ns.p.f\\ns.u.f")
>>> moves, route = run(board(maze))
>>> moves == walk(maze).moves, [maze.grid.cell(v) for v in route][:3]
(True, [(0, 0), (0, 1), (0, 2)])
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...grid import ORTHOGONAL
from ...search.arrays import AVAILABLE, bfs_arrays, njit
from .board import WallMaze

__all__ = ["AVAILABLE", "Board", "board", "run", "run_arrays", "ROUTE_LEN", "CUT_LEN", "SEEN_STAMP", "MARK_STAMP"]

#: The slots of ``counts`` (see the module's text): one owner, read by name everywhere.
ROUTE_LEN, CUT_LEN, SEEN_STAMP, MARK_STAMP = 0, 1, 2, 3


@dataclass
class Board:
    """A wall maze as the arrays the compiled runner reads (see the module's text)."""

    nbrs: np.ndarray        # int32 (n, 4)
    rocks: np.ndarray       # uint8 (n,): 1 on a rock
    wallable: np.ndarray    # uint8 (n,): 1 where a wall may go
    starts: np.ndarray      # int32, the runner's order
    kind: np.ndarray        # int32 (n,)
    legs: int               # checkpoints + 1
    tele_in: np.ndarray     # int32 (n,)
    tele_ptr: np.ndarray    # int32 (colours + 1,)
    tele_out: np.ndarray    # int32
    budget: int             # walls that may be placed (at most the wallable cells)

    @property
    def size(self) -> int:
        """The number of cells."""
        return len(self.rocks)

    def buffers(self) -> tuple:
        """Scratch arrays for :func:`run_arrays` (one set per search)."""
        n = self.size
        colours = len(self.tele_ptr) - 1
        route_cap = (self.legs + colours + 1) * n + 1
        return (np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int32),
                np.zeros(n, np.int32), np.zeros(max(colours, 1), np.uint8), np.zeros(route_cap, np.int32),
                np.zeros(route_cap, np.int32), np.zeros(4, np.int64))


def board(maze: WallMaze) -> Board:
    """The arrays of ``maze`` (cells, starts, targets and teleports in :class:`Runner`'s order)."""
    grid = maze.grid
    n, index = grid.size, grid.index
    nbrs = grid.neighbour_array(ORTHOGONAL)
    rocks = np.zeros(n, np.uint8)
    rocks[_indices(maze.rocks, maze.cols)] = 1
    kind = np.full(n, -1, np.int32)
    targets = list(maze.checkpoints) + [maze.ends]
    for k, cells in enumerate(targets):
        for cell in cells:
            kind[index(cell)] = k
    tele_in = np.full(n, -1, np.int32)
    ptr, outs = [0], []
    for c, (_, ins, out_cells) in enumerate(maze.teleports):
        for cell in ins:
            tele_in[index(cell)] = c
        outs.extend(index(cell) for cell in out_cells)
        ptr.append(len(outs))
    wallable = 1 - rocks                # the open cells: no rock, start, finish, checkpoint, p or teleport
    taken = [maze.starts, maze.ends, maze.unbuildable, *maze.checkpoints]
    taken += [cells for _, ins, outs in maze.teleports for cells in (ins, outs)]
    for cells in taken:
        wallable[_indices(cells, maze.cols)] = 0
    starts = list(dict.fromkeys(index(cell) for cell in maze.starts))
    return Board(nbrs, rocks, wallable, np.array(starts, np.int32), kind, len(targets), tele_in,
                 np.array(ptr, np.int32), np.array(outs, np.int32), min(maze.budget, int(wallable.sum())))


def _indices(cells, cols: int) -> np.ndarray:
    """The cell numbers of ``cells`` as an array."""
    cells = np.array(list(cells), np.int64).reshape(-1, 2)
    return cells[:, 0] * cols + cells[:, 1]


@njit(cache=True)
def _leg_route(parent, found, leg):
    """The route to ``found`` through ``parent`` (source first) written to ``leg``; its length."""
    length = 0
    v = found
    while v >= 0:
        leg[length] = v
        length += 1
        v = parent[v]
    for i in range(length // 2):
        leg[i], leg[length - 1 - i] = leg[length - 1 - i], leg[i]
    return length


@njit(cache=True)
def _cut_at_jump(leg, length, tele_in, used, cut, ncut):
    """Cut ``leg[:length]`` at its first in-cell of an unused colour (the colour is used up and the
    cells after it go to ``cut``): ``(new length, colour jumped or -1, new ncut)``."""
    for j in range(length):
        c = tele_in[leg[j]]
        if c >= 0 and used[c] == 0:
            used[c] = 1
            for i in range(j + 1, length):
                cut[ncut] = leg[i]
                ncut += 1
            return j + 1, c, ncut
    return length, -1, ncut


@njit(cache=True)
def run_arrays(nbrs, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out,
               seen, parent, queue, leg, sources, used, route, cut, counts):
    """The run with the cells of ``blocked`` closed: its moves, or -1 when blocked.

    Writes the walked route to ``route[:counts[ROUTE_LEN]]`` (legs joined, each jump a step between two
    cells not side by side) and the cells of planned routes cut off by a jump to ``cut[:counts[CUT_LEN]]``."""
    for c in range(len(used)):
        used[c] = 0
    nsrc = len(starts)
    sources[:nsrc] = starts
    moves = rlen = ncut = k = 0
    if counts[SEEN_STAMP] > 2000000000:
        seen[:] = 0
        counts[SEEN_STAMP] = 0
    stamp = counts[SEEN_STAMP] + 1
    while k < legs:
        found = bfs_arrays(nbrs, blocked, sources, nsrc, kind, k, seen, stamp, parent, queue)
        stamp += 1
        if found < 0:
            moves = -1
            break
        length, jumped, ncut = _cut_at_jump(leg, _leg_route(parent, found, leg), tele_in, used, cut, ncut)
        first = 1 if rlen > 0 and route[rlen - 1] == leg[0] else 0
        for i in range(first, length):
            route[rlen] = leg[i]
            rlen += 1
        moves += length - 1
        if jumped >= 0:
            nsrc = tele_ptr[jumped + 1] - tele_ptr[jumped]
            sources[:nsrc] = tele_out[tele_ptr[jumped]:tele_ptr[jumped + 1]]
        else:
            sources[0] = leg[length - 1]
            nsrc = 1
            k += 1
    counts[ROUTE_LEN] = rlen
    counts[CUT_LEN] = ncut
    counts[SEEN_STAMP] = stamp
    return moves


def run(b: Board, walls=()) -> tuple:
    """``(moves, route)`` of the compiled runner with walls on the cell numbers ``walls``
    (``moves`` -1 and the route so far when blocked)."""
    blocked = b.rocks.copy()
    for v in walls:
        blocked[v] = 1
    seen, parent, queue, leg, sources, used, route, cut, counts = b.buffers()
    moves = run_arrays(b.nbrs, blocked, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr, b.tele_out,
                 seen, parent, queue, leg, sources, used, route, cut, counts)
    return int(moves), [int(v) for v in route[:counts[ROUTE_LEN]]]
