"""Math Maze: puzzles on grids and the graph searches that solve them.

The package has one grid model (:mod:`mathmaze_lib.grid`), one search core
(:mod:`mathmaze_lib.search`), a module per puzzle, drawings
(:mod:`mathmaze_lib.draw`), widgets (:mod:`mathmaze_lib.widgets`) and the
exercise mechanism (:mod:`mathmaze_lib.exercises`).

>>> from mathmaze_lib import Grid, bfs
>>> bfs(Grid(2, 2).neighbours, (0, 0), (1, 1)).length
2
"""

from .grid import Grid, ALL_EIGHT, DIAGONAL, ORTHOGONAL
from .search import bfs, count_shortest_paths, simple_paths, tree_search
# Lesson 3's saved notebooks (and class copies already handed out) say `from mathmaze_lib import wallmaze`:
from .puzzles import wallmaze  # noqa: E402,F401  (the package's home is mathmaze_lib.puzzles.wallmaze)

__version__ = "0.1.0"

__all__ = [
    "Grid", "ORTHOGONAL", "DIAGONAL", "ALL_EIGHT",
    "bfs", "tree_search", "count_shortest_paths", "simple_paths",
]
