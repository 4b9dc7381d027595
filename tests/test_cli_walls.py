"""The walls command: score and optimize, as JSON with the documented keys."""

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
    assert set(data) == {"moves", "walls", "optimal"}
    assert data["optimal"] is True and data["moves"] == 8 and len(data["walls"]) <= 3


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
