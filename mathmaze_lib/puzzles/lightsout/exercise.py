"""Lights Out's checked exercise, for lesson 2's going-further section on states beyond the cell
(``ex.q8``): ``press(lights, cell, rows, cols)``, the lights after one press, as a frozenset, so that
breadth-first search can keep every board it met.  Its rules are the ones the section lists, each with
a slip (an answer that breaks only it), and its cases include, smallest first, the small boards each
slip gets wrong (:mod:`mathmaze_lib.exercises.rules`).

>>> q8.evaluate(lambda lights, cell, rows, cols: frozenset(lights) ^ {cell}).text.splitlines()[-1]
'  That is the answer of a function that breaks the rule: so do its neighbours up, right, down and left, and no other cell (not the diagonal ones).'
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ...exercises.core import FunctionExercise
from ...exercises.rules import Rule, by_size, deciding_cases, rule_diagnose
from .rules import LightsOut, lights_after, plus, press as _press, successors

__all__ = ["press", "q8", "RULES"]

_FOUR = [(-1, 0), (0, 1), (1, 0), (0, -1)]


def press(lights, cell, rows, cols):
    """The lights after pressing ``cell`` on a ``rows`` x ``cols`` board whose lit cells are ``lights``."""
    return _press(LightsOut(rows, cols, frozenset(lights)), frozenset(lights), cell)


def _press_but(skip: str):
    """press with one rule left out, as a learner who forgets it writes it."""
    def press(lights, cell, rows, cols):
        r, c = cell
        steps = _FOUR + ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if skip == "diagonal" else [])
        switched = [] if skip == "self" else [(r, c)]
        if skip != "neighbours":
            switched += [(r + dr, c + dc) for dr, dc in steps]
        on = set(lights)
        for cell_ in switched:
            if skip != "edge" and not (0 <= cell_[0] < rows and 0 <= cell_[1] < cols):
                continue
            if cell_ in on and not (skip == "on" and cell_ != (r, c)):
                on.discard(cell_)
            else:
                on.add(cell_)
        return on if skip == "set" else frozenset(on)
    return press


RULES = [
    Rule("the pressed cell switches: on goes off, off comes on;", _press_but("self")),
    Rule("so do its neighbours up, right, down and left, and no other cell (not the diagonal ones);",
         _press_but("neighbours"), _press_but("diagonal")),
    Rule("a neighbour that is on goes off too: every switched cell changes;", _press_but("on"),
         advice="Switch with a symmetric difference (lights ^ cells) or test each cell: in lights, take it "
                "out; not in lights, put it in."),
    Rule("a neighbour off the board is no cell: leave it out;", _press_but("edge")),
    Rule("return a new frozenset of the cells that are on; leave `lights` as it is.", _press_but("set"),
         advice="A breadth-first search keeps every state it met as a key of a dict, and a set cannot be one: "
                "return frozenset(...)."),
]


def _candidates():
    """Every cell of every small board, with every set of lit cells, smallest first."""
    for rows, cols in [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1), (2, 3), (3, 2), (3, 3)]:
        cells = list(product(range(rows), range(cols)))
        for on in product((False, True), repeat=len(cells)):
            lights = frozenset(cell for cell, lit in zip(cells, on) if lit)
            for cell in cells:
                yield lights, cell, rows, cols


@lru_cache(maxsize=None)
def _deciding() -> tuple:
    return tuple(deciding_cases(press, RULES, _candidates(), per_slip=2))


def _size(case) -> int:
    return case[2] * case[3]


def _cases(rng):
    cases = list(_deciding())
    for _ in range(30):
        rows, cols = rng.randint(1, 6), rng.randint(1, 6)
        cells = list(product(range(rows), range(cols)))
        lights = frozenset(cell for cell in cells if rng.random() < 0.4)
        cases.append((lights, rng.choice(cells), rows, cols))
    return by_size(cases, _size)


def _describe(args) -> str:
    lights, cell, rows, cols = args
    board = "\n".join("".join("*" if (r, c) in lights else "." for c in range(cols)) for r in range(rows))
    return f"press(lights, {cell}, {rows}, {cols}) with the lights on at * on the board\n{board}\n "


q8 = FunctionExercise(
    "press", reference=press, cases=_cases, diagnose=rule_diagnose(RULES), describe=_describe,
    forbidden=[_press, plus, lights_after, successors],
    method="Switch the cell and its neighbours yourself: the cells on the board one step up, right, down or "
           "left, and the cell itself.",
    hints=["List the cells that switch: (r, c) and (r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1), keeping those "
           "with 0 <= row < rows and 0 <= column < cols.",
           "Start from a set copy of lights; for each cell that switches, remove it if it is on, add it if it is "
           "off. Return frozenset(that set)."])
q8.rules, q8.case_size = RULES, _size
