"""Math Maze: puzzles on grids and the graph searches that solve them.

The package has one grid model (:mod:`mathmaze_lib.grid`), one search core
(:mod:`mathmaze_lib.search`), a package per puzzle (:mod:`mathmaze_lib.puzzles`), drawings
(:mod:`mathmaze_lib.draw`), widgets (:mod:`mathmaze_lib.widgets`) and the
exercise mechanism (:mod:`mathmaze_lib.exercises`).

>>> from mathmaze_lib import Grid, bfs
>>> bfs(Grid(2, 2).neighbours, (0, 0), (1, 1)).length
2
"""

from .grid import Grid, ALL_EIGHT, DIAGONAL, ORTHOGONAL
from .search import bfs, count_shortest_paths, simple_paths, tree_search

__version__ = "0.1.0"

# The puzzles live in mathmaze_lib.puzzles. Notebooks that learners saved before they moved (and class
# copies released then, which the grader still runs) say `from mathmaze_lib import summaze`: one
# line per puzzle keeps them working, imported only when asked for.
_MOVED = {
    "summaze": "mathmaze_lib.puzzles.summaze",
    "jumpmaze": "mathmaze_lib.puzzles.jumpmaze",
    "wallmaze": "mathmaze_lib.puzzles.wallmaze",
}


def __getattr__(name):
    if name in _MOVED:
        import importlib

        return importlib.import_module(_MOVED[name])
    raise AttributeError(f"module 'mathmaze_lib' has no attribute {name!r}")

__all__ = [
    "Grid", "ORTHOGONAL", "DIAGONAL", "ALL_EIGHT",
    "bfs", "tree_search", "count_shortest_paths", "simple_paths",
]
