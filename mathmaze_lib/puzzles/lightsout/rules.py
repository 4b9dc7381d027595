"""Lights Out's rules and text format: a board of lights, what a press does, the lights after a list of
presses, why a click is refused, and what a board shows."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Optional

from ...grid import ORTHOGONAL, Grid, GridParseError, parse_grid

__all__ = ["LightsOut", "parse", "plus", "press", "lights_after", "state_of", "lights_of", "successors", "refusal",
           "view", "PRESSED", "MAX_SIDE", "MAX_TEXT_BYTES"]

#: The largest board (rows and columns) read or made: light chasing tries every press of a row.
MAX_SIDE = 12
#: The largest puzzle file read.
MAX_TEXT_BYTES = 2**16
#: The text of a pressed cell on the board (a press made an odd number of times).
PRESSED = "✓"


@dataclass(frozen=True)
class LightsOut:
    """A Lights Out board: ``rows`` x ``cols`` cells, ``lights`` the set of cells that are lit; ``id`` is
    the id it was made from (0 for a board read from text).  It has no start nor end cell.

    >>> p = parse("*.\\n**")
    >>> p.rows, p.cols, sorted(p.lights), p.starts, p.ends
    (2, 2, [(0, 0), (1, 0), (1, 1)], (), ())
    """

    rows: int
    cols: int
    lights: frozenset
    id: int = 0

    @property
    def grid(self) -> Grid:
        """The :class:`~mathmaze_lib.grid.Grid` of the board."""
        return Grid(self.rows, self.cols)

    @property
    def starts(self) -> tuple:
        """No start cell: a press may be made anywhere."""
        return ()

    @property
    def ends(self) -> tuple:
        """No end cell: the puzzle is solved when every light is off."""
        return ()

    def value(self, cell) -> str:
        """What a cell holds: ``"*"`` (lit) or ``"."`` (dark)."""
        return "*" if tuple(cell) in self.lights else "."

    def text(self) -> str:
        """The board in the text format :func:`parse` reads: ``*`` a lit cell, ``.`` a dark one.

        >>> print(parse("id: 4\\n*..\\n.**").text())
        id: 4
        *..
        .**
        """
        lines = ["".join(self.value((r, c)) for c in range(self.cols)) for r in range(self.rows)]
        return "\n".join([f"id: {self.id}"] + lines)


def _token_rule(tok: str) -> Optional[str]:
    return None if tok in ".*" else "a cell is '*' (a light that is on) or '.' (a light that is off)"


def parse(text: str) -> LightsOut:
    """Read a board in the text format of :meth:`LightsOut.text` (``id:`` is optional). Errors name the
    line, the column and the rule.

    >>> parse("*.o")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: line 1, column 3: 'o' is not allowed here: a cell is '*' (a light that is on) or '.' (a light that is off)
    """
    p = parse_grid(text, split="chars", headers=["id"], token_rule=_token_rule, max_rows=MAX_SIDE,
                   max_cols=MAX_SIDE)
    lights = frozenset((r, c) for r, row in enumerate(p.rows) for c, tok in enumerate(row) if tok == "*")
    return LightsOut(*p.shape, lights, p.whole("id"))


@lru_cache(maxsize=64)
def _pluses(rows: int, cols: int) -> dict:
    grid = Grid(rows, cols)
    return {cell: frozenset([cell, *grid.neighbours(cell, ORTHOGONAL)]) for cell in grid.cells()}


def plus(board: LightsOut, cell) -> frozenset:
    """The cells a press on ``cell`` switches: the cell and its neighbours up, right, down and left
    that are on the board.

    >>> sorted(plus(parse("...\\n..."), (0, 0)))
    [(0, 0), (0, 1), (1, 0)]
    """
    return _pluses(board.rows, board.cols)[tuple(cell)]


def press(board: LightsOut, lights: frozenset, cell) -> frozenset:
    """The lights after pressing ``cell`` when ``lights`` are on: the cell and its neighbours switch
    (a lit cell goes dark, a dark one lights up).

    >>> p = parse("*..\\n...")
    >>> sorted(press(p, p.lights, (0, 1)))
    [(0, 1), (0, 2), (1, 1)]
    """
    return lights ^ plus(board, cell)


def lights_after(board: LightsOut, presses) -> frozenset:
    """The lights after ``presses`` (cells, in any order: a cell pressed twice is as if not pressed).

    >>> p = parse("**.\\n*..")
    >>> lights_after(p, [(0, 0)]), sorted(lights_after(p, [(0, 0), (0, 0)]))
    (frozenset(), [(0, 0), (0, 1), (1, 0)])
    """
    lights = board.lights
    for cell in presses:
        lights = press(board, lights, cell)
    return lights


def state_of(board: LightsOut, lights) -> int:
    """The lights as one search state: an int whose bit ``r * cols + c`` is on when the cell ``(r, c)``
    is lit (as :mod:`mathmaze_lib.search.bits` keeps a grid's cells), so that a press is one ``^``.

    >>> p = parse("*.\\n.*")
    >>> state_of(p, p.lights), sorted(lights_of(p, 9))
    (9, [(0, 0), (1, 1)])
    """
    return sum(1 << (r * board.cols + c) for r, c in lights)


def lights_of(board: LightsOut, state: int) -> frozenset:
    """The lit cells of a search state (:func:`state_of` the other way round)."""
    return frozenset(divmod(i, board.cols) for i in range(board.rows * board.cols) if state >> i & 1)


def successors(board: LightsOut):
    """The moves as a successor function ``state -> states``: the lights after one press, on each cell
    in row order.  A state is the whole board's lights (:func:`state_of`), not a cell: breadth-first
    search on these states finds the fewest presses.

    >>> p = parse("*.\\n..")
    >>> [sorted(lights_of(p, s)) for s in successors(p)(state_of(p, p.lights))][:2]
    [[(0, 1), (1, 0)], [(0, 1), (1, 1)]]
    """
    masks = [state_of(board, cells) for cells in _pluses(board.rows, board.cols).values()]

    def after_one_press(state: int) -> list:
        return [state ^ m for m in masks]
    return after_one_press


def refusal(board: LightsOut, presses, cell) -> Optional[str]:
    """Why ``cell`` may not be pressed after ``presses``, in the words a game says (None: it may; every
    cell of the board may be pressed, again and again).

    >>> p = parse("*.\\n..")
    >>> refusal(p, [], (1, 1)) is None, refusal(p, [], (2, 0))
    (True, '(2, 0) is off the 2 x 2 board.')
    """
    cell = tuple(cell)
    if not board.grid.in_bounds(cell):
        return f"{cell} is off the {board.rows} x {board.cols} board."
    return None


def view(board: LightsOut, presses=None) -> tuple:
    """``(texts, roles)`` after ``presses``: the lit cells (role ``path``, which a game calls "light on")
    and dark ones (``plain``), with :data:`PRESSED` on each cell pressed an odd number of times.

    >>> texts, roles = view(parse("*.\\n.."), [(1, 1)])
    >>> texts, sorted(roles.items())
    ([['', ''], ['', '✓']], [((0, 0), 'path'), ((0, 1), 'path'), ((1, 0), 'path'), ((1, 1), 'path')])
    """
    pressed: set = set()
    for cell in presses or ():
        pressed ^= {tuple(cell)}
    lights = lights_after(board, pressed)
    texts = [[PRESSED if (r, c) in pressed else "" for c in range(board.cols)] for r in range(board.rows)]
    return texts, {cell: "path" for cell in lights}
