"""Checks a learner can trust: learner code that never ends, eats memory, exits, prints a
megabyte, breaks its own objects or changes what it is given gets a clear message within the
limit, in plain Python and in a real Jupyter kernel, and the kernel stays usable."""

from __future__ import annotations

import copy
import textwrap
import time

import nbformat
import pytest

from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib.puzzles import summaze
from mathmaze_lib.exercises import FunctionExercise, lesson1, lesson2
from mathmaze_lib.exercises.guard import call


def square():
    return FunctionExercise("square", reference=lambda x: x * x, cases=lambda rng: [(2,), (3,)],
                            seconds=2.0, memory_mb=150, timeout_hint="Does your loop ever stop?")


def _define(source: str):
    namespace: dict = {}
    exec(textwrap.dedent(source), namespace)
    return namespace["square"]


HOSTILE = {
    "never ends": ("def square(x):\n    while True:\n        pass", "ran for more than 2 s"),
    "eats memory": ("def square(x):\n    hoard = []\n    while True:\n        hoard.append([0] * 100000)",
                    "MB of memory"),
    "one huge list": ("def square(x):\n    return [0] * 10**11", "MB of memory"),
    "calls exit": ("import sys\ndef square(x):\n    sys.exit(3)", "called exit()"),
    "raises KeyboardInterrupt": ("def square(x):\n    raise KeyboardInterrupt", "interrupted"),
    "raises GeneratorExit": ("def square(x):\n    raise GeneratorExit('bye')", "raised GeneratorExit"),
    "recurses forever": ("def square(x):\n    return square(x + 1)", "RecursionError"),
    "result whose __eq__ raises": ("class Weird:\n    def __eq__(self, other):\n        raise ValueError('no')\n"
                                   "def square(x):\n    return Weird()", "(a Weird)"),
    "result whose __eq__ says yes": ("class Yes(int):\n    def __eq__(self, other):\n        return True\n"
                                     "    __hash__ = int.__hash__\ndef square(x):\n    return Yes(0)", "Not quite"),
    "result whose __repr__ raises": ("class Mute:\n    def __repr__(self):\n        raise ValueError('no')\n"
                                     "def square(x):\n    return Mute()", "cannot be shown"),
    "error whose __str__ raises": ("class Bad(Exception):\n    def __str__(self):\n        raise ValueError\n"
                                   "def square(x):\n    raise Bad()", "raised Bad"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_learner_code_gets_a_clear_message_within_the_limit(name):
    source, phrase = HOSTILE[name]
    started = time.perf_counter()
    feedback = square().evaluate(_define(source))
    assert time.perf_counter() - started < 8, "the check took far longer than its 2 s limit"
    assert not feedback.correct and phrase in feedback.text, feedback.text
    assert len(feedback.text.splitlines()) <= 10
    assert square().evaluate(lambda x: x * x).correct, "the next check still works"


def test_a_megabyte_of_printing_is_cut(capsys):
    feedback = square().evaluate(_define("def square(x):\n    print('x' * 10**6)\n    return x * x"))
    assert feedback.correct and "printed 2,000,002 characters" in feedback.text
    assert capsys.readouterr().out == ""


def test_forbidden_helpers_are_named_and_the_lesson_method_given():
    feedback = lesson2.q2.evaluate(lambda succ, start: __import__("mathmaze_lib").search.bfs(succ, start).dist)
    assert feedback.text.startswith("Write it yourself: your bfs_distances calls search.bfs")
    assert "queue" in feedback.text


def test_learner_code_cannot_change_the_shared_maze_or_the_next_case():
    before = copy.deepcopy(jm.CHAIN_REACTION)

    def vandal(succ, start):
        object.__setattr__(succ.maze, "cells", ((0,),))
        return {start: 0}

    feedback = lesson2.q2.evaluate(vandal)
    assert "changed the input it was given" in feedback.text
    assert jm.CHAIN_REACTION == before
    assert jm.solve(jm.CHAIN_REACTION).jumps == 13
    right = {}
    exec("from collections import deque\n" + lesson2.q2.solution_code, right)
    assert lesson2.q2.evaluate(right["bfs_distances"]).correct


def test_the_feedback_shows_the_puzzle_as_it_was_given():
    def cheat(puzzle, path):
        object.__setattr__(puzzle, "target", -1)
        return False

    feedback = lesson1.q3.evaluate(cheat)
    assert "changed the input" in feedback.text and "=-1" not in feedback.text


def test_a_step_that_appends_to_the_callers_path_is_caught():
    def appends(path, cell, rows, cols):
        path.append(cell)
        return False

    assert "changed the input" in lesson1.q2.evaluate(appends).text


def test_a_puzzle_that_ignores_the_seed_is_caught():
    fixed = summaze.generate_unique(0)

    def same_puzzle(seed, rows, cols):
        return summaze.generate(fixed.id if (rows, cols) == (4, 5) else 1, rows, cols)

    assert not lesson1.q5.evaluate(same_puzzle).correct


def test_guard_restores_the_kernel_state():
    import signal
    import sys

    handler, profile, stdout = signal.getsignal(signal.SIGALRM), sys.getprofile(), sys.stdout
    assert call(lambda: [0] * 10**11, ()).kind == "memory"
    assert call(lambda: print("x"), ()).printed == 2
    assert signal.getsignal(signal.SIGALRM) is handler and sys.getprofile() is profile and sys.stdout is stdout
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


def test_without_a_timer_signal_the_limit_is_kept_on_calls(monkeypatch):
    """Where there is no SIGALRM (Windows) or the check runs in another thread, the limit is looked
    at on every call the learner's code makes; a loop that calls nothing cannot be stopped there."""
    import threading

    outcome = {}

    def busy():
        while True:
            len([])

    thread = threading.Thread(target=lambda: outcome.setdefault("o", call(busy, (), seconds=0.3)))
    thread.start()
    thread.join(10)
    assert not thread.is_alive() and outcome["o"].kind == "time"


@pytest.mark.slow
def test_hostile_code_in_a_real_kernel_leaves_it_usable(tmp_path):
    """The same learner mistakes inside a Jupyter kernel (nbclient), then a last cell that must run."""
    from nbclient import NotebookClient

    # (the memory cell's check has time to spare: in one full `make test` on two cores the 2-s time limit
    # stopped it before its memory limit did; alone, the memory limit stops it in about 0.1-0.4 s)
    cells = ["from mathmaze_lib.exercises import FunctionExercise\n"
             "q = FunctionExercise('square', reference=lambda x: x * x, cases=lambda rng: [(2,)], seconds=2.0,\n"
             "                      memory_mb=150)\n"
             "q_memory = FunctionExercise('square', reference=lambda x: x * x, cases=lambda rng: [(2,)],\n"
             "                             seconds=20.0, memory_mb=150)"]
    for name in ("never ends", "eats memory", "calls exit", "result whose __eq__ raises"):
        cells.append(HOSTILE[name][0] + ("\nq_memory.check()" if name == "eats memory" else "\nq.check()"))
    cells.append("def square(x):\n    print('x' * 10**6)\n    return x * x\nq.check()")
    cells.append("print('kernel alive', 6 * 7)")
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    started = time.perf_counter()
    NotebookClient(nb, timeout=60, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}}).execute()
    outs = ["".join(o.get("text", "") for o in c.outputs) for c in nb.cells[1:]]
    assert "ran for more than 2 s" in outs[0]
    assert "MB of memory" in outs[1]
    assert "called exit()" in outs[2]
    assert "(a Weird)" in outs[3]
    assert outs[4].startswith("Correct") and len(outs[4]) < 300
    assert outs[5] == "kernel alive 42\n"
    assert time.perf_counter() - started < 50


def test_an_outer_alarm_still_goes_off_after_the_guard():
    """A grader's alarm around a whole check is kept: the learner's code stops at the outer deadline
    and the outer handler runs right after the guard."""
    import signal

    class Outer(BaseException):
        pass

    def alarm(signum, frame):
        raise Outer()

    old = signal.signal(signal.SIGALRM, alarm)
    started = time.perf_counter()
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        with pytest.raises(Outer):
            outcome = call(lambda: time.sleep(5), (), seconds=5)
            assert outcome.kind == "time"
            time.sleep(1)      # the outer alarm goes off here at the latest
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert time.perf_counter() - started < 1.0


def test_a_guarded_call_inside_another_keeps_its_time_and_the_outer_one_still_stops():
    """The grader's judge guards a challenge's check, which guards the challenge's own work: the inner call
    gets its seconds (not the outer call's next 50 ms tick), and afterwards the outer call can still stop
    a loop that never ends."""
    def inner_then_forever():
        inside = call(lambda: time.sleep(0.2) or "slept", (), seconds=5)
        assert inside.kind == "value" and inside.value == "slept", inside
        while True:
            pass

    started = time.perf_counter()
    outcome = call(inner_then_forever, (), seconds=0.5)
    assert outcome.kind == "time" and 0.4 < time.perf_counter() - started < 1.5
    inner_over = call(lambda: call(lambda: time.sleep(3), (), seconds=5).kind, (), seconds=0.3)
    assert inner_over.kind == "value" and inner_over.value == "time"     # the outer deadline holds inside too


@pytest.mark.filterwarnings("ignore::pytest.PytestUnhandledThreadExceptionWarning")   # the learner's thread is stopped
def test_a_forbidden_helper_called_from_a_thread_is_still_forbidden():
    def count_paths(puzzle):
        import threading

        out = []
        worker = threading.Thread(target=lambda: out.append(summaze.count_solutions(puzzle)))
        worker.start()
        worker.join()
        return out[0] if out else 0

    feedback = lesson1.q4.evaluate(count_paths)
    assert feedback.text.startswith("Write it yourself: your count_paths calls summaze.count_solutions"), feedback.text
