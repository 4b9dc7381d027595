"""What a check says, and how it compares: :class:`Feedback` (the one verdict of an exercise, and
the grader's), :func:`same` (compare by type and value) and :func:`difference` (point at the first
difference, in words).

>>> same([1, (2, 3)], [1, (2, 3)]), same(2, 2.0)
(True, False)
"""

from __future__ import annotations

import dataclasses
import numbers
from typing import Any

from .plain import Opaque

__all__ = ["Feedback", "same", "difference"]


_MAX_SHOWN = 120  # characters of a value shown in a message


@dataclasses.dataclass
class Feedback:
    """The answer of ``check()``: ``status`` is ``correct``, ``incorrect``, ``error``,
    ``not attempted`` or ``no check``, and ``text`` says it in words.

    ``check()`` prints the text; ``evaluate()`` returns the Feedback for tests and teachers.
    ``right`` of ``total`` cases were right; ``borrowed`` names the earlier exercises (``uses``)
    that are wrong but whose reference versions make this one right.
    """

    status: str
    text: str
    right: int = 0            # cases answered right (the grader's --partial counts them)
    total: int = 0            # cases judged
    borrowed: tuple = ()      # earlier exercises whose reference versions made this one right

    @property
    def correct(self) -> bool:
        """True when the answer was judged right."""
        return self.status == "correct"

    def __bool__(self) -> bool:
        return self.correct

    def __str__(self) -> str:
        return self.text

    def points(self, partial: bool = False) -> float:
        """The grader's mark: 1 when right; with ``partial`` the share of cases right (two places),
        else 0.

        >>> Feedback("incorrect", "", 3, 4).points(), Feedback("incorrect", "", 3, 4).points(partial=True)
        (0, 0.75)
        """
        if self.correct:
            return 1
        if not (partial and self.total):
            return 0
        share = round(self.right / self.total, 2)
        return int(share) if share == int(share) else share


def _short(value: Any, limit: int = _MAX_SHOWN) -> str:
    """``repr`` cut to ``limit`` characters; never raises (a learner's ``__repr__`` may)."""
    try:
        text = repr(value)
    except BaseException:  # noqa: B036 - a learner's broken __repr__
        return f"<a {type(value).__name__} that cannot be shown>"
    return text if len(text) <= limit else text[:limit] + " ..."


def _is_int(x) -> bool:
    return isinstance(x, numbers.Integral) and not isinstance(x, bool) and (
        type(x) is int or type(x).__module__ == "numpy")


def same(expected: Any, got: Any) -> bool:
    """True when ``got`` is the reference answer ``expected``: the same type (an int may be any
    integer type, a bool must be a bool) and the same value, all the way down. The reference's
    type decides equality, so an object whose ``__eq__`` always says True is not taken.

    >>> same([1, (2, 3)], [1, (2, 3)]), same([1], (1,)), same(True, 1), same({1: [2]}, {1: [2]})
    (True, False, False, True)
    """
    if _is_int(expected) and _is_int(got):
        return int(expected) == int(got)
    if type(expected) is not type(got):
        return False
    if isinstance(expected, (list, tuple)):
        return len(expected) == len(got) and all(same(a, b) for a, b in zip(expected, got))
    if isinstance(expected, dict):
        if len(expected) != len(got):
            return False
        keys = {type(k) for k in expected}
        if not all(type(k) in keys for k in got):
            return False
        return all(k in got and same(v, got[k]) for k, v in expected.items())
    if isinstance(expected, (set, frozenset)):
        kinds = {type(k) for k in expected}
        return len(expected) == len(got) and all(type(k) in kinds for k in got) and expected == got
    return bool(expected == got)


def _kind(value: Any) -> str:
    if isinstance(value, Opaque):
        return f"a {value.type_name}"
    if value is None:
        return "None"
    if isinstance(value, bool):
        return "a bool (True or False)"
    if _is_int(value):
        return "a whole number"
    return f"a {type(value).__name__}"


def difference(expected: Any, got: Any, what: str = "returned") -> str:
    """Where ``got`` first differs from ``expected``, in words (for "Not quite: <input> <this>").

    >>> difference({(0, 0): 0, (0, 1): 1, (1, 1): 2}, {(0, 0): 0, (0, 1): 3, (1, 1): 2})
    'returned a dict that differs at key (0, 1): the answer has 1, yours has 3.'
    >>> difference([1, 2, 3], [1, 2])
    'returned a list of 2 items, but the answer has 3: [1, 2, 3].'
    """
    if not _is_int(expected) or not _is_int(got):
        if type(expected) is not type(got) or isinstance(got, Opaque):
            return (f"{what} {_short(got)} ({_kind(got)}), but the answer is "
                    f"{_short(expected)} ({_kind(expected)}).")
    if isinstance(expected, dict):
        missing = [k for k in expected if k not in got]
        extra = [k for k in got if k not in expected]
        if missing:
            return (f"{what} a dict with no entry for {_short(missing[0])} ({len(missing)} key(s) missing); "
                    f"the answer has {_short(missing[0])}: {_short(expected[missing[0]])}.")
        if extra:
            return (f"{what} a dict with an entry for {_short(extra[0])}, which the answer does not have "
                    f"({len(extra)} extra key(s)).")
        for k, v in expected.items():
            if not same(v, got[k]):
                return (f"{what} a dict that differs at key {_short(k)}: the answer has {_short(v)}, "
                        f"yours has {_short(got[k])}.")
    if isinstance(expected, (list, tuple)):
        kind = type(expected).__name__
        for i, (a, b) in enumerate(zip(expected, got)):
            if not same(a, b):
                return (f"{what} a {kind} that differs at position {i}: the answer has {_short(a)}, "
                        f"yours has {_short(b)}.")
        if len(got) != len(expected):
            return (f"{what} a {kind} of {len(got)} items, but the answer has {len(expected)}: "
                    f"{_short(expected)}.")
    return f"{what} {_short(got)}, but the answer is {_short(expected)}."
