"""The rules an exercise's answer must keep, as the lesson states them, and the cases each rule decides.

A lesson lists, next to each checked exercise, the rules the learner's function must keep. The
exercise carries the same list (``exercise.rules``, a list of :class:`Rule`), and each rule carries
*slips*: answers as a learner writes them that keep every other rule and break this one. A case
**decides** a rule when a slip's answer differs from the reference's there; :func:`deciding_cases`
picks, from candidate inputs given smallest first (exhaustive where inputs are small), the first
cases that decide each slip, so that the check has, for every stated rule, a case where only that
rule decides the answer. A test reads each list against the notebook's text and the cases.

Where the text leaves a form open (a route as a list or a tuple), :func:`loose_judge` accepts each
form: lists and tuples count as the same, all the way down.

>>> total = Rule("the first number counts too", lambda xs: sum(xs[1:]))
>>> deciding_cases(sum, [total], [([],), ([0, 5],), ([3],), ([3, 4],)])
[([3],)]
>>> same_form([(0, 0), (0, 1)], ((0, 0), [0, 1])), same_form([1], [True])
(True, False)
>>> loose_judge([(0, 0)], ((0, 0),), ()) is None
True
"""

from __future__ import annotations

import copy
import dataclasses
from typing import Any, Callable, Iterable, Optional, Sequence

from .core import difference, same

__all__ = ["Rule", "deciding_cases", "decides", "broken_rules", "rule_diagnose", "same_form", "loose_judge",
           "by_size"]


@dataclasses.dataclass(frozen=True)
class Rule:
    """A rule as the lesson states it (``text``, the bullet of the notebook), with answers that break
    only it (``slips``: functions with the exercise's signature, as learners write them)."""

    text: str
    slips: tuple = ()
    advice: str = ""

    def __init__(self, text: str, *slips: Callable, advice: str = ""):
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "slips", tuple(slips))
        object.__setattr__(self, "advice", advice)

    @property
    def words(self) -> str:
        """The rule as a sentence on its own (no list punctuation, no code marks)."""
        return self.text.rstrip(";.").replace("`", "")


def _answer(fn: Callable, case: tuple) -> tuple:
    try:
        return ("value", fn(*copy.deepcopy(case)))
    except Exception as exc:        # a slip may fail on a case its rule decides (an IndexError ...)
        return ("error", type(exc).__name__)


def decides(reference: Callable, slip: Callable, case: tuple,
            differ: Optional[Callable[[Any, Any], bool]] = None) -> bool:
    """True when the slip's answer on ``case`` is not the reference's (an error counts as a difference)."""
    differ = differ or (lambda expected, got: not same_form(expected, got))
    kind, got = _answer(slip, case)
    return kind == "error" or differ(reference(*copy.deepcopy(case)), got)


def deciding_cases(reference: Callable, rules: Sequence[Rule], candidates: Iterable[tuple], per_slip: int = 1,
                   differ: Optional[Callable[[Any, Any], bool]] = None) -> list:
    """For each slip of each rule, the first ``per_slip`` candidates it decides: cases where breaking that
    rule alone (the slip keeps the others) changes the answer. Give the candidates smallest first (a
    generator is read only as far as needed); each case comes once, in the order found."""
    wanted = {(i, j): per_slip for i, rule in enumerate(rules) for j, _ in enumerate(rule.slips)}
    chosen: list = []
    for case in candidates:
        if not wanted:
            break
        for key in list(wanted):
            slip = rules[key[0]].slips[key[1]]
            if decides(reference, slip, case, differ):
                wanted[key] -= 1
                if not wanted[key]:
                    del wanted[key]
                if not chosen or chosen[-1] is not case:
                    chosen.append(case)
    return chosen


def broken_rules(rules: Sequence[Rule], args: tuple, got: Any) -> list:
    """The rules with a slip whose answer on ``args`` is ``got``: the rules the learner may have broken."""
    out = []
    for rule in rules:
        for slip in rule.slips:
            kind, answer = _answer(slip, args)
            if kind == "value" and same_form(answer, got):
                out.append(rule)
                break
    return out


def rule_diagnose(rules: Sequence[Rule], more: Optional[Callable] = None) -> Callable:
    """A ``diagnose`` for :class:`~.core.FunctionExercise`: ``more`` first (an exercise's own, more
    precise words), then, when the wrong answer is what a slip gives, the rule it breaks, in the
    lesson's words (and its advice); when slips of two rules give it, both rules.

    >>> first = Rule("the first number counts too;", lambda xs: sum(xs[1:]), advice="Start the sum at xs[0].")
    >>> last = Rule("the last one too.", lambda xs: sum(xs[:-1]))
    >>> rule_diagnose([first, last])(7, 4, ([3, 4],))
    'That is the answer of a function that breaks the rule: the first number counts too. Start the sum at xs[0].'
    >>> rule_diagnose([first, last])(7, 3, ([2, 1, 2],))
    'That is the answer of a function that breaks one of the rules: the first number counts too; or the last one too.'
    """
    def diagnose(expected, got, args):
        said = more(expected, got, args) if more else None
        if said or same_form(expected, got):      # only the form differs: no rule explains that
            return said
        broken = broken_rules(rules, args, got)
        if len(broken) == 1:
            rule = broken[0]
            return (f"That is the answer of a function that breaks the rule: {rule.words}."
                    + (f" {rule.advice}" if rule.advice else ""))
        if len(broken) in (2, 3):
            return ("That is the answer of a function that breaks one of the rules: "
                    + "; or ".join(r.words for r in broken) + ".")
        return None
    return diagnose


def same_form(expected: Any, got: Any) -> bool:
    """:func:`~.core.same`, except that a list and a tuple with the same items are the same."""
    if isinstance(expected, (list, tuple)) and isinstance(got, (list, tuple)):
        return len(expected) == len(got) and all(same_form(a, b) for a, b in zip(expected, got))
    if isinstance(expected, dict) and isinstance(got, dict):
        if len(expected) != len(got) or not all(k in got for k in expected):
            return False
        keys = {type(k) for k in expected}
        return all(type(k) in keys for k in got) and all(same_form(v, got[k]) for k, v in expected.items())
    if isinstance(expected, (list, tuple, dict)) or isinstance(got, (list, tuple, dict)):
        return False
    return same(expected, got)


def _like(expected: Any, got: Any) -> Any:
    """``got`` with its lists and tuples turned into the reference's, so that a message names a real difference."""
    if isinstance(expected, (list, tuple)) and isinstance(got, (list, tuple)):
        items = [_like(e, g) for e, g in zip(expected, got)] + list(got[len(expected):])
        return type(expected)(items)
    if isinstance(expected, dict) and isinstance(got, dict):
        return {k: _like(expected[k], v) if k in expected else v for k, v in got.items()}
    return got


def loose_judge(expected: Any, got: Any, args: tuple) -> Optional[str]:
    """A judge for :class:`~.core.FunctionExercise` that accepts a list or a tuple wherever the lesson allows both."""
    if same_form(expected, got):
        return None
    return difference(expected, _like(expected, got))


def by_size(cases: list, size: Callable[[tuple], Any]) -> list:
    """The cases smallest first (stable), so that the first failing case a check shows is the smallest."""
    return sorted(cases, key=size)

