"""Making ice mazes from an id: random rocks, a random start, and the goal where the slides from the
start take longest to reach; the best of a few tries (the most slides)."""

from __future__ import annotations

import random

from ... import checks
from ...grid import check_size
from ...search import bfs
from .rules import IceMaze, successors

__all__ = ["make", "TRIES", "ROCKS"]

#: Boards tried per id (the one whose goal takes the most slides wins) and the share of rocks.
TRIES, ROCKS = 20, 0.18


def make(id: int, rows: int = 7, cols: int = 7) -> IceMaze:
    """The ice maze of this id: the same id and size give the same maze everywhere.

    >>> m = make(3)
    >>> m == make(3), (m.rows, m.cols), m.start != m.end
    (True, (7, 7), True)
    """
    checks.puzzle_id(id, "maze id")
    check_size(rows, cols, max_rows=60, max_cols=60)
    if rows * cols < 4:
        raise ValueError(f"grid size {rows} x {cols}: an ice maze needs at least 4 cells")
    rng = random.Random(f"icemaze:{id}:{rows}x{cols}")
    best = None
    for _ in range(TRIES):
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        rocks = frozenset(cell for cell in cells if rng.random() < ROCKS)
        ice = [cell for cell in cells if cell not in rocks]
        if len(ice) < 2:
            continue
        start = rng.choice(ice)
        maze = IceMaze(rows, cols, rocks, start, start, id)
        dist = bfs(successors(maze), start).dist
        far = max(dist.values())
        goal = min(cell for cell, d in dist.items() if d == far)     # the first farthest stop, row by row
        if far > 0 and (best is None or far > best[0]):
            best = (far, IceMaze(rows, cols, rocks, start, goal, id))
    if best is None:
        raise ValueError(f"no ice maze of {rows} x {cols} with a slide to make: try a bigger size")
    return best[1]
