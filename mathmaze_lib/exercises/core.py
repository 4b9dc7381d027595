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
import inspect
import random
import textwrap
import zlib
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

from . import guard
from .feedback import Feedback, _short, difference, same
from .outcomes import (_encoded, _fingerprint, _is_placeholder, _names_used, describe_answer,  # noqa: F401
                       outcome_of, plain_outcome, references)

__all__ = ["Feedback", "FunctionExercise", "ValueExercise", "ThoughtExercise", "Challenge", "NOT_ATTEMPTED",
           "same", "difference", "describe_answer", "references", "plain_outcome", "outcome_of"]

#: What every untouched exercise prints; the release step writes it into student notebooks.
NOT_ATTEMPTED = ("Not attempted yet: write your code where it says # YOUR CODE HERE, "
                 "run that cell, then run this check again.")


def _tidy(text: str) -> str:
    return textwrap.dedent(text).strip("\n")


def _notice() -> Optional[str]:
    """None when solutions may be shown, else the line that says they are hidden (``release --class``)."""
    from .visibility import solution_notice

    return solution_notice()


def _hidden() -> bool:
    """True (after printing why) when a class release hides the solutions (``release --class``)."""
    notice = _notice()
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


class _Exercise:
    """What every kind shares: a name, hints given one at a time, and a solution."""

    def __init__(self, name: str, hints: Sequence[str] = (), solution: str = ""):
        self.name = name
        self.hints = list(hints)
        self._solution = solution
        self._hints_shown = 0
        self.attr = ""          # the lesson module's name for it (q1, c1, ...): solutions.attach sets it

    @property
    def label(self) -> str:
        """How the lesson names the exercise: "Exercise 3" for ``q3``."""
        return f"Exercise {self.attr[1:]}" if self.attr[:1] == "q" and self.attr[1:].isdigit() else self.name

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
        """The worked solution, as the solution notebook has it; while a class release hides the
        solutions, the line that says so instead (the code is read only when it may be shown)."""
        notice = _notice()
        if notice is not None:
            return notice
        if self._solution:
            return _tidy(self._solution)
        from .solutions import stored

        return _tidy(stored(self))

    def solution(self) -> None:
        """Print a worked solution."""
        if _hidden():
            return
        code = self.solution_code
        if not code:
            print(f"There is no worked solution for {self.name} here: this copy of mathmaze_lib was installed "
                  f"without the solutions (a class install). Ask your teacher.")
            return
        print(f"Solution for {self.name}:\n\n{code}")

    def check(self, answer: Any = None) -> None:
        """Print whether the answer is right (by default the learner's ``name`` where ``check()`` is called)."""
        if answer is None:
            answer = _caller_namespace().get(self.name)
        print(self.evaluate(answer).text)

    def evaluate(self, answer: Any = None, hidden: bool = False) -> Feedback:  # each kind says how
        """The :class:`Feedback` on ``answer`` (``hidden``: on the grader's hidden cases)."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}: run .check(), .hint() or .solution()>"


_UNSET = object()
_ENDS_RUN = ("time", "memory", "forbidden")     # outcomes after which a check calls nothing more


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
    answer twice on the same input; ``varies`` asks that no two inputs that differ only in
    their first argument (the seed) give the same answer. ``uses`` lists earlier exercises whose
    functions this one may call: when the learner's answer is wrong only because one of those is,
    the check says so, and the answer counts as right (see :meth:`evaluate`).

    A check has two halves, which the grader runs in two processes: :meth:`compute` calls the
    learner's function on :meth:`calls` and keeps what came back (:class:`~.guard.Outcome`, plain
    facts), :meth:`judge_outcomes` compares those with the reference and writes the feedback.
    """

    #: ``explain_error(outcome, args)`` may add one line, in the lesson's words, to the feedback on an exception.
    explain_error: Optional[Callable[[guard.Outcome, tuple], Optional[str]]] = None

    def __init__(self, name: str, reference: Callable, cases: Callable[[random.Random], list],
                 hints: Sequence[str] = (), solution: str = "",
                 judge: Optional[Callable[[Any, Any, tuple], Optional[str]]] = None,
                 describe: Optional[Callable[[tuple], str]] = None,
                 diagnose: Optional[Callable[[Any, Any, tuple], Optional[str]]] = None,
                 seconds: float = 5.0, memory_mb: int = 1000, timeout_hint: str = "",
                 forbidden: Iterable = (), method: str = "", deterministic: bool = False,
                 varies: bool = False, uses: Sequence["FunctionExercise"] = ()):
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
        self.uses = tuple(uses)
        self._cache: dict = {}

    def all_cases(self, hidden=False) -> list:
        """The argument tuples ``check()`` tries, the same on every run (``hidden``: the grader's cases,
        ``True`` or a whole-number seed for another set)."""
        key = ("hidden",) if hidden is True else ("seed", int(hidden)) if hidden is not False else ()
        if key not in self._cache:
            salt = "".join(f":{k}" for k in key)
            self._cache[key] = [tuple(c) for c in self.cases(random.Random(zlib.crc32((self.name + salt).encode())))]
        return [copy.deepcopy(c) for c in self._cache[key]]

    def calls(self, hidden=False) -> list:
        """What one check calls the learner's function with: :meth:`all_cases`, then, for a
        ``deterministic`` exercise, the first case once more (fresh copies on every call)."""
        cases = self.all_cases(hidden)
        return cases + [copy.deepcopy(cases[0])] if self.deterministic and cases else cases

    def first_look(self, facts: dict) -> Optional[Feedback]:
        """The verdict before any call, from :func:`describe_answer`'s facts: not attempted, or not a
        function; None when the answer is a function to call."""
        if facts.get("missing", True) or facts.get("placeholder"):
            return Feedback("not attempted", NOT_ATTEMPTED)
        if not facts.get("callable"):
            return Feedback("incorrect", f"Not quite: {self.name} should be a function, but it is "
                                         f"{_short(facts.get('value'))}.")
        return None

    def compute(self, fn: Callable, calls: list, seconds: Optional[float] = None,
                encode: Optional[Callable] = None) -> Iterator[guard.Outcome]:
        """The first half of a check: call ``fn`` on each of ``calls`` (it may change them) under the
        limits (``seconds`` for them all, default the exercise's) and yield what happened, one
        :class:`~.guard.Outcome` per call, ``changed`` set when the call changed its input. It stops
        after a call that ran out of time or memory or called a forbidden helper. ``encode`` turns
        each answer into plain data within the same time limit (the grader's worker)."""
        budget = self.seconds if seconds is None else seconds
        run = fn if encode is None else _encoded(fn, encode)
        used = 0.0
        for args in calls:
            before = _fingerprint(args)
            outcome = guard.call(run, args, seconds=max(budget - used, 0.05), memory_mb=self.memory_mb,
                                 forbidden=self.forbidden)
            used += outcome.seconds
            outcome.changed = outcome.kind == "value" and _fingerprint(args) != before
            yield outcome
            if outcome.kind in _ENDS_RUN:
                return

    def judge_outcomes(self, calls: list, outcomes: Iterable, expected: Optional[list] = None,
                       first_only: bool = True) -> Feedback:
        """The second half of a check: the Feedback on ``outcomes`` (from :meth:`compute`, here or in
        the grader's worker) for ``calls`` (untouched copies of what the function was given).
        ``expected`` is a list that keeps the reference's answers (the grader shares it between
        submissions). ``first_only`` stops at the first wrong case, as ``check()`` does; otherwise
        every case is judged and ``right`` counts them all (for partial credit)."""
        n = len(calls) - (1 if self.deterministic and calls else 0)
        expected = [] if expected is None else expected
        outcomes = iter(outcomes)
        first, right, printed, answers, cheated = None, 0, 0, [], False
        for i in range(n):
            outcome = next(outcomes, None)
            if outcome is None:
                first = first or Feedback("error", f"The check of {self.name} stopped after {i} of {n} cases.")
                break
            printed += outcome.printed
            cheated = cheated or outcome.kind == "forbidden"
            problem = self._judge_one(i, calls[i], outcome, expected)
            if problem is None:
                right += 1
                answers.append((calls[i], outcome.value))
            elif first is None:
                first = problem
            if (first is not None and first_only) or outcome.kind in _ENDS_RUN:
                break
        if first is None:
            first = self._consistency(answers, next(outcomes, None) if self.deterministic else None)
            cheated = first is not None
        if first is not None:
            first.right, first.total = (0 if cheated else right), n
            return first
        note = (f" (It printed {printed:,} characters along the way; the check does not show them.)"
                if printed > 1000 else "")
        return Feedback("correct", f"Correct: {self.name} agrees with the reference on all {n} cases.{note}",
                        right=n, total=n)

    def _judge_one(self, i: int, shown: tuple, outcome: guard.Outcome, expected: list) -> Optional[Feedback]:
        """None when the outcome of case ``i`` is right, else the Feedback that says why not."""
        trouble = self._trouble(outcome, shown)
        if trouble is not None:
            return trouble
        if outcome.changed:
            return Feedback("incorrect", f"Not quite: your {self.name} changed the input it was given "
                                         f"({self.describe(shown)}).\n  A function like this should only "
                                         f"look at its input: work on a copy, e.g. path + [cell].")
        expected.extend([_UNSET] * (i + 1 - len(expected)))
        if expected[i] is _UNSET:
            expected[i] = self.reference(*copy.deepcopy(shown))
        got = outcome.value
        try:
            verdict = self.judge(expected[i], got, shown)
            extra = self.diagnose(expected[i], got, shown) if verdict and self.diagnose else None
        except BaseException as exc:  # noqa: B036 - a learner's object whose __eq__ or __hash__ raises
            verdict, extra = (f"returned {_short(got)}, which could not be compared with the answer "
                              f"({type(exc).__name__}: {_short(exc, 80)})."), None
        if verdict:
            more = f"\n  {extra}" if extra else ""
            return Feedback("incorrect", f"Not quite: {self.describe(shown)} {verdict}{more}")
        return None

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
            extra = self.explain_error(outcome, args) if self.explain_error else None
            return Feedback("error", f"Your function {why}\n  on the input {on}{where}" + (f"\n  {extra}" if extra else ""))
        if outcome.kind != "value":
            return Feedback("error", f"Your {self.name} could not be checked on {on} ({outcome.kind}).")
        return None

    def evaluate(self, fn: Optional[Callable] = None, hidden=False) -> Feedback:
        """The verdict on the learner's function ``fn`` (``hidden``: on the grader's cases, see :meth:`all_cases`).

        When ``fn`` is wrong and it ``uses`` earlier exercises whose functions (in ``fn``'s namespace)
        are wrong too, it is checked once more with the reference versions of those in their place.
        If it is right then, the Feedback is ``correct`` and says which earlier function to fix: the
        mark goes to the exercise the learner got right, and the earlier one loses its own.
        """
        early = self.first_look(describe_answer(fn))
        if early is not None:
            return early
        feedback = self.judge_outcomes(self.calls(hidden), self.compute(fn, self.calls(hidden)))
        if feedback.correct or not self.uses:
            return feedback
        namespace = getattr(fn, "__globals__", None)
        if not isinstance(namespace, dict):
            return feedback
        called = _names_used(fn)
        wrong = [q for q in self.uses if q.name in namespace and q.name in called
                 and not q.evaluate(namespace[q.name], hidden).correct]
        if not wrong:
            return feedback
        with references(namespace, self.uses):
            again = self.judge_outcomes(self.calls(hidden), self.compute(fn, self.calls(hidden)))
        return self.borrowed(again, wrong) if again.correct else feedback

    def borrowed(self, again: Feedback, wrong: Sequence[_Exercise]) -> Feedback:
        """The Feedback when the learner's answer is right with the reference versions of ``wrong``
        (earlier exercises whose own answers are wrong): ``again`` is the check with them in place."""
        if len(wrong) == 1:
            q = wrong[0]
            what, instead, fix = (f"it uses your {q.name}, which is wrong ({q.label})", f"a right {q.name}",
                                  f"Fix {q.name}, then run both checks again.")
        else:
            parts = [f"your {q.name} ({q.label})" for q in wrong]
            what, instead, fix = (f"it uses {', '.join(parts[:-1])} and {parts[-1]}, which are wrong", "right ones",
                                  "Fix them, then run these checks again.")
        return Feedback("correct", f"Your {self.name} is right, but {what}: with {instead} it agrees with the "
                                   f"reference on all {again.total} cases.\n  {fix}", right=again.right, total=again.total,
                        borrowed=tuple(q.name for q in wrong))

    def _consistency(self, answers: list, repeat: Optional[guard.Outcome]) -> Optional[Feedback]:
        if self.deterministic and answers:
            args, first = answers[0]
            if repeat is None:
                return Feedback("error", f"The check of {self.name} stopped before it could call it twice.")
            trouble = self._trouble(repeat, args)
            if trouble is not None:
                return trouble
            try:
                twice = same(first, repeat.value)
            except BaseException:  # noqa: B036 - a learner's object whose __eq__ raises
                twice = False
            if not twice:
                return Feedback("incorrect", f"Not quite: {self.describe(args)} gave two different answers "
                                             f"when called twice.\n  The same input must give the same answer: "
                                             f"draw random numbers from random.Random(seed).")
        if self.varies:
            groups: dict = {}
            for args, got in answers:        # inputs that differ only in their first argument (the seed)
                groups.setdefault(_short(args[1:], 500), []).append((args, got))
            for group in groups.values():
                for i, (args, got) in enumerate(group):
                    twin = next((a for a, other in group[:i] if a[0] != args[0] and same(other, got)), None)
                    if twin is not None:
                        return Feedback("incorrect", f"Not quite: {self.describe(twin)} and {self.describe(args)} gave "
                                                     f"the same answer, but different seeds give different answers."
                                                     f"\n  Use the seed: random.Random(seed) gives each seed its own "
                                                     f"numbers.")
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
