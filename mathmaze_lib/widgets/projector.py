"""The three games for a classroom projector: the Math Maze race (rounds, a clock the room can read,
the tally), a jumping maze and Mazer, one at a time, full screen, with no code in sight.

``python -m mathmaze_lib play`` (``make play``) writes a one-cell notebook that shows
:class:`Projector` and serves it with Voilà from the same environment; the race's tally is saved
as CSV next to that notebook after every round (and can be downloaded from the page).

On the projector page everything is sized from the window's height (``vh``): the boards fit the
screen without scrolling and every text is at least :data:`MIN_TEXT` of the screen's height, the
numbers in the cells and the clock much more (see :data:`PROJECTOR_CSS`).

>>> screen = Projector(folder=".")
>>> [choice for choice in screen.bar.choices], screen.stack.selected_index
(['Race', 'Jumping maze', 'Mazer'], 0)
"""

from __future__ import annotations

import pathlib
from typing import Optional

import anywidget
import ipywidgets as w
import traitlets as t

from .jump_game import JumpMazeGame
from .summaze_game import MathMazeRace
from .wall_game import MazerGame

__all__ = ["Projector", "ProjectorBar", "MIN_TEXT", "PROJECTOR_CSS"]

#: The smallest text on the projector page, as a share of the screen's height: 2.2% is 24 px on a
#: 1080-pixel screen, about 4.5 cm on a 2-metre-high picture (letters that size read from 10 m away).
MIN_TEXT = 0.022

#: The projector page's style: only inside ``body.mm-projector`` (the class ProjectorBar puts on the page),
#: so the games look as usual in a notebook. ``--mm-reserve`` is the height a game needs besides its boards.
PROJECTOR_CSS = """
body.mm-projector { --mm-text: max(16px, 2.6vh); margin: 0; background: #fff; }
body.mm-projector .jp-Cell, body.mm-projector .jp-OutputArea-output, body.mm-projector .jp-Notebook,
body.mm-projector #rendered_cells, body.mm-projector main { padding: 0 !important; margin: 0 !important;
  max-width: none !important; width: 100% !important; }
body.mm-projector .jp-OutputPrompt, body.mm-projector .jp-InputArea { display: none !important; }
body.mm-projector .mm-projector-root { padding: 0.6vh 1.2vw; box-sizing: border-box; width: 100%; }
body.mm-projector .mm-projector-root,
body.mm-projector .mm-projector-root .widget-html-content,
body.mm-projector .mm-projector-root .widget-label,
body.mm-projector .mm-projector-root .widget-button,
body.mm-projector .mm-projector-root .widget-toggle-button,
body.mm-projector .mm-projector-root .widget-dropdown select,
body.mm-projector .mm-projector-root input,
body.mm-projector .mm-projector-root table,
body.mm-projector .mm-projector-root .mm-status,
body.mm-projector .mm-projector-root .mm-legend,
body.mm-projector .mm-projector-root .mm-download,
body.mm-projector .mm-projector-root .mm-player,
body.mm-projector .mm-projector-root .mm-player-play { font-size: var(--mm-text) !important; line-height: 1.3; }
body.mm-projector .mm-projector-root .widget-html-content { line-height: 1.3 !important; }
body.mm-projector .mm-projector-root .widget-button, body.mm-projector .mm-projector-root .mm-download,
body.mm-projector .mm-projector-root .widget-toggle-button {
  height: auto !important; min-height: 4.2vh; padding: 0.4vh 1vw !important; width: auto !important; }
body.mm-projector .mm-projector-root .widget-inline-hbox, body.mm-projector .mm-projector-root .widget-text,
body.mm-projector .mm-projector-root .widget-dropdown { height: auto !important; width: auto !important;
  margin: 0.3vh 0.8vw 0.3vh 0 !important; }
body.mm-projector .mm-projector-root .widget-inline-hbox .widget-label { width: auto !important;
  max-width: none !important; padding-right: 0.4vw; }
body.mm-projector .mm-projector-root input { height: auto !important; padding: 0.3vh 0.4vw !important; }
body.mm-projector .mm-projector-root input[type=number] { width: 4.5em !important; }
body.mm-projector .mm-projector-root .mm-race-first input[type=number] { width: 7em !important; }
body.mm-projector .mm-projector-root .widget-text input[type=text] { width: 8em !important; }
body.mm-projector .mm-projector-root .widget-dropdown select { height: auto !important; }
body.mm-projector .mm-projector-root table { border-collapse: collapse; }
body.mm-projector .mm-projector-root th, body.mm-projector .mm-projector-root td { padding: 0.2vh 0.8vw;
  border-bottom: 1px solid #bbb; text-align: left; }
body.mm-projector .mm-projector-root .mm-status { max-width: none; padding: 0.4vh 0.6vw; margin-top: 0.6vh; }
body.mm-projector .mm-projector-root .mm-legend { max-width: none; margin-top: 0.4vh; gap: 0.3vh 1vw; }
body.mm-projector .mm-projector-root .mm-swatch { width: 2.4vh; height: 2.4vh; font-size: 2.4vh; --mm-px: 2.4vh; }
body.mm-projector .mm-projector-root .mm-clock.mm-clock-big { font-size: max(40px, 9vh) !important;
  line-height: 1.05; padding: 0 1vw; min-width: 0; }
/* The boards: as wide as the screen's height allows (rows x cell = 100vh - what the game needs besides). */
body.mm-projector .mm-projector-root .mm-gridwrap {
  width: min(100%, calc((100vh - var(--mm-reserve, 40vh)) * var(--mm-cols, 1) / var(--mm-rows, 1))) !important; }
body.mm-projector .mm-projector-root .mm-race { --mm-reserve: 55vh; }
body.mm-projector .mm-projector-root .mm-race-player { width: 46vw !important; max-width: 46vw !important;
  margin: 0 1.5vw 0 0 !important; }
body.mm-projector .mm-projector-root .mm-race-top .widget-html-content { font-size: 4vh !important; }
/* the race fits the screen before, during and after a round: a player's Undo and Reset beside their name,
   not under the board, and the news line without a paragraph's margins (the tally is below, by scrolling) */
body.mm-projector .mm-projector-root .mm-race p { margin: 0.3vh 0 !important; }
body.mm-projector .mm-projector-root .mm-race-player { display: grid !important;
  grid-template-columns: auto minmax(0, 1fr); column-gap: 1vw; align-items: center; }
body.mm-projector .mm-projector-root .mm-race-player > * { grid-column: 1 / span 2; }
body.mm-projector .mm-projector-root .mm-race-player > :nth-child(1) { grid-column: 1; grid-row: 1; }
body.mm-projector .mm-projector-root .mm-race-player > :nth-child(3) { grid-column: 2; grid-row: 1;
  justify-self: end; }
body.mm-projector .mm-projector-root .mm-game-jump { --mm-reserve: 23vh; }
body.mm-projector .mm-projector-root .mm-game-mazer { --mm-reserve: 23vh; }
/* a game's controls beside its board, not under it, where the screen is wide */
body.mm-projector .mm-projector-root .mm-game { display: grid !important;
  grid-template-columns: auto minmax(0, 1fr); column-gap: 2vw; align-items: start; }
body.mm-projector .mm-projector-root .mm-game > * { grid-column: 2; }
body.mm-projector .mm-projector-root .mm-game > :nth-child(1) { grid-column: 1 / span 2; }
body.mm-projector .mm-projector-root .mm-game > :nth-child(2) { grid-column: 1; grid-row: 2 / span 8; }
body.mm-projector .mm-projector-bar { gap: 0.6vh 1.2vw; margin-bottom: 0.8vh; font-size: var(--mm-text); }
body.mm-projector .mm-projector-root .widget-label, body.mm-projector .mm-projector-root .widget-html,
body.mm-projector .mm-projector-root .widget-html-content { height: auto !important; line-height: 1.3 !important; }
"""

_BAR_JS = r"""
function render({ model, el }) {
  document.body.classList.add("mm-projector");
  const bar = document.createElement("div");
  bar.className = "mm-projector-bar";
  const title = document.createElement("span");
  title.className = "mm-projector-title";
  const group = document.createElement("div");
  group.setAttribute("role", "group");
  group.setAttribute("aria-label", "Game on the screen");
  group.className = "mm-projector-games";
  const full = document.createElement("button");
  full.type = "button";
  full.className = "mm-projector-full";
  bar.append(title, group, full);
  el.appendChild(bar);
  function draw() {
    title.textContent = model.get("title");
    group.replaceChildren();
    model.get("choices").forEach((name, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = name;
      b.setAttribute("aria-pressed", String(i === model.get("index")));
      b.addEventListener("click", () => { model.set("index", i); model.save_changes(); });
      group.appendChild(b);
    });
    full.textContent = document.fullscreenElement ? "Leave full screen" : "Full screen";
  }
  full.addEventListener("click", () => {
    if (document.fullscreenElement) document.exitFullscreen();
    else if (document.documentElement.requestFullscreen) document.documentElement.requestFullscreen().catch(() => {});
  });
  document.addEventListener("fullscreenchange", draw);
  draw();
  const events = ["change:title", "change:choices", "change:index"];
  for (const ev of events) model.on(ev, draw);
  return () => { document.removeEventListener("fullscreenchange", draw); for (const ev of events) model.off(ev, draw); };
}
export default { render };
"""

_BAR_CSS = """
.mm-projector-bar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 14px; }
.mm-projector-title { font-weight: 700; font-size: 1.3em; }
.mm-projector-games { display: inline-flex; gap: 0; }
.mm-projector-bar button { font: inherit; padding: 0.3em 0.9em; cursor: pointer; border: 2px solid #0072B2;
  background: #fff; color: #00466e; }
.mm-projector-games button[aria-pressed="true"] { background: #0072B2; color: #fff; font-weight: 700;
  text-decoration: underline; }
.mm-projector-bar button:focus-visible { outline: 3px solid #000; outline-offset: 2px; }
""" + PROJECTOR_CSS


class ProjectorBar(anywidget.AnyWidget):
    """The projector page's top line: a title, one button per game (the pressed one is on screen)
    and Full screen.  Showing it puts the class ``mm-projector`` on the page, which turns on
    :data:`PROJECTOR_CSS`.

    >>> bar = ProjectorBar(choices=["Race", "Mazer"]); bar.index
    0
    """

    _esm = _BAR_JS
    _css = _BAR_CSS
    title = t.Unicode("Math Maze").tag(sync=True)
    choices = t.List(t.Unicode()).tag(sync=True)
    index = t.Int(0).tag(sync=True)


class Projector:
    """The race, a jumping maze and Mazer for a projector, one at a time (the bar's buttons choose).

    ``folder``: where the race writes its tally (default: the working folder, which under Voilà is the
    notebook's).  The race deals unique puzzles (one answer: a fair race), from ``first_puzzle``.
    """

    def __init__(self, folder=None, *, first_puzzle: Optional[int] = None, names=("Player 1", "Player 2")):
        folder = pathlib.Path.cwd() if folder is None else pathlib.Path(folder)
        self.race = MathMazeRace(first_puzzle, unique=True, names=names, save_to=folder, big=True)
        self.jump = JumpMazeGame()
        self.mazer = MazerGame("mazer", 1)
        self.jump.view.add_class("mm-game")
        self.jump.view.add_class("mm-game-jump")
        self.mazer.view.add_class("mm-game")
        self.mazer.view.add_class("mm-game-mazer")
        games = [("Race", self.race.view), ("Jumping maze", self.jump.view), ("Mazer", self.mazer.view)]
        self.bar = ProjectorBar(choices=[name for name, _ in games])
        self.stack = w.Stack([view for _, view in games], selected_index=0)
        w.jslink((self.bar, "index"), (self.stack, "selected_index"))
        self.view = w.VBox([self.bar, self.stack], layout=w.Layout(width="100%"))
        self.view.add_class("mm-projector-root")

    def __repr__(self) -> str:
        return "<Math Maze on the projector: the race, a jumping maze and Mazer: run this in Jupyter or Voila>"

    def _repr_mimebundle_(self, **kwargs):
        data = self.view._repr_mimebundle_(**kwargs)
        data["text/plain"] = repr(self)
        return data
