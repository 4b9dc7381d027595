"""Making Lights Out boards from an id: a chosen number of presses on random cells, kept when they are
the one answer with the fewest presses (:func:`~.solving.press_sets`), so that the board's solution is
unique and takes exactly that many presses."""

from __future__ import annotations

import random

from ... import checks
from ...grid import check_size
from .rules import MAX_SIDE, LightsOut, lights_after
from .solving import press_sets

__all__ = ["make", "only_fewest", "TRIES"]

#: Random sets of presses tried per id before giving up.
TRIES = 200


def only_fewest(board: LightsOut, presses) -> bool:
    """True when ``presses`` turn every light off and every other set of presses that does takes more.

    >>> from mathmaze_lib.puzzles.lightsout import parse
    >>> only_fewest(parse("*.*\\n*.*\\n.*."), [(0, 1), (1, 1)]), only_fewest(parse("**\\n**"), [(0, 0)])
    (True, False)
    """
    mine = frozenset(presses)
    answers = press_sets(board)
    return mine in answers and all(len(other) > len(mine) for other in answers if other != mine)


def make(id: int, rows: int = 5, cols: int = 5, presses: int = 4) -> LightsOut:
    """The Lights Out board of this id: its lights are what ``presses`` presses on distinct random cells
    switch on from a dark board, and those presses are its one fewest answer.  The same id, size and
    presses give the same board everywhere.

    >>> b = make(3)
    >>> b == make(3), (b.rows, b.cols), len(b.lights) > 0
    (True, (5, 5), True)
    """
    checks.puzzle_id(id)
    check_size(rows, cols, max_rows=MAX_SIDE, max_cols=MAX_SIDE)
    checks.whole(presses, "presses", 1, rows * cols)
    rng = random.Random(f"lightsout:{id}:{rows}x{cols}:{presses}")
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    dark = LightsOut(rows, cols, frozenset(), id)
    for _ in range(TRIES):
        chosen = rng.sample(cells, presses)
        board = LightsOut(rows, cols, lights_after(dark, chosen), id)
        if only_fewest(board, chosen):
            return board
    raise ValueError(f"no {rows} x {cols} Lights Out board whose one fewest answer takes {presses} presses "
                     f"(tried {TRIES} times): choose fewer presses")
