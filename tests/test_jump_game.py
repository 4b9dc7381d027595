"""The jumping-maze play widget, driven headless."""

import random

import pytest

from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib.widgets.jump_game import JumpMazeGame


def test_following_the_shortest_route_wins_and_says_it_is_shortest():
    game = JumpMazeGame()
    route = jm.solve(jm.CHAIN_REACTION).route
    for cell in route[1:]:
        assert game.board.get_role(cell) == "highlight"
        game.board.click(*cell)
    assert game.won and game.jumps == 13
    assert game.board.status == "Well done! The route reaches the goal in 13 jumps: a shortest route."
    assert game.board.route == route and game.board.route_arrows


def test_a_wrong_click_says_why_and_changes_nothing():
    game = JumpMazeGame()
    game.board.click(2, 2)
    assert game.board.status == ("(2, 2) is not a legal jump from (0, 0): from a 4 you jump exactly 4 cells "
                                 "up, right, down or left.")
    assert game.route == [(0, 0)]
    game.board.click(0, 0)
    assert game.board.status.startswith("You are here")


def test_undo_reset_and_the_marks():
    game = JumpMazeGame()
    game.board.click(0, 4)
    assert game.board.get_role((0, 4)) == "current" and game.board.get_role((0, 0)) == "start"
    game.undo_button.click()
    assert game.route == [(0, 0)]
    game.board.click(4, 0)
    game.reset_button.click()
    assert game.route == [(0, 0)] and game.board.route == []


def test_changing_the_rule_changes_the_legal_jumps():
    game = JumpMazeGame()
    game.rule_box.value = "diag8"
    assert sorted(game.targets()) == [(0, 4), (4, 0), (4, 4)]
    assert game.board.get_role((4, 4)) == "highlight"
    game.rule_box.value = "alternate"
    game.board.click(0, 4)
    assert game.maze.rule == "alternate" and game.states[-1][1] == 1


def test_show_me_puts_a_stepper_under_the_board():
    game = JumpMazeGame()
    game.show_button.click()
    assert game.stepper.count == len(jm.solve(jm.CHAIN_REACTION, trace=True).result.trace) + 1
    assert "BFS finds a shortest route of 13 jumps" in game.board.status
    assert game.stepper.view in game.helper.children


def test_holes_and_dead_ends_are_explained():
    game = JumpMazeGame(jm.parse("2 # 1\n0 1 0"))
    game.board.click(0, 1)
    assert game.board.status == "(0, 1) is a hole: you may jump over holes but never land on one."
    dead = JumpMazeGame(jm.parse("0 1\n1 0"))
    dead.board.click(0, 1)
    assert dead.board.status == "(0, 0) holds 0, a dead end: Undo or Reset."


def test_fuzz_10000_clicks_and_presses():
    rng = random.Random(3)
    game = JumpMazeGame()
    presses = [game.undo_button.click, game.reset_button.click]
    for _ in range(10_000):
        if rng.random() < 0.03:
            rng.choice(presses)()
        elif rng.random() < 0.002:
            game.rule_box.value = rng.choice(game.rule_box.options)
        else:
            game.board.click(rng.randrange(6), rng.randrange(6))
        succ = jm.successors(game.maze)
        assert game.states[0] == jm.start_state(game.maze)
        assert all(b in succ(a) for a, b in zip(game.states, game.states[1:])), "every move legal"
        assert game.jumps == len(game.route) - 1
        assert game.board.cells_with_role("current") == ([] if game.won else [game.current])
    assert game.board.last_error is None


@pytest.mark.parametrize("rule, words", [("wrap", "wrap around the edges"), ("diag8+nouturn", "never jump straight back"),
                                         ("ortho+wrap", "wrap around the edges")])
def test_the_rule_text_names_every_part_of_the_rule(rule, words):
    game = JumpMazeGame(rule=rule)
    assert words in game.board.status
    game.board.click(1, 1)
    if "wrap" in rule:
        assert "wrapping around the edges" in game.board.status
    else:
        assert "not straight back" in game.board.status


def test_one_jump_is_said_in_the_singular_and_the_board_is_named():
    game = JumpMazeGame(jm.parse("1 0"))
    game.board.click(0, 1)
    assert game.board.status == "Well done! The route reaches the goal in 1 jump: a shortest route."
    assert game.board.label.endswith("1 row by 2 columns, 1 jump so far")
    assert game.board.cell_name((0, 1)) == "row 1, column 2, G, goal"


def test_a_longer_route_is_told_the_shortest_in_the_verdicts_words():
    maze = jm.parse("1 2 1\n1 0 0\n1 1 0")       # shortest: (0, 0) (0, 1) (2, 1) (2, 2)
    game = JumpMazeGame(maze)
    for cell in [(1, 0), (2, 0), (2, 1), (2, 2)]:
        game.board.click(*cell)
    assert game.won and game.board.status == "Well done! " + jm.check(maze, game.route).reason.capitalize() + "."
    assert game.board.status.endswith("in 4 jumps; the shortest route takes 3.")
