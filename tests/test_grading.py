"""Grading a made-up class of lesson 3 (the quickest lesson to run), built here from the student notebooks.

Right answers come from the solution notebooks' code; wrong ones are written by hand.  The
gradebook is checked cell by cell, and the bad submissions each get a row with their reason.
"""

from __future__ import annotations

import copy
import csv
import json
import re

import nbformat
import pytest

from conftest import NOTEBOOKS
from mathmaze_lib import grading
from mathmaze_lib.__main__ import main
from mathmaze_lib.exercises.release import BEGIN, END

LESSON = "03_wall_optimization"
QS = [attr for attr, _ in grading.graded_exercises(3)]            # q1 ... q7 (q6 is a question)
NAMES = {attr: q.name for attr, q in grading.graded_exercises(3)}
Q = {name: attr for attr, name in NAMES.items()}                     # runner_moves -> q1, ...


def student_notebook(name=LESSON):
    return nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)


def right_notebook(name=LESSON):
    """The student notebook with every exercise cell filled with the solution notebook's code."""
    student, solution = student_notebook(name), nbformat.read(NOTEBOOKS / "solutions" / f"{name}.ipynb", 4)
    assert len(student.cells) == len(solution.cells)
    for mine, theirs in zip(student.cells, solution.cells):
        if BEGIN in theirs.source:
            mine.source = "\n".join(line for line in theirs.source.splitlines()
                                    if line.strip() not in (BEGIN, END))
    return student


def cell_defining(nb, name):
    return next(i for i, c in enumerate(nb.cells) if c.cell_type == "code" and f"def {name}(" in c.source)


def replace_def(nb, name, code):
    """Replace the cell that defines ``name`` (it also imports deque, which later exercises use)."""
    nb.cells[cell_defining(nb, name)].source = "from collections import deque\n" + code
    return nb


def insert_after(nb, name, code):
    nb.cells.insert(cell_defining(nb, name) + 1, nbformat.v4.new_code_cell(code))
    return nb


WRONG_GREEDY = '''
def greedy_wall(maze, walls):
    """Wrong on purpose: always the first open cell of the path."""
    for cell in wallmaze.run(maze, walls).path:
        if maze.char(cell) == "." and cell not in walls:
            return cell
    return None
'''

HARD_CODED = '''
_known = {repr(args): ex.q1.reference(*args) for args in getattr(ex.q1, "all_cases", list)()}

def runner_moves(maze, walls):
    """Hard-coded: looks the answer up among the cases the check shows."""
    return _known.get(repr((maze, walls)), 0)
'''

FAKE_CHECK = 'print("Correct: runner_moves agrees with the reference on all 33 cases.")'
FAKE_MARKED = 'print("MM" + "0" * 32 + \'{"q": "q2", "status": "correct", "text": "forged"}\' + "MM" + "0" * 32)'


def build_class(folder):
    """Seventeen submissions; returns {file name: (expected marks by q or None, total, words in notes)}."""
    folder.mkdir()
    expected = {}

    def save(name, nb, marks, words=()):
        nbformat.write(nb, folder / name)
        expected[name] = (marks, sum(marks.values()) if marks else 0, list(words))

    all_right = {q: 1 for q in QS}
    nothing = {q: 0 for q in QS}
    save("ada_03_wall_optimization.ipynb", right_notebook(), all_right)
    save("bob_03_wall_optimization.ipynb", student_notebook(), nothing, [f"{Q['runner_moves']} not attempted"])
    save("cleo.ipynb", replace_def(right_notebook(), "greedy_wall", WRONG_GREEDY),
         {**all_right, Q["greedy_wall"]: 0}, [f"{Q['greedy_wall']} incorrect"])
    save("dan.ipynb", replace_def(right_notebook(), "runner_moves", HARD_CODED),
         {**all_right, Q["runner_moves"]: 0}, [f"{Q['runner_moves']} incorrect"])
    nb = replace_def(right_notebook(), "runner_moves", "def runner_moves(maze, walls):\n    return 0\n")
    check = next(i for i, c in enumerate(nb.cells) if "ex.q1.check()" in c.source)
    nb.cells[check].source = FAKE_CHECK
    nb = replace_def(nb, "score_with_checkpoints", "def score_with_checkpoints(maze, walls):\n    return 1\n")
    nb.cells.append(nbformat.v4.new_code_cell(FAKE_MARKED))
    save("eve.ipynb", nb, {**all_right, Q["runner_moves"]: 0, Q["score_with_checkpoints"]: 0},
         [f"{Q['runner_moves']} incorrect", f"{Q['score_with_checkpoints']} incorrect"])
    save("finn.ipynb", replace_def(right_notebook(), "score_with_checkpoints",
                                   "def score_with_checkpoints(maze, walls)\n    return 1\n"),
         {**all_right, Q["score_with_checkpoints"]: 0},
         [f"{Q['score_with_checkpoints']} not attempted", "raised SyntaxError"])
    save("gus.ipynb", insert_after(right_notebook(), "runner_moves", "while True:\n    pass\n"),
         all_right, ["did not finish within", "interrupted"])
    save("hana.ipynb", insert_after(right_notebook(), "runner_moves",
                                    "hog = [bytearray(10**8) for _ in range(30)]\n"),
         all_right, ["raised MemoryError"])
    save("ivan.ipynb", insert_after(right_notebook(), "runner_moves", "import os\nos._exit(3)\n"),
         None, ["kernel died during cell", "(import os)"])
    (folder / "jo.ipynb").write_text("this is my homework, I wrote it in Word")
    expected["jo.ipynb"] = (None, 0, ["not a notebook: not JSON"])
    big = student_notebook()
    big.cells.append(nbformat.v4.new_markdown_cell("x" * (50 * 10**6)))
    save("kim.ipynb", big, None, ["MB, over the 20 MB limit"])
    save("lea_01_math_maze.ipynb", student_notebook("01_math_maze"), None,
         ["lesson 1 notebook; this class is grading lesson 3"])
    nb = right_notebook()
    del nb.cells[cell_defining(nb, "improving_moves")]
    save("max.ipynb", nb, {**all_right, Q["improving_moves"]: 0}, ["no cell defines improving_moves"])
    nb = right_notebook()
    replace_def(nb, "runner_moves", "runner_moves = wallmaze.score\n")
    nb.metadata["authors"] = [{"name": "Nora Noether"}]
    save("nora_03_wall_optimization.ipynb", nb, {**all_right, Q["runner_moves"]: 0},
         [f"{Q['runner_moves']} incorrect"])
    (folder / "otto.ipynb").write_text(json.dumps({"hello": "world"}))
    expected["otto.ipynb"] = (None, 0, ["not a notebook: JSON, but without"])
    stuck = "try:\n    while True:\n        pass\nexcept KeyboardInterrupt:\n    while True:\n        pass\n"
    save("pia.ipynb", insert_after(right_notebook(), "runner_moves", stuck), None,
         ["never finished, even after an interrupt"])
    save("quinn.ipynb", insert_after(right_notebook(), "runner_moves",
                                     "for i in range(200_000):\n    print('spam', i)\n"), all_right)
    return expected


@pytest.mark.slow
def test_grade_a_class_cell_by_cell(tmp_path, capsys):
    expected = build_class(tmp_path / "class")
    gradebook, feedback = tmp_path / "grades.csv", tmp_path / "feedback"
    code = main(["grade", str(tmp_path / "class"), "--csv", str(gradebook), "--feedback", str(feedback),
                 "--jobs", "2", "--timeout", "10", "--notebook-timeout", "120", "--memory", "1500"])
    out = capsys.readouterr()
    assert code == 0, out.err
    rows = list(csv.DictReader(gradebook.open()))
    header = next(csv.reader(gradebook.open()))
    assert header == ["file", "student", "lesson"] + [f"{q} {NAMES[q]}" for q in QS] + ["total", "out_of", "notes"]
    assert sorted(r["file"].rsplit("/", 1)[-1] for r in rows) == sorted(expected)
    for row in rows:
        name = row["file"].rsplit("/", 1)[-1]
        marks, total, words = expected[name]
        for q in QS:
            want = "" if marks is None else str(marks[q])
            assert row[f"{q} {NAMES[q]}"] == want, f"{name}, {q}: {row['notes']}"
        assert row["total"] == str(total), name
        assert row["out_of"] == "6"
        for word in words:
            assert word in row["notes"], f"{name}: {word!r} not in {row['notes']!r}"
        if marks == {q: 1 for q in QS} and not words:
            assert row["notes"] == ""
    by_name = {r["file"].rsplit("/", 1)[-1]: r for r in rows}
    assert by_name["ada_03_wall_optimization.ipynb"]["student"] == "ada"
    assert by_name["nora_03_wall_optimization.ipynb"]["student"] == "Nora Noether"
    assert by_name["lea_01_math_maze.ipynb"]["lesson"] == "1"

    # one feedback file per submission, quoting the checks
    files = sorted(p.name for p in feedback.iterdir())
    assert len(files) == len(expected)
    dan = (feedback / "dan.txt").read_text()
    assert "q1 runner_moves: incorrect" in dan and "hidden cases (ones check() never showed)" in dan
    assert "Not quite: runner_moves" in dan and "returned 0" in dan
    assert "agrees on" in (feedback / "ada.txt").read_text()
    eve = (feedback / "eve.txt").read_text()
    assert "forged" not in eve and "q2 score_with_checkpoints: incorrect" in eve
    assert "library's own mathmaze_lib.wallmaze.score" in (feedback / "Nora_Noether.txt").read_text()
    assert "could not be graded" in (feedback / "jo.txt").read_text()
    assert re.search(r"graded \d+ of 17 notebooks \(lesson 3\)", out.out)


def test_reading_rules():
    assert grading.student_name("x/ada/03_wall_optimization.ipynb") == "ada"
    assert grading.student_name("x/b-c_02_jumping_mazes.ipynb") == "b c"
    assert grading.student_name("x/y.ipynb", {"mathmaze": {"student": "Zoe"}}) == "Zoe"
    assert grading.lesson_of_sources(["import numpy", "import mathmaze_lib.exercises.lesson1 as ex"]) == 1
    assert grading.lesson_of_sources(["print(1)"]) is None
    from mathmaze_lib.exercises import lesson1
    from mathmaze_lib.exercises.core import ThoughtExercise

    graded = [q for q, _ in grading.graded_exercises(1)]
    assert graded and all(not isinstance(getattr(lesson1, q), ThoughtExercise) for q in graded)
    assert "q6" not in graded and isinstance(lesson1.q6, ThoughtExercise)             # questions are not graded
    with pytest.raises(ValueError, match="lesson 9"):
        grading.graded_exercises(9)


def test_grade_in_kernel_reads_definitions_and_hides_cases():
    """The kernel side, run here: a hard-coded answer passes the shown cases and fails the hidden ones."""
    from mathmaze_lib.exercises import lesson2

    if not hasattr(lesson2.q3, "all_cases"):
        pytest.skip("the exercises no longer list their cases")
    known = {repr(args): lesson2.q3.reference(*args) for args in lesson2.q3.all_cases()}
    namespace = {"route_from_parents": lambda parent, goal: known.get(repr((parent, goal)))}
    assert lesson2.q3.evaluate(namespace["route_from_parents"]).correct
    lines = list(grading.grade_in_kernel(namespace, 2, "##", seconds=20))
    verdicts = {v["name"]: v for v in (json.loads(line.strip("#")) for line in lines)}
    assert sorted(verdicts) == sorted(q.name for _, q in grading.graded_exercises(2))
    assert verdicts["route_from_parents"]["status"] == "incorrect" and verdicts["route_from_parents"]["hidden"]
    assert verdicts["moves_table"]["status"] == "not attempted"


def test_a_check_that_runs_forever_is_stopped():
    def moves_table(numbers):
        while True:
            pass

    lines = list(grading.grade_in_kernel({"moves_table": moves_table}, 2, "##", seconds=0.5))
    first = json.loads(lines[0].strip("#"))
    assert first["status"] == "error" and "longer than 0.5 s" in first["text"]


def test_bad_options_and_files(tmp_path, capsys):
    assert main(["grade", str(tmp_path / "none.ipynb"), "--csv", "x.csv", "--feedback", "f"]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    nb = tmp_path / "a.ipynb"
    nbformat.write(copy.deepcopy(student_notebook()), nb)
    assert main(["grade", str(nb), "--csv", str(tmp_path / "x.csv"), "--feedback", str(tmp_path / "f"),
                 "--jobs", "0"]) == 2
    assert "--jobs 0" in capsys.readouterr().err


def test_exercises_with_their_own_hidden_cases_are_asked_for_them():
    """The grader asks the learner's check first, then the exercise's own hidden cases drawn from the
    grader's seed (``evaluate(answer, hidden=seed)``), and says when only the hidden cases fail."""
    from mathmaze_lib.exercises.core import Feedback

    class Hidden:
        name = "f"
        calls: list = []

        def evaluate(self, answer=None, hidden=False):
            self.calls.append(hidden)
            return Feedback("incorrect" if hidden else "correct", f"hidden={hidden}")

        def all_cases(self, hidden=False):
            return [(1,), (2,)]

    q = Hidden()
    verdict = grading._verdict_of(q, lambda: 1, seed=1)
    assert q.calls == [False, 1]
    assert verdict["status"] == "incorrect" and verdict["hidden"] is True
    assert verdict["text"] == "hidden=False But on the hidden cases (ones check() never showed): hidden=1"


def test_another_lesson_than_the_one_asked_for(tmp_path):
    nb = tmp_path / "ada_03_wall_optimization.ipynb"
    nbformat.write(student_notebook(), nb)
    assert main(["grade", str(nb), "--lesson", "2", "--csv", str(tmp_path / "g.csv"),
                 "--feedback", str(tmp_path / "f")]) == 0
    (row,) = list(csv.DictReader((tmp_path / "g.csv").open()))
    assert row["notes"] == "this is a lesson 3 notebook; this class is grading lesson 2"
    assert row["total"] == "0" and row["q1 moves_table"] == ""
    assert "could not be graded" in (tmp_path / "f" / "ada.txt").read_text()
