"""benchmarks/wall_reference.py, the tool that decides issue 16's crowded-maps goal: its reference
step keeps the best of every run, and its compare step counts a tie only at the stored best."""

import json

from benchmarks import wall_reference
from mathmaze_lib.puzzles import wallmaze


def test_ids_are_ranges_and_lists():
    assert wall_reference.parse_ids("1-3,7") == [1, 2, 3, 7]
    assert wall_reference.parse_ids("5") == [5]


def test_remember_keeps_the_best_walls_and_every_run():
    data = {}
    assert wall_reference.remember(data, "m:1", 50, [[0, 1]], {"moves": 50, "seconds": 200.0})
    assert not wall_reference.remember(data, "m:1", 48, [[0, 2]], {"moves": 48, "iters": 1000})
    assert wall_reference.remember(data, "m:1", 52, [[0, 3]], {"moves": 52, "seconds": 60.0})
    entry = data["m:1"]
    assert entry["moves"] == 52 and entry["walls"] == [[0, 3]] and len(entry["runs"]) == 3
    assert wall_reference.describe(entry) == "best of 3 runs, 1 of them of 200 s or more"


def test_a_reference_run_then_a_compare(tmp_path, capsys):
    path = tmp_path / "ref.json"
    assert wall_reference.main(["reference", "--modes", "pathery-normal", "--ids", "1", "--runs", "2",
                                "--iters", "3000", "--jobs", "1", "--file", str(path)]) == 0
    data = json.loads(path.read_text())
    entry = data["pathery-normal:1"]
    assert [r["seed"] for r in entry["runs"]] == [1, 2] and {r["iters"] for r in entry["runs"]} == {3000}
    assert entry["moves"] == max(r["moves"] for r in entry["runs"])
    maze = wallmaze.level("pathery-normal", 1)
    assert wallmaze.score(maze, [tuple(w) for w in entry["walls"]]) == entry["moves"]

    # a stored best no search reaches: compare must not count it as a tie
    entry["moves"] += 1000
    path.write_text(json.dumps(data))
    capsys.readouterr()
    assert wall_reference.main(["compare", "--modes", "pathery-normal", "--ids", "1", "--seconds", "1",
                                "--method", "before", "--file", str(path)]) == 0
    out = capsys.readouterr().out
    assert "ties the reference on 0 of 1 ids" in out and "best of 2 runs, 0 of them of 200 s or more" in out


def test_compare_without_reference_scores_says_so(tmp_path, capsys):
    assert wall_reference.main(["compare", "--file", str(tmp_path / "none.json")]) == 2
    assert "run the reference step first" in capsys.readouterr().err
