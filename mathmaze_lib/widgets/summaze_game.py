"""Play Math Maze on the board, alone (:class:`MathMazeGame`) or as a two-player race (:class:`MathMazeRace`).

The path always begins at Start.  Click a cell next to the path's last cell to
extend it, click the last cell again to take it back.  The End cell shows the
target, and while you trace, the running sum beside it (``12/21``).  Any path
from Start to End whose numbers add up to the target wins.

>>> game = MathMazeGame(1)
>>> game.puzzle.target, game.board.get_text(game.puzzle.end)
(21, '3/21')
>>> for cell in [(0, 1), (1, 1), (1, 0), (2, 0)]:
...     game.board.click(*cell)
>>> game.won, game.board.status
(True, 'Solved! Well done: 3 + 2 + 8 + 8 = 21 in 4 moves.')
"""

from __future__ import annotations

import functools
import html
import random
import time
from typing import Callable, Optional

import ipywidgets as w

from .. import summaze
from ..summaze import make, running_sums
from .board import game_mimebundle, plural
from .controls import RoundClock
from .game import MAX_ID, PuzzleGame, button, sentence, table

__all__ = ["MathMazeGame", "MathMazeRace"]

#: What a screen reader says for each role of a Math Maze board.
GAME_WORDS = {"start": "Start, where the path begins", "end": "End", "goal": "End, reached",
              "path": "on your path"}


class MathMazeGame(PuzzleGame):
    """One player's Math Maze: a board, the puzzle id, and Undo / Reset / New puzzle.

    ``id=None`` picks a random puzzle.  ``controls=False`` hides the id box and
    New puzzle (a race deals the puzzles).  ``on_win(game)`` runs when the
    player solves the puzzle.
    """

    role_words = GAME_WORDS
    click_last_undoes = True
    nothing_to_undo = "Nothing to undo: the path is only the Start cell."
    reset_text = "New try: start at the green ▶ cell."

    def __init__(self, id: Optional[int] = None, rows: int = 4, cols: int = 5, *, unique: bool = False,
                 title: str = "Math Maze", controls: bool = True, on_win: Optional[Callable] = None,
                 rng: Optional[random.Random] = None):
        self.title, self.on_win, self._controls = title, on_win, controls
        rng = rng or random.Random()

        new = functools.partial(make, rows=rows, cols=cols, unique=unique)
        super().__init__(new(rng.randrange(MAX_ID) if id is None else id), cell_size=52, rng=rng, make=new)
        self.view = self.layout([self.undo_button, self.reset_button] + (self.id_controls if controls else []))
        self.reset("Start at the green ▶ cell; click a neighbouring cell to extend your path.")

    @property
    def path(self) -> list:
        """The path so far (it begins at Start)."""
        return self.answer

    @property
    def total(self) -> int:
        """The running sum of the path so far."""
        return running_sums(self.puzzle, self.path)[-1]

    @property
    def won(self) -> bool:
        """True when the path is a solution (it reached End with the target sum)."""
        return self.path[-1] == self.puzzle.end and summaze.check(self.puzzle, self.path).ok

    # ---- the hooks of PuzzleGame ----------------------------------------------------------

    def fresh(self) -> list:
        return [self.puzzle.start]

    def refusal(self, cell) -> Optional[str]:
        if cell == self.path[-1]:
            return "This is Start, where every path begins: click a neighbouring cell."
        return summaze.why_not(self.puzzle, self.path, cell)

    def took_back(self) -> str:
        return f"Took back one cell; the sum is {self.total}."

    def said(self, cell) -> str:
        p, total = self.puzzle, self.total
        if cell != p.end:
            return f"Sum so far: {total} of {p.target}." + (f" That is already {total - p.target} over the target."
                                                            if total > p.target else "")
        verdict = summaze.check(p, self.path)
        if not verdict:
            return f"{sentence(verdict.reason)}. Click the last cell to undo."
        numbers = " + ".join(str(p.value(c)) for c in self.path if c != p.end)
        return f"Solved! Well done: {numbers} = {p.target} in {plural(len(self.path) - 1, 'move')}."

    def picture(self) -> tuple:
        p = self.puzzle
        texts, roles = summaze.view(p, self.path)
        texts[p.end[0]][p.end[1]] = f"{self.total}/{p.target}"
        if self.won:
            roles[p.end] = "goal"
        return texts, roles, self.path

    def label(self) -> str:
        p = self.puzzle
        return f"{self.title}, puzzle {p.id}, {self.size()}, target {p.target}"

    def heading(self) -> str:
        title, p = html.escape(self.title), self.puzzle
        if self._controls:
            return f"<b>{title}</b> &nbsp; puzzle {p.id} &nbsp; reach the ⚑ End with a sum of <b>{p.target}</b>"
        # a race: short enough for one line above a small board (the puzzle id is in the race's news)
        return f"<b>{title}</b> &nbsp; ⚑ End sum <b>{p.target}</b>"


class MathMazeRace:
    """Two players, the same puzzle, side by side: the first correct path wins the round.

    The clock starts when a round is dealt.  A win stops it and keeps the winning path on
    screen; "Next round" deals the next puzzle (ids follow from the first id, so a race can be
    replayed).  ``clock`` gives the time in seconds (tests pass a fake one).

    >>> race = MathMazeRace(1, clock=iter(range(0, 100, 5)).__next__)
    >>> for cell in [(0, 1), (1, 1), (1, 0), (2, 0)]:
    ...     race.games[1].board.click(*cell)
    >>> race.scores, race.rounds[0][:2], race.round
    ([0, 1], (1, 'Player 2'), 1)
    >>> race.next_button.description
    'Next round'
    >>> race.next_button.click(); race.round, race.games[0].puzzle.id == race.games[1].puzzle.id
    (2, True)
    """

    def __init__(self, id: Optional[int] = None, rows: int = 4, cols: int = 5, *, unique: bool = False,
                 names=("Player 1", "Player 2"), clock: Callable[[], float] = time.monotonic):
        if len(names) != 2:
            raise ValueError(f"a race has two players, got names {names!r}")
        self.names = [str(n) for n in names]
        self.clock = clock
        first = random.randrange(MAX_ID) if id is None else id
        self._ids = random.Random(first)
        self.games = [MathMazeGame(first, rows, cols, unique=unique, title=name, controls=False,
                                   on_win=self._on_win) for name in self.names]
        self.scores = [0, 0]
        self.rounds: list = []   # (puzzle id, winner, seconds)
        self.round = 1
        #: True between a win and the next deal.
        self.over = False
        self.timer = RoundClock()
        self.scoreboard = w.HTML()
        self.news = w.HTML(layout=w.Layout(min_height="3em"))
        self.next_button = button("Skip round", self.next_round)     # its words follow the round (_deal, _on_win)
        # A fixed width per player (the board's): texts that change length never move the other board.
        for g in self.games:
            g.board.status_lines = 4
            g.board.legend_roles = ["start", "end", "path"]
            g.view.layout = w.Layout(width=f"{cols * g.board.cell_size + 4}px", max_width="100%",
                                     margin="0 24px 12px 0")
        self.view = w.VBox([w.HBox([w.HTML("<b>Math Maze race</b>"), self.timer, self.next_button],
                                   layout=w.Layout(flex_flow="row wrap", align_items="center")),
                            self.news,  # one line kept for it, so the boards below never move
                            w.HBox([g.view for g in self.games], layout=w.Layout(flex_flow="row wrap")),
                            self.scoreboard], layout=w.Layout(max_width="100%"))
        self._deal(first, "Round 1")

    def _on_win(self, game: MathMazeGame) -> None:
        winner = self.games.index(game)
        seconds = self.clock() - self.started
        self.scores[winner] += 1
        self.rounds.append((game.puzzle.id, self.names[winner], round(seconds, 1)))
        self.over = True
        self.timer.stop(seconds)
        done = f"{self.names[winner]} won round {self.round} in {seconds:.1f} s. Press Next round to play on."
        for g in self.games:
            g.locked = done
        other = self.games[1 - winner]
        other.board.status = f"{self.names[winner]} was faster this time. Press Next round to play on."
        self.next_button.description = "Next round"
        self.next_button.tooltip = "Deal the next puzzle to both players"
        self._show_scores(f"Well done, {self.names[winner]}! You won round {self.round} in {seconds:.1f} s.")

    def next_round(self) -> None:
        """Deal a new puzzle to both players at once (skips the round if nobody has won it)."""
        news = "" if self.over else f"Round {self.round} skipped. "
        self.round += 1
        self._deal(self._ids.randrange(MAX_ID), news + f"Round {self.round}")

    def _deal(self, pid: int, news: str) -> None:
        self.over = False
        for g in self.games:
            g.locked = None
            g.load(pid)
        self.next_button.description = "Skip round"
        self.next_button.tooltip = "Nobody wins this round; deal a new puzzle"
        self.started = self.clock()
        self.timer.start(f"round {self.round}: ")
        self._show_scores(f"{news}: puzzle {pid}. Go!")

    def _show_scores(self, news: str) -> None:
        self.news.value = f"<p role='status'>{html.escape(news)}</p>"
        score = html.escape(f"{self.names[0]} {self.scores[0]} : {self.scores[1]} {self.names[1]}")
        rows = [(i + 1, pid, who, f"{secs} s") for i, (pid, who, secs) in enumerate(self.rounds)]
        self.scoreboard.value = f"<p><b>{score}</b></p>" + (table(["round", "puzzle", "winner", "time"], rows)
                                                             if rows else "")

    def __repr__(self) -> str:
        return (f"<Math Maze race, round {self.round}, {self.names[0]} {self.scores[0]} : "
                f"{self.scores[1]} {self.names[1]}: run this in Jupyter to play>")

    def _repr_mimebundle_(self, **kwargs):
        return game_mimebundle(self, **kwargs)
