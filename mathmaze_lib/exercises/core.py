"""Exercises with ``check()``, ``hint()`` and ``solution()``, as learners know them from Kaggle Learn.

A lesson module (``lesson1.py`` ...) defines one exercise object per question.  In
the notebook the learner writes a function or a value, then runs ``ex.q1.check()``,
which prints a few plain lines (never more than ten):

* ``Correct: ...`` when the answer agrees with the reference on every case;
* ``Not attempted yet: ...`` while the placeholder is untouched;
* otherwise the first failing input (a board is drawn as text), what was expected
  there and what came back, pointing at the first difference (the key of a dict,
  the position in a list), or the learner's exception with the line of *their*
  code that raised it.

The learner's code runs through :mod:`.guard`: under a time and memory limit for the
whole check, with its printing cut, on copies of the inputs (so it cannot change the
reference answer or the next case), and without the library's or networkx's own
solver where writing it is the point of the exercise.

Three kinds:

* :class:`FunctionExercise`: the learner writes a function; it is called on fixed
  edge cases and on random cases (from a generator seeded by the exercise's name,
  so the text is the same on every run) and compared with the reference.
  ``evaluate(fn, hidden=True)`` draws other random cases (for grading).
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

import copy
import dataclasses
import dis
import inspect
import numbers
import random
import textwrap
import zlib
from typing import Any, Callable, Iterable, Optional, Sequence

from . import guard

__all__ = ["Feedback", "FunctionExercise", "ValueExercise", "ThoughtExercise", "Challenge", "NOT_ATTEMPTED",
           "same", "difference"]

#: What every untouched exercise prints; the release step writes it into student notebooks.
NOT_ATTEMPTED = ("Not attempted yet: write your code where it says # YOUR CODE HERE, "
                 "run that cell, then run this check again.")

_MAX_SHOWN = 120  # characters of a value shown in a message


@dataclasses.dataclass
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

    def __str__(self) -> str:
        return self.text


def _short(value: Any, limit: int = _MAX_SHOWN) -> str:
    """``repr`` cut to ``limit`` characters; never raises (a learner's ``__repr__`` may)."""
    try:
        text = repr(value)
    except BaseException:  # noqa: B036 - a learner's broken __repr__
        return f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[:limit] + " ..."


def _is_int(x) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool) and (
        type(x) is int or type(x).__module__ == "numpy")


def same(expected: Any, got: Any) -> bool:
    """True when ``got`` is the reference answer ``expected``: the same type (an int may be any
    integer type, a bool must be a bool) and the same value, all the way down. The reference's
    type decides equality, so an object whose ``__eq__`` always says True is not taken.

    >>> same([1, (2, 3)], [1, (2, 3)]), same([1], (1,)), same(True, 1), same({1: [2]}, {1: [2]})
    (True, False, False, True)
    """
    if _is_int(expected) and _is_int(got):
        return int(expected) == int(got)
    if type(expected) is not type(got):
        return False
    if isinstance(expected, (list, tuple)):
        return len(expected) == len(got) and all(same(a, b) for a, b in zip(expected, got))
    if isinstance(expected, dict):
        if len(expected) != len(got):
            return False
        keys = {type(k) for k in expected}
        if not all(type(k) in keys for k in got):
            return False
        return all(k in got and same(v, got[k]) for k, v in expected.items())
    if isinstance(expected, (set, frozenset)):
        kinds = {type(k) for k in expected}
        return len(expected) == len(got) and all(type(k) in kinds for k in got) and expected == got
    return bool(expected == got)


def _kind(value: Any) -> str:
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "a bool (True or False)"
    if _is_int(value):
        return "a whole number"
    return f"a {type(value).__name__}"


def difference(expected: Any, got: Any, what: str = "returned") -> str:
    """Where ``got`` first differs from ``expected``, in words (for "Not quite: <input> <this>").

    >>> difference({(0, 0): 0, (0, 1): 1, (1, 1): 2}, {(0, 0): 0, (0, 1): 3, (1, 1): 2})
    'returned a dict that differs at key (0, 1): the answer has 1, yours has 3.'
    >>> difference([1, 2, 3], [1, 2])
    'returned a list of 2 items, but the answer has 3: [1, 2, 3].'
    """
    if not _is_int(expected) or not _is_int(got):
        if type(expected) is not type(got):
            return (f"{what} {_short(got)} ({_kind(got)}), but the answer is "
                    f"{_short(expected)} ({_kind(expected)}).")
    if isinstance(expected, dict):
        missing = [k for k in expected if k not in got]
        extra = [k for k in got if k not in expected]
        if missing:
            return (f"{what} a dict with no entry for {_short(missing[0])} ({len(missing)} key(s) missing); "
                    f"the answer has {_short(missing[0])}: {_short(expected[missing[0]])}.")
        if extra:
            return (f"{what} a dict with an entry for {_short(extra[0])}, which the answer does not have "
                    f"({len(extra)} extra key(s)).")
        for k, v in expected.items():
            if not same(v, got[k]):
                return (f"{what} a dict that differs at key {_short(k)}: the answer has {_short(v)}, "
                        f"yours has {_short(got[k])}.")
    if isinstance(expected, (list, tuple)):
        kind = type(expected).__name__
        for i, (a, b) in enumerate(zip(expected, got)):
            if not same(a, b):
                return (f"{what} a {kind} that differs at position {i}: the answer has {_short(a)}, "
                        f"yours has {_short(b)}.")
        if len(got) != len(expected):
            return (f"{what} a {kind} of {len(got)} items, but the answer has {len(expected)}: "
                    f"{_short(expected)}.")
    return f"{what} {_short(got)}, but the answer is {_short(expected)}."


def _is_placeholder(fn: Callable) -> bool:
    """True for a function whose body only returns None (``pass``, ``return None``, a docstring)."""
    if getattr(fn, "__code__", None) is None:
        return False
    steps = [(i.opname, i.argval) for i in dis.get_instructions(fn) if i.opname not in ("RESUME", "NOP")]
    return steps in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def _tidy(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


def _hidden() -> bool:
    """True (after printing why) when a class release hides the solutions (``release --class``)."""
    from .visibility import solution_notice

    notice = solution_notice()
    if notice is not None:
        print(notice)
    return notice is not None


def _caller_namespace(depth: int = 2) -> dict:
    frame = inspect.currentframe()
    try:
        for _ in range(depth):
            frame = frame.f_back
        return frame.f_globals
    finally:
        del frame


def _fingerprint(value: Any, depth: int = 0) -> Any:
    """A comparable snapshot of a value's content (private ``_`` attributes left out)."""
    if depth > 30:
        return "..."
    if value is None or isinstance(value, (bool, int, float, str, bytes, complex)):
        return (type(value), value)
    if isinstance(value, (list, tuple)):
        return (type(value), tuple(_fingerprint(v, depth + 1) for v in value))
    if isinstance(value, dict):
        return (dict, tuple((_fingerprint(k, depth + 1), _fingerprint(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return (type(value), frozenset(_fingerprint(v, depth + 1) for v in value))
    if callable(value) and not hasattr(value, "__dict__"):
        return ("callable", id(value))
    fields = getattr(value, "__dict__", None)
    if fields is not None and not inspect.isroutine(value) and not inspect.ismodule(value):
        return (type(value), tuple((k, _fingerprint(v, depth + 1)) for k, v in fields.items()
                                   if not k.startswith("_")))
    return ("object", id(value))


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

    @property
    def solution_code(self) -> str:
        """The worked solution, as the solution notebook has it."""
        return _tidy(self._solution)

    def solution(self) -> None:
        """Print a worked solution."""
        if _hidden():
            return
        print(f"Solution for {self.name}:\n\n{self.solution_code}")

    def check(self, answer: Any = None) -> None:
        """Print whether the answer is right (by default the learner's ``name`` where ``check()`` is called)."""
        if answer is None:
            answer = _caller_namespace().get(self.name)
        print(self.evaluate(answer).text)

    def evaluate(self, answer: Any = None, hidden: bool = False) -> Feedback:  # each kind says how
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}: run .check(), .hint() or .solution()>"


class FunctionExercise(_Exercise):
    """The learner writes the function ``name``; ``check()`` compares it with ``reference``.

    ``cases(rng)`` returns a list of argument tuples (put the edge cases first, then
    random ones drawn from ``rng``, a ``random.Random`` seeded by the exercise name).
    ``judge(expected, got, args)`` returns None when ``got`` is right, else the words after
    "Not quite: <input>" (default: :func:`same`, then :func:`difference`); ``describe(args)``
    writes a failing input readably (default: the call with its arguments); ``diagnose(expected,
    got, args)`` may add one line naming the likely mistake in the lesson's words.

    The learner's code gets ``seconds`` (the whole check) and ``memory_mb``; ``timeout_hint``
    says in the lesson's words what probably went wrong when time runs out. Calling one of
    ``forbidden`` (functions, classes, or package names like ``"networkx"``) is answered with
    "write it yourself": ``method`` names what to write. ``deterministic`` asks for the same
    answer twice on the same input; ``varies`` asks that different inputs do not all give
    the same answer (a function that ignores its seed).
    """

    def __init__(self, name: str, reference: Callable, cases: Callable[[random.Random], list],
                 hints: Sequence[str] = (), solution: str = "",
                 judge: Optional[Callable[[Any, Any, tuple], Optional[str]]] = None,
                 describe: Optional[Callable[[tuple], str]] = None,
                 diagnose: Optional[Callable[[Any, Any, tuple], Optional[str]]] = None,
                 seconds: float = 5.0, memory_mb: int = 1000, timeout_hint: str = "",
                 forbidden: Iterable = (), method: str = "", deterministic: bool = False,
                 varies: bool = False):
        super().__init__(name, hints, solution)
        self.reference = reference
        self.cases = cases
        self.judge = judge or (lambda expected, got, args: None if same(expected, got)
                               else difference(expected, got))
        self.describe = describe or (lambda args: f"{name}({', '.join(_short(a, 60) for a in args)})")
        self.diagnose = diagnose
        self.seconds, self.memory_mb = seconds, memory_mb
        self.timeout_hint = timeout_hint
        self.forbidden, self.method = tuple(forbidden), method
        self.deterministic, self.varies = deterministic, varies
        self._cache: dict = {}

    def all_cases(self, hidden=False) -> list:
        """The argument tuples ``check()`` tries, the same on every run (``hidden``: the grader's cases,
        ``True`` or a whole-number seed for another set)."""
        key = ("hidden",) if hidden is True else ("seed", int(hidden)) if hidden is not False else ()
        if key not in self._cache:
            salt = "".join(f":{k}" for k in key)
            self._cache[key] = [tuple(c) for c in self.cases(random.Random(zlib.crc32((self.name + salt).encode())))]
        return [copy.deepcopy(c) for c in self._cache[key]]

    def _run(self, fn, args, used: float) -> guard.Outcome:
        left = max(self.seconds - used, 0.05)
        return guard.call(fn, args, seconds=left, memory_mb=self.memory_mb, forbidden=self.forbidden)

    def _trouble(self, outcome: guard.Outcome, args: tuple) -> Optional[Feedback]:
        """Feedback for a call that did not return normally (or broke a rule), else None."""
        where = f"\n  {outcome.line}" if outcome.line else ""
        on = self.describe(args)
        if outcome.kind == "forbidden":
            return Feedback("incorrect", f"Write it yourself: your {self.name} calls {outcome.detail}, which "
                                         f"does the work this exercise asks for.{where}\n  {self.method}\n"
                                         f"  (Use {outcome.detail} elsewhere to check your own answer.)")
        if outcome.kind == "time":
            return Feedback("error", f"Stopped: your {self.name} ran for more than {self.seconds:g} s in all; "
                                     f"it was still working on {on}{where}\n  {self.timeout_hint}".rstrip())
        if outcome.kind == "memory":
            return Feedback("error", f"Stopped: your {self.name} used more than {self.memory_mb} MB of memory "
                                     f"on\n{on}{where}\n  {self.timeout_hint}".rstrip())
        if outcome.kind == "steps":
            return Feedback("incorrect", f"Not quite: on {on}\n  {outcome.detail}{where}")
        if outcome.kind == "error":
            kind = outcome.error_type
            if kind == "RecursionError":
                why = "called itself too deeply (RecursionError): does every call get closer to a case that returns?"
            elif kind == "SystemExit":
                why = "called exit() (SystemExit): a function should return its answer instead."
            elif kind == "KeyboardInterrupt":
                why = "was interrupted (KeyboardInterrupt)."
            else:
                why = f"raised {kind}: {outcome.error[:200]}" if outcome.error else f"raised {kind}"
            return Feedback("error", f"Your function {why}\n  on the input {on}{where}")
        return None

    def evaluate(self, fn: Optional[Callable] = None, hidden=False) -> Feedback:
        """The verdict on the learner's function ``fn`` (``hidden``: on the grader's cases, see :meth:`all_cases`)."""
        if fn is None or _is_placeholder(fn):
            return Feedback("not attempted", NOT_ATTEMPTED)
        if not callable(fn):
            return Feedback("incorrect", f"Not quite: {self.name} should be a function, but it is {_short(fn)}.")
        cases = self.all_cases(hidden)
        pristine = self.all_cases(hidden)
        used, printed, answers = 0.0, 0, []
        for args, shown in zip(cases, pristine):
            expected = self.reference(*copy.deepcopy(args))
            outcome = self._run(fn, args, used)
            used += outcome.seconds
            printed += outcome.printed
            trouble = self._trouble(outcome, shown)
            if trouble is not None:
                return trouble
            if _fingerprint(args) != _fingerprint(shown):
                return Feedback("incorrect", f"Not quite: your {self.name} changed the input it was given "
                                             f"({self.describe(shown)}).\n  A function like this should only "
                                             f"look at its input: work on a copy, e.g. path + [cell].")
            got = outcome.value
            try:
                verdict = self.judge(expected, got, shown)
                extra = self.diagnose(expected, got, shown) if verdict and self.diagnose else None
            except BaseException as exc:  # noqa: B036 - a learner's object whose __eq__ or __hash__ raises
                verdict, extra = (f"returned {_short(got)}, which could not be compared with the answer "
                                  f"({type(exc).__name__}: {_short(exc, 80)})."), None
            if verdict:
                more = f"\n  {extra}" if extra else ""
                return Feedback("incorrect", f"Not quite: {self.describe(shown)} {verdict}{more}")
            answers.append((shown, got))
        trouble = self._consistency(fn, answers, used)
        if trouble is not None:
            return trouble
        note = (f" (It printed {printed:,} characters along the way; the check does not show them.)"
                if printed > 1000 else "")
        return Feedback("correct", f"Correct: {self.name} agrees with the reference on all {len(cases)} cases.{note}")

    def _consistency(self, fn, answers: list, used: float) -> Optional[Feedback]:
        if self.deterministic and answers:
            args, first = answers[0]
            outcome = self._run(fn, copy.deepcopy(args), used)
            trouble = self._trouble(outcome, args)
            if trouble is not None:
                return trouble
            if not same(first, outcome.value):
                return Feedback("incorrect", f"Not quite: {self.describe(args)} gave two different answers "
                                             f"when called twice.\n  The same input must give the same answer: "
                                             f"draw random numbers from random.Random(seed).")
        if self.varies:
            groups: dict = {}
            for args, got in answers:        # inputs that differ only in their first argument (the seed)
                groups.setdefault(_short(args[1:], 500), []).append(got)
            for group in groups.values():
                if len(group) > 2 and all(same(group[0], got) for got in group[1:]):
                    return Feedback("incorrect", f"Not quite: your {self.name} gave the same answer for "
                                                 f"{len(group)} different seeds.\n  Use the seed: "
                                                 f"random.Random(seed) gives each seed its own numbers.")
        return None


class ValueExercise(_Exercise):
    """The learner computes a value into the variable ``name``; ``reference()`` gives the answer."""

    def __init__(self, name: str, reference: Callable[[], Any], hints: Sequence[str] = (), solution: str = "",
                 compare: Optional[Callable[[Any, Any], bool]] = None):
        super().__init__(name, hints, solution)
        self.reference = reference
        self.compare = compare or same

    def evaluate(self, value: Any = None, hidden: bool = False) -> Feedback:
        """The verdict on the learner's value."""
        if value is None:
            return Feedback("not attempted", NOT_ATTEMPTED)
        expected = self.reference()
        try:
            right = self.compare(expected, value)
        except BaseException:  # noqa: B036 - a learner's object whose __eq__ raises
            right = False
        if right:
            return Feedback("correct", f"Correct: {self.name} = {_short(value)}.")
        return Feedback("incorrect", f"Not quite: {self.name} is {_short(value)}, but that is not the answer. "
                                      f"Try .hint() for help.")


class ThoughtExercise(_Exercise):
    """A question to think about: ``solution()`` shows a discussion; there is nothing to check."""

    def __init__(self, name: str, question: str, discussion: str, hints: Sequence[str] = ()):
        super().__init__(name, hints, discussion)
        self.question = question

    def evaluate(self, answer: Any = None, hidden: bool = False) -> Feedback:
        return Feedback("no check", "Nothing to check here: think it over, then run .solution() "
                                     "to read a discussion.")

    def solution(self) -> None:
        if _hidden():
            return
        print(f"{_tidy(self.question)}\n\nDiscussion:\n\n{_tidy(self._solution)}")


class Challenge(_Exercise):
    """An open-ended challenge with a checked part: the learner puts an answer in the variable
    ``name`` and ``judge(answer)`` returns ``(ok, words)`` (it may raise ``ValueError`` with words).

    >>> c = Challenge("big", "Find a number over 100.", lambda n: (n > 100, f"{n} is {'over' if n > 100 else 'not over'} 100"),
    ...               hints=["Try 101."])
    >>> print(c.evaluate(7).text)
    Not yet: 7 is not over 100.
    >>> print(c.evaluate(101).text)
    Correct: 101 is over 100.
    """

    def __init__(self, name: str, prompt: str, judge: Callable[[Any], tuple], hints: Sequence[str] = (),
                 seconds: float = 10.0):
        super().__init__(name, hints, "")
        self.prompt, self.judge, self.seconds = prompt, judge, seconds

    def evaluate(self, answer: Any = None, hidden: bool = False) -> Feedback:
        if answer is None:
            return Feedback("not attempted", NOT_ATTEMPTED)
        outcome = guard.call(self.judge, (copy.deepcopy(answer),), seconds=self.seconds)
        if outcome.kind != "value":
            why = outcome.error or outcome.kind
            return Feedback("incorrect", f"Not yet: {self.name} could not be checked ({why}).")
        ok, words = outcome.value
        return Feedback("correct" if ok else "incorrect", f"{'Correct' if ok else 'Not yet'}: {words}.")

    def solution(self) -> None:
        print(f"{self.name} is a challenge: there are many answers. {self.prompt}")
