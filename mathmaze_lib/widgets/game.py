"""One game controller for every puzzle: a board, the answer being built, and the buttons.

:class:`PuzzleGame` turns clicks on a :class:`~mathmaze_lib.widgets.board.Board` into moves,
says why a refused click is refused (in the puzzle's words: its kind's ``refusal``), draws through
its kind's ``view`` and keeps Undo, Reset, New puzzle and the puzzle id box (Play this id, or Enter
in the box) in one place. It reaches a puzzle only through :data:`mathmaze_lib.puzzles.PUZZLES`: what a
click means and when the puzzle is solved are the kind's (its ``play``, a
:class:`~mathmaze_lib.puzzles.play.Play`); the controller only shows them.
Each game (:mod:`.summaze_game`, :mod:`.jump_game`, :mod:`.wall_game`) fills in a few hooks and
keeps only what is its own: the race, the runner, the rule choice, the high scores; a puzzle with
nothing of its own to show is played by :class:`Game` as it is.

>>> from mathmaze_lib.widgets.summaze_game import MathMazeGame
>>> game = MathMazeGame(1)
>>> isinstance(game, PuzzleGame), game.answer
(True, [(0, 0)])
>>> game.board.click(3, 4); game.board.status, game.answer
('(3, 4) is not next to (0, 0): move one cell up, right, down or left.', [(0, 0)])
"""

from __future__ import annotations

import html
import random
from typing import Callable, Optional

import ipywidgets as w

from ..puzzles import PUZZLES
from ..puzzles.play import sentence
from .board import Board, game_mimebundle, plural

__all__ = ["PuzzleGame", "Game", "MAX_ID", "button", "sentence", "table"]

#: New puzzle picks ids below this.
MAX_ID = 10**6


def button(description: str, action: Callable, icon: str = "", **kwargs) -> w.Button:
    """A button that runs ``action()`` when it is pressed."""
    b = w.Button(description=description, icon=icon, **kwargs)
    b.on_click(lambda _: action())
    return b


def table(headers, rows, caption: str = "") -> str:
    """An HTML table of scores, every value escaped.

    >>> table(["rank", "name"], [(1, "<Ada>")])
    '<table><tr><th>rank</th><th>name</th></tr><tr><td>1</td><td>&lt;Ada&gt;</td></tr></table>'
    """
    def cells(tag, values):
        return "<tr>" + "".join(f"<{tag}>{html.escape(str(v))}</{tag}>" for v in values) + "</tr>"
    caption = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return f"<table>{caption}{cells('th', headers)}{''.join(cells('td', row) for row in rows)}</table>"


class PuzzleGame:
    """The part every game shares: clicks, Undo, Reset, loading a puzzle by id, drawing.

    A game names its :attr:`kind` (a key of :data:`~mathmaze_lib.puzzles.PUZZLES`), sets
    :attr:`puzzle`, builds its ``view`` (see :meth:`layout`) and may fill in these hooks (the
    defaults ask the kind's ``play``: :class:`~mathmaze_lib.puzzles.play.Play`):

    ============================  ===============================================================
    ``fresh()``                   the answer before the first move (``reset`` sets :attr:`answer`)
    ``refusal(cell)``             why a click is refused, from the kind's ``refusal``
                                  (None: the click is a move; also what a click says once it is over)
    ``played(cell)``              the answer after that move (default: the route plus ``cell``)
    ``said(cell)``                the status line after it (default: the kind's ``check`` at an end)
    ``picture()``                 ``(texts, roles, route)`` from the kind's ``view``
    ``label()``, ``heading()``    the board's name for screen readers, the HTML line above it
    ``took_back()``               what Undo says (and ``reset_text``: what Reset says)
    ``loaded()``                  takes in a new puzzle; returns the status line (None: ``reset_text``)
    ============================  ===============================================================

    ``undo=False`` leaves out Undo (for answers that are sets, not routes; by default the kind's
    ``play.undo``).
    ``make(id) -> puzzle`` gives the id box, Play this id and New puzzle (:attr:`id_controls`; ``rng``
    picks new ids); :attr:`id` is the id being played (``puzzle.id`` unless ``id`` is given).
    """

    #: What a screen reader says for each role of this game's board.
    role_words: dict = {}
    #: True when a click on the last cell of the route takes that cell back.
    click_last_undoes = False
    #: True when the route is drawn with arrows (jumps).
    arrows = False
    #: What Undo says when there is nothing to take back, and what Reset says.
    nothing_to_undo, reset_text = "Nothing to undo.", "New try."
    #: ``on_win(game)`` runs after the move that wins (a race counts it).
    on_win: Optional[Callable] = None
    #: What the id box calls a puzzle.
    noun = "puzzle"
    #: The puzzle's kind: its name in :data:`~mathmaze_lib.puzzles.PUZZLES`.
    kind_name = ""

    def __init__(self, puzzle, *, cell_size: int = 40, make: Optional[Callable] = None,
                 rng: Optional[random.Random] = None, id: Optional[int] = None, reset=("Reset", "refresh"),
                 undo: Optional[bool] = None):
        self.puzzle = puzzle
        #: The puzzle's :class:`~mathmaze_lib.puzzles.protocol.Kind`: every rule the game applies is its.
        self.kind = PUZZLES[self.kind_name]
        #: What a click means and when the puzzle is solved (the kind's).
        self.play = self.kind.play
        #: When set, clicks only show this text (a race between rounds).
        self.locked: Optional[str] = None
        words = {**self.play.words, **self.role_words}
        self.board = Board(puzzle.rows, puzzle.cols, cell_size=cell_size, role_words=words)
        self.board.on_click(self._on_click)
        self.info = w.HTML()
        self.reset_button = button(reset[0], self.reset, icon=reset[1])
        if self.play.undo if undo is None else undo:    # a route's last move (a set has none)
            self.undo_button = button("Undo", self.undo, icon="undo")
        self._make = make
        if make is not None:
            self._rng = rng or random.Random()
            self.id = puzzle.id if id is None else id
            self.id_box = w.BoundedIntText(value=self.id, min=0, max=MAX_ID * 1000, layout=w.Layout(width="190px"),
                                           description=f"{self.noun.capitalize()} id")
            self.play_button = button("Play this id", lambda: self.load(self.id_box.value),
                                      tooltip=f"Play the {self.noun} with the id in the box")
            self.new_button = button(f"New {self.noun}", lambda: self.load(self._rng.randrange(MAX_ID)), icon="random")
            # Enter in the box (or leaving it) commits a new value: play that puzzle.
            self.id_box.observe(lambda change: self.load(change["new"]) if change["new"] != self.id else None,
                                names="value")
            #: New puzzle, the id box and Play this id, for a row of the game's view.
            self.id_controls = [self.new_button, self.id_box, self.play_button]

    def layout(self, *rows) -> w.VBox:
        """The game's ``view``: :attr:`info`, the board, then ``rows`` (a list of widgets is one
        wrapping row of controls)."""
        return w.VBox([self.info, self.board]
                      + [w.HBox(row, layout=w.Layout(flex_flow="row wrap")) if isinstance(row, list) else row
                         for row in rows], layout=w.Layout(max_width="100%"))

    @property
    def maze(self):
        """The puzzle (the jumping and wall games call it the maze)."""
        return self.puzzle

    def size(self) -> str:
        """The board's size in words (for :meth:`label`): ``4 rows by 5 columns``."""
        return f"{plural(self.puzzle.rows, 'row')} by {plural(self.puzzle.cols, 'column')}"

    # ---- the hooks' defaults: the kind's play -------------------------------------------------

    def fresh(self):
        """The answer before the first move (the kind's ``play.first``)."""
        return self.play.first(self.kind, self.puzzle)

    @property
    def won(self) -> bool:
        """True when the answer solves the puzzle (the kind's ``play.solved``)."""
        return self.play.solved(self.kind, self.puzzle, self.answer)

    def refusal(self, cell) -> Optional[str]:
        """Why a click on ``cell`` changes nothing, in the player's words (None: it is a move)."""
        return self.play.refused(self.kind, self.puzzle, self.answer, cell)

    def played(self, cell):
        """The answer after a move to ``cell`` that :meth:`refusal` let through."""
        return self.play.move(self.kind, self.puzzle, self.answer, cell)

    def said(self, cell) -> str:
        """The status line after a move to ``cell``."""
        return self.play.said(self.kind, self.puzzle, self.answer, cell)

    def took_back(self) -> str:
        """The status line after Undo."""
        return self.play.took_back(self.kind, self.puzzle, self.answer)

    def picture(self) -> tuple:
        """``(texts, roles, route)``: what the board shows now."""
        texts, roles = self.kind.view(self.puzzle, self.answer)
        return texts, roles, self.play.line(self.answer)

    def label(self) -> str:
        """The board's name for screen readers (its size, and the moves so far)."""
        moves = plural(self.play.moves(self.answer), self.play.noun)
        return f"{self.kind.title}, {self.noun} {self.id}, {self.size()}, {moves} so far"

    def heading(self) -> str:
        """The HTML line above the board."""
        title = html.escape(self.kind.title)
        moves = plural(self.play.moves(self.answer), self.play.noun)
        return f"<b>{title}</b> &nbsp; {self.noun} {self.id} &nbsp; {moves}"

    def loaded(self) -> Optional[str]:
        """Take in a new puzzle; the status line to show (None: :attr:`reset_text`)."""
        return None

    def _on_click(self, cell) -> None:
        if self.locked:
            self.draw(self.locked)
            return
        if self.click_last_undoes and len(self.answer) > 1 and cell == self.answer[-1]:
            self.undo()
            return
        reason = self.refusal(cell)
        if reason:          # a wrong move is not an exception: say why, change nothing
            self.board.status = reason
            return
        self.answer = self.played(cell)
        self.draw(self.said(cell))
        if self.won and self.on_win is not None:
            self.on_win(self)

    def undo(self) -> None:
        """Take back the last move (a route's first cell stays)."""
        if self.play.moves(self.answer) == 0:
            self.draw(self.nothing_to_undo)
            return
        self.answer = self.answer[:-1]
        self.draw(self.took_back())

    def reset(self, status: Optional[str] = None) -> None:
        """Start the answer again."""
        self.answer = self.fresh()
        self.draw(status or self.reset_text)

    def load(self, id) -> None:
        """Play the puzzle with this id (the answer starts again)."""
        try:
            puzzle = self._make(id)
        except ValueError as exc:
            self.board.status = f"Cannot load {self.noun} {id}: {exc}"
            return
        self.puzzle, self.id = puzzle, id
        self.id_box.value = id
        self.reset(self.loaded())

    def draw(self, status: Optional[str] = None) -> None:
        """Show the puzzle and the answer on the board, and ``status`` on its status line."""
        texts, roles, route = self.picture()
        with self.board.hold_sync():
            self.board.set_texts(texts)
            self.board.fill_roles("plain")
            self.board.set_roles(roles)
            self.board.show_route(route if len(route) > 1 else [], arrows=self.arrows)
            if status is not None:
                self.board.status = status
        self.board.label = self.label()
        self.info.value = self.heading()

    def __repr__(self) -> str:
        """The plain text where widgets cannot show (a saved notebook: see :mod:`.saving`)."""
        return f"<{self.label()}: run this in Jupyter to play>"

    def _repr_mimebundle_(self, **kwargs):
        return game_mimebundle(self, **kwargs)


class Game(PuzzleGame):
    """Any puzzle of :data:`~mathmaze_lib.puzzles.PUZZLES`, played with nothing but its kind's entry
    points and its ``play``: the board, Undo (where its play has one), Reset, New puzzle and the id box.

    >>> game = Game("jump", 3, rows=4, cols=4)
    >>> game.answer, game.kind.title
    ([(0, 0)], 'Jumping mazes')
    """

    def __init__(self, kind: str, id: int = 0, *, rng: Optional[random.Random] = None, **options):
        self.kind_name = kind
        make = PUZZLES[kind].make

        def new(pid):
            return make(pid, **options)

        super().__init__(new(id), make=new, rng=rng, id=id)
        undo = [self.undo_button] if self.play.undo else []
        self.view = self.layout(undo + [self.reset_button] + self.id_controls)
        self.reset(self.play.hint)
