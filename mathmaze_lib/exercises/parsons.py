"""A Parsons problem: the lines of a function are given, shuffled, with their indentation; the learner
puts them in order. It is the small first step before writing a whole function (Parsons and Haden,
2006; Ericson and others found it as useful as writing the code, in less time).

The learner writes the letters of the lines, in order, into a variable (``routes_order = "DCAB..."``)
and runs ``ex.q4a.check()``. The check builds the function from those lines and judges it like any
:class:`~mathmaze_lib.exercises.core.FunctionExercise` (so every order that works is right), after
saying in words what is wrong with the letters themselves or with Python's reading of the order.

>>> from mathmaze_lib.exercises.core import FunctionExercise
>>> add = FunctionExercise("add_up", reference=lambda xs: sum(xs), cases=lambda rng: [([],), ([1, 2],)])
>>> q = Parsons("add_order", "def add_up(xs):", {"A": "    return total", "B": "    total = 0",
...             "C": "    for x in xs:", "D": "        total += x"}, add)
>>> q.show()
def add_up(xs):
  A:     return total
  B:     total = 0
  C:     for x in xs:
  D:         total += x
>>> print(q.evaluate("BCDA").text)
Correct: in this order, add_up agrees with the reference on all 2 cases.
>>> print(q.evaluate("BACD").text.splitlines()[0])
Not quite: add_up([1, 2]) returned 0, but the answer is 3.
>>> print(q.evaluate("BDCA").text)
Not quite: in this order Python cannot read the function: line D is indented further than the line before it (B, which does not end with ':').
>>> print(q.evaluate("BCAD").text)
Not quite: in this order Python cannot read the function: line C ends with ':', so the line after it must be indented further, but A is not.
>>> print(q.evaluate("BCD").text)
Not quite: use every letter once, A to D: A is missing.
"""

from __future__ import annotations

import re
from typing import Callable, Optional, Sequence

from .core import NOT_ATTEMPTED, Feedback, FunctionExercise, _Exercise, _short
from .guard import StepLimit

__all__ = ["Parsons"]


def _watched(fn: Callable, watch: Callable[..., Optional[str]]) -> Callable:
    """``fn`` with ``watch`` looking at every call first (the recursive calls look ``fn`` up by its name)."""
    def watched(*args):
        why = watch(*args)
        if why:
            raise StepLimit(why)
        return fn(*args)
    return watched


class Parsons(_Exercise):
    """Order the ``lines`` (``{letter: line with its indentation}``, shown in the order given) under
    ``header`` (the ``def`` line and docstring) into a function that ``exercise`` judges.

    ``namespace`` gives the names the lines use (the learner's earlier functions are replaced by the
    lesson's references, so only the order is judged); ``diagnose(order)`` may add one line on a
    known wrong order in the lesson's words. ``watch(*args)`` sees every call of the function the
    order makes, its own recursive calls too, and stops the check with its words (a rule that the
    answers alone cannot show, such as "stops there"); None lets the call go on.
    """

    def __init__(self, name: str, header: str, lines: dict, exercise: FunctionExercise,
                 hints: Sequence[str] = (), solution: str = "", namespace: Optional[dict] = None,
                 diagnose: Optional[Callable[[str], Optional[str]]] = None,
                 watch: Optional[Callable[..., Optional[str]]] = None):
        self.header, self.lines, self.exercise = header, dict(lines), exercise
        self.namespace = dict(namespace or {})
        self.diagnose, self.watch = diagnose, watch
        super().__init__(name, hints, solution)

    @property
    def letters(self) -> str:
        """The letters of the lines to put in order, alphabetically."""
        return "".join(sorted(self.lines))

    def source(self, order: str) -> str:
        """The function's code with the lines in ``order`` (letters, spaces and commas ignored)."""
        return "\n".join([self.header] + [self.lines[letter] for letter in self._letters(order)])

    @staticmethod
    def _letters(order) -> list:
        return [ch for ch in str(order).upper() if not ch.isspace() and ch not in ",;-"]

    def show(self, order: Optional[str] = None) -> None:
        """Print the lines with their letters (shuffled), or, given ``order``, the function they make."""
        if order is not None:
            problem = self._letter_problem(order)
            print(problem if problem else self.source(order))
            return
        print(self.header)
        for letter, line in self.lines.items():
            print(f"  {letter}: {line}")

    def _letter_problem(self, order) -> Optional[str]:
        letters = self._letters(order)
        unknown = sorted({ch for ch in letters if ch not in self.lines})
        missing = [ch for ch in self.letters if ch not in letters]
        twice = sorted({ch for ch in letters if letters.count(ch) > 1 and ch in self.lines})
        first, last = self.letters[0], self.letters[-1]
        if unknown:
            return f"Not quite: {', '.join(unknown)} is not one of the lines: use the letters {first} to {last}."
        if missing or twice:
            parts = [f"{', '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing"] if missing else []
            parts += [f"{', '.join(twice)} {'is' if len(twice) == 1 else 'are'} used twice"] if twice else []
            return f"Not quite: use every letter once, {first} to {last}: {'; '.join(parts)}."
        return None

    def evaluate(self, order=None, hidden=False) -> Feedback:
        """The verdict on an order (a string of letters such as ``"DCAB"``)."""
        if order is None:
            return Feedback("not attempted", NOT_ATTEMPTED)
        if not isinstance(order, str):
            return Feedback("incorrect", f"Not quite: {self.name} should be a string of letters such as "
                                         f"\"{self.letters[::-1]}\", but it is {_short(order)}.")
        problem = self._letter_problem(order)
        if problem:
            return Feedback("incorrect", problem)
        code = self.source(order)
        letters = self._letters(order)
        try:
            compiled = compile(code, f"<{self.name}>", "exec")
        except SyntaxError as exc:
            return Feedback("incorrect", "Not quite: in this order Python cannot read the function: "
                                         + self._syntax(exc, letters))
        namespace = dict(self.namespace)
        exec(compiled, namespace)
        if self.watch is not None:
            namespace[self.exercise.name] = _watched(namespace[self.exercise.name], self.watch)
        feedback = self.exercise.evaluate(namespace[self.exercise.name], hidden=hidden)
        if feedback.correct:
            return Feedback("correct", feedback.text.replace("Correct: ", "Correct: in this order, ", 1),
                            feedback.right, feedback.total)
        extra = self.diagnose("".join(letters)) if self.diagnose else None
        if extra:
            feedback = Feedback(feedback.status, f"{feedback.text}\n  {extra}", feedback.right, feedback.total)
        return feedback

    def _syntax(self, exc: SyntaxError, letters: list) -> str:
        """Python's complaint about an order, in words about the letters."""
        at = (exc.lineno or 0) - 2 - self.header.count("\n")     # the lines come after the header
        here = letters[at] if 0 <= at < len(letters) else None
        before = letters[at - 1] if 0 < at <= len(letters) else None
        message = exc.msg or ""
        if here and "expected an indented block" in message and before:
            return (f"line {before} ends with ':', so the line after it must be indented further, "
                    f"but {here} is not.")
        if here and "unexpected indent" in message:
            after = f"{before}, which does not end with ':'" if before else "the def line"
            return f"line {here} is indented further than the line before it ({after})."
        if here and "unindent does not match" in message:
            return (f"line {here} does not line up with any line above it: the lines of one block are "
                    f"indented the same, under the line ending with ':' that starts it.")
        if "expected an indented block" in message and before:
            return f"line {before} ends with ':', so some line must come after it, indented further."
        return f"at line {here or 'the end'}, {message or 'a syntax error'}."

    def solution(self) -> None:
        from .core import _hidden

        if _hidden():
            return
        print(f"Solution for {self.name}: {self._solution}\n\n{self.source(self._solution)}")
