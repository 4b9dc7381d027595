"""`solve KIND FILE` and `generate KIND --id N`: any puzzle of the registry on the command line, from
its entry points alone."""

import json

import pytest

from mathmaze_lib.__main__ import main
from mathmaze_lib.puzzles import PUZZLES, jumpmaze


@pytest.mark.parametrize("kind, size", [("summaze", ()), ("jump", ("--rows", "4", "--cols", "4"))])
def test_generate_then_solve_round_trips_through_the_text_format(kind, size, capsys, tmp_path):
    assert main(["generate", kind, "--id", "3", *size]) == 0
    text = capsys.readouterr().out
    entry = PUZZLES[kind]
    puzzle = entry.make(3, *map(int, size[1::2]))
    assert text.strip() == entry.text(puzzle)
    path = tmp_path / "puzzle.txt"
    path.write_text(text)
    assert main(["solve", kind, str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    answer = [tuple(c) for c in data["answer"]]
    assert data["ok"] and entry.check(entry.parse(text), answer).ok
    assert data["reason"] == entry.check(entry.parse(text), answer).reason


def test_solve_prints_the_puzzle_the_answer_and_the_verdict(capsys, tmp_path):
    path = tmp_path / "chain.txt"
    path.write_text(jumpmaze.CHAIN_REACTION.text())
    assert main(["solve", "jump", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "the route reaches the goal in 13 jumps: a shortest route"
    assert out[-2] == "answer: " + " ".join(f"({r},{c})" for r, c in jumpmaze.solve(jumpmaze.CHAIN_REACTION).route)
    assert "\n".join(out[:-2]) == jumpmaze.CHAIN_REACTION.text()


def test_a_puzzle_without_an_answer_says_so_with_exit_code_1(capsys, tmp_path):
    path = tmp_path / "stuck.txt"
    path.write_text("0 1\n1 0")
    assert main(["solve", "jump", str(path)]) == 1
    assert capsys.readouterr().out.splitlines()[-1] == "no answer: this puzzle cannot be solved"


def test_bad_kinds_and_files_are_one_clear_line(capsys, tmp_path):
    assert main(["solve", "chess", "x.txt"]) == 2
    assert capsys.readouterr().err.strip() == "error: kind 'chess': choose one of " + ", ".join(PUZZLES)
    bad = tmp_path / "bad.txt"
    bad.write_text("start: 0 0\nend: 5 5\ntarget: 3\n1 0")
    assert main(["solve", "summaze", str(bad)]) == 2
    assert "line 2" in capsys.readouterr().err
    assert main(["generate", "summaze", "--id", "1", "--rows", "3"]) == 2
    assert "give both or neither" in capsys.readouterr().err
    assert main(["generate", "summaze", "--id", "-1"]) == 2
    assert capsys.readouterr().err.strip() == "error: puzzle id -1: must be a whole number >= 0"
