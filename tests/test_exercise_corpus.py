"""Every checked exercise against answers as learners write them: right ones pass (in every form the
lesson allows, on check()'s cases and on the grader's hidden cases alike), wrong ones are rejected with
feedback that names the mistake, in at most ten lines."""

from __future__ import annotations

import importlib
import linecache

import pytest

from exercise_corpus import BORROWED, CORPUS, PARSONS, RIGHT, WRONG
from mathmaze_lib.exercises import FunctionExercise, checked
from mathmaze_lib.exercises.solutions import load
from mathmaze_lib.puzzles import PUZZLES

#: The answers the puzzles bring for their own exercises (each kind's ``corpus``), by the kind's name.
BROUGHT = {(name, q): entry for name in PUZZLES if PUZZLES[name].corpus
           for q, entry in importlib.import_module(PUZZLES[name].corpus).CORPUS.items()}

_PRELUDE = ("import random\nfrom collections import deque\nfrom mathmaze_lib import search\nfrom mathmaze_lib.puzzles import wallmaze\n"
            "from mathmaze_lib.puzzles import summaze\n"
            "from mathmaze_lib.puzzles import jumpmaze as jm\n")


def _exec(source: str, namespace: dict, name: str) -> None:
    """Run a source as a notebook cell (a pseudo file name, so tracebacks show its lines)."""
    filename = f"<cell {name}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)


def _namespace(lesson: str, upto: str) -> dict:
    """What a learner who solved the earlier exercises of the lesson has defined (a puzzle's own
    exercises: the imports only)."""
    namespace: dict = {}
    _exec(_PRELUDE, namespace, "imports")
    if lesson in PUZZLES:
        return namespace
    for q, code in sorted(load()[lesson].items(), key=lambda kv: int(kv[0][1:])):
        if int(q[1:]) >= int(upto[1:].rstrip("abc")):
            break
        _exec(code, namespace, f"{lesson}.{q}")
    return namespace


def _exercise(lesson: str, q: str) -> FunctionExercise:
    """Exercise ``q`` of a lesson module, or of a puzzle's exercises (``lesson`` the kind's name)."""
    if lesson in PUZZLES:
        module, _, q = PUZZLES[lesson].exercises[q].partition(":")
    else:
        module = f"mathmaze_lib.exercises.{lesson}"
    return getattr(importlib.import_module(module), q)


def _answer(lesson: str, q: str, source: str):
    exercise = _exercise(lesson, q)
    namespace = _namespace(lesson, q)
    _exec(source, namespace, f"{lesson}.{q}.answer")
    return exercise, namespace[exercise.name]


#: The wrong answers that never end (a loop that never moves on, a search without its pruning, a BFS that
#: queues cells again): the check stops each at the exercise's time limit, 5 s, so they are marked slow
#: (``make test`` runs them, ``make test-fast`` leaves them out). Each must still run out of time.
ENDLESS = {("lesson1", "q4", 0), ("lesson2", "q3", 2), ("lesson3", "q5", 5)}
CASES = [pytest.param(lesson, q, kind, i, marks=[pytest.mark.slow] * (kind == WRONG and (lesson, q, i) in ENDLESS))
         for (lesson, q), entry in {**CORPUS, **PARSONS, **BROUGHT}.items()
         for kind in (RIGHT, WRONG, BORROWED) for i in range(len(entry.get(kind, [])))]
#: Other sets of hidden cases (``grade --hidden-seed``): every right answer passes them too.
SEEDS = (1, 2)


def _entry(lesson: str, q: str):
    """The answers to exercise ``q`` of a lesson: the project's, or those of the puzzle that brings it."""
    brought = [name for name in PUZZLES if PUZZLES[name].lesson == int(lesson[-1]) and (name, q) in BROUGHT]
    return CORPUS.get((lesson, q)) or (BROUGHT[brought[0], q] if brought else None)


def test_the_corpus_covers_every_checked_exercise_with_enough_answers():
    for lesson in ("lesson1", "lesson2", "lesson3"):
        module = importlib.import_module(f"mathmaze_lib.exercises.{lesson}")
        for q, exercise in checked(module):          # what the grader grades, too
            if isinstance(exercise, FunctionExercise):
                entry = _entry(lesson, q)
                assert entry, f"{lesson}.{q} has no corpus"
                assert len(entry[RIGHT]) >= 3 and len(entry[WRONG]) >= 5, f"{lesson}.{q}"
    for name in PUZZLES:                    # and the exercises a puzzle brings, shown in a lesson or not yet
        kind = PUZZLES[name]
        for q in kind.exercises:
            entry = BROUGHT.get((name, q)) or CORPUS.get((f"lesson{kind.lesson}", q))
            assert entry and len(entry[RIGHT]) >= 3 and len(entry[WRONG]) >= 5, f"{name}.{q} has no corpus"


@pytest.mark.parametrize("lesson,q,kind,i", CASES, ids=lambda v: str(v))
def test_corpus_answer(lesson, q, kind, i):
    entry = {**CORPUS, **PARSONS, **BROUGHT}[lesson, q][kind][i]
    source, phrase = (entry, None) if kind == RIGHT else entry
    exercise, fn = _answer(lesson, q, source)
    feedback = exercise.evaluate(fn)
    lines = feedback.text.splitlines()
    assert len(lines) <= 10, feedback.text
    if kind == RIGHT:
        assert feedback.correct, f"a right answer was rejected:\n{source}\n---\n{feedback.text}"
        for seed in SEEDS:      # the references and the hidden cases agree with check()
            hidden = exercise.evaluate(fn, hidden=seed)
            assert hidden.correct and not hidden.borrowed, f"refused on hidden cases {seed}:\n{source}\n---\n{hidden.text}"
        return
    if kind == BORROWED:
        assert feedback.correct and feedback.borrowed and phrase in feedback.text, feedback.text
        return
    assert not feedback.correct and feedback.status in ("incorrect", "error"), f"a wrong answer passed:\n{source}"
    assert phrase in feedback.text, f"feedback for\n{source}\n---\n{feedback.text}\n--- lacks {phrase!r}"
    assert "Traceback" not in feedback.text and "mathmaze_lib/" not in feedback.text
    endless = "ran for more than" in feedback.text
    assert endless == ((lesson, q, i) in ENDLESS), f"{lesson} {q} wrong {i}: ran out of time {endless}: update ENDLESS"


def test_hidden_cases_differ_but_judge_the_same_way():
    plain = _exercise("lesson1", "q1")      # plain data: the case lists compare by value
    assert plain.all_cases(hidden=True) != plain.all_cases()
    assert plain.all_cases(hidden=7) != plain.all_cases(hidden=True) and plain.all_cases(hidden=7) != plain.all_cases(hidden=8)
    assert plain.all_cases(hidden=7) == plain.all_cases(hidden=7)
    exercise = _exercise("lesson2", "q2")
    right, wrong = CORPUS["lesson2", "q2"][RIGHT][0], CORPUS["lesson2", "q2"][WRONG][1][0]
    assert exercise.evaluate(_answer("lesson2", "q2", right)[1], hidden=True).correct
    assert not exercise.evaluate(_answer("lesson2", "q2", wrong)[1], hidden=True).correct
