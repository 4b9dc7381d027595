"""The walls command: score and optimize, as JSON with the documented keys."""

import json

import pytest

from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import goals

import commandline

BOARD = "walls: 3\ns....\n.....\n....f\n"


def cli(*args, cwd=None):
    return commandline.run("walls", *args, cwd=cwd)


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
    # the goal the package ships for this level is this proof's (other tests take it as the optimum)
    stored = goals.stored_goals()["simple:1"]
    assert stored["optimal"] is True and stored["moves"] == entry["moves"]


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


SMALL1 = ("13.6.7.Small1...:,r1.11,r1.,r1.2,r1.6,r2.1,r1.,r1.5,r2.2,r1.2,f1.,s1.4,r2.1,r2.,r2.3,r1.,r1.2,r1.,r1.4,"
          "r1.2,r1.,r1.1,r2.,c1.2,r2.5,r1.")


def test_a_map_code_is_shown_as_a_board_file_and_back(tmp_path):
    text = cli("show", "--code", SMALL1).stdout
    assert text.splitlines()[0] == "walls: 7" and text.splitlines()[-1] == "; walls: 1,10 2,6 3,5 3,7 3,8 5,2 5,6"
    (tmp_path / "small1.txt").write_text(text)
    walls = text.splitlines()[-1].removeprefix("; walls: ").split()
    back = cli("show", "small1.txt", "--to", "code", "--walls", *walls, cwd=tmp_path).stdout.strip()
    assert back == SMALL1.replace("Small1", "small1"), "the file's name is the map's name"
    data = json.loads(cli("show", "--code", SMALL1, "--walls", "--json").stdout)
    assert data["walls"] == [] and data["code"].count("r2") == 0 and data["text"].startswith("walls: 7\n#")


def test_a_map_code_is_scored_with_its_own_walls_or_given_ones(tmp_path):
    assert json.loads(cli("score", "--code", SMALL1, "--json").stdout)["moves"] == 43
    data = json.loads(cli("score", "--code", SMALL1, "--walls", "2,6", "--json").stdout)
    maze = wallmaze.parse(SMALL1)
    assert data["moves"] == wallmaze.score(maze, [(2, 6)])
    (tmp_path / "s.mapcode").write_text(SMALL1 + "\n")          # a file holding a map code reads as one
    assert "moves: 43" in cli("score", "s.mapcode", cwd=tmp_path).stdout


def test_a_map_code_is_optimized_from_the_bare_board(tmp_path):
    data = json.loads(cli("optimize", "--code", SMALL1, "--max-iters", "50000", "--workers", "1", "--json").stdout)
    assert set(data) == {"moves", "walls", "optimal", "method"}
    maze = wallmaze.parse(SMALL1)
    assert data["moves"] == wallmaze.score(maze, [tuple(w) for w in data["walls"]]) >= 40
    text = cli("optimize", "--code", SMALL1, "--max-iters", "2000").stdout
    code = text.splitlines()[-1].removeprefix("map code with these walls: ")
    assert code.startswith("13.6.7.Small1...:") and code.count("r2") == 7


@pytest.mark.parametrize("args, message", [
    (["score", "--code", "13.6.7.Small1...:,r1.11,q1."], "error: --code: map code item 2 ('11,q1'): 'q1' is not a tile"),
    (["score", "b.txt", "--code", SMALL1], "error: give one board: a FILE, --preset or --code, not FILE and --code"),
    (["show", "--code", "3.1.0.T...:,s1.,f1.", "--walls", "0,0"], "wall 1 at cell (0, 0): a wall cannot go on a start"),
])
def test_a_bad_map_code_or_board_choice_is_one_line(tmp_path, args, message):
    (tmp_path / "b.txt").write_text(BOARD)
    proc = cli(*args, cwd=tmp_path)
    assert proc.returncode == 2 and message in proc.stderr and "Traceback" not in proc.stderr
