"""The ice maze: slide up, right, down or left across the ice; you stop only when a rock or the edge
of the board stops you. Stop on the goal in the fewest slides (a slide over the goal goes on past it).

A cell you can stop on is a node, a slide an edge: a shortest route is breadth-first search on the
stopping cells (:func:`solve`).  This package is the whole puzzle; the registry's one line
(:data:`mathmaze_lib.puzzles.PUZZLES`, key ``ice``) gives it the clickable game, worksheets with keys
and the command line.

>>> m = parse("s..#\\n.#..\\n...g")
>>> solve(m), check(m, solve(m)).ok
([(0, 0), (2, 0), (2, 3)], True)
"""

from __future__ import annotations

import sys

from .rules import IceMaze, parse, slide, successors, refusal, view, MAX_TEXT_BYTES
from .solving import solve, shortest_slides, check
from .generating import make
from .handout import HANDOUT
from ..protocol import Kind, set_module

__all__ = ["IceMaze", "parse", "slide", "successors", "refusal", "view", "MAX_TEXT_BYTES", "solve",
           "shortest_slides", "check", "make", "KIND"]

#: The ice maze in the registry (:data:`mathmaze_lib.puzzles.PUZZLES`, key ``ice``).
KIND = Kind(
    "ice", "Ice mazes",
    "You slide on the ice: up, right, down or left, and you stop only when a rock (#) or the edge of the "
    "board stops you. Slide from the start (S) to the goal (G) in as few slides as you can: your route must "
    "stop on G (a slide that only passes over G goes on past it). Mark each stop 1, 2, 3, ... on the grid, "
    "or list the stops as row,column (the small numbers on the edges).",
    sys.modules[__name__], make=make, parse=parse, check=check, refusal=refusal,
    successor_function=successors, view=view, solve=solve, size=(7, 7), plain=(IceMaze,),
    lesson=2, exercises={"q6": "mathmaze_lib.puzzles.icemaze.exercise:q7"},
    handout=HANDOUT)

set_module(__name__, globals(), __all__)
