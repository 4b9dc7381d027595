"""The predictions of the start notebook (``00_start_here.ipynb``), which has no exercises.

>>> print(p1.answer(7).status)
correct
"""

from __future__ import annotations

from ..grid import Grid
from ..search import bfs
from .predict import Prediction

__all__ = ["p1"]
#: The notebook's predictions, in order (``start.p1``).
PREDICTIONS = ["p1"]


def moves_to_far_corner(rows: int = 4, cols: int = 5) -> int:
    """Moves from the top-left corner to the bottom-right one, by BFS."""
    return bfs(Grid(rows, cols).neighbours, (0, 0)).dist[(rows - 1, cols - 1)]


p1 = Prediction("How many moves is the far corner (3, 4) from (0, 0)?", answer=moves_to_far_corner,
                choices=[4, 7, 12, 20], name="start.p1",
                why="3 moves down and 4 to the right, in any order: no route is shorter.")
