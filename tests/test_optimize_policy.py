"""One choice of wall optimizer (mathmaze_lib.optimize.policy): the registry, best_walls and its
callers (the worksheets, the Mazer game's Show best, walls optimize and walls goals)."""

import re
import subprocess
import sys

import pytest

from mathmaze_lib import optimize
from mathmaze_lib.teacher import worksheet
from mathmaze_lib.puzzles import PUZZLES, wallmaze
from mathmaze_lib.widgets.wall_game import MazerGame


def test_best_walls_on_a_board_with_teleports_says_how_long_it_searched():
    best = optimize.best_walls(wallmaze.level("pathery-complex", 4), preset="pathery-complex", level_id=4)
    assert best.source == "search" and not best.proven and re.fullmatch(r"best found in \d+ s, not proven", best.said)
    assert wallmaze.score(wallmaze.level("pathery-complex", 4), best.walls) == best.moves
    again = optimize.best_walls(wallmaze.level("pathery-complex", 4), preset="pathery-complex", level_id=4)
    assert (again.walls, again.moves) == (best.walls, best.moves), "step counts, not times: the same key again"


def test_the_board_decides_the_method_and_a_stored_goal_comes_first():
    assert optimize.best_walls(wallmaze.level("empty"), effort="game", max_iters=300).method == "build"
    assert optimize.best_walls(wallmaze.level("mazer", 1), effort="game", max_iters=300).method == "annealing"
    stored = optimize.best_walls(wallmaze.level("simple", 1), preset="simple", level_id=1)
    assert stored.source == "stored" and stored.moves == wallmaze.stored_goals()["simple:1"]["moves"]
    fresh = optimize.best_walls(wallmaze.level("simple", 1), preset="simple", level_id=1, stored=False,
                                effort="game")
    assert fresh.source == "search" and fresh.result is not None


def test_a_proof_follows_where_the_effort_asks_for_one():
    maze = wallmaze.level("simple", 5)
    proven = optimize.best_walls(maze, level_id=5, effort="goals", seconds=1.0, workers=1, prove_seconds=60)
    assert proven.proven and proven.source == "exact" and proven.moves == 25 and proven.said == "proven best"
    skipped = optimize.best_walls(maze, level_id=5, effort="goals", seconds=1.0, workers=1, prove_seconds=0)
    assert skipped.source == "search" and not skipped.proven
    assert re.fullmatch(r"best found in \d+ s, not proven", skipped.said)


@pytest.mark.skipif(not optimize.compiled_available(), reason="numba is not installed")
def test_a_timed_proof_runs_compiled_and_a_counted_one_as_the_worksheet_counts_it():
    """walls goals (a proof within seconds) runs the compiled tree; a worksheet's key (a proof within a
    count of nodes) stays the Python search's, so that it is the same on every computer."""
    maze = wallmaze.level("simple", 5)
    timed = optimize.best_walls(maze, level_id=5, effort="goals", seconds=0.5, workers=1, prove_seconds=60)
    plain = optimize.best_walls(maze, level_id=5, effort="goals", seconds=0.5, workers=1, prove_seconds=60,
                                compiled=False)
    counted = optimize.best_walls(maze, preset="simple", level_id=5, effort="worksheet", stored=False)
    assert timed.result.compiled and not plain.result.compiled and not counted.result.compiled
    assert timed.proven and plain.proven and counted.proven and timed.moves == plain.moves == counted.moves == 25
    assert timed.source == "exact" and wallmaze.score(maze, timed.walls) == 25
    # (not plain's count: its search's 0.5 s may end at 24 or at 25, and the proof from 24 counts 2 more nodes)
    again = optimize.best_walls(maze, preset="simple", level_id=5, effort="worksheet", stored=False)
    assert again.result.evaluations == counted.result.evaluations, "a key's proof: the same nodes every time"
    # out of time: not proven, and the search's walls are the answer
    open_board = wallmaze.parse("walls: 7\n" + "\n".join(["s" + "." * 14] + ["." * 15] * 8 + ["." * 14 + "f"]))
    short = optimize.best_walls(open_board, effort="goals", seconds=0.3, workers=1, prove_seconds=0.3)
    assert not short.proven and short.source == "search" and short.said.endswith("not proven")
    assert wallmaze.score(open_board, short.walls) == short.moves


@pytest.mark.skipif(not optimize.compiled_available(), reason="numba is not installed")
def test_ctrl_c_in_a_compiled_proof_ends_the_proof_only(monkeypatch):
    from mathmaze_lib.optimize.big import tree

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt
    monkeypatch.setattr(tree, "prove", interrupted)
    maze = wallmaze.level("simple", 5)
    best = optimize.best_walls(maze, level_id=5, effort="goals", seconds=0.3, workers=1, prove_seconds=60)
    assert best.source == "search" and not best.proven and wallmaze.score(maze, best.walls) == best.moves


def test_unknown_efforts_and_methods_are_named():
    maze = wallmaze.level("simple", 1)
    with pytest.raises(ValueError, match="effort 'fast': choose one of worksheet, game, command, goals"):
        optimize.best_walls(maze, effort="fast")
    with pytest.raises(ValueError, match="method 'magic': choose one of anneal, big, build, exact, greedy, local"):
        optimize.best_walls(maze, method="magic")


def test_the_command_lines_methods_are_the_registrys():
    proc = subprocess.run([sys.executable, "-m", "mathmaze_lib", "walls", "optimize", "--help"],
                          capture_output=True, text=True, check=True)
    assert "{" + ",".join(sorted(optimize.METHODS)) + "}" in proc.stdout


@pytest.fixture
def spy(monkeypatch):
    calls = []
    real = optimize.best_walls

    def best_walls(board, **kwargs):
        calls.append(kwargs)
        return real(board, **kwargs)
    monkeypatch.setattr(optimize, "best_walls", best_walls)
    return calls


def test_show_best_and_the_worksheet_ask_the_policy(spy, monkeypatch):
    monkeypatch.setattr(PUZZLES, "_kinds", {})         # the registry's wall kind, put together with the spy
    game = MazerGame(maze=wallmaze.parse("walls: 2\ns...\n....\n...f"))
    game.best_button.click()
    assert spy[-1]["effort"] == "game" and game.moves == wallmaze.score(game.maze, game.walls)
    item = worksheet.items("walls", [13])[0]
    assert spy[-1] == {"preset": "simple", "level_id": 13, "effort": "worksheet"} and item.answer["source"] == "exact"


def test_importing_the_optimizers_does_not_load_numba():
    """numba takes half a second to load: only a compiled run (or compiled_available) pays for it."""
    probe = "import sys, mathmaze_lib.optimize, mathmaze_lib.widgets.wall_game; print('numba' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True).stdout.strip() == "False"
