"""The ice maze's checked exercise, at the end of lesson 2 (``ex.q6``): ``ice_stops(grid, cell)``, the
stopping cells one slide away.  Its rules are the ones the lesson's text lists, each with a slip (an
answer that breaks only it), and its cases include, smallest first, the small grids each slip gets
wrong (:mod:`mathmaze_lib.exercises.rules`)."""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from ... import search
from ...exercises.core import FunctionExercise
from ...exercises.rules import Rule, by_size, deciding_cases, loose_judge, rule_diagnose
from .rules import IceMaze, slide, successors
from .solving import solve

__all__ = ["ice_stops", "q7", "RULES"]

_ORTHO = [(-1, 0), (0, 1), (1, 0), (0, -1)]


#: Only this letter is a rock: the start ``s``, the goal ``g`` and any other letter are ice.
ROCK = "#"


def _maze(grid) -> IceMaze:
    rocks = frozenset((r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch == "#")
    return IceMaze(len(grid), len(grid[0]), rocks, (0, 0), (0, 0))


def ice_stops(grid, cell):
    """The cells one slide from ``cell`` stops on, up, right, down, left (``grid``: rows of ``#`` and ``.``)."""
    return successors(_maze(grid))(tuple(cell))


def _stops_but(skip: str):
    """ice_stops with one rule left out, as a learner who forgets it writes it (``letters``: only ``.`` is
    ice; ``goal``: the goal letter stops a slide)."""
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
                if off or (grid[nr][nc] != "." if skip == "letters" else grid[nr][nc] == ROCK):
                    if not off and skip == "rock":
                        r, c = nr, nc
                    break
                r, c = nr, nc
                if skip == "one" or skip == "goal" and grid[r][c] in "gG":
                    break
            if skip == "still" or (r, c) != tuple(cell):
                out.append((r, c))
        return out
    return ice_stops


RULES = [
    Rule("a slide goes up, right, down or left: list the stops in that order;", _stops_but("order")),
    Rule("you slide on while the next cell is ice, and stop on the last ice cell before a rock or the edge;",
         _stops_but("one"), _stops_but("letters"), _stops_but("goal"),
         advice="Keep moving in the same direction until the next cell is a rock (#) or off the board."),
    Rule("a rock stops you on the ice before it: you never stop on a rock;", _stops_but("rock")),
    Rule("the edge stops you too: you never leave the board;", _stops_but("edge")),
    Rule("a slide that cannot move (a rock or the edge right next to you) is no move: leave it out.",
         _stops_but("still")),
]


def _candidates():
    """Every cell of every small grid of ice and rocks, smallest first; each grid's shape once more with
    the start ``s`` and the goal ``g`` on two of its ice cells, as the lesson's boards have them."""
    for rows, cols in [(1, 1), (1, 2), (2, 1), (1, 3), (2, 2), (3, 1), (2, 3), (3, 3)]:
        grids = [["".join(rocks[r * cols:(r + 1) * cols]) for r in range(rows)]
                 for rocks in product(".#", repeat=rows * cols)]
        for grid in grids:
            for cell in _ice(grid):
                yield grid, cell
        for grid in grids:
            for s, g in product(_ice(grid), repeat=2):
                if s != g:
                    lettered = [list(row) for row in grid]
                    lettered[s[0]][s[1]], lettered[g[0]][g[1]] = "s", "g"
                    for cell in _ice(grid):
                        yield ["".join(row) for row in lettered], cell


def _ice(grid) -> list:
    return [(r, c) for r, row in enumerate(grid) for c, ch in enumerate(row) if ch != ROCK]


def _lesson_cases() -> list:
    """Ice maze 3, the lesson's board, as its text shows it (``s`` and ``g`` on ice): from every cell a
    slide can stop on, starting at ``s``."""
    from .generating import make

    maze = make(3)
    grid = maze.text().splitlines()[1:]
    return [(grid, cell) for cell in sorted(search.bfs(successors(maze), maze.start).dist)]


@lru_cache(maxsize=None)
def _deciding() -> tuple:
    return tuple(deciding_cases(ice_stops, RULES, _candidates(), per_slip=2))


def _cases(rng):
    cases = list(_deciding()) + _lesson_cases()
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
    if _same_stops(expected, got):
        return None
    letters = sorted(set("".join(args[0])) - {".", ROCK})
    if letters and _same_stops(_stops_but("letters")(*args), got):
        shown = " and ".join(f"'{ch}'" for ch in letters)
        one = len(letters) == 1
        return (f"Only '#' is a rock: {shown} {'is' if one else 'are'} ice, like every letter but '#', so a slide "
                f"goes on over {'it' if one else 'them'} and stops only before a rock or the edge.")
    if "g" in letters and _same_stops(_stops_but("goal")(*args), got):
        return ("The goal 'g' is ice, like every letter but '#': a slide goes on over it and stops only before a "
                "rock or the edge.")
    return None


def _same_stops(a, b) -> bool:
    try:
        return [tuple(x) for x in a] == [tuple(x) for x in b]
    except TypeError:
        return False


q7 = FunctionExercise(
    "ice_stops", reference=ice_stops, cases=_cases, diagnose=rule_diagnose(RULES, _diagnose), judge=loose_judge,
    describe=lambda args: f"ice_stops(grid, {args[1]}) on the grid\n" + "\n".join(args[0]) + "\n ",
    forbidden=[successors, slide, solve],
    method="Slide in each direction yourself: step while the next cell is on the board and not a rock.",
    hints=["For each direction (up, right, down, left) start at the cell and step while the next cell is on "
           "the board and not '#'. Where you end is a stop.",
           "Leave a direction out when you did not move at all: it is no slide."])
q7.rules, q7.case_size = RULES, _size
