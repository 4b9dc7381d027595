"""Lights Out: pressing a cell switches it and its neighbours up, right, down and left (a light that is
on goes off, one that is off comes on). Turn every light off with the fewest presses.

The answer is not a route but a set of presses (the order does not matter, and a cell pressed twice is
as if not pressed); the states beyond the cell are the whole board's lights, one press a move, so
breadth-first search on the lights finds the fewest presses (:func:`solve`).  Boards are made from an
id with a chosen number of presses that is their one fewest answer (:func:`make`).  This package is
the whole puzzle; the registry's one line (:data:`mathmaze_lib.puzzles.PUZZLES`, key ``lights``) gives
it the clickable game (played by keys and a screen reader too), worksheets with keys and the command
line.

>>> b = parse("*.*\\n*.*\\n.*.")
>>> solve(b), check(b, solve(b)).ok
([(0, 1), (1, 1)], True)
"""

from __future__ import annotations

import sys

from .rules import (LightsOut, parse, plus, press, lights_after, state_of, lights_of, successors, refusal, view,
                    PRESSED, MAX_SIDE, MAX_TEXT_BYTES)
from .solving import solve, fewest_presses, presses_of, press_sets, check, MAX_EXPANSIONS
from .generating import make, only_fewest, TRIES
from .play import PRESSES as PLAY
from .sheet import SHEET
from .handout import HANDOUT
from ..protocol import Kind, set_module

__all__ = ["LightsOut", "parse", "plus", "press", "lights_after", "state_of", "lights_of", "successors", "refusal",
           "view", "PRESSED", "MAX_SIDE", "MAX_TEXT_BYTES", "solve", "fewest_presses", "presses_of", "press_sets",
           "check", "MAX_EXPANSIONS", "make", "only_fewest", "TRIES", "KIND"]


def _first_state(board: LightsOut) -> int:
    return state_of(board, board.lights)


#: Lights Out in the registry (:data:`mathmaze_lib.puzzles.PUZZLES`, key ``lights``).
KIND = Kind(
    "lights", "Lights Out",
    "Pressing a cell switches it and its neighbours up, right, down and left: a light that is on goes off, "
    "one that is off comes on. Turn every light off with as few presses as you can. Mark each cell you "
    "press, or list them as row,column (the small numbers on the edges): the order does not matter, and "
    "a cell pressed twice is as if not pressed.",
    sys.modules[__name__], make=make, parse=parse, check=check, refusal=refusal, successor_function=successors,
    view=view, solve=solve, start=_first_state, play=PLAY, size=(5, 5), sheet=SHEET, plain=(LightsOut,),
    exercises={"q8": "mathmaze_lib.puzzles.lightsout.exercise:q8"}, corpus="mathmaze_lib.puzzles.lightsout.corpus",
    handout=HANDOUT)

set_module(__name__, globals(), __all__)
