"""In a real browser: JupyterLab and Notebook 7 run a notebook with a board and a game; clicks on
board cells change what the learner sees.

Debian's Chromium (``/usr/bin/chromium``, or ``$MATHMAZE_CHROMIUM``) is driven headless by
Playwright.  Without it these tests are skipped, except when ``CI`` is set: then they fail.
A screenshot is saved (and its path printed) when a test fails; any JavaScript error fails it.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import jupyter_server

pytestmark = pytest.mark.browser

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
        "--disable-component-update", "--disable-sync"]


def chromium() -> str:
    path = os.environ.get("MATHMAZE_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        reason = ("no Chromium found: install Debian's chromium (apt-get install chromium) "
                  "or set MATHMAZE_CHROMIUM to a Chromium binary")
        if os.environ.get("CI"):
            pytest.fail(reason + " (CI is set, so the browser tests must run)")
        pytest.skip(reason)
    return path


def demo_notebook(folder: Path) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [
        nbformat.v4.new_markdown_cell("# Board check"),
        nbformat.v4.new_code_cell(
            "from mathmaze_lib.widgets import Board\n"
            "board = Board(3, 4, texts=[['.'] * 4 for _ in range(3)])\n"
            "@board.on_click\n"
            "def hit(cell):\n"
            "    board.set_text(cell, 'X')\n"
            "    board.set_role(cell, 'path')\n"
            "    board.status = f'clicked {cell}'\n"
            "board"),
        nbformat.v4.new_code_cell("from mathmaze_lib.widgets.summaze_game import MathMazeGame\nMathMazeGame(1)"),
    ]
    nbformat.write(nb, folder / "board_check.ipynb")
    return "board_check.ipynb"


@pytest.fixture(scope="module")
def browser():
    path = chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=ARGS)
        yield b
        b.close()


#: The pre-save hook that ``make lab`` sets (a saved game keeps its "run this in Jupyter to play" text).
HOOK = "--ContentsManager.pre_save_hook=mathmaze_lib.widgets.saving.pre_save_hook"


@pytest.fixture(scope="module")
def serve(tmp_path_factory):
    """One JupyterLab and one Notebook 7 server for all the tests here, each started when first asked for,
    as ``make lab`` starts it (the save hook). ``serve(app, name)`` gives ``(base, token, folder)``: a
    new folder of that name under the servers' root, for the test's notebooks."""
    root = tmp_path_factory.mktemp("served")
    started: dict = {}
    with contextlib.ExitStack() as stack:
        def server(app: str, name: str):
            if app not in started:
                started[app] = stack.enter_context(jupyter_server(app, root_dir=root, extra_args=(HOOK,)))
            folder = root / name
            folder.mkdir()
            return (*started[app], folder)
        yield server


def page_url(app: str, base: str, token: str, folder: Path, name: str) -> str:
    """The address of a notebook in ``folder``; JupyterLab opens it in a workspace of its own (only it)."""
    if app == "lab":
        return f"{base}/lab/workspaces/{folder.name}/tree/{folder.name}/{name}?token={token}"
    return f"{base}/notebooks/{folder.name}/{name}?token={token}"


def upstream_startup_error(exc) -> bool:
    """Notebook 7.6 itself throws this while loading its settings, before any cell runs (its stack is all
    Notebook core; reported upstream, for example gilad-rubin/hypster#108). Only this one is let through."""
    stack = getattr(exc, "stack", "") or ""
    return "reading 'schema'" in str(exc) and "notebook_core" in stack and "mm-" not in stack


def run_all_cells(page) -> None:
    """Run > Run All Cells, until the first cell shows an execution count.  A kernel that is still
    starting can drop the request (the cells stay at "[ ]"), so ask again, up to three times.  On a busy
    machine JupyterLab can also ask which kernel to start (its "Select Kernel" dialog, the notebook's
    own Python 3 chosen): a learner presses Select, and so does this (it covered the Run menu for 30 s
    in one run of the whole suite on two busy cores)."""
    ran = page.locator(".jp-InputArea-prompt").filter(has_text=re.compile(r"\[\d+\]")).first
    for _ in range(3):
        dialog = page.locator(".jp-Dialog").filter(has_text="Select Kernel")
        if dialog.count():
            dialog.locator(".jp-Dialog-button.jp-mod-accept").click()
        try:
            page.get_by_role("menuitem", name="Run", exact=True).click(timeout=15_000)
            page.get_by_role("menuitem", name="Run All Cells", exact=True).click(timeout=15_000)
            ran.wait_for(timeout=30_000)
            return
        except PlaywrightTimeout:
            continue
    raise AssertionError("Run All Cells was asked three times, but no cell ever ran")


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_clicks_on_the_board_change_what_the_learner_sees(browser, serve, tmp_path, app):
    base, token, folder = serve(app, f"clicks-{app}")
    name = demo_notebook(folder)
    errors: list = []
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    page.on("pageerror", lambda exc: None if app == "notebook" and upstream_startup_error(exc)
            else errors.append(f"page error: {exc}\n{getattr(exc, 'stack', '')}"))
    page.on("console", lambda msg: errors.append(f"console {msg.type}: {msg.text}")
            if msg.type == "error" else None)
    try:
        page.goto(page_url(app, base, token, folder, name))
        page.wait_for_selector(".jp-Notebook", timeout=60_000)
        page.wait_for_timeout(1500)  # let the kernel start before running
        run_all_cells(page)
        cell = page.locator(".mm-board").first.locator('.mm-cell[data-row="1"][data-col="2"]')
        cell.wait_for(timeout=60_000)
        assert cell.inner_text().strip() == "."
        cell.click()
        page.locator(".mm-board").first.locator(".mm-status").filter(has_text="clicked (1, 2)").wait_for(
            timeout=20_000)
        assert cell.inner_text().strip() == "X"
        assert cell.get_attribute("data-role") == "path"

        game = page.locator(".mm-board").nth(1)
        game.locator('.mm-cell[data-row="0"][data-col="1"]').click()
        game.locator(".mm-status").filter(has_text="Sum so far: 5 of 21").wait_for(timeout=20_000)
        assert game.locator('.mm-cell[data-row="2"][data-col="0"]').inner_text().strip() == "5/21"
        game.locator('.mm-cell[data-row="3"][data-col="4"]').click()
        game.locator(".mm-status").filter(has_text="is not next to").wait_for(timeout=20_000)
        assert not errors, "JavaScript errors:\n" + "\n".join(errors)
    except BaseException:
        shot = tmp_path / f"failure-{app}.png"
        page.screenshot(path=str(shot), full_page=True)
        print(f"screenshot of the failure: {shot}")
        raise
    finally:
        page.close()


# ---- every learner can play: keyboard, screen readers (axe-core), any screen ------------------------

GAMES = [
    ("math maze", "from mathmaze_lib.widgets.summaze_game import MathMazeGame, MathMazeRace\nMathMazeGame(1)"),
    ("race", "race = MathMazeRace(1, seconds=600)\nrace.start()\nrace"),
    ("jumping maze", "from mathmaze_lib.widgets.jump_game import JumpMazeGame\nJumpMazeGame()"),
    ("mazer", "from mathmaze_lib.widgets.wall_game import MazerGame\nMazerGame('mazer', 1)"),
    ("lights out", "from mathmaze_lib.widgets.game import Game\nGame('lights', 2)"),
    ("stepper", "from mathmaze_lib.widgets import SearchStepper\nfrom mathmaze_lib.grid import Grid\n"
                "from mathmaze_lib.search import bfs\n"
                "SearchStepper(bfs(Grid(4, 6).neighbours, (0, 0), goal=(3, 5), trace=True), rows=4, cols=6)"),
    ("depth-first", "from mathmaze_lib.puzzles import summaze\ntiny = summaze.generate(2, 3, 3)\nsteps = summaze.dfs_steps(tiny)\n"
                    "texts, roles = summaze.texts_and_roles(tiny)\n"
                    "SearchStepper.depth_first(steps, rows=3, cols=3, texts=texts, roles=roles,\n"
                    "                          describe=lambda i: summaze.describe_step(tiny, steps, i))"),
    ("your search", "from mathmaze_lib.exercises.stepping import step_bfs_distances\n"
                    "from mathmaze_lib.puzzles import jumpmaze as jm\n"
                    "def bfs_distances(succ, start):      # a stack: the stepper shows where it leaves BFS\n"
                    "    dist, todo = {start: 0}, [start]\n"
                    "    while todo:\n"
                    "        node = todo.pop()\n"
                    "        for nxt in succ(node):\n"
                    "            if nxt not in dist:\n"
                    "                dist[nxt] = dist[node] + 1\n"
                    "                todo.append(nxt)\n"
                    "    return dist\n"
                    "step_bfs_distances(bfs_distances, jm.parse('2 1 2 2\\n1 2 3 1\\n3 1 3 2\\n1 1 1 0'))"),
]
#: How many boards each game's output shows (the race has two).
BOARDS = {"math maze": 1, "race": 2, "jumping maze": 1, "mazer": 1, "lights out": 1, "stepper": 1, "depth-first": 1,
          "your search": 1}


def games_notebook(folder: Path) -> str:
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(code) for _, code in GAMES]
    nbformat.write(nb, folder / "games.ipynb")
    return "games.ipynb"


@pytest.fixture(scope="module", params=["lab", "notebook"])
def games_page(browser, serve, request):
    """All games in one notebook, run once per app; yields ``(app, page, errors)``."""
    app = request.param
    base, token, folder = serve(app, f"games-{app}")
    name = games_notebook(folder)
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list = []
    page.on("pageerror", lambda exc: None if app == "notebook" and upstream_startup_error(exc)
            else errors.append(f"page error: {exc}"))
    page.goto(page_url(app, base, token, folder, name))
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    page.wait_for_timeout(1500)
    run_all_cells(page)
    boards = page.locator(".mm-board")
    boards.nth(sum(BOARDS.values()) - 1).wait_for(timeout=90_000)
    page.locator(".mm-player").first.wait_for(timeout=30_000)
    try:
        yield app, page, errors
    finally:
        page.close()


def output_of(page, game: str):
    """The output area of one game's cell."""
    index = [g for g, _ in GAMES].index(game)
    return page.locator(".jp-Cell.jp-CodeCell").nth(index).locator(".jp-OutputArea-output").first


def focused_cell(page):
    return page.evaluate("""() => { const d = document.activeElement;
        return d && d.classList.contains('mm-cell') ? [Number(d.dataset.row), Number(d.dataset.col)] : null; }""")


def active_notebook_cell(page) -> int:
    return page.evaluate("""() => [...document.querySelectorAll('.jp-Notebook .jp-Cell')]
        .findIndex(c => c.classList.contains('jp-mod-active'))""")


def key_to(page, board, cell) -> None:
    """Move the board's focus to ``cell`` with the keyboard only: Ctrl+Home, then arrows."""
    board.locator('.mm-cell[tabindex="0"]').focus()
    page.keyboard.press("Control+Home")
    assert focused_cell(page) == [0, 0]
    for _ in range(cell[0]):
        page.keyboard.press("ArrowDown")
    for _ in range(cell[1]):
        page.keyboard.press("ArrowRight")
    assert focused_cell(page) == list(cell), f"the arrow keys should have reached {cell}"


def press_on(page, board, cell, wait_for: str, key: str = "Enter") -> None:
    key_to(page, board, cell)
    page.keyboard.press(key)
    board.locator(".mm-status").filter(has_text=wait_for).wait_for(timeout=20_000)


def test_a_board_is_one_tab_stop_and_arrow_keys_stay_inside_it(games_page):
    app, page, errors = games_page
    boards = page.locator(".mm-board")
    for i in range(boards.count()):
        assert boards.nth(i).locator('.mm-cell[tabindex="0"]').count() == 1, "one tab stop per board"
    board = output_of(page, "mazer").locator(".mm-board")
    rows, cols = 10, 15
    # what a screen reader is given: a named grid of rows of named cells, and a status region
    grid = board.get_by_role("grid")
    assert grid.get_attribute("aria-label").startswith("Mazer mazer:1, 10 rows by 15 columns")
    assert grid.get_by_role("row").count() == rows and grid.get_by_role("gridcell").count() == rows * cols
    assert grid.get_by_role("gridcell", name="row 1, column 1, S, start", exact=True).count() == 1
    assert grid.get_by_role("gridcell", name="row 1, column 15, F, finish", exact=True).count() == 1
    assert board.get_by_role("status").count() == 1
    math = output_of(page, "math maze").get_by_role("grid")
    assert re.match(r"Math Maze, puzzle 1, 4 rows by 5 columns, target 21", math.get_attribute("aria-label"))
    lights = output_of(page, "lights out").get_by_role("grid")
    assert lights.get_attribute("aria-label").startswith("Lights Out, puzzle 2, 5 rows by 5 columns, 0 presses")
    on = lights.get_by_role("gridcell", name=re.compile(r"^row \d+, column \d+, light on$")).count()
    off = lights.get_by_role("gridcell", name=re.compile(r"^row \d+, column \d+, light off$")).count()
    assert on > 0 and on + off == 25, "each light says whether it is on"
    key_to(page, board, (0, 0))
    active = active_notebook_cell(page)
    for key, expected in [("ArrowDown", [1, 0]), ("ArrowRight", [1, 1]), ("End", [1, cols - 1]),
                          ("ArrowRight", [1, cols - 1]), ("Home", [1, 0]), ("ArrowUp", [0, 0]), ("ArrowUp", [0, 0]),
                          ("Control+End", [rows - 1, cols - 1]), ("PageUp", [0, cols - 1]),
                          ("Control+Home", [0, 0])]:
        page.keyboard.press(key)
        assert focused_cell(page) == expected, f"{key} should move the focus to {expected}"
    assert active_notebook_cell(page) == active, "arrow keys must not move the notebook's own selection"
    assert page.locator(".jp-Notebook .jp-Cell").count() == len(GAMES), "keys reached the notebook"
    # a focused cell is drawn with a visible ring
    ring = page.evaluate("() => getComputedStyle(document.activeElement).boxShadow")
    assert ring and ring != "none"
    # Tab leaves the board for the next control; Shift+Tab from there comes back to the same cell
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Tab")
    assert focused_cell(page) is None
    page.keyboard.press("Shift+Tab")
    assert focused_cell(page) == [0, 1], "the board is one tab stop that remembers its cell"
    jump = output_of(page, "jumping maze")
    jump.get_by_role("button", name="Undo").focus()
    page.keyboard.press("Shift+Tab")
    assert focused_cell(page) is not None, "Shift+Tab from Undo reaches the board"
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "Undo", "a board is ONE tab stop"
    assert not errors, "\n".join(errors)


def test_every_game_is_playable_to_the_end_without_a_mouse(games_page):
    from mathmaze_lib.puzzles import jumpmaze as jm
    from mathmaze_lib.puzzles.summaze import make

    app, page, errors = games_page
    # Math Maze: the planted path of puzzle 1, then Enter on End wins
    board = output_of(page, "math maze").locator(".mm-board")
    path = make(1, 4, 5).path
    for cell in path[1:-1]:
        press_on(page, board, cell, "Sum so far")
    press_on(page, board, path[-1], "Solved! Well done", key=" ")
    # a puzzle id typed in the box and Enter: that puzzle is dealt
    box = output_of(page, "math maze").get_by_role("spinbutton", name="Puzzle id")
    box.fill("42")
    box.press("Enter")
    output_of(page, "math maze").get_by_text("puzzle 42").wait_for(timeout=20_000)
    # The race: player 2 wins with the keyboard, then Next round by keyboard
    race = output_of(page, "race")
    second = race.locator(".mm-board").nth(1)
    for cell in path[1:-1]:
        press_on(page, second, cell, "Sum so far")
    press_on(page, second, path[-1], "Solved!")
    race.get_by_text("Player 2 won round 1 in").first.wait_for(timeout=20_000)
    race.get_by_role("button", name="Next round").focus()
    page.keyboard.press("Enter")
    race.get_by_text("Round 2 of 5: puzzle").wait_for(timeout=20_000)
    # Jumping maze: the shortest route of Chain Reaction
    board = output_of(page, "jumping maze").locator(".mm-board")
    route = jm.solve(jm.CHAIN_REACTION).route
    for cell in route[1:-1]:
        press_on(page, board, cell, f"Jumped to {cell}")
    press_on(page, board, route[-1], "Well done! The route reaches the goal in 13 jumps")
    # Mazer: a wall by keyboard, then Start by keyboard
    out = output_of(page, "mazer")
    board = out.locator(".mm-board")
    free = board.locator('.mm-cell[data-role="plain"]').first
    cell = (int(free.get_attribute("data-row")), int(free.get_attribute("data-col")))
    press_on(page, board, cell, "Wall on")
    assert board.locator(f'.mm-cell[data-row="{cell[0]}"][data-col="{cell[1]}"]').get_attribute("data-role") == "wall"
    out.get_by_role("button", name="Start").focus()
    page.keyboard.press("Enter")
    board.locator(".mm-status").filter(has_text="The runner takes").wait_for(timeout=20_000)
    # its level id box, as the Math Maze's: a level typed in and Enter deals that level of the preset
    box = out.get_by_role("spinbutton", name="Level id")
    box.fill("2")
    box.press("Enter")
    board.locator('[role="grid"][aria-label^="Mazer mazer:2, 10 rows by 15 columns"]').wait_for(timeout=20_000)
    assert board.locator('.mm-cell[data-role="wall"]').count() == 0, "a new level starts without walls"
    # Lights Out: the presses of its one fewest answer, by Enter and Space; then Undo by keyboard
    from mathmaze_lib.puzzles import lightsout

    out = output_of(page, "lights out")
    board = out.locator(".mm-board")
    presses = lightsout.solve(lightsout.make(2))
    for k, cell in enumerate(presses[:-1]):
        press_on(page, board, cell, f"Pressed {cell}", key=" " if k % 2 else "Enter")
    press_on(page, board, presses[-1], f"Well done! Every light is off after {len(presses)} presses: the fewest")
    assert board.locator('.mm-cell[data-role="path"]').count() == 0, "every light is off"
    out.get_by_role("button", name="Undo").focus()
    page.keyboard.press("Enter")
    board.locator(".mm-status").filter(has_text="Took back the last press").wait_for(timeout=20_000)
    # The stepper: Play with the keyboard runs the search to its end
    out = output_of(page, "stepper")
    out.get_by_role("button", name="Play").focus()
    page.keyboard.press("Enter")
    out.locator(".mm-status").filter(has_text="took the goal").wait_for(timeout=60_000)
    # at the last frame the play has stopped by itself (the button offers Play again)
    out.get_by_role("button", name="Play").wait_for(timeout=20_000)
    # its step slider by keyboard (the keys must not reach the notebook)
    active = active_notebook_cell(page)
    slider = out.get_by_role("slider", name=re.compile(r"^step"))
    slider.focus()
    page.keyboard.press("Home")
    out.locator(".mm-status").filter(has_text="Start: the queue holds").wait_for(timeout=20_000)
    slider.focus()          # (a slow kernel may redraw the slider after the status changes)
    page.keyboard.press("ArrowRight")
    out.locator(".mm-status").filter(has_text="Step 1:").wait_for(timeout=30_000)
    assert active_notebook_cell(page) == active
    assert not errors, "\n".join(errors)


def test_a_double_click_is_one_click(games_page):
    """A double-click used to place a wall and take it off again (or extend a path and undo it)."""
    app, page, errors = games_page
    board = output_of(page, "mazer").locator(".mm-board")
    free = board.locator('.mm-cell[data-role="plain"]').nth(3)
    row, col = free.get_attribute("data-row"), free.get_attribute("data-col")
    free.dblclick()
    board.locator(".mm-status").filter(has_text=f"Wall on ({row}, {col})").wait_for(timeout=20_000)
    page.wait_for_timeout(500)
    assert board.locator(f'.mm-cell[data-row="{row}"][data-col="{col}"]').get_attribute("data-role") == "wall"
    assert not errors, "\n".join(errors)


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["1280x800", "390x844"])
def test_axe_core_finds_no_serious_or_critical_violations_in_the_widgets(games_page, width, height):
    """axe-core (through axe-playwright-python) judges only the widget outputs: JupyterLab's and
    Notebook 7's own chrome (menus, file browser, toolbars) is not ours to fix here.  On the small
    screen the boards are smaller (colour contrast of smaller texts is judged again)."""
    from axe_playwright_python.sync_playwright import Axe

    app, page, errors = games_page
    page.set_viewport_size({"width": width, "height": height})
    try:
        axe = Axe()
        found = {}
        for game, _ in GAMES:
            out = output_of(page, game)
            out.scroll_into_view_if_needed()
            out.evaluate("node => node.setAttribute('data-axe-scope', 'widget')")
            try:
                results = axe.run(page, context={"include": [["[data-axe-scope=widget]"]]})
            finally:
                out.evaluate("node => node.removeAttribute('data-axe-scope')")
            judged = {rule["id"] for rule in results.response["passes"]} | {v["id"] for v in results.response["violations"]}
            assert {"aria-required-children", "aria-required-parent", "button-name"} <= judged, \
                f"{app}, {game}: axe did not see the board and buttons (judged {sorted(judged)})"
            if game == "stepper":
                assert "label" in judged or "aria-input-field-name" in judged, "the sliders were not judged"
            bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
            found[game] = [(v["id"], v["impact"], len(v["nodes"])) for v in results.response["violations"]]
            assert not bad, f"{app}, {game}: " + "; ".join(
                f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:3]}" for v in bad)
    finally:
        page.set_viewport_size({"width": 1280, "height": 800})
    print(f"axe-core on {app} at {width}x{height}: {found}")


MEASURE = """() => {
  const vw = document.documentElement.clientWidth;
  function scroller(node) {
    for (let p = node.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p).overflowY;
      if ((s === 'auto' || s === 'scroll') && p.scrollHeight > p.clientHeight) return p;
    }
    return document.scrollingElement;
  }
  const boards = [];
  for (const grid of document.querySelectorAll('.mm-grid')) {
    grid.scrollIntoView({block: 'center'});
    const down = scroller(grid).scrollTop;
    const g = grid.getBoundingClientRect();
    const out = grid.closest('.jp-OutputArea-output').getBoundingClientRect();
    const cells = [...grid.querySelectorAll('.mm-cell')].map(c => c.getBoundingClientRect());
    const clipped = [...grid.querySelectorAll('.mm-text')].filter(t => {
      const r = t.getBoundingClientRect(), c = t.parentElement.getBoundingClientRect();
      return t.textContent && (t.scrollWidth > t.clientWidth + 1 || r.left < c.left - 0.5 || r.right > c.right + 0.5);
    }).map(t => t.textContent);
    boards.push({label: grid.getAttribute('aria-label'), left: g.left, right: g.right,
                 top: g.top + down, bottom: g.bottom + down, outRight: out.right,
                 cellsOut: cells.filter(r => r.left < -0.5 || r.right > vw + 0.5).length,
                 smallest: Math.min(...cells.map(r => r.width)), clipped});
  }
  return {vw, boards};
}"""

SCREENS = [("1280x800", 1280, 800, 1), ("800x800", 800, 800, 1), ("390x844", 390, 844, 1),
           ("1280x800 at 150% zoom", 1280, 800, 1.5)]


@pytest.mark.parametrize("screen, width, height, zoom", SCREENS, ids=[s[0] for s in SCREENS])
def test_every_board_fits_the_screen_and_no_two_boards_overlap(games_page, screen, width, height, zoom):
    """Zoom is a device scale factor: at 150% a 1280 x 800 window lays out 853 x 533 CSS pixels.
    JupyterLab keeps its file browser open, except on the phone-sized screen (closed, as a learner would)."""
    app, page, errors = games_page
    cdp = page.context.new_cdp_session(page)
    sidebar = page.locator('.jp-SideBar.jp-mod-left .lm-TabBar-tab[data-id="filebrowser"]')
    closed = False
    try:
        cdp.send("Emulation.setDeviceMetricsOverride", {"width": round(width / zoom), "height": round(height / zoom),
                                                       "deviceScaleFactor": zoom, "mobile": False})
        if app == "lab" and width < 500 and sidebar.count() and "lm-mod-current" in sidebar.get_attribute("class"):
            sidebar.click()
            closed = True
        page.wait_for_timeout(800)
        found = page.evaluate(MEASURE)
        assert len(found["boards"]) == sum(BOARDS.values())
        for b in found["boards"]:
            where = f"{app} at {screen}: {b['label']}"
            assert b["cellsOut"] == 0, f"{where}: {b['cellsOut']} cells outside the viewport width {found['vw']}"
            assert b["right"] <= b["outRight"] + 0.5, f"{where}: the board overflows its output area"
            assert b["smallest"] >= 12, f"{where}: cells of {b['smallest']:.1f} px are too small to play"
            assert not b["clipped"], f"{where}: texts cut off: {b['clipped']}"
        boards = found["boards"]
        for i, a in enumerate(boards):
            for b in boards[i + 1:]:
                apart = a["right"] <= b["left"] or b["right"] <= a["left"] or a["bottom"] <= b["top"] or b["bottom"] <= a["top"]
                assert apart, f"{app} at {screen}: {a['label']} and {b['label']} overlap"
        # the race never shifts as its status texts change length
        race = output_of(page, "race")
        first, second = race.locator(".mm-grid").nth(0), race.locator(".mm-grid").nth(1)
        first.scroll_into_view_if_needed()
        before = [first.bounding_box(), second.bounding_box()]
        board = race.locator(".mm-board").nth(0)
        start = board.locator('.mm-cell[data-role="start"]')
        far = (3 - int(start.get_attribute("data-row")), 4 - int(start.get_attribute("data-col")))
        board.locator(f'.mm-cell[data-row="{far[0]}"][data-col="{far[1]}"]').click()
        board.locator(".mm-status").filter(has_text="not next to").wait_for(timeout=20_000)
        assert [first.bounding_box(), second.bounding_box()] == before, "a longer status moved a race board"
        start.click()
        board.locator(".mm-status").filter(has_text="This is Start").wait_for(timeout=20_000)
        assert [first.bounding_box(), second.bounding_box()] == before, "a shorter status moved a race board"
    finally:
        if closed:
            sidebar.click()
        cdp.send("Emulation.clearDeviceMetricsOverride")
        page.set_viewport_size({"width": 1280, "height": 800})
        cdp.detach()
    assert not errors, "\n".join(errors)


def test_a_reopened_notebook_says_run_this_cell_instead_of_model_not_found(browser, serve):
    """Saved through the hook that ``make lab`` sets, a game's output comes back as its friendly text."""
    base, token, folder = serve("lab", "reopen")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell("from mathmaze_lib.widgets.summaze_game import MathMazeGame\nMathMazeGame(1)")]
    nbformat.write(nb, folder / "reopen.ipynb")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    try:
        page.goto(page_url("lab", base, token, folder, "reopen.ipynb"))
        page.wait_for_selector(".jp-Notebook", timeout=60_000)
        page.wait_for_timeout(1500)
        run_all_cells(page)
        page.locator(".mm-board").first.wait_for(timeout=60_000)
        path = folder / "reopen.ipynb"
        before = path.stat().st_mtime_ns
        page.locator(".jp-Notebook").first.click()
        page.keyboard.press("Control+s")
        for _ in range(60):
            if path.stat().st_mtime_ns != before:
                break
            page.wait_for_timeout(500)
        saved = nbformat.read(folder / "reopen.ipynb", as_version=4)
        data = saved.cells[0].outputs[0]["data"]
        assert "application/vnd.jupyter.widget-view+json" not in data
        assert "run this in Jupyter to play" in data["text/plain"]
    finally:
        page.close()
    # a new server, a new kernel: the widget is gone, its text is shown
    with jupyter_server("lab", root_dir=folder, extra_args=(HOOK,)) as (base, token):
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        try:
            page.goto(f"{base}/lab/tree/reopen.ipynb?token={token}")
            page.wait_for_selector(".jp-OutputArea-output", timeout=60_000)
            page.get_by_text("run this in Jupyter to play").wait_for(timeout=30_000)
            assert page.get_by_text("model not found").count() == 0
        finally:
            page.close()


def test_the_depth_first_stepper_shows_each_step_in_the_puzzles_words(games_page):
    app, page, errors = games_page
    out = output_of(page, "depth-first")
    board = out.locator(".mm-board")
    out.get_by_role("button", name="Step").click()
    board.locator(".mm-status").filter(has_text="Step 1: start at (2, 2): total 1 of 19.").wait_for(timeout=20_000)
    for _ in range(10):
        out.get_by_role("button", name="Step").click()
    board.locator(".mm-status").filter(has_text="Step 11: try (2, 0): total 22 is above 19").wait_for(timeout=20_000)
    assert board.locator('.mm-cell[data-role="cut"]').count() == 1
    assert not errors, "\n".join(errors)


def test_a_prediction_is_answered_in_the_browser(browser, serve, tmp_path):
    """Predict, then Check: the verdict appears under the question (and axe finds nothing serious)."""
    from axe_playwright_python.sync_playwright import Axe

    base, token, folder = serve("lab", "predict")
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.cells = [nbformat.v4.new_code_cell(
        "from mathmaze_lib.exercises import predict\n"
        "predict('How many moves from (0, 0) to (2, 2)?', answer=4, choices=[2, 4, 8], why='Two down, two right.')")]
    nbformat.write(nb, folder / "predict.ipynb")
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    try:
        page.goto(page_url("lab", base, token, folder, "predict.ipynb"))
        page.wait_for_selector(".jp-Notebook", timeout=60_000)
        page.wait_for_timeout(1500)
        run_all_cells(page)
        box = page.locator(".mathmaze-prediction")
        box.wait_for(timeout=90_000)
        box.get_by_role("button", name="Check").click()
        box.get_by_text("Make a prediction first").wait_for(timeout=20_000)
        box.get_by_role("button", name="8", exact=True).click()
        box.get_by_role("button", name="Check").click()
        box.get_by_text("Not this time: you said 8, the answer is 4.").wait_for(timeout=20_000)
        box.get_by_role("button", name="4", exact=True).click()
        box.get_by_role("button", name="Check").click()
        box.get_by_text("Right: 4. Two down, two right.").wait_for(timeout=20_000)
        box.evaluate("node => node.setAttribute('data-axe-scope', 'widget')")
        results = Axe().run(page, context={"include": [["[data-axe-scope=widget]"]]})
        bad = [v for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
        assert not bad, [(v["id"], v["help"]) for v in bad]
        assert not errors, "\n".join(errors)
    except Exception:
        page.screenshot(path=str(tmp_path / "prediction-failure.png"))
        raise
    finally:
        page.close()
