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


#: A prediction cell holds only the prediction's name: the question and its answer live in the lesson's module.
PREDICTION_CELL = re.compile(r"^(ex|start)\.(p\d+)$")
WITH_START = LESSONS + [NOTEBOOKS / "00_start_here.ipynb"]


def lesson_module(path):
    import importlib

    if path.name == "00_start_here.ipynb":
        return importlib.import_module("mathmaze_lib.exercises.start")
    number = int(path.name[:2])
    return importlib.import_module(f"mathmaze_lib.exercises.lesson{number}")


def predictions(path) -> list:
    """``[(cell index, prediction)]`` of a notebook, in order."""
    module = lesson_module(path)
    out = []
    for i, c in enumerate(cells(path)):
        found = PREDICTION_CELL.match(c.source.strip()) if c.cell_type == "code" else None
        if found:
            out.append((i, getattr(module, found.group(2))))
    return out


def mentions(text: str, answer) -> bool:
    """True when ``text`` states ``answer`` (a number as a whole token, with or without a thousands comma)."""
    if isinstance(answer, (int, float)) and not isinstance(answer, bool):
        forms = {str(answer), f"{answer:,}"}
        return any(re.search(rf"(?<![\w.,]){re.escape(f)}(?![\w]|[.,]\d)", text) for f in forms)
    return str(answer).lower() in text.lower()


@pytest.mark.parametrize("path", WITH_START, ids=lambda p: p.name)
def test_predictions_come_before_the_cells_that_reveal_them(path):
    cs = cells(path)
    found = predictions(path)
    least = 1 if path.name.startswith("00") else 3
    assert len(found) >= least, f"{path.name} has {len(found)} predictions; a lesson needs at least three"
    assert [p.name.split(".")[1] for _, p in found] == lesson_module(path).PREDICTIONS
    for i, p in found:
        shown = output_text(cs[i])
        assert shown == str(p) and "answer is" not in shown and "Right" not in shown, shown
        later = [c for c in cs[i + 1:] if c.cell_type == "code" and c.outputs]
        assert later, f"{path.name}: nothing after the prediction in cell {i} reveals its answer"


@pytest.mark.parametrize("path", WITH_START, ids=lambda p: p.name)
def test_no_prediction_answer_can_be_read_before_the_guess(path, lesson3_empty_board_runs):
    """The cell holds a name, its source is folded away, the answer is computed by a function of the
    lesson, and neither the question nor the text just before the cell states it.
    (``lesson3_empty_board_runs``: ex.p8's answer, made once for the tests that need it.)"""
    cs = cells(path)
    assert not any(c.cell_type == "code" and re.search(r"\bpredict\(|\banswer=", c.source) for c in cs), \
        f"{path.name}: a prediction written in a cell shows its answer; put it in the lesson's module"
    for i, p in predictions(path):
        assert cs[i].metadata.get("jupyter", {}).get("source_hidden") is True, f"{path.name} {p.name}: fold the cell"
        assert callable(p._compute), f"{p.name}: compute the answer with a function of the lesson"
        answer = p.solution
        before = []
        for c in reversed(cs[:i]):
            if c.cell_type == "code":
                break
            before.append(c.source)
        for text in [p.question] + before:
            assert not mentions(text, answer), f"{path.name} {p.name}: {answer!r} can be read in {text[:300]!r}"
        assert p.answer(p.right_choice if p.choices else answer).correct


def every_prediction() -> list:
    from mathmaze_lib.exercises import lesson1, lesson2, lesson3, start

    return [getattr(module, name) for module in (start, lesson1, lesson2, lesson3) for name in module.PREDICTIONS]


#: What learners type for the predictions whose answers are labels: right forms, then wrong ones.
LABELS = {
    "the shortest route's length": (["The shortest route\u2019s length", "length", "the length of its shortest route",
                                     "shortest route", "Route length", "\u201cthe shortest route's length\u201d"],
                                    ["size", "The maze\u2019s size", "the size of the maze"]),
    "maze A": (["A", "a", "Maze A", "MAZE A", "maze a", "'maze A'", "\u2018A\u2019"], ["B", "b", "Maze B"]),
    "row 0": (["Row 0", "0", 0, "row zero", "ROW 0", " row 0 ", "top", "the top one", "first row"], ["Row 2", "2", 2, "row 1", "bottom", "middle"]),
}


def _numbers_typed(value) -> list:
    """A number as learners type it: itself, as text, with decimals, a unit, a word, a thousands comma."""
    forms = [value, str(value), float(value), f"{value}.0", f"{value} moves", f"about {value}", f" {value} ", f"~{value}"]
    return forms + ([f"{value:,}"] if value >= 1000 else [])


@pytest.mark.parametrize("p", every_prediction(), ids=lambda p: p.name)
def test_each_prediction_accepts_every_form_a_learner_types(p, lesson3_empty_board_runs):
    """Right in every form, and never "you said X, the answer is X"; for a rough choice, the exact answer
    counts and the verdict says which choice it is. (``lesson3_empty_board_runs``: ex.p8's answer.)"""
    answer = p.solution
    if isinstance(answer, str):
        right, wrong = LABELS[answer]
    else:
        right = _numbers_typed(answer) + (_numbers_typed(p.right_choice) if p.rough else [])
        wrong = [form for c in p.choices if c != p.right_choice for form in _numbers_typed(c)]
    for guess in right:
        verdict = p.answer(guess)
        assert verdict.correct, f"{p.name}: {guess!r} was refused: {verdict.text}"
        if p.rough and guess == answer:
            assert f"among the choices, it is {p.right_choice}" in verdict.text
    for guess in wrong:
        verdict = p.answer(guess)
        assert verdict.status == "incorrect", f"{p.name}: {guess!r} was not refused: {verdict.text}"
        said = re.search(r"you said (.+?)(?: \(nearest|[,;])", verdict.text).group(1)
        assert said != str(answer), verdict.text
    assert p.answer("no idea").status == "not attempted" and "answer with" in p.answer("no idea").text


def test_a_prediction_can_be_answered_without_widgets(capsys):
    from mathmaze_lib.exercises import lesson2

    assert "ex.p5.check(" in str(lesson2.p5)
    lesson2.p5.check(2)
    assert capsys.readouterr().out.startswith("Not this time: you said 2")
    lesson2.p5.check(1)
    assert capsys.readouterr().out.startswith("Right: 1.")


def test_challenges_need_work_the_lesson_has_not_printed():
    """Lesson 1's answer is printed nowhere before the challenge, lesson 2's is not one call of the generator,
    lesson 3's is none of the lesson's boards."""
    from mathmaze_lib.puzzles import jumpmaze as jm
    from mathmaze_lib.exercises import lesson1, lesson2, lesson3

    counts = lesson1.solution_counts()
    best = max(counts, key=counts.get)
    cs = cells(NOTEBOOKS / "solutions" / "01_math_maze.ipynb")
    challenge = next(i for i, c in enumerate(cs) if re.search(r"^## \d+\. Challenges", c.source, re.M))
    shown = "\n".join(c.source + output_text(c) for c in cs[:challenge])
    assert not mentions(shown, best) and lesson1.c1.evaluate(best).correct
    assert not lesson1.c1.evaluate(7).correct           # the puzzle the lesson shows with three solutions
    for pid in range(12):
        for steps in (None, 10_000):
            assert not lesson2.c1.evaluate(jm.generate(pid, 5, 5, steps=steps).maze).correct
    for board in (lesson3.BOARD, lesson3.OPEN_BOARD):      # the open board: the best beats greedy by 2
        assert not lesson3.c1.evaluate(board).correct


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
    # the lesson closes with what the learner can do now, then the cell that hands it in (ex.hand_in())
    assert cs[-1].cell_type == "code" and cs[-1].source.rstrip().endswith("# ex.hand_in()"), path.name
    assert "## What you can do now" in cs[-2].source


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


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_exercises_are_numbered_in_order_without_gaps(path):
    """``### Exercise N:`` headings count 1, 2, 3, ... in the order of the notebook; a step before an
    exercise is ``Na`` (lesson 1's 4a: put the lines in order, then write the function), and the
    questions to think about come after the last number."""
    cs = cells(path)
    labels = [m.group(1) for c in cs if c.cell_type == "markdown"
              for m in re.finditer(r"^### Exercise (\d+[a-z]?):", c.source, re.M)]
    numbers = [int(label.rstrip("abc")) for label in labels]
    assert sorted(set(numbers)) == list(range(1, max(numbers) + 1)) and numbers == sorted(numbers), labels
    for i, label in enumerate(labels):
        if not label.isdigit():
            assert labels[i + 1] == label.rstrip("abc"), f"{path.name}: Exercise {label} leads into its exercise"
    questions = [int(m.group(1)) for c in cs if c.cell_type == "code" for m in re.finditer(r"ex\.q(\d+)\.solution", c.source)]
    assert all(q > max(numbers) for q in questions), (questions, labels)
    module = lesson_module(path)
    checked = [name[1:] for name in module.__all__ if re.fullmatch(r"q\d+[a-z]?", name)
               and re.search(rf"\bex\.{name}\.check\(\)", "".join(c.source for c in cs))]
    assert sorted(checked) == sorted(labels), (checked, labels)
