"""``collect`` without a hub: which file is a learner's, how the copy is named, what is refused.
(tests/test_hub.py runs collect against real hubs.)"""

from __future__ import annotations

import csv
import os
import pwd

import pytest

from mathmaze_lib.teacher.collecting import folder_name, notebook_path, read_from_home
from mathmaze_lib.grading import whose
from mathmaze_lib.grading.owner import write_record

NOTEBOOK = b'{"cells": [], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}'
LESSON = "mathmaze-class/notebooks/01_math_maze.ipynb"


def home_with(tmp_path, content: bytes = NOTEBOOK):
    home = tmp_path / "ada"
    (home / "mathmaze-class" / "notebooks").mkdir(parents=True)
    (home / LESSON).write_bytes(content)
    return home


def test_the_lesson_is_found_where_the_link_puts_it():
    assert notebook_path("1") == LESSON
    assert notebook_path("01_math_maze.ipynb") == LESSON
    assert notebook_path("3", "lessons") == "lessons/03_wall_optimization.ipynb"
    assert notebook_path("homework/week2.ipynb") == "homework/week2.ipynb"
    for bad in ("4", "/etc/passwd", "../other/01_math_maze.ipynb", ".ipynb"):
        with pytest.raises(ValueError):
            notebook_path(bad)


def test_grade_names_a_collected_copy_by_the_hub_login(tmp_path):
    """OUT/NAME/LESSON.ipynb, listed in OUT/collected.csv: grade's student is the hub's name of the learner
    it came from, even when the learner wrote a classmate's name into the notebook (a note says so)."""
    out = tmp_path / "collected"
    logins = ["grace", "Ada Lovelace", "ada.l@school", "noor"]
    out.mkdir()
    write_record(out, [[login, "collected", "from the running server", str(out / folder_name(login) / "x.ipynb"),
                        "", "2026-05-04 16:59:00" if login == "grace" else "", ""] for login in logins])   # collect's
    forged = {"authors": [{"name": "ada"}], "mathmaze": {"student": "ada"}}
    grace = whose(out / "grace" / "01_math_maze.ipynb", out, forged)
    assert (grace.name, grace.source) == ("grace", "hub login")
    assert "its metadata names 'ada' (mathmaze.student)" in grace.note and "collected from" in grace.note
    for login in logins[1:]:
        got = whose(out / folder_name(login) / "01_math_maze-Copy1.ipynb", out, {"authors": [{"name": login}]})
        assert (got.name, got.source, got.note) == (login, "hub login", ""), login
    # a record written before hand-ins (five columns) names them too
    with open(out / "collected.csv", "w", newline="") as f:
        csv.writer(f).writerows([["learner", "status", "detail", "file", "saved"], ["grace", "collected", "", "", ""]])
    assert whose(out / "grace" / "01_math_maze.ipynb", out).source == "hub login"
    # the same layout without collect's record: the folder names it, as any folder would
    (out / "collected.csv").unlink()
    assert whose(out / "grace" / "01_math_maze.ipynb", out, forged).source == "folder"
    # a file of collect's name that is not its record is not read as one
    (out / "collected.csv").write_text("name,login\ngrace,ada\n")
    assert whose(out / "grace" / "01_math_maze.ipynb", out).name == "grace"
    assert folder_name("..") != ".." and "/" not in folder_name("a/b") and folder_name("ada.l") == "ada.l"


def test_a_file_in_the_learners_home_is_read(tmp_path):
    data, modified, changed = read_from_home(str(home_with(tmp_path)), LESSON, 10_000)
    assert data == NOTEBOOK and modified > 0 and changed >= modified
    with pytest.raises(FileNotFoundError):
        read_from_home(str(tmp_path / "ada"), "mathmaze-class/notebooks/02_jumping_mazes.ipynb", 10_000)


def test_a_link_to_someone_elses_notebook_is_refused(tmp_path):
    home = home_with(tmp_path)
    other = tmp_path / "grace" / "work.ipynb"
    other.parent.mkdir()
    other.write_bytes(b'{"theirs": 1}')
    (home / LESSON).unlink()
    (home / LESSON).symlink_to(other)
    with pytest.raises(ValueError, match="symbolic link"):
        read_from_home(str(home), LESSON, 10_000)
    # a link higher up, to a folder of someone else's
    (home / LESSON).unlink()
    (home / "mathmaze-class" / "notebooks").rmdir()
    (home / "mathmaze-class" / "notebooks").symlink_to(other.parent)
    with pytest.raises((ValueError, OSError)):
        read_from_home(str(home), "mathmaze-class/notebooks/work.ipynb", 10_000)


def test_a_pipe_or_a_huge_file_is_refused_without_reading_it(tmp_path):
    home = home_with(tmp_path)
    (home / LESSON).unlink()
    os.mkfifo(home / LESSON)  # reading a pipe with no writer would wait for ever
    with pytest.raises(ValueError, match="not a file"):
        read_from_home(str(home), LESSON, 10_000)
    (home / LESSON).unlink()
    (home / LESSON).write_bytes(b"x" * 20_001)
    with pytest.raises(ValueError, match="over the"):
        read_from_home(str(home), LESSON, 20_000)


def test_a_file_of_another_account_is_refused(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("not root: cannot give a file to another account here")
    home = home_with(tmp_path)
    nobody = pwd.getpwnam("nobody")
    os.chown(home / LESSON, nobody.pw_uid, nobody.pw_gid)
    with pytest.raises(ValueError, match="another account"):
        read_from_home(str(home), LESSON, 10_000)
