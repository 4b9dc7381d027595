"""The Mazer screen, driven headless: walls, budget, refusing blocking walls, save, show best, fuzz."""

import random

import pytest

from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.store import Store
from mathmaze_lib.widgets.wall_game import MazerGame

BOARD = wallmaze.parse("walls: 3\ns....\n.#...\n....f")


def test_walls_toggle_and_the_moves_follow_the_runner():
    game = MazerGame(maze=BOARD)
    assert game.moves == wallmaze.score(BOARD) == 6
    game.board.click(0, 1)
    assert game.walls == {(0, 1)} and game.board.get_role((0, 1)) == "wall"
    assert game.moves == wallmaze.score(BOARD, [(0, 1)])
    assert game.board.route == game.path and "walls left: 2 of 3" in game.info.value
    game.board.click(0, 1)
    assert game.walls == set() and game.board.get_role((0, 1)) != "wall"


@pytest.mark.parametrize("cell, message", [
    ((1, 1), "(1, 1) is a rock: walls go on open cells."),
    ((0, 0), "(0, 0) is a start: walls go on open cells."),
    ((2, 4), "(2, 4) is a finish: walls go on open cells."),
])
def test_clicks_on_cells_that_cannot_take_a_wall_say_why(cell, message):
    game = MazerGame(maze=BOARD)
    game.board.click(*cell)
    assert game.board.status == message and not game.walls


def test_a_wall_that_would_block_is_refused():
    game = MazerGame(maze=BOARD)
    game.board.click(0, 1)
    game.board.click(1, 0)
    assert game.board.status == "Path is blocked: a wall on (1, 0) would leave the runner no route."
    assert game.walls == {(0, 1)} and game.moves is not None


def test_start_animates_the_path_and_clear_removes_walls():
    game = MazerGame(maze=BOARD)
    game.board.click(0, 2)
    game.speed.value = "fast"
    game.start_button.click()
    assert game.board.route == game.path and game.board._animation["ms"] == 35
    game.clear_button.click()
    assert not game.walls and game.moves == 6


def test_save_best_and_high_scores(tmp_path):
    store = Store(tmp_path)
    game = MazerGame(maze=BOARD, store=store, name="Ada")
    game.set_walls([(0, 1), (1, 3), (2, 3)])
    game.save_button.click()
    assert store.best(game.map_id) == (game.moves, [(0, 1), (1, 3), (2, 3)]) and game.moves == 10
    assert store.high_scores(game.map_id)[0][:2] == ("Ada", game.moves)
    assert "a new best!" in game.board.status
    game.clear()
    game.save_button.click()
    assert store.best(game.map_id)[0] > game.moves and "the best saved is" in game.board.status


def test_show_best_places_legal_walls_at_least_as_good_as_greedy():
    game = MazerGame("simple", 2)
    game.best_button.click()
    maze = game.maze
    assert len(game.walls) <= maze.budget and game.moves == wallmaze.score(maze, game.walls)
    assert game.moves >= wallmaze.score(maze)


def test_a_level_shows_its_goal_when_one_is_stored():
    game = MazerGame("mazer", 1)
    assert (game.maze.cols, game.maze.rows) == (15, 10)
    assert game.goal == wallmaze.goal_moves("mazer", 1)
    assert f"goal: {game.goal} " in game.info.value and "proven" not in game.info.value


def test_a_proven_goal_says_so():
    assert wallmaze.stored_goals()["simple:1"]["optimal"] is True     # `walls goals` proved it
    game = MazerGame("simple", 1)
    assert f"goal: {game.goal} (the proven best)" in game.info.value


def test_fuzz_10000_clicks_and_presses(tmp_path):
    rng = random.Random(4)
    game = MazerGame("simple", 1, store=Store(tmp_path))
    maze = game.maze
    buttons = [game.clear_button, game.start_button, game.save_button]
    for _ in range(10_000):
        if rng.random() < 0.005:
            rng.choice(buttons).click()
        else:
            game.board.click(rng.randrange(maze.rows), rng.randrange(maze.cols))
        assert len(game.walls) <= maze.budget
        assert all(maze.char(c) == "." for c in game.walls)
        assert game.moves is not None and game.moves == wallmaze.score(maze, game.walls)
        assert set(game.board.cells_with_role("wall")) == game.walls
    assert game.board.last_error is None


def test_show_best_without_a_stored_goal_runs_the_optimizer_with_a_progress_bar():
    game = MazerGame(maze=BOARD)
    game.best_button.click()
    bar, label = game.progress_view.children
    assert bar.value == 1.0 and label.value == f"best so far: {game.moves} moves"
    assert game.moves == 10, "annealing finds the proven optimum of this small board"


def test_show_best_then_save_does_not_record_the_optimizers_walls_as_the_players(tmp_path):
    store = Store(tmp_path)
    game = MazerGame("simple", 2, store=store, name="Ada")
    assert "No scores saved for this map yet" in game.scores_view.value
    game.best_button.click()
    game.save_button.click()
    assert store.best(game.map_id) is None and store.high_scores(game.map_id) == []
    assert "optimizer's walls, not yours" in game.board.status
    wall = sorted(game.walls)[0]
    game.board.click(*wall)               # the player changes a wall: now they are the player's walls
    game.save_button.click()
    assert store.high_scores(game.map_id)[0][:2] == ("Ada", game.moves)
    assert "<caption>High scores of simple:2</caption>" in game.scores_view.value and "Ada" in game.scores_view.value


def test_a_new_speed_applies_to_the_run_on_screen():
    game = MazerGame(maze=BOARD)
    game.start_button.click()
    first = dict(game.board._animation)
    game.speed.value = "slow"
    assert game.board._animation == {"id": first["id"], "ms": 250}, "same run, new speed"


def test_the_board_is_named_and_cells_say_what_they_are():
    game = MazerGame(maze=BOARD)
    game.board.click(0, 1)
    assert game.board.label.startswith("Mazer board:") and "3 rows by 5 columns" in game.board.label
    assert game.board.cell_name((0, 1)) == "row 1, column 2, your wall"
    assert game.board.cell_name((0, 0)) == "row 1, column 1, S, start"
    assert game.board.cell_name((1, 1)) == "row 2, column 2, rock"


def test_a_new_game_shows_the_saved_high_scores_of_its_map(tmp_path, monkeypatch):
    monkeypatch.setenv("MATHMAZE_DATA_DIR", str(tmp_path))
    assert MazerGame(maze=BOARD).scores_view.value == "", "no score file: nothing to show, and none is made"
    assert not any(tmp_path.iterdir())
    first = MazerGame(maze=BOARD, name="Bo")
    first.set_walls([(0, 1)])
    first.save_button.click()
    again = MazerGame(maze=BOARD)
    assert "Bo" in again.scores_view.value and f"<td>{first.moves}</td>" in again.scores_view.value


def test_a_level_id_can_be_typed_in_and_a_new_level_dealt(tmp_path):
    game = MazerGame("simple", 1, store=Store(tmp_path))
    assert game.id_box.value == 1 and game.id_box.description == "Level id"
    game.board.click(*game.maze.open_cells()[0])
    game.id_box.value = 2           # what Enter (or leaving the box) sends from the browser
    assert game.maze == wallmaze.level("simple", 2) and game.map_id == "simple:2" and not game.walls
    assert game.goal == wallmaze.goal_moves("simple", 2) and game.moves == wallmaze.score(game.maze)
    assert game.board.label.startswith("Mazer simple:2,") and "simple:2" in game.info.value
    assert "High scores of simple:2" in game.scores_view.value or "No scores saved" in game.scores_view.value
    game.id_box.value = 5
    game.play_button.click()
    assert game.map_id == "simple:5"
    game.new_button.click()
    assert game.map_id == f"simple:{game.id_box.value}" and game.maze == wallmaze.level("simple", game.id)
    game.board.click(*game.maze.open_cells()[0])      # the runner follows the new board
    assert game.moves == wallmaze.score(game.maze, game.walls)


def test_a_bad_level_id_is_explained_and_a_board_of_its_own_has_no_id_box():
    game = MazerGame("simple", 1)
    game.load(-1)
    assert game.board.status.startswith("Cannot load level -1: level id -1") and game.map_id == "simple:1"
    assert not hasattr(MazerGame(maze=BOARD), "id_box"), "a board from text is no level of a preset"


@pytest.mark.parametrize("text", ["s.....\n......\n.....f", f"walls: {wallmaze.UNLIMITED}\ns.....\n......\n.....f"])
def test_an_unlimited_budget_is_shown_as_unlimited(text):
    game = MazerGame(maze=wallmaze.parse(text))
    assert game.maze.budget == wallmaze.UNLIMITED and game.budget is None and game.walls_left is None
    assert "walls: 0 placed, unlimited" in game.info.value and game.board.label.endswith("walls: 0 placed, unlimited")
    for cell in [(0, 1), (0, 2), (2, 3), (2, 4)]:
        game.board.click(*cell)
    assert len(game.walls) == 4, "no budget stops a fourth wall"
    assert "walls: 4 placed, unlimited" in game.info.value and game.board.label.endswith("walls: 4 placed, unlimited")
    assert "left" not in game.info.value and "left" not in game.board.label


def test_a_budget_is_shown_as_walls_left():
    game = MazerGame(maze=BOARD)
    game.board.click(0, 1)
    assert "walls left: 2 of 3" in game.info.value and game.board.label.endswith("walls left: 2 of 3")


def test_after_show_best_found_no_wall_to_place_the_player_can_still_save(tmp_path):
    store = Store(tmp_path)
    game = MazerGame(maze=wallmaze.parse("walls: 1\ns.f"), store=store, name="Ada")    # its one wall would block
    game.best_button.click()
    assert not game.walls and not game.showing_best
    game.save_button.click()
    assert store.high_scores(game.map_id)[0][:2] == ("Ada", 2)


def test_show_best_builds_on_a_board_with_any_number_of_walls():
    """With no stored goal, Show best runs the optimizer that suits the board: build for an unlimited budget."""
    game = MazerGame(maze=wallmaze.parse("s....f\ns....f\ns....f"))
    game.best_button.click()
    assert "a short run of build" in game.board.status and game.moves > 5
    assert wallmaze.score(game.maze, game.walls) == game.moves


def test_a_pasted_map_code_is_played_with_its_walls_as_the_goal(tmp_path):
    from benchmarks.pathery_maps import examples
    huge = examples()["Huge1"]
    game = MazerGame("simple", 1, store=Store(tmp_path), name="Ada")
    game.board.click(*game.maze.open_cells()[0])
    game.code_box.value = huge.code             # what Enter (or leaving the box) sends from the browser
    assert (game.maze.rows, game.maze.cols) == (game.board.rows, game.board.cols) == (19, 20)
    assert game.board.status.startswith("Playing the map code's board 'Huge1' (20 x 19).")
    assert not game.walls and game.goal == huge.published == 487 and game.map_id.startswith("code:")
    assert game.moves == wallmaze.score(game.maze) and game.board.cell_size == 34
    game.best_button.click()                    # the code's own walls
    assert game.moves == 487 and len(game.walls) == 47 and "the stored goal" in game.board.status
    game.board.click(*sorted(game.walls)[0])
    game.save_button.click()
    assert game.store.best(game.map_id)[0] == game.moves < 487
    game.id_box.value = 3                       # back to the preset's levels, on a grid of their size
    assert game.map_id == "simple:3" and (game.board.rows, game.board.cols) == (6, 13) and not game.walls


def test_a_bad_map_code_is_explained_and_the_game_stays_as_it_was():
    game = MazerGame(maze=BOARD)
    game.board.click(0, 1)
    before = (game.maze, set(game.walls), game.map_id, game.board.rows, game.board.cols, game.board.texts)
    for code, reason in [("20.19.47.Huge1...:12,r1.1,q2.", "map code item 2 ('1,q2'): 'q2' is not a tile"),
                         ("3.1.0.T...:,s1.,c2.,f1.", "checkpoint c2 needs c1 too"),
                         ("12.x", "map code: no ':'")]:
        game.code_box.value = code
        assert game.board.status.startswith("Cannot play this map code: ") and reason in game.board.status
        assert (game.maze, game.walls, game.map_id, game.board.rows, game.board.cols, game.board.texts) == before
        game.board.status = ""
        game.code_button.click()                # Play code reads the box again: the same answer
        assert reason in game.board.status
    game.code_box.value = "   "                 # an emptied box plays nothing
    assert game.maze == BOARD


def test_a_map_code_with_more_checkpoints_than_letters_shows_their_numbers():
    from benchmarks.pathery_maps import examples
    game = MazerGame(maze=BOARD)
    game.play_code(examples()["Gargantuan"].code)
    assert (game.board.rows, game.board.cols, game.board.cell_size) == (100, 100, 10)
    texts = [t for row in game.board.texts for t in row]
    assert {"A", "Z", "27", "98"} <= set(texts) and game.goal == 159845
