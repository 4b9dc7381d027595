"""Issue 18, one test per fault: the Mazer screen with a broken store or goals file, time limits,
caps, and library calls that must raise ValueError with a message saying what is wrong."""

import json
import sqlite3

import pytest

from mathmaze_lib import wallmaze
from mathmaze_lib.store import Store, StoreError
from mathmaze_lib.widgets.wall_game import MazerGame

BOARD = wallmaze.parse("walls: 3\ns....\n.#...\n....f")


# ---- the Mazer screen keeps playing when saving fails ------------------------------------------

class BrokenStore(Store):
    """A store whose writes fail as a read-only or damaged file makes them fail."""

    def save_best(self, *args):
        raise StoreError("cannot save to the scores file x/scores.sqlite3: attempt to write a readonly database")


def test_a_save_failure_is_shown_and_the_game_plays_on(tmp_path):
    game = MazerGame(maze=BOARD, store=BrokenStore(tmp_path))
    game.board.click(0, 1)
    game.save_button.click()
    assert game.board.status.startswith("Could not save (you can keep playing): cannot save to the scores file")
    game.board.click(0, 2)
    assert game.walls == {(0, 1), (0, 2)} and game.board.status == "Wall on (0, 2)."


def test_a_read_only_store_is_shown_in_the_status_line(tmp_path, monkeypatch):
    store = Store(tmp_path)
    monkeypatch.setattr(store, "_connect", lambda: sqlite3.connect(f"file:{store.path}?mode=ro", uri=True,
                                                                   isolation_level=None))
    game = MazerGame(maze=BOARD, store=store)
    game.save()
    assert "readonly" in game.board.status and "keep playing" in game.board.status
    game.board.click(0, 1)
    assert game.walls == {(0, 1)}


def test_the_stores_warning_is_shown(tmp_path):
    (tmp_path / "scores.sqlite3").write_bytes(b"garbage, not a database" * 50)
    store = Store(tmp_path)
    game = MazerGame(maze=BOARD, store=store)
    assert store.warning and store.warning in game.board.status
    game.save()
    assert "Saved" in game.board.status and store.warning in game.board.status


# ---- a damaged goals file: a warning naming file and entry, and the game still plays ------------

GOOD = wallmaze.stored_goals()["simple:1"]


@pytest.mark.parametrize("content, problem", [
    (b"", "not valid JSON"),
    (json.dumps({"simple:1": GOOD})[:-9].encode(), "not valid JSON"),
    (bytes(range(256)), "not UTF-8 text"),
    (b"[1, 2, 3]", "not a list (no goals used)"),
    (json.dumps({"simple:1": [1, 2]}).encode(), "entry 'simple:1': must be an object"),
    (json.dumps({"simple:1": {"walls": []}}).encode(), "entry 'simple:1': moves must be a whole number"),
    (json.dumps({"simple:1": dict(GOOD, walls=[[0, "x"]])}).encode(), "walls must be a list of [row, col]"),
    (json.dumps({"simple:1": dict(GOOD, optimal="yes")}).encode(), "optimal must be true or false"),
])
def test_a_damaged_goals_file_leaves_a_playable_game(tmp_path, monkeypatch, content, problem):
    path = tmp_path / "wall_goals.json"
    path.write_bytes(content)
    monkeypatch.setattr(wallmaze, "GOALS_FILE", str(path))
    entries, problems = wallmaze.read_goals()
    assert "simple:1" not in entries and len(problems) == 1 and problem in problems[0]
    assert str(path) in problems[0]
    game = MazerGame("simple", 1)
    assert game.goal is None and problem in game.board.status
    game.best_button.click()                       # falls back to a short annealing run
    assert game.moves is not None and "a short annealing run" in game.board.status


def test_a_stored_wall_on_a_rock_is_skipped_with_a_message(tmp_path, monkeypatch):
    rock = sorted(wallmaze.level("simple", 1).rocks)[0]
    path = tmp_path / "wall_goals.json"
    path.write_text(json.dumps({"simple:1": dict(GOOD, walls=[list(rock)]),
                                "simple:2": wallmaze.stored_goals()["simple:2"]}))
    monkeypatch.setattr(wallmaze, "GOALS_FILE", str(path))
    game = MazerGame("simple", 1)
    assert game.goal is None and "entry 'simple:1'" in game.board.status and "a rock" in game.board.status
    game.best_button.click()
    assert game.moves is not None
    assert MazerGame("simple", 2).goal == wallmaze.stored_goals()["simple:2"]["moves"], "good entries kept"


def test_stored_moves_that_the_walls_do_not_give_are_skipped(tmp_path, monkeypatch):
    path = tmp_path / "wall_goals.json"
    path.write_text(json.dumps({"simple:1": dict(GOOD, moves=GOOD["moves"] + 7)}))
    monkeypatch.setattr(wallmaze, "GOALS_FILE", str(path))
    entry, problem = wallmaze.level_goal("simple", 1)
    assert entry is None and f"not the stored {GOOD['moves'] + 7}" in problem
