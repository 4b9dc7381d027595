"""One test for every puzzle of the registry, over every surface a puzzle has: a puzzle added to
``PUZZLES`` is tested by adding it.  Each drives, from the kind alone: ``generate`` and ``solve`` on the
command line, the key's verdict, the search's moves, the one game by clicks and by the message a key
(Enter or Space on the focused cell) sends, its worksheet and key, the plain-data round trip to the
grader, and the grading of one of its exercises (the puzzle's own, or its lesson's first) through the
grader's plan and the worker's answers, on an answer from the corpus.  Its rules handout is the next
test."""

from __future__ import annotations

import importlib
import json
import re

import pytest

from exercise_corpus import CORPUS, RIGHT
from test_exercise_corpus import _PRELUDE
from mathmaze_lib import palette
from mathmaze_lib.__main__ import main
from mathmaze_lib.exercises import core, plain
from mathmaze_lib.grading.judge import ExercisePlan
from mathmaze_lib.puzzles import PUZZLES, protocol
from mathmaze_lib.teacher import handout
from mathmaze_lib.teacher.worksheet import render, sheet
from mathmaze_lib.widgets.game import Game


def _clicks(kind, puzzle, answer) -> list:
    """The cells to click, from a new game, to make ``answer``: a route's cells after its first, or
    each cell of a set or a list of presses."""
    first = kind.play.first(kind, puzzle)
    return list(answer)[len(first):] if isinstance(first, list) else list(answer)


def _exercise(kind) -> tuple:
    """``(attribute, exercise, a right answer's source)``: the first exercise the puzzle brings, else the
    first checked exercise of its lesson."""
    lesson = f"lesson{kind.lesson}"
    if kind.exercises:
        attr, where = next(iter(kind.exercises.items()))
        module, _, name = where.partition(":")
        q = getattr(importlib.import_module(module), name)
    else:
        module = importlib.import_module(f"mathmaze_lib.exercises.{lesson}")
        attr = next(a for a in module.__all__ if re.fullmatch(r"q\d+", a))
        q = getattr(module, attr)
    corpus = importlib.import_module(kind.corpus).CORPUS[attr] if kind.corpus else CORPUS[lesson, attr]
    return attr, q, corpus[RIGHT][0]


def _graded(attr: str, q, source: str):
    """What the grader says of ``source``: its plan for the exercise, the worker's answers (the same
    calls on plain data), sent back and judged as the grader judges them."""
    namespace: dict = {}
    exec(_PRELUDE + source, namespace)
    fn = namespace[q.name]
    plan = ExercisePlan(attr, q, seed=1)
    request = json.loads(json.dumps(plan.request()))
    batches = []
    for batch in request["batches"]:
        calls = plain.decode(batch["calls"])
        outcomes = q.compute(fn, calls, seconds=batch["seconds"], encode=plain.encode)
        batches.append([core.plain_outcome(o) for o in outcomes])
    facts = core.describe_answer(fn)
    return plan.verdict(json.loads(json.dumps({"facts": facts, "batches": batches})))


@pytest.mark.parametrize("name", list(PUZZLES))
def test_every_surface_of_every_puzzle(name, capsys, tmp_path):
    kind = PUZZLES[name]
    assert protocol.missing(kind) == [] and kind.name == name and kind.title
    puzzle = kind.make(1)
    assert kind.make(1) == puzzle and kind.text(kind.parse(kind.text(puzzle))) == kind.text(puzzle)

    # generate and solve on the command line; the key is right and its verdict says why
    assert main(["generate", name, "--id", "1"]) == 0
    path = tmp_path / f"{name}.txt"
    path.write_text(capsys.readouterr().out)
    assert kind.text(kind.parse(path.read_text())) == kind.text(puzzle)
    assert main(["solve", name, str(path), "--json"]) == 0
    solved = json.loads(capsys.readouterr().out)
    answer = kind.solve(puzzle)
    assert solved["ok"] and [tuple(c) for c in solved["answer"]] == [tuple(c) for c in answer]
    verdict = kind.check(puzzle, answer)
    assert verdict.ok and verdict.reason == solved["reason"]

    # the search's moves: what search/ solves, from the first state of an answer
    start = kind.start(puzzle)
    assert kind.successors(puzzle, start) == list(kind.successor_function(puzzle)(start)) != []

    # the one game, by clicks and by the message Enter or Space sends; a refused click changes nothing
    game = Game(name, 1)
    assert game.puzzle == puzzle and game.board.status == kind.play.hint
    refused = next((c for c in puzzle.grid.cells() if game.refusal(c) is not None), None)
    if refused is not None:
        before = game.answer
        game.board.click(*refused)
        assert game.answer == before and game.board.status == game.refusal(refused)
    for k, cell in enumerate(_clicks(kind, puzzle, answer)):
        if k % 2:
            game.board._on_front_end_msg(game.board, {"type": "click", "row": cell[0], "col": cell[1]}, [])
        else:
            game.board.click(*cell)
        assert game.board.status and "Error" not in game.board.status
    made = sorted(game.answer) if isinstance(game.answer, set) else game.answer
    assert kind.check(puzzle, made).ok
    assert game.won == kind.play.solved(kind, puzzle, game.answer)
    if kind.play is not protocol.CELLS:             # a set of cells has no end: its own game says when it is good
        assert game.won
    if kind.play.undo:
        moves = kind.play.moves(game.answer)
        game.undo_button.click()
        assert kind.play.moves(game.answer) == moves - 1
    names = [game.board.cell_name(c) for c in puzzle.grid.cells()]
    assert all(n.startswith("row ") for n in names) and kind.title in repr(game)
    texts, roles = kind.view(puzzle, made)
    assert all(palette.check_role(r) for r in roles.values())

    # the worksheet and its key
    made_sheet = sheet(name, [1])
    item = made_sheet.items[0]
    assert item.kind == name and item.key_text and item.puzzle is not None
    assert render(made_sheet, tmp_path / "sheet.pdf") == 1 and render(made_sheet, tmp_path / "key.pdf", key=True) == 1

    # the puzzle and an answer travel to the grader as plain data, and back
    for value in (puzzle, answer):
        again = plain.decode(json.loads(json.dumps(plain.encode(value))))
        assert again == value and type(again) is type(value)

    # one of its exercises, graded as the grader grades it
    if kind.lesson is not None or kind.exercises:
        attr, q, source = _exercise(kind)
        assert _graded(attr, q, source).correct


def test_lights_out_brings_its_own_rules_handout(tmp_path):
    """Its rules, a worked example solved by its own search and the lesson's idea, through its kind's
    ``handout`` (test_worksheet.py writes and reads every registered puzzle's handout)."""
    from mathmaze_lib.puzzles.lightsout import handout as brought

    assert handout.handout_of("lights") is brought.HANDOUT
    path = tmp_path / "lights rules.pdf"
    assert handout.write_rules("lights", path) == 1 and path.read_bytes().startswith(b"%PDF")


def test_a_lesson_gets_the_exercises_its_puzzles_bring_and_no_name_twice():
    brought = PUZZLES.exercises(2)
    assert brought["q6"].name == "ice_stops" and brought["q6"] is importlib.import_module(
        "mathmaze_lib.exercises.lesson2").q6
    assert PUZZLES.exercises(2, taken={"q6": brought["q6"]}) == brought         # (a lesson module loaded again)
    with pytest.raises(ValueError, match="puzzle 'ice' brings q6 to lesson 2, which the lesson has too"):
        PUZZLES.exercises(2, taken={"q6": object()})
