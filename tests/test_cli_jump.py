"""The jump command: solve (JSON keys length, route, count) and generate (the text format)."""

import json

from mathmaze_lib.puzzles import jumpmaze as jm

import commandline


def cli(*args, cwd=None):
    return commandline.run("jump", *args, cwd=cwd)


def test_solve_json_has_the_documented_keys(tmp_path):
    (tmp_path / "cr.txt").write_text(jm.CHAIN_REACTION.text())
    data = json.loads(cli("solve", "cr.txt", "--json", cwd=tmp_path).stdout)
    assert set(data) == {"length", "route", "count"}
    assert data["length"] == 13 and data["count"] == 1
    assert [jm.CHAIN_REACTION.index(tuple(c)) for c in data["route"]][:4] == [0, 24, 6, 11]


def test_no_route_is_null(tmp_path):
    (tmp_path / "m.txt").write_text("1 0\n0 0")
    assert json.loads(cli("solve", "m.txt", "--json", cwd=tmp_path).stdout) == {"length": None, "route": [],
                                                                               "count": 0}


def test_rules_and_tree_search():
    diag = json.loads(cli("solve", "chain", "--rule", "diag8", "--json").stdout)
    assert diag["length"] == jm.solve(jm.CHAIN_REACTION, "diag8").jumps
    text = cli("solve", "chain", "--tree").stdout
    assert "13 jumps" in text and "tree search:" in text


def test_generate_prints_a_maze_that_parses_and_solves(tmp_path):
    proc = cli("generate", "--id", "4", "--rows", "4", "--cols", "5")
    assert proc.returncode == 0, proc.stderr
    maze = jm.parse(proc.stdout)
    made = jm.generate(4, 4, 5)
    assert (maze.rows, maze.cols) == (4, 5) and maze.cells == made.maze.cells
    assert jm.solve(maze).jumps == made.jumps


def test_bad_input_is_one_line(tmp_path):
    (tmp_path / "bad.txt").write_text("1 2\n3")
    proc = cli("solve", "bad.txt", cwd=tmp_path)
    assert proc.returncode == 2 and proc.stderr.startswith("error: bad.txt: line 2")
    proc = cli("solve", "chain", "--rule", "zigzag")
    assert proc.returncode == 2 and "unknown rule 'zigzag'" in proc.stderr
