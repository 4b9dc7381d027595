"""The names a package's public functions and classes go by."""

from __future__ import annotations

__all__ = ["set_module"]


def set_module(package: str, names: dict, public) -> None:
    """Give the public functions and classes of a package (a puzzle, ``search``, ``optimize``) the
    package's name as their ``__module__`` (as numpy does): a learner imports them from the package,
    so that is the name the exercises' messages (``summaze.count_solutions``, "you called
    search.bfs"), tagged JSON and tracebacks show, whichever module of the package defines them.

    >>> from mathmaze_lib.puzzles import summaze
    >>> summaze.count_solutions.__module__, summaze.Puzzle.__module__
    ('mathmaze_lib.puzzles.summaze', 'mathmaze_lib.puzzles.summaze')
    """
    for name in public:
        item = names[name]
        if callable(item) and getattr(item, "__module__", "").startswith(package + "."):
            item.__module__ = package
