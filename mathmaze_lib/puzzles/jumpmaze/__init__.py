"""Jumping mazes (number mazes): each number is the exact length of the next jump.

From a cell holding ``n`` you jump exactly ``n`` cells in a straight line and
must land on the board; find the shortest route (fewest jumps) from the start
to the goal.  The rules say which directions are allowed and what else matters:

* cell rules (the state is just the cell): ``ortho`` (default; up, right, down,
  left), ``diag8`` (any of 8 directions), ``rightdown`` (only right or down), and
  the modifier ``wrap`` (jumps wrap around the edges);
* rules that need more than the cell (the state is ``(cell, mode, last_dir, last_len)``):
  ``alternate`` (orthogonal first, then diagonal and orthogonal in turn), ``toggle``
  (start orthogonal; landing on a circled cell switches between orthogonal and diagonal),
  ``nouturn`` (never jump straight back the way you came), ``wildcard`` (a ``*`` cell
  repeats the previous jump's length; a ``*`` at the start has no jump yet, so no move).

Rules combine with ``+`` (``"diag8+nouturn"``); at most one of ortho, diag8,
rightdown, alternate and toggle.  Holes ``#`` are never landed on but may be
jumped over; a 0 is a dead end; the goal's own number is ignored.

All searching goes through :mod:`mathmaze_lib.search` with the successor
function of the rules, so a huge maze needs no graph object.

>>> m = CHAIN_REACTION
>>> moves_table(m)[0], moves_table(m)[2]
([4, 24], [0, 4, 14])
>>> s = solve(m)
>>> s.jumps, [m.index(c) for c in s.route]
(13, [0, 24, 6, 11, 23, 18, 20, 22, 19, 25, 7, 1, 5, 35])
"""

from __future__ import annotations

import sys

from .rules import (JumpMaze, parse, CHAIN_REACTION, RULES, check_rule, successors, start_state, cell_of,
                    landings, refusal, rule_text, view, HOLE, WILD, STATE_MAX_CELLS, MAX_JUMP_DIGITS,
                    MAX_TEXT_BYTES, RIGHT_DOWN)
from .solving import (moves_table, jump_graph, solve, Solution, count_shortest, all_shortest,
                      distances_from_start, distances_to_goal, unreachable, black_holes, white_holes, analyse,
                      layer_expand, check, DENSE_FROM)
from .objective import (OBJECTIVE, TERMS, TEMPERATURE, DesignTerms, design_terms, score_parts, score_terms,
                        default_steps, NO_ROUTE)
from .generating import generate, Generated, random_maze, make, COMPILED_FROM
from .sheet import SHEET
from .handout import HANDOUT
from ..protocol import Kind, set_module

__all__ = ["JumpMaze", "parse", "CHAIN_REACTION", "RULES", "check_rule", "successors", "start_state",
           "cell_of", "landings", "refusal", "rule_text", "view", "HOLE", "WILD", "STATE_MAX_CELLS", "MAX_JUMP_DIGITS",
           "MAX_TEXT_BYTES", "RIGHT_DOWN",
           "moves_table", "jump_graph", "solve", "Solution", "count_shortest", "all_shortest",
           "distances_from_start", "distances_to_goal", "unreachable", "black_holes", "white_holes", "analyse",
           "layer_expand", "check", "DENSE_FROM", "OBJECTIVE", "TERMS", "TEMPERATURE", "DesignTerms",
           "design_terms", "score_parts", "score_terms", "default_steps", "NO_ROUTE", "generate", "Generated",
           "random_maze", "make", "COMPILED_FROM", "KIND"]


def _route(maze):
    """A shortest route of cells, or None."""
    return solve(maze).route


#: Jumping mazes in the registry (:data:`mathmaze_lib.puzzles.PUZZLES`, key ``jump``).
KIND = Kind(
    "jump", "Jumping mazes",
    "The number in a cell is the exact length of your next jump: up, right, down or left, landing on "
    "the board. Find a shortest route (fewest jumps) from the start (S) to the goal (G). Number your "
    "jumps 1, 2, 3, ... on the grid, or list the cells as row,column (the small numbers on the edges).",
    sys.modules[__name__], make=make, parse=parse, check=check, refusal=refusal,
    successor_function=successors, view=view, solve=_route, start=start_state, size=(5, 5), sheet=SHEET,
    plain=(JumpMaze,), lesson=2, handout=HANDOUT)

set_module(__name__, globals(), __all__)
