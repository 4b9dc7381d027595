"""A made-up class of hostile submissions next to honest ones (issue 26), graded in the sandbox.

Every hostile notebook must get no mark it did not earn (``EARNED``: what its own functions deserve)
and harm nothing: after the run the class folder, the other students' rows and feedback, the fake
teacher home, a listening socket and the machine's processes are checked. Every honest notebook must
get the same marks and feedback as when the honest ones are graded on their own.
"""

from __future__ import annotations

import csv
import hashlib
import json
import os
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import textwrap
import threading
import time
from pathlib import Path

import nbformat
import pytest

from conftest import NOTEBOOKS, ROOT
from mathmaze_lib import grading
from mathmaze_lib.__main__ import main
from mathmaze_lib.teacher.release import BEGIN, END
from mathmaze_lib.exercises.solutions import load
from mathmaze_lib.grading import sandbox

pytestmark = pytest.mark.skipif(not sandbox.available(), reason=f"no sandbox here: {sandbox.why_not()}")

LESSON = "01_math_maze"
QS = ["q1", "q2", "q3", "q4", "q5"]
SOLUTION = load()["lesson1"]
SETUP = "import random\nfrom mathmaze_lib.puzzles import summaze\nfrom mathmaze_lib.exercises import lesson1 as ex\n"
WRONG_SUM = "def path_sum(numbers, path):\n    return 0\n"


def real(right: bool):
    """The lesson's student notebook, with the solution notebook's code in every exercise cell when ``right``."""
    student = nbformat.read(NOTEBOOKS / f"{LESSON}.ipynb", as_version=4)
    if right:
        solution = nbformat.read(NOTEBOOKS / "solutions" / f"{LESSON}.ipynb", as_version=4)
        for mine, theirs in zip(student.cells, solution.cells):
            if BEGIN in theirs.source:
                mine.source = "\n".join(x for x in theirs.source.splitlines() if x.strip() not in (BEGIN, END))
    return student


def short(*cells, wrong=(), metadata=None):
    """A small notebook: the imports, the worked solutions (``wrong`` replaces some), then ``cells``."""
    codes = dict(SOLUTION, **dict(wrong))
    sources = [SETUP] + [codes[q] for q in QS] + [textwrap.dedent(c) for c in cells]
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    nb.metadata.update(metadata or {})
    return nb


#: Notebooks that break their own process's answers (its builtins, its replies): they may lose marks they earned.
SELF_HARM = ("forge_protocol", "patch_builtins_quietly")
ALL = {q: 1 for q in QS}
NONE = {q: 0 for q in QS}
ONLY_Q1_WRONG = {**ALL, "q1": 0}       # q3 is right with the reference path_sum: it keeps its mark


def hostile(paths: dict) -> dict:
    """{name: (notebook, marks it earned, words in its notes or None)}; ``paths`` are the class's own files."""
    ada, feedback, gradebook, home = paths["ada"], paths["feedback"], paths["gradebook"], paths["home"]
    frames = ("import json, os\ndef _f(message):\n    data = json.dumps(message).encode()\n"
              "    return b'%010d\\n' % len(data) + data\n")
    return {
        # --- the judge and the checks, patched in the learner's process
        "patch_grading": (short("import mathmaze_lib.grading as g\n"
                                "g._verdict_of = lambda q, a, s: {'status': 'correct', 'text': 'Correct', 'hidden': True}"),
                          NONE, "tampering"),
        "patch_grading_quietly": (short("g = __import__('importlib').import_module('mathmaze_lib.gr' + 'ading.judge')\n"
                                        "g.ExercisePlan.verdict = lambda self, reply: g.Feedback('correct', 'Correct')",
                                        wrong={q: f"def {n}(*a):\n    return None\n" for q, n in
                                               [("q1", "path_sum"), ("q4", "count_paths")]}),
                                  {**ALL, "q1": 0, "q4": 0}, "calls __import__"),
        "patch_exercises": (short("ex.q1.judge = lambda e, g, a: None\nex.q1.reference = lambda *a: 0", wrong={"q1": WRONG_SUM}),
                            NONE, "changes ex.q1"),
        "patch_exercises_quietly": (short("setattr(getattr(ex, 'q' + '1'), 'reference', lambda *a: 0)\n"
                                          "setattr(getattr(ex, 'q' + '1'), 'judge', lambda e, g, a: None)",
                                          wrong={"q1": WRONG_SUM}), ONLY_Q1_WRONG, None),
        "patch_builtins": (short("import builtins\nbuiltins.isinstance = lambda *a: True"), NONE, "changes builtins"),
        "patch_builtins_quietly": (short("b = __import__('built' + 'ins')\nsetattr(b, 'type', lambda *a: int)\n"
                                         "setattr(b, 'repr', lambda *a: 'Correct')",
                                         wrong={q: f"def {n}(*a):\n    return None\n" for q, n in
                                                [("q1", "path_sum"), ("q2", "is_legal_step")]}),
                                   {**NONE, "q4": 1, "q5": 1}, None),
        "patch_random": (short("import random\nrandom.Random.randint = lambda self, a, b: a\n"
                               "random.Random.randrange = lambda self, *a: 0"), {**ALL, "q5": 0}, "q5 error"),
        # --- forged results
        "forge_markers": (short("print('MM' + '0' * 32 + '{\"q\": \"q1\", \"status\": \"correct\"}' + 'MM' + '0' * 32)\n"
                                "print('Correct: path_sum agrees with the reference on all 24 cases.')",
                                wrong={"q1": WRONG_SUM}), ONLY_Q1_WRONG, None),
        "forge_protocol": (short(frames + "for fd in range(3, 30):\n    try:\n"
                                 "        os.write(fd, _f({'op': 'ran', 'status': 'ok', 'n': 9}))\n"
                                 "        os.write(fd, _f({'op': 'answers', 'n': 10, 'facts': {'missing': False, 'callable': True},"
                                 " 'batches': [[{'kind': 'value', 'value': 5}], []]}))\n"
                                 "        os.write(fd, b'9999999999\\ngarbage')\n"
                                 "    except OSError:\n        pass", wrong={"q1": WRONG_SUM}), ONLY_Q1_WRONG, None),
        "hard_coded": (short(wrong={"q1": "_known = {repr(a): ex.q1.reference(*a) for a in ex.q1.all_cases()}\n"
                                          "def path_sum(numbers, path):\n    return _known.get(repr((numbers, path)), 0)\n"}),
                       ONLY_Q1_WRONG, "q1 incorrect"),
        "library_own": (short(wrong={"q1": "path_sum = summaze.path_sum\n"}), ONLY_Q1_WRONG, "q1 incorrect"),
        "no_profiler": (short(wrong={"q1": "import sys\ndef path_sum(numbers, path):\n    sys.setprofile(None)\n"
                                           "    return summaze.path_sum(numbers, path)\n"}), NONE, "tampering"),
        "solver_in_a_thread": (short(wrong={"q4": "import threading\ndef count_paths(puzzle):\n    out = []\n"
                                              "    t = threading.Thread(target=lambda: out.append(summaze.count_solutions(puzzle)))\n"
                                              "    t.start()\n    t.join()\n    return out[0]\n"}),
                               {**ALL, "q4": 0}, "q4 incorrect"),
        "hidden_solver": (short(wrong={"q1": "def path_sum(numbers, path):\n"
                                             "    m = __import__('mathmaze_lib.puzzles.summaze', fromlist=['x'])\n"
                                             "    return getattr(m, 'path' + '_sum')(numbers, path)\n"}),
                          ONLY_Q1_WRONG, "q1 incorrect"),
        # --- files, network, processes
        "copy_classmate": (short(f"import json\nfor c in json.load(open({str(ada)!r}))['cells']:\n"
                                 "    if c['cell_type'] == 'code' and 'def ' in ''.join(c['source']):\n"
                                 "        exec(''.join(c['source']))",
                                 wrong={q: f"def {n}(*a):\n    return None\n" for q, n in
                                        [("q1", "path_sum"), ("q2", "is_legal_step"), ("q3", "is_solution"),
                                         ("q4", "count_paths"), ("q5", "unique_puzzle")]}), NONE, "raised"),
        "search_the_disk": (short("import glob\nfound = [p for p in glob.glob('/**/*.ipynb', recursive=True)]\n"
                                  "for p in found:\n    exec(open(p).read())",
                                  wrong={"q1": "def path_sum(numbers, path):\n    return None\n"}),
                            ONLY_Q1_WRONG, None),
        "write_outside": (short("import os, pathlib\n"
                                f"for p in [{str(ada)!r}, {str(feedback / 'ada.txt')!r}, {str(gradebook)!r},\n"
                                f"          {str(home / '.bashrc')!r}, {str(home / 'new.txt')!r}, {str(paths['prefix'])!r},\n"
                                f"          {str(ROOT / 'mathmaze_lib' / 'grading' / 'judge.py')!r}, '/opt/mathmaze/mathmaze_lib/grading/judge.py']:\n"
                                "    try:\n        pathlib.Path(p).parent.mkdir(parents=True, exist_ok=True)\n"
                                "        pathlib.Path(p).write_text('owned')\n    except OSError:\n        pass"),
                          ALL, None),
        "delete_files": (short("import shutil, os, sys\n"
                               f"for p in [{str(ada.parent.parent)!r}, {str(home)!r}, '/opt/mathmaze']:\n"
                               "    shutil.rmtree(p, ignore_errors=True)\n"
                               f"for p in [{str(gradebook)!r}, '/opt/mathmaze/mathmaze_lib/exercises/lesson1.py']:\n"
                               "    try:\n        os.remove(p)\n    except OSError:\n        pass"), ALL, None),
        "open_socket": (short(f"import socket\nfor host, port in [('127.0.0.1', {paths['port']}), ('1.1.1.1', 53), "
                              "('localhost', 8888)]:\n    try:\n        socket.create_connection((host, port), timeout=2)\n"
                              "    except OSError:\n        pass"), ALL, None),
        # (each attack is bounded, so that a broken sandbox fails the test instead of harming the machine)
        "fork_bomb": (short("import os\nfor _ in range(50):\n    if os.fork() == 0:\n        os._exit(0)"),
                      ALL, "raised PermissionError"),
        "spawn": (short("import subprocess\nsubprocess.run(['true'])"), ALL, "raised PermissionError"),
        "threads": (short("import threading, time\nfor _ in range(100000):\n"
                          "    threading.Thread(target=time.sleep, args=(1000,), daemon=True).start()"), ALL, "raised"),
        "print_a_gigabyte": (short("import sys\nfor _ in range(1000):\n    sys.stdout.write('x' * 10**6)"),
                             ALL, "printed more than"),
        "os_exit": (short("import os\nos._exit(3)"), ALL, "was skipped: the process ended"),
        "kill_itself": (short("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"), ALL, "was skipped"),
        "kill_everything": (short("import os, signal\nif os.getpid() < 10:     # only inside a PID namespace\n"
                                  "    os.kill(-1, signal.SIGKILL)"), ALL, "raised ProcessLookupError"),
        "ctypes": (short("import ctypes\nctypes.string_at(0)"), NONE, "tampering"),
        "ctypes_quietly": (short("__import__('cty' + 'pes').string_at(0)"), ALL, "was skipped: the process ended"),
        "sleep_forever": (short("import time\ntime.sleep(10**6)"), ALL, "interrupted"),
        "ignore_interrupts": (short("import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
                                    "time.sleep(10**6)"), ALL, "never finished, even after an interrupt"),
        "eat_memory": (short("hog = bytearray(10**10)"), ALL, "raised MemoryError"),
        "fill_the_disk": (short("for i in range(10):\n    open(f'/tmp/fill{i}', 'wb').write(b'x' * 50 * 10**6)"),
                          ALL, "No space left on device"),
        "one_huge_file": (short("open('/tmp/huge', 'wb').write(b'x' * 10**8)"), ALL, "File too large"),
        "check_bombs": (short(wrong={"q1": "import os\ndef path_sum(numbers, path):\n    os._exit(0)\n",
                                     "q2": "def is_legal_step(path, cell, rows, cols):\n    while True:\n        pass\n",
                                     "q4": "import os\ndef count_paths(puzzle):\n    while True:\n"
                                           "        os.write(1, b'x' * 65536)\n"}),
                        {**ALL, "q1": 0, "q2": 0, "q4": 0}, "q3 right with the reference path_sum and is_legal_step"),
        "impostor": (short(wrong={"q1": WRONG_SUM}, metadata={"mathmaze": {"student": "ada"}}), ONLY_Q1_WRONG,
                     "its metadata names 'ada' (mathmaze.student), not impostor: the name here is its folder's"),
    }


def honest() -> dict:
    """{name: (path in the class folder, notebook)}: right, partly right, untouched, a copy's name."""
    partly = real(True)
    for cell in partly.cells:
        if cell.source.startswith("def is_solution"):
            cell.source = "def is_solution(puzzle, path):\n    return len(path) > 1\n"
        if cell.source.startswith("def count_paths"):
            cell.source = "def count_paths(puzzle):\n    pass\n"
    wrong_sum = real(True)
    for cell in wrong_sum.cells:
        if cell.source.startswith("def path_sum"):
            cell.source = WRONG_SUM
    return {"ada": ("ada/01_math_maze.ipynb", real(True)), "bob": ("bob/01_math_maze.ipynb", real(False)),
            "cleo": ("cleo/01_math_maze (1).ipynb", partly), "dev": ("dev/01_math_maze-Copy1.ipynb", wrong_sum),
            "emma": ("emma_01_math_maze.ipynb", short())}


def digest(folder: Path) -> dict:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _ancestors(pid: str) -> list:
    """The command lines of the processes above ``pid`` (its parent first)."""
    chain = []
    while pid not in ("0", "1"):
        try:
            pid = (Path("/proc") / pid / "stat").read_text().rsplit(")", 1)[1].split()[1]
            chain.append((pid, (Path("/proc") / pid / "cmdline").read_bytes()))
        except (OSError, IndexError):
            break
    return chain


def workers_gone_within(seconds: float) -> list:
    """:func:`workers_running`, after waiting up to ``seconds`` for them to end: a killed worker in its
    sandbox may still be ending for a moment after its sandbox's process has been waited for (one was
    seen once, in a full test run); one still there after that is a leak."""
    end = time.monotonic() + seconds
    while (left := workers_running()) and time.monotonic() < end:
        time.sleep(0.1)
    return left


def workers_running() -> list:
    """Grading workers that are this test's (started below this process) or nobody's (their grader is
    gone): a worker of another test running at the same time (pytest-xdist) is not counted."""
    out = []
    for proc in Path("/proc").iterdir():
        try:
            cmd = (proc / "cmdline").read_bytes()
        except OSError:
            continue
        if b"mathmaze_lib.grading.worker" in cmd:
            chain = _ancestors(proc.name)
            ours = any(pid == str(os.getpid()) for pid, _ in chain)
            orphan = not any(b"pytest" in line or b"mathmaze_lib" in line for _, line in chain)
            if ours or orphan:
                out.append(proc.name)
    return out


def rows(gradebook: Path) -> dict:
    return {Path(r["file"]).as_posix(): r for r in csv.DictReader(gradebook.open())}


@pytest.mark.slow
def test_a_hostile_class_earns_nothing_it_did_not_write_and_harms_nothing(tmp_path, monkeypatch, capsys):
    home = tmp_path / "teacher-home"
    home.mkdir()
    (home / ".bashrc").write_text("# the teacher's\n")
    monkeypatch.setenv("HOME", str(home))
    klass, feedback, gradebook = tmp_path / "class", tmp_path / "feedback", tmp_path / "grades.csv"
    feedback.mkdir()
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(5)
    listener.settimeout(0.2)
    connections = []

    def accept():
        while not stop.is_set():
            try:
                connections.append(listener.accept())
            except OSError:
                pass

    stop = threading.Event()
    threading.Thread(target=accept, daemon=True).start()
    good = honest()
    paths = {"ada": klass / good["ada"][0], "feedback": feedback, "gradebook": gradebook, "home": home,
             "port": listener.getsockname()[1], "prefix": Path(sys.prefix) / "owned-by-a-submission.txt"}
    bad = hostile(paths)
    assert len(bad) >= 20
    for name, (rel, nb) in good.items():
        (klass / rel).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, klass / rel)
    for name, (nb, _, _) in bad.items():
        (klass / name).mkdir(parents=True)
        nbformat.write(nb, klass / name / f"{LESSON}.ipynb")
    before, home_before = digest(klass), digest(home)

    # the honest ones on their own
    alone = tmp_path / "alone"
    alone.mkdir()
    for name, (rel, nb) in good.items():
        (alone / rel).parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(nb, alone / rel)
    options = ["--jobs", "2", "--timeout", "10", "--check-timeout", "30", "--memory", "1500"]
    assert main(["grade", str(alone), "--csv", str(tmp_path / "alone.csv"), "--feedback", str(tmp_path / "fb-alone"),
                 *options]) == 0
    by_file_alone = rows(tmp_path / "alone.csv")

    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    assert main(["grade", str(klass), "--csv", str(gradebook), "--feedback", str(feedback), *options]) == 0
    grew = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - peak) / 1024
    assert grew < 300, f"the grader grew by {grew:.0f} MB (a gigabyte was printed: it must not be kept)"
    out = capsys.readouterr()
    stop.set()
    assert "in the sandbox" in out.out and "NOT isolated" not in out.err
    by_file = rows(gradebook)
    assert len(by_file) == len(good) + len(bad)

    # honest: the same marks and feedback as alone
    names = {"ada": "ada", "bob": "bob", "cleo": "cleo", "dev": "dev", "emma": "emma"}
    for name, (rel, _) in good.items():
        row, solo = by_file[(klass / rel).as_posix()], by_file_alone[(alone / rel).as_posix()]
        assert row["student"] == names[name], (rel, row["student"])
        for q in QS:
            key = next(k for k in row if k.startswith(q + " "))
            assert row[key] == solo[key], (name, q, row["notes"], solo["notes"])
        assert row["total"] == solo["total"], (name, row, solo)
    # (the five exercises, the put-in-order step q4a and the challenge c1, which needs a right count_paths)
    assert by_file[(klass / good["ada"][0]).as_posix()]["total"] == "7"
    assert by_file[(klass / good["bob"][0]).as_posix()]["total"] == "0"
    assert by_file[(klass / good["cleo"][0]).as_posix()]["total"] == "4"
    dev = by_file[(klass / good["dev"][0]).as_posix()]
    assert dev["total"] == "6" and "q3 right with the reference path_sum" in dev["notes"]
    dev_text = (feedback / "dev.txt").read_text()
    assert "Your is_solution is right, but it uses your path_sum, which is wrong (Exercise 1)" in dev_text
    verdicts = [(feedback / "ada.txt"), (tmp_path / "fb-alone" / "ada.txt")]
    assert len({p.read_text().split("\nNotes:")[0] for p in verdicts}) == 1, "ada's feedback differs"

    # hostile: no mark more than earned, the named trouble, and the name of the folder it came from
    for name, (_, earned, words) in bad.items():
        row = by_file[(klass / name / f"{LESSON}.ipynb").as_posix()]
        assert row["student"] == name.replace("_", " "), (name, row["student"])
        told = (feedback / f"{name}.txt").read_text()
        assert told.startswith(f"Math Maze, lesson 1: feedback for {row['student']}\n"), name
        for q in QS:
            key = next(k for k in row if k.startswith(q + " "))
            got = float(row[key] or 0)
            assert got <= earned[q], f"{name} {q}: {got} > earned {earned[q]}: {row['notes']}"
            if name not in SELF_HARM:
                assert got == earned[q], f"{name} {q}: {got}, earned {earned[q]}: {row['notes']}"
        if words:
            assert words in row["notes"], f"{name}: {words!r} not in {row['notes']!r}"

    # harmed nothing
    assert digest(klass) == before, "a submission changed the class folder"
    assert digest(home) == home_before, "a submission changed the teacher's home"
    assert not connections, "a submission reached a socket on the teacher's machine"
    assert not workers_gone_within(5.0), "a worker outlived the grading by more than 5 s"
    assert "owned" not in (feedback / "ada.txt").read_text()
    assert (ROOT / "mathmaze_lib" / "grading" / "judge.py").read_text().startswith('"""')
    assert not paths["prefix"].exists()


def test_without_a_sandbox_the_judge_stays_outside_and_every_run_says_so(tmp_path, monkeypatch, capsys):
    """Where bubblewrap cannot run, ``grade`` refuses; told ``--no-sandbox``, a patched grader in the
    notebook still changes nothing, and ``grade`` says on every run that submissions are not isolated."""
    klass = tmp_path / "class"
    klass.mkdir()
    nbformat.write(short(wrong={"q1": WRONG_SUM}), klass / "ada.ipynb")
    nbformat.write(short("g = __import__('importlib').import_module('mathmaze_lib.gr' + 'ading.judge')\n"
                         "g.ExercisePlan.verdict = lambda self, reply: g.Feedback('correct', 'Correct')",
                         wrong={"q4": "def count_paths(puzzle):\n    return 1\n"}), klass / "eve.ipynb")
    monkeypatch.setitem(sandbox._probe, "result", "bubblewrap is not installed (a test)")
    assert main(["grade", str(klass), "--csv", str(tmp_path / "g.csv"), "--feedback", str(tmp_path / "f")]) == 2
    assert "the sandbox cannot start here: bubblewrap is not installed (a test)" in capsys.readouterr().err
    assert main(["grade", str(klass), "--csv", str(tmp_path / "g.csv"), "--feedback", str(tmp_path / "f"),
                 "--timeout", "20", "--no-sandbox"]) == 0
    out = capsys.readouterr()
    assert out.err.count("submissions are NOT isolated (--no-sandbox)") == 2
    assert "WITHOUT a sandbox" in out.out
    by_name = {Path(r["file"]).name: r for r in csv.DictReader((tmp_path / "g.csv").open())}
    assert by_name["ada.ipynb"]["total"] == "4" and by_name["ada.ipynb"]["q1 path_sum"] == "0"
    assert by_name["eve.ipynb"]["total"] == "4" and by_name["eve.ipynb"]["q4 count_paths"] == "0"


def _python_for(user: str):
    """A Python that ``user`` can run with this environment's packages, as ``(argv prefix, env)``, or why not."""
    check = "import numpy, IPython, nbformat, mathmaze_lib.grading"
    site_dirs = [p for p in sys.path if p.endswith(("site-packages", "dist-packages")) and os.path.isdir(p)]
    candidates = [([sys.executable], {}),
                  ([f"/usr/bin/python{sys.version_info.major}.{sys.version_info.minor}"],
                   {"PYTHONPATH": os.pathsep.join([str(ROOT), *site_dirs])})]
    for argv, env in candidates:
        if not os.path.exists(argv[0]):
            continue
        proc = subprocess.run(["runuser", "-u", user, "--", "env", *[f"{k}={v}" for k, v in env.items()],
                               *argv, "-c", check], capture_output=True, cwd="/", timeout=120)
        if proc.returncode == 0:
            return argv, env
    return None


@pytest.mark.slow
def test_a_teacher_who_is_not_root_gets_the_same_sandbox(tmp_path):
    """Unprivileged user namespaces: the grader run as an ordinary user (here ``nobody``) sandboxes too."""
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        pytest.skip("needs root to become another user (runuser); as a teacher's own user this whole file runs unprivileged")
    found = _python_for("nobody")
    if found is None:
        pytest.skip("the user nobody cannot run this Python with its packages (it lives in a folder nobody may read)")
    argv, env = found
    work = Path(tempfile.mkdtemp(prefix="mathmaze-nobody-"))
    try:
        os.chmod(work, 0o777)
        klass = work / "class"
        klass.mkdir()
        nbformat.write(short(wrong={"q1": WRONG_SUM}), klass / "ada.ipynb")
        secret = work / "secret.txt"
        secret.write_text("the teacher's")
        os.chmod(secret, 0o666)
        nbformat.write(short(f"open({str(secret)!r}, 'w').write('owned')"), klass / "eve.ipynb")
        for p in [klass, *klass.iterdir()]:
            os.chmod(p, 0o777 if p.is_dir() else 0o666)
        proc = subprocess.run(["runuser", "-u", "nobody", "--", "env", *[f"{k}={v}" for k, v in env.items()],
                               *argv, "-m", "mathmaze_lib", "grade", str(klass), "--csv", str(work / "g.csv"),
                               "--feedback", str(work / "f")],
                              capture_output=True, text=True, cwd=work, timeout=600)
        assert proc.returncode == 0, proc.stderr[-3000:]
        assert "in the sandbox" in proc.stdout
        by_name = {Path(r["file"]).name: r for r in csv.DictReader((work / "g.csv").open())}
        assert by_name["ada.ipynb"]["total"] == "4" and by_name["eve.ipynb"]["total"] == "5"
        assert "raised" in by_name["eve.ipynb"]["notes"]
        assert secret.read_text() == "the teacher's"
    finally:
        shutil.rmtree(work, ignore_errors=True)
