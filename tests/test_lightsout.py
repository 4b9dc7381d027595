"""Lights Out (mathmaze_lib.puzzles.lightsout), the fifth puzzle, whose answer is a set of presses: its
rules written out again independently, its search and its generator checked against trying every set
of presses, and what its one game says."""

import random

import pytest

from mathmaze_lib import search
from mathmaze_lib.puzzles import lightsout
from mathmaze_lib.widgets.game import Game


def _switched(rows, cols, cell):
    r, c = cell
    return {(r + dr, c + dc) for dr, dc in [(0, 0), (-1, 0), (0, 1), (1, 0), (0, -1)]
            if 0 <= r + dr < rows and 0 <= c + dc < cols}


def _every_answer(board) -> list:
    """Every set of presses that turns the board dark: all 2 ** cells sets tried, each one's lights the
    lights of the set without its lowest cell, switched by that cell."""
    cells = list(board.grid.cells())
    bit = {cell: 1 << i for i, cell in enumerate(cells)}
    switch = [sum(bit[c] for c in _switched(board.rows, board.cols, cell)) for cell in cells]
    lit = [0] * 2 ** len(cells)
    for s in range(1, len(lit)):
        low = (s & -s).bit_length() - 1
        lit[s] = lit[s & (s - 1)] ^ switch[low]
    goal = sum(bit[c] for c in board.lights)
    return [frozenset(c for c in cells if s & bit[c]) for s in range(len(lit)) if lit[s] == goal]


@pytest.mark.parametrize("rows, cols", [(2, 2), (2, 3), (3, 3), (1, 4), (4, 4)])
def test_search_and_light_chasing_find_every_answer_trying_all_presses_finds(rows, cols):
    rng = random.Random(f"{rows}x{cols}")
    for _ in range(6):
        lights = frozenset(c for c in lightsout.LightsOut(rows, cols, frozenset()).grid.cells() if rng.random() < 0.5)
        board = lightsout.LightsOut(rows, cols, lights)
        answers = _every_answer(board)
        assert sorted(lightsout.press_sets(board), key=sorted) == sorted(answers, key=sorted)
        best = lightsout.solve(board)
        if not answers:
            assert best is None
            continue
        assert len(best) == min(map(len, answers)) and frozenset(best) in answers
        succ = lightsout.successors(board)
        for cell in board.grid.cells():            # one press, as the rules say
            after = lightsout.press(board, board.lights, cell)
            assert after == board.lights ^ _switched(rows, cols, cell)
            assert lightsout.state_of(board, after) in succ(lightsout.state_of(board, board.lights))


def test_a_made_board_has_one_fewest_answer_of_the_chosen_presses():
    for presses in (1, 3, 5):
        for pid in range(3):
            board = lightsout.make(pid, 4, 4, presses=presses)       # 4 x 4: 16 answers to every board
            answers = sorted(_every_answer(board), key=len)
            assert len(answers) == 16
            assert len(answers[0]) == presses and len(answers[1]) > presses
            assert lightsout.solve(board) == sorted(answers[0]) and lightsout.make(pid, 4, 4, presses=presses) == board
    with pytest.raises(ValueError, match="choose fewer presses"):
        lightsout.make(1, 1, 2, presses=1)         # on 1 x 2 both presses switch both lights


def test_breadth_first_search_on_the_boards_counts_presses_and_light_chasing_takes_over_past_its_cap(monkeypatch):
    board = lightsout.make(7, 5, 5, presses=4)
    result = search.bfs(lightsout.successors(board), lightsout.state_of(board, board.lights), goal=0)
    assert result.length == 4 and lightsout.presses_of(board, result.path) == lightsout.solve(board)
    monkeypatch.setattr(lightsout.solving, "MAX_EXPANSIONS", 10)
    assert lightsout.solve(board) == lightsout.presses_of(board, result.path)
    unsolvable = lightsout.parse("*....\n.....\n.....\n.....\n.....")       # 5 x 5: not every board has an answer
    assert lightsout.solve(unsolvable) is None and lightsout.press_sets(unsolvable) == []


def test_check_says_what_is_still_on_or_whether_the_presses_are_the_fewest():
    board = lightsout.parse("*.*\n*.*\n.*.")
    assert lightsout.check(board, [(1, 1), (0, 1)]).reason == "every light is off after 2 presses: the fewest"
    pressed_twice = lightsout.check(board, [(1, 1), (2, 2), (0, 1), (2, 2)])
    assert pressed_twice.ok and pressed_twice.reason == "every light is off after 4 presses; the fewest is 2"
    v = lightsout.check(board, [(0, 1)])
    assert (v.ok, v.cell) == (False, (0, 1))
    assert v.reason == "5 lights are still on: (0, 1), (1, 0), (1, 1), (1, 2), (2, 1)"
    v = lightsout.check(board, [(0, 1), (5, 5)])
    assert (v.ok, v.cell, v.step, v.reason) == (False, (5, 5), 2, "press 2: (5, 5) is off the 3 x 3 board")


def test_the_text_format_round_trips_and_names_the_place_of_an_error():
    for pid in range(5):
        board = lightsout.make(pid)
        assert lightsout.parse(board.text()) == board
    with pytest.raises(ValueError, match="line 2, column 2: 'x' is not allowed"):
        lightsout.parse("*.\n.x")
    with pytest.raises(ValueError, match="id"):
        lightsout.parse("id: seven\n*.")
    with pytest.raises(ValueError, match="at most 12"):
        lightsout.make(1, 13, 3)


def test_the_one_game_presses_undoes_and_says_it_in_a_screen_reader_s_words():
    game = Game("lights", 2, rows=3, cols=3, presses=2)
    board = game.puzzle
    assert game.board.cell_name(sorted(board.lights)[0]).endswith("light on")
    dark = next(c for c in board.grid.cells() if c not in board.lights)
    assert game.board.cell_name(dark).endswith("light off")
    first, second = lightsout.solve(board)
    game.board.click(*first)
    assert game.answer == [first] and game.board.status.startswith(f"Pressed {first}: ")
    game.board.click(*second)
    assert game.board.route == [], "presses are no route: no line is drawn between them"
    game.undo_button.click()
    assert game.board.cell_name(first).split(", ")[2] == lightsout.PRESSED
    game.undo_button.click()
    assert game.answer == [] and game.board.status.startswith("Took back the last press")
    game.board.click(*first)
    game.board.click(*second)
    assert game.won and game.board.status == "Well done! Every light is off after 2 presses: the fewest."
    game.board.click(*first)
    assert game.answer == [first, second] and game.board.status == "Every light is off: Undo or Reset."
    assert "Lights Out, puzzle 2, 3 rows by 3 columns, 2 presses so far" in repr(game)
