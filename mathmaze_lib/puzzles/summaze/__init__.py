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

from .rules import Puzzle, PathCheck, check_path, running_sums, path_sum, legal_step, why_not, format_puzzle, parse, check, successors, view, texts_and_roles, NEAR
from .solving import CountStopped, solutions, count_solutions, sum_histogram, near_misses, branching, grade, Grade, dfs_steps, describe_step
from .generating import generate, random_walk, generate_unique, make
from ..protocol import set_module

__all__ = ["Puzzle", "PathCheck", "check_path", "running_sums", "path_sum", "legal_step", "why_not",
           "format_puzzle", "parse", "check", "successors", "view", "texts_and_roles", "NEAR", "CountStopped",
           "solutions", "count_solutions", "sum_histogram", "near_misses", "branching", "grade", "Grade",
           "dfs_steps", "describe_step", "generate", "random_walk", "generate_unique", "make"]

set_module(__name__, globals(), __all__)
