"""What a puzzle gives a worksheet: its :class:`Item` (what the student sees, and the key: the answer
drawn in and written under it), made from an id and what the teacher asked (:class:`Asked`), and its
:class:`SheetRules` (the difficulties it can be chosen by and their rules in words, whether it can
be asked for ``--unique``, puzzles per page, the options it takes).  A puzzle's :class:`~.protocol.Kind`
holds its rules as ``sheet``; one that gives none gets :data:`GENERIC` (the ice maze): its ``view``
as the picture, its ``solve``'s route as the key.  :mod:`mathmaze_lib.teacher.worksheet` lays the
items out on pages and chooses them; it knows no puzzle by name.

A puzzle's one-page rules handout is a :class:`Handout` (its ``Kind.handout``): the rules in the
learner's words, a worked example solved by the puzzle's own code (lines and pictures, :class:`Picture`, drawn
by :mod:`mathmaze_lib.teacher.handout`) and the lesson's one idea. A kind that gives none gets
:func:`generic_handout`, made from its rules, its ``make``, ``solve`` and ``view``.

>>> item = route_item(1, Asked("ice", rows=7, cols=7))
>>> item.title, item.key_text.split(":")[0], item.key_text.split(": ")[1].split(")")[0]
('Puzzle 1', 'the route reaches the goal in 10 slides', 'a shortest route (one of 2 shortest routes')
>>> band(9, {"easy": (4, 7), "medium": (8, 12), "hard": (13, None)})
'medium'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Optional

__all__ = ["DIFFICULTIES", "Item", "Asked", "SheetRules", "GENERIC", "band", "on_route", "route_cells",
           "route_item", "Picture", "Handout", "generic_handout", "DIRECTION_WORDS", "moves_told", "route_picture"]

DIFFICULTIES = ("easy", "medium", "hard")


@dataclass
class Item:
    """One puzzle on a sheet: what the student sees (``texts``, ``roles``, ``title``) and the
    key (``route`` drawn on it, ``steps`` numbered on it, ``key_roles``, ``key_text`` under it;
    ``answer`` holds the same facts as numbers and cells, for tests and teachers). ``unique`` is
    whether the key is the only right answer, where the kind measures that (None where not)."""

    kind: str
    id: int
    title: str
    texts: list
    roles: dict
    key_text: str
    answer: dict
    route: list = field(default_factory=list)
    key_roles: Optional[dict] = None
    arrows: bool = False
    steps: bool = False          # number the moves of the route on the key
    coordinates: bool = False    # row and column numbers on the grid's edges
    puzzle: object = None
    blank: str = ""   # a line for the student's answer, under the puzzle
    difficulty: str = ""
    unique: Optional[bool] = None


@dataclass(frozen=True)
class Asked:
    """What a worksheet asks of a kind's puzzles: the ``kind``'s name, ``size`` as the teacher gave it
    (None: not given), the ``rows`` and ``cols`` it comes to (the kind's default size when not given),
    a wall ``preset``, ``unique`` and ``difficulty``."""

    kind: str
    size: Optional[tuple] = None
    rows: Optional[int] = None
    cols: Optional[int] = None
    preset: str = "simple"
    unique: bool = False
    difficulty: Optional[str] = None


def _nothing_to_check(asked: Asked) -> None:
    return None


def _nothing_more(made: list, asked: Asked) -> str:
    return ""


def _no_rules(made: list) -> list:
    return []


@dataclass(frozen=True)
class SheetRules:
    """How a puzzle kind prints on a worksheet.

    ``item(pid, asked) -> Item`` makes the puzzle of an id (a module-level function: it may run in
    another process when ``parallel``); ``difficulty`` says in words what each difficulty of
    :data:`DIFFICULTIES` means (empty: no ``--difficulty``), ``unique`` whether ``--unique`` may be
    asked; ``check(asked)`` raises a ValueError for options the kind cannot take; ``option`` is what
    the printing command passes (``"size"`` or ``"preset"``); ``per_page`` the default puzzles per
    page; ``none_found(made, asked)`` adds to the message when no id qualifies; ``more_rules(items)``
    the rules a sheet of these items adds to the kind's (a wall board's tiles); ``key`` what its answer
    key shows, in the words of the ``worksheet`` command's help.
    """

    item: Callable
    difficulty: dict = field(default_factory=dict)
    unique: bool = False
    parallel: bool = False
    check: Callable = _nothing_to_check
    option: str = "size"
    per_page: int = 4
    none_found: Callable = _nothing_more
    more_rules: Callable = _no_rules
    key: str = "a right route drawn in with its moves numbered, and its cells"


def band(value: int, bands: dict) -> str:
    """The difficulty whose ``(low, high)`` band holds ``value`` (``high`` None: no limit)."""
    for level, (lo, hi) in bands.items():
        if value >= lo and (hi is None or value <= hi):
            return level
    return DIFFICULTIES[0]


def on_route(roles: dict, route) -> dict:
    """The key's roles: the cells of the route shaded as ``path`` (start and end keep theirs)."""
    out = {tuple(cell): "path" for cell in route}
    out.update(roles)
    return out


def route_cells(route) -> str:
    """``(0,0) 1:(0,4) 2:(4,4)``: a route's cells as row,column, each after its step number."""
    return " ".join(f"({r},{c})" if i == 0 else f"{i}:({r},{c})" for i, (r, c) in enumerate(route))


def route_item(pid: int, asked: Asked) -> Item:
    """A puzzle from its kind's entry points alone: what its ``view`` shows, and its ``solve``'s route
    as the key (with the ``check``'s reason under it, and whether it is the only shortest route: the
    shortest routes from the first state to the route's last are counted through ``successors``)."""
    from ..search import count_shortest_paths
    from . import PUZZLES

    entry = PUZZLES[asked.kind]
    puzzle = entry.make(pid, asked.rows, asked.cols)
    texts, roles = entry.view(puzzle)
    route = entry.solve(puzzle)
    count = count_shortest_paths(entry.successor_function(puzzle), route[0], route[-1]) if route else 0
    if route:
        only = "the only shortest route" if count == 1 else f"one of {count} shortest routes"
        key = f"{entry.check(puzzle, route).reason} ({only}): {route_cells(route)}"
    else:
        key = "no route: this puzzle has no answer"
    return Item(entry.name, pid, f"Puzzle {pid}", texts, roles, key,
                {"route": route, "shortest_routes": count}, route=list(route or []),
                key_roles=on_route(roles, route or []), steps=True, coordinates=True, puzzle=puzzle,
                blank="Route: " + "_" * 40, unique=count == 1)


#: The worksheet of a kind that gives no :class:`SheetRules` of its own (``--unique``: only puzzles
#: with one shortest route).
GENERIC = SheetRules(route_item, unique=True)


# ------------------------------------------------------------------------------- rules handouts

@dataclass(frozen=True)
class Picture:
    """One picture of a handout's worked example, as data: a ``caption``, the board's ``texts`` and
    ``roles`` (as ``view`` gives them), and a ``route`` to draw on it (with ``arrows``, its moves
    numbered when ``steps``)."""

    caption: str
    texts: list
    roles: dict
    route: tuple = ()
    arrows: bool = False
    steps: bool = False


@dataclass(frozen=True)
class Handout:
    """What one puzzle's handout says: ``title``, ``lesson`` (where it is taught), ``rules`` (one line
    each), ``example()`` (lines of the worked example and its pictures, :class:`Picture`, computed when asked),
    ``idea`` (the lesson's one idea) and ``more`` (rules that only some boards need)."""

    title: str
    lesson: str
    rules: tuple
    example: Callable
    idea: str
    more: tuple = ()


#: A move along a row or a column in words, by its direction.
DIRECTION_WORDS = {(-1, 0): "up", (0, 1): "right", (1, 0): "down", (0, -1): "left"}


def moves_told(route, tell) -> list:
    """``[tell(k, here, there, direction), ...]`` for the moves of a route along rows and columns
    (``k`` from 1; ``direction`` a key of :data:`DIRECTION_WORDS`), for a worked example's lines.

    >>> moves_told([(0, 0), (0, 3), (2, 3)], lambda k, a, b, d: f"{k}: {DIRECTION_WORDS[d]}")
    ['1: right', '2: down']
    """
    return [tell(k, a, b, ((b[0] > a[0]) - (b[0] < a[0]), (b[1] > a[1]) - (b[1] < a[1])))
            for k, (a, b) in enumerate(zip(route, route[1:]), start=1)]


def route_picture(caption: str, texts, roles: dict, route) -> Picture:
    """A worked example's answer: the route shaded, drawn with arrows, its moves numbered."""
    return Picture(caption, texts, on_route(roles, route), tuple(route), arrows=True, steps=True)


def _sentences(text: str) -> tuple:
    """A paragraph as its sentences (a rule a line)."""
    import re

    return tuple(part.strip() for part in re.split(r"(?<=[.!?])\s+(?=[A-Z])", text) if part.strip())


def generic_handout(kind) -> Handout:
    """The handout of a kind that gives none of its own: its rules a sentence a line, and as the worked
    example puzzle 1 of its default size (or the smallest of its sizes that the kind makes), solved by
    its ``solve`` and judged by its ``check``.

    >>> from mathmaze_lib.puzzles import PUZZLES
    >>> h = generic_handout(PUZZLES["ice"])
    >>> h.title, h.rules[0].split(":")[0], h.example()[0][-1].split(":")[0]
    ('Ice mazes', 'You slide on the ice', 'The answer, by breadth-first search')
    """
    def example():
        from ..search import count_shortest_paths

        rows, cols = kind.size or (None, None)
        puzzle = kind.make(1, rows, cols)
        texts, roles = kind.view(puzzle)
        answer = kind.solve(puzzle)
        if not answer:
            return [f"{kind.title} 1 has no answer."], [Picture(f"{kind.title} 1", texts, roles)]
        _, solved = kind.view(puzzle, answer)
        reason = kind.check(puzzle, answer).reason
        lines = [f"This is {kind.title.lower()} 1 ({len(texts)} x {len(texts[0])}).",
                 f"The answer, by breadth-first search: {reason}."]
        route = bool(kind.play.line(answer))          # a route is walked; a set of cells is shown
        if route:
            count = count_shortest_paths(kind.successor_function(puzzle), answer[0], answer[-1])
            lines[-1] += " It is the only shortest one." if count == 1 else f" There are {count} shortest ones."
        shown = route_picture("the answer", texts, roles, answer) if route else Picture("the answer", texts, solved)
        return lines, [Picture("the puzzle", texts, roles), shown]

    return Handout(kind.title, "", _sentences(kind.rules), example,
                   "A puzzle is a graph: each position you can reach is a node and each move an edge. "
                   "Breadth-first search visits the positions in rings, 1 move away, then 2, then 3, ..., so the "
                   "first time it reaches an answer, no answer has fewer moves.")
