"""The walls command: score and optimize, as JSON with the documented keys."""

import pytest
import json
import subprocess
import sys

from mathmaze_lib import wallmaze

BOARD = "walls: 3\ns....\n.....\n....f\n"


def cli(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "mathmaze_lib", "walls", *args],
                          capture_output=True, text=True, cwd=cwd)


def test_score_json(tmp_path):
    (tmp_path / "b.txt").write_text(BOARD)
    proc = cli("score", "b.txt", "--walls", "0,1", "1,1", "--json", cwd=tmp_path)
    data = json.loads(proc.stdout)
    assert set(data) == {"moves", "path"}
    assert data["moves"] == wallmaze.score(wallmaze.parse(BOARD), [(0, 1), (1, 1)])
    assert data["path"][0] == [0, 0] and data["path"][-1] == [2, 4]


def test_a_blocked_board_has_null_moves(tmp_path):
    (tmp_path / "b.txt").write_text(BOARD)
    data = json.loads(cli("score", "b.txt", "--walls", "0,1", "1,0", "--json", cwd=tmp_path).stdout)
    assert data == {"moves": None, "path": []}


def test_optimize_exact_proves_the_optimum(tmp_path):
    (tmp_path / "b.txt").write_text(BOARD)
    data = json.loads(cli("optimize", "b.txt", "--method", "exact", "--seconds", "30", "--json", cwd=tmp_path).stdout)
    assert set(data) == {"moves", "walls", "optimal", "method"}
    assert data["optimal"] is True and data["moves"] == 8 and len(data["walls"]) <= 3 and data["method"] == "exact"


def test_optimize_a_preset_level():
    data = json.loads(cli("optimize", "--preset", "simple", "--level", "2", "--method", "greedy", "--json").stdout)
    maze = wallmaze.level("simple", 2)
    assert data["moves"] == wallmaze.score(maze, [tuple(w) for w in data["walls"]])
    assert data["optimal"] is False


def test_bad_input_names_the_file_and_place(tmp_path):
    (tmp_path / "bad.txt").write_text("s.x\n..f\n")
    proc = cli("score", "bad.txt", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.startswith("error: bad.txt: line 1, column 3")
    proc = cli("score", "--preset", "simple", "--walls", "0,0")
    assert proc.returncode == 2 and "a wall cannot go on a start" in proc.stderr
    proc = cli("score")
    assert proc.returncode == 2 and "give a board FILE" in proc.stderr


def test_goals_keep_a_better_stored_score_and_write_one_line_per_level(tmp_path):
    out = tmp_path / "goals.json"
    stored = wallmaze.stored_goals()["mazer:1"]
    out.write_text(json.dumps({"mazer:1": stored}))
    proc = cli("goals", "--preset", "mazer", "--levels", "1", "--seconds", "0.05", "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert json.loads(out.read_text())["mazer:1"]["moves"] >= stored["moves"]
    assert out.read_text().count("\n") == 3          # "{", one line for the level, "}"


@pytest.mark.slow
def test_goals_prove_small_boards_with_the_exact_search(tmp_path):
    out = tmp_path / "goals.json"
    proc = cli("goals", "--preset", "simple", "--levels", "1", "--seconds", "1", "--out", str(out))
    entry = json.loads(out.read_text())["simple:1"]
    assert proc.returncode == 0 and "proven optimal" in proc.stderr
    assert entry["optimal"] is True and entry["method"] == "exact"
    assert wallmaze.score(wallmaze.level("simple", 1), [tuple(w) for w in entry["walls"]]) == entry["moves"]


def test_goals_refuse_a_broken_goals_file(tmp_path):
    out = tmp_path / "goals.json"
    out.write_text("{ not json")
    proc = cli("goals", "--preset", "simple", "--levels", "1", "--seconds", "0.05", "--out", str(out))
    assert proc.returncode == 2 and "goals.json is not a goals file" in proc.stderr
    assert out.read_text() == "{ not json"             # nothing was overwritten


def test_score_a_board_with_teleports_names_the_jumps(tmp_path):
    (tmp_path / "t.txt").write_text("walls: 1\ns...f\n.t...\nu....\n")
    data = json.loads(cli("score", "t.txt", "--walls", "0,1", "--json", cwd=tmp_path).stdout)
    assert data["moves"] == 8 and data["jumps"] == [[[1, 1], [2, 0]]]
    assert data["path"][:4] == [[0, 0], [1, 0], [1, 1], [2, 0]]
    text = cli("score", "t.txt", "--walls", "0,1", cwd=tmp_path).stdout
    assert "moves: 8 (1 teleport jump, not moves)" in text
    proc = cli("optimize", "t.txt", "--method", "exact", "--json", cwd=tmp_path)
    assert proc.returncode != 0 and "only on boards without teleports" in proc.stderr
    (tmp_path / "bad.txt").write_text("s.t\n..f\n")
    proc = cli("score", "bad.txt", cwd=tmp_path)
    assert proc.returncode != 0 and "line 1, column 3" in proc.stderr and "out-cell 'u'" in proc.stderr


def test_optimize_a_crowded_map_on_two_processes():
    """``python -m mathmaze_lib`` as the spawn workers' main module: the workers start and report."""
    args = ("optimize", "--preset", "pathery-complex", "--level", "1", "--max-iters", "300", "--workers", "2",
            "--json")
    proc = cli(*args)
    data = json.loads(proc.stdout)
    maze = wallmaze.level("pathery-complex", 1)
    assert wallmaze.score(maze, [tuple(w) for w in data["walls"]]) == data["moves"]
    assert json.loads(cli(*args).stdout) == data and "Traceback" not in proc.stderr
