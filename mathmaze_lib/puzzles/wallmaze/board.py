"""The wall-maze board: tiles, the :class:`WallMaze` and the rule of where a wall may go.

A board has start cells ``s``, finish cells ``f``, rocks ``#``, open cells ``.``, checkpoints ``A``,
``B``, ..., unbuildable cells ``p`` and teleports (see :mod:`mathmaze_lib.puzzles.wallmaze`); the
player's walls go on open cells only (:meth:`WallMaze.check_walls`).
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from typing import Iterable, Optional

from ...grid import Grid

UNLIMITED = 999
#: The most bytes a board file may have: a 1000 x 1000 board, its header and some comments.
MAX_TEXT_BYTES = 2 * 2**20
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: What :meth:`WallMaze.char` says for checkpoints after Z (a map code may have more than 26).
LATER_CHECKPOINT = "+"
#: An unbuildable cell: the runner crosses it, no wall may go on it (Pathery's "patch").
UNBUILDABLE = "p"
#: The teleport colours 1, 2, ... as (in-cell letter, out-cell letter), Pathery's own letters.
TELEPORTS = (("t", "u"), ("m", "n"), ("g", "h"), ("i", "j"), ("k", "l"))
_TELE_CHAR = {ch: (k, side) for k, pair in enumerate(TELEPORTS) for side, ch in enumerate(pair)}
_ALLOWED = ".#sf" + LETTERS + UNBUILDABLE + "".join(_TELE_CHAR)


class WallError(ValueError):
    """A wall that cannot go where it is: the message names the wall and the rule, ``cell`` is where."""

    def __init__(self, message: str, cell: Optional[tuple] = None):
        super().__init__(message)
        self.cell = cell


@dataclass(frozen=True)
class WallMaze:
    """A wall-maze board (without the player's walls).

    ``starts`` are in row order (the order the runner's search queues them);
    ``checkpoints[i]`` holds the cells of letter ``LETTERS[i]``; ``budget`` is
    the number of walls allowed (999 = unlimited); ``unbuildable`` holds the
    ``p`` cells; ``teleports`` holds one ``(colour, ins, outs)`` per colour on
    the board (colour 0 is ``t``/``u``, see :data:`TELEPORTS`; cells in row order).

    >>> m = parse("s.f")
    >>> m.rows, m.cols, m.starts, m.ends, m.open_cells()
    (1, 3, ((0, 0),), ((0, 2),), [(0, 1)])
    """

    rows: int
    cols: int
    rocks: frozenset
    starts: tuple
    ends: tuple
    checkpoints: tuple = ()
    budget: int = UNLIMITED
    unbuildable: frozenset = frozenset()
    teleports: tuple = ()

    @property
    def grid(self) -> Grid:
        """The :class:`~mathmaze_lib.grid.Grid` of the board."""
        return Grid(self.rows, self.cols)

    @property
    def shape(self) -> tuple:
        """``(rows, cols)``."""
        return (self.rows, self.cols)

    def char(self, cell) -> str:
        """The text character of ``cell`` ('.', '#', 's', 'f', a checkpoint letter, 'p' or a teleport letter).

        >>> parse("sAf").char((0, 1))
        'A'
        """
        if cell in self.rocks:
            return "#"
        if cell in self.starts:
            return "s"
        if cell in self.ends:
            return "f"
        for i, cells in enumerate(self.checkpoints):
            if cell in cells:
                return LETTERS[i] if i < len(LETTERS) else LATER_CHECKPOINT
        if cell in self.unbuildable:
            return UNBUILDABLE
        for colour, ins, outs in self.teleports:
            if cell in ins:
                return TELEPORTS[colour][0]
            if cell in outs:
                return TELEPORTS[colour][1]
        return "."

    def is_open(self, cell) -> bool:
        """True when a wall may go on ``cell`` (an open '.' cell on the board)."""
        return self.grid.in_bounds(cell) and self.char(cell) == "."

    def open_cells(self) -> list:
        """Every open cell (where a wall may go), row by row."""
        taken = set(self.rocks).union(self.starts, self.ends, self.unbuildable, *self.checkpoints)
        for _, ins, outs in self.teleports:
            taken.update(ins, outs)
        return [c for c in self.grid.cells() if c not in taken]

    def text(self) -> str:
        """The board in the text format (what :func:`parse` reads).

        >>> print(parse("walls: 3\\ns.#f").text())
        walls: 3
        s.#f
        """
        if len(self.checkpoints) > len(LETTERS):
            raise ValueError(f"this board has {len(self.checkpoints)} checkpoints; the text format writes at most "
                             f"{len(LETTERS)} (A to Z): write it as a map code (mathmaze_lib.puzzles.wallmaze.mapcode.write)")
        lines = [f"walls: {self.budget}"]
        for r in range(self.rows):
            lines.append("".join(self.char((r, c)) for c in range(self.cols)))
        return "\n".join(lines)

    def check_walls(self, walls: Iterable) -> frozenset:
        """Return ``walls`` as a frozenset of cells, or raise ValueError naming the bad wall (a
        :class:`WallError`, with the bad ``cell``, when the wall is a cell of the wrong kind).

        >>> parse("s.#f").check_walls([(0, 2)])
        Traceback (most recent call last):
        ...
        mathmaze_lib.puzzles.wallmaze.WallError: wall 1 at cell (0, 2): a wall cannot go on a rock (walls go on open '.' cells)
        """
        out = set()
        for i, w in enumerate(walls, start=1):
            try:
                if len(w) != 2:
                    raise TypeError
                cell = (w[0], w[1])
            except (TypeError, ValueError, IndexError, KeyError):
                raise ValueError(f"wall {i}: {w!r} is not a cell (row, col)") from None
            try:    # ints (numpy's too), never floats, bools or text: 1.5 is not silently row 1
                if any(isinstance(v, bool) for v in cell):
                    raise TypeError
                cell = (operator.index(cell[0]), operator.index(cell[1]))
            except TypeError:
                raise ValueError(f"wall {i}: {w!r}: row and column must be whole numbers (ints), "
                                 f"not {', '.join(type(v).__name__ for v in cell)}") from None
            if not self.grid.in_bounds(cell):
                raise WallError(f"wall {i} at cell {cell}: off the {self.rows} x {self.cols} board", cell)
            kind = self.char(cell)
            if kind != ".":
                what = _what(kind)
                raise WallError(f"wall {i} at cell {cell}: a wall cannot go on {what} (walls go on open '.' cells)", cell)
            if cell in out:
                raise WallError(f"wall {i} at cell {cell}: this cell already has a wall", cell)
            out.add(cell)
        if self.budget != UNLIMITED and len(out) > self.budget:
            raise ValueError(f"{len(out)} walls: over the budget of {self.budget} walls")
        return frozenset(out)


def _what(kind: str) -> str:
    """What a cell of this text character is, in words ("a rock", "checkpoint A", a tile)."""
    if kind in _TELE_CHAR:
        colour, side = _TELE_CHAR[kind]
        return f"a teleport {('in', 'out')[side]}-cell '{kind}' (colour {colour + 1})"
    return {"#": "a rock", "s": "a start", "f": "a finish", UNBUILDABLE: "an unbuildable cell 'p'",
            LATER_CHECKPOINT: "a checkpoint after Z"}.get(kind, f"checkpoint {kind}")


