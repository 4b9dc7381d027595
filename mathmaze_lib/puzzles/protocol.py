"""One shape for every puzzle (as in Simon Tatham's collection): the same entry points, with the
same names, in :mod:`~mathmaze_lib.puzzles.summaze`, :mod:`~mathmaze_lib.puzzles.jumpmaze` and
:mod:`~mathmaze_lib.wallmaze`, so that one game controller, one worksheet printer and one grader
can serve all three.

=========================================  ================================================
``make(id, rows, cols, **options)``        the same id gives the same puzzle everywhere
``parse(text)`` / ``puzzle.text()``        the text format; they round-trip
``check(puzzle, answer) -> Verdict``       ``ok``, the ``reason`` in the learner's words, the ``cell``
                                           where it went wrong (None when it is right or has no place)
``successors(puzzle, ...) -> succ(node)``  what :mod:`mathmaze_lib.search` solves
``view(puzzle, answer=None)``              ``(texts, roles)``: what the board and the pictures show
=========================================  ================================================

Every puzzle has the same names for its cells: ``starts`` and ``ends`` (tuples of cells: Math Maze's
Start and End, a jumping maze's start and goal, a wall maze's start and finish cells), and
``value(cell)`` for what a cell holds where that means something; the puzzles with one start
and one end also have ``start`` and ``end``.  The puzzles' own words (End, goal, finish) stay
in what the learner reads and in the text formats (``goal: R C``, ``f``).

The answer is what a player makes: a path of cells (Math Maze), a route of cells (jumping
mazes), a list of walls (wall mazes). A puzzle's special powers (counting, analysis,
optimizers) stay as extra functions beside these.

>>> from mathmaze_lib import wallmaze
>>> from mathmaze_lib.puzzles import jumpmaze, summaze
>>> [missing(m) for m in (summaze, jumpmaze, wallmaze)]
[[], [], []]
>>> [(p.starts, p.ends) for p in (jumpmaze.parse("1 1\\n1 0"), wallmaze.parse("s.f\\ns.f"))]
[(((0, 0),), ((1, 1),)), (((0, 0), (1, 0)), ((0, 2), (1, 2)))]
>>> p = summaze.make(42)
>>> (p.starts, p.ends) == ((p.start,), (p.end,))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

__all__ = ["Verdict", "ENTRY_POINTS", "missing", "OneStartOneEnd", "set_module"]

#: The entry points every puzzle module has.
ENTRY_POINTS = ("make", "parse", "check", "successors", "view")


@dataclass(frozen=True)
class Verdict:
    """Whether an answer is right, why (in the learner's words), and the cell where it went wrong.

    >>> v = Verdict(False, "step 2: (0, 0) was already visited at the start", (0, 0))
    >>> bool(v), v.cell
    (False, (0, 0))
    """

    ok: bool
    reason: str
    cell: Optional[tuple] = None

    def __bool__(self) -> bool:
        return self.ok


class OneStartOneEnd:
    """``starts`` and ``ends`` for a puzzle with one ``start`` and one ``end`` cell (Math Maze and
    jumping mazes; a wall maze has tuples of its own)."""

    start: tuple
    end: tuple

    @property
    def starts(self) -> tuple:
        """The start cells (one here)."""
        return (self.start,)

    @property
    def ends(self) -> tuple:
        """The end cells (one here: End, or the goal)."""
        return (self.end,)


def missing(module) -> list:
    """The entry points a puzzle module lacks (an empty list when it has the whole shape)."""
    return [name for name in ENTRY_POINTS if not callable(getattr(module, name, None))]


def set_module(package: str, names: dict, public) -> None:
    """Give the public functions and classes of a puzzle package the package's name as their
    ``__module__`` (as numpy does): a learner imports them from the package, so that is the name the
    exercises' messages (``summaze.count_solutions``), tagged JSON and tracebacks show, whichever
    module of the package defines them.

    >>> from mathmaze_lib.puzzles import summaze
    >>> summaze.count_solutions.__module__, summaze.Puzzle.__module__
    ('mathmaze_lib.puzzles.summaze', 'mathmaze_lib.puzzles.summaze')
    """
    for name in public:
        item = names[name]
        if (callable(item) and getattr(item, "__module__", "").startswith(package + ".")):
            item.__module__ = package
