"""The wall mazes' one-page rules handout (``worksheet rules walls``): the rules (and the tiles some
boards have), lesson 3's first board with its best walls, proven by the exact search, and the
lesson's idea.  The exact search is :func:`mathmaze_lib.optimize.exact`, which imports this package, so
the kind gives it from above (:func:`rules_handout`, called by :func:`mathmaze_lib.puzzles.wallmaze.kind`).

>>> from mathmaze_lib.puzzles import PUZZLES
>>> PUZZLES["walls"].handout.example()[0][1].split(":")[0]
'The 3 walls on the right force two detours'
"""

from __future__ import annotations

from functools import partial

from ..sheet import Handout, Picture
from .puzzle import texts_and_roles
from .runner import run
from .sheet import TILE_RULES
from .text import parse

__all__ = ["rules_handout", "EXAMPLE"]

#: Lesson 3's first board: 3 walls to place.
EXAMPLE = """
walls: 3
s......#f
s..#....f
s....#..f
"""


def _example(exact):
    board = parse(EXAMPLE)
    before = run(board)
    best = exact(board, seconds=None)
    after = run(board, best.walls)
    lines = [f"With no walls the runner needs {before.moves} moves from S to F.",
             f"The 3 walls on the right force two detours: {after.moves} moves, the best possible here "
             f"(the exact search proves it).",
             "A wall off the runner's route changes nothing; a wall that cuts every route is not allowed."]

    def picture(caption, walls, result):
        texts, roles = texts_and_roles(board, walls, result.path)
        return Picture(caption, texts, roles, tuple(result.path))
    return lines, [picture(f"no walls: {before.moves} moves", (), before),
                   picture(f"3 walls: {after.moves} moves", best.walls, after)]


def rules_handout(exact) -> Handout:
    """The handout, its worked example's best walls proven by ``exact(board, seconds=None)``."""
    return Handout(
        "Wall mazes", "Lesson 3",
        ("The runner goes from a start (S, left column) to a finish (F, right column).",
         "It always takes a shortest route: the fewest moves up, right, down or left.",
         "You place walls on open cells, up to the number allowed. The runner cannot go through walls or "
         "rocks (grey, crossed).",
         "Make the runner's route as long as you can. You may not cut it off completely."),
        partial(_example, exact),
        "The runner is a breadth-first search. Only a wall on its route can make the route longer, so a "
        "search for the best walls tries walls on the route: greedy takes the best one each time, local "
        "search and annealing change a few, and the exact search proves the best.",
        tuple(TILE_RULES.values()))
