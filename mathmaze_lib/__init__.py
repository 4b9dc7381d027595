"""Math Maze: puzzles on grids and the graph searches that solve them.

The package has one grid model (:mod:`mathmaze_lib.grid`), one search core
(:mod:`mathmaze_lib.search`), a package per puzzle (:mod:`mathmaze_lib.puzzles`), drawings
(:mod:`mathmaze_lib.draw`), widgets (:mod:`mathmaze_lib.widgets`), the
exercise mechanism (:mod:`mathmaze_lib.exercises`) and the teacher's side (:mod:`mathmaze_lib.teacher`).

>>> from mathmaze_lib import Grid, bfs
>>> bfs(Grid(2, 2).neighbours, (0, 0), (1, 1)).length
2
"""

import sys

from .grid import Grid, ALL_EIGHT, DIAGONAL, ORTHOGONAL
from .search import bfs, count_shortest_paths, simple_paths, tree_search

__version__ = "0.1.0"

# Modules that moved, by their old names: the puzzles now live in mathmaze_lib.puzzles, the teacher's
# side in mathmaze_lib.teacher. Notebooks that learners saved before the move (and class copies released
# then, which the grader still runs) say `from mathmaze_lib import summaze`, and a teacher's script may say
# `from mathmaze_lib.worksheet import write`: one line per move keeps both working, each module imported
# only when asked for (the old name is the same module object, not a copy).
_MOVED = {
    "summaze": "mathmaze_lib.puzzles.summaze",
    "jumpmaze": "mathmaze_lib.puzzles.jumpmaze",
    "wallmaze": "mathmaze_lib.puzzles.wallmaze",
    "worksheet": "mathmaze_lib.teacher.worksheet",
    "handout": "mathmaze_lib.teacher.handout",
    "slides": "mathmaze_lib.teacher.slides",
    "collecting": "mathmaze_lib.teacher.collecting",
    "exercises.release": "mathmaze_lib.teacher.release",
    "exercises.classroom": "mathmaze_lib.teacher.classroom",
}


def __getattr__(name):
    if name in _MOVED:
        import importlib

        return importlib.import_module(_MOVED[name])
    raise AttributeError(f"module 'mathmaze_lib' has no attribute {name!r}")


class _OldNames:
    """Finds ``import mathmaze_lib.<old name>`` (and ``from ... import``) for the modules in ``_MOVED``:
    the module under its new name, so that both names are one module."""

    def find_spec(self, fullname, path=None, target=None):
        import importlib.util

        if fullname.startswith(__name__ + ".") and fullname[len(__name__) + 1:] in _MOVED:
            return importlib.util.spec_from_loader(fullname, self)
        return None

    def create_module(self, spec):
        import importlib

        module = importlib.import_module(_MOVED[spec.name[len(__name__) + 1:]])
        spec.loader_state = module.__spec__    # the import system gives it the old name's spec: put it back
        return module

    def exec_module(self, module):
        module.__spec__ = module.__spec__.loader_state


if not any(type(finder).__name__ == "_OldNames" for finder in sys.meta_path):
    sys.meta_path.append(_OldNames())

__all__ = [
    "Grid", "ORTHOGONAL", "DIAGONAL", "ALL_EIGHT",
    "bfs", "tree_search", "count_shortest_paths", "simple_paths",
]
