"""The exercise mechanism (check, hint, solution) and the release of student notebooks."""

import importlib
import json
import subprocess
import sys

import nbformat
import pytest

from conftest import NOTEBOOKS, ROOT
from mathmaze_lib.exercises import NOT_ATTEMPTED, FunctionExercise, ThoughtExercise, ValueExercise
from mathmaze_lib.teacher.release import make_student, release, student_source


def square_exercise():
    return FunctionExercise(
        "square", reference=lambda x: x * x,
        cases=lambda rng: [(0,), (-2,)] + [(rng.randint(-50, 50),) for _ in range(20)],
        hints=["Multiply x by itself.", "return x * x"], solution="def square(x):\n    return x * x")


def learner_module(tmp_path, monkeypatch, source):
    """Import learner code from a real file, as a notebook cell is one (so tracebacks have lines)."""
    (tmp_path / "learner.py").write_text(source)
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("learner", None)
    return importlib.import_module("learner")


def test_a_right_answer_is_correct_on_every_case():
    feedback = square_exercise().evaluate(lambda x: x ** 2)
    assert feedback.correct and feedback.text == "Correct: square agrees with the reference on all 22 cases."


def test_a_wrong_answer_names_the_input_the_expected_and_the_got():
    feedback = square_exercise().evaluate(lambda x: 2 * x)
    assert feedback.status == "incorrect"
    assert feedback.text == "Not quite: square(-2) returned -4, but the answer is 4."


def test_cases_are_the_same_on_every_run():
    assert square_exercise().all_cases() == square_exercise().all_cases()


def test_the_untouched_placeholder_is_not_attempted(tmp_path, monkeypatch):
    learner = learner_module(tmp_path, monkeypatch, 'def square(x):\n    """Doc."""\n    # YOUR CODE HERE\n    return None\n')
    assert square_exercise().evaluate(learner.square).status == "not attempted"
    assert square_exercise().evaluate(None).text == NOT_ATTEMPTED


def test_a_learner_exception_is_explained_with_the_learner_line(tmp_path, monkeypatch):
    learner = learner_module(tmp_path, monkeypatch, "def square(x):\n    table = {}\n    return table[x] * x\n")
    feedback = square_exercise().evaluate(learner.square)
    assert feedback.status == "error"
    assert feedback.text.startswith("Your function raised KeyError: 0\n  on the input square(0)")
    assert "in square, line 3 of learner.py: return table[x] * x" in feedback.text
    assert "Traceback" not in feedback.text and "mathmaze_lib" not in feedback.text


def test_the_line_named_is_the_learners_own_not_one_inside_a_package_it_called(tmp_path, monkeypatch):
    learner = learner_module(tmp_path, monkeypatch, "import random\n\ndef square(x):\n"
                                                    "    return random.Random(x).randrange(0) * x\n")
    feedback = square_exercise().evaluate(learner.square)          # raised inside Python's random.py
    assert "in square, line 4 of learner.py: return random.Random(x).randrange(0) * x" in feedback.text
    learner = learner_module(tmp_path, monkeypatch, "import networkx as nx\n\ndef square(x):\n"
                                                    "    return nx.path_graph(abs(x) + 1).number_of_edges() ** 2\n")
    exercise = square_exercise()
    exercise.forbidden = ("networkx",)
    feedback = exercise.evaluate(learner.square)                   # stopped inside networkx's decorators
    assert feedback.text.startswith("Write it yourself") and "line 4 of learner.py" in feedback.text, feedback.text


def test_a_stop_between_two_lines_names_the_function_without_a_line(tmp_path, monkeypatch):
    # A time limit's signal can land where Python knows no line (the traceback's line is None): the
    # feedback then names the function only; it raised TypeError inside linecache before.
    from types import SimpleNamespace

    from mathmaze_lib.exercises.guard import learner_line

    learner = learner_module(tmp_path, monkeypatch, "def square(x):\n    return x * x\n")
    code = learner.square.__code__
    frame = SimpleNamespace(f_code=code, f_globals=learner.__dict__)
    assert learner_line(SimpleNamespace(tb_frame=frame, tb_lineno=None, tb_next=None)) == \
        "in square of learner.py"
    assert learner_line(SimpleNamespace(tb_frame=frame, tb_lineno=2, tb_next=None)) == \
        "in square, line 2 of learner.py: return x * x"


def test_check_finds_the_learner_function_in_the_callers_namespace(capsys):
    namespace = {"q": square_exercise()}
    exec("def square(x):\n    return x * x\nq.check()", namespace)
    assert capsys.readouterr().out.startswith("Correct: square agrees")
    exec("del square\nq.check()", namespace)
    assert capsys.readouterr().out == NOT_ATTEMPTED + "\n"


def test_a_value_that_is_not_a_function_is_explained():
    assert square_exercise().evaluate(4).text == "Not quite: square should be a function, but it is 4."


def test_hints_come_one_level_at_a_time(capsys):
    q = square_exercise()
    q.hint()
    q.hint()
    q.hint()
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Hint 1 of 2 (run hint() again for a stronger one): Multiply x by itself."
    assert out[1] == out[2] == "Hint 2 of 2: return x * x"
    with pytest.raises(ValueError, match="hints 1 to 2, not 5"):
        q.hint(5)


def test_solution_prints_the_code(capsys):
    square_exercise().solution()
    assert "def square(x):\n    return x * x" in capsys.readouterr().out


def test_value_exercise():
    q = ValueExercise("answer", reference=lambda: 42)
    assert q.evaluate(42).correct
    assert q.evaluate(41).text.startswith("Not quite: answer is 41")
    assert q.evaluate(None).status == "not attempted"


def test_thought_exercise_checks_nothing_and_shows_a_discussion(capsys):
    q = ThoughtExercise("why", question="Why?", discussion="Because.")
    assert q.evaluate().status == "no check"
    q.solution()
    assert capsys.readouterr().out == "Why?\n\nDiscussion:\n\nBecause.\n"


# --- release: student notebooks from solution notebooks ----------------------------------------

def test_student_source_keeps_everything_but_the_solution_blocks():
    source = ("def f(a):\n    b = a + 1\n    ### BEGIN SOLUTION\n    return b * 2\n    ### END SOLUTION\n\n"
              "### BEGIN SOLUTION\nx, y = 1, 2\nx += 1\n### END SOLUTION\nprint('given')")
    assert student_source(source) == ("def f(a):\n    b = a + 1\n    # YOUR CODE HERE\n    return None\n\n"
                                      "# YOUR CODE HERE\nx = None\ny = None\nprint('given')")


def test_an_unclosed_solution_block_names_the_cell():
    with pytest.raises(ValueError, match="lesson.ipynb, cell 3: every '### BEGIN SOLUTION' needs"):
        student_source("### BEGIN SOLUTION\nx = 1\n", where="lesson.ipynb, cell 3")


def solution_notebook():
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {}}
    out = nbformat.v4.new_output("stream", name="stdout", text="12\n")
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Lesson\nSquare a number."),
        nbformat.v4.new_code_cell("def square(x):\n    ### BEGIN SOLUTION\n    return x * x\n    ### END SOLUTION",
                                  execution_count=1),
        nbformat.v4.new_code_cell("# NBVAL_CHECK_OUTPUT\nex.q1.check()", execution_count=2, outputs=[
            nbformat.v4.new_output("stream", name="stdout", text="Correct: ...\n")]),
        nbformat.v4.new_code_cell("print(12)", execution_count=3, outputs=[out]),
    ]
    return nb


def test_make_student_clears_exercises_marks_checks_and_changes_nothing_else():
    nb = solution_notebook()
    student = make_student(nb)
    assert nb.cells[1].source.count("BEGIN SOLUTION") == 1, "the solution notebook is not changed"
    assert student.cells[0] == nb.cells[0] and student.cells[3] == nb.cells[3]
    assert student.cells[1].source == "def square(x):\n    # YOUR CODE HERE\n    return None"
    assert student.cells[1].outputs == [] and student.cells[1].execution_count is None
    assert student.cells[2].outputs[0]["text"] == NOT_ATTEMPTED + "\n"
    assert "widgets" not in student.metadata


def test_release_writes_checks_and_names_unknown_notebooks(tmp_path):
    (tmp_path / "solutions").mkdir()
    nbformat.write(solution_notebook(), tmp_path / "solutions" / "01_x.ipynb")
    assert release(tmp_path, check=True, log=lambda *a: None) == ["01_x.ipynb"]
    assert release(tmp_path, log=lambda *a: None) == ["01_x.ipynb"]
    assert release(tmp_path, check=True, log=lambda *a: None) == []
    assert "# YOUR CODE HERE" in (tmp_path / "01_x.ipynb").read_text()
    with pytest.raises(ValueError, match="no solution notebook named 09_nope.ipynb"):
        release(tmp_path, ["09_nope.ipynb"])


def test_committed_student_notebooks_are_what_release_writes():
    """Run `python -m mathmaze_lib release` after changing a solution notebook."""
    proc = subprocess.run([sys.executable, "-m", "mathmaze_lib", "release", "--check"],
                          cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


LESSONS = sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))


def check_cells(path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [c for c in nb["cells"] if c["cell_type"] == "code" and ".check()" in "".join(c["source"])]


def output_text(cell) -> str:
    return "".join("".join(o.get("text", "")) for o in cell.get("outputs", []))


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_lesson_has_at_least_five_checked_exercises_that_say_correct(path):
    cells = check_cells(path)
    assert len(cells) >= 5, f"{path.name} has {len(cells)} checked exercises; lessons need at least five"
    for cell in cells:
        source = "".join(cell["source"])
        assert source.startswith("# NBVAL_CHECK_OUTPUT"), f"check cell not compared by nbval: {source!r}"
        assert output_text(cell).startswith("Correct"), f"{path.name}: {source!r} printed {output_text(cell)!r}"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_student_check_cells_say_not_attempted(path):
    for cell in check_cells(NOTEBOOKS / path.name):
        assert output_text(cell) == NOT_ATTEMPTED + "\n"


# The lessons' modules (lesson1_paths.py and the like are parts of one).
LESSON_MODULES = sorted(p.stem for p in (ROOT / "mathmaze_lib" / "exercises").glob("lesson[0-9].py"))


@pytest.mark.parametrize("module", LESSON_MODULES)
def test_every_shown_solution_passes_its_own_check(module):
    """The code solution() shows must be right: run each, in order (later ones may use earlier ones)."""
    lesson = importlib.import_module(f"mathmaze_lib.exercises.{module}")
    exercises = [getattr(lesson, n) for n in lesson.__all__]
    assert len(exercises) >= 5
    namespace: dict = {}   # what the lesson's notebook imported before its exercises
    exec("import random\nfrom collections import deque\nfrom mathmaze_lib.puzzles import wallmaze\n"
         "from mathmaze_lib.puzzles import summaze", namespace)
    for q in exercises:
        if isinstance(q, FunctionExercise):
            exec(q.solution_code, namespace)
            assert q.evaluate(namespace[q.name]).correct, q.name
        assert q.hints or isinstance(q, ThoughtExercise), f"{q.name} has no hint"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_shown_solution_is_the_code_of_the_solution_notebook(path):
    """One source: ex.qN.solution() prints the exercise cell of the solution notebook."""
    from mathmaze_lib.exercises.solutions import extract

    module, codes = extract(nbformat.read(path, as_version=4))
    lesson = importlib.import_module(f"mathmaze_lib.exercises.{module}")
    checked = [n for n in lesson.__all__ if isinstance(getattr(lesson, n), FunctionExercise)]
    assert sorted(codes) == sorted(checked), f"{path.name}: exercise cells {sorted(codes)}, checks {checked}"
    for name, code in codes.items():
        assert getattr(lesson, name).solution_code == code, f"{path.name} {name}: run `python -m mathmaze_lib release`"


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_exercise_headings_match_the_check_they_call(path):
    """'### Exercise N' is checked by ex.qN.check() (and nothing else calls qN)."""
    import re

    nb = nbformat.read(path, as_version=4)
    heading = None
    for cell in nb.cells:
        found = re.search(r"^#+ Exercise (\d+)\b", cell.source, re.M)
        if cell.cell_type == "markdown" and found:
            heading = int(found.group(1))
        check = re.search(r"\bex\.q(\d+)\.check\(", cell.source)
        if cell.cell_type == "code" and check:
            assert heading == int(check.group(1)), f"{path.name}: Exercise {heading} is checked by ex.q{check.group(1)}"
