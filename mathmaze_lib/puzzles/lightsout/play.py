"""What a click means in a game of Lights Out: a press (the answer is the list of presses, in the order
made; Undo takes the last one back), and when the board is solved: every light off."""

from __future__ import annotations

from typing import Optional

from ..play import Play, sentence
from .rules import lights_after

__all__ = ["Presses", "PRESSES"]


def _lit(n: int) -> str:
    return "no light is on" if n == 0 else "1 light is on" if n == 1 else f"{n} lights are on"


class Presses(Play):
    """A click presses the cell (and switches it and its neighbours); the puzzle is solved when every
    light is off.

    >>> from mathmaze_lib.puzzles import PUZZLES
    >>> kind = PUZZLES["lights"]
    >>> board = kind.parse("*.*\\n*.*\\n.*.")
    >>> answer = PRESSES.move(kind, board, PRESSES.first(kind, board), (0, 1))
    >>> PRESSES.said(kind, board, answer, (0, 1)), PRESSES.solved(kind, board, answer)
    ('Pressed (0, 1): 5 lights are on.', False)
    >>> answer = PRESSES.move(kind, board, answer, (1, 1))
    >>> PRESSES.said(kind, board, answer, (1, 1))
    'Well done! Every light is off after 2 presses: the fewest.'
    """

    noun = "press"
    words = {"path": "light on", "plain": "light off"}
    hint = "Press a cell (click it, or Enter or Space): it and its neighbours switch. Turn every light off."

    def first(self, kind, puzzle) -> list:
        return []

    def refused(self, kind, puzzle, answer, cell) -> Optional[str]:
        if self.solved(kind, puzzle, answer):
            return "Every light is off: Undo or Reset."
        return kind.refusal(puzzle, answer, cell)

    def solved(self, kind, puzzle, answer) -> bool:
        return not lights_after(puzzle, answer)

    def said(self, kind, puzzle, answer, cell) -> str:
        if self.solved(kind, puzzle, answer):
            return f"Well done! {sentence(kind.check(puzzle, answer).reason)}."
        return f"Pressed {cell}: {_lit(len(lights_after(puzzle, answer)))}."

    def took_back(self, kind, puzzle, answer) -> str:
        return f"Took back the last press: {_lit(len(lights_after(puzzle, answer)))}."

    def moves(self, answer) -> int:
        return len(answer)

    def line(self, answer) -> list:
        return []


#: Lights Out's play (its kind's ``play``).
PRESSES = Presses()
