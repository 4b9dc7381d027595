"""The jumping mazes' one-page rules handout (``worksheet rules jump``): the rules, a short generated
maze solved jump by jump (:data:`EXAMPLE`), and the lesson's idea.

>>> HANDOUT.example()[0][-1]
'5 jumps, and no route has fewer: this is a shortest route.'
"""

from __future__ import annotations

from ..sheet import DIRECTION_WORDS, Handout, Picture, moves_told, route_picture
from .generating import generate
from .solving import solve

__all__ = ["HANDOUT", "EXAMPLE"]

#: The jumping maze of the handout's example: id, size and the route lengths asked of the generator
#: (a short route, so that every jump can be told).
EXAMPLE = (1, 4, 4, (4, 5))


def _example():
    pid, rows, cols, band = EXAMPLE
    maze = generate(pid, rows, cols, jumps=band).maze
    route = solve(maze).route
    def tell(k, here, there, direction):
        n = maze.value(here)
        return f"{k}: from the {n}, {n} {'cell' if n == 1 else 'cells'} {DIRECTION_WORDS[direction]}"

    told = moves_told(route, tell)
    texts = maze.texts()
    texts[maze.start[0]][maze.start[1]] = f"S {maze.value(maze.start)}"     # as on the worksheets
    roles = {maze.start: "start", maze.end: "goal"}
    lines = [f"Start top-left, on the {maze.value(maze.start)}; the goal G is bottom-right.",
             "Jumps " + "; ".join(told) + ".",
             f"{len(route) - 1} jumps, and no route has fewer: this is a shortest route."]
    return lines, [Picture("the maze", texts, roles),
                   route_picture("a shortest route, jumps numbered", texts, roles, route)]


HANDOUT = Handout(
    "Jumping mazes", "Lesson 2",
    ("Start on the start cell (S). The number in a cell is the exact length of your next jump.",
     "Jump straight up, right, down or left, exactly that many cells, and land on the board.",
     "You may jump over any cells. Reach the goal (G).",
     "Find a shortest route: the fewest jumps. Count jumps, not cells."),
    _example,
    "A maze is a graph whose arrows go where the numbers let you jump. Breadth-first search visits the "
    "cells in rings: 1 jump away, then 2, then 3, ... and remembers the cells it has seen. So the first "
    "time it reaches the goal, it is by a shortest route.")
