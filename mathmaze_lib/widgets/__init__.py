"""Widgets: one anywidget :class:`Board` and the :class:`SearchStepper` built on it.

Each game lives in its own module here and composes a Board with standard
ipywidgets (``game.board``, ``game.view``).

>>> from mathmaze_lib.widgets import Board
>>> Board(2, 2).rows
2
"""

from .board import Board

__all__ = ["Board", "SearchStepper"]


def __getattr__(name):
    # The stepper is imported lazily so that `import mathmaze_lib.widgets` stays quick.
    if name == "SearchStepper":
        from .stepper import SearchStepper
        return SearchStepper
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
