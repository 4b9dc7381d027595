"""Exercises with ``check()``, ``hint()`` and ``solution()``, as learners know them from Kaggle Learn.

A lesson module (``lesson1.py`` ...) defines one exercise object per question.  In
the notebook the learner writes a function or a value, then runs ``ex.q1.check()``,
which prints one plain line (and, when something is wrong, a few more):

* ``Correct: ...`` when the answer agrees with the reference on every case;
* ``Not attempted yet: ...`` while the placeholder is untouched;
* otherwise the first failing input, what was expected and what came back, or the
  learner's exception with the line of *their* code that raised it.

Three kinds:

* :class:`FunctionExercise`: the learner writes a function; it is called on fixed
  edge cases and on random cases (from a generator seeded by the exercise's name,
  so the text is the same on every run) and compared with the reference.
* :class:`ValueExercise`: the learner computes a value into a variable.
* :class:`ThoughtExercise`: a question to think about; ``solution()`` shows a
  discussion, ``check()`` checks nothing and says so.

The learner's names are looked up in the namespace of the code that calls
``check()`` (the notebook), so nothing needs to be passed in.

>>> def double(x):
...     return 2 * x
>>> q = FunctionExercise("double", reference=lambda x: x + x,
...                      cases=lambda rng: [(0,), (-3,)] + [(rng.randint(1, 9),) for _ in range(5)],
...                      hints=["Multiply by two."], solution="return 2 * x")
>>> q.check()
Correct: double agrees with the reference on all 7 cases.
>>> def double(x):
...     return x
>>> q.check()
Not quite: double(-3) returned -3, but the answer is -6.
>>> def double(x):
...     return None
>>> q.check()
Not attempted yet: write your code where it says # YOUR CODE HERE, run that cell, then run this check again.
"""

from __future__ import annotations

import dis
import inspect
import textwrap
import random
import traceback
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Optional, Sequence

__all__ = ["Feedback", "FunctionExercise", "ValueExercise", "ThoughtExercise", "NOT_ATTEMPTED"]

#: What every untouched exercise prints; the release step writes it into student notebooks.
NOT_ATTEMPTED = ("Not attempted yet: write your code where it says # YOUR CODE HERE, "
                 "run that cell, then run this check again.")

_LIBRARY = Path(__file__).resolve().parent.parent
_MAX_SHOWN = 300  # characters of a value shown in a message


@dataclass
class Feedback:
    """The answer of ``check()``: ``status`` is ``correct``, ``incorrect``, ``error``,
    ``not attempted`` or ``no check``, and ``text`` says it in words.

    ``check()`` prints the text; ``evaluate()`` returns the Feedback for tests and teachers.
    """

    status: str
    text: str

    @property
    def correct(self) -> bool:
        return self.status == "correct"

    def __bool__(self) -> bool:
        return self.correct


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_SHOWN else text[:_MAX_SHOWN] + " ..."


def _is_placeholder(fn: Callable) -> bool:
    """True for a function whose body only returns None (``pass``, ``return None``, a docstring)."""
    if getattr(fn, "__code__", None) is None:
        return False
    steps = [(i.opname, i.argval) for i in dis.get_instructions(fn) if i.opname not in ("RESUME", "NOP")]
    return steps in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def _tidy(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


def _learner_line(exc: BaseException) -> str:
    """The innermost line of the learner's code (not this library's) in the exception's traceback."""
    frames = [f for f in traceback.extract_tb(exc.__traceback__)
              if not Path(f.filename).resolve().is_relative_to(_LIBRARY)]
    if not frames:
        return ""
    f = frames[-1]
    where = "your code" if f.filename.startswith("<") or "ipykernel" in f.filename else Path(f.filename).name
    line = (f.line or "").strip()
    return f"\n  in {f.name}, line {f.lineno} of {where}: {line}" if line else f"\n  in {f.name}, line {f.lineno} of {where}"


def _caller_namespace(depth: int = 2) -> dict:
    frame = inspect.currentframe()
    try:
        for _ in range(depth):
            frame = frame.f_back
        return frame.f_globals
    finally:
        del frame


class _Exercise:
    """What every kind shares: a name, hints given one at a time, and a solution."""

    def __init__(self, name: str, hints: Sequence[str] = (), solution: str = ""):
        self.name = name
        self.hints = list(hints)
        self._solution = solution
        self._hints_shown = 0

    def hint(self, level: Optional[int] = None) -> None:
        """Print the next hint (or hint number ``level``, counting from 1)."""
        if not self.hints:
            print(f"There is no hint for {self.name}.")
            return
        if level is None:
            level = min(self._hints_shown + 1, len(self.hints))
        if not 1 <= level <= len(self.hints):
            raise ValueError(f"{self.name} has hints 1 to {len(self.hints)}, not {level}")
        self._hints_shown = max(self._hints_shown, level)
        more = " (run hint() again for a stronger one)" if level < len(self.hints) else ""
        print(f"Hint {level} of {len(self.hints)}{more}: {self.hints[level - 1]}")

    def solution(self) -> None:
        """Print a worked solution."""
        from .visibility import solution_notice  # a class release may hide solutions (release --class)
        if (notice := solution_notice()) is not None:
            return print(notice)
        print(f"Solution for {self.name}:\n\n{_tidy(self._solution)}")

    def check(self, answer: Any = None) -> None:
        """Print whether the answer is right (by default the learner's ``name`` where ``check()`` is called)."""
        if answer is None:
            answer = _caller_namespace().get(self.name)
        print(self.evaluate(answer).text)

    def evaluate(self, answer: Any = None) -> Feedback:  # each kind says how
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}: run .check(), .hint() or .solution()>"


class FunctionExercise(_Exercise):
    """The learner writes the function ``name``; ``check()`` compares it with ``reference``.

    ``cases(rng)`` returns a list of argument tuples (put the edge cases first, then
    random ones drawn from ``rng``, a ``random.Random`` seeded by the exercise name).
    ``compare(expected, got)`` decides agreement (default ``==``); ``describe(args)``
    writes a failing input readably (default: the call with its arguments).
    """

    def __init__(self, name: str, reference: Callable, cases: Callable[[random.Random], list],
                 hints: Sequence[str] = (), solution: str = "",
                 compare: Optional[Callable[[Any, Any], bool]] = None,
                 describe: Optional[Callable[[tuple], str]] = None):
        super().__init__(name, hints, solution)
        self.reference = reference
        self.cases = cases
        self.compare = compare or (lambda expected, got: expected == got)
        self.describe = describe or (lambda args: f"{name}({', '.join(_short(a) for a in args)})")

    def all_cases(self) -> list:
        """The argument tuples ``check()`` tries, the same on every run."""
        return [tuple(c) for c in self.cases(random.Random(zlib.crc32(self.name.encode())))]

    def evaluate(self, fn: Optional[Callable] = None) -> Feedback:
        """The verdict on the learner's function ``fn``."""
        if fn is None or _is_placeholder(fn):
            return Feedback("not attempted", NOT_ATTEMPTED)
        if not callable(fn):
            return Feedback("incorrect", f"Not quite: {self.name} should be a function, but it is {_short(fn)}.")
        cases = self.all_cases()
        for args in cases:
            expected = self.reference(*args)
            try:
                got = fn(*args)
            except Exception as exc:  # the learner's bug, explained in words
                return Feedback("error", f"Your function raised {type(exc).__name__}: {exc}\n"
                                          f"  on the input {self.describe(args)}{_learner_line(exc)}")
            if not self.compare(expected, got):
                return Feedback("incorrect", f"Not quite: {self.describe(args)} returned {_short(got)}, "
                                              f"but the answer is {_short(expected)}.")
        return Feedback("correct", f"Correct: {self.name} agrees with the reference on all {len(cases)} cases.")


class ValueExercise(_Exercise):
    """The learner computes a value into the variable ``name``; ``reference()`` gives the answer."""

    def __init__(self, name: str, reference: Callable[[], Any], hints: Sequence[str] = (), solution: str = "",
                 compare: Optional[Callable[[Any, Any], bool]] = None):
        super().__init__(name, hints, solution)
        self.reference = reference
        self.compare = compare or (lambda expected, got: expected == got)

    def evaluate(self, value: Any = None) -> Feedback:
        """The verdict on the learner's value."""
        if value is None:
            return Feedback("not attempted", NOT_ATTEMPTED)
        expected = self.reference()
        if self.compare(expected, value):
            return Feedback("correct", f"Correct: {self.name} = {_short(value)}.")
        return Feedback("incorrect", f"Not quite: {self.name} is {_short(value)}, but that is not the answer. "
                                      f"Try .hint() for help.")


class ThoughtExercise(_Exercise):
    """A question to think about: ``solution()`` shows a discussion; there is nothing to check."""

    def __init__(self, name: str, question: str, discussion: str, hints: Sequence[str] = ()):
        super().__init__(name, hints, discussion)
        self.question = question

    def evaluate(self, answer: Any = None) -> Feedback:
        return Feedback("no check", "Nothing to check here: think it over, then run .solution() "
                                     "to read a discussion.")

    def solution(self) -> None:
        print(f"{_tidy(self.question)}\n\nDiscussion:\n\n{_tidy(self._solution)}")
