"""Predict, then run: a small question to answer *before* the cell that reveals the answer.

A lesson asks "How many cells will BFS take from the queue before it reaches G?" just
above the cell that shows it. The learner picks a choice (or types a number), presses
*Check*, and sees whether they were right and why. Nothing waits for the answer: Run All
goes straight on, and an unanswered prediction just sits there. Where widgets cannot be
shown (a plain terminal, a static page), the question and its choices show as text, and
the prediction's ``name`` says how to answer it there: ``ex.p3.check(4)``. A guess is read as a
learner types it (:func:`read_number`, :func:`read_choice`): "7 moves", "about 4,000" and 14.0 are
numbers, "Maze A", "a" and "A" are the choice ``maze A``; a verdict never repeats a right answer back as wrong.

A lesson's predictions live in its exercise module (``lesson1.p1`` ...), so that the notebook
cell that shows one holds no answer: the answer is computed by a function of the lesson when
it is first needed (``answer`` may be a function), and the verdict and the ``why`` appear only
after the learner's guess.

>>> p = Prediction("How many moves from (0, 0) to (2, 2) on an open grid?", answer=lambda: 2 + 2,
...                choices=[2, 4, 8], why="Two down and two right; no route is shorter.", name="ex.p9")
>>> print(p.answer(4))
Right: 4. Two down and two right; no route is shorter.
>>> p.check(8)
Not this time: you said 8, the answer is 4. Two down and two right; no route is shorter.
>>> for guess in ("4 moves", 4.0):
...     print(p.answer(guess))
Right: 4. Two down and two right; no route is shorter.
Right: 4. Two down and two right; no route is shorter.
>>> print(Prediction("Roughly how many?", answer=1682, tolerance=0.2).answer(1500))
Right: close enough (the answer is 1682).
>>> about = Prediction("About how many?", answer=7978, choices=[30, 300, 8000])
>>> for guess in (8000, "7,978", "about 6000", 300):
...     print(about.answer(guess))
Right: the answer is 7978, and 8000 is the choice nearest to it.
Right: 7978 is the answer exactly; among the choices, it is 8000.
Right: the answer is 7978, and 6000 is nearest to the choice 8000.
Not this time: you said 300; the answer is 7978, nearest to the choice 8000.
>>> which = Prediction("Which maze?", answer="maze A", choices=["maze A", "maze B"])
>>> for guess in ("A", "Maze b", "the third"):
...     print(which.answer(guess))
Right: maze A.
Not this time: you said maze B; the answer is maze A.
I cannot tell which choice 'the third' is: answer with one of maze A | maze B.
>>> print(p)
Predict (ex.p9): How many moves from (0, 0) to (2, 2) on an open grid?
  choices: 2 | 4 | 8
  (answer with the buttons in Jupyter, or type ex.p9.check(your answer))
"""

from __future__ import annotations

import html
import math
import re
from typing import Any, Optional, Sequence

from .core import Feedback

__all__ = ["Prediction", "predict", "read_number", "read_choice"]


class Prediction:
    """A question with one right answer: a choice from ``choices``, or a number (``tolerance``:
    the relative error still counted right, e.g. 0.2 for "within 20%"). ``why`` explains the answer.

    ``answer`` is the value, or a function that computes it (called once, when first needed: a
    lesson's predictions compute their answers from the lesson's puzzles, so no answer is written
    where a learner reads before guessing). ``name`` is how a learner reaches the prediction in
    code (``"ex.p3"``), shown with the question for front ends without widgets. ``also`` gives other
    words a learner may use for a choice (``{"top": "row 0"}``), read in any case.

    >>> p = Prediction("Which start?", "row 0", choices=["row 0", "row 1"], also={"top": "row 0"})
    >>> p.answer("the Top").text
    'Right: row 0.'
    """

    def __init__(self, question: str, answer: Any, choices: Optional[Sequence] = None, why: str = "",
                 tolerance: float = 0.0, name: str = "", also: Optional[dict] = None):
        if tolerance < 0:
            raise ValueError(f"prediction {question!r}: tolerance must be >= 0, not {tolerance}")
        self.question, self.why, self.name = question, why, name
        self.choices = list(choices) if choices is not None else None
        self.tolerance = tolerance
        self.also = {_key(k): v for k, v in (also or {}).items()}
        self._compute = answer if callable(answer) else None
        self._value = None if callable(answer) else answer
        self._known = not callable(answer)
        if self._known:
            self._settle()
        self.given: Optional[Feedback] = None
        self._view = None

    def _settle(self) -> None:
        """Check the answer against the choices; numeric choices stand for "about this many"."""
        answer = self._value
        numeric = self.choices is not None and all(isinstance(c, (int, float)) for c in self.choices + [answer])
        if self.choices is not None and answer not in self.choices and not numeric:
            raise ValueError(f"prediction {self.question!r}: the answer {answer!r} is not one of the choices")
        self._right_choice = answer
        if numeric and answer not in self.choices:   # the right one is the nearest (by ratio)
            self._right_choice = min(self.choices, key=lambda c: abs(math.log((abs(c) + 1) / (abs(answer) + 1))))

    @property
    def solution(self) -> Any:
        """The right answer (computed the first time it is asked for)."""
        if not self._known:
            self._value = self._compute()
            self._known = True
            self._settle()
        return self._value

    @property
    def right_choice(self) -> Any:
        """The choice that counts as right (the answer, or the choice nearest to it)."""
        self.solution
        return self._right_choice

    @property
    def rough(self) -> bool:
        """True when the choices are round numbers near the answer ("about how many?"), not the answer itself."""
        return self.choices is not None and self.right_choice != self.solution

    def _nearest(self, number) -> Any:
        """The choice nearest to ``number`` (by ratio, as the right one is to the answer)."""
        return min(self.choices, key=lambda c: abs(math.log((abs(c) + 1) / (abs(number) + 1))))

    def answer(self, value) -> Feedback:
        """The verdict on a prediction (also shown under the widget); ``str()`` gives the text.

        Among rough choices the exact answer counts too, and a number that is not a choice counts as
        the choice nearest to it; a guess that cannot be read is "not attempted", with the choices."""
        if value is None or str(value).strip() == "":
            verdict = Feedback("not attempted", "Make a prediction first: pick an answer, then press Check.")
        else:
            answer = self.solution
            numeric = isinstance(answer, (int, float)) and not isinstance(answer, bool)
            verdict = self._number_verdict(value) if numeric else self._label_verdict(value)
            if self.why and verdict.status in ("correct", "incorrect"):
                verdict = Feedback(verdict.status, f"{verdict.text} {self.why}")
        self.given = verdict
        return verdict

    def _label_verdict(self, value) -> Feedback:
        answer, choices = self.solution, self.choices if self.choices is not None else [self.solution]
        picked = self.also.get(_key(value)) or read_choice(value, choices)
        if picked is None and self.choices is not None:
            return Feedback("not attempted", f"I cannot tell which choice {_said(value)} is: answer with one of "
                                             f"{' | '.join(map(str, self.choices))}.")
        if picked == answer:
            return Feedback("correct", f"Right: {answer}.")
        return Feedback("incorrect", f"Not this time: you said {picked or _said(value)}; the answer is {answer}.")

    def _number_verdict(self, value) -> Feedback:
        answer = self.solution
        number = read_number(value)
        if number is None:
            among = f"one of {' | '.join(map(str, self.choices))} or a number" if self.choices else "a number"
            return Feedback("not attempted", f"I cannot read {_said(value)} as a number: answer with {among}.")
        said, exact = _show(number), _show(answer)
        if number == answer:
            return Feedback("correct", f"Right: {exact} is the answer exactly; among the choices, it is "
                                       f"{self.right_choice}." if self.rough else f"Right: {exact}.")
        if self.choices is None:
            if abs(number - answer) <= self.tolerance * abs(answer):
                return Feedback("correct", f"Right: close enough (the answer is {exact}).")
            return Feedback("incorrect", f"Not this time: you said {said}, the answer is {exact}.")
        if not self.rough:
            return Feedback("incorrect", f"Not this time: you said {said}, the answer is {exact}.")
        near = self._nearest(number)
        if near == self.right_choice:
            how = "is the choice nearest to it" if near == number else f"is nearest to the choice {near}"
            return Feedback("correct", f"Right: the answer is {exact}, and {said} {how}.")
        how = "" if near == number else f" (nearest to the choice {near})"
        return Feedback("incorrect", f"Not this time: you said {said}{how}; the answer is {exact}, nearest to the "
                                     f"choice {self.right_choice}.")

    def check(self, value=None) -> None:
        """Print the verdict on ``value`` (for a front end without widgets: ``ex.p3.check(4)``)."""
        print(self.answer(value).text)

    def __str__(self) -> str:
        label = f"Predict ({self.name})" if self.name else "Predict"
        lines = [f"{label}: {self.question}"]
        if self.choices is not None:
            lines.append("  choices: " + " | ".join(map(str, self.choices)))
        how = f"type {self.name}.check(your answer)" if self.name else "call .check(your answer)"
        lines.append(f"  (answer with the buttons in Jupyter, or {how})")
        return "\n".join(lines)

    __repr__ = __str__

    @property
    def view(self):
        """The widgets: the question, the choices (or a number box), Check, and the verdict."""
        if self._view is None:
            import ipywidgets as w

            question = w.HTML(f"<b>Predict:</b> {html.escape(self.question)}")
            if self.choices is not None:
                pick = w.ToggleButtons(options=[str(c) for c in self.choices], value=None,
                                       description="Your answer", style={"button_width": "auto"})
            else:
                pick = w.Text(placeholder="a number", description="Your answer")
            check = w.Button(description="Check", tooltip="Check my prediction")
            verdict = w.HTML(layout=w.Layout(min_height="1.5em"))

            def on_check(_=None):
                feedback = self.answer(pick.value)
                mark = {"correct": "✔", "incorrect": "✘"}.get(feedback.status, "…")
                verdict.value = f'<span role="status">{mark} {feedback.text}</span>'

            check.on_click(on_check)
            self._view = w.VBox([question, w.HBox([pick, check]), verdict],
                                layout=w.Layout(border="1px solid #bbb", padding="6px", margin="4px 0"))
            self._view.add_class("mathmaze-prediction")
        return self._view

    def _repr_mimebundle_(self, **kwargs):
        data = self.view._repr_mimebundle_(**kwargs)
        data["text/plain"] = str(self)
        return data


_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201b": "'", "\u00b4": "'", "`": "'",
                         "\u201c": '"', "\u201d": '"', "\u00ab": '"', "\u00bb": '"'})
_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
    "seventeen eighteen nineteen twenty".split())}
_NONE = {"none", "nothing", "nil"}
#: Words a learner puts around a label or a number that say nothing about which choice it is.
_FILLER = {"the", "a", "an", "of", "its", "it", "is", "by", "and", "i", "think", "guess", "my", "answer",
           "about", "roughly", "around", "approximately", "approx", "maybe", "probably", "say", "from", "in",
           "on", "that", "this"}


def _said(value) -> str:
    text = str(value).strip()
    return repr(text if len(text) <= 60 else text[:60] + "...")


def _show(number) -> str:
    """A number as a learner writes it: 14.0 as 14, no trailing zeros."""
    number = float(number)
    return str(int(number)) if number == int(number) else f"{number:g}"


def _words(value) -> list:
    """The words of a guess: lower case, curly quotes straight, "'s" and punctuation dropped, number words
    as digits."""
    text = str(value).translate(_QUOTES).lower()
    text = re.sub(r"'s\b", "", text)
    return [str(_NUMBER_WORDS.get(w, w)) for w in re.findall(r"[a-z]+|\d+(?:\.\d+)?", text)]


def _key(value) -> str:
    """A guess's words without filler ("the Top row" -> "top row"), to look up in ``also``."""
    return " ".join(w for w in _words(value) if w not in _FILLER)


def read_number(value) -> "float | int | None":
    """The number in a guess, or None: "7 moves", "about 4,000", "~400", "14.0", "4k", "seven", "none"
    and "no walls" (0); None when there is no number or more than one.

    >>> [read_number(v) for v in (7, 14.0, "7 moves", "about 4,000", "8 000", "~400?", "4k", "seven", "no walls")]
    [7, 14.0, 7, 4000, 8000, 400, 4000, 7, 0]
    >>> read_number("3 or 4") is None
    True
    """
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value if math.isfinite(value) else None
    text = str(value).translate(_QUOTES).lower().strip()
    text = re.sub(r"(?<=\d)[,_ \u202f\u2009](?=\d{3}\b)", "", text)      # 4,000 4 000 4_000
    found = re.findall(r"[-+]?\d+(?:\.\d+)?(?:\s*k\b)?", text)
    if len(found) == 1:
        digits = found[0].replace(" ", "")
        scale = 1000 if digits.endswith("k") else 1
        number = float(digits.rstrip("k")) * scale
        return int(number) if number == int(number) and "." not in digits else number
    if found:
        return None
    words = re.findall(r"[a-z]+", text)
    numbers = [_NUMBER_WORDS[w] for w in words if w in _NUMBER_WORDS] + [0 for w in words if w in _NONE]
    if re.match(r"no (walls?|cells?|moves?|routes?|paths?|solutions?|jumps?)\b", text):
        numbers.append(0)
    return numbers[0] if len(numbers) == 1 else None


def read_choice(value, choices: Sequence) -> Any:
    """The choice a guess names, or None: the choice itself in any case, with straight or curly quotes;
    only the word that tells it apart ("A" for "maze A", "0" for "row 0"); or words that only it has
    ("size" for "the maze's size").

    >>> rows = ["row 0", "row 1", "row 2"]
    >>> [read_choice(v, rows) for v in ("Row 0", "0", 0, "row zero", "row", "the first row")]
    ['row 0', 'row 0', 'row 0', 'row 0', None, None]
    >>> what = ["the maze's size", "the shortest route's length"]
    >>> [read_choice(v, what) for v in ("The maze\u2019s size", "size", "length of the shortest route", "cells")]
    ["the maze's size", "the maze's size", "the shortest route's length", None]
    """
    said = _words(value)
    if not said:
        return None
    words = {c: _words(c) for c in choices}
    common = set.intersection(*(set(w) for w in words.values())) if words else set()
    for test in (lambda c: said == words[c], lambda c: set(said) == set(words[c]) - common):
        found = [c for c in choices if test(c)]
        if len(found) == 1:
            return found[0]
    meant = set(said) - _FILLER
    found = [c for c in choices if meant and meant <= set(words[c]) and meant - common]
    return found[0] if len(found) == 1 else None


def predict(question: str, answer: Any, choices: Optional[Sequence] = None, why: str = "",
            tolerance: float = 0.0, name: str = "", also: Optional[dict] = None) -> Prediction:
    """A :class:`Prediction` (what a lesson cell calls, as the cell's last value)."""
    return Prediction(question, answer, choices, why, tolerance, name, also)
