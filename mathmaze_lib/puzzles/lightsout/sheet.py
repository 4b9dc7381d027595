"""Lights Out on a worksheet: a board made for its difficulty (the number of presses of its one fewest
answer, :data:`PRESSES`), its key the presses to make (shaded, and listed under the board).

>>> it = item(2, Asked("lights", rows=5, cols=5, difficulty="easy"))
>>> it.title, it.answer["count"], it.unique
('Lights Out 2', 3, True)
"""

from __future__ import annotations

from ..sheet import Asked, Item, SheetRules
from .generating import make
from .rules import view
from .solving import check, solve

__all__ = ["PRESSES", "DIFFICULTY_RULES", "item", "SHEET"]

#: The presses of a board's one fewest answer, per difficulty.
PRESSES = {"easy": 3, "medium": 4, "hard": 5}
#: What each difficulty means (the words of the command's messages).
DIFFICULTY_RULES = {level: f"{n} presses turn every light off, and no other {n} do" for level, n in PRESSES.items()}


def item(pid: int, asked: Asked) -> Item:
    """The board of ``pid`` made for the difficulty asked (medium when none is), with its key: the
    presses, shaded on the board and listed as row,column."""
    level = asked.difficulty or "medium"
    board = make(pid, asked.rows, asked.cols, presses=PRESSES[level])
    texts, roles = view(board)
    answer = solve(board)
    listed = " ".join(f"({r},{c})" for r, c in answer)
    key = f"{check(board, answer).reason}, and no other {len(answer)} presses do. Press {listed}"
    return Item("lights", pid, f"Lights Out {pid}", texts, roles, key,
                {"presses": answer, "count": len(answer), "difficulty": level},
                key_roles={**roles, **dict.fromkeys(answer, "current")}, coordinates=True, puzzle=board,
                blank="Press: " + "_" * 40, difficulty=level, unique=True)


#: Lights Out boards on a worksheet: made for a difficulty, each with one fewest answer, six to a page.
SHEET = SheetRules(item, DIFFICULTY_RULES, unique=True, per_page=6, key="the presses of the one fewest answer")
