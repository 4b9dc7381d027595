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
"""

from __future__ import annotations

import hashlib
import html
import sqlite3
from typing import Optional

import ipywidgets as w

from .. import optimize, wallmaze
from ..wallmaze import UNLIMITED, WallMaze
from .board import plural
from .game import PuzzleGame, table

__all__ = ["MazerGame", "progress_bar"]

SPEEDS = {"slow": 250, "normal": 100, "fast": 35}

#: What a screen reader says for each role of a Mazer board (and the legend shows).
MAZER_WORDS = {"plain": "open", "start": "start", "end": "finish", "rock": "rock", "wall": "your wall",
               "path": "on the runner's path", "highlight": "checkpoint"}


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

    Give a ``preset`` and ``level`` (see :data:`mathmaze_lib.wallmaze.PRESETS`; the level id box,
    Play this id and New level play other levels of the preset) or a ``maze``.  Scores are saved
    with :class:`mathmaze_lib.store.Store` (``store`` argument, or the default store on the first Save).
    """

    role_words = MAZER_WORDS
    reset_text = "All walls cleared."
    noun = "level"

    def __init__(self, preset: str = "mazer", level: int = 1, *, maze: Optional[WallMaze] = None,
                 store=None, name: str = "me"):
        #: The preset whose levels the id box plays (None: a board of its own, ``maze``).
        self.preset = None if maze is not None else preset
        self._store = store
        make = None if maze is not None else (lambda level_id: wallmaze.level(preset, level_id))
        maze = maze or wallmaze.level(preset, level)
        super().__init__(maze, cell_size=34 if maze.cols > 12 else 40, make=make, id=level,
                         reset=("Clear", "eraser"), undo=False)
        self.clear_button = self.reset_button
        #: True while the walls on the board are the optimizer's (Show best), until the player changes one.
        self.showing_best = False
        self.progress, self.progress_view = progress_bar("optimizer")
        self.progress_view.layout.display = "none"
        self.name_box = w.Text(value=name, description="Name", layout=w.Layout(width="180px"))
        self.speed = w.Dropdown(options=list(SPEEDS), value="normal", description="Speed",
                                layout=w.Layout(width="160px"))
        self.start_button = w.Button(description="Start", icon="play", button_style="success")
        self.save_button = w.Button(description="Save best", icon="save")
        self.best_button = w.Button(description="Show best", icon="trophy",
                                    tooltip="Show the best walls the optimizer found")
        self.start_button.on_click(lambda _: self.start())
        self.save_button.on_click(lambda _: self.save_mine())
        self.best_button.on_click(lambda _: self.show_best())
        # A new speed applies to the run on screen at once (the board keeps its place on the route).
        self.speed.observe(lambda change: self.board.set_animation_speed(SPEEDS[change["new"]]), names="value")
        self.scores_view = w.HTML()
        self.view = self.layout([self.start_button, self.speed, self.clear_button],
                                *([self.id_controls] if make else []),
                                [self.name_box, self.save_button, self.best_button], self.progress_view,
                                self.scores_view)
        warning = f" Note: {store.warning}" if store is not None and store.warning else ""
        self.reset(self.loaded() + warning)

    def loaded(self) -> str:
        """Take in the board: its name for the high scores, its stored goal (checked on the board:
        a bad entry is skipped and named), its runner and its scores."""
        if self.preset is None:
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
        if self._store is not None or self._saved_scores_exist():
            self.show_scores()
        return ("Click open cells to place walls; make the runner's path as long as you can."
                + (f" Note: {problem}" if problem else ""))

    # ---- state -----------------------------------------------------------------------

    @property
    def maze(self) -> WallMaze:
        return self.puzzle

    @property
    def walls(self) -> set:
        """The player's walls (the answer)."""
        return self.answer

    @walls.setter
    def walls(self, walls) -> None:
        self.answer = set(walls)

    @property
    def path(self) -> list:
        """The runner's route with these walls."""
        key = frozenset(self.walls)
        if self._route_of[0] != key:
            self._route_of = (key, self._route(key) or [])
        return self._route_of[1]

    @property
    def budget(self) -> Optional[int]:
        """How many walls may go up (None: as many as you like)."""
        return None if self.maze.budget == UNLIMITED else self.maze.budget

    @property
    def walls_left(self) -> Optional[int]:
        return None if self.budget is None else self.budget - len(self.walls)

    @property
    def moves(self) -> Optional[int]:
        return len(self.path) - 1 if self.path else None

    def _route(self, walls) -> Optional[list]:
        route = self.runner.path({self.runner.index(c) for c in walls})
        return None if route is None else [self.runner.cell(i) for i in route]

    # ---- the hooks of PuzzleGame: a click puts a wall on or takes it off --------------------

    def fresh(self) -> set:
        return set()

    def refusal(self, cell) -> Optional[str]:
        return None if cell in self.walls else wallmaze.why_not(self.maze, self.walls, cell, self.runner)

    def played(self, cell) -> set:
        self.showing_best = False
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
        walls = (f"{self.walls_left} of {plural(self.budget, 'wall')} left" if self.budget is not None
                 else f"{plural(len(self.walls), 'wall')} placed, unlimited")
        return (f"Mazer {self.map_id}, {plural(self.maze.rows, 'row')} by {plural(self.maze.cols, 'column')}, "
                f"{plural(self.moves or 0, 'move')}, {walls}")

    def heading(self) -> str:
        goal = "none stored" if self.goal is None else f"{self.goal}" + (" (the proven best)" if self.goal_proven else "")
        walls = (f"walls left: {self.walls_left} of {self.budget}" if self.budget is not None
                 else f"walls: {len(self.walls)} placed, unlimited")
        return f"<b>Mazer</b> {self.map_id} &nbsp; moves: <b>{self.moves}</b> &nbsp; goal: {goal} &nbsp; {walls}"

    # ---- actions ---------------------------------------------------------------------

    def reset(self, status: Optional[str] = None) -> None:
        """Take every wall off (what Clear does)."""
        self.showing_best = False
        super().reset(status)

    clear = reset

    def set_walls(self, walls) -> None:
        """Place exactly these walls (checked by :func:`wallmaze.check`: open cells, within budget, not
        blocking; a ValueError gives its reason)."""
        walls = list(walls)
        verdict = wallmaze.check(self.maze, walls)
        if not verdict:
            raise ValueError(verdict.reason)
        self.showing_best = False
        self.walls = self.maze.check_walls(walls)
        self.draw(f"Placed {plural(len(walls), 'wall')}.")

    def start(self) -> None:
        """Animate the runner along its path."""
        self.board.animate_route(self.path, ms_per_step=SPEEDS[self.speed.value])
        self.board.status = f"The runner takes {plural(self.moves, 'move')}."

    @property
    def store(self):
        if self._store is None:
            from ..store import Store
            self._store = Store()
        return self._store

    def save(self) -> None:
        """Save this wall set as the best for the map (if it is) and add a high-score line."""
        try:        # a store that cannot open or write says why (StoreError); the game plays on
            improved = self.store.save_best(self.map_id, self.moves, sorted(self.walls))
            rank = self.store.add_score(self.map_id, self.name_box.value, self.moves)
            best = self.store.best(self.map_id)[0]
        except (ValueError, OSError) as exc:
            self.board.status = f"Could not save (you can keep playing): {exc}"
            return
        note = "a new best!" if improved else f"the best saved is {best}"
        warning = f" Note: {self.store.warning}" if self.store.warning else ""
        self.draw(f"Saved {self.moves} moves for {self.name_box.value or 'anonymous'}: "
                  f"rank {rank}, {note}{warning}")

    def save_mine(self) -> None:
        """What Save best does: save the player's walls, never the optimizer's, then show the high scores."""
        if self.showing_best:
            self.board.status = ("These are the optimizer's walls, not yours: the high scores keep players' "
                                 "walls apart from the optimizer's. Change a wall (or Clear) and save your own.")
            return
        self.save()
        self.show_scores()

    @staticmethod
    def _saved_scores_exist() -> bool:
        """True when the default score file exists (a new game does not create it just to say it is empty)."""
        from ..store import FILE_NAME, data_dir
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
        self.scores_view.value = (table(["rank", "name", "moves"], [(i + 1, name, moves) for i, (name, moves, _) in
                                                                     enumerate(rows)], f"High scores of {self.map_id}")
                                  if rows else "<p>No scores saved for this map yet.</p>")

    def show_best(self) -> None:
        """Show the optimizer's best walls: the stored goal, or a short annealing run."""
        entry = self._goal_entry
        if entry:
            walls, how = [tuple(c) for c in entry["walls"]], "the stored goal"
        else:
            self.progress_view.layout.display = None
            result = optimize.anneal(self.maze, seed=0, seconds=None, max_iters=10_000, progress=self.progress)
            walls, how = result.walls, "a short annealing run"
        self.walls = set(walls)
        self.draw(f"The optimizer's best ({how}): {plural(len(walls), 'wall')}.")
        self.showing_best = True

    def __repr__(self) -> str:
        return f"<Mazer {self.map_id}: {self.moves} moves with {len(self.walls)} walls: run this in Jupyter to play>"
