"""Exercises for the lessons: ``check()``, ``hint()`` and ``solution()``.

Each lesson has a module of exercises (``lesson1``, ``lesson2``, ``lesson3``);
a notebook imports it with ``from mathmaze_lib.exercises import lesson1 as ex``
and runs ``ex.q1.check()``.  :mod:`.core` holds the kinds of exercise (a function to write, a value
to find, a question to think about, a challenge), :mod:`.parsons` the ordering exercise, :mod:`.predict`
the predictions and :mod:`.rules` the rules a check is made from (:mod:`.feedback` what a check says,
:mod:`.outcomes` what it keeps of each call); :mod:`mathmaze_lib.teacher.release` makes the student
notebooks from the solution notebooks. :func:`checked` lists a lesson's checked items, the one list that
the tests check and the grader grades; :func:`written` its questions to think about, which the teacher marks.
"""

from .core import NOT_ATTEMPTED, Challenge, Feedback, FunctionExercise, ThoughtExercise, ValueExercise, _Exercise
from .predict import Prediction, predict

__all__ = ["Feedback", "FunctionExercise", "ValueExercise", "ThoughtExercise", "Challenge", "NOT_ATTEMPTED",
           "Prediction", "predict", "checked", "written"]


def checked(module) -> list:
    """``[(name, exercise), ...]``: every checked item of a lesson module, in the order of its ``__all__``
    (the one list of its exercises): the functions to write, the put-in-order steps, the values and the
    checked challenges; not the questions to think about, which check nothing.

    >>> from mathmaze_lib.exercises import lesson1
    >>> [name for name, _ in checked(lesson1)]
    ['q1', 'q2', 'q3', 'q4a', 'q4', 'q5', 'c1']
    """
    return [(name, getattr(module, name)) for name in module.__all__
            if isinstance(getattr(module, name), _Exercise) and not isinstance(getattr(module, name), ThoughtExercise)]


def written(module) -> list:
    """``[(name, exercise), ...]``: the questions to think about of a lesson module, in the order of its
    ``__all__``: what the teacher marks by hand.

    >>> from mathmaze_lib.exercises import lesson2
    >>> [name for name, _ in written(lesson2)]
    ['q7']
    """
    return [(name, getattr(module, name)) for name in module.__all__
            if isinstance(getattr(module, name), ThoughtExercise)]
