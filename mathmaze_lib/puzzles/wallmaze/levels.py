"""Wall-maze levels: the presets and the board of each level id (the same id, the same board)."""

from __future__ import annotations

import random
from typing import Optional

from ... import checks
from .board import UNLIMITED, WallMaze
from .runner import Runner, score  # noqa: F401  (score: the doctests)


#: Level presets: (rows, cols, rocks (min, max), checkpoints, walls budget[, teleport colours]).
#: Starts fill the left column and finishes the right column, as in Pathery; the sizes
#: count those two columns (so "normal" is Pathery's 17 x 9 board: 15 columns to build on).
#: Checkpoints, the budget and the teleport colours are a number or a range (min, max) drawn per
#: level id; each teleport colour has one in-cell and one out-cell.  A budget of
#: :data:`UNLIMITED` means any number of walls.
#:
#: * ``pathery-normal`` and ``pathery-complex``: Pathery's Normal and Complex modes (a 15 x 9 and
#:   a 19 x 9 playing area between the start and finish columns);
#: * ``unlimited``: Pathery's Unlimited mode, 17 x 9 like "normal" (start and finish columns
#:   included), 10 to 16 rocks, 3 checkpoints A, B, C, any number of walls;
#: * ``mazer-unlimited``: the Mazer board (15 x 10, 12 to 18 rocks) with any number of walls;
#: * ``empty``: the empty 15 x 10 board (no rocks, no checkpoints, starts in the left column,
#:   finishes in the right one, any number of walls); every id gives the same board.
#:
#: New presets go at the end: a preset's boards depend only on its own name and the id, so
#: adding one never changes the boards of the others (the stored goals rely on that).
PRESETS = {
    "mazer": (10, 15, (12, 18), 0, 10),
    "simple": (6, 13, (8, 12), 0, 7),
    "normal": (9, 17, (10, 16), 1, 14),
    "complex": (9, 19, (12, 18), 2, 14),
    "ultra": (19, 27, (30, 45), 3, 30),
    "pathery-normal": (9, 17, (10, 16), (1, 4), (11, 13)),
    "pathery-complex": (9, 21, (12, 18), (2, 5), (14, 16), (1, 2)),
    "unlimited": (9, 17, (10, 16), 3, UNLIMITED),
    "mazer-unlimited": (10, 15, (12, 18), 0, UNLIMITED),
    "empty": (10, 15, (0, 0), 0, UNLIMITED),
}


def _draw(rng: random.Random, value) -> int:
    """A preset's number, or one drawn from its range (min, max); a plain number draws nothing,
    so the boards of presets without ranges stay what they always were."""
    return rng.randint(*value) if isinstance(value, tuple) else value


def level(preset: str = "simple", level_id: int = 1) -> WallMaze:
    """The board with id ``level_id`` of ``preset``: the same id gives the same board everywhere.

    It always has a route with no walls.  Preset names are the keys of :data:`PRESETS`.

    >>> m = level("simple", 1)
    >>> (m.rows, m.cols, m.budget), m == level("simple", 1), score(m) is not None
    ((6, 13, 7), True, True)
    >>> print(level("empty").text())        # the empty Mazer board with any number of walls
    walls: 999
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    """
    if preset not in PRESETS:
        raise ValueError(f"preset {preset!r}: unknown (choose one of {', '.join(PRESETS)})")
    checks.puzzle_id(level_id, "level id")
    rows, cols, (lo, hi), n_cp, budget, *tele = PRESETS[preset]
    # A string seed is hashed with SHA-512 by random.Random: stable across machines and versions.
    rng = random.Random(f"wallmaze:{preset}:{level_id}")
    budget, n_cp, n_tele = _draw(rng, budget), _draw(rng, n_cp), _draw(rng, tele[0] if tele else 0)
    starts = tuple((r, 0) for r in range(rows))
    finishes = tuple((r, cols - 1) for r in range(rows))
    inner = [(r, c) for r in range(rows) for c in range(1, cols - 1)]
    for _ in range(1000):
        cells = rng.sample(inner, rng.randint(lo, hi) + n_cp + 2 * n_tele)
        cps = tuple((cell,) for cell in cells[:n_cp])
        rocks = cells[n_cp + 2 * n_tele:]
        tps = tuple((k, (cells[n_cp + 2 * k],), (cells[n_cp + 2 * k + 1],)) for k in range(n_tele))
        maze = WallMaze(rows, cols, frozenset(rocks), starts, finishes, cps, budget, teleports=tps)
        if Runner(maze).score() is not None:
            return maze
    raise ValueError(f"level {level_id} of {preset!r}: no board with a route found in 1000 tries")  # pragma: no cover


def make(id: int, rows: Optional[int] = None, cols: Optional[int] = None, preset: str = "simple") -> WallMaze:
    """Level ``id`` of ``preset`` (see :func:`level`); a preset fixes the size, so ``rows`` and
    ``cols``, when given, must match it.

    >>> make(1) == level("simple", 1)
    True
    >>> make(1, 5, 5)
    Traceback (most recent call last):
    ...
    ValueError: preset 'simple' makes 6 x 13 boards, not 5 x 5
    """
    maze = level(preset, id)
    if (rows is not None and rows != maze.rows) or (cols is not None and cols != maze.cols):
        raise ValueError(f"preset {preset!r} makes {maze.rows} x {maze.cols} boards, not {rows} x {cols}")
    return maze
