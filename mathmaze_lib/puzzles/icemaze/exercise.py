"""The ice maze's checked exercise, at the end of lesson 2 (``ex.q7``): ``ice_stops(grid, cell)``, the
stopping cells one slide away.  Its rules are the ones the lesson's text lists, each with a slip (an
answer that breaks only it), and its cases include, smallest first, the small grids each slip gets
wrong (:mod:`mathmaze_lib.exercises.rules`)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ...exercises.core import FunctionExercise
from ...exercises.rules import Rule, by_size, deciding_cases, loose_judge, rule_diagnose
from .rules import IceMaze, slide, successors
from .solving import solve

__all__ = ["ice_stops", "q7", "RULES"]

_ORTHO = [(-1, 0), (0, 1), (1, 0), (0, -1)]


def _maze(grid) -> IceMaze:
    rocks = frozenset((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "#")
    return IceMaze(len(grid), len(grid[0]), rocks, (0, 0), (0, 0))


def ice_stops(grid, cell):
    """The cells one slide from ``cell`` stops on, up, right, down, left (``grid``: rows of ``#`` and ``.``)."""
    return successors(_maze(grid))(tuple(cell))


def _stops_but(skip: str):
    """ice_stops with one rule left out, as a learner who forgets it writes it."""
    def ice_stops(grid, cell):
        rows, cols = len(grid), len(grid[0])
        out = []
        for dr, dc in ([(0, 1), (1, 0), (0, -1), (-1, 0)] if skip == "order" else _ORTHO):
            r, c = cell
            while True:
                nr, nc = r + dr, c + dc
                off = not (0 <= nr < rows and 0 <= nc < cols)
                if off and skip == "edge":
                    r, c = nr, nc
                    break
                if off or grid[nr][nc] == "#":
                    if not off and skip == "rock":
                        r, c = nr, nc
                    break
                r, c = nr, nc
                if skip == "one":
                    break
            if skip == "still" or (r, c) != tuple(cell):
                out.append((r, c))
        return out
    return ice_stops


RULES = [
    Rule("a slide goes up, right, down or left: list the stops in that order;", _stops_but("order")),
    Rule("you slide on while the next cell is ice, and stop on the last ice cell before a rock or the edge;",
         _stops_but("one"), advice="Keep moving in the same direction until the next cell is not ice."),
    Rule("a rock stops you on the ice before it: you never stop on a rock;", _stops_but("rock")),
    Rule("the edge stops you too: you never leave the board;", _stops_but("edge")),
    Rule("a slide that cannot move (a rock or the edge right next to you) is no move: leave it out.",
         _stops_but("still")),
]


def _candidates():
    """Every cell of every small grid of ice and rocks, smallest first."""
    for rows, cols in [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1), (2, 3), (3, 3)]:
        for rocks in product(".#", repeat=rows * cols):
            grid = ["".join(rocks[r * cols:(r + 1) * cols]) for r in range(rows)]
            for cell in product(range(rows), range(cols)):
                if grid[cell[0]][cell[1]] != "#":
                    yield grid, cell


@lru_cache(maxsize=None)
def _deciding() -> tuple:
    return tuple(deciding_cases(ice_stops, RULES, _candidates(), per_slip=2))


def _cases(rng):
    cases = list(_deciding())
    for _ in range(30):
        rows, cols = rng.randint(1, 7), rng.randint(1, 7)
        grid = ["".join("#" if rng.random() < 0.25 else "." for _ in range(cols)) for _ in range(rows)]
        ice = [(r, c) for r in range(rows) for c in range(cols) if grid[r][c] == "."]
        if ice:
            cases.append((grid, rng.choice(ice)))
    return by_size(cases, _size)


def _size(case) -> int:
    return len(case[0]) * len(case[0][0])


def _diagnose(expected, got, args):
    if isinstance(got, (list, tuple)) and sorted(map(repr, got)) == sorted(map(repr, expected)):
        return "The right stops in the wrong order: up, right, down, left."
    return None


q7 = FunctionExercise(
    "ice_stops", reference=ice_stops, cases=_cases, diagnose=rule_diagnose(RULES, _diagnose), judge=loose_judge,
    describe=lambda args: f"ice_stops(grid, {args[1]}) on the grid\n" + "\n".join(args[0]) + "\n ",
    forbidden=[successors, slide, solve],
    method="Slide in each direction yourself: step while the next cell is on the board and not a rock.",
    hints=["For each direction (up, right, down, left) start at the cell and step while the next cell is on "
           "the board and not '#'. Where you end is a stop.",
           "Leave a direction out when you did not move at all: it is no slide."])
q7.rules, q7.case_size = RULES, _size
