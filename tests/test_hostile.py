"""Every subcommand against hostile input (issue 18): empty, binary, UTF-16, huge and endless files,
nan, negative and huge numbers.  Each run is a child process with a memory limit (address space)
and a CPU-time limit; it must end with exit code 2 and one clear ``error:`` line that names the
problem, never a traceback.
"""

from __future__ import annotations

import os
import re
import resource
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # this tree's package, from any folder
MEMORY = 2 * 2**30          # address space of a child: a few hundred MB of data beyond the imports
CPU_SECONDS = 30
HUGE_NUMBER = "9" * 5000    # more digits than Python's int-string limit (4300)
BOARD = "walls: 3\ns....\n.#...\n....f\n"


def _limits():
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (CPU_SECONDS, CPU_SECONDS))


def cli(args, cwd, stdin=None):
    env = dict(os.environ, MATHMAZE_DATA_DIR=str(cwd / "data"), OPENBLAS_NUM_THREADS="1",
               OMP_NUM_THREADS="1", PYTHONPATH=os.pathsep.join([ROOT, *sys.path]))
    return subprocess.run([sys.executable, "-m", "mathmaze_lib", *args], cwd=cwd, env=env, input=stdin,
                          capture_output=True, timeout=90, preexec_fn=_limits)


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("hostile")
    (d / "empty.txt").write_bytes(b"")
    (d / "binary.txt").write_bytes(bytes(range(256)) * 16)
    (d / "utf16.txt").write_bytes(BOARD.encode("utf-16"))
    (d / "latin1.txt").write_bytes("s..é\n...f\n".encode("latin-1"))
    with open(d / "huge.txt", "wb") as f:             # a 50 MB one-line board
        f.write(b"s" + b"." * (50 * 2**20) + b"f\n")
    (d / "wide.txt").write_bytes(b"1 " * 5000 + b"0\n")
    (d / "superscript.txt").write_text("1 \u00b2\n1 0\n", encoding="utf-8")
    (d / "walls_superscript.txt").write_text("walls: \u00b2\ns.f\n", encoding="utf-8")
    (d / "walls_huge.txt").write_text(f"walls: {HUGE_NUMBER}\ns.f\n", encoding="utf-8")
    (d / "jump_huge.txt").write_text(f"1 {HUGE_NUMBER}\n1 0\n", encoding="utf-8")
    (d / "start_huge.txt").write_text(f"start: {HUGE_NUMBER} 0\n1 1\n1 0\n", encoding="utf-8")
    (d / "blocked.txt").write_text("s#.\n#.f\n", encoding="utf-8")
    (d / "board.txt").write_text(BOARD, encoding="utf-8")
    (d / "folder").mkdir()
    (d / "data").mkdir()
    return d


FILE_CASES = [  # (file, what the error line must say)
    ("empty.txt", "no grid rows"),
    ("binary.txt", "binary.txt: not UTF-8 text"),
    ("utf16.txt", "utf16.txt: this is UTF-16 text, not UTF-8"),
    ("latin1.txt", r"latin1.txt: not UTF-8 text \(byte 0xe9"),
    ("huge.txt", "huge.txt: more than [0-9,]+ bytes"),
    ("/dev/zero", "/dev/zero: more than [0-9,]+ bytes"),
    ("/dev/urandom", "/dev/urandom: more than [0-9,]+ bytes"),
    ("folder", "folder: is a folder"),
    ("missing.txt", "missing.txt: cannot be read .No such file"),
]

WALL_FILE_CASES = FILE_CASES + [
    ("wide.txt", "line 1, column 2: ' ' is not allowed|spaces are not allowed|at most 1000"),
    ("walls_superscript.txt", r"walls_superscript.txt: line 1: walls: the number of walls must be a whole number"),
    ("walls_huge.txt", "line 1: walls: at most 999 .unlimited. makes sense, got a number of 5000 digits"),
]

JUMP_FILE_CASES = FILE_CASES + [
    ("wide.txt", "line 1: row 1 has 5001 cells; at most 1000 are allowed"),
    ("superscript.txt", "superscript.txt: line 1, column 3: '\u00b2' is not allowed here"),
    ("jump_huge.txt", "line 1, column 3: .* a jump length has at most 6 digits .this one has 5000."),
    ("start_huge.txt", "line 1: start: .* row and column have at most 7 digits"),
]


def check(proc, pattern):
    err = proc.stderr.decode("utf-8", "replace")
    assert "Traceback" not in err, err[-2000:]
    assert proc.returncode == 2, (proc.returncode, err[-2000:])
    lines = [line for line in err.splitlines() if line.strip()]
    last = lines[-1] if lines else ""
    assert "error:" in last and re.search(pattern, last), last[:500]
    assert len(last) < 600, "one readable line"


@pytest.mark.parametrize("name, pattern", WALL_FILE_CASES, ids=[c[0] for c in WALL_FILE_CASES])
def test_wall_files(files, name, pattern):
    check(cli(["walls", "score", name], files), pattern)


OPTIMIZE_CASES = [c for c in WALL_FILE_CASES if c[0] in ("huge.txt", "/dev/zero", "binary.txt", "utf16.txt")]


@pytest.mark.parametrize("name, pattern", OPTIMIZE_CASES, ids=[c[0] for c in OPTIMIZE_CASES])
def test_wall_files_to_optimize(files, name, pattern):
    check(cli(["walls", "optimize", "--seconds", "1", name], files), pattern)


@pytest.mark.parametrize("name, pattern", JUMP_FILE_CASES, ids=[c[0] for c in JUMP_FILE_CASES])
def test_jump_files(files, name, pattern):
    check(cli(["jump", "solve", name], files), pattern)


@pytest.mark.parametrize("name, pattern", [c for c in JUMP_FILE_CASES if not c[0].startswith(("/", "folder", "missing"))],
                         ids=[c[0] for c in JUMP_FILE_CASES if not c[0].startswith(("/", "folder", "missing"))])
def test_jump_from_standard_input(files, name, pattern):
    pattern = pattern.replace(name.replace(".", r"\."), "standard input").replace(name, "standard input")
    check(cli(["jump", "solve", "-"], files, stdin=(files / name).read_bytes()), pattern)


def test_jump_solve_reads_standard_input(files):
    proc = cli(["jump", "solve", "-", "--json"], files, stdin=b"1 1\n1 0\n")
    assert proc.returncode == 0 and b'"length": 2' in proc.stdout


ARG_CASES = [  # (arguments, what the error line must say)
    (["walls", "optimize", "board.txt", "--seconds", "nan"], "--seconds: 'nan' is not a time limit"),
    (["walls", "optimize", "board.txt", "--seconds", "0"], "--seconds: '0' is not a time limit"),
    (["walls", "optimize", "board.txt", "--seconds", "-5"], "--seconds: '-5' is not a time limit"),
    (["walls", "optimize", "board.txt", "--seconds", "inf"], "--seconds: 'inf' is not a time limit"),
    (["walls", "optimize", "board.txt", "--seconds", "1e309"], "--seconds: '1e309' is not a time limit"),
    (["walls", "optimize", "board.txt", "--max-iters", "-1"], "--max-iters: '-1' is not a whole number >= 1"),
    (["walls", "optimize", "board.txt", "--max-iters", HUGE_NUMBER], "--max-iters: '9+' is not a whole number"),
    (["walls", "optimize", "blocked.txt"], "no route from start to finish even without walls"),
    (["walls", "optimize", "--preset", "simple", "--level", "-3"], "level id -3: must be a whole number >= 0"),
    (["walls", "optimize", "--preset", "simple", "--level", HUGE_NUMBER], "--level: invalid int value"),
    (["walls", "score", "board.txt", "--walls", "-1,0"], r"wall 1 at cell \(-1, 0\): off the 3 x 5 board"),
    (["walls", "score", "board.txt", "--walls", "0,1.5"], "a cell is written as two whole numbers"),
    (["walls", "score", "board.txt", "--walls", f"0,{HUGE_NUMBER}"], "row and column have at most 7 digits"),
    (["walls", "score", "board.txt", "--walls", "1,1"], r"wall 1 at cell \(1, 1\): a wall cannot go on a rock"),
    (["walls", "goals", "--seconds", "nan", "--out", "goals.json"], "--seconds: 'nan' is not a time limit"),
    (["walls", "goals", "--prove-seconds", "-1", "--out", "goals.json"], "--prove-seconds: '-1' is not a time"),
    (["walls", "goals", "--levels", "0", "--out", "goals.json"], "--levels: '0' is not a whole number"),
    (["walls", "goals", "--out", "binary.txt", "--seconds", "1"], "binary.txt is not a goals file"),
    (["walls", "goals", "--out", "list.json", "--seconds", "1"], r"list.json is not a goals file \(a JSON list"),
    (["jump", "solve", "chain", "--rule", "nonsense"], "unknown rule 'nonsense'"),
    (["jump", "solve", "chain", "--moves", "--rule", "nouturn"], "--moves lists the jumps from each cell"),
    (["jump", "solve", "chain", "--max-expansions", "5"], "--max-expansions caps the tree search: add --tree"),
    (["jump", "solve", "chain", "--tree", "--max-expansions", "nan"], "--max-expansions: 'nan' is not a whole"),
    (["jump", "generate", "--id", "nan"], "--id: invalid int value"),
    (["jump", "generate", "--id", "1", "--rows", "0"], "--rows 0: must be a whole number from 1 to 100"),
    (["jump", "generate", "--id", "1", "--rows", HUGE_NUMBER], "--rows: invalid int value"),
    (["summaze", "--id", "-1"], "puzzle id -1: must be a whole number >= 0"),
    (["summaze", "--id", "1", "--rows", "2", "--cols", "2"], "a Math Maze needs at least 5 cells"),
    (["summaze", "--id", "1", "--rows", "100000"], "rows must be at most 100"),
    (["summaze", "--id", HUGE_NUMBER], "--id: invalid int value"),
    (["bfs", "--rows", "nan"], "--rows: invalid int value"),
    (["bfs", "--rows", "-5"], "grid size -5 x 5: rows must be at least 1"),
    (["bfs", "--rows", "100000"], "rows must be at most 200"),
    (["bfs", "--start", "1e9 0"], "--start: a cell is written as two whole numbers"),
    (["bfs", "--start", "99 0"], r"--start \(99, 0\) is off the 4 x 5 grid"),
    (["release", "--dir", "folder"], "is not a folder: run this from the project folder"),
    (["release", "--dir", "board.txt"], "is not a folder"),
]


@pytest.mark.parametrize("args, pattern", ARG_CASES, ids=[" ".join(a)[:60] for a, _ in ARG_CASES])
def test_bad_arguments(files, args, pattern):
    (files / "list.json").write_text("[1, 2, 3]")
    check(cli(args, files), pattern)


def test_the_data_folder_is_a_file(files, tmp_path):
    from mathmaze_lib.store import Store, StoreError

    (tmp_path / "file").write_text("x")
    with pytest.raises(StoreError, match="is a file, not a folder"):
        Store(tmp_path / "file")


def test_a_broken_pipe_is_quiet(files):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, *sys.path]))
    proc = subprocess.run(f"'{sys.executable}' -m mathmaze_lib bfs --rows 200 --cols 200 | head -c 10 > /dev/null;"
                          " echo ${PIPESTATUS[0]}", shell=True, executable="/bin/bash", cwd=files, env=env,
                          capture_output=True, text=True, timeout=60)
    assert "Traceback" not in proc.stderr and "error" not in proc.stderr, proc.stderr
    assert proc.stdout.strip() == "141"


def test_a_broken_notebook_is_named(files):
    sol = files / "nbs" / "solutions"
    sol.mkdir(parents=True)
    (sol / "01_broken.ipynb").write_text('{"cells": [')
    check(cli(["release", "--dir", "nbs"], files), r"nbs/solutions/01_broken.ipynb: not a valid notebook")


def test_the_tree_search_of_the_command_is_capped_in_memory(files):
    # all ones with diagonal jumps: the queue of routes explodes (1 million expansions took 850 MB)
    (files / "ones.txt").write_text("rule: diag8\n" + "\n".join(" ".join("1" * 30) for _ in range(29))
                                    + "\n" + " ".join("1" * 29) + " 0\n")
    proc = cli(["jump", "solve", "ones.txt", "--tree"], files)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert b"stopped at its cap of 200000 expansions" in proc.stdout
