"""The one game controller: every game is a PuzzleGame, and a refused click says the puzzle
module's own reason and changes nothing."""

import random

import pytest

from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles import PUZZLES, jumpmaze, summaze
from mathmaze_lib.widgets.game import Game, PuzzleGame
from mathmaze_lib.widgets.jump_game import JumpMazeGame
from mathmaze_lib.widgets.summaze_game import MathMazeGame, MathMazeRace
from mathmaze_lib.widgets.wall_game import MazerGame

GAMES = {
    "summaze": (lambda: MathMazeGame(3), lambda g, cell: summaze.refusal(g.puzzle, g.path, cell)),
    "jumpmaze": (lambda: JumpMazeGame(), lambda g, cell: jumpmaze.refusal(g.maze, g.states, cell)),
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


def test_the_games_reach_their_puzzle_through_the_registry():
    assert [g.kind for g in (MathMazeGame(3), JumpMazeGame(), MazerGame("simple", 1))] == \
        [PUZZLES["summaze"], PUZZLES["jump"], PUZZLES["walls"]]


def test_any_route_puzzle_plays_in_the_one_game_from_its_kind_alone():
    game = Game("jump", 3, rows=4, cols=4)
    maze, route = game.puzzle, jumpmaze.solve(game.puzzle).route
    assert maze == jumpmaze.make(3, 4, 4) and game.answer == [maze.start]
    off = next(c for c in maze.grid.cells() if c != maze.start and jumpmaze.refusal(maze, [maze.start], c))
    game.board.click(*off)
    assert game.board.status == jumpmaze.refusal(maze, [maze.start], off) and game.answer == [maze.start]
    for cell in route[1:]:
        game.board.click(*cell)
    assert game.won and game.answer == route
    assert game.board.status == "Well done! " + jumpmaze.check(maze, route).reason.capitalize() + "."
    game.undo()
    assert game.answer == route[:-1] and not game.won
    game.load(5)
    assert game.puzzle == jumpmaze.make(5, 4, 4) and game.answer == [game.puzzle.start]
