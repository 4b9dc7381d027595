"""Two small front-end controls with every button and slider labelled (for screen readers
and the keyboard): the race's :class:`RoundClock` and the stepper's :class:`Player`.

They replace ``ipywidgets.Play`` (whose play / pause / stop buttons have no names) and
``ipywidgets.IntSlider`` (whose handle has no name): both failed axe-core's button-name and
aria-input-field-name rules.

>>> p = Player(max=9, interval=300)
>>> p.value, p.playing, p.interval
(0, False, 300)
>>> RoundClock().running
False
"""

from __future__ import annotations

import anywidget
import traitlets as t

__all__ = ["Player", "RoundClock"]

_CLOCK_JS = r"""
function render({ model, el }) {
  const box = document.createElement("span");
  box.className = "mm-clock";
  box.setAttribute("role", "timer");
  box.setAttribute("aria-label", "round clock");
  el.appendChild(box);
  let t0 = performance.now();
  let timer = null;
  function show() {
    // running: whole seconds; stopped: the time Python measured, to a tenth (as the race reports it)
    const shown = model.get("running") ? Math.floor((performance.now() - t0) / 1000) : model.get("seconds").toFixed(1);
    box.textContent = `${model.get("prefix")}${shown} s`;
  }
  function restart() {
    t0 = performance.now() - 1000 * model.get("seconds");
    if (timer !== null) clearInterval(timer);
    timer = model.get("running") ? setInterval(show, 250) : null;
    show();
  }
  restart();
  const events = ["change:started", "change:running", "change:seconds", "change:prefix"];
  for (const ev of events) model.on(ev, restart);
  return () => { if (timer !== null) clearInterval(timer); for (const ev of events) model.off(ev, restart); };
}
export default { render };
"""

_CLOCK_CSS = """
.mm-clock { display: inline-block; min-width: 9em; padding: 4px 8px; font-variant-numeric: tabular-nums;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 14px; }
"""


class RoundClock(anywidget.AnyWidget):
    """Seconds since the round was dealt, counted by the browser from ``start()`` (no button to press).

    ``stop(seconds)`` freezes it at the time Python measured.

    >>> c = RoundClock(); c.start("round 2: "); c.running, c.prefix
    (True, 'round 2: ')
    >>> c.stop(5.2); c.running, c.seconds
    (False, 5.2)
    """

    _esm = _CLOCK_JS
    _css = _CLOCK_CSS
    prefix = t.Unicode("").tag(sync=True)
    running = t.Bool(False).tag(sync=True)
    seconds = t.Float(0.0).tag(sync=True)
    started = t.Int(0).tag(sync=True)

    def start(self, prefix: str = "") -> None:
        """Count from 0 s again, now."""
        with self.hold_sync():
            self.prefix = prefix
            self.seconds = 0.0
            self.running = True
            self.started += 1

    def stop(self, seconds: float) -> None:
        """Stop and show ``seconds``."""
        with self.hold_sync():
            self.seconds = float(seconds)
            self.running = False


_PLAYER_JS = r"""
let counter = 0;
// JupyterLab and Notebook 7 take arrow keys in the capture phase on the document (they move
// the notebook's selection): keys on our sliders stop at the window, which captures first,
// and the slider still does what the key asks (its default action is not prevented).
const SLIDER_KEYS = new Set(["ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown"]);
const GUARD = Symbol.for("mathmaze.player.keys");
if (!window[GUARD]) {
  window[GUARD] = true;
  window.addEventListener("keydown", (event) => {
    const t = event.target;
    if (t instanceof HTMLInputElement && t.type === "range" && t.closest(".mm-player") && SLIDER_KEYS.has(event.key)) {
      event.stopPropagation();
    }
  }, true);
}
function render({ model, el }) {
  counter += 1;
  const id = `mm-player-${counter}-${Math.floor(Math.random() * 1e9)}`;
  const box = document.createElement("div");
  box.className = "mm-player";
  const play = document.createElement("button");
  play.type = "button";
  play.className = "mm-player-play";
  const stepLabel = document.createElement("label");
  stepLabel.htmlFor = `${id}-step`;
  const step = document.createElement("input");
  step.type = "range";
  step.id = `${id}-step`;
  step.min = 0;
  const speedLabel = document.createElement("label");
  speedLabel.htmlFor = `${id}-speed`;
  speedLabel.textContent = "speed (ms per step)";
  const speed = document.createElement("input");
  speed.type = "range";
  speed.id = `${id}-speed`;
  speed.min = 50;
  speed.max = 1500;
  speed.step = 50;
  const speedOut = document.createElement("output");
  speedOut.htmlFor = speed.id;
  const stepGroup = document.createElement("span");
  stepGroup.className = "mm-player-group";
  stepGroup.append(stepLabel, step);
  const speedGroup = document.createElement("span");
  speedGroup.className = "mm-player-group";
  speedGroup.append(speedLabel, speed, speedOut);
  box.append(play, stepGroup, speedGroup);
  el.appendChild(box);
  let timer = null;

  function draw() {
    const playing = model.get("playing");
    play.textContent = playing ? "❚❚ Pause" : "▶ Play";
    play.setAttribute("aria-label", playing ? "Pause" : "Play");
    step.max = model.get("max");
    step.value = model.get("value");
    stepLabel.textContent = `${model.get("label")} ${model.get("value")} of ${model.get("max")}`;
    step.setAttribute("aria-valuetext", `${model.get("label")} ${model.get("value")} of ${model.get("max")}`);
    speed.value = model.get("interval");
    speedOut.textContent = `${model.get("interval")} ms`;
  }
  function tick() {
    // the last step and the pause travel in one message: a search played to its end is paused
    // by the time its last frame is drawn, so a key pressed then is never undone by a late tick
    const v = model.get("value");
    const max = model.get("max");
    if (v < max) model.set("value", v + 1);
    if (v + 1 >= max) model.set("playing", false);
    model.save_changes();
  }
  function schedule() {
    if (timer !== null) clearInterval(timer);
    timer = model.get("playing") ? setInterval(tick, Math.max(20, model.get("interval"))) : null;
    draw();
  }
  play.addEventListener("click", () => {
    const start = !model.get("playing");
    if (start && model.get("value") >= model.get("max")) model.set("value", 0);
    model.set("playing", start);
    model.save_changes();
  });
  // moving the step slider by hand (mouse or keys) pauses the play, as a learner expects
  step.addEventListener("input", () => {
    model.set("playing", false);
    model.set("value", Number(step.value));
    model.save_changes();
  });
  speed.addEventListener("input", () => { model.set("interval", Number(speed.value)); model.save_changes(); });
  schedule();
  const handlers = [["change:playing change:interval", schedule], ["change:value change:max change:label", draw]];
  for (const [evs, fn] of handlers) for (const ev of evs.split(" ")) model.on(ev, fn);
  return () => {
    if (timer !== null) clearInterval(timer);
    for (const [evs, fn] of handlers) for (const ev of evs.split(" ")) model.off(ev, fn);
  };
}
export default { render };
"""

_PLAYER_CSS = """
.mm-player { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 14px; margin: 4px 0;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 13px; }
.mm-player-group { display: inline-flex; align-items: center; gap: 6px; flex-wrap: wrap; }
.mm-player-play { min-width: 6.5em; padding: 4px 10px; font-size: 13px; cursor: pointer; }
.mm-player input[type=range] { width: min(260px, 60vw); }
.mm-player label { font-variant-numeric: tabular-nums; min-width: 8.5em; }
"""


class Player(anywidget.AnyWidget):
    """A labelled Play/Pause button, a step slider and a speed slider: the browser advances ``value`` by
    one every ``interval`` ms while ``playing`` and stops at ``max``.

    >>> p = Player(max=3); p.value = 2; p.value
    2
    """

    _esm = _PLAYER_JS
    _css = _PLAYER_CSS
    value = t.Int(0).tag(sync=True)
    max = t.Int(0).tag(sync=True)
    interval = t.Int(400).tag(sync=True)
    playing = t.Bool(False).tag(sync=True)
    label = t.Unicode("step").tag(sync=True)

    @t.validate("value")
    def _clip(self, proposal):
        return min(max(0, proposal["value"]), self.max)
