"""Jumping mazes on a worksheet: the item of an id (a shortest route with numbered jumps and its cells
as the key), its difficulty from the jumps of the shortest route (:data:`JUMP_BANDS`), and the route
length the generator aims at for a difficulty (:func:`jump_target`).

>>> difficulty(9)
'medium'
"""

from __future__ import annotations

from typing import Optional

from ..sheet import Asked, Item, SheetRules, band, on_route, route_cells
from .generating import generate
from .solving import count_shortest, solve

__all__ = ["JUMP_BANDS", "DIFFICULTY_RULES", "LONGEST", "longest_route", "difficulty", "jump_target", "item",
           "SHEET"]

#: The jumps of the shortest route, (fewest, most) per difficulty (None: no limit).
JUMP_BANDS = {"easy": (4, 7), "medium": (8, 12), "hard": (13, None)}
#: What each difficulty means (the words of the command's messages and of the teacher guide).
DIFFICULTY_RULES = {"easy": "a shortest route of 4 to 7 jumps",
                    "medium": "a shortest route of 8 to 12 jumps",
                    "hard": "a shortest route of 13 or more jumps"}


def difficulty(jumps: int) -> str:
    """The difficulty of a jumping maze from the jumps of its shortest route (:data:`JUMP_BANDS`).

    >>> difficulty(7), difficulty(12), difficulty(19)
    ('easy', 'medium', 'hard')
    """
    return band(jumps, JUMP_BANDS)


def jump_target(pid: int, level: Optional[str]) -> Optional[tuple]:
    """The route length the generator aims at for maze ``pid`` of a difficulty, as ``(fewest, most)``
    jumps: the ids take turns through the band (so a sheet mixes lengths and its mazes differ); hard
    has no most (the longest route the generator finds).

    >>> [jump_target(pid, "easy") for pid in range(1, 5)], jump_target(1, "hard"), jump_target(1, None)
    ([(4, 5), (4, 6), (4, 7), (4, 4)], (13, None), None)
    """
    if not level:
        return None
    fewest, most = JUMP_BANDS[level]
    return (fewest, None if most is None else fewest + pid % (most - fewest + 1))


def item(pid: int, asked: Asked) -> Item:
    """Maze ``pid``, made for ``asked.difficulty`` (the generator aims at its route length), with its key."""
    maze = generate(pid, asked.rows, asked.cols, jumps=jump_target(pid, asked.difficulty)).maze
    texts = maze.texts()
    texts[maze.start[0]][maze.start[1]] = f"S {texts[maze.start[0]][maze.start[1]]}"
    roles = {maze.start: "start", maze.end: "goal"}
    sol = solve(maze)
    count = None
    if sol.route is None:  # the generator always makes a route; say so plainly if it ever does not
        key, answer, level = "no route", {"jumps": None, "route": None, "shortest_routes": 0}, ""
    else:
        count = count_shortest(maze)
        level = difficulty(sol.jumps)
        route = [tuple(c) for c in sol.route]
        only = "the only shortest route" if count == 1 else f"one of {count} shortest routes"
        key = f"{sol.jumps} jumps ({level}; {only}). Route: {route_cells(route)}"
        answer = {"jumps": sol.jumps, "route": route, "shortest_routes": count, "difficulty": level}
    return Item("jump", pid, f"Maze {pid}", texts, roles, key, answer, route=list(sol.route or []),
                key_roles=on_route(roles, sol.route or []), arrows=True, steps=True, coordinates=True,
                puzzle=maze, blank="My route: ______ jumps", difficulty=level, unique=count == 1)


#: The longest shortest route of any jumping maze (jumps up, right, down or left, start top-left, goal
#: bottom-right) of a small size, found by trying every maze: every number from 1 to the longest jump
#: that lands, and one that lands nowhere (as a hole), in every cell (4 x 4: 339,738,624 mazes, 81 s
#: compiled). A board the same size turned over has the same routes.
LONGEST = {(3, 3): 6, (3, 4): 8, (4, 4): 12}


def longest_route(rows: int, cols: int) -> int:
    """The most jumps a shortest route can have on a ``rows`` x ``cols`` jumping maze, as far as known:
    :data:`LONGEST`, else one jump less than the cells (a route never lands twice on a cell).

    >>> longest_route(4, 4), longest_route(5, 5)
    (12, 24)
    """
    return LONGEST.get((min(rows, cols), max(rows, cols)), rows * cols - 1)


def _check(asked: Asked) -> None:
    level, rows, cols = asked.difficulty, asked.rows, asked.cols
    most = longest_route(rows, cols)
    if level and most < JUMP_BANDS[level][0]:
        tried = (min(rows, cols), max(rows, cols)) in LONGEST
        why = "every one was tried" if tried else "a route never lands twice on a cell"
        raise ValueError(f"--difficulty {level}: impossible on a {rows} x {cols} jumping maze "
                         f"({level}: {DIFFICULTY_RULES[level]}; no {rows} x {cols} maze has a shortest route of "
                         f"more than {most} jumps: {why}): use a larger --size")


def _none_found(made: list, asked: Asked) -> str:
    longest = max((it.answer.get("jumps") or 0 for it in made), default=0)
    return f" (the longest route found has {longest} jumps)" if asked.difficulty else ""


#: Jumping mazes on a worksheet: made for a difficulty, or only those with one shortest route
#: (``--unique``); made on every core.
SHEET = SheetRules(item, DIFFICULTY_RULES, unique=True, parallel=True, check=_check, none_found=_none_found,
                   key="a shortest route with numbered jumps, and its cells")
