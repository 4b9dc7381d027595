"""Solving ice mazes: breadth-first search on the stopping cells (:func:`mathmaze_lib.search.bfs`
with the slides as the successor function), and a route's verdict."""

from __future__ import annotations

from typing import Optional

from ...search import bfs
from ..protocol import Verdict
from .rules import IceMaze, _check_route, successors

__all__ = ["solve", "shortest_slides", "check"]


def solve(maze: IceMaze) -> Optional[list]:
    """A shortest route of stops from the start to the goal (fewest slides), or None.

    >>> from mathmaze_lib.puzzles.icemaze import parse
    >>> solve(parse("s..#\\n...g"))
    [(0, 0), (1, 0), (1, 3)]
    """
    route = bfs(successors(maze), maze.start, maze.end).path
    return list(route) if route else None


def shortest_slides(maze: IceMaze) -> Optional[int]:
    """The slides of a shortest route (None when the goal cannot be reached)."""
    route = solve(maze)
    return None if route is None else len(route) - 1


def check(maze: IceMaze, route) -> Verdict:
    """The verdict on a route of stops: it starts at the start, every step is one slide, and it ends
    on the goal (the reason also says whether it is a shortest route).

    >>> from mathmaze_lib.puzzles.icemaze import parse
    >>> m = parse("s..#\\n...g")
    >>> check(m, [(0, 0), (1, 0), (1, 3)]).reason
    'the route reaches the goal in 2 slides: a shortest route'
    >>> check(m, [(0, 0), (0, 1)]).reason
    'slide 1: from (0, 0) you can stop on (0, 2) or (1, 0), not on (0, 1)'
    """
    return _check_route(maze, route, shortest_slides)
