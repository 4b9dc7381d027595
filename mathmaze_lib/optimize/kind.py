"""The wall maze as the registry knows it: its :class:`~mathmaze_lib.puzzles.protocol.Kind` with the
best walls (:func:`~.policy.best_walls`) as its key and in its worksheet items.

The optimizers import the wall maze, so the puzzle package cannot import them back; the registry
(:data:`mathmaze_lib.puzzles.PUZZLES`) names :func:`wall_kind` instead, and the kind is put together
here, above both.

>>> from mathmaze_lib.optimize import best_walls
>>> from mathmaze_lib.puzzles import PUZZLES, wallmaze
>>> PUZZLES["walls"].module is wallmaze, PUZZLES["walls"].solve.args == (best_walls,)
(True, True)
"""

from __future__ import annotations

from ..puzzles import wallmaze

__all__ = ["wall_kind"]


def wall_kind():
    """The wall maze's kind, its key found by :func:`~.policy.best_walls` (the registry's entry ``walls``):
    the policy, greedy and the exact search that the optimizers' package holds when the registry first asks."""
    from .. import optimize

    return wallmaze.kind(optimize.best_walls, optimize.greedy, optimize.exact)
