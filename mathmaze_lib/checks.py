"""Shared argument checks: one rule per kind of value, one wording for every refusal.

Each check returns the value when it keeps the rule and otherwise raises ``ValueError`` with
the message ``"<what> <value>: must be <rule>"``, which names the place (``what``: an argument,
an option, a field), the value given and the rule it breaks. A bool is never a number here:
``True`` is not a count of anything a learner or a teacher means.

>>> whole(3, "restarts", low=1)
3
>>> whole(True, "restarts", low=1)
Traceback (most recent call last):
...
ValueError: restarts True: must be a whole number >= 1
"""

import math
from typing import Optional


def _bounds(low, high, above=None) -> str:
    if above is not None and high is not None:
        return f" > {above} and <= {high}"
    if above is not None:
        return f" > {above}"
    if low is not None and high is not None:
        return f" from {low} to {high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""


def _refuse(what: str, value, rule: str, note: Optional[str]):
    raise ValueError(f"{what} {value!r}: must be {rule}" + (f" ({note})" if note else ""))


def whole(value, what: str, low: Optional[int] = None, high: Optional[int] = None, *,
          note: Optional[str] = None) -> int:
    """``value`` if it is an int (not a bool) from ``low`` to ``high`` (each inclusive, None: no bound).

    >>> whole(12, "--per-page", 1, 12)
    12
    >>> whole(13, "--per-page", 1, 12)
    Traceback (most recent call last):
    ...
    ValueError: --per-page 13: must be a whole number from 1 to 12
    >>> whole(2.0, "workers", low=1)
    Traceback (most recent call last):
    ...
    ValueError: workers 2.0: must be a whole number >= 1
    >>> whole(None, "max_iters", low=1, note="or None for no limit")
    Traceback (most recent call last):
    ...
    ValueError: max_iters None: must be a whole number >= 1 (or None for no limit)
    """
    if (isinstance(value, bool) or not isinstance(value, int)
            or (low is not None and value < low) or (high is not None and value > high)):
        _refuse(what, value, "a whole number" + _bounds(low, high), note)
    return value


def number(value, what: str, low: Optional[float] = None, high: Optional[float] = None, *,
           above: Optional[float] = None, note: Optional[str] = None) -> float:
    """``value`` as a float if it is a finite int or float (not a bool) from ``low`` to ``high``
    (inclusive) or, with ``above``, strictly greater than ``above``.

    >>> number(0.5, "explore", 0, 1)
    0.5
    >>> number(1.5, "explore", 0, 1)
    Traceback (most recent call last):
    ...
    ValueError: explore 1.5: must be a finite number from 0 to 1
    >>> number(0, "off_route", above=0, high=1)
    Traceback (most recent call last):
    ...
    ValueError: off_route 0: must be a finite number > 0 and <= 1
    >>> number(float("inf"), "weight", low=0)
    Traceback (most recent call last):
    ...
    ValueError: weight inf: must be a finite number >= 0
    """
    if (isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value)
            or (low is not None and value < low) or (high is not None and value > high)
            or (above is not None and value <= above)):
        _refuse(what, value, "a finite number" + _bounds(low, high, above), note)
    return float(value)


def puzzle_id(value, what: str = "puzzle id") -> int:
    """A puzzle, maze or level id: a whole number >= 0 (the seed of its generator).

    >>> puzzle_id(7)
    7
    >>> puzzle_id(-1, "maze id")
    Traceback (most recent call last):
    ...
    ValueError: maze id -1: must be a whole number >= 0
    """
    return whole(value, what, low=0)


def seconds(value, what: str = "seconds", *, note: Optional[str] = None) -> float:
    """A time limit: a finite number of seconds > 0.

    >>> seconds(2)
    2.0
    >>> seconds(0, note="or None for no limit")
    Traceback (most recent call last):
    ...
    ValueError: seconds 0: must be a finite number > 0 (or None for no limit)
    """
    return number(value, what, above=0, note=note)


def temperature(value, what: str = "temperature") -> float:
    """An annealing temperature: a finite number > 0 (the one rule for every annealer).

    >>> temperature(0.5, "t_end")
    0.5
    >>> temperature(0, "t_start")
    Traceback (most recent call last):
    ...
    ValueError: t_start 0: must be a finite number > 0
    """
    return number(value, what, above=0)
