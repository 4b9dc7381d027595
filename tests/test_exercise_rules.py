"""Checks made from the rules: each checked exercise's text lists the rules an answer must keep, the
exercise carries the same list, and for every rule its cases (check()'s and the grader's hidden ones)
hold a case that the rule decides: a learner's answer that breaks that rule alone (a *slip* of the rule)
gets another answer there, so it cannot pass. Cases come smallest first, so the first failing case a
check shows is the smallest."""

from __future__ import annotations

import importlib
import re

import nbformat
import pytest

from conftest import NOTEBOOKS
from mathmaze_lib.exercises import FunctionExercise
from mathmaze_lib.exercises import checked as checked_items
from mathmaze_lib.exercises.rules import decides

NOTEBOOK = {"lesson1": "01_math_maze.ipynb", "lesson2": "02_jumping_mazes.ipynb", "lesson3": "03_wall_optimization.ipynb"}
HIDDEN = (1, 2)


def checked(lesson: str) -> list:
    """``[(attribute, exercise)]`` of a lesson's checked exercises (q4a's Parsons order is judged by the
    function it builds)."""
    module = importlib.import_module(f"mathmaze_lib.exercises.{lesson}")
    out = []
    for name, q in checked_items(module):        # what the grader grades, too
        q = getattr(q, "exercise", q)
        if isinstance(q, FunctionExercise):
            out.append((name, q))
    return out


EXERCISES = [(lesson, name, q) for lesson in NOTEBOOK for name, q in checked(lesson)]
IDS = [f"{lesson}.{name}" for lesson, name, _ in EXERCISES]


def stated_rules(lesson: str, name: str) -> list:
    """The last bullet list in the text of the notebook's exercise (``### Exercise N``)."""
    nb = nbformat.read(NOTEBOOKS / "solutions" / NOTEBOOK[lesson], as_version=4)
    heading = f"### Exercise {name[1:]}:"
    text = next(c.source for c in nb.cells if c.cell_type == "markdown" and heading in c.source)
    text = text[text.index(heading):]
    blocks = re.findall(r"((?:^\* .*\n?(?:^  .*\n?)*)+)", text, re.M)
    assert blocks, f"{lesson} {name}: the text lists no rules"
    return [re.sub(r"\s+", " ", item).strip() for item in re.split(r"^\* ", blocks[-1], flags=re.M) if item.strip()]


@pytest.mark.parametrize("lesson, name, q", EXERCISES, ids=IDS)
def test_the_text_lists_the_rules_the_exercise_carries(lesson, name, q):
    assert q.rules, f"{lesson} {name} has no rule list"
    assert stated_rules(lesson, name) == [rule.text for rule in q.rules]
    assert all(rule.slips for rule in q.rules), "every rule comes with an answer that breaks it"


@pytest.mark.parametrize("lesson, name, q", EXERCISES, ids=IDS)
def test_every_rule_decides_some_case_and_no_slip_passes(lesson, name, q):
    for rule in q.rules:
        for slip in rule.slips:
            feedback = q.evaluate(slip)
            assert not feedback.correct, f"{name}: an answer that breaks {rule.text!r} passed:\n{feedback.text}"
            if q.judge.__name__ != "_unique_puzzle_verdict":      # judged against the reference
                for hidden in (False,) + HIDDEN:
                    assert any(decides(q.reference, slip, case) for case in q.all_cases(hidden)), \
                        f"{name}: no case (hidden={hidden}) where {rule.text!r} decides"
            for seed in HIDDEN:
                assert not q.evaluate(slip, hidden=seed).correct, f"{name}: {rule.text!r} passed hidden cases {seed}"


#: The exercises whose cases are inputs with a size (lesson 1's q5 makes a puzzle from each case's seed
#: and size, and judges the puzzle made, so "smallest first" does not apply to it).
SIZED = [(lesson, name, q) for lesson, name, q in EXERCISES if q.case_size is not None]


def test_only_the_unique_puzzle_exercise_has_cases_without_a_size():
    assert [f"{lesson}.{name}" for lesson, name, q in EXERCISES if q.case_size is None] == ["lesson1.q5"]
    assert all(q.judge.__name__ == "_unique_puzzle_verdict" for _, _, q in EXERCISES if q.case_size is None)


@pytest.mark.parametrize("lesson, name, q", SIZED, ids=[f"{lesson}.{name}" for lesson, name, _ in SIZED])
def test_cases_come_smallest_first(lesson, name, q):
    for hidden in (False, 1):
        sizes = [q.case_size(case) for case in q.all_cases(hidden)]
        assert sizes == sorted(sizes)


def test_a_dfs_that_never_unmarks_fails_on_a_small_board_and_is_told_about_it():
    """The issue's learner: a visited set that is never cleared. The check shows a board of four cells
    (not the 4 x 5 puzzle) and names the rule, in the lesson's words."""
    from mathmaze_lib.exercises import lesson1

    seen_forever = lesson1.Q4_RULES[1].slips[1]
    text = lesson1.q4.evaluate(seen_forever).text
    board = text.split("count_paths on the puzzle\n")[1].split("returned")[0]
    assert len(re.findall(r"\S+", board)) <= 4, text
    assert "a cell that one path used is free again for the next path" in text


def test_forgetting_the_start_in_bfs_is_told_so_not_popleft():
    from mathmaze_lib.exercises import lesson2

    for slip in lesson2.Q2_RULES[0].slips:
        text = lesson2.q2.evaluate(slip).text
        assert "dist = {start: 0}" in text and "popleft" not in text, text
