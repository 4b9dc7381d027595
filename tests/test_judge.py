"""The two halves of a check (issue 26): computing the learner's answers as plain data, and judging
them elsewhere; the plain-data form of values and what decoding does with hostile data; the feedback
of an exercise that uses a wrong earlier one."""

from __future__ import annotations

import importlib
import json

import numpy as np
import pytest

from exercise_corpus import CORPUS, RIGHT, WRONG
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles import summaze
from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib.exercises import FunctionExercise, guard, lesson1, lesson2, lesson3
from mathmaze_lib.exercises.core import _fingerprint, outcome_of, plain_outcome, same
from mathmaze_lib.exercises.plain import MAX_DEPTH, MAX_ITEMS, Opaque, PlainError, decode, encode
from mathmaze_lib.exercises.solutions import load
from test_exercise_corpus import _answer, _exec

LESSONS = {"lesson1": lesson1, "lesson2": lesson2, "lesson3": lesson3}


def across(value):
    """What the grader reads back: encoded, written as JSON, read and decoded."""
    return decode(json.loads(json.dumps(encode(value), allow_nan=False)))


def checked(module):
    return [(n, getattr(module, n)) for n in module.__all__ if isinstance(getattr(module, n), FunctionExercise)]


# ------------------------------------------------------------------------------ plain data

@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_every_input_and_every_reference_answer_crosses_unchanged(lesson):
    for attr, q in checked(LESSONS[lesson]):
        for args in q.all_cases()[:12] + q.all_cases(hidden=5)[:4]:
            back = across(args)
            assert type(back) is tuple and _fingerprint(back) == _fingerprint(args), (attr, args)
            answer = q.reference(*args)
            assert same(answer, across(answer)) and type(across(answer)) is type(answer), (attr, answer)


def test_kinds_that_checks_tell_apart_stay_apart():
    for value in [(1, 2), [1, 2], {1, 2}, frozenset({1}), {(0, 1): [2]}, True, 1, 1.0, "1", None,
                  float("nan"), float("-inf"), np.int64(3), np.float32(0.5), np.bool_(True)]:
        back = across(value)
        assert type(back) is type(value), value
        assert repr(back) == repr(value)
    assert same(3, across(np.int64(3))) and not same(True, across(np.bool_(True)))
    gen = across(x * x for x in range(4))
    assert type(gen).__name__ == "generator" and list(gen) == [0, 1, 4, 9]


def test_objects_of_the_learners_own_kinds_cross_as_their_name_and_repr():
    class Point:
        def __repr__(self):
            return "Point(1, 2)"

    back = across([Point(), len])
    assert isinstance(back[0], Opaque) and back[0].type_name == "Point" and repr(back[0]) == "Point(1, 2)"
    assert back[0] != back[0] and not same((1, 2), back[0])
    assert lesson1.q1.judge(3, back[0], ()) == "returned Point(1, 2) (a Point), but the answer is 3 (a whole number)."

    class Mute:
        def __repr__(self):
            raise RuntimeError("no")

    assert "cannot be shown" in repr(across(Mute()))


def test_encoding_stops_at_the_depth_and_size_limits():
    deep = []
    for _ in range(MAX_DEPTH + 10):
        deep = [deep]
    back = across(deep)
    for _ in range(MAX_DEPTH):
        back = back[0]
    assert isinstance(back, Opaque) and "nested too deeply" in repr(back)
    wide = []
    wide.extend([wide] * 100)             # a list that holds itself: 100 ** 60 items if followed
    assert repr(across(wide)[-1]) == f"<more than {MAX_ITEMS:,} items>"


HOSTILE_DATA = {
    "unknown tag": ({"$pickle": "gASV"}, "unknown tag"),
    "two keys": ({"$tuple": [], "$set": []}, "not plain data"),
    "a bare object": ({"a": 1}, "unknown tag"),
    "a class that may not cross": ({"$obj": ["os.system", {}]}, "not a class that can cross"),
    "a field a puzzle lacks": ({"$obj": ["Puzzle", {"__class__": 1}]}, "has no field"),
    "a puzzle without its fields": ({"$obj": ["Puzzle", {"id": 1}]}, "not a Puzzle"),
    "numpy object dtype": ({"$numpy": ["object", 1]}, "$numpy 'object'"),
    "numpy nonsense dtype": ({"$numpy": ["nonsense", 1]}, "not a numpy number type"),
    "numpy overflow": ({"$numpy": ["int8", 10**6]}, "does not fit"),
    "a list in a set": ({"$set": [[1]]}, "cannot be a set item"),
    "a dict key that is a list": ({"$dict": [[[1], 2]]}, "cannot be a set item or a dict key"),
    "a dict that is not pairs": ({"$dict": [[1, 2, 3]]}, "[key, value] pairs"),
    "a float that is not a number": ({"$float": "1e999999"}, "nan, inf or -inf"),
    "a tuple of a string": ({"$tuple": "abc"}, "expected a list"),
    "an opaque with a number": ({"$opaque": [1, 2]}, "[type name, text]"),
    "a huge string": ("x" * 1_000_001, "more than 1,000,000 characters"),
    "too many items": ([[0] * 1000] * (MAX_ITEMS // 1000 + 1), f"more than {MAX_ITEMS:,} items"),
    "a bare infinity": (float("inf"), "must be tagged"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE_DATA))
def test_decoding_hostile_data_is_a_clear_error(name):
    data, words = HOSTILE_DATA[name]
    with pytest.raises(PlainError, match=words.replace("$", r"\$").replace("(", r"\(").replace("[", r"\[")):
        decode(data)


def test_deep_nesting_is_refused_before_it_can_hurt():
    data = 0
    for _ in range(10_000):
        data = {"$tuple": [data]}
    with pytest.raises(PlainError, match="nested more than"):
        decode(data)
    text = "[" * 200_000 + "]" * 200_000      # what a worker could send: the JSON reader refuses it
    with pytest.raises(RecursionError):
        json.loads(text)


def test_hostile_outcomes_are_refused():
    good = plain_outcome(guard.Outcome("value", value=encode([1])))
    assert outcome_of(good).value == [1]
    for bad in [[], {"kind": "correct"}, {**good, "printed": -1}, {**good, "seconds": float("nan")},
                {**good, "error": 7}, {**good, "changed": "no"}, {**good, "value": {"$evil": 1}}]:
        with pytest.raises(PlainError):
            outcome_of(bad)
    long = outcome_of({**good, "kind": "error", "error": "x" * 10**6})
    assert len(long.error) == 1000


# ------------------------------------------------------------------------------ the two halves

def _sample():
    """One right answer of every exercise in the corpus, two wrong ones and the one that calls a
    forbidden helper (not those that run out of time: where they are stopped differs from run to run)."""
    out = []
    for (lesson, q), entry in sorted(CORPUS.items()):
        wrong = [source for source, phrase in entry[WRONG] if phrase not in ("pruning", "give a cell its distance")]
        out += [(lesson, q, source) for source in [entry[RIGHT][0]] + wrong[:2] + wrong[-1:]]
    return out


@pytest.mark.parametrize("lesson,q,source", _sample(), ids=lambda v: v if len(str(v)) < 10 else "")
def test_judging_plain_outcomes_elsewhere_says_what_check_says(lesson, q, source):
    """compute() in one place, its outcomes as JSON, judge_outcomes() in another: the same feedback."""
    exercise, fn = _answer(lesson, q, source)
    here = exercise.evaluate(fn)
    if exercise.first_look({"missing": False, "callable": True}) is not None:
        return
    calls = exercise.calls()
    sent = [json.dumps(plain_outcome(o)) for o in exercise.compute(fn, across(calls), encode=encode)]
    there = exercise.judge_outcomes(exercise.calls(), (outcome_of(json.loads(s)) for s in sent))
    if here.borrowed:      # check() also tried the reference versions of earlier exercises
        return
    assert (there.status, there.text) == (here.status, here.text)


def test_partial_counts_every_case_and_a_forbidden_helper_earns_nothing():
    q = FunctionExercise("double", reference=lambda x: 2 * x, cases=lambda rng: [(1,), (2,), (3,), (4,)])
    half = lambda x: 2 * x if x % 2 else 0       # noqa: E731 - right on the odd ones
    feedback = q.judge_outcomes(q.calls(), q.compute(half, q.calls()), first_only=False)
    assert (feedback.status, feedback.right, feedback.total) == ("incorrect", 2, 4)
    assert "double(2) returned 0" in feedback.text          # the first wrong case, as check() says
    first = q.judge_outcomes(q.calls(), q.compute(half, q.calls()))
    assert first.text == feedback.text
    cheat = lesson1.q1.judge_outcomes(lesson1.q1.calls(), lesson1.q1.compute(summaze.path_sum, lesson1.q1.calls()),
                                      first_only=False)
    assert cheat.text.startswith("Write it yourself") and cheat.right == 0


def test_the_reference_answers_are_kept_for_the_next_submission():
    calls_made = []

    def reference(x):
        calls_made.append(x)
        return x + 1

    q = FunctionExercise("inc", reference=reference, cases=lambda rng: [(1,), (2,)])
    kept: list = []
    for _ in range(3):
        assert q.judge_outcomes(q.calls(), q.compute(lambda x: x + 1, q.calls()), expected=kept).correct
    assert calls_made == [1, 2]


# ------------------------------------------------------------------------------ exercises that use others

def _lesson1(**wrong):
    """A namespace with lesson 1's worked solutions, some replaced by wrong versions."""
    namespace: dict = {}
    _exec("import random\nfrom mathmaze_lib.puzzles import summaze\n", namespace, "imports")
    for q, code in sorted(load()["lesson1"].items()):
        _exec(code, namespace, f"lesson1.{q}")
    for name, code in wrong.items():
        _exec(code, namespace, f"wrong {name}")
    return namespace


def test_a_right_function_that_uses_a_wrong_earlier_one_earns_its_mark_and_says_which():
    ns = _lesson1(path_sum="def path_sum(numbers, path):\n    return 0\n")
    mine = ns["path_sum"]
    feedback = lesson1.q3.evaluate(ns["is_solution"])
    assert feedback.correct and feedback.borrowed == ("path_sum",)
    assert feedback.text.startswith("Your is_solution is right, but it uses your path_sum, which is wrong "
                                    "(Exercise 1)"), feedback.text
    assert ns["path_sum"] is mine, "the learner's own function is back in place"
    assert not lesson1.q1.evaluate(mine).correct


def test_two_wrong_earlier_ones_are_both_named():
    ns = _lesson1(path_sum="def path_sum(numbers, path):\n    return 0\n",
                  is_legal_step="def is_legal_step(path, cell, rows, cols):\n    return True\n")
    feedback = lesson1.q3.evaluate(ns["is_solution"])
    assert feedback.correct and feedback.borrowed == ("path_sum", "is_legal_step")
    assert "your path_sum (Exercise 1) and your is_legal_step (Exercise 2), which are wrong" in feedback.text


def test_a_wrong_function_is_still_wrong_when_the_earlier_ones_are_replaced():
    ns = _lesson1(path_sum="def path_sum(numbers, path):\n    return 0\n",
                  is_solution="def is_solution(puzzle, path):\n    return path_sum(puzzle.numbers, path) == 0\n")
    feedback = lesson1.q3.evaluate(ns["is_solution"])
    assert not feedback.correct and not feedback.borrowed and feedback.text.startswith("Not quite")


def test_the_reference_put_in_place_may_call_what_the_exercise_forbids():
    """lesson 2: count_shortest_routes uses bfs_distances, whose reference calls search.bfs (forbidden there)."""
    ns: dict = {}
    _exec("def count_shortest_routes(succ, start, goal):\n"
          "    dist, ways = bfs_distances(succ, start), {start: 1}\n"
          "    for node in sorted(dist, key=dist.get):\n"
          "        for nxt in succ(node):\n"
          "            if dist.get(nxt) == dist[node] + 1:\n"
          "                ways[nxt] = ways.get(nxt, 0) + ways[node]\n"
          "    return ways.get(goal, 0)\n", ns, "q4 with bfs_distances")
    _exec("def bfs_distances(succ, start):\n    return {}\n", ns, "wrong q2")
    feedback = lesson2.q4.evaluate(ns["count_shortest_routes"])
    assert feedback.correct and feedback.borrowed == ("bfs_distances",), feedback.text
    _exec("def count_shortest_routes(succ, start, goal):\n    from mathmaze_lib import search\n"
          "    return search.count_shortest_paths(succ, start, goal)\n", ns, "cheat")
    assert lesson2.q4.evaluate(ns["count_shortest_routes"]).text.startswith("Write it yourself")


def test_every_declared_use_is_an_earlier_exercise_of_the_same_lesson():
    for module in LESSONS.values():
        order = {q.name: int(attr[1:]) for attr, q in checked(module)}
        for attr, q in checked(module):
            for used in q.uses:
                assert used.name in order and order[used.name] < int(attr[1:]), (attr, used.name)
    assert [u.name for u in lesson1.q3.uses] == ["path_sum", "is_legal_step"]
    assert [u.name for u in lesson1.q5.uses] == ["count_paths"]


def test_plain_inputs_are_rebuilt_where_the_learner_runs():
    moves = lesson2.q2.all_cases()[0][0]
    back = across(moves)
    assert type(back) is lesson2.MazeMoves and back(moves.maze.start) == moves(moves.maze.start)
    maze = wallmaze.level("simple", 1)
    assert across(maze) == maze and across(jm.CHAIN_REACTION) == jm.CHAIN_REACTION
    assert across(summaze.generate(3)) == summaze.generate(3)
    assert importlib.import_module("mathmaze_lib.exercises.plain")._tags[lesson2.MazeMoves] == "MazeMoves"


def test_an_earlier_function_that_is_not_called_is_not_checked_again():
    import time

    ns = _lesson1(count_paths="def count_paths(puzzle):\n    while True:\n        pass\n",
                  unique_puzzle="def unique_puzzle(seed, rows, cols):\n    return summaze.generate(seed, rows, cols)\n")
    started = time.perf_counter()
    feedback = lesson1.q5.evaluate(ns["unique_puzzle"])
    assert time.perf_counter() - started < 4, "count_paths (which never ends) was checked though not called"
    assert feedback.text.startswith("Not quite") and not feedback.borrowed
