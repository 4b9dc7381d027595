"""The jumping mazes' one-page rules handout (``worksheet rules jump``): the rules, a short generated
maze solved jump by jump (:data:`EXAMPLE`), and the lesson's idea.

>>> HANDOUT.example()[0][-1]
'5 jumps, and no route has fewer: this is a shortest route.'
"""

from __future__ import annotations

from ..sheet import Handout, Picture
from .generating import generate
from .solving import solve

__all__ = ["HANDOUT", "EXAMPLE"]

#: The jumping maze of the handout's example: id, size and the route lengths asked of the generator
#: (a short route, so that every jump can be told).
EXAMPLE = (1, 4, 4, (4, 5))

_DIRECTIONS = {(-1, 0): "up", (0, 1): "right", (1, 0): "down", (0, -1): "left"}


def _example():
    pid, rows, cols, band = EXAMPLE
    maze = generate(pid, rows, cols, jumps=band).maze
    route = solve(maze).route
    told = []
    for k, ((r1, c1), (r2, c2)) in enumerate(zip(route, route[1:]), start=1):
        n = maze.value((r1, c1))
        way = _DIRECTIONS[((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1))]
        told.append(f"{k}: from the {n}, {n} {'cell' if n == 1 else 'cells'} {way}")
    texts = maze.texts()
    texts[maze.start[0]][maze.start[1]] = f"S {maze.value(maze.start)}"     # as on the worksheets
    roles = {maze.start: "start", maze.end: "goal"}
    lines = [f"Start top-left, on the {maze.value(maze.start)}; the goal G is bottom-right.",
             "Jumps " + "; ".join(told) + ".",
             f"{len(route) - 1} jumps, and no route has fewer: this is a shortest route."]
    shown = Picture("a shortest route, jumps numbered", texts, {**{c: "path" for c in route}, **roles},
                    tuple(route), arrows=True, steps=True)
    return lines, [Picture("the maze", texts, roles), shown]


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
