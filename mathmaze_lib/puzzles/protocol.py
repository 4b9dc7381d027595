"""One shape for every puzzle (as in Simon Tatham's collection, where the front end reaches a game
only through one table of functions): a :class:`Kind` holds a puzzle's entry points under the same
names, and :data:`mathmaze_lib.puzzles.PUZZLES` lists them, so that one game controller, one
worksheet printer, one command line and one grader serve every puzzle.

==============================================  ===================================================
``make(id, rows, cols, **options)``             the same id gives the same puzzle everywhere
``parse(text)`` / ``text(puzzle)``              the text format; they round-trip
``check(puzzle, answer) -> Verdict``            ``ok``, the ``reason`` in the learner's words, the
                                                ``cell`` where it went wrong (None when it is right
                                                or has no place)
``refusal(puzzle, answer, cell) -> str | None`` why a click on ``cell`` may not extend ``answer``
``successors(puzzle, state) -> list``           the states one move from ``state``: what
                                                :mod:`mathmaze_lib.search` solves
``view(puzzle, answer=None)``                   ``(texts, roles)``: what the board and the pictures
                                                show
==============================================  ===================================================

The answer is what a player makes: a route of cells from the start (Math Maze, the ice maze), a
route of cells or search states (jumping mazes, whose rules may need more than the cell), a list of
walls (wall mazes), a list of presses (Lights Out, whose search states are whole boards of lights).
What a click adds to it, and when it solves the puzzle, is the kind's ``play``
(:mod:`~mathmaze_lib.puzzles.play`).  A puzzle's special powers (counting, analysis, optimizers)
stay as extra functions beside these, in its own package.

Every puzzle has the same names for its cells: ``starts`` and ``ends`` (tuples of cells: Math Maze's
Start and End, a jumping maze's start and goal, a wall maze's start and finish cells; none on a Lights
Out board), and
``value(cell)`` for what a cell holds where that means something; the puzzles with one start
and one end also have ``start`` and ``end``.  The puzzles' own words (End, goal, finish) stay
in what the learner reads and in the text formats (``goal: R C``, ``f``).

>>> from mathmaze_lib.puzzles import PUZZLES
>>> [missing(PUZZLES[name]) for name in PUZZLES]
[[], [], [], [], []]
>>> [(p.starts, p.ends) for p in (PUZZLES["jump"].parse("1 1\\n1 0"), PUZZLES["walls"].parse("s.f\\ns.f"))]
[(((0, 0),), ((1, 1),)), (((0, 0), (1, 0)), ((0, 2), (1, 2)))]
>>> p = PUZZLES["summaze"].make(42)
>>> (p.starts, p.ends) == ((p.start,), (p.end,))
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from ..naming import set_module  # noqa: F401  (the puzzle packages call it from here)
from .play import CELLS, ROUTE, Play
from .sheet import GENERIC, Handout, SheetRules

__all__ = ["Verdict", "Kind", "VOCABULARY", "missing", "OneStartOneEnd", "set_module", "Play", "ROUTE", "CELLS"]

#: The entry points every puzzle has (the attributes of its :class:`Kind`).
VOCABULARY = ("make", "parse", "text", "check", "refusal", "successors", "view")


@dataclass(frozen=True)
class Verdict:
    """Whether an answer to a puzzle is right, why (in the learner's words), the cell where it went
    wrong, and the ``step`` (move number, 1 for the first move; 0 for the first cell) where it
    broke, when that is one step.

    The one other verdict in the package is an exercise's :class:`~mathmaze_lib.exercises.core.Feedback`
    (which the grader returns too): it judges a learner's *function* over many cases, so it has five
    states (correct, incorrect, error, not attempted, no check) and counts the cases right, where a
    Verdict judges one answer to one puzzle.

    >>> v = Verdict(False, "step 2: (0, 0) was already visited at the start", (0, 0), 2)
    >>> bool(v), v.cell, v.step
    (False, (0, 0), 2)
    """

    ok: bool
    reason: str
    cell: Optional[tuple] = None
    step: Optional[int] = None

    def __bool__(self) -> bool:
        return self.ok


def _first_cell(puzzle) -> tuple:
    return puzzle.start


def _puzzle_text(puzzle) -> str:
    return puzzle.text()


@dataclass(frozen=True)
class Kind:
    """One puzzle as the game, the worksheet, the command line and the grader see it: every surface
    of a puzzle is a slot here (as every surface of a game is a field of Tatham's ``struct game``),
    so that what serves one puzzle serves all of them.

    ``name`` (the registry's key, the command line's word), ``title`` (what a sheet or a game calls
    it), ``rules`` (one paragraph for a worksheet), the ``module`` that holds its special powers, and
    the entry points of :data:`VOCABULARY`.  Then:

    ``successor_function(puzzle)`` is what :func:`mathmaze_lib.search.bfs` takes (``succ(state)``);
    ``start(puzzle)`` the state a search of its moves starts from (a route's first state; a wall maze's
    first start cell, the runner searching from all of them at once); ``solve(puzzle)`` a right answer
    (a worksheet's key, the command line's ``solve``), or None when there is none; ``play`` what a click (or a key)
    means and when the puzzle is solved (a :class:`~.play.Play`: :data:`~.play.ROUTE`, a route from
    the start; :data:`~.play.CELLS`, a set of cells; or the puzzle's own); ``size`` the default
    ``(rows, cols)``; ``sheet`` how it prints on a worksheet (:class:`~.sheet.SheetRules`: its item,
    its difficulties; by default :data:`~.sheet.GENERIC`, from the entry points alone);
    ``plain`` the classes of its puzzles that travel to the grader as plain data (by their fields,
    :mod:`mathmaze_lib.exercises.plain`); ``lesson`` the lesson whose notebook teaches it (None: no
    lesson yet); ``exercises`` the checked exercises it brings to that lesson, ``{their attribute in the
    lesson ("q6"): "module:name"}`` (:meth:`~mathmaze_lib.puzzles.Registry.exercises` gives a lesson its
    puzzles' exercises; a lesson's own puzzle has its exercises in the lesson's module instead),
    ``corpus`` the module whose ``CORPUS`` holds learners' answers to them by that attribute, right and
    wrong, in the form of ``tests/exercise_corpus.py``; and ``handout`` its one-page rules
    handout (:class:`~.sheet.Handout`; None: :func:`~.sheet.generic_handout` makes one from the entry points).
    """

    name: str
    title: str
    rules: str
    module: Any
    make: Callable
    parse: Callable
    check: Callable
    refusal: Callable
    successor_function: Callable
    view: Callable
    solve: Callable
    start: Callable = _first_cell
    text: Callable = _puzzle_text
    play: Play = ROUTE
    size: Optional[tuple] = None
    sheet: SheetRules = GENERIC
    plain: tuple = ()
    lesson: Optional[int] = None
    exercises: Mapping = field(default_factory=dict)
    corpus: Optional[str] = None
    handout: Optional[Handout] = None

    def successors(self, puzzle, state) -> list:
        """The states one move from ``state`` (under the puzzle's own rules)."""
        return list(self.successor_function(puzzle)(state))

    def __repr__(self) -> str:
        return f"<puzzle kind {self.name!r}: {self.title}>"


def missing(kind) -> list:
    """The entry points a puzzle kind lacks (an empty list when it has the whole shape)."""
    return [name for name in VOCABULARY if not callable(getattr(kind, name, None))]


class OneStartOneEnd:
    """``starts`` and ``ends`` for a puzzle with one ``start`` and one ``end`` cell (Math Maze,
    jumping mazes, the ice maze; a wall maze has tuples of its own)."""

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
