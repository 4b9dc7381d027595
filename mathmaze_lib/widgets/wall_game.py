"""Mazer (a clone of Pathery) on the board: place walls, then watch the runner.

Click an open cell to put a wall there, click a wall to take it off. The runner
always takes a shortest route from a start (left) to a finish (right), through
the checkpoints A, B, ... in order; your score is its number of moves. A wall
that would leave no route at all is refused ("Path is blocked").

>>> game = MazerGame(maze=wallmaze.parse("walls: 2\\ns...\\n....\\n...f"))
>>> game.moves
5
>>> game.board.click(0, 1); game.board.click(1, 1); game.moves, game.walls_left
(5, 0)
>>> game.board.click(2, 1); game.board.status
'No walls left (the budget is 2): click one of your walls to take it off first.'

A teacher can paste a Pathery map code into the Map code box (Enter, or Play code): the game plays
that board; a code's own walls are its goal (Show best shows them).  A bad code is explained on the
status line, and the game stays as it was:

>>> game.play_code("3.2.1.Tiny...:,s1.,r2.,f1.")     # s W f over three open cells: the goal is 4
>>> game.maze.rows, game.maze.cols, game.goal, game.moves, game.walls
(2, 3, 4, 2, set())
>>> game.play_code("3.1.1.Tiny...:,s1.,c2.,f1."); game.board.status
"Cannot play this map code: map code item 2 (',c2'): checkpoint c2 needs c1 too (checkpoints go c1, c2, ... without gaps)"
"""

from __future__ import annotations

import hashlib
import html
import os
import sqlite3
from typing import Optional

import ipywidgets as w

from .. import optimize
from ..puzzles import wallmaze
from ..puzzles.wallmaze import mapcode
from ..puzzles.wallmaze import UNLIMITED, WallMaze
from .board import plural
from .game import PuzzleGame, button, table

__all__ = ["MazerGame", "progress_bar"]

SPEEDS = {"slow": 250, "normal": 100, "fast": 35}

#: What a screen reader says for each role of a Mazer board (and the legend shows).
MAZER_WORDS = {"plain": "open", "start": "start", "end": "finish", "rock": "rock", "wall": "your wall",
               "path": "on the runner's path", "highlight": "checkpoint"}


def cell_size(cols: int) -> int:
    """The board's cell size in pixels for ``cols`` columns: 40 or 34, smaller on wide boards (at least 10).

    >>> cell_size(10), cell_size(15), cell_size(50), cell_size(100)
    (40, 34, 13, 10)
    """
    return 40 if cols <= 12 else 34 if cols <= 20 else max(10, 680 // cols)


def progress_bar(description: str = "searching"):
    """A notebook progress bar for the optimizers: returns ``(progress, view)``; pass ``progress`` to
    an optimizer (``optimize.anneal(maze, progress=progress)``) and display ``view``.

    >>> progress, view = progress_bar()
    >>> progress(0.25, 17); view.children[0].value, view.children[1].value
    (0.25, 'best so far: 17 moves')
    """
    bar = w.FloatProgress(value=0.0, min=0.0, max=1.0, description=description)
    label = w.Label()

    def progress(fraction: float, best) -> None:
        bar.value = min(1.0, max(0.0, fraction))
        label.value = f"best so far: {best} moves"
    return progress, w.HBox([bar, label])


class MazerGame(PuzzleGame):
    """The Mazer screen: a board, walls left, current and goal moves, and the buttons.

    Give a ``preset`` and ``level`` (see :data:`mathmaze_lib.puzzles.wallmaze.PRESETS`, or ``"today"``: the map of
    the day the teacher set on the hub, :func:`mathmaze_lib.hubscores.map_of_the_day`; the level id box,
    Play this id and New level play other levels of the preset) or a ``maze``; the Map code box
    plays a Pathery map code (:meth:`play_code`).  Scores are saved with
    :class:`mathmaze_lib.store.Store` (``store`` argument, or the default store on the first Save).
    """

    kind_name = "walls"
    role_words = MAZER_WORDS
    reset_text = "All walls cleared."
    noun = "level"

    def __init__(self, preset: str = "mazer", level: int = 1, *, maze: Optional[WallMaze] = None,
                 store=None, name: str = "me"):
        if preset == "today" and maze is None:     # the map of the day the teacher set on the hub
            from ..hubscores import map_of_the_day
            preset, level = map_of_the_day()
        #: The preset whose levels the id box plays (None: a board of its own, ``maze``).
        self.preset = None if maze is not None else preset
        self._store = store
        make = None if maze is not None else (lambda level_id: wallmaze.level(preset, level_id))
        maze = maze or wallmaze.level(preset, level)
        super().__init__(maze, cell_size=cell_size(maze.cols), make=make, id=level,
                         reset=("Clear", "eraser"), undo=False)
        self.clear_button = self.reset_button
        self.progress, self.progress_view = progress_bar("optimizer")
        self.progress_view.layout.display = "none"
        self.name_box = w.Text(value=name, description="Name", layout=w.Layout(width="180px"))
        self.speed = w.Dropdown(options=list(SPEEDS), value="normal", description="Speed",
                                layout=w.Layout(width="160px"))
        self.start_button = button("Start", self.start, icon="play", button_style="success")
        self.save_button = button("Save best", self.save, icon="save")
        self.best_button = button("Show best", self.show_best, icon="trophy",
                                  tooltip="Show the best walls the optimizer found")
        # A new speed applies to the run on screen at once (the board keeps its place on the route).
        self.speed.observe(lambda change: self.board.set_animation_speed(SPEEDS[change["new"]]), names="value")
        self.scores_view = w.HTML()
        #: The map code being played (None: a preset's level or the ``maze`` given).
        self.code: Optional[mapcode.MapCode] = None
        # Enter in the box (or leaving it) plays the code, as Play code does.
        self.code_box = w.Text(value="", description="Map code", placeholder="paste a Pathery map code",
                               continuous_update=False, layout=w.Layout(width="360px"))
        self.code_button = button("Play code", lambda: self.play_code(self.code_box.value),
                                  tooltip="Play the board of the Pathery map code in the box")
        self.code_box.observe(lambda change: self.play_code(change["new"]) if change["new"].strip() else None,
                              names="value")
        self.view = self.layout([self.start_button, self.speed, self.clear_button],
                                *([self.id_controls] if make else []), [self.code_box, self.code_button],
                                [self.name_box, self.save_button, self.best_button], self.progress_view,
                                self.scores_view)
        warning = f" Note: {store.warning}" if store is not None and store.warning else ""
        self.reset(self.loaded() + warning)

    def loaded(self) -> str:
        """Take in the board: its name for the high scores, its stored goal (checked on the board:
        a bad entry is skipped and named), its runner and its scores."""
        if self.code is not None and self.code.maze is self.maze:
            self.map_id = "code:" + hashlib.sha1(mapcode.write(self.maze).encode()).hexdigest()[:12]
            self._goal_entry, problem = self._code_goal(), None
        elif self.preset is None:
            self.map_id = "board:" + hashlib.sha1(self.maze.text().encode()).hexdigest()[:12]
            self._goal_entry, problem = None, None
        else:
            self.map_id = f"{self.preset}:{self.id}"
            self._goal_entry, problem = wallmaze.level_goal(self.preset, self.id)
        entry = self._goal_entry
        self.goal = entry["moves"] if entry else None
        self.goal_proven = bool(entry and entry["optimal"])
        self.runner = wallmaze.Runner(self.maze)
        self._route_of: tuple = (None, [])
        self._best_walls = None      # what Show best put on the board
        if self._store is not None or self._saved_scores_exist():
            self.show_scores()
        return ("Click open cells to place walls; make the runner's path as long as you can."
                + (f" Note: {problem}" if problem else ""))

    def _code_goal(self) -> Optional[dict]:
        """The goal of a map code's board: the code's own walls, when it has some that leave a route."""
        walls = sorted(self.code.walls)
        moves = wallmaze.score(self.maze, walls) if walls else None
        return {"moves": moves, "walls": [list(c) for c in walls], "optimal": False} if moves is not None else None

    def play_code(self, code: str) -> None:
        """Play the board of a Pathery map code (see :mod:`mathmaze_lib.puzzles.wallmaze.mapcode`): the walls start off,
        the code's own walls (its ``r2`` cells, someone's answer) are the goal.  A code that cannot be
        read is explained on the status line and the game stays as it was."""
        try:
            board = mapcode.read(code)
        except ValueError as exc:
            self.board.status = f"Cannot play this map code: {exc}"
            return
        self.code, self.puzzle = board, board.maze
        name = f" {board.name!r}" if board.name else ""
        self.reset(f"Playing the map code's board{name} ({board.maze.cols} x {board.maze.rows}). " + self.loaded())

    def draw(self, status: Optional[str] = None) -> None:
        """Draw as every game does; a board of another size (a map code's, or a level's after one) first
        gets a grid of its size."""
        maze = self.maze
        with self.board.hold_sync():
            if (self.board.rows, self.board.cols) != (maze.rows, maze.cols):
                self.board.rows, self.board.cols = maze.rows, maze.cols
                self.board.cell_size = cell_size(maze.cols)
            super().draw(status)

    # ---- state -----------------------------------------------------------------------

    @property
    def walls(self) -> set:
        """The player's walls (the answer; :meth:`set_walls` places them)."""
        return self.answer

    @property
    def path(self) -> list:
        """The runner's route with these walls."""
        key = frozenset(self.walls)
        if self._route_of[0] != key:        # the board, the label and the heading all ask: run once
            route = self.runner.path({self.runner.index(c) for c in key})
            self._route_of = (key, [self.runner.cell(i) for i in route or ()])
        return self._route_of[1]

    @property
    def showing_best(self) -> bool:
        """True while the walls on the board are the optimizer's (Show best; no walls are nobody's)."""
        return bool(self._best_walls) and self.walls == self._best_walls

    @property
    def budget(self) -> Optional[int]:
        """How many walls may go up (None: as many as you like)."""
        return None if self.maze.budget == UNLIMITED else self.maze.budget

    @property
    def walls_left(self) -> Optional[int]:
        """The walls that may still be placed (None: any number)."""
        return None if self.budget is None else self.budget - len(self.walls)

    @property
    def walls_said(self) -> str:
        """``walls left: 2 of 3``, or ``walls: 12 placed, unlimited``."""
        if self.budget is None:
            return f"walls: {len(self.walls)} placed, unlimited"
        return f"walls left: {self.walls_left} of {self.budget}"

    @property
    def moves(self) -> Optional[int]:
        """The runner's moves with the walls on the board (None when they block every route)."""
        return len(self.path) - 1 if self.path else None

    # ---- the hooks of PuzzleGame: a click puts a wall on or takes it off --------------------

    def fresh(self) -> set:
        return set()

    def refusal(self, cell) -> Optional[str]:
        return None if cell in self.walls else wallmaze.why_not(self.maze, self.walls, cell, self.runner)

    def played(self, cell) -> set:
        return self.walls ^ {cell}

    def said(self, cell) -> str:
        if cell not in self.walls:
            return f"Took the wall off {cell}."
        if self.goal is None or self.moves < self.goal:       # a wall that blocks is refused: moves is a number
            return f"Wall on {cell}."
        return f"Wall on {cell}. Well done: that {'reaches' if self.moves == self.goal else 'beats'} the goal!"

    def picture(self) -> tuple:
        texts, roles = wallmaze.view(self.maze, self.walls, self.path)
        return texts, roles, self.path

    def label(self) -> str:
        return f"Mazer {self.map_id}, {self.size()}, {plural(self.moves or 0, 'move')}, {self.walls_said}"

    def heading(self) -> str:
        goal = "none stored" if self.goal is None else f"{self.goal}{' (the proven best)' if self.goal_proven else ''}"
        return (f"<b>Mazer</b> {self.map_id} &nbsp; moves: <b>{self.moves}</b> &nbsp; goal: {goal} &nbsp; "
                f"{self.walls_said}")

    # ---- actions ---------------------------------------------------------------------

    clear = PuzzleGame.reset        # Clear takes every wall off

    def set_walls(self, walls) -> None:
        """Place exactly these walls (checked by :func:`wallmaze.check`: open cells, within budget, not
        blocking; a ValueError gives its reason)."""
        walls = list(walls)
        verdict = wallmaze.check(self.maze, walls)
        if not verdict:
            raise ValueError(verdict.reason)
        self.answer = set(self.maze.check_walls(walls))
        self.draw(f"Placed {plural(len(walls), 'wall')}.")

    def start(self) -> None:
        """Animate the runner along its path."""
        self.board.animate_route(self.path, ms_per_step=SPEEDS[self.speed.value])
        self.board.status = f"The runner takes {plural(self.moves, 'move')}."

    @property
    def store(self):
        """Where scores go: the class's table on a hub that has one (:mod:`mathmaze_lib.hubscores`: lines named
        by the hub login), else the local :class:`~mathmaze_lib.store.Store`."""
        if self._store is None:
            from ..hubscores import class_scores
            from ..store import Store
            self._store = class_scores() or Store()
        return self._store

    def save(self) -> None:
        """What Save best does: save the player's walls as the best for the map (if they are) and add a
        high-score line, then show the high scores.  The optimizer's walls (Show best) are not saved."""
        if self.showing_best:
            self.board.status = ("These are the optimizer's walls, not yours: the high scores keep players' "
                                 "walls apart from the optimizer's. Change a wall (or Clear) and save your own.")
            return
        try:        # a store that cannot open or write says why (StoreError); the game plays on
            improved = self.store.save_best(self.map_id, self.moves, sorted(self.walls))
            rank = self.store.add_score(self.map_id, self.name_box.value, self.moves)
            best = self.store.best(self.map_id)[0]
        except (ValueError, OSError) as exc:
            self.board.status = f"Could not save (you can keep playing): {exc}"
        else:
            note = "a new best!" if improved else f"the best saved is {best}"
            warning = f" Note: {self.store.warning}" if self.store.warning else ""
            who = getattr(self.store, "login", None) or self.name_box.value or "anonymous"
            self.draw(f"Saved {self.moves} moves for {who}: rank {rank}, {note}{warning}")
        self.show_scores()

    @staticmethod
    def _saved_scores_exist() -> bool:
        """True when the default score file exists (a new game does not create it just to say it is empty)."""
        from ..hubscores import URL_VARIABLE
        from ..store import FILE_NAME, data_dir
        if os.environ.get(URL_VARIABLE):          # the class's table on a hub
            return True
        try:
            return (data_dir() / FILE_NAME).exists()
        except OSError:
            return False

    def show_scores(self, limit: int = 5) -> None:
        """Show the top ``limit`` saved scores of this map under the board."""
        try:
            rows = self.store.high_scores(self.map_id, limit)
        except (ValueError, OSError, sqlite3.Error) as exc:
            self.scores_view.value = f"<p>High scores cannot be read: {html.escape(str(exc))}</p>"
            return
        ranked = [(i + 1, name, moves) for i, (name, moves, _when) in enumerate(rows)]
        self.scores_view.value = (table(["rank", "name", "moves"], ranked, f"High scores of {self.map_id}") if rows
                                  else "<p>No scores saved for this map yet.</p>")

    def show_best(self) -> None:
        """Show the optimizer's best walls: the stored goal, or a short run of the optimizer that suits the
        board (:func:`mathmaze_lib.optimize.best_walls`, the game's effort)."""
        entry = self._goal_entry
        if entry:
            walls, how = [tuple(c) for c in entry["walls"]], "the stored goal"
        else:
            self.progress_view.layout.display = None
            limits = {}                                     # the game's effort: a short run, pure Python
            if self.code is not None and self.code.maze is self.maze:   # a Pathery map may be big: 5 s, compiled
                limits = {"seconds": 5.0, "compiled": True}
            best = optimize.best_walls(self.maze, effort="game", progress=self.progress, **limits)
            walls, how = best.walls, f"a short run of {best.method}"
        self.answer = self._best_walls = set(walls)
        self.draw(f"The optimizer's best ({how}): {plural(len(walls), 'wall')}.")
