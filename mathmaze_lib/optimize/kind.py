"""The wall maze as the registry knows it: its :class:`~mathmaze_lib.puzzles.protocol.Kind` with the
best walls (:func:`~.policy.best_walls`) as its key and in its worksheet items.

The optimizers import the wall maze, so the puzzle package cannot import them back; the registry
(:data:`mathmaze_lib.puzzles.PUZZLES`) names :func:`wall_kind` instead, and the kind is put together
here, above both.

>>> from mathmaze_lib.puzzles import PUZZLES, wallmaze
>>> PUZZLES["walls"].module is wallmaze, PUZZLES["walls"].solve.args == (best_walls,)
(True, True)
"""

from __future__ import annotations

from ..puzzles import wallmaze
from .greedy import greedy
from .policy import best_walls

__all__ = ["wall_kind"]


def wall_kind():
    """The wall maze's kind, its key found by :func:`~.policy.best_walls` (the registry's entry ``walls``)."""
    return wallmaze.kind(best_walls, greedy)
