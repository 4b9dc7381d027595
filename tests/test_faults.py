"""Issue 18, one test per fault: the Mazer screen with a broken store or goals file, time limits,
caps, and library calls that must raise ValueError with a message saying what is wrong."""

import json
import os
import sqlite3
import types

import pytest

from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.store import Store, StoreError
from mathmaze_lib.widgets.wall_game import MazerGame

BOARD = wallmaze.parse("walls: 3\ns....\n.#...\n....f")


# ---- the Mazer screen keeps playing when saving fails ------------------------------------------

class BrokenStore(Store):
    """A store whose writes fail as a read-only or damaged file makes them fail."""

    def save_best(self, *args):
        raise StoreError("cannot save to the scores file x/scores.sqlite3: attempt to write a readonly database")


def test_a_save_failure_is_shown_and_the_game_plays_on(tmp_path):
    game = MazerGame(maze=BOARD, store=BrokenStore(tmp_path))
    game.board.click(0, 1)
    game.save_button.click()
    assert game.board.status.startswith("Could not save (you can keep playing): cannot save to the scores file")
    game.board.click(0, 2)
    assert game.walls == {(0, 1), (0, 2)} and game.board.status == "Wall on (0, 2)."


def test_a_read_only_store_is_shown_in_the_status_line(tmp_path, monkeypatch):
    store = Store(tmp_path)
    monkeypatch.setattr(store, "_connect", lambda: sqlite3.connect(f"file:{store.path}?mode=ro", uri=True,
                                                                   isolation_level=None))
    game = MazerGame(maze=BOARD, store=store)
    game.save()
    assert "readonly" in game.board.status and "keep playing" in game.board.status
    game.board.click(0, 1)
    assert game.walls == {(0, 1)}


def test_the_stores_warning_is_shown(tmp_path):
    (tmp_path / "scores.sqlite3").write_bytes(b"garbage, not a database" * 50)
    store = Store(tmp_path)
    game = MazerGame(maze=BOARD, store=store)
    assert store.warning and store.warning in game.board.status
    game.save()
    assert "Saved" in game.board.status and store.warning in game.board.status


# ---- a damaged goals file: a warning naming file and entry, and the game still plays ------------

GOOD = wallmaze.stored_goals()["simple:1"]


@pytest.mark.parametrize("content, problem", [
    (b"", "not valid JSON"),
    (json.dumps({"simple:1": GOOD})[:-9].encode(), "not valid JSON"),
    (bytes(range(256)), "not UTF-8 text"),
    (b"[1, 2, 3]", "not a list (no goals used)"),
    (json.dumps({"simple:1": [1, 2]}).encode(), "entry 'simple:1': must be an object"),
    (json.dumps({"simple:1": {"walls": []}}).encode(), "entry 'simple:1': moves must be a whole number"),
    (json.dumps({"simple:1": dict(GOOD, walls=[[0, "x"]])}).encode(), "walls must be a list of [row, col]"),
    (json.dumps({"simple:1": dict(GOOD, optimal="yes")}).encode(), "optimal must be true or false"),
])
def test_a_damaged_goals_file_leaves_a_playable_game(tmp_path, monkeypatch, content, problem):
    path = tmp_path / "wall_goals.json"
    path.write_bytes(content)
    monkeypatch.setattr(wallmaze.goals, "GOALS_FILE", str(path))
    entries, problems = wallmaze.read_goals()
    assert "simple:1" not in entries and len(problems) == 1 and problem in problems[0]
    assert str(path) in problems[0]
    game = MazerGame("simple", 1)
    assert game.goal is None and problem in game.board.status
    game.best_button.click()                       # falls back to a short run of annealing
    assert game.moves is not None and "a short run of annealing" in game.board.status


def test_a_stored_wall_on_a_rock_is_skipped_with_a_message(tmp_path, monkeypatch):
    rock = sorted(wallmaze.level("simple", 1).rocks)[0]
    path = tmp_path / "wall_goals.json"
    path.write_text(json.dumps({"simple:1": dict(GOOD, walls=[list(rock)]),
                                "simple:2": wallmaze.stored_goals()["simple:2"]}))
    monkeypatch.setattr(wallmaze.goals, "GOALS_FILE", str(path))
    game = MazerGame("simple", 1)
    assert game.goal is None and "entry 'simple:1'" in game.board.status and "a rock" in game.board.status
    game.best_button.click()
    assert game.moves is not None
    assert MazerGame("simple", 2).goal == wallmaze.stored_goals()["simple:2"]["moves"], "good entries kept"


def test_stored_moves_that_the_walls_do_not_give_are_skipped(tmp_path, monkeypatch):
    path = tmp_path / "wall_goals.json"
    path.write_text(json.dumps({"simple:1": dict(GOOD, moves=GOOD["moves"] + 7)}))
    monkeypatch.setattr(wallmaze.goals, "GOALS_FILE", str(path))
    entry, problem = wallmaze.level_goal("simple", 1)
    assert entry is None and f"not the stored {GOOD['moves'] + 7}" in problem


# ---- time limits that hold -------------------------------------------------------------------

import math  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402

from mathmaze_lib.puzzles import jumpmaze as jm  # noqa: E402
from mathmaze_lib import optimize
from mathmaze_lib.puzzles import summaze  # noqa: E402


def open_board(side, budget):
    return wallmaze.parse(f"walls: {budget}\n" + "\n".join("s" + "." * (side - 2) + "f" for _ in range(side)))


@pytest.mark.parametrize("seconds", [math.nan, 0, -5, math.inf, "1", True])
@pytest.mark.parametrize("method", sorted(optimize.OPTIMIZERS))
def test_a_time_limit_must_be_a_positive_number(method, seconds):
    with pytest.raises(ValueError, match=r"seconds .*: must be a finite number > 0 \(or None for no limit\)"):
        optimize.OPTIMIZERS[method](BOARD, seconds=seconds)


@pytest.mark.parametrize("method", ["local", "anneal"])
def test_a_search_without_any_limit_is_refused(method):
    with pytest.raises(ValueError, match="give at least one, or the search never stops"):
        optimize.OPTIMIZERS[method](BOARD, seconds=None)


class FakeClock:
    """Time that passes only when the runner runs (0.1 s a run) or a BitRunner is built (0.5 s):
    whether an optimizer keeps its limit is then a fact about its code, not about a busy machine."""

    def __init__(self, monkeypatch):
        from mathmaze_lib.optimize import big          # (imported first: its clock is faked too)
        self.now = 0.0
        fake = types.SimpleNamespace(perf_counter=lambda: self.now)
        for name, module in list(sys.modules.items()):     # every module of the package that reads the time
            if name.startswith("mathmaze_lib.optimize.") and getattr(module, "time", None) is time:
                monkeypatch.setattr(module, "time", fake)
        for step in ("start", "steps"):                 # the big-board search: each compiled call as one run
            real = getattr(big._Engine, step)
            monkeypatch.setattr(big._Engine, step, self._slow(real))
        walk, init = wallmaze.BitRunner._walk, wallmaze.BitRunner.__init__

        def slow_walk(runner, *args):
            self.now += 0.1
            return walk(runner, *args)

        def slow_init(runner, maze):
            self.now += 0.5
            init(runner, maze)
        monkeypatch.setattr(wallmaze.BitRunner, "_walk", slow_walk)
        monkeypatch.setattr(wallmaze.BitRunner, "__init__", slow_init)

    def _slow(self, real):
        def slow(*args, **kwargs):
            self.now += 0.1
            return real(*args, **kwargs)
        return slow


@pytest.mark.parametrize("method", sorted(optimize.OPTIMIZERS))
@pytest.mark.parametrize("budget", [20, wallmaze.UNLIMITED])
def test_every_optimizer_stops_within_one_runner_call_of_its_limit(monkeypatch, method, budget):
    maze = open_board(30, budget)        # with 0.1 s a run, greedy alone would need minutes here
    clock = FakeClock(monkeypatch)
    result = optimize.OPTIMIZERS[method](maze, seconds=3)
    assert result.stopped == "time", "the limit, not the end of the search, stopped it"
    # (big checks its clock between chunks: a round's restart, a line move (two full runs) and a chunk of steps)
    slack = 0.4 if method == "big" else 0.1
    assert 3 <= clock.now <= 3 + slack + 1e-9, f"{method} ran to {clock.now:.1f} s (set-up counted) for 3 s"
    assert result.moves is not None and result.evaluations >= 20


def test_every_optimizer_keeps_its_time_limit_on_a_big_board():
    maze = open_board(200, wallmaze.UNLIMITED)   # real time; generous: the machine may be busy
    for method in optimize.OPTIMIZERS:
        result = optimize.OPTIMIZERS[method](maze, seconds=0.3)
        # greedy may finish first on an idle machine (no single wall helps on an open board)
        finished = method == "greedy" and result.stopped == "" and result.seconds <= 0.3
        assert (result.stopped == "time" or finished) and result.moves >= 199, (method, result.stopped)
        assert wallmaze.score(maze, result.walls) == result.moves


def test_the_exact_search_on_a_60x60_open_board_does_not_recurse_too_deep():
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)        # the tree below is over 500 levels deep: no recursion allowed
    try:
        result = optimize.exact(open_board(60, wallmaze.UNLIMITED), seconds=None, max_iters=1100)
    finally:
        sys.setrecursionlimit(limit)
    assert result.stopped == "iterations" and not result.optimal and len(result.walls) > 500
    assert result.moves == wallmaze.score(open_board(60, wallmaze.UNLIMITED), result.walls)


def test_greedy_and_exact_take_max_iters():
    maze = wallmaze.level("simple", 1)
    g = optimize.greedy(maze, max_iters=10)
    assert g.stopped == "iterations" and g.evaluations <= 11
    e = optimize.exact(maze, seconds=None, max_iters=50)
    assert e.stopped == "iterations" and not e.optimal


@pytest.mark.parametrize("method", sorted(optimize.OPTIMIZERS))
def test_ctrl_c_returns_the_best_so_far(method):
    maze = wallmaze.level("complex", 2)     # greedy places 14 walls here, one progress call each
    calls = []

    def progress(fraction, best):
        calls.append(best)
        if len(calls) == 2 and fraction < 1:      # Ctrl-C in the middle of the run
            raise KeyboardInterrupt
    kwargs = {"max_iters": 100_000} if method in ("local", "anneal") else {}
    result = optimize.OPTIMIZERS[method](maze, seconds=30, progress=progress, **kwargs)
    assert result.stopped == "interrupted" and not result.optimal
    assert result.moves == wallmaze.score(maze, result.walls) >= calls[0]


@pytest.mark.parametrize("t_start, t_end", [(0, 0.05), (3.0, 0), (-1, 0.05), (math.nan, 0.05)])
def test_anneal_temperatures_must_be_positive(t_start, t_end):
    with pytest.raises(ValueError, match="t_(start|end) .*: must be a finite number > 0"):
        optimize.anneal(BOARD, seconds=1, t_start=t_start, t_end=t_end)


ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join([ROOT, *sys.path]))   # this tree's package


def _walls(*args, **kwargs):
    return subprocess.run([sys.executable, "-m", "mathmaze_lib", "walls", *args], capture_output=True, text=True,
                          env=ENV, **kwargs)


def test_max_iters_reproduces_a_run_exactly():
    runs = [_walls("optimize", "--preset", "simple", "--level", "3", "--max-iters", "300", "--json").stdout
            for _ in range(2)]
    assert runs[0] == runs[1] and '"moves"' in runs[0]


@pytest.mark.parametrize("board, method", [("open", "annealing, leg by leg"), ("Huge1", "iterated local search")])
def test_ctrl_c_on_the_command_line_prints_the_best_so_far(tmp_path, board, method):
    if board == "open":
        (tmp_path / "big.txt").write_text(open_board(120, 40).text())
    else:                               # a Pathery map code (the iterated local search's kind of board)
        from benchmarks.pathery_maps import examples
        (tmp_path / "big.txt").write_text(examples()[board].code)
    # (the command gets Ctrl-C as from a terminal even when a test before left this process ignoring it:
    # an ignored SIGINT is inherited, and then the search never sees it)
    proc = subprocess.Popen([sys.executable, "-m", "mathmaze_lib", "walls", "optimize", "big.txt", "--seconds", "60"],
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV)
    seen = ""
    while "%" not in seen:            # Ctrl-C once the search runs (its progress bar is drawn)
        seen += proc.stderr.read(1)
        assert seen or proc.poll() is None
    time.sleep(0.5)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=90)       # a safety stop: its workers stop in seconds, slower under load
    assert proc.returncode == 130 and "Traceback" not in err, err[-3000:]
    assert "stopped by Ctrl-C: the best found so far is shown above" in err
    assert f"{method} (--method big: chosen for a board scored leg by leg): " in out
    assert " moves with " in out


# ---- searches that must say when they stopped early -------------------------------------------

def test_the_tree_search_says_it_hit_its_cap():
    maze = jm.parse("1 1 1 1\n1 1 1 1\n1 1 1 1\n1 1 1 0")
    sol = jm.solve(maze, method="tree", max_expansions=20)
    assert sol.route is None and sol.capped
    assert not jm.solve(maze, method="tree").capped
    proc = subprocess.run([sys.executable, "-m", "mathmaze_lib", "jump", "solve", "-", "--tree",
                           "--max-expansions", "20"], input=maze.text(), capture_output=True, text=True, env=ENV)
    assert "stopped at its cap of 20 expansions" in proc.stdout and "no route from" not in proc.stdout


def test_state_rules_on_huge_mazes_are_refused_with_the_limit():
    maze = jm.JumpMaze(400, 400, tuple((1,) * 400 for _ in range(400)), (0, 0), (399, 399))
    with pytest.raises(ValueError, match="at most 90,000 cells, and this maze has 400 x 400 = 160,000"):
        jm.solve(maze, "nouturn")
    assert jm.solve(maze).jumps == 798, "cell rules still work"


def test_counting_solutions_has_a_cap():
    puzzle = summaze.generate(3, 10, 10, lengths=(50, 70))
    with pytest.raises(summaze.CountStopped, match="counting stopped after 100,000 search steps") as info:
        summaze.count_solutions(puzzle, max_steps=100_000)
    assert info.value.found >= 0 and info.value.max_steps == 100_000
    small = summaze.generate(7)
    assert summaze.count_solutions(small, max_steps=10**6) == summaze.count_solutions(small)


# ---- library calls: ValueError with a message, not another type --------------------------------

@pytest.mark.parametrize("walls, message", [
    ([(0, 1.5)], r"wall 1: \(0, 1.5\): row and column must be whole numbers"),
    ([(True, 1)], "must be whole numbers"),
    ([("0", 1)], "must be whole numbers"),
    ([7], "is not a cell"),
])
def test_walls_must_be_whole_numbers(walls, message):
    with pytest.raises(ValueError, match=message):
        wallmaze.run(BOARD, walls)


@pytest.mark.parametrize("text, message", [
    ("1 \u00b2\n1 0", r"line 1, column 3: '\u00b2' is not allowed here"),
    ("1 " + "9" * 5000 + "\n1 0", "a jump length has at most 6 digits"),
    ("start: 1 \u00b2\n1 1\n1 0", "start: a cell is written as two whole numbers"),
])
def test_jump_parse_messages(text, message):
    with pytest.raises(ValueError, match=message):
        jm.parse(text)


@pytest.mark.parametrize("text, message", [
    ("walls: \u00b2\ns.f", "line 1: walls: the number of walls must be a whole number"),
    ("walls: " + "9" * 5000 + "\ns.f", "at most 999 .unlimited. makes sense"),
    ("s" + "." * 5000 + "f", "line 1: row 1 has 5002 cells; at most 1000 are allowed"),
])
def test_wall_parse_messages(text, message):
    with pytest.raises(ValueError, match=message):
        wallmaze.parse(text)


def test_walls_goals_skips_a_bad_entry_with_a_warning(tmp_path):
    out = tmp_path / "goals.json"
    good = wallmaze.stored_goals()["mazer:1"]
    out.write_text(json.dumps({"mazer:1": good, "simple:2": "x"}))
    proc = _walls("goals", "--preset", "simple", "--levels", "1", "--seconds", "0.2", "--prove-seconds", "0",
                  "--out", str(out))
    assert proc.returncode == 0, proc.stderr
    assert f"warning: {out}: entry 'simple:2': must be an object" in proc.stderr
    written = json.loads(out.read_text())
    assert set(written) == {"mazer:1", "simple:1"} and written["mazer:1"] == good


def test_a_ctrl_c_inside_a_finalizer_is_not_lost():
    """numba frees LLVM objects in ``__del__``; a Ctrl-C landing there used to print "Exception ignored"
    with a traceback and be lost (a search then ran to its time limit). It is delivered again."""
    probe = ("import signal, sys\nfrom mathmaze_lib import interrupts\n"
             "if sys.argv[1] == 'hook':\n    interrupts.redeliver()\n"
             "class Freed:\n    def __del__(self):\n        raise KeyboardInterrupt\n"
             "import time\nt = time.time()\n"
             "try:\n    Freed()\n    while time.time() < t + float(sys.argv[2]):     # a search that goes on\n"
             "        pass\n    print('lost')\n    print('SIGINT handler:', signal.getsignal(signal.SIGINT), file=sys.stderr)\n"
             "except KeyboardInterrupt:\n    print('delivered')\n")
    # (it comes 0.05 s later, or later on a busy machine; and as a Ctrl-C from a terminal even when a test
    # before left this process ignoring SIGINT, which the probe would inherit: then nothing is delivered)
    def probe_run(*args):
        return subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, env=ENV,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    with_hook = probe_run("hook", "20")
    assert with_hook.stdout == "delivered\n" and "Exception ignored" not in with_hook.stderr, with_hook.stderr
    without = probe_run("none", "2")
    assert without.stdout == "lost\n" and "Exception ignored" in without.stderr     # what the hook is for
