"""Predict, then run: a small question to answer *before* the cell that reveals the answer.

A lesson asks "How many cells will BFS take from the queue before it reaches G?" just
above the cell that shows it. The learner picks a choice (or types a number), presses
*Check*, and sees whether they were right and why. Nothing waits for the answer: Run All
goes straight on, and an unanswered prediction just sits there. Where widgets cannot be
shown (a plain terminal, a static page), the question and its choices show as text.

>>> p = Prediction("How many moves from (0, 0) to (2, 2) on an open grid?", answer=4,
...                choices=[2, 4, 8], why="Two down and two right; no route is shorter.")
>>> print(p.answer(4))
Right: 4. Two down and two right; no route is shorter.
>>> print(p.answer(8))
Not this time: you said 8, the answer is 4. Two down and two right; no route is shorter.
>>> print(Prediction("Roughly how many?", answer=1682, tolerance=0.2).answer(1500))
Right: close enough (the answer is 1682).
>>> print(Prediction("About how many?", answer=7978, choices=[30, 300, 8000]).answer(8000))
Right: close enough (the answer is 7978).
>>> print(p)
Predict: How many moves from (0, 0) to (2, 2) on an open grid?
  choices: 2 | 4 | 8
  (run the notebook in Jupyter to answer here, or call .answer(...))
"""

from __future__ import annotations

import math
from typing import Any, Optional, Sequence

from .core import Feedback

__all__ = ["Prediction", "predict"]


class Prediction:
    """A question with one right answer: a choice from ``choices``, or a number (``tolerance``:
    the relative error still counted right, e.g. 0.2 for "within 20%"). ``why`` explains the answer."""

    def __init__(self, question: str, answer: Any, choices: Optional[Sequence] = None, why: str = "",
                 tolerance: float = 0.0):
        numeric = choices is not None and all(isinstance(c, (int, float)) for c in list(choices) + [answer])
        if choices is not None and answer not in list(choices) and not numeric:
            raise ValueError(f"prediction {question!r}: the answer {answer!r} is not one of the choices")
        if tolerance < 0:
            raise ValueError(f"prediction {question!r}: tolerance must be >= 0, not {tolerance}")
        self.question, self._answer, self.why = question, answer, why
        self.choices = list(choices) if choices is not None else None
        # numeric choices stand for "about this many": the right one is the nearest (by ratio)
        self.right_choice = answer
        if numeric and answer not in self.choices:
            self.right_choice = min(self.choices, key=lambda c: abs(math.log((abs(c) + 1) / (abs(answer) + 1))))
        self.tolerance = tolerance
        self.given: Optional[Feedback] = None
        self._view = None

    def _right(self, value) -> bool:
        if self.choices is not None or not isinstance(self._answer, (int, float)):
            return str(value).strip() == str(self.right_choice)
        try:
            number = float(value)
        except (TypeError, ValueError):
            return False
        return abs(number - self._answer) <= self.tolerance * abs(self._answer)

    def answer(self, value) -> Feedback:
        """The verdict on a prediction (also shown under the widget); ``str()`` gives the text."""
        why = f" {self.why}" if self.why else ""
        if value is None or str(value).strip() == "":
            verdict = Feedback("not attempted", "Make a prediction first: pick an answer, then press Check.")
        elif self._right(value):
            exact = (self.choices is not None and self.right_choice == self._answer) or \
                (self.choices is None and self.tolerance == 0)
            verdict = Feedback("correct", f"Right: {self._answer}.{why}" if exact
                               else f"Right: close enough (the answer is {self._answer}).{why}")
        else:
            verdict = Feedback("incorrect", f"Not this time: you said {value}, the answer is {self._answer}.{why}")
        self.given = verdict
        return verdict

    def __str__(self) -> str:
        lines = [f"Predict: {self.question}"]
        if self.choices is not None:
            lines.append("  choices: " + " | ".join(map(str, self.choices)))
        lines.append("  (run the notebook in Jupyter to answer here, or call .answer(...))")
        return "\n".join(lines)

    __repr__ = __str__

    @property
    def view(self):
        """The widgets: the question, the choices (or a number box), Check, and the verdict."""
        if self._view is None:
            import ipywidgets as w

            question = w.HTML(f"<b>Predict:</b> {self.question}")
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
            tolerance: float = 0.0) -> Prediction:
    """A :class:`Prediction` (what a lesson cell calls, as the cell's last value)."""
    return Prediction(question, answer, choices, why, tolerance)
