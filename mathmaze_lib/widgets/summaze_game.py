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

import csv
import functools
import html
import io
import os
import pathlib
import random
import time
from dataclasses import dataclass
from typing import Callable, Optional

import ipywidgets as w

from .. import checks
from ..puzzles.summaze import make, running_sums
from .board import game_mimebundle, plural
from .controls import DownloadButton, RoundClock
from .game import MAX_ID, PuzzleGame, button, sentence, table

__all__ = ["MathMazeGame", "MathMazeRace", "RoundResult"]

#: What a screen reader says for each role of a Math Maze board.
GAME_WORDS = {"start": "Start, where the path begins", "end": "End", "goal": "End, reached",
              "path": "on your path"}


class MathMazeGame(PuzzleGame):
    """One player's Math Maze: a board, the puzzle id, and Undo / Reset / New puzzle.

    ``id=None`` picks a random puzzle.  ``controls=False`` hides the id box and
    New puzzle (a race deals the puzzles).  ``on_win(game)`` runs when the
    player solves the puzzle.
    """

    kind_name = "summaze"
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
        return self.path[-1] == self.puzzle.end and self.kind.check(self.puzzle, self.path).ok

    # ---- the hooks of PuzzleGame ----------------------------------------------------------

    def fresh(self) -> list:
        return [self.puzzle.start]

    def refusal(self, cell) -> Optional[str]:
        if cell == self.path[-1]:
            return "This is Start, where every path begins: click a neighbouring cell."
        return self.kind.refusal(self.puzzle, self.path, cell)

    def took_back(self) -> str:
        return f"Took back one cell; the sum is {self.total}."

    def said(self, cell) -> str:
        p, total = self.puzzle, self.total
        if cell != p.end:
            return f"Sum so far: {total} of {p.target}." + (f" That is already {total - p.target} over the target."
                                                            if total > p.target else "")
        verdict = self.kind.check(p, self.path)
        if not verdict:
            return f"{sentence(verdict.reason)}. Click the last cell to undo."
        numbers = " + ".join(str(p.value(c)) for c in self.path if c != p.end)
        return f"Solved! Well done: {numbers} = {p.target} in {plural(len(self.path) - 1, 'move')}."

    def picture(self) -> tuple:
        p = self.puzzle
        texts, roles = self.kind.view(p, self.path)
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


#: The race's limits: rounds in a race and seconds per round (set on screen).
MAX_ROUNDS = 20
MIN_SECONDS, MAX_SECONDS = 10, 600


@dataclass(frozen=True)
class RoundResult:
    """One round of a race: its ``number``, ``puzzle`` id, ``points`` (one per player: 1 for the
    winner), the ``winner``'s name ("" when nobody won), the ``seconds`` it took, and how it ``ended``
    ("solved", "time up" or "skipped")."""

    number: int
    puzzle: int
    points: tuple
    winner: str
    seconds: float
    ended: str


class MathMazeRace:
    """Two players, the same puzzle, side by side, for a number of rounds of a number of seconds each
    (set on screen, then *Start race*): the first correct path wins the round; when the time is up,
    nobody does and one solution is shown.  *Next round* deals the next puzzle; after the last round the
    race says who won.  The tally (a row per round, a column per player) is on screen, can be
    downloaded as CSV, and with ``save_to`` (a folder) is also written there after every round.

    The players' names (``names``) can be changed on screen before a race too.
    The puzzles follow from the first puzzle id (the box on screen; ``id``), so a race can be replayed:
    every pair of a class tournament can play the same rounds.  ``clock`` gives the time in seconds
    (tests pass a fake one); ``big=True`` draws the clock large (the projector page).

    >>> race = MathMazeRace(1, rounds=2, clock=iter(range(0, 100, 5)).__next__)
    >>> race.start(); race.phase, race.round
    ('playing', 1)
    >>> for cell in [(0, 1), (1, 1), (1, 0), (2, 0)]:
    ...     race.games[1].board.click(*cell)
    >>> race.scores, race.results[0].winner, race.phase
    ([0, 1], 'Player 2', 'between')
    >>> race.next_button.click(); race.round, race.games[0].puzzle.id == race.games[1].puzzle.id
    (2, True)
    >>> race.tally_csv().splitlines()[:2]
    ['round,puzzle,Player 1,Player 2,winner,seconds,ended', '1,1,0,1,Player 2,5.0,solved']
    """

    def __init__(self, id: Optional[int] = None, rows: int = 4, cols: int = 5, *, unique: bool = False,
                 names=("Player 1", "Player 2"), rounds: int = 5, seconds: int = 60,
                 clock: Callable[[], float] = time.monotonic, save_to=None, big: bool = False):
        if len(names) != 2:
            raise ValueError(f"a race has two players, got names {names!r}")
        _check_setting("rounds", rounds, 1, MAX_ROUNDS)
        _check_setting("seconds", seconds, MIN_SECONDS, MAX_SECONDS)
        self.names = [str(n) for n in names]
        self.clock = clock
        self.save_to = None if save_to is None else pathlib.Path(save_to)
        first = random.randrange(MAX_ID) if id is None else id
        self.games = [MathMazeGame(first, rows, cols, unique=unique, title=name, controls=False,
                                   on_win=self._on_win) for name in self.names]
        self.scores = [0, 0]
        self.results: list = []
        self.round = 0
        #: "ready" (before Start race), "playing", "between" (rounds) or "over".
        self.phase = "ready"
        self.file: Optional[pathlib.Path] = None
        self.timer = RoundClock(big=big, label="time left in the round")
        self.timer.on_time_up(self.time_up)
        style = {"description_width": "initial"}
        self.rounds_box = w.BoundedIntText(value=rounds, min=1, max=MAX_ROUNDS, description="Rounds", style=style,
                                           layout=w.Layout(width="9em"))
        self.seconds_box = w.BoundedIntText(value=seconds, min=MIN_SECONDS, max=MAX_SECONDS, step=10,
                                            description="Seconds per round", style=style,
                                            layout=w.Layout(width="15em"))
        self.id_box = w.BoundedIntText(value=first, min=0, max=MAX_ID * 1000, description="First puzzle",
                                       style=style, layout=w.Layout(width="14em"))
        self.id_box.add_class("mm-race-first")
        self.name_boxes = [w.Text(value=name, description=f"Player {k + 1}", style=style,
                                  layout=w.Layout(width="14em")) for k, name in enumerate(self.names)]
        self.start_button = button("Start race", self.start, button_style="success",
                                   tooltip="Deal round 1 with these settings")
        self.next_button = button("Next round", self.next_round, tooltip="Deal the next puzzle to both players")
        self.next_button.disabled = True
        self.download = DownloadButton(label="Download the tally (CSV)", filename="race-tally.csv")
        self.news = w.HTML(layout=w.Layout(min_height="1.6em"))
        self.tally_view = w.HTML()
        self.saved = w.HTML()
        # A fixed width per player (the board's): texts that change length never move the other board.
        for g in self.games:
            g.board.status_lines = 3
            g.board.legend_roles = ["start", "end", "path"]
            g.view.layout = w.Layout(width=f"{cols * g.board.cell_size + 4}px", max_width="100%",
                                     margin="0 24px 12px 0")
            g.view.add_class("mm-race-player")
        # the settings are shown before a race and after it, not while the rounds are played
        self.settings = w.HBox([*self.name_boxes, self.rounds_box, self.seconds_box, self.id_box],
                               layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.settings.add_class("mm-race-settings")
        top = w.HBox([w.HTML("<b>Math Maze race</b>"), self.timer, self.start_button, self.next_button],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        top.add_class("mm-race-top")
        boards = w.HBox([g.view for g in self.games], layout=w.Layout(flex_flow="row wrap"))
        boards.add_class("mm-race-boards")
        tally = w.VBox([self.tally_view, w.HBox([self.download, self.saved],
                                                layout=w.Layout(flex_flow="row wrap", align_items="center"))])
        tally.add_class("mm-race-tally")
        self.view = w.VBox([top, self.settings, self.news, boards, tally], layout=w.Layout(max_width="100%"))
        self.view.add_class("mm-race")
        self._ready()

    # ---- the phases of a race ------------------------------------------------------------------

    def _ready(self) -> None:
        for g, name in zip(self.games, self.names):
            g.info.value = f"<b>{html.escape(name)}</b>"      # no target before the deal
            g.locked = "Press Start race when both players are ready."
            g.board.set_texts([[""] * g.puzzle.cols for _ in range(g.puzzle.rows)])
            g.board.fill_roles("plain")
            g.board.show_route([])
            g.board.status = g.locked
        self.timer.stop(-1, prefix="ready")
        self._show("Set the rounds and the seconds per round, then press Start race.")

    def start(self) -> None:
        """Start a race (again) with the settings on screen: round 1 is dealt at once."""
        self.rounds_total, self.seconds = int(self.rounds_box.value), int(self.seconds_box.value)
        names = [box.value.strip() or f"Player {k + 1}" for k, box in enumerate(self.name_boxes)]
        if names[0] == names[1]:
            names = [f"{name} ({k + 1})" for k, name in enumerate(names)]
        self.names = names
        for g, name in zip(self.games, names):
            g.title = name
        first = int(self.id_box.value)
        self._ids = random.Random(first)
        self.scores, self.results, self.round = [0, 0], [], 0
        self.file = (self.save_to / time.strftime("race-%Y-%m-%d-%H%M%S.csv")) if self.save_to else None
        self.download.filename = self.file.name if self.file else "race-tally.csv"
        self.start_button.description = "Restart race"
        self.settings.layout.display = "none"
        self._deal(first)

    def next_round(self) -> None:
        """Deal the next puzzle to both players (while a round is played: skip it, nobody wins it)."""
        if self.phase == "playing":
            self._end(None, self.clock() - self.started, "skipped")
        if self.phase == "between":
            self._deal(self._ids.randrange(MAX_ID))

    def time_up(self) -> None:
        """The round's time is over (the browser's countdown says so; checked against our clock):
        nobody wins it, and the boards show one solution."""
        elapsed = self.clock() - self.started
        if self.phase != "playing" or elapsed < self.seconds - 1.0:
            return
        self._end(None, float(self.seconds), "time up")

    def _deal(self, pid: int) -> None:
        self.round += 1
        self.phase = "playing"
        for g in self.games:
            g.locked = None
            g.load(pid)
        self.next_button.description = "Skip round"
        self.next_button.tooltip = "Nobody wins this round; deal the next puzzle"
        self.next_button.disabled = False
        self.started = self.clock()
        self.timer.start(f"Round {self.round} of {self.rounds_total}: ", limit=self.seconds)
        self._show(f"Round {self.round} of {self.rounds_total}: puzzle {pid}. Go!")

    def _on_win(self, game: MathMazeGame) -> None:
        seconds = self.clock() - self.started
        if seconds > self.seconds + 1.0:         # the browser's time-up message was lost: too late
            self._end(None, float(self.seconds), "time up")
            return
        self._end(self.games.index(game), seconds, "solved")

    def _end(self, winner: Optional[int], seconds: float, ended: str) -> None:
        """Close the round: the tally, the clock, the boards, the buttons."""
        pid = self.games[0].puzzle.id
        points = tuple(int(k == winner) for k in range(2))
        self.scores = [a + b for a, b in zip(self.scores, points)]
        name = self.names[winner] if winner is not None else ""
        self.results.append(RoundResult(self.round, pid, points, name, round(float(seconds), 1), ended))
        last = self.round >= self.rounds_total
        self.phase = "over" if last else "between"
        after = "Press Start race for a new race." if last else "Press Next round to play on."
        if winner is not None:
            said = f"{name} won round {self.round} in {seconds:.1f} s."
            self.timer.stop(seconds, prefix=f"Round {self.round}: {name} in ")
        elif ended == "time up":
            said = f"Time is up: nobody solved round {self.round}. One solution is shown."
            self.timer.stop(-1, prefix=f"Round {self.round}: time is up")
            for g in self.games:         # show the planted path on both boards
                g.answer = list(g.puzzle.path)
                g.draw()
        else:
            said = f"Round {self.round} skipped."
            self.timer.stop(-1, prefix=f"Round {self.round}: skipped")
        for k, g in enumerate(self.games):
            g.locked = f"{said} {after}"
            if winner is not None and k != winner:
                g.board.status = f"{name} was faster this time. {after}"
            elif winner is None:
                g.board.status = g.locked
        self.next_button.description = "Next round"
        self.next_button.tooltip = "Deal the next puzzle to both players"
        self.next_button.disabled = last
        if last:
            self.start_button.description = "Start race"
            self.settings.layout.display = None
            self.id_box.value = self._ids.randrange(MAX_ID)      # a new race gets new puzzles (type it back to replay)
        self._save()
        if last:
            self._share()
        score = f"{self.names[0]} {self.scores[0]} : {self.scores[1]} {self.names[1]}"
        self._show(f"{said} {self._verdict() if last else f'Score: {score}. {after}'}")

    def _verdict(self) -> str:
        a, b = self.scores
        score = f"{self.names[0]} {a} : {b} {self.names[1]}"
        if a == b:
            return f"Race over: {score}, a draw!"
        return f"Race over: {score}. {self.names[0] if a > b else self.names[1]} wins the race!"

    # ---- the tally ---------------------------------------------------------------------------

    def tally_rows(self) -> list:
        """The tally: a list per round, ``[round, puzzle, points of player 1, points of player 2, winner,
        seconds, ended]``, under the header of :meth:`tally_csv`."""
        return [[r.number, r.puzzle, *r.points, r.winner, r.seconds, r.ended] for r in self.results]

    def tally_csv(self) -> str:
        """The tally as CSV text (a header, then a row per round)."""
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["round", "puzzle", *self.names, "winner", "seconds", "ended"])
        writer.writerows(self.tally_rows())
        return out.getvalue()

    def _save(self) -> None:
        """Write the tally next to the page (``save_to``), whole or not at all."""
        text = self.tally_csv()
        self.download.text, self.download.ready = text, bool(self.results)
        if self.file is None:
            return
        try:
            tmp = self.file.with_name(self.file.name + ".part")
            tmp.write_text(text, encoding="utf-8")
            os.replace(tmp, self.file)
        except OSError as exc:
            self.saved.value = (f"<span role='status'>Could not save {html.escape(self.file.name)} "
                                f"({html.escape(exc.strerror or str(exc))}): use Download.</span>")
        else:
            self.saved.value = (f"<span role='status'>Saved as <b>{html.escape(self.file.name)}</b> next to this "
                                f"page, after every round.</span>")

    def _share(self) -> None:
        """On a hub with the class's table (:mod:`mathmaze_lib.hubscores`), add the race's tally to it, named by
        this screen's hub login; elsewhere nothing."""
        from ..hubscores import class_scores
        from ..store import StoreError

        scores = class_scores()
        if scores is None:
            return
        try:
            scores.add_race(self.names, self.scores, len(self.results))
        except StoreError as exc:
            said = f"The class's race table did not take this race: {exc}"
        else:
            said = "The race is on the class's race table."
        self.saved.value += f" <span role='status'>{html.escape(said)}</span>"

    def _show(self, news: str) -> None:
        self.news.value = f"<p role='status'>{html.escape(news)}</p>"
        rows = [(r.number, r.puzzle, *r.points, r.winner or "-", f"{r.seconds} s", r.ended) for r in self.results]
        if rows:
            rows.append(("total", "", *self.scores, "", "", ""))
        score = html.escape(f"{self.names[0]} {self.scores[0]} : {self.scores[1]} {self.names[1]}")
        self.tally_view.value = f"<p class='mm-race-score'><b>{score}</b></p>" + (
            table(["round", "puzzle", *self.names, "winner", "time", "ended"], rows, "The tally") if rows else "")

    # ---- what the lessons and tests used before rounds (kept) ---------------------------------

    @property
    def over(self) -> bool:
        """True between the end of a round and the next deal (and after the race)."""
        return self.phase in ("between", "over")

    def __repr__(self) -> str:
        where = (f"not started ({self.rounds_box.value} rounds of {self.seconds_box.value} s)"
                 if self.phase == "ready" else f"round {self.round} of {self.rounds_total}")
        return (f"<Math Maze race, {where}, {self.names[0]} {self.scores[0]} : "
                f"{self.scores[1]} {self.names[1]}: run this in Jupyter to play>")

    def _repr_mimebundle_(self, **kwargs):
        return game_mimebundle(self, **kwargs)


def _check_setting(name: str, value, low: int, high: int) -> None:
    checks.whole(value, f"a race's {name}", low, high)
