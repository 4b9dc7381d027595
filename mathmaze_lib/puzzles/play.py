"""What a click means in a puzzle's game, and when the puzzle is solved: a :class:`Play`, held by
each puzzle's :class:`~.protocol.Kind` as ``play`` (Simon Tatham's ``interpret_move``,
``execute_move`` and ``status``: the puzzle decides, the game controller only shows).

The board turns keys into clicks (the arrow keys move the focus, Enter or Space clicks the focused
cell), so a click is every move a player makes.  A :class:`Play` says, given the puzzle's kind:

=====================================  ================================================================
``first(kind, puzzle)``                the answer before the first move
``refused(kind, puzzle, answer, cell)`` why a click on ``cell`` changes nothing (None: it is a move)
``move(kind, puzzle, answer, cell)``    the answer after that move
``solved(kind, puzzle, answer)``        True when the answer solves the puzzle (the game is won)
``said(kind, puzzle, answer, cell)``    the status line after the move
``took_back(kind, puzzle, answer)``     the status line after Undo
``moves(answer)``                       the moves made so far
``line(answer)``                        the route drawn over the board (none for a set or presses)
=====================================  ================================================================

and ``undo`` (whether Undo takes the last move back), ``noun`` (what one move is called), ``words``
(what a screen reader, and the legend, says for each role of the board: ``{"highlight": "light on"}``)
and ``hint`` (the status line of a new game).  :data:`ROUTE` extends a route from the start;
:data:`CELLS` puts a cell in a set or takes it out again; a puzzle whose moves are neither
(Lights Out's presses) gives a :class:`Play` of its own, in its own package.

>>> from mathmaze_lib.puzzles import PUZZLES
>>> kind = PUZZLES["ice"]
>>> maze = kind.parse("s..#\\n...g")
>>> route = ROUTE.first(kind, maze)
>>> ROUTE.refused(kind, maze, route, (0, 1))
'You cannot stop on (0, 1): sliding right from (0, 0) you slide on to (0, 2), where a rock or the edge stops you.'
>>> route = ROUTE.move(kind, maze, ROUTE.move(kind, maze, route, (1, 0)), (1, 3))
>>> ROUTE.solved(kind, maze, route), ROUTE.said(kind, maze, route, (1, 3))
(True, 'Well done! The route reaches the goal in 2 slides: a shortest route.')
"""

from __future__ import annotations

from typing import Optional

__all__ = ["Play", "Cells", "ROUTE", "CELLS", "sentence"]


def sentence(reason: str) -> str:
    """A puzzle's reason (``wrong sum: ...``) as the start of a sentence (``Wrong sum: ...``).

    >>> sentence("the route reaches the goal")
    'The route reaches the goal'
    """
    return reason[:1].upper() + reason[1:]


class Play:
    """What a click does in a game of a puzzle (see the module's text); the methods are given the
    puzzle's kind, so that they judge by its own ``check`` and ``refusal``.  This base class is a
    route's play: a subclass changes what differs."""

    #: True when Undo takes the last move back (a set of cells has no last move).
    undo = True
    #: What one move is called ("move", "press"), in the board's name for screen readers.
    noun = "move"
    #: What a screen reader (and the legend) says for each role of the board, where it is not the
    #: palette's word.
    words: dict = {}
    #: The status line of a new game.
    hint = "Click the cell where your next move ends."

    def first(self, kind, puzzle):
        """The answer before the first move: the route's first state."""
        return [kind.start(puzzle)]

    def refused(self, kind, puzzle, answer, cell) -> Optional[str]:
        """Why a click on ``cell`` changes nothing, in the player's words (None: it is a move)."""
        if answer and answer[-1] in puzzle.ends:
            return "You reached the end: Undo or Reset."
        if answer and cell == answer[-1]:
            return f"You are here, on {cell}."
        return kind.refusal(puzzle, answer, cell)

    def move(self, kind, puzzle, answer, cell):
        """The answer after a click on ``cell`` that :meth:`refused` let through."""
        return list(answer) + [cell]

    def solved(self, kind, puzzle, answer) -> bool:
        """True when the answer solves the puzzle: a route that ends on an end cell and that the
        kind's check accepts."""
        return bool(answer) and answer[-1] in puzzle.ends and kind.check(puzzle, answer).ok

    def said(self, kind, puzzle, answer, cell) -> str:
        """The status line after a move to ``cell``: the kind's verdict at an end."""
        if cell in puzzle.ends:
            verdict = kind.check(puzzle, answer)
            return f"{'Well done! ' if verdict.ok else ''}{sentence(verdict.reason)}."
        return f"Moved to {cell}."

    def took_back(self, kind, puzzle, answer) -> str:
        """The status line after Undo took a move back (``answer`` is what is left)."""
        return f"Back to {answer[-1]}."

    def moves(self, answer) -> int:
        """How many moves the answer holds (a route's first cell is no move)."""
        return len(answer) - 1

    def line(self, answer) -> list:
        """The route drawn over the board: the answer itself."""
        return list(answer)


class Cells(Play):
    """A set of cells: a click puts a cell in (when the kind's ``refusal`` lets it) or takes it out
    again; there is no last move to undo, and no end: the puzzle's own game says when a set is good
    (the wall maze's goal)."""

    undo = False
    hint = "Click a cell to put it in, click it again to take it out."

    def first(self, kind, puzzle):
        return set()

    def refused(self, kind, puzzle, answer, cell) -> Optional[str]:
        return None if cell in answer else kind.refusal(puzzle, sorted(answer), cell)

    def move(self, kind, puzzle, answer, cell):
        return set(answer) ^ {cell}

    def solved(self, kind, puzzle, answer) -> bool:
        return False

    def said(self, kind, puzzle, answer, cell) -> str:
        return f"Put {cell} in." if cell in answer else f"Took {cell} out."

    def moves(self, answer) -> int:
        return len(answer)

    def line(self, answer) -> list:
        return []


#: A route from the start, one click a move (Math Maze, jumping mazes, the ice maze).
ROUTE = Play()
#: A set of cells, one click in or out (wall mazes).
CELLS = Cells()
