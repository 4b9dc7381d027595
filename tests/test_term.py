"""A term's grading without running notebooks: weights, written answers and the teacher's marks
(``grade --manual``), the class gradebook across lessons, the similarity report, hand-in notes.
(tests/test_grading.py runs ``grade`` on a class of notebooks; tests/test_hub.py on a hub.)"""

from __future__ import annotations

import csv
import json
import re
from pathlib import Path

import nbformat
import pytest

from conftest import NOTEBOOKS
from exercise_corpus import CORPUS, RIGHT
from mathmaze_lib import grading
from mathmaze_lib.__main__ import main
from mathmaze_lib.grading import Feedback, Submission, classbook, given, results, similarity
from mathmaze_lib.grading.marks import Marks, read_manual, read_weights, write_written, written_questions
from mathmaze_lib.grading.owner import write_record
from mathmaze_lib.teacher.handin import notes_from_collect


def test_the_default_weights_give_every_exercise_a_point():
    weights = read_weights()
    for lesson in (1, 2, 3):
        checked = {a for a, _ in grading.graded_exercises(lesson)}
        written = {a for a, _ in written_questions(lesson)}
        assert set(weights.table[lesson]) == checked | written, f"lesson {lesson}: weights.ini lists other exercises"
        assert written and all(p == 1 for p in weights.points(lesson).values())
    for text, words in [("q1 = 1\n", "not a weights file"), ("[lesson 7]\nq1 = 1\n", "line 1: [lesson 7]"),
                        ("[lesson 2]\nq1 = -1\n", "line 2: q1 = '-1'"), ("[lesson 3]\n\nq8 = 1\n", "line 3: lesson 3 has no")]:
        with pytest.raises(ValueError, match=re.escape(words)):
            read_weights(text=text)


def lesson_notebook(lesson_file: str):
    return nbformat.read(NOTEBOOKS / f"{lesson_file}.ipynb", as_version=4)


def test_written_answers_are_what_the_learner_added_around_the_question():
    nb = lesson_notebook("01_math_maze")
    anchor = next(i for i, c in enumerate(nb.cells) if "ex.q6.solution()" in c.source)
    nb.cells.insert(anchor + 1, nbformat.v4.new_markdown_cell("Many paths share **one** sum."))
    nb.cells.insert(anchor + 1, nbformat.v4.new_code_cell("# and short paths are rare"))
    nb.cells.insert(anchor + 1, nbformat.v4.new_code_cell("print(19)"))                 # code is not an answer
    assert given.written_answers(nb, ["q6"], given.cells(1)) == {"q6": "and short paths are rare\n\nMany paths share **one** sum."}
    untouched = lesson_notebook("02_jumping_mazes")
    assert given.written_answers(untouched, ["q8"], given.cells(2)) == {"q8": ""}
    # a learner who types into the question's own cell: only the lines they added
    question = next(i for i, c in enumerate(untouched.cells) if "ex.q8.solution()" in c.source) - 1
    untouched.cells[question].source += "\n\nEvery route is queued again, so the queue doubles."
    assert given.written_answers(untouched, ["q8"], given.cells(2))["q8"] == "Every route is queued again, so the queue doubles."
    assert given.own_code(lesson_notebook("03_wall_optimization"), given.cells(3)) == []


def learner(lesson: str, pick: int, rename=()) -> dict:
    """A learner's notebook (as a dict) of a lesson with the corpus' right answers number ``pick`` written into
    its exercise cells, names renamed as ``rename`` says."""
    nb = lesson_notebook({"lesson1": "01_math_maze"}[lesson])
    for (where, q), entry in CORPUS.items():
        if where != lesson:
            continue
        answer = entry[RIGHT][min(pick, len(entry[RIGHT]) - 1)]
        for old, new in rename:
            answer = re.sub(rf"\b{old}\b", new, answer)
        name = re.search(r"def (\w+)\(", entry[RIGHT][0]).group(1)
        cell = next((c for c in nb.cells if c.cell_type == "code" and f"def {name}(" in c.source
                     and "YOUR CODE HERE" in c.source), None)
        if cell is not None:
            cell.source = answer
    return json.loads(nbformat.writes(nb))


def test_a_renamed_copy_is_flagged_and_two_honest_answers_are_not(tmp_path):
    cells = given.cells(1)
    notebooks = {"ada": learner("lesson1", 1), "grace": learner("lesson1", 2),
                 "mallory": learner("lesson1", 1, [("numbers", "grid"), ("path", "route"), ("total", "acc"),
                                                   ("cell", "square"), ("puzzle", "pz"), ("count", "n")])}
    codes = {name: "\n\n".join(code for _, code in given.own_code(nb, cells)) for name, nb in notebooks.items()}
    assert "route" in codes["mallory"] and "route" not in codes["ada"]
    pairs = similarity.compare(codes, given.given_code(cells))
    flagged = {(p.a, p.b) for p in pairs if p.flagged}
    assert flagged == {("ada", "mallory")}, [(p.a, p.b, round(p.share, 2)) for p in pairs]
    copy = next(p for p in pairs if p.flagged)
    assert copy.share > 0.9 and max(p.share for p in pairs if not p.flagged) < 0.4
    similarity.report(pairs, codes, tmp_path / "report.html", "lesson 1", labels={"ada": "Ada (ada/01.ipynb)"})
    page = (tmp_path / "report.html").read_text()
    assert page.count('<div class=pair>') == 1 and "Ada (ada/01.ipynb) and mallory" in page
    text = re.sub(r"</?mark>", "", page)
    assert "<mark>" in page and "def path_sum(grid, route)" in text and "def path_sum(numbers, path)" in text


def graded(folder: Path, lesson: int, marks: dict) -> list:
    """Submissions of ``lesson`` as grade keeps them: ``{student: [1 or 0 per checked exercise]}``, one mark
    for each item of ``grading.graded_exercises(lesson)`` (lesson 1: q1, q2, q3, q4a, q4, q5, c1)."""
    subs = []
    for student, points in marks.items():
        assert len(points) == len(grading.graded_exercises(lesson)), f"a mark for each checked item of lesson {lesson}"
        path = folder / student / f"{grading.LESSON_FILES[lesson]}.ipynb"
        verdicts = {attr: Feedback("correct" if p else "incorrect", "Correct" if p else "Not quite: 3 != 4", 1, 1)
                    for (attr, _), p in zip(grading.graded_exercises(lesson), points)}
        subs.append(Submission(path, student=student, lesson=lesson, verdicts=verdicts))
    return subs


def grade(*args) -> int:
    return main(["grade", *map(str, args)])


def test_written_marks_weights_and_one_gradebook_for_the_term(tmp_path, capsys):
    """grade --manual writes the gradebook, the feedback, the LMS files and the class gradebook again from
    the graded class kept beside the gradebook, with the weights and the teacher's marks."""
    subs = graded(tmp_path, 1, {"ada": [1, 1, 1, 1, 1, 0, 1], "grace": [0] * 7})    # ada: all but q5
    book, csv1 = tmp_path / "class-gradebook.csv", tmp_path / "lesson1.csv"
    results.save(subs, 1, results.beside(csv1), True)
    written = tmp_path / "lesson1-written.csv"
    write_written([(str(s.path), s.student, "q6", "an answer", 2) for s in subs], written)
    rows = list(csv.DictReader(written.open()))
    rows[0].update(points="1.5", comment="Good: the pigeonhole.")
    rows.append(dict(file=rows[1]["file"], student="", question="all", answer="", points="", out_of="",
                     comment="See me about q1."))
    with written.open("w", newline="") as f:
        w = csv.DictWriter(f, list(rows[0]))
        w.writeheader()
        w.writerows(rows)
    weights = tmp_path / "weights.ini"
    weights.write_text("[lesson 1]\nq4 = 3   # the search counts more\nc1 = 2\nq6 = 2\n")
    roster = tmp_path / "roster.csv"
    roster.write_text("Student,ID,SIS User ID,SIS Login ID,Section\nAda L,1,S1,ada,A\nGrace H,2,S2,grace,A\n")
    assert grade("--manual", written, "--csv", csv1, "--feedback", tmp_path / "fb1", "--weights", weights,
                 "--roster", roster) == 0
    assert "counted 1 marks and 2 comments" in capsys.readouterr().out
    ada, grace = csv.DictReader(csv1.open())
    # out of: q1 q2 q3 q4a q5 1 each, q4 3, the challenge c1 2, the written q6 2; ada has all but q5, and 1.5 for q6
    assert (ada["q4 count_paths"], ada["c1 most_solutions_id"], ada["q6 written"], ada["total"], ada["out_of"]) == \
        ("3", "2", "1.5", "10.5", "12")
    assert grace["q6 written"] == "" and "q6 written: not marked yet" in grace["notes"]
    feedback = (tmp_path / "fb1" / "ada.txt").read_text()
    assert "Score: 10.5 of 12 points" in feedback and "q4 count_paths: correct, 3 of 3 points" in feedback
    assert "q4a routes_order: correct, 1 of 1 point" in feedback
    assert "c1 most_solutions_id: correct, 2 of 2 points" in feedback
    assert "q6 (written answer): 1.5 of 2 points\n  Your teacher: Good: the pigeonhole." in feedback
    assert "Your teacher says:\n  See me about q1." in (tmp_path / "fb1" / "grace.txt").read_text()
    lms = list(csv.reader((tmp_path / "lesson1-lms.csv").open()))
    assert lms[1][-1] == "12" and lms[2][-1] == "10.5"
    # lesson 2, then lesson 1 again: one class gradebook, one column per lesson, only the regraded one changes
    csv2 = tmp_path / "lesson2.csv"
    results.save(graded(tmp_path, 2, {"ada": [1] * 9, "alan": [1] + [0] * 8}), 2, results.beside(csv2), True)
    assert grade("--manual", tmp_path / "none.csv", "--csv", csv2, "--feedback", tmp_path / "fb2", "--roster",
                 roster) == 2
    assert "none.csv: cannot read the marks" in capsys.readouterr().err
    written.write_text(written.read_text().replace(",1.5,", ",2.5,"))
    assert grade("--manual", written, "--csv", csv1, "--feedback", tmp_path / "fb1", "--weights", weights) == 2
    assert "line 2: points 2.5 for q6: must be from 0 to 2" in capsys.readouterr().err
    assert grade("--manual", tmp_path / "lesson2-written.csv", "--csv", csv2, "--feedback", tmp_path / "fb2") == 2
    write_written([], tmp_path / "lesson2-written.csv")
    assert grade("--manual", tmp_path / "lesson2-written.csv", "--csv", csv2, "--feedback", tmp_path / "fb2",
                 "--roster", roster) == 0
    before = book.read_text()
    # lesson 2 by default: 9 checked items (q1 q2a q2 q3 q4 q5 q6 q7 c1) and the written q8, a point each
    assert before.splitlines()[:2] == ["student,id,lesson 1,lesson 2,total", "Points Possible,,12,10,22"]
    rows = {r["student"]: r for r in csv.DictReader(book.open())}
    assert (rows["ada"]["lesson 1"], rows["ada"]["lesson 2"], rows["ada"]["total"]) == ("10.5", "9", "19.5")
    assert (rows["grace"]["lesson 2"], rows["alan"]["lesson 1"]) == ("", "")
    class_lms = list(csv.reader((tmp_path / "class-gradebook-lms.csv").open()))
    assert class_lms[0][-2:] == ["Math Maze lesson 1", "Math Maze lesson 2"] and class_lms[2][-2:] == ["10.5", "9"]
    results.save(graded(tmp_path, 1, {"ada": [1] * 7}), 1, results.beside(csv1), True)
    assert grade("--manual", written.with_name("empty.csv"), "--csv", csv1, "--feedback", tmp_path / "fb1") == 2
    write_written([], written.with_name("empty.csv"))
    capsys.readouterr()
    assert grade("--manual", written.with_name("empty.csv"), "--csv", csv1, "--feedback", tmp_path / "fb1") == 0
    after = {r["student"]: r for r in csv.DictReader(book.open())}
    assert (after["ada"]["lesson 1"], after["grace"]["lesson 1"]) == ("7", "")          # lesson 1's column, new
    assert "had lesson 1 marks for grace, who are not in this grading" in capsys.readouterr().err, \
        "a grading of a few notebooks empties the others' marks: grade says so"
    assert {s: r["lesson 2"] for s, r in after.items()} == {s: r["lesson 2"] for s, r in rows.items()}


def test_hand_in_notes_come_from_collects_table(tmp_path):
    subs = graded(tmp_path / "collected", 1, {"ada": [1] * 7, "grace": [1] * 7, "alan": [1] * 7})
    (tmp_path / "collected").mkdir()
    write_record(tmp_path / "collected", [   # as collect writes it: its own record names the learners too
        ["ada", "collected", "x", f"{tmp_path}/collected/ada/01_math_maze.ipynb", "", "2026-05-04 16:59:00", ""],
        ["grace", "collected", "x", "collected/grace/01_math_maze.ipynb", "", "2026-05-04 17:10:00",
         "10 min after the deadline"],
        ["alan", "collected", "x", "collected/alan/01_math_maze.ipynb", "", "", ""]])
    assert notes_from_collect(subs, tmp_path / "collected") == 3
    assert [s.notes for s in subs] == [["handed in 2026-05-04 16:59:00"],
                                       ["late: 10 min after the deadline (handed in 2026-05-04 17:10:00)"],
                                       ["not handed in: the working copy"]]
    again = graded(tmp_path / "collected", 1, {"ada": [1] * 7})
    again[0].root = tmp_path / "collected"           # as grade finds it: the folder it was given, collect's
    assert notes_from_collect(again) == 1 and again[0].notes == ["handed in 2026-05-04 16:59:00"]
    assert grading.whose(tmp_path / "collected" / "grace" / "01_math_maze.ipynb").source == "hub login"
    marks = Marks.of(1)
    assert marks.out_of == 8 and marks.unmarked(subs[0]) == ["q6"] and read_manual    # 7 checked items, 1 written
    assert classbook.read(tmp_path / "no-book.csv") == ({}, [])


def test_feedback_written_into_a_home_is_the_learners_alone_and_follows_no_link(tmp_path):
    from mathmaze_lib.teacher.returning import mode_of, read_index, write_into_home

    home = tmp_path / "ada"
    home.mkdir()
    path = write_into_home(str(home), "mathmaze-feedback", "01_math_maze-feedback.txt", b"Score: 5 of 6 points\n")
    assert path.read_bytes() == b"Score: 5 of 6 points\n"
    assert (mode_of(path), mode_of(path.parent)) == ("600", "700")
    assert path.stat().st_uid == home.stat().st_uid
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not the learner's")
    path.unlink()
    path.symlink_to(elsewhere)                         # a link where the file goes: replaced, not followed
    write_into_home(str(home), "mathmaze-feedback", "01_math_maze-feedback.txt", b"new")
    assert elsewhere.read_text() == "not the learner's" and not path.is_symlink() and path.read_bytes() == b"new"
    grace = tmp_path / "grace"
    grace.mkdir()
    (grace / "mathmaze-feedback").symlink_to(tmp_path)  # a link where the folder goes: refused
    with pytest.raises(ValueError, match="not a folder"):
        write_into_home(str(grace), "mathmaze-feedback", "x.txt", b"x")
    assert not (tmp_path / "x.txt").exists()
    subs = graded(tmp_path, 1, {"ada": [1] * 7})
    grading.write_feedback(subs, 1, tmp_path / "fb")
    assert read_index(tmp_path / "fb") == [("ada", tmp_path / "fb" / "ada.txt", "1")]
    with pytest.raises(ValueError, match="no index.csv here"):
        read_index(tmp_path)
