"""The board widget (Python side): creating a 20x20 board and handling one click."""

from __future__ import annotations

from benchmarks import Row, median_ms
from mathmaze_lib.widgets import Board


def run():
    texts = [[str((r * 20 + c) % 10) for c in range(20)] for r in range(20)]
    create = median_ms(lambda: Board(20, 20, texts=texts), repeat=30)
    board = Board(20, 20, texts=texts)
    cells = [(r, c) for r in range(20) for c in range(20)]
    state = {"i": 0}

    @board.on_click
    def handler(cell):
        board.set_role(cell, "path" if board.get_role(cell) == "plain" else "plain")
        board.set_text(cell, int(board.get_text(cell)) + 1)

    def click():
        state["i"] += 1
        board.click(*cells[state["i"] % 400])

    per_click = median_ms(click, repeat=30, number=20)
    return [Row("board", "create a 20x20 board (Python side)", create, "ms", "<= 20 ms", create <= 20),
            Row("board", "handle one click (role + text change)", per_click, "ms", "<= 5 ms", per_click <= 5)]
