"""The ice mazes' one-page rules handout (``worksheet rules ice``): the rules (a route must stop on
the goal), a small maze where the first slide one tries passes over the goal, solved slide by slide
(:data:`EXAMPLE`), and the idea of lesson 2's section on ice mazes.

>>> HANDOUT.example()[0][1]
'Sliding down from S passes over G and stops only at the bottom edge: that is not the goal.'
"""

from __future__ import annotations

from ...grid import ORTHOGONAL
from ..sheet import DIRECTION_WORDS, Handout, Picture, moves_told, route_picture
from .rules import parse, slide, view
from .solving import solve

__all__ = ["HANDOUT", "EXAMPLE"]

#: The handout's maze: sliding down from S passes over G; the one shortest route has 3 slides.
EXAMPLE = """
s.##.
.....
g....
.##..
"""



_EDGES = {(-1, 0): "the top edge", (0, 1): "the right edge", (1, 0): "the bottom edge", (0, -1): "the left edge"}


def _stopped_by(maze, cell, direction) -> str:
    return _EDGES[direction] if maze.grid.step(cell, direction) is None else "a rock"


def _passes_over_goal(maze):
    """A slide from the start that passes over the goal without stopping on it: ``(direction, stop)``."""
    for d in ORTHOGONAL:
        stop, here = slide(maze, maze.start, d), maze.start
        while here != stop:
            here = maze.grid.step(here, d)
            if here == maze.end and here != stop:
                return d, stop
    return None


def _example():
    maze = parse(EXAMPLE)
    route = solve(maze)
    texts, roles = view(maze)
    lines = [f"Start top-left on S; the goal G is {maze.end[0] - maze.start[0]} cells below it."]
    over = _passes_over_goal(maze)
    if over:
        d, stop = over
        lines.append(f"Sliding {DIRECTION_WORDS[d]} from S passes over G and stops only at "
                     f"{_stopped_by(maze, stop, d)}: that is not the goal.")
    told = moves_told(route, lambda k, a, b, d: f"{k}: {DIRECTION_WORDS[d]}, stopped by {_stopped_by(maze, b, d)}")
    lines += ["Slides " + "; ".join(told) + ", on G.",
              f"{len(route) - 1} slides, and no route has fewer: this is the shortest route."]
    return lines, [Picture("the maze", texts, roles),
                   route_picture("the shortest route, slides numbered", texts, roles, route)]


HANDOUT = Handout(
    "Ice mazes", "Lesson 2, section 11 (going further)",
    ("Start on S. Slide up, right, down or left across the ice.",
     "You stop only when a rock (#) or the edge of the board stops you: you cannot stop halfway.",
     "Your route must stop on the goal G. A slide that passes over G without stopping there goes on past it.",
     "Find a shortest route: the fewest slides. Count slides, not cells."),
    _example,
    "A cell you can stop on is a node and a slide an edge: the maze is a graph of stops. Breadth-first "
    "search visits the stops in rings, 1 slide away, then 2, then 3, ..., so the first time it stops on "
    "the goal, it is by a shortest route.")
