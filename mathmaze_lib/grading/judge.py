"""The judge, in the grader's own process: it turns what a worker sent back into marks and feedback.

For each checked item of the lesson (a function, a value, a put-in-order step, a checked challenge) an
:class:`ExercisePlan` (made once for the whole class) holds the inputs (the cases ``check()`` shows and
hidden cases drawn from the grader's seed), their plain-data form for the worker, and the reference
answers, computed once and shared by every submission. :meth:`ExercisePlan.verdict` decodes a worker's
reply (plain data only, see :mod:`mathmaze_lib.exercises.plain`) and judges it with the exercise's own
:meth:`~mathmaze_lib.exercises.core.FunctionExercise.judge_outcomes`, so the feedback is the
lesson's, word for word. An answer that is a value (a put-in-order step's letters, a challenge's board)
is judged here by the exercise itself: the function a put-in-order step's letters make runs here, built
from the lesson's own lines only. Nothing the learner's process sends can do more than claim answers:
a reply that is not plain data of the right shape is an error for that exercise only.
"""

from __future__ import annotations

import json
from typing import Optional

from ..exercises import plain
from ..exercises.core import Challenge, Feedback, FunctionExercise, ValueExercise, outcome_of
from ..exercises.guard import call as guarded
from ..exercises.parsons import Parsons

__all__ = ["ExercisePlan", "JUDGE_SECONDS"]

#: Longest the judge may spend on one submission's exercise (on data a hostile worker made up).
JUDGE_SECONDS = 60.0


class ExercisePlan:
    """What the grader asks a worker about one exercise, and how it judges the reply."""

    def __init__(self, attr: str, q, seed: int):
        self.attr, self.q, self.seed = attr, q, seed
        self.function = isinstance(q, FunctionExercise)
        self.batches = []
        if self.function:
            for hidden in (False, seed):
                calls = q.calls(hidden)
                encoded = plain.encode(calls)
                if '"$opaque"' in json.dumps(encoded):
                    raise ValueError(f"{q.name}: a case holds a value that cannot be sent to the grader's worker "
                                     f"as plain data (register its class with exercises.plain.register)")
                self.batches.append({"calls": calls, "plain": encoded, "expected": []})

    def request(self, references: bool = False) -> dict:
        """The worker's request for this exercise (``references``: with the reference versions of the
        earlier exercises it uses)."""
        if not self.function:
            return {"op": "value", "q": self.attr}
        return {"op": "answers", "q": self.attr, "references": references,
                "batches": [{"calls": b["plain"], "seconds": self.q.seconds} for b in self.batches]}

    def verdict(self, reply: dict) -> Feedback:
        """Judge a worker's reply (under :data:`JUDGE_SECONDS`); never raises."""
        outcome = guarded(self._judge, (reply,), seconds=JUDGE_SECONDS, memory_mb=2000)
        if outcome.kind == "value":
            return outcome.value
        if outcome.kind == "error" and outcome.error_type == "PlainError":
            why = outcome.error
        else:
            why = outcome.error or f"it took too long ({outcome.kind})"
        return Feedback("error", f"{self.q.name} could not be checked: the notebook's process sent back "
                                f"answers that cannot be read ({why[:200]}).")

    def _judge(self, reply: dict) -> Feedback:
        if not isinstance(reply, dict) or not isinstance(reply.get("facts"), dict):
            raise plain.PlainError("a reply without the facts about the answer")
        facts = dict(reply["facts"])
        if "value" in facts:
            facts["value"] = plain.decode(facts["value"])
        if not self.function:
            value = facts.get("value") if facts.get("missing") is False else None
            shown = self.q.evaluate(value)
            if not isinstance(self.q, Parsons) or not shown.correct:
                return shown
            # a put-in-order step: the function its letters make, on the hidden cases too
            hidden = self.q.evaluate(value, hidden=self.seed)
            return self._with_hidden(shown, hidden)
        early = self.q.first_look(facts)
        if early is not None:
            return early
        library = facts.get("library")
        if isinstance(library, str) and library:
            return Feedback("incorrect", f"{self.q.name} is the library's own {library[:120]}, not code you wrote.")
        batches = reply.get("batches")
        if not isinstance(batches, list) or len(batches) != len(self.batches) or \
                not all(isinstance(b, list) and len(b) <= len(p["calls"]) for b, p in zip(batches, self.batches)):
            raise plain.PlainError("a reply whose batches do not match the request")
        shown, hidden = [self.q.judge_outcomes(p["calls"], [outcome_of(o) for o in b], expected=p["expected"],
                                               first_only=False) for b, p in zip(batches, self.batches)]
        if not shown.correct:
            return Feedback(shown.status, shown.text, shown.right + hidden.right, shown.total + hidden.total)
        return self._with_hidden(shown, hidden)

    @staticmethod
    def _with_hidden(shown: Feedback, hidden: Feedback) -> Feedback:
        """The verdict of an answer right on check()'s cases, on the hidden cases too."""
        right, total = shown.right + hidden.right, shown.total + hidden.total
        if hidden.correct:
            return Feedback("correct", f"{shown.text} It also agrees on {hidden.total} hidden cases.", right, total)
        return Feedback(hidden.status, f"{shown.text} But on the hidden cases (ones check() never showed): "
                                      f"{hidden.text}", right, total)

    def borrowed(self, first: Feedback, again: Feedback, wrong: list) -> Feedback:
        """The verdict when the answer is right only with the reference versions of ``wrong``."""
        if again.status != "correct":
            return first
        text = self.q.borrowed(Feedback("correct", "", total=again.total), wrong).text
        return Feedback("correct", text, again.right, again.total, tuple(q.name for q in wrong))

    def wrong_uses(self, verdicts: dict) -> list:
        """The earlier exercises this one uses that this submission got wrong (by ``verdicts``)."""
        if not self.function or not self.q.uses:
            return []
        by_name = {v_attr: v for v_attr, v in verdicts.items()}
        out = []
        for used in self.q.uses:
            verdict: Optional[Feedback] = by_name.get(used.attr)
            if verdict is not None and verdict.status != "correct":
                out.append(used)
        return out


def plan_for(lesson_exercises: list, seed: int) -> list:
    """One :class:`ExercisePlan` per graded exercise (``[(attr, exercise), ...]``): a function to write, a
    value, a put-in-order step or a checked challenge."""
    return [ExercisePlan(attr, q, seed) for attr, q in lesson_exercises
            if isinstance(q, (FunctionExercise, ValueExercise, Parsons, Challenge))]
