"""Benchmarks: ``make bench`` (``python -m benchmarks``) prints one table.

Each ``bench_*.py`` module here defines ``run()``, which returns a list of
:class:`Row`.  Timings are medians of repeated runs (:func:`median_ms`).
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass
from typing import Callable, Optional


@dataclass
class Row:
    """One line of the table: what was measured, the value, its unit and the goal.

    ``ok`` is True/False when there is a goal to meet (None when the row only
    informs, for example a comparison or a growth curve).
    """

    lesson: str
    what: str
    value: float
    unit: str
    goal: str = ""
    ok: Optional[bool] = None
    note: str = ""


def median_ms(fn: Callable[[], object], repeat: int = 15, number: int = 1) -> float:
    """Median wall time of ``fn()`` in milliseconds over ``repeat`` runs of ``number`` calls."""
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - t0) * 1000 / number)
    return statistics.median(times)
