"""Predict, then run: a small question to answer *before* the cell that reveals the answer.

A lesson asks "How many cells will BFS take from the queue before it reaches G?" just
above the cell that shows it. The learner picks a choice (or types a number), presses
*Check*, and sees whether they were right and why. Nothing waits for the answer: Run All
goes straight on, and an unanswered prediction just sits there. Where widgets cannot be
shown (a plain terminal, a static page), the question and its choices show as text, and
the prediction's ``name`` says how to answer it there: ``ex.p3.check(4)``.

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
>>> print(Prediction("Roughly how many?", answer=1682, tolerance=0.2).answer(1500))
Right: close enough (the answer is 1682).
>>> print(Prediction("About how many?", answer=7978, choices=[30, 300, 8000]).answer(8000))
Right: close enough (the answer is 7978).
>>> print(p)
Predict (ex.p9): How many moves from (0, 0) to (2, 2) on an open grid?
  choices: 2 | 4 | 8
  (answer with the buttons in Jupyter, or type ex.p9.check(your answer))
"""

from __future__ import annotations

import html
import math
from typing import Any, Optional, Sequence

from .core import Feedback

__all__ = ["Prediction", "predict"]


class Prediction:
    """A question with one right answer: a choice from ``choices``, or a number (``tolerance``:
    the relative error still counted right, e.g. 0.2 for "within 20%"). ``why`` explains the answer.

    ``answer`` is the value, or a function that computes it (called once, when first needed: a
    lesson's predictions compute their answers from the lesson's puzzles, so no answer is written
    where a learner reads before guessing). ``name`` is how a learner reaches the prediction in
    code (``"ex.p3"``), shown with the question for front ends without widgets.
    """

    def __init__(self, question: str, answer: Any, choices: Optional[Sequence] = None, why: str = "",
                 tolerance: float = 0.0, name: str = ""):
        if tolerance < 0:
            raise ValueError(f"prediction {question!r}: tolerance must be >= 0, not {tolerance}")
        self.question, self.why, self.name = question, why, name
        self.choices = list(choices) if choices is not None else None
        self.tolerance = tolerance
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

    def _right(self, value) -> bool:
        answer = self.solution
        if self.choices is not None or not isinstance(answer, (int, float)):
            return str(value).strip() == str(self.right_choice)
        try:
            number = float(value)
        except (TypeError, ValueError):
            return False
        return abs(number - answer) <= self.tolerance * abs(answer)

    def answer(self, value) -> Feedback:
        """The verdict on a prediction (also shown under the widget); ``str()`` gives the text."""
        why = f" {self.why}" if self.why else ""
        if value is None or str(value).strip() == "":
            verdict = Feedback("not attempted", "Make a prediction first: pick an answer, then press Check.")
        elif self._right(value):
            answer = self.solution
            exact = (self.choices is not None and self.right_choice == answer) or \
                (self.choices is None and self.tolerance == 0)
            verdict = Feedback("correct", f"Right: {answer}.{why}" if exact
                               else f"Right: close enough (the answer is {answer}).{why}")
        else:
            verdict = Feedback("incorrect", f"Not this time: you said {value}, the answer is {self.solution}.{why}")
        self.given = verdict
        return verdict

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


def predict(question: str, answer: Any, choices: Optional[Sequence] = None, why: str = "",
            tolerance: float = 0.0, name: str = "") -> Prediction:
    """A :class:`Prediction` (what a lesson cell calls, as the cell's last value)."""
    return Prediction(question, answer, choices, why, tolerance, name)
