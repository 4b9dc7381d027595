"""Math Maze: trace a path from Start to End whose numbers add up to the target.

A puzzle is a grid of numbers (4 x 5 by default) with a Start cell and an
End cell.  The End cell holds no number (it is 0 in :attr:`Puzzle.numbers`):
it shows the target instead.  The player walks from Start to End through
orthogonally adjacent cells, never visiting a cell twice, and the numbers on
the way (Start included) must add up to the target.  Any such path wins, not
only the one the generator planted.

The puzzle id is the seed: ``generate(id)`` makes the same puzzle on every
machine.

>>> p = generate(7)
>>> check_path(p, p.path).ok
True
>>> count_solutions(p) >= 1
True
"""

from __future__ import annotations

import sys

from .rules import (Puzzle, check_path, running_sums, path_sum, legal_step, refusal, format_puzzle, parse,
                    check, successors, view, texts_and_roles, NEAR)
from .solving import (CountStopped, solutions, count_solutions, sum_histogram, near_misses, branching, grade,
                      Grade, dfs_steps, describe_step)
from .generating import generate, random_walk, generate_unique, make
from .sheet import SHEET
from .handout import HANDOUT
from ..protocol import Kind, set_module

__all__ = ["Puzzle", "check_path", "running_sums", "path_sum", "legal_step", "refusal",
           "format_puzzle", "parse", "check", "successors", "view", "texts_and_roles", "NEAR", "CountStopped",
           "solutions", "count_solutions", "sum_histogram", "near_misses", "branching", "grade", "Grade",
           "dfs_steps", "describe_step", "generate", "random_walk", "generate_unique", "make", "KIND"]


def _shortest(puzzle):
    """A shortest solution (the first one the search finds among the shortest), or None."""
    return min(solutions(puzzle), key=len, default=None)


#: Math Maze in the registry (:data:`mathmaze_lib.puzzles.PUZZLES`, key ``summaze``).
KIND = Kind(
    "summaze", "Math Maze",
    "Draw a path from Start (S) to End (=target): one step up, right, down or left at a time, never the same "
    "cell twice. The numbers on the way, Start's included, must add up to the target.",
    sys.modules[__name__], make=make, parse=parse, check=check, refusal=refusal,
    successor_function=successors, view=view, solve=_shortest, size=(4, 5), sheet=SHEET, plain=(Puzzle,),
    lesson=1, handout=HANDOUT)

set_module(__name__, globals(), __all__)
