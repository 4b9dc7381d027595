"""Pathery map codes: the one-line form players share Pathery maps in, read and written.

A map code is a header, a colon, then the cells that are not open, in reading order (row by row,
left to right), each as an *item* ``SKIP,KIND.``: SKIP open cells to pass over (empty for none),
then the tile, a letter and a number::

    13.6.7.Small1...:,r1.11,r1.,r1.2,...

The header is ``COLUMNS.ROWS.WALLS.NAME`` and three more fields (empty in every code seen;
written back as they came).  ``WALLS`` is the number of walls the player may place (999: any
number).  The tiles, as Pathery defines them:

=============  ===========================================================================
``r1``, ``r3`` a rock (``r3`` is Pathery's dark "nothing here" cell: a rock for the runner)
``r2``         a wall the player placed: the board keeps the cell open, the walls go with it
``s1``         a start;  ``f1`` a finish (as many of each as the map has)
``c1``, ``c2`` checkpoints A, B, ... (visited in number order; a number may be on several cells)
``t1``..``t5`` teleport in-cells of colours 1 to 5; ``u1``..``u5`` their out-cells
``p1``         an unbuildable cell: the runner crosses it, no wall may go on it
=============  ===========================================================================

Pathery's two-runner maps (a red start ``s2``, cells only one runner may cross ``x1``, ``x2``) and
its ``z`` cells have no counterpart in this project's runner: a code with them is refused, with
the item named.  So is any code that breaks a rule, e.g. a checkpoint ``c3`` without a ``c2``::

>>> read("3.1.0.Tiny...:,s1.,c2.,f1.")
Traceback (most recent call last):
...
ValueError: map code item 2 (',c2'): checkpoint c2 needs c1 too (checkpoints go c1, c2, ... without gaps)

>>> code = read("4.2.1.Tiny...:,s1.1,f1.1,s1.,r2.1,f1.")
>>> print(code.maze.text())
walls: 1
s.f.
s..f
>>> code.walls, code.name
(frozenset({(1, 1)}), 'Tiny')
>>> write(code.maze, code.walls, code.name)
'4.2.1.Tiny...:,s1.1,f1.1,s1.,r2.1,f1.'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable

from .grid import check_size
from .wallmaze import LETTERS, TELEPORTS, UNLIMITED, WallMaze

__all__ = ["MapCode", "read", "write", "is_code"]

_ITEM = re.compile(r"(\d*),([a-z])(\d+)")
#: Where the header's fields end: COLUMNS, ROWS, WALLS, NAME and three more.
_HEADER_FIELDS = 7


@dataclass(frozen=True)
class MapCode:
    """A map code read: the board (``maze``, its ``r2`` cells open), the player's walls on it
    (``walls``: the ``r2`` cells), the map's ``name`` and the header's last fields (``extra``)."""

    maze: WallMaze
    walls: frozenset = frozenset()
    name: str = ""
    extra: tuple = ("", "", "")

    def code(self) -> str:
        """The map code again (what :func:`read` read, written the way Pathery writes it)."""
        return write(self.maze, self.walls, self.name, self.extra)


def is_code(text: str) -> bool:
    """True when ``text`` is meant as a map code: it starts (after blanks) with ``COLUMNS.ROWS.``,
    which no board in the text format does (a row of numbers, a jumping maze's, is not a code).

    >>> is_code("13.6.7.Small1...:,r1."), is_code("walls: 3\\ns..f"), is_code("1 2 0")
    (True, False, False)
    """
    return re.match(r"\s*\d+\.\d+\.", text) is not None


def _whole(text: str, what: str, low: int) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 7 or int(text) < low:
        raise ValueError(f"map code header: {what} must be a whole number >= {low}, got {text[:20]!r}")
    return int(text)


def read(code: str) -> MapCode:
    """Read a Pathery map code (line breaks, as on Pathery's forum, are ignored); a code that
    breaks a rule raises ValueError naming the item (counted from 1 after the colon) and the rule.

    >>> read("2.1.0.Tiny...:,s1.,x1.")
    Traceback (most recent call last):
    ...
    ValueError: map code item 2 (',x1'): 'x' cells belong to Pathery's two-runner maps, which this project's runner does not play
    """
    if not isinstance(code, str):
        raise ValueError(f"a map code is text, not {type(code).__name__}")
    code = re.sub(r"[\r\n]+", "", code).strip()
    head, colon, body = code.partition(":")
    if not colon:
        raise ValueError("map code: no ':' (a map code is COLUMNS.ROWS.WALLS.NAME...: then its cells)")
    fields = head.split(".")
    if len(fields) < 4:
        raise ValueError(f"map code header {head[:40]!r}: it needs COLUMNS.ROWS.WALLS.NAME (and three "
                         "more fields, usually empty: 'Name...')")
    cols = _whole(fields[0], "COLUMNS (the first field)", 1)
    rows = _whole(fields[1], "ROWS (the second field)", 1)
    budget = _whole(fields[2], "WALLS (the third field)", 0)
    try:
        check_size(rows, cols)
    except ValueError as exc:
        raise ValueError(f"map code header: {exc}") from None
    name, extra = fields[3], tuple(fields[4:_HEADER_FIELDS] + [""] * (_HEADER_FIELDS - len(fields)))
    if len(fields) > _HEADER_FIELDS:
        raise ValueError(f"map code header: {len(fields)} fields, at most {_HEADER_FIELDS} (the name may not "
                         "contain '.')")
    items = body.split(".")
    if items[-1].strip():
        raise ValueError(f"map code item {len(items)} ({items[-1][:20]!r}): every item ends with '.'")
    rocks, walls, starts, finishes, unbuildable = set(), set(), [], [], set()
    cps: dict = {}          # number -> (cells, first item)
    tele: dict = {}         # colour -> ([ins], [outs], first item)
    n, at = rows * cols, 0
    for k, item in enumerate(items[:-1], start=1):
        where = f"map code item {k} ({item[:20]!r})"
        m = _ITEM.fullmatch(item)
        if m is None:
            raise ValueError(f"{where}: an item is SKIP,TILE: the open cells to pass over (a number, or "
                             "nothing for none), a comma, then a tile such as r1, s1, f1, c1")
        at += int(m.group(1) or 0)
        if at >= n:
            raise ValueError(f"{where}: it reaches cell {at + 1}, past the last of the {cols} x {rows} board's {n}")
        cell, kind, number = divmod(at, cols), m.group(2), int(m.group(3))
        at += 1
        tile = kind + m.group(3)
        if kind == "r" and number in (1, 3):
            rocks.add(cell)
        elif tile == "r2":
            walls.add(cell)
        elif tile == "s1":
            starts.append(cell)
        elif tile == "f1":
            finishes.append(cell)
        elif tile == "p1":
            unbuildable.add(cell)
        elif kind == "c" and number >= 1:
            cps.setdefault(number, ([], k))[0].append(cell)
        elif kind in "tu" and 1 <= number <= len(TELEPORTS):
            tele.setdefault(number, ([], [], k))["tu".index(kind)].append(cell)
        elif kind in "tu":
            raise ValueError(f"{where}: teleport colours go from 1 to {len(TELEPORTS)}, not {number}")
        elif tile == "s2" or kind == "x":
            raise ValueError(f"{where}: {'a red start' if kind == 's' else repr(kind) + ' cells'} belong to "
                             "Pathery's two-runner maps, which this project's runner does not play")
        else:
            raise ValueError(f"{where}: {tile!r} is not a tile this project knows (r1, r2, r3 rocks and walls, s1 "
                             "starts, f1 finishes, c1, c2, ... checkpoints, t1-t5/u1-u5 teleports, p1 unbuildable)")
    if not starts:
        raise ValueError("map code: no start (s1) on the board")
    if not finishes:
        raise ValueError("map code: no finish (f1) on the board")
    for i, number in enumerate(sorted(cps), start=1):
        if number != i:
            first = cps[number][1]
            raise ValueError(f"map code item {first} ({items[first - 1][:20]!r}): checkpoint c{number} needs "
                             f"c{i} too (checkpoints go c1, c2, ... without gaps)")
    for number in sorted(tele):
        ins, outs, first = tele[number]
        if not ins or not outs:
            missing = ("an in-cell t", "an out-cell u")[not outs]
            raise ValueError(f"map code item {first} ({items[first - 1][:20]!r}): teleport colour {number} needs "
                             f"{missing}{number} too")
    if budget != UNLIMITED and len(walls) > budget:
        raise ValueError(f"map code: {len(walls)} walls (r2) on the board, more than its WALLS, {budget}")
    teleports = tuple((number - 1, tuple(tele[number][0]), tuple(tele[number][1])) for number in sorted(tele))
    maze = WallMaze(rows, cols, frozenset(rocks), tuple(starts), tuple(finishes),
                    tuple(tuple(cps[number][0]) for number in sorted(cps)), budget, frozenset(unbuildable),
                    teleports)
    return MapCode(maze, frozenset(walls), name, extra)


def _tiles(maze: WallMaze) -> dict:
    """``{cell: tile}`` of every cell of ``maze`` that is not open."""
    tiles = {cell: "r1" for cell in maze.rocks}
    tiles.update({cell: "s1" for cell in maze.starts})
    tiles.update({cell: "f1" for cell in maze.ends})
    tiles.update({cell: "p1" for cell in maze.unbuildable})
    for i, cells in enumerate(maze.checkpoints, start=1):
        tiles.update({cell: f"c{i}" for cell in cells})
    for colour, ins, outs in maze.teleports:
        tiles.update({cell: f"t{colour + 1}" for cell in ins})
        tiles.update({cell: f"u{colour + 1}" for cell in outs})
    return tiles


def write(maze: WallMaze, walls: Iterable = (), name: str = "", extra: tuple = ("", "", "")) -> str:
    """``maze`` as a map code, with the player's ``walls`` as ``r2`` cells (checked: on open cells,
    within the budget); ``name`` may not hold '.' or ':' (they end the header's fields).

    >>> from mathmaze_lib.wallmaze import parse
    >>> write(parse("walls: 2\\ns.A.f\\ns.#tf\\nu...f"), [(2, 2)], "Mine")
    '5.3.2.Mine...:,s1.1,c1.1,f1.,s1.1,r1.,t1.,f1.,u1.1,r2.1,f1.'
    """
    walls = maze.check_walls(walls)
    for part in (name, *extra):
        if "." in part or ":" in part or "\n" in part:
            raise ValueError(f"map code name {part[:40]!r}: may not contain '.', ':' or a line break")
    tiles = _tiles(maze)
    tiles.update({cell: "r2" for cell in walls})
    items, last = [], -1
    for cell in sorted(tiles):
        at = cell[0] * maze.cols + cell[1]
        skip = at - last - 1
        items.append(f"{skip or ''},{tiles[cell]}.")
        last = at
    head = ".".join([str(maze.cols), str(maze.rows), str(maze.budget), name, *extra])
    return f"{head}:{''.join(items)}"
