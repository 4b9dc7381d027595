"""The games on the projector, in a real browser: ``python -m mathmaze_lib play`` serves the page with
Voilà (one server and one page for every test here), a race is played by keyboard and by click, its
tally is right on the page, in the downloaded CSV and in the file next to the page, axe-core finds
nothing serious, and at 1920 x 1080 and 1280 x 720 every cell is on screen and every text big enough
to read from the back of the room."""

from __future__ import annotations

import contextlib
import csv
import io
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import free_port, stop_process_group
from mathmaze_lib.puzzles.summaze import make
from mathmaze_lib.widgets.projector import MIN_TEXT
from test_browser import ARGS, chromium

pytestmark = pytest.mark.browser

GAMES = ["Race", "Jumping maze", "Mazer"]
#: Besides MIN_TEXT for every text: the race's cells (the numbers the room follows, the End's running
#: sum included) and the clock's digits are bigger.
MIN_RACE_CELL_TEXT, MIN_CLOCK = 0.03, 0.07


@pytest.fixture(scope="module")
def play_server(tmp_path_factory):
    """``python -m mathmaze_lib play`` on a free loopback port, as a teacher starts it; yields
    ``(url, folder)``, the folder where it wrote the page (and where the race saves its tally)."""
    folder = tmp_path_factory.mktemp("play")
    home = tmp_path_factory.mktemp("jupyter-home")
    port = free_port()
    env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(home / "runtime"), JUPYTER_CONFIG_DIR=str(home / "config"),
               JUPYTER_DATA_DIR=str(home / "data"), IPYTHONDIR=str(home / "ipython"),
               MATHMAZE_DATA_DIR=str(home / "scores"))
    env.pop("JUPYTER_PATH", None)
    log = open(home / "play.log", "wb")
    proc = subprocess.Popen([sys.executable, "-m", "mathmaze_lib", "play", "--dir", str(folder / "class"),
                             "--port", str(port), "--no-browser"], env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    try:
        deadline = time.time() + 90
        while True:
            if proc.poll() is not None:
                raise RuntimeError("play exited early:\n" + (home / "play.log").read_text()[-3000:])
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), timeout=1):
                break
            if time.time() > deadline:
                raise RuntimeError("play did not listen within 90 s")
            time.sleep(0.3)
        yield f"http://127.0.0.1:{port}/", folder / "class"
    finally:
        stop_process_group(proc)
        log.close()
        shutil.rmtree(home, ignore_errors=True)


@pytest.fixture(scope="module")
def screen(play_server):
    """One browser page on the projector page, 1920 x 1080; yields ``(page, errors, folder)``."""
    from playwright.sync_api import sync_playwright

    url, folder = play_server
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium(), args=ARGS)
        page = browser.new_page(viewport={"width": 1920, "height": 1080}, accept_downloads=True)
        errors: list = []
        page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
        # fonts from a CDN (the widgets' icons) cannot load offline, as in many classrooms: not our error
        page.on("console", lambda msg: errors.append(f"console: {msg.text}")
                if msg.type == "error" and "Failed to load resource" not in msg.text else None)
        page.goto(url, timeout=120_000)
        page.locator(".mm-projector-root .mm-board").nth(1).wait_for(timeout=120_000)
        try:
            yield page, errors, folder
        finally:
            browser.close()


def race(page):
    return page.locator(".mm-race")


def focused_cell(page):
    return page.evaluate("""() => { const d = document.activeElement;
        return d && d.classList.contains('mm-cell') ? [Number(d.dataset.row), Number(d.dataset.col)] : null; }""")


def key_to(page, board, cell) -> None:
    board.locator('.mm-cell[tabindex="0"]').focus()
    page.keyboard.press("Control+Home")
    for _ in range(cell[0]):
        page.keyboard.press("ArrowDown")
    for _ in range(cell[1]):
        page.keyboard.press("ArrowRight")
    assert focused_cell(page) == list(cell)


def dealt_puzzle(page, number: int) -> int:
    """The puzzle id of round ``number``, from the race's news line once the round is dealt."""
    news = race(page).locator("p[role=status]").filter(has_text=re.compile(rf"Round {number} of \d+: puzzle \d+\. Go!"))
    news.wait_for(timeout=30_000)
    return int(re.search(r"puzzle (\d+)\. Go!", news.inner_text()).group(1))


def set_box(page, role: str, name: str, value) -> None:
    box = race(page).get_by_role(role, name=re.compile(rf"^{name}$"))
    box.fill(str(value))
    box.press("Tab")


def test_the_page_shows_three_games_and_no_code(screen):
    page, errors, _ = screen
    assert [b.inner_text() for b in page.locator(".mm-projector-games button").all()] == GAMES
    assert page.locator('.mm-projector-games button[aria-pressed="true"]').inner_text() == "Race"
    assert page.get_by_role("button", name="Full screen").count() == 1
    assert "mathmaze_lib" not in page.locator("body").inner_text(), "no code on the projector page"
    assert page.locator(".jp-InputArea:visible, .jp-InputPrompt:visible").count() == 0
    assert race(page).locator(".mm-board").count() == 2 and race(page).get_by_text("Press Start race").count() >= 1
    assert not errors, "\n".join(errors)


RACE_OUTSIDE = """() => {
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const race = document.querySelector('.mm-race');
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(el).visibility !== 'hidden'; };
  const parts = [...race.querySelectorAll('button, input, .mm-cell, .mm-status, .mm-clock, p[role=status]')]
    .filter(el => shown(el) && !el.closest('.mm-race-tally'));
  const out = parts.filter(el => { const r = el.getBoundingClientRect();
    return r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5; });
  return {parts: parts.length, out: out.map(el => (el.innerText || el.value || el.className).trim().slice(0, 30))};
}"""


def test_the_race_fits_the_screen_before_during_and_after_a_round(screen, tmp_path):
    """Issue 42: at 1920 x 1080 and 1280 x 720 every control of the race (the settings, Start and Next,
    each player's Undo and Reset), both boards, their status lines and the news line are inside the
    window before the race, during a round, between rounds and after the race (the tally is below,
    reached by scrolling: its score is in the news line)."""
    page, errors, _ = screen
    page.locator(".mm-projector-games button", has_text="Race").click()
    race(page).wait_for(state="visible", timeout=20_000)

    def fits(phase: str) -> None:
        try:
            for width, height in ((1920, 1080), (1280, 720)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_timeout(400)
                page.evaluate("() => document.querySelectorAll('*').forEach(el => { el.scrollTop = 0; })")
                found = page.evaluate(RACE_OUTSIDE)
                page.screenshot(path=str(tmp_path / f"race-{phase}-{width}x{height}.png"))
                assert found["parts"] >= 40 and not found["out"], f"{phase} at {width}x{height}: {found['out']}"
        finally:
            page.set_viewport_size({"width": 1920, "height": 1080})

    fits("before")
    set_box(page, "spinbutton", "Rounds", 2)
    set_box(page, "spinbutton", "Seconds per round", 300)
    race(page).get_by_role("button", name="Start race", exact=True).click()
    pid = dealt_puzzle(page, 1)
    fits("during")
    for r, c in make(pid, 4, 5, unique=True).path[1:]:          # Player 1 wins round 1
        race(page).locator(".mm-board").nth(0).locator(f'.mm-cell[data-row="{r}"][data-col="{c}"]').click()
    race(page).locator("p[role=status]").filter(has_text="Player 1 won round 1").wait_for(timeout=20_000)
    fits("between")
    race(page).get_by_role("button", name="Next round").click()
    dealt_puzzle(page, 2)
    race(page).get_by_role("button", name="Skip round").click()         # the last round: the race is over
    race(page).locator("p[role=status]").filter(has_text="Race over").wait_for(timeout=20_000)
    fits("after")
    print(f"screenshots in {tmp_path}")
    assert not errors, "\n".join(errors)


def test_a_race_by_keyboard_and_by_click_keeps_the_right_tally(screen, tmp_path):
    page, errors, folder = screen
    set_box(page, "textbox", "Player 1", "Ada")
    set_box(page, "textbox", "Player 2", "Grace")
    set_box(page, "spinbutton", "Rounds", 3)
    set_box(page, "spinbutton", "Seconds per round", 10)
    earlier = set(folder.glob("race-*.csv"))          # races of the tests before
    race(page).get_by_role("button", name="Start race", exact=True).click()
    boards = race(page).locator(".mm-board")
    # round 1: Grace, on the right, by keyboard only
    pid = dealt_puzzle(page, 1)
    path = make(pid, 4, 5, unique=True).path
    for cell in path[1:]:
        key_to(page, boards.nth(1), cell)
        page.keyboard.press("Enter")
    race(page).get_by_text("Grace won round 1 in").first.wait_for(timeout=30_000)
    race(page).get_by_role("button", name="Next round").focus()
    page.keyboard.press("Enter")
    # round 2: Ada, on the left, by clicks
    pid2 = dealt_puzzle(page, 2)
    assert pid2 != pid
    for r, c in make(pid2, 4, 5, unique=True).path[1:]:
        boards.nth(0).locator(f'.mm-cell[data-row="{r}"][data-col="{c}"]').click()
    race(page).get_by_text("Ada won round 2 in").first.wait_for(timeout=30_000)
    race(page).get_by_role("button", name="Next round").click()
    # round 3: nobody; the browser's countdown ends it after 10 s and the boards show a solution
    pid3 = dealt_puzzle(page, 3)
    race(page).get_by_text("Time is up: nobody solved round 3").first.wait_for(timeout=40_000)
    race(page).get_by_text("Race over: Ada 1 : 1 Grace, a draw!").first.wait_for(timeout=20_000)
    solution = make(pid3, 4, 5, unique=True).path
    assert boards.nth(0).locator('.mm-cell[data-role="path"]').count() == len(solution) - 2
    # the tally on the page: a row per round, a column per player, and the totals
    rows = [[c.inner_text().strip() for c in row.locator("td").all()]
            for row in race(page).locator(".mm-race-tally table tr").all()[1:]]
    assert [[r[0], r[1], r[2], r[3], r[4], r[6]] for r in rows] == [
        ["1", str(pid), "0", "1", "Grace", "solved"], ["2", str(pid2), "1", "0", "Ada", "solved"],
        ["3", str(pid3), "0", "0", "-", "time up"], ["total", "", "1", "1", "", ""]]
    # the same tally as CSV: downloaded from the page, and written next to the page
    with page.expect_download() as download:
        race(page).get_by_role("button", name="Download the tally (CSV)").click()
    got = download.value
    text = Path(got.path()).read_text(encoding="utf-8")
    table = list(csv.reader(io.StringIO(text)))
    assert table[0] == ["round", "puzzle", "Ada", "Grace", "winner", "seconds", "ended"]
    assert [row[:5] + row[6:] for row in table[1:]] == [["1", str(pid), "0", "1", "Grace", "solved"],
                                                         ["2", str(pid2), "1", "0", "Ada", "solved"],
                                                         ["3", str(pid3), "0", "0", "", "time up"]]
    assert 0 < float(table[1][5]) < 10 and table[3][5] == "10.0"
    saved = sorted(set(folder.glob("race-*.csv")) - earlier)
    assert len(saved) == 1 and saved[0].read_text(encoding="utf-8") == text
    assert got.suggested_filename == saved[0].name
    assert race(page).get_by_text(f"Saved as {saved[0].name} next to this page").count() == 1
    assert not errors, "\n".join(errors)


def test_axe_core_finds_nothing_serious_in_any_game(screen):
    from axe_playwright_python.sync_playwright import Axe

    page, errors, _ = screen
    found = {}
    for game in GAMES:
        page.locator(".mm-projector-games button", has_text=game).click()
        page.locator(f'.mm-projector-games button[aria-pressed="true"]', has_text=game).wait_for(timeout=20_000)
        page.wait_for_timeout(500)
        results = Axe().run(page, context={"include": [[".mm-projector-root"]]})
        judged = {r["id"] for r in results.response["passes"]} | {v["id"] for v in results.response["violations"]}
        assert {"button-name", "color-contrast"} <= judged, f"{game}: axe did not judge the page ({sorted(judged)})"
        bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        found[game] = [(v["id"], v["impact"]) for v in results.response["violations"]]
        assert not bad, f"{game}: " + "; ".join(f"{v['id']}: {v['help']} at {[n['target'] for n in v['nodes']][:3]}"
                                                for v in bad)
    page.locator(".mm-projector-games button", has_text="Race").click()
    print(f"axe-core on the projector page: {found}")
    assert not errors, "\n".join(errors)


MEASURE = """() => {
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const root = document.querySelector('.mm-projector-root');
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
    && getComputedStyle(el).visibility !== 'hidden'; };
  const cells = [...root.querySelectorAll('.mm-cell')].filter(shown).map(c => c.getBoundingClientRect());
  const out = cells.filter(r => r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5).length;
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.textContent.trim() || !shown(el) || el.closest('.mm-mark') || el.closest('[aria-hidden="true"] .mm-mark'))
      continue;
    texts.push({text: n.textContent.trim().slice(0, 30), px: parseFloat(getComputedStyle(el).fontSize),
                cell: !!el.closest('.mm-cell'), clock: !!el.closest('.mm-clock-time')});
  }
  return {vw, vh, cells: cells.length, out, smallestCell: Math.min(...cells.map(r => r.width)), texts};
}"""


@pytest.mark.parametrize("width, height", [(1920, 1080), (1280, 720)], ids=["1920x1080", "1280x720"])
def test_readable_from_the_back_at_projector_sizes(screen, width, height, tmp_path):
    """Every cell of every game inside the window (no scrolling to see a board), and every text at least
    MIN_TEXT of the window's height (the numbers in the cells and the clock more)."""
    page, errors, _ = screen
    page.locator(".mm-projector-games button", has_text="Race").click()
    race(page).wait_for(state="visible", timeout=20_000)
    if race(page).get_by_role("button", name="Start race", exact=True).count():      # a race with the clock running
        set_box(page, "spinbutton", "Seconds per round", 300)
        race(page).get_by_role("button", name="Start race", exact=True).click()
        race(page).locator(".mm-clock-time").filter(has_text="left").wait_for(timeout=30_000)
    page.set_viewport_size({"width": width, "height": height})
    try:
        for game in GAMES:
            page.locator(".mm-projector-games button", has_text=game).click()
            page.wait_for_timeout(700)
            page.evaluate("() => window.scrollTo(0, 0)")
            found = page.evaluate(MEASURE)
            page.screenshot(path=str(tmp_path / f"{game.replace(' ', '-')}-{width}x{height}.png"))
            where = f"{game} at {width}x{height}"
            assert found["cells"] >= 20 and found["out"] == 0, f"{where}: {found['out']} cells outside the window"
            small = [t for t in found["texts"] if t["px"] < MIN_TEXT * height - 0.01]
            assert not small, f"{where}: texts under {MIN_TEXT * height:.1f} px: {small[:5]}"
            cell_texts = [t["px"] for t in found["texts"] if t["cell"]]
            assert cell_texts, f"{where}: no texts in the cells"
            if game == "Race":
                assert min(cell_texts) >= MIN_RACE_CELL_TEXT * height, f"{where}: cell numbers {min(cell_texts)} px"
                clock = [t["px"] for t in found["texts"] if t["clock"]]
                assert clock and min(clock) >= MIN_CLOCK * height, f"{where}: the clock's digits are {clock} px"
        print(f"screenshots in {tmp_path}")
    finally:
        page.locator(".mm-projector-games button", has_text="Race").click()
        page.set_viewport_size({"width": 1920, "height": 1080})
    assert not errors, "\n".join(errors)
