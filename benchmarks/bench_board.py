"""The board widget: creating a 20x20 board and handling one click (Python side), and in a real
browser (JupyterLab in headless Chromium): the board visible after running its cell, and a click
to the page change, medians of 20.  Without Chromium the browser rows say so instead."""

from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

from benchmarks import Row, median_ms
from mathmaze_lib.widgets import Board

ROOT = Path(__file__).resolve().parent.parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]
BROWSER_REPEAT = 20

# Browser-side timers: start at the key press (or click) in the capture phase, stop at the first
# frame where the new board is drawn (or the clicked cell changed role).
_ARM_RUN = """() => {
  const old = new Set(document.querySelectorAll('.mm-grid'));
  window.__mmDone = new Promise((resolve) => {
    let t0 = null;
    document.addEventListener('keydown', () => { if (t0 === null) t0 = performance.now(); }, {capture: true, once: true});
    const check = () => {
      const grid = [...document.querySelectorAll('.mm-grid')].find((g) => !old.has(g));
      const cell = grid && grid.querySelector('.mm-cell');
      if (t0 !== null && cell && cell.getBoundingClientRect().width > 0) {
        resolve(performance.now() - t0);
      } else {
        requestAnimationFrame(check);
      }
    };
    requestAnimationFrame(check);
    setTimeout(() => resolve(Infinity), 30000);   // never hang: a missing change shows as inf
  });
}"""

_ARM_CLICK = """([row, col]) => {
  const cell = document.querySelector(`.mm-grid .mm-cell[data-row="${row}"][data-col="${col}"]`);
  const before = cell.dataset.role;
  window.__mmDone = new Promise((resolve) => {
    let t0 = null;
    cell.addEventListener('click', () => { t0 = performance.now(); }, {capture: true, once: true});
    const check = () => {
      if (t0 !== null && cell.dataset.role !== before) resolve(performance.now() - t0);
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
    setTimeout(() => resolve(Infinity), 30000);   // never hang: a missing change shows as inf
  });
}"""


def browser_rows() -> list:
    """Median ms from Ctrl+Enter on a game's cell to its board drawn, and from a click on a cell to
    the page showing the change (JupyterLab, headless Chromium, a local kernel)."""
    chromium = os.environ.get("MATHMAZE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(chromium).exists():
        return [Row("board", "browser figures", float("nan"), "ms", "", None, "skipped: no Chromium found")]
    import nbformat
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT / "tests"))
    from conftest import jupyter_server

    with tempfile.TemporaryDirectory() as tmp:
        nb = nbformat.v4.new_notebook()
        nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
        nb.cells = [nbformat.v4.new_code_cell("from mathmaze_lib.widgets.summaze_game import MathMazeGame\n"
                                              "MathMazeGame(1)")]
        nbformat.write(nb, Path(tmp) / "bench.ipynb")
        with jupyter_server("lab", root_dir=Path(tmp)) as (base, token), sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.goto(f"{base}/lab/tree/bench.ipynb?token={token}")
            page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=60_000)
            page.wait_for_timeout(1500)
            prompt = page.locator(".jp-Cell .jp-InputArea-prompt").first

            def run_cell() -> float:
                page.evaluate(_ARM_RUN)
                prompt.click()   # select the cell (command mode), then run it in place
                page.keyboard.press("Control+Enter")
                return page.evaluate("() => window.__mmDone")

            page.wait_for_timeout(500)
            run_cell()           # the first run starts the kernel and imports: not counted
            shown = [run_cell() for _ in range(BROWSER_REPEAT)]
            clicks = []
            for _ in range(BROWSER_REPEAT):   # extend the path to (0, 1), then take it back: each changes a role
                page.evaluate(_ARM_CLICK, [0, 1])
                page.locator('.mm-grid .mm-cell[data-row="0"][data-col="1"]').click()
                clicks.append(page.evaluate("() => window.__mmDone"))
                page.wait_for_timeout(600)    # apart, so two clicks are never one double-click
            browser.close()
    visible, click = statistics.median(shown), statistics.median(clicks)
    return [Row("board", f"browser: board drawn after running its cell (median of {BROWSER_REPEAT})", visible, "ms",
                "<= 2000 ms", visible <= 2000, "JupyterLab, headless Chromium, local kernel"),
            Row("board", f"browser: click to page change (median of {BROWSER_REPEAT})", click, "ms",
                "<= 100 ms", click <= 100, "a Math Maze move: browser -> kernel -> browser")]


def run():
    texts = [[str((r * 20 + c) % 10) for c in range(20)] for r in range(20)]
    create = median_ms(lambda: Board(20, 20, texts=texts), repeat=30)
    board = Board(20, 20, texts=texts)
    cells = [(r, c) for r in range(20) for c in range(20)]
    state = {"i": 0}

    @board.on_click
    def handler(cell):
        board.set_role(cell, "path" if board.get_role(cell) == "plain" else "plain")
        board.set_text(cell, int(board.get_text(cell)) + 1)

    def click():
        state["i"] += 1
        board.click(*cells[state["i"] % 400])

    per_click = median_ms(click, repeat=30, number=20)
    return [Row("board", "create a 20x20 board (Python side)", create, "ms", "<= 20 ms", create <= 20),
            Row("board", "handle one click (role + text change)", per_click, "ms", "<= 5 ms", per_click <= 5)
            ] + browser_rows()
