"""``ex.hand_in()``: a lesson's hand-in, as the lesson modules offer it (the work is done by
:func:`mathmaze_lib.teacher.handin.hand_in`; this prints what it did, in the learner's words)."""

from __future__ import annotations

import sys
from typing import Callable


def hand_in_for(lesson: int) -> Callable:
    """The ``hand_in`` function of lesson ``lesson``'s module (``ex.hand_in()`` in the notebook)."""

    def hand_in(notebook=None) -> None:
        """Hand in this lesson: a copy of the notebook as last saved goes where your teacher collects it
        (save first: Ctrl+S). Run it again to hand in again; the last hand-in before the deadline counts.
        ``notebook``: the path of another copy to hand in instead of this one."""
        from ..grading.marks import graded_exercises
        from ..teacher.handin import HandInError, hand_in as copy_in

        namespace = sys._getframe(1).f_globals
        names = [q.name for _, q in graded_exercises(lesson)]
        try:
            receipt = copy_in(lesson, notebook, namespace=namespace, names=names)
        except HandInError as err:
            print(f"Not handed in: {err}")
            return
        print("\n".join(receipt.lines()))

    hand_in.__qualname__ = "hand_in"
    return hand_in
