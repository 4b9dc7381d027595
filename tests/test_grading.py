"""Grading a made-up class of lesson 3 (the quickest lesson to run), built here from the student notebooks.

Right answers come from the solution notebooks' code; wrong ones are written by hand.  The
gradebook is checked cell by cell, and the bad submissions each get a row with their reason.
"""

from __future__ import annotations

import copy
import csv
import json
import re
from pathlib import Path

import nbformat
import pytest

from conftest import NOTEBOOKS
from mathmaze_lib import grading
from mathmaze_lib.__main__ import main
from mathmaze_lib.grading import sandbox
from mathmaze_lib.teacher.release import BEGIN, END

LESSON = "03_wall_optimization"
#: grade's option where this machine has no sandbox (it refuses to grade without one unless told)
SANDBOX = [] if sandbox.available() else ["--no-sandbox"]
QS = [attr for attr, _ in grading.graded_exercises(3)]            # q1 ... q6 (q7 is a question), c1
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
    """Twelve submissions; returns {file name: (expected marks by q or None, total, words in notes)}."""
    folder.mkdir()
    expected = {}

    def save(name, nb, marks, words=()):
        nbformat.write(nb, folder / name)
        expected[name] = (marks, sum(marks.values()) if marks else 0, list(words))

    all_right = {q: 1 for q in QS}
    nothing = {q: 0 for q in QS}
    save("ada_03_wall_optimization.ipynb", right_notebook(), all_right)
    save("bob_03_wall_optimization.ipynb", student_notebook(), nothing, [f"{Q['runner_moves']} not attempted"])
    nb = replace_def(right_notebook(), "greedy_wall", WRONG_GREEDY)
    nb.metadata["mathmaze"] = {"student": "ada"}         # an impostor: the row stays cleo's, with a note
    save("cleo.ipynb", nb, {**all_right, Q["greedy_wall"]: 0},
         [f"{Q['greedy_wall']} incorrect", "its metadata names 'ada' (mathmaze.student), not cleo"])
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
    return expected


@pytest.mark.slow
def test_grade_a_class_cell_by_cell(tmp_path, capsys):
    expected = build_class(tmp_path / "class")
    gradebook, feedback = tmp_path / "grades.csv", tmp_path / "feedback"
    code = main(["grade", str(tmp_path / "class"), "--csv", str(gradebook), "--feedback", str(feedback),
                 "--jobs", "2", "--timeout", "30", "--notebook-timeout", "300", "--memory", "1500", *SANDBOX])
    out = capsys.readouterr()
    assert code == 0, out.err
    rows = list(csv.DictReader(gradebook.open()))
    header = next(csv.reader(gradebook.open()))
    # the lesson's order (its module's __all__): q1 ... q6, the written q7, then the challenge c1
    assert header == ["file", "student", "lesson"] + [f"{q} {NAMES[q]}" for q in QS[:-1]] + ["q7 written"] + \
        [f"{QS[-1]} {NAMES[QS[-1]]}", "total", "out_of", "notes"]
    assert sorted(r["file"].rsplit("/", 1)[-1] for r in rows) == sorted(expected)
    for row in rows:
        name = row["file"].rsplit("/", 1)[-1]
        marks, total, words = expected[name]
        for q in QS:
            want = "" if marks is None else str(marks[q])
            assert row[f"{q} {NAMES[q]}"] == want, f"{name}, {q}: {row['notes']}"
        assert row["total"] == str(total), name
        # 8: the 7 checked items (q1 ... q6, c1) and the written q7, a point each by default
        assert row["out_of"] == "8" and row["q7 written"] == ""                 # not marked yet
        for word in words:
            assert word in row["notes"], f"{name}: {word!r} not in {row['notes']!r}"
        if marks == {q: 1 for q in QS} and not words:          # the solutions' code: every such pair is flagged
            assert row["notes"].startswith("q7 written: not marked yet; similar code: ")
    by_name = {r["file"].rsplit("/", 1)[-1]: r for r in rows}
    assert by_name["ada_03_wall_optimization.ipynb"]["student"] == "ada"
    assert by_name["nora_03_wall_optimization.ipynb"]["student"] == "nora", "her metadata's name is not the row's"
    assert by_name["cleo.ipynb"]["student"] == "cleo"
    assert by_name["lea_01_math_maze.ipynb"]["lesson"] == "1"

    # one feedback file per submission, quoting the checks
    files = sorted(p.name for p in feedback.glob("*.txt"))
    assert len(files) == len(expected)
    dan = (feedback / "dan.txt").read_text()
    assert "q1 runner_moves: incorrect" in dan and "hidden cases (ones check() never showed)" in dan
    assert "Not quite: runner_moves" in dan and "returned 0" in dan
    assert "agrees on" in (feedback / "ada.txt").read_text()
    eve = (feedback / "eve.txt").read_text()
    assert "forged" not in eve and "q2 score_with_checkpoints: incorrect" in eve
    assert "library's own mathmaze_lib.puzzles.wallmaze.score" in (feedback / "nora.txt").read_text()
    assert (feedback / "cleo.txt").read_text().startswith("Math Maze, lesson 3: feedback for cleo\n")
    assert not (feedback / "ada-2.txt").exists(), "cleo's claim to be ada must not give ada a second file"
    assert "could not be graded" in (feedback / "jo.txt").read_text()
    where = "WITHOUT a sandbox" if SANDBOX else "in the sandbox"
    assert re.search(rf"graded \d+ of 12 notebooks \(lesson 3\) {where}", out.out)


def test_reading_rules():
    assert grading.student_name("x/ada/03_wall_optimization.ipynb") == "ada"
    assert grading.student_name("x/b-c_02_jumping_mazes.ipynb") == "b c"
    assert grading.whose("x/y.ipynb", metadata={"mathmaze": {"student": "Zoe"}}).name == "y", "metadata names nobody"
    # what copying a file adds is not a name: the folder is
    assert grading.student_name("class/kim/01_math_maze-Copy1.ipynb") == "kim"
    assert grading.student_name("class/kim/01_math_maze (1).ipynb") == "kim"
    assert grading.student_name("class/kim/Copy of 01_math_maze.ipynb") == "kim"
    assert grading.student_name("class/kim/Untitled1.ipynb") == "kim"
    assert grading.student_name("submitted/kim/lesson1/01_math_maze.ipynb") == "kim"       # nbgrader's layout
    assert grading.student_name("class/01_math_maze (2).ipynb", root="class") == "01_math_maze (2)"
    assert grading.student_name("class/ada_lovelace-01_math_maze-Copy2.ipynb") == "ada lovelace"
    assert grading.lesson_of_sources(["import numpy", "import mathmaze_lib.exercises.lesson1 as ex"]) == 1
    assert grading.lesson_of_sources(["print(1)"]) is None
    from mathmaze_lib.exercises import lesson1
    from mathmaze_lib.exercises.core import ThoughtExercise

    graded = [q for q, _ in grading.graded_exercises(1)]
    assert graded and all(not isinstance(getattr(lesson1, q), ThoughtExercise) for q in graded)
    assert "q6" not in graded and isinstance(lesson1.q6, ThoughtExercise)             # questions are not graded
    with pytest.raises(ValueError, match="lesson 9"):
        grading.graded_exercises(9)


def test_every_checked_item_is_graded_as_the_tests_find_it():
    """The grader grades what the lesson module's ``__all__`` lists (as the exercise tests read it), the
    put-in-order step and the checked challenge too; questions to think about are left out."""
    from mathmaze_lib.exercises import checked, lesson1, lesson2, lesson3
    from mathmaze_lib.grading.judge import plan_for

    items = {1: "q1 q2 q3 q4a q4 q5 c1", 2: "q1 q2a q2 q3 q4 q5 q6 q7 c1", 3: "q1 q2 q3 q4 q5 q6 c1"}
    for number, module in ((1, lesson1), (2, lesson2), (3, lesson3)):
        graded = grading.graded_exercises(number)
        assert [q for q, _ in graded] == items[number].split()
        assert graded == checked(module) and len(plan_for(graded, seed=1)) == len(graded)


def test_a_put_in_order_step_and_a_checked_challenge_are_judged_here():
    from mathmaze_lib.exercises import lesson1
    from mathmaze_lib.exercises.core import describe_answer
    from mathmaze_lib.exercises.plain import encode
    from mathmaze_lib.grading.judge import ExercisePlan

    def reply(value):
        facts = describe_answer(value)
        if "value" in facts:
            facts["value"] = encode(facts["value"])
        return {"op": "value", "facts": facts}

    order = ExercisePlan("q4a", lesson1.q4a, seed=grading.HIDDEN_SEED)
    assert order.request() == {"op": "value", "q": "q4a"}
    right = order.verdict(reply("DFIJGCHEAB"))
    assert right.correct and "hidden cases." in right.text and right.total > len(lesson1.q4a.exercise.all_cases())
    past_end = order.verdict(reply("DJGCHEAFIB"))
    assert past_end.status == "incorrect" and "went on past End" in past_end.text
    assert order.verdict(reply(None)).status == "not attempted"
    assert order.verdict(reply(["D", "F"])).status == "incorrect"
    most = ExercisePlan("c1", lesson1.c1, seed=1)
    counts = lesson1.solution_counts()
    assert most.verdict(reply(max(counts, key=counts.get))).correct
    assert most.verdict(reply(7)).status == "incorrect" and "another id has more" in most.verdict(reply(7)).text


def test_grade_marks_the_put_in_order_step_and_the_challenge(tmp_path):
    """Two learners who answered only lesson 1's put-in-order step and its challenge, graded end to end."""
    from mathmaze_lib.exercises import lesson1

    counts = lesson1.solution_counts()
    lesson1._COUNTS.clear()              # the judge counts them again, inside its guard (1,000 puzzles, 0.3 s)
    folder = tmp_path / "class"
    folder.mkdir()
    for name, order, pid in (("ada", "DFIJGCHEAB", max(counts, key=counts.get)), ("bob", "DJGCHEAFIB", 7)):
        cells = ["from mathmaze_lib.exercises import lesson1 as ex", f"routes_order = {order!r}",
                 f"most_solutions_id = {pid}"]
        nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells]),
                       folder / f"{name}_01_math_maze.ipynb")
    assert main(["grade", str(folder), "--csv", str(tmp_path / "g.csv"), "--feedback", str(tmp_path / "f"),
                 *SANDBOX]) == 0
    rows = {r["student"]: r for r in csv.DictReader((tmp_path / "g.csv").open())}
    assert (rows["ada"]["q4a routes_order"], rows["ada"]["c1 most_solutions_id"], rows["ada"]["total"]) == ("1", "1", "2")
    assert (rows["bob"]["q4a routes_order"], rows["bob"]["c1 most_solutions_id"], rows["bob"]["total"]) == ("0", "0", "0")
    # out of 8: lesson 1's 7 checked items (q1 q2 q3 q4a q4 q5 c1) and its written q6, a point each by default
    assert rows["ada"]["out_of"] == "8" and "q4a incorrect" in rows["bob"]["notes"]
    bob = (tmp_path / "f" / "bob.txt").read_text()
    assert "q4a routes_order: incorrect" in bob and "went on past End" in bob and "puzzle 7 has 3 solutions" in bob


def test_bad_options_and_files(tmp_path, capsys):
    assert main(["grade", str(tmp_path / "none.ipynb"), "--csv", "x.csv", "--feedback", "f"]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    nb = tmp_path / "a.ipynb"
    nbformat.write(copy.deepcopy(student_notebook()), nb)
    assert main(["grade", str(nb), "--csv", str(tmp_path / "x.csv"), "--feedback", str(tmp_path / "f"),
                 "--jobs", "0", *SANDBOX]) == 2
    assert "--jobs 0" in capsys.readouterr().err


def test_a_row_is_named_by_where_the_work_came_from_never_by_its_metadata(tmp_path, capsys):
    """Impostors (issue 42): notebooks whose metadata names a classmate keep the name of the folder or
    file they came in, in the gradebook, the feedback files and the LMS file, with a note for the teacher."""
    klass = tmp_path / "class"
    claims = {"ada/01_math_maze.ipynb": {"mathmaze": {"student": "grace"}},      # names a classmate
              "grace/01_math_maze.ipynb": {"authors": [{"name": "Grace Hopper"}]},  # her own full name
              "alan_01_math_maze.ipynb": {"mathmaze": {"student": "ada"}, "authors": [{"name": "ada"}]}}
    for rel, metadata in claims.items():
        nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print('no lesson here')")], metadata=metadata)
        (klass / rel).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, klass / rel)
    roster = tmp_path / "roster.csv"
    roster.write_text("Student,SIS Login ID\nAda Lovelace,ada\nGrace Hopper,grace\nAlan Turing,alan\n")
    assert main(["grade", str(klass), "--csv", str(tmp_path / "g.csv"), "--feedback", str(tmp_path / "f"),
                 "--roster", str(roster), *SANDBOX]) == 0
    out = capsys.readouterr()
    rows = {Path(r["file"]).relative_to(klass).as_posix(): r for r in csv.DictReader((tmp_path / "g.csv").open())}
    assert {rel: r["student"] for rel, r in rows.items()} == {"ada/01_math_maze.ipynb": "ada",
                                                             "grace/01_math_maze.ipynb": "grace",
                                                             "alan_01_math_maze.ipynb": "alan"}
    assert "its metadata names 'grace' (mathmaze.student), not ada: the name here is its folder's" in \
        rows["ada/01_math_maze.ipynb"]["notes"]
    assert "its metadata names 'ada' (mathmaze.student), not alan: the name here is its file name" in \
        rows["alan_01_math_maze.ipynb"]["notes"]
    assert "metadata" not in rows["grace/01_math_maze.ipynb"]["notes"], "her own full name is no impostor"
    assert "same student name" not in "".join(r["notes"] for r in rows.values())
    assert sorted(p.name for p in (tmp_path / "f").iterdir()) == ["ada.txt", "alan.txt", "grace.txt", "index.csv"]
    from mathmaze_lib.teacher.returning import read_index                 # what release-feedback hands back
    assert sorted((who, path.name) for who, path, _ in read_index(tmp_path / "f")) == [
        ("ada", "ada.txt"), ("alan", "alan.txt"), ("grace", "grace.txt")]
    assert (tmp_path / "f" / "ada.txt").read_text().startswith("Math Maze: feedback for ada\n")
    assert "metadata" not in (tmp_path / "f" / "ada.txt").read_text(), "whose it is: a note for the teacher only"
    lms = list(csv.DictReader((tmp_path / "g-lms.csv").open()))
    assert [r["Student"] for r in lms[1:]] == ["Ada Lovelace", "Grace Hopper", "Alan Turing"]
    warnings = [line for line in out.err.splitlines() if "warning" in line and "--no-sandbox" not in line]
    assert not warnings and "matched to" not in out.err, "each file is its folder's or file's learner"


def test_grade_refuses_without_a_sandbox_and_says_why_unless_told(tmp_path, monkeypatch, capsys):
    nb = tmp_path / "ada.ipynb"
    nbformat.write(nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("print(1)")]), nb)
    args = ["grade", str(nb), "--csv", str(tmp_path / "g.csv"), "--feedback", str(tmp_path / "f")]
    monkeypatch.setitem(sandbox._probe, "result", "bubblewrap is not installed: install it (a test)")
    assert main(args) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the sandbox cannot start here: bubblewrap is not installed: install it" in err
    assert "add --no-sandbox" in err and not (tmp_path / "g.csv").exists()
    assert main(args + ["--no-sandbox"]) == 0
    out = capsys.readouterr()
    assert out.err.count("submissions are NOT isolated (--no-sandbox)") == 2 and "WITHOUT a sandbox" in out.out
    with pytest.raises(ValueError, match="the sandbox cannot start here"):
        grading.grade_class([nb])


def test_the_refusal_names_the_cause_and_the_fix(monkeypatch, tmp_path):
    """Each reason bubblewrap cannot start gets its own words and fix (not "user namespaces" for everything)."""
    monkeypatch.setattr(sandbox.sys, "platform", "darwin")
    assert "runs only on Linux" in sandbox._try_bwrap() and "hub's machine" in sandbox._try_bwrap()
    monkeypatch.undo()
    monkeypatch.setattr(sandbox.shutil, "which", lambda name: None)
    assert "bubblewrap is not installed: install it (Debian/Ubuntu: sudo apt install bubblewrap" in sandbox._try_bwrap()
    monkeypatch.undo()
    settings = {}
    monkeypatch.setattr(sandbox, "_setting", settings.get)
    monkeypatch.setattr(sandbox, "in_container", lambda: False)
    said = "bwrap: No permissions to creating new namespace, likely because the kernel does not allow non-privileged"
    settings["user/max_user_namespaces"] = "0"
    assert "turned off on this machine (user.max_user_namespaces = 0)" in sandbox.refusal_of(said)
    settings.clear()
    settings["kernel/apparmor_restrict_unprivileged_userns"] = "1"
    assert "Ubuntu's AppArmor" in sandbox.refusal_of("bwrap: setting up uid map: Permission denied")
    settings.clear()
    monkeypatch.setattr(sandbox, "in_container", lambda: True)
    refusal = sandbox.refusal_of("bwrap: Can't mount proc on /newroot/proc: Operation not permitted")
    assert sandbox.CONTAINER_OPTIONS in refusal and "this is a container" in refusal
    assert "namespaces" not in sandbox.refusal_of("bwrap: execvp python: No such file or directory")


def test_another_lesson_than_the_one_asked_for(tmp_path):
    nb = tmp_path / "ada_03_wall_optimization.ipynb"
    nbformat.write(student_notebook(), nb)
    assert main(["grade", str(nb), "--lesson", "2", "--csv", str(tmp_path / "g.csv"),
                 "--feedback", str(tmp_path / "f"), *SANDBOX]) == 0
    (row,) = list(csv.DictReader((tmp_path / "g.csv").open()))
    assert row["notes"] == "this is a lesson 3 notebook; this class is grading lesson 2"
    assert row["total"] == "0" and row["q1 moves_table"] == ""
    assert "could not be graded" in (tmp_path / "f" / "ada.txt").read_text()


# ------------------------------------------------------------------------------ the judge, here

def reply_for(plan, fn):
    """What a worker sends back for ``fn`` (computed here, as the worker computes it)."""
    from mathmaze_lib.exercises.core import describe_answer, plain_outcome
    from mathmaze_lib.exercises.plain import decode, encode

    facts = describe_answer(fn)
    if "value" in facts:
        facts["value"] = encode(facts["value"])
    request = plan.request()
    batches = [[plain_outcome(o) for o in plan.q.compute(fn, decode(b["calls"]), b["seconds"], encode=encode)]
               for b in request["batches"]] if plan.q.first_look(facts) is None else []
    return json.loads(json.dumps({"op": "answers", "facts": facts, "batches": batches}))


def test_a_hard_coded_answer_passes_the_shown_cases_and_fails_the_hidden_ones():
    from mathmaze_lib.exercises import lesson2
    from mathmaze_lib.grading.judge import ExercisePlan

    plan = ExercisePlan("q3", lesson2.q3, seed=grading.HIDDEN_SEED)
    known = {repr(args): lesson2.q3.reference(*args) for args in lesson2.q3.all_cases()}
    cheat = lambda parent, goal: known.get(repr((parent, goal)))          # noqa: E731
    assert lesson2.q3.evaluate(cheat).correct
    verdict = plan.verdict(reply_for(plan, cheat))
    assert verdict.status == "incorrect" and "But on the hidden cases (ones check() never showed)" in verdict.text
    assert 0 < verdict.right < verdict.total and verdict.points() == 0
    assert verdict.points(partial=True) == round(verdict.right / verdict.total, 2)
    from mathmaze_lib.exercises.solutions import load

    namespace: dict = {}
    exec(load()["lesson2"]["q3"], namespace)
    right = plan.verdict(reply_for(plan, namespace["route_from_parents"]))
    hidden = len(lesson2.q3.all_cases(hidden=grading.HIDDEN_SEED))
    assert right.status == "correct" and right.text.endswith(f"It also agrees on {hidden} hidden cases.")
    assert plan.verdict(reply_for(plan, None)).status == "not attempted"
    library = plan.verdict(reply_for(plan, lesson2.route_to))
    assert library.text == "route_from_parents is the library's own mathmaze_lib.search.route_to, not code you wrote."


@pytest.mark.parametrize("reply", [None, [], {"facts": []}, {"facts": {"missing": False, "callable": True}},
                                   {"facts": {"missing": False, "callable": True}, "batches": [[], [], []]},
                                   {"facts": {"missing": False, "callable": True}, "batches": [[{"kind": "value"}] * 999, []]},
                                   {"facts": {"missing": False, "callable": True},
                                    "batches": [[{"kind": "value", "value": {"$obj": ["os.system", {}]}}], []]},
                                   {"facts": {"missing": False, "callable": False, "value": {"$evil": 1}}}],
                         ids=lambda r: str(r)[:40])
def test_a_reply_that_is_not_plain_data_is_an_error_for_that_exercise_only(reply):
    from mathmaze_lib.exercises import lesson1
    from mathmaze_lib.grading.judge import ExercisePlan

    verdict = ExercisePlan("q1", lesson1.q1, seed=1).verdict(reply)
    assert verdict.status == "error" and verdict.points(partial=True) == 0
    assert "cannot be read" in verdict.text


def test_claimed_answers_are_judged_like_any_other():
    """A worker can claim any answers; only right ones earn the mark (and the grader's own cases decide)."""
    from mathmaze_lib.exercises import lesson1
    from mathmaze_lib.exercises.plain import encode
    from mathmaze_lib.grading.judge import ExercisePlan

    plan = ExercisePlan("q1", lesson1.q1, seed=3)
    claim = {"facts": {"missing": False, "callable": True, "placeholder": False, "library": ""},
             "batches": [[{"kind": "value", "value": 5}] * len(b["calls"]) for b in plan.batches]}
    verdict = plan.verdict(claim)
    assert verdict.status == "incorrect" and verdict.right < verdict.total
    honest = [[{"kind": "value", "value": encode(lesson1.q1.reference(*c))} for c in b["calls"]] for b in plan.batches]
    assert plan.verdict({**claim, "batches": honest}).status == "correct"


def test_partial_credit_and_the_gradebook(tmp_path):
    from mathmaze_lib.grading import Submission, Feedback

    sub = Submission(tmp_path / "ada.ipynb", student="ada", lesson=1, partial=True, verdicts={
        "q1": Feedback("correct", "Correct", 48, 48), "q2": Feedback("incorrect", "Not quite", 45, 90),
        "q3": Feedback("correct", "Your is_solution is right, but ...", 300, 308, ("path_sum",)),
        "q4": Feedback("not attempted", "Not attempted yet"), "q5": Feedback("error", "Stopped", 0, 26)})
    assert sub.total == 2.5
    grading.write_csv([sub], 1, tmp_path / "g.csv", partial=True)
    (row,) = list(csv.DictReader((tmp_path / "g.csv").open()))
    assert [row[k] for k in ("q1 path_sum", "q2 is_legal_step", "q3 is_solution", "q4a routes_order",
                             "q4 count_paths", "q5 unique_puzzle")] == ["1", "0.5", "1", "0", "0", "0"]
    assert row["total"] == "2.5" and row["out_of"] == "8"
    assert "q3 right with the reference path_sum" in row["notes"]
    sub.partial = False
    assert sub.total == 2


def test_a_roster_gives_an_lms_import(tmp_path):
    from mathmaze_lib.grading import Submission, Feedback

    roster = tmp_path / "roster.csv"
    roster.write_text("Student,ID,SIS User ID,SIS Login ID,Section,Lesson 1 (123)\n"
                      "    Points Possible,,,,,5\n"
                      '"Lovelace, Ada",101,S101,ada,Period 2,\n'
                      "Grace Hopper,102,S102,ghopper,Period 2,\n"
                      "Alan Turing,103,S103,alan,Period 3,\n", encoding="utf-8-sig")
    klass = tmp_path / "class"

    def sub(rel, marks, claims=None):
        """A graded submission, named as grade names it (``claims``: the name in its metadata)."""
        graded = Submission(klass / rel, lesson=1, verdicts={f"q{i}": Feedback("correct" if m else "incorrect", "")
                                                             for i, m in enumerate(marks, 1)})
        return grading.name_submission(graded, klass, {"authors": [{"name": claims}]} if claims else None)

    subs = [sub("eve/01_math_maze.ipynb", [0] * 5, "Lovelace, Ada"),          # claims Ada's name in its metadata
            sub("ada/01_math_maze-Copy1.ipynb", [1, 1, 1, 0, 0]),             # her folder is her login
            sub("grace_hopper_01_math_maze.ipynb", [1, 1, 1, 1, 1]),         # her name (from the file's name)
            sub("mallory/01_math_maze.ipynb", [1] * 5),                      # not in the class
            sub("alan/01_math_maze.ipynb", [1] * 5),                         # two files in alan's folder:
            sub("alan/01_math_maze (1).ipynb", [0] * 5),                     # which one counts is not guessed
            sub("ghopper/01_math_maze.ipynb", [0] * 5, "Grace Hopper")]      # Grace's login, Grace's name: hers
    assert subs[0].student == "eve" and "its metadata names 'Lovelace, Ada' (authors), not eve" in subs[0].notes[0]
    roster_data = grading.read_roster(roster)
    assert [s["Student"] for s in roster_data.students] == ["Lovelace, Ada", "Grace Hopper", "Alan Turing"]
    left_out, by_name = grading.write_lms(subs, roster_data, 1, tmp_path / "lms.csv", "Lesson 1 (123)")
    assert sorted(s.path.name for s in left_out) == ["01_math_maze (1).ipynb", "01_math_maze.ipynb",
                                                     "01_math_maze.ipynb", "01_math_maze.ipynb",
                                                     "grace_hopper_01_math_maze.ipynb"]
    assert {s.path.parent.name for s in left_out} == {"eve", "mallory", "alan", "class"}
    assert not by_name, "Grace's login folder is a better match than a file that carries her name"
    lines = list(csv.reader((tmp_path / "lms.csv").open()))
    assert lines[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "Lesson 1 (123)"]
    # points possible: the 7 checked items of lesson 1 (q1 q2 q3 q4a q4 q5 c1) and its written q6, 1 each
    assert lines[1][0].strip() == "Points Possible" and lines[1][-1] == str(len(grading.graded_exercises(1)) + 1) == "8"
    assert lines[2] == ["Lovelace, Ada", "101", "S101", "ada", "Period 2", "3"]
    assert lines[3][-1] == "0" and lines[4] == ["Alan Turing", "103", "S103", "alan", "Period 3", ""]
    # without Grace's folder, the file with her name is hers, and grade says it was matched by the name alone
    left_out, by_name = grading.write_lms(subs[:-1], roster_data, 1, tmp_path / "lms.csv", "Lesson 1 (123)")
    assert [s.student for s in by_name] == ["grace hopper"]
    assert list(csv.reader((tmp_path / "lms.csv").open()))[3][-1] == "5"
    bad = tmp_path / "bad.csv"
    bad.write_text("Name,Mark\nada,1\n")
    with pytest.raises(ValueError, match="a roster needs a 'Student' column"):
        grading.read_roster(bad)


def test_an_input_that_cannot_be_sent_to_the_worker_is_refused_before_grading():
    """Every case a lesson hands to a learner's function must cross as plain data (issue 28 adds cases)."""
    from mathmaze_lib.exercises import FunctionExercise
    from mathmaze_lib.grading.judge import ExercisePlan, plan_for

    for lesson in (1, 2, 3):
        assert len(plan_for(grading.graded_exercises(lesson), seed=5)) == len(grading.graded_exercises(lesson))

    class Board:
        pass

    q = FunctionExercise("f", reference=lambda board: 1, cases=lambda rng: [(Board(),)])
    with pytest.raises(ValueError, match="register its class with exercises.plain.register"):
        ExercisePlan("q1", q, seed=1)


def test_a_tamper_note_points_at_the_learners_own_cell_and_line():
    """Lesson 1 has ``g = summaze.grade(p)`` and ``g.near_misses`` in its own cells; a learner who imports
    the grader as ``g`` further down is told about their own cell and line, not the lesson's (issue 42)."""
    import asyncio

    from mathmaze_lib.grading import source
    from mathmaze_lib.grading.runner import Settings, grade_notebook

    nb = student_notebook("01_math_maze")
    lesson_cell = next(i for i, c in enumerate(nb.cells, 1) if "g.near_misses" in c.source)
    nb.cells.append(nbformat.v4.new_code_cell("x = 1\nimport mathmaze_lib.grading as g\ng.near_misses = 0"))
    code = [(number, c.source) for number, c in enumerate(nb.cells, 1) if c.cell_type == "code"]
    found = source.tampering([text for _, text in code])
    assert found == [(len(code), 2, "imports mathmaze_lib.grading"), (len(code), 3, "uses g.near_misses")]
    sub = grading.Submission(Path("kim.ipynb"))
    asyncio.run(grade_notebook(sub, code, [], Settings(lesson=1)))       # stops at the source: nothing runs
    assert sub.notes[0].startswith(f"tampering: the notebook imports mathmaze_lib.grading (cell {len(nb.cells)}, "
                                   f"line 2)") and f"cell {lesson_cell}," not in sub.notes[0]
    # a function sees a name as it was where it was defined; another name for the module is the module
    assert source.tampering(["import mathmaze_lib.exercises.lesson1 as ex\ne = ex\n"
                             "def f():\n    e.q1.reference = None\n"]) == [(1, 4, "changes e.q1")]
    assert source.tampering(["from mathmaze_lib.exercises import lesson1 as ex\nfor ex in range(3):\n"
                             "    ex.real = 1\n"]) == []


def test_the_source_check_finds_forbidden_helpers_and_no_right_answer():
    """Over the corpus of learners' answers: no right answer is flagged; a wrong one that names a
    forbidden helper in its source is."""
    from exercise_corpus import CORPUS, RIGHT, WRONG
    from mathmaze_lib.exercises.solutions import load
    from mathmaze_lib.grading import source

    prelude = ("import random\nfrom collections import deque\nfrom mathmaze_lib import search\nfrom mathmaze_lib.puzzles import wallmaze\n"
               "from mathmaze_lib.puzzles import summaze\n"
               "from mathmaze_lib.puzzles import jumpmaze as jm\nimport networkx as nx\n")
    flagged = 0
    for (lesson, q), entry in CORPUS.items():
        exercise = getattr(__import__(f"mathmaze_lib.exercises.{lesson}", fromlist=[q]), q)
        names = source.forbidden_names(exercise.forbidden)
        earlier = [code for k, code in sorted(load()[lesson].items(), key=lambda kv: int(kv[0][1:]))
                   if int(k[1:]) < int(q[1:])]
        for answer in entry[RIGHT]:
            assert source.forbidden_use([prelude, *earlier, answer], exercise.name, names) is None, answer
            assert source.tampering([prelude, *earlier, answer]) == [], answer
        for answer, phrase in entry[WRONG]:
            found = source.forbidden_use([prelude, *earlier, answer], exercise.name, names)
            if phrase == "Write it yourself" and any(f".{n}(" in answer or f" {n}(" in answer for n in names):
                assert found is not None, answer
                flagged += 1
    assert flagged >= 10
