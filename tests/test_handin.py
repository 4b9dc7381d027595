"""Handing in (``ex.hand_in()``) and which hand-in ``collect`` takes, without a hub: a learner's home in a
temporary folder (tests/test_hub.py hands in and collects on a real hub)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time

import pytest

from mathmaze_lib.exercises import lesson1 as ex
from mathmaze_lib.teacher import handin
from mathmaze_lib.teacher.collecting import list_home, read_from_home

LESSON = "mathmaze-class/notebooks/01_math_maze.ipynb"
RIGHT = "def path_sum(numbers, path):\n    return sum(numbers[r][c] for r, c in path)\n"


def notebook(*sources) -> bytes:
    cells = [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "source": s, "outputs": [], "execution_count": None}
             for i, s in enumerate(sources)]
    return json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()


@pytest.fixture
def home(tmp_path, monkeypatch):
    """A learner's home with lesson 1 where the link puts it; the kernel's working folder is the lesson's."""
    lessons = tmp_path / "home" / "mathmaze-class" / "notebooks"
    lessons.mkdir(parents=True)
    (lessons / "01_math_maze.ipynb").write_bytes(notebook("from mathmaze_lib.exercises import lesson1 as ex", RIGHT))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MATHMAZE_HANDIN_DIR", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.chdir(lessons)
    return tmp_path / "home"


def take(home, rules=handin.Rules()):
    return handin.take(lambda rel: list_home(str(home), rel), lambda rel: read_from_home(str(home), rel, 10**6),
                       LESSON, "01_math_maze", rules)


def test_a_learner_hands_in_twice_and_the_last_counts_or_the_last_on_time(home, capsys):
    ex.hand_in()
    said = capsys.readouterr().out
    assert said.startswith("Handed in 01_math_maze.ipynb at ") and "the last one counts" in said
    folder = home / handin.FOLDER / "01_math_maze"
    (first,) = folder.iterdir()
    assert first.read_bytes() == (home / LESSON).read_bytes() and oct(folder.stat().st_mode)[-3:] == "700"
    deadline = time.time()
    time.sleep(0.05)
    (home / LESSON).write_bytes(notebook("from mathmaze_lib.exercises import lesson1 as ex", RIGHT, "# more"))
    ex.hand_in()
    assert len(list(folder.iterdir())) == 2
    (folder / "notes.txt").write_text("a learner's own file there is not a hand-in")
    assert take(home).data == (home / LESSON).read_bytes()                       # the last hand-in, no deadline
    assert take(home).what.startswith("handed in at ") and "(the last of 2)" in take(home).what
    late = take(home, handin.Rules(deadline=deadline))
    assert late.data == (home / LESSON).read_bytes() and late.late.endswith("after the deadline")
    on_time = take(home, handin.Rules(deadline=deadline, on_time_only=True))
    assert on_time.data == first.read_bytes() and on_time.late == "" and "(hand-in 1 of 2)" in on_time.what
    # setting a late hand-in's dates back does not make it early: its change time is now
    newest = max(folder.glob("*.ipynb"), key=lambda p: p.stat().st_ctime)
    os.utime(newest, (deadline - 3600, deadline - 3600))
    assert take(home, handin.Rules(deadline=deadline, on_time_only=True)).data == first.read_bytes()
    with pytest.raises(handin.LeftOut, match="handed in only after the deadline"):
        take(home, handin.Rules(deadline=deadline - 60, on_time_only=True))


def test_without_a_hand_in_the_working_copy_is_taken_and_said_so(home):
    taken = take(home)
    assert taken.handed is None and taken.what == "not handed in: the working copy"
    assert "late" in take(home, handin.Rules(deadline=time.time() - 120)).what
    with pytest.raises(handin.LeftOut, match="working copy was changed after the deadline"):
        take(home, handin.Rules(deadline=time.time() - 120, on_time_only=True))
    os.symlink(home / LESSON, home / "link.ipynb")
    folder = home / handin.FOLDER / "01_math_maze"
    folder.mkdir(parents=True)
    os.symlink(home / LESSON, folder / "20260504-170000-abc.ipynb")    # a link is not a hand-in
    assert take(home).handed is None


def test_code_run_but_not_saved_is_pointed_out(home, capsys, tmp_path):
    """The hand-in is the notebook as saved: a function run in the kernel but not saved is named."""
    cell = tmp_path / "ipykernel_1" / "123.py"
    cell.parent.mkdir()
    cell.write_text("def path_sum(numbers, path):\n    return 0\n")
    names = {}
    exec(compile(cell.read_text(), str(cell), "exec"), names)
    receipt = handin.hand_in(1, namespace=names, names=["path_sum", "is_legal_step"])
    assert receipt.unsaved == ("path_sum",) and receipt.lines()[0].startswith("Careful: the saved notebook")
    cell.write_text(RIGHT)
    names = {}
    exec(compile(RIGHT, str(cell), "exec"), names)
    assert handin.hand_in(1, namespace=names, names=["path_sum"]).unsaved == ()


def test_what_cannot_be_handed_in_is_said_and_nothing_changes(home, capsys):
    (home / LESSON).write_text("not a notebook")
    ex.hand_in()
    assert capsys.readouterr().out.startswith("Not handed in: 01_math_maze.ipynb is not a notebook")
    ex.hand_in("elsewhere.ipynb")
    assert "cannot find this lesson's notebook" in capsys.readouterr().out
    assert not (home / handin.FOLDER).exists()
    for bad in ("4 May", "tomorrow", ""):
        with pytest.raises(ValueError, match="--deadline"):
            handin.parse_deadline(bad)
    with pytest.raises(ValueError, match="inside the learners' home"):
        handin.relative_folder("01_math_maze", "../x")


FULL_DISK = r"""
import json, os, sys
from pathlib import Path
home = Path(sys.argv[1])
lesson = home / "mathmaze-class/notebooks/01_math_maze.ipynb"
lesson.parent.mkdir(parents=True)
lesson.write_bytes(json.dumps({"cells": [], "metadata": {"pad": "x" * 20000}, "nbformat": 4, "nbformat_minor": 5}).encode())
os.environ["HOME"] = str(home)
from mathmaze_lib.exercises import lesson1 as ex
ex.hand_in(lesson)
before = {p.name: p.read_bytes() for p in (home / "mathmaze-handed-in/01_math_maze").iterdir()}
fill_the_disk(home)
ex.hand_in(lesson)
after = {p.name: p.read_bytes() for p in (home / "mathmaze-handed-in/01_math_maze").iterdir()}
print(json.dumps({"same": before == after, "notebook": len(lesson.read_bytes())}))
"""


FILL = r"""
def fill_the_disk(folder):
    import os
    fd = os.open(os.path.join(folder, "filler"), os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"x" * 4096)
    except OSError:
        os.close(fd)
"""


def run_on_a_full_disk(script: str, tmp_path, size: int = 400_000) -> subprocess.CompletedProcess:
    """Run ``script`` (its argv[1]: a folder on a tmpfs of ``size`` bytes, through bubblewrap; it may call
    ``fill_the_disk(folder)``)."""
    if not shutil.which("bwrap"):
        pytest.skip("bubblewrap is not installed (apt-get install bubblewrap)")
    disk = tmp_path / "disk"
    disk.mkdir()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(handin.Path(__file__).parent.parent),
                                                                     os.environ.get("PYTHONPATH", "")])))
    cmd = ["bwrap", "--dev-bind", "/", "/", "--size", str(size), "--tmpfs", str(disk), sys.executable, "-c",
           FILL + script, str(disk)]
    out = subprocess.run(cmd, capture_output=True, text=True, timeout=120, env=env)
    if out.returncode and "bwrap:" in out.stderr:
        pytest.skip(f"bubblewrap cannot make a tmpfs here: {out.stderr.strip()}")
    return out


def test_a_full_disk_while_handing_in_says_so_and_loses_nothing(tmp_path):
    out = run_on_a_full_disk(FULL_DISK, tmp_path)
    assert out.returncode == 0, out.stderr
    said = out.stdout.splitlines()
    assert said[0].startswith("Handed in 01_math_maze.ipynb")
    failed = next(line for line in said if line.startswith("Not handed in"))
    assert "the disk is full" in failed and "Nothing was handed in; your notebook and your earlier hand-ins are " \
                                           "as they were" in failed
    assert json.loads(said[-1]) == {"same": True, "notebook": json.loads(said[-1])["notebook"]}
    assert json.loads(said[-1])["notebook"] > 20000
