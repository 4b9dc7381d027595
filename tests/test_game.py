"""The one game controller: every game is a PuzzleGame, and a refused click says the puzzle
module's own reason and changes nothing."""

import random

import pytest

from mathmaze_lib import jumpmaze, summaze
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.widgets.game import PuzzleGame
from mathmaze_lib.widgets.jump_game import JumpMazeGame
from mathmaze_lib.widgets.summaze_game import MathMazeGame, MathMazeRace
from mathmaze_lib.widgets.wall_game import MazerGame

GAMES = {
    "summaze": (lambda: MathMazeGame(3), lambda g, cell: summaze.why_not(g.puzzle, g.path, cell)),
    "jumpmaze": (lambda: JumpMazeGame(), lambda g, cell: jumpmaze.why_not(g.maze, g.states[-1], cell)),
    "wallmaze": (lambda: MazerGame("simple", 1),
                 lambda g, cell: None if cell in g.walls else wallmaze.why_not(g.maze, g.walls, cell)),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_refused_click_says_the_puzzle_modules_reason_and_changes_nothing(name):
    new, why_not = GAMES[name]
    game = new()
    assert isinstance(game, PuzzleGame)
    rng = random.Random(name)
    refused = 0
    for _ in range(300):
        cell = (rng.randrange(game.puzzle.rows), rng.randrange(game.puzzle.cols))
        reason, before = why_not(game, cell), game.answer.copy()
        if game.won or (name == "summaze" and cell == game.path[-1]) or (name == "jumpmaze" and cell == game.current):
            continue            # the game's own words (undo, "you are here", "already solved")
        game.board.click(*cell)
        if reason is not None:
            refused += 1
            assert game.board.status == reason and game.answer == before
        else:
            assert game.answer != before
    assert refused > 20


def test_undo_and_reset_are_the_controllers_for_every_route_game():
    for game in (MathMazeGame(1), JumpMazeGame()):
        first = game.answer.copy()
        target = next(c for c in game.puzzle.grid.cells() if game.refusal(c) is None)
        game.board.click(*target)
        assert len(game.answer) == 2
        game.undo_button.click()
        assert game.answer == first
        game.undo_button.click()
        assert game.answer == first and game.board.status == game.nothing_to_undo
        game.board.click(*target)
        game.reset_button.click()
        assert game.answer == first and game.board.route == []


def test_a_locked_game_only_says_why():
    race = MathMazeRace(1, clock=lambda: 0.0)
    race.start()
    for cell in race.games[0].puzzle.path[1:]:
        race.games[0].board.click(*cell)
    loser = race.games[1]
    loser.board.click(0, 1)
    assert loser.path == [loser.puzzle.start] and loser.board.status == loser.locked


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_saved_text_is_the_boards_name_and_says_run_this(name):
    game = GAMES[name][0]()
    assert repr(game) == f"<{game.board.label}: run this in Jupyter to play>"
    assert game._repr_mimebundle_()["text/plain"] == repr(game)
