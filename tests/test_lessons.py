"""Every lesson teaches the same way: an opening a learner can plan with, predictions before the
cells that reveal them, a step-through of each search before the exercise that asks for it,
sections marked core or going further, and challenges at the end."""

from __future__ import annotations

import re

import nbformat
import pytest

from conftest import NOTEBOOKS
from mathmaze_lib.exercises import Prediction, predict

LESSONS = sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))
#: The exercise that asks the learner to write each lesson's search.
SEARCH_EXERCISE = {"01_math_maze.ipynb": 4, "02_jumping_mazes.ipynb": 2, "03_wall_optimization.ipynb": 1}


def cells(path):
    return nbformat.read(path, as_version=4).cells


def output_text(cell) -> str:
    out = []
    for o in cell.get("outputs", []):
        out.append("".join(o.get("text", "")) or o.get("data", {}).get("text/plain", ""))
    return "".join(out)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_the_opening_says_what_a_learner_will_do_needs_and_spends(path):
    opening = cells(path)[0].source
    for part in ("Recap of", "What you will be able to do", "Before you start", "Plan", "min", "core",
                 "going further"):
        assert part in opening, f"{path.name}: the opening has no {part!r}"
    outcomes = re.findall(r"^\d+\. (\w+)", opening, re.M)
    assert len(outcomes) >= 4, f"{path.name}: list what the learner will be able to do"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_predictions_come_before_the_cells_that_reveal_them(path):
    cs = cells(path)
    found = [i for i, c in enumerate(cs) if c.cell_type == "code" and re.search(r"\bpredict\(", c.source)]
    assert len(found) >= 3, f"{path.name} has {len(found)} predictions; a lesson needs at least three"
    for i in found:
        shown = output_text(cs[i])
        assert shown.startswith("Predict:") and "answer is" not in shown and "Right" not in shown, shown
        later = [c for c in cs[i + 1:] if c.cell_type == "code" and c.outputs]
        assert later, f"{path.name}: nothing after the prediction in cell {i} reveals its answer"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_search_is_stepped_through_before_the_exercise_that_asks_for_it(path):
    cs = cells(path)
    number = SEARCH_EXERCISE[path.name]
    heading = next(i for i, c in enumerate(cs) if c.cell_type == "markdown"
                   and re.search(rf"^### Exercise {number}\b", c.source, re.M))
    before = next((i for i, c in enumerate(cs) if c.cell_type == "markdown"
                   and re.search(rf"^### Exercise {number - 1}\b", c.source, re.M)), 0)
    steppers = [i for i, c in enumerate(cs[:heading]) if c.cell_type == "code" and "SearchStepper" in c.source]
    assert steppers and steppers[-1] > before, f"{path.name}: no step-through before Exercise {number}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_sections_are_marked_core_or_going_further_and_challenges_close_the_lesson(path):
    cs = cells(path)
    sections = [line for c in cs if c.cell_type == "markdown" for line in c.source.splitlines()
                if re.match(r"## \d+\. ", line)]
    assert sections
    for line in sections:
        assert line.endswith("(core)") or line.endswith("(going further)"), line
    assert any("Challenges" in line for line in sections), f"{path.name} has no challenges"
    assert any(re.search(r"\bex\.c\d+\.check\(\)", c.source) for c in cs), f"{path.name}: no checked challenge"
    assert "## What you can do now" in cs[-1].source


def test_a_prediction_answers_right_wrong_and_unanswered_without_widgets():
    p = Prediction("How many?", answer=3, choices=[1, 3, 5], why="Count them.")
    assert str(p).startswith("Predict: How many?") and "3" in str(p) and "answer" not in str(p).split("\n")[0]
    assert p.answer(None).status == "not attempted"
    assert p.answer(5).status == "incorrect" and "the answer is 3" in p.answer(5).text
    assert p.answer("3").correct and p.given.correct
    near = predict("About how many?", answer=416, choices=[40, 400, 4000])
    assert near.answer(400).correct and not near.answer(4000).correct
    typed = predict("Roughly?", answer=100, tolerance=0.1)
    assert typed.answer(105).correct and not typed.answer(120).correct and not typed.answer("lots").correct
    with pytest.raises(ValueError, match="not one of the choices"):
        Prediction("Which?", answer="c", choices=["a", "b"])


def test_a_prediction_widget_shows_the_verdict_after_check_and_plain_text_elsewhere():
    p = predict("Which?", answer="b", choices=["a", "b"], why="Because.")
    bundle = p._repr_mimebundle_()
    assert bundle["text/plain"] == str(p) and "application/vnd.jupyter.widget-view+json" in bundle
    question, row, verdict = p.view.children
    pick, check = row.children
    check.click()
    assert "Make a prediction first" in verdict.value
    pick.value = "a"
    check.click()
    assert "Not this time" in verdict.value and 'role="status"' in verdict.value
    pick.value = "b"
    check.click()
    assert "Right: b. Because." in verdict.value
