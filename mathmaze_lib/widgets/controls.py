"""Small front-end controls with every button and slider labelled (for screen readers and the
keyboard): the race's :class:`RoundClock` and :class:`DownloadButton`, and the stepper's :class:`Player`.

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

__all__ = ["DownloadButton", "Player", "RoundClock"]

_CLOCK_JS = r"""
function render({ model, el }) {
  const box = document.createElement("span");
  box.className = "mm-clock";
  box.setAttribute("role", "timer");
  const before = document.createElement("span");
  before.className = "mm-clock-prefix";
  const time = document.createElement("span");
  time.className = "mm-clock-time";
  box.append(before, time);
  el.appendChild(box);
  let t0 = performance.now();
  let timer = null;
  let told = -1;      // the start (model "started") whose time-up was already sent
  function clock(seconds) {
    const s = Math.max(0, Math.ceil(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
  }
  function show() {
    const running = model.get("running"), limit = model.get("limit");
    const elapsed = (performance.now() - t0) / 1000;
    let shown;
    if (!running) {          // stopped: the time Python measured, to a tenth (as the race reports it)
      shown = model.get("seconds") >= 0 ? `${model.get("seconds").toFixed(1)} s` : "";
    } else if (limit > 0) {  // a countdown: minutes and seconds left
      shown = `${clock(limit - elapsed)} left`;
      if (elapsed >= limit && told !== model.get("started")) {
        told = model.get("started");
        model.send({ type: "time-up", started: told });
      }
    } else {
      shown = `${Math.floor(elapsed)} s`;
    }
    before.textContent = model.get("prefix");
    time.textContent = shown;
    box.classList.toggle("mm-clock-big", model.get("big"));
    box.classList.toggle("mm-clock-low", running && limit > 0 && limit - elapsed <= 10);
    box.setAttribute("aria-label", model.get("label") || "round clock");
  }
  function restart() {
    t0 = performance.now() - 1000 * Math.max(0, model.get("seconds"));
    if (timer !== null) clearInterval(timer);
    timer = model.get("running") ? setInterval(show, 200) : null;
    show();
  }
  restart();
  const events = ["change:started", "change:running", "change:seconds", "change:prefix", "change:limit",
                  "change:big", "change:label"];
  for (const ev of events) model.on(ev, restart);
  return () => { if (timer !== null) clearInterval(timer); for (const ev of events) model.off(ev, restart); };
}
export default { render };
"""

_CLOCK_CSS = """
.mm-clock { display: inline-block; min-width: 9em; padding: 4px 8px; font-variant-numeric: tabular-nums;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 14px; border: 3px solid transparent; }
.mm-clock.mm-clock-big { font-size: 40px; font-weight: 700; min-width: 5.5em; }
.mm-clock.mm-clock-big .mm-clock-prefix { font-size: 0.55em; font-weight: 600; }
/* the last ten seconds: a thick border and a darker red, not colour alone */
.mm-clock.mm-clock-low { color: #A50021; border-color: #A50021; border-radius: 8px; }
"""


class RoundClock(anywidget.AnyWidget):
    """Seconds since the round was dealt, counted by the browser from ``start()`` (no button to press);
    with ``limit`` > 0 it counts down the seconds left instead (``0:45 left``), and when none are left the
    browser tells Python: the functions given to :meth:`on_time_up` run (once per start).

    ``stop(seconds)`` freezes it at the time Python measured.  ``big`` draws it large (a race on a
    projector); ``label`` is what a screen reader calls it.

    >>> c = RoundClock(); c.start("round 2: "); c.running, c.prefix
    (True, 'round 2: ')
    >>> c.stop(5.2); c.running, c.seconds
    (False, 5.2)
    >>> ends = []; c.on_time_up(lambda: ends.append(1)); c.start(limit=30)
    >>> c._on_front_end_msg(c, {"type": "time-up", "started": c.started}, []); ends
    [1]
    """

    _esm = _CLOCK_JS
    _css = _CLOCK_CSS
    prefix = t.Unicode("").tag(sync=True)
    running = t.Bool(False).tag(sync=True)
    seconds = t.Float(0.0).tag(sync=True)
    started = t.Int(0).tag(sync=True)
    limit = t.Float(0.0).tag(sync=True)
    big = t.Bool(False).tag(sync=True)
    label = t.Unicode("round clock").tag(sync=True)

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._time_up: list = []
        self.on_msg(self._on_front_end_msg)

    def start(self, prefix: str = "", limit: float = 0.0) -> None:
        """Count from 0 s again, now (down from ``limit`` seconds when it is > 0)."""
        with self.hold_sync():
            self.prefix = prefix
            self.seconds = 0.0
            self.limit = float(limit)
            self.running = True
            self.started += 1

    def stop(self, seconds: float, prefix: str | None = None) -> None:
        """Stop and show ``seconds`` (a negative number shows only the prefix)."""
        with self.hold_sync():
            if prefix is not None:
                self.prefix = prefix
            self.seconds = float(seconds)
            self.running = False

    def on_time_up(self, fn) -> None:
        """Run ``fn()`` when the browser's countdown reaches 0 (not for an earlier start, nor twice)."""
        self._time_up.append(fn)

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        if isinstance(content, dict) and content.get("type") == "time-up" and self.running \
                and content.get("started") == self.started and self.limit > 0:
            for fn in list(self._time_up):
                fn()


_DOWNLOAD_JS = r"""
function render({ model, el }) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "mm-download";
  el.appendChild(button);
  function draw() {
    button.textContent = model.get("label");
    button.disabled = !model.get("ready");
  }
  button.addEventListener("click", () => {
    const blob = new Blob([model.get("text")], { type: model.get("mime") });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = model.get("filename");
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  });
  draw();
  const events = ["change:label", "change:ready"];
  for (const ev of events) model.on(ev, draw);
  return () => { for (const ev of events) model.off(ev, draw); };
}
export default { render };
"""

_DOWNLOAD_CSS = """
.mm-download { padding: 4px 12px; font-size: 13px; cursor: pointer; font-family: system-ui, -apple-system,
  "Segoe UI", Roboto, sans-serif; }
.mm-download:disabled { cursor: default; }
"""


class DownloadButton(anywidget.AnyWidget):
    """A button that saves ``text`` as the file ``filename`` through the browser (what a teacher on a
    JupyterHub can reach as easily as one on a laptop): the text comes with the widget, so the click
    needs no round trip to the kernel.  ``ready=False`` greys it out.

    >>> b = DownloadButton(filename="tally.csv", label="Download the tally (CSV)"); b.text = "a,b\\n"; b.ready
    False
    """

    _esm = _DOWNLOAD_JS
    _css = _DOWNLOAD_CSS
    text = t.Unicode("").tag(sync=True)
    filename = t.Unicode("download.txt").tag(sync=True)
    mime = t.Unicode("text/csv").tag(sync=True)
    label = t.Unicode("Download").tag(sync=True)
    ready = t.Bool(False).tag(sync=True)


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
