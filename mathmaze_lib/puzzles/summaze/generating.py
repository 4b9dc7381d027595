"""Making Math Mazes from an id: a self-avoiding random walk plants a path and its sum is the
target (``generate``); ``generate_unique`` tries ids until one has a single solution.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Optional

from ... import checks
from ...grid import ORTHOGONAL, Grid, check_size
from .rules import Puzzle
from .solving import count_solutions, grade

__all__ = ["generate", "random_walk", "generate_unique", "make"]


def _check_id(id) -> int:
    checks.puzzle_id(id)
    return id


def _check_range(name: str, pair, low: int) -> tuple:
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise ValueError(f"{name} {pair!r}: give two whole numbers (low, high)") from None
    for v in (lo, hi):
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"{name} {pair!r}: give two whole numbers (low, high)")
    if lo > hi:
        raise ValueError(f"{name} ({lo}, {hi}): the range is inverted (low must be at most high)")
    if lo < low:
        raise ValueError(f"{name} ({lo}, {hi}): low must be at least {low}")
    return lo, hi


def _check_settings(rows, cols, lengths, values) -> tuple:
    check_size(rows, cols, max_rows=100, max_cols=100)
    lengths = _check_range("lengths", lengths, 1)
    values = _check_range("values", values, 1)
    if lengths[0] > rows * cols:
        raise ValueError(f"lengths {lengths}: a walk of {lengths[0]} cells cannot fit "
                         f"on a {rows} x {cols} grid ({rows * cols} cells)")
    return lengths, values


def random_walk(grid: Grid, start, length: int, rng: random.Random) -> list:
    """A self-avoiding walk of up to ``length`` cells from ``start``.

    At each step the walk looks at the free neighbours in the fixed order
    Up, Right, Down, Left and picks one with ``rng.choice``; when none is
    free it is boxed in and stops early.

    >>> import random
    >>> from mathmaze_lib.grid import Grid
    >>> random_walk(Grid(1, 4), (0, 0), 9, random.Random(1))
    [(0, 0), (0, 1), (0, 2), (0, 3)]
    """
    walk = [start]
    seen = {start}
    while len(walk) < length:
        free = [n for n in grid.neighbours(walk[-1], ORTHOGONAL) if n not in seen]
        if not free:
            break
        cell = rng.choice(free)
        walk.append(cell)
        seen.add(cell)
    return walk


def generate(id: int, rows: int = 4, cols: int = 5, lengths=(5, 9), values=(1, 9)) -> Puzzle:
    """The puzzle with this id: the same numbers, Start, End and target everywhere.

    With ``random.Random(id)``: the numbers (each drawn from ``values``, row
    by row), a random Start, a random length (in cells) from ``lengths``,
    then a self-avoiding random walk (:func:`random_walk`) that may stop
    early when boxed in.  The End is the walk's last cell (its number is set
    to 0: it shows the target) and the target is the sum along the walk.

    >>> p = generate(3, rows=2, cols=3)
    >>> p.target == sum(p.value(c) for c in p.path), p.path[0] == p.start, p.path[-1] == p.end
    (True, True, True)
    >>> generate(3, rows=0, cols=5)
    Traceback (most recent call last):
    ...
    ValueError: grid size 0 x 5: rows must be at least 1
    """
    _check_id(id)
    lengths, values = _check_settings(rows, cols, lengths, values)
    rng = random.Random(id)
    grid = Grid(rows, cols)
    numbers = [[rng.randint(*values) for _ in range(cols)] for _ in range(rows)]
    start = (rng.randrange(rows), rng.randrange(cols))
    length = rng.randint(*lengths)
    walk = random_walk(grid, start, length, rng)
    end = walk[-1]
    if end != start:
        numbers[end[0]][end[1]] = 0
    target = sum(numbers[r][c] for r, c in walk)
    return Puzzle(id, rows, cols, tuple(tuple(row) for row in numbers), start, end, target, tuple(walk))


def generate_unique(id: int, rows: int = 4, cols: int = 5, lengths=(5, 9), values=(1, 9),
                    *, level: Optional[str] = None, max_tries: int = 10_000) -> Puzzle:
    """A puzzle with exactly one solution, made from ``id`` (and ``level``, if given).

    ``random.Random(id)`` draws sub-seeds; each one makes a puzzle with
    :func:`generate`, and the first whose only solution is the planted walk
    (and whose grade is ``level``, when given) is returned, with ``id`` set
    back to the given id and ``unique=True``.  Same id, same puzzle.

    >>> p = generate_unique(5)
    >>> p.id, p.unique, count_solutions(p)
    (5, True, 1)
    """
    _check_id(id)
    _check_settings(rows, cols, lengths, values)
    if level not in (None, "easy", "medium", "hard"):
        raise ValueError(f"level {level!r}: choose 'easy', 'medium' or 'hard' (or None)")
    rng = random.Random(id)
    for _ in range(max_tries):
        p = generate(rng.getrandbits(32), rows, cols, lengths, values)
        if count_solutions(p, cap=2) != 1:
            continue
        if level is not None and grade(p).level != level:
            continue
        return replace(p, id=id, unique=True)
    raise ValueError(f"puzzle id {id}: no unique {rows} x {cols} puzzle"
                     f"{' of level ' + level if level else ''} found in {max_tries} tries")


def make(id: int, rows: int = 4, cols: int = 5, *, unique: bool = False, **kw) -> Puzzle:
    """:func:`generate_unique` when ``unique`` else :func:`generate` (what the widgets and CLI call).

    >>> make(5, unique=True) == generate_unique(5)
    True
    """
    return (generate_unique if unique else generate)(id, rows, cols, **kw)
