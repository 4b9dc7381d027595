"""Exercises for the lessons: ``check()``, ``hint()`` and ``solution()``.

Each lesson has a module of exercises (``lesson1``, ``lesson2``, ``lesson3``);
a notebook imports it with ``from mathmaze_lib.exercises import lesson1 as ex``
and runs ``ex.q1.check()``.  :mod:`.core` holds the kinds of exercise (a function to write, a value
to find, a question to think about, a challenge), :mod:`.parsons` the ordering exercise, :mod:`.predict`
the predictions and :mod:`.rules` the rules a check is made from (:mod:`.feedback` what a check says,
:mod:`.outcomes` what it keeps of each call); :mod:`mathmaze_lib.teacher.release` makes the student
notebooks from the solution notebooks.
"""

from .core import NOT_ATTEMPTED, Challenge, Feedback, FunctionExercise, ThoughtExercise, ValueExercise, checked
from .predict import Prediction, predict

__all__ = ["Feedback", "FunctionExercise", "ValueExercise", "ThoughtExercise", "Challenge", "NOT_ATTEMPTED",
           "Prediction", "predict", "checked"]
