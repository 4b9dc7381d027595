"""A class on a real JupyterHub: learners log in, pull the lessons by an nbgitpuller link, run a
lesson in their own server through the hub, and the teacher collects and grades their notebooks.

The hub runs on loopback with configurable-http-proxy (npm), the shared class password and
SimpleLocalProcessSpawner (a temporary folder per learner as home); see ``hubkit.py``.
Without the proxy or git these tests skip, except when ``CI`` is set: then they fail.
"""

from __future__ import annotations

import csv
import json
import os
import shutil
from concurrent.futures import ThreadPoolExecutor

import nbformat
import pytest

import hubkit

pytestmark = [pytest.mark.slow, pytest.mark.hub]

SLOW = {"slow1", "slow2", "slow3", "slow4"}  # learners whose servers take 15 s to start
LESSON = "01_math_maze.ipynb"
LESSON_PATH = f"{hubkit.CLASS_DIR}/notebooks/{LESSON}"
RIGHT = ("def path_sum(numbers, path):\n"
         "    \"\"\"The sum of numbers[r][c] over the cells (r, c) of path.\"\"\"\n"
         "    return sum(numbers[r][c] for r, c in path)")
WRONG = ("def path_sum(numbers, path):\n"
         "    \"\"\"The sum of numbers[r][c] over the cells (r, c) of path.\"\"\"\n"
         "    return len(path)")


def needs(tool: str, hint: str) -> None:
    try:
        if tool == "configurable-http-proxy":
            hubkit.proxy_command()
        elif not shutil.which(tool):
            raise FileNotFoundError(f"{tool} is not on the PATH: {hint}")
    except FileNotFoundError as exc:
        if os.environ.get("CI"):
            pytest.fail(f"{exc} (CI is set, so the hub tests must run)")
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def class_repo(tmp_path_factory):
    needs("git", "apt-get install git")
    return hubkit.make_class_copy(tmp_path_factory.mktemp("teacher") / "mathmaze-class")


@pytest.fixture(scope="module")
def hub(request, tmp_path_factory, class_repo):
    """One hub for this module; when a test failed, its log (with the learners' servers' logs) is
    kept as test-artifacts/hub.log."""
    needs("configurable-http-proxy", "npm install -g configurable-http-proxy")
    failed = request.session.testsfailed
    with hubkit.Hub(tmp_path_factory.mktemp("hub"), broken={"bob"}, slow=SLOW, slow_seconds=15,
                    spawn_limit=len(SLOW)) as running:
        yield running
    if request.session.testsfailed > failed:
        keep = hubkit.ROOT / "test-artifacts" / "hub.log"
        keep.parent.mkdir(exist_ok=True)
        shutil.copy(running.log_path, keep)
        print(f"the hub's log: {keep}")


def set_cell(nb, marker: str, source: str) -> None:
    """Replace the code cell that starts with ``marker`` (what a learner types into it)."""
    cells = [c for c in nb.cells if c.cell_type == "code" and c.source.startswith(marker)]
    assert len(cells) == 1, f"expected one cell starting with {marker!r}, found {len(cells)}"
    cells[0].source = source


def check_output(nb, exercise: str) -> str:
    cell = next(c for c in nb.cells if c.cell_type == "code" and f"ex.{exercise}.check()" in c.source)
    return "".join(o.get("text", "") for o in cell.outputs)


def learner_session(hub, class_repo, name: str, answer):
    """Log in, pull the link, write ``answer`` into exercise 1 (or leave it), save, run all, save, grade."""
    learner = hub.learner(name)
    learner.login()
    learner.wait_ready(timeout=180)
    events = learner.pull(hubkit.pull_link(hub.url, str(class_repo), LESSON))
    assert events[-1]["phase"] == "finished"
    nb = learner.read_notebook(LESSON_PATH)
    if answer is not None:
        set_cell(nb, "def path_sum(", answer)
        learner.save_notebook(LESSON_PATH, nb)
    kernel = learner.open_kernel(LESSON_PATH)
    try:
        kernel.run_notebook(nb, timeout=600)
        learner.save_notebook(LESSON_PATH, nb)
        return kernel.grade(1)
    finally:
        kernel.close()


def test_a_class_logs_in_pulls_the_lesson_runs_it_and_is_graded(hub, class_repo, tmp_path):
    answers = {"ada": RIGHT, "grace": WRONG, "alan": None}
    with ThreadPoolExecutor(len(answers)) as pool:  # the three log in at the same time
        futures = {name: pool.submit(learner_session, hub, class_repo, name, answer)
                   for name, answer in answers.items()}
        grades = {name: f.result(timeout=900) for name, f in futures.items()}

    # the check per exercise, run in each learner's own kernel
    assert grades["ada"]["q1"]["status"] == "correct", grades["ada"]["q1"]
    assert grades["grace"]["q1"]["status"] == "incorrect", grades["grace"]["q1"]
    assert "path_sum(" in grades["grace"]["q1"]["text"] and "but the answer is" in grades["grace"]["q1"]["text"]
    assert grades["alan"]["q1"]["status"] == "not attempted"
    for name in answers:  # nobody wrote the later exercises
        assert grades[name]["q2"]["status"] == "not attempted", (name, grades[name]["q2"])
        assert grades[name]["q6"]["status"] == "no check"

    # the teacher collects the saved notebooks through the hub, with the teacher's service token
    collected = tmp_path / "collected"
    for name in answers:
        r = hub.api_user(name, "GET", f"/contents/{LESSON_PATH}", params={"content": "1"})
        assert r.status_code == 200, (name, r.status_code, r.text[:300])
        (collected / name).mkdir(parents=True)
        nbformat.write(nbformat.from_dict(r.json()["content"]), collected / name / LESSON)
    (collected / "grades.json").write_text(json.dumps(grades, indent=1))
    hubkit.write_grades_csv(grades, collected / "grades.csv")
    with open(collected / "grades.csv", newline="") as f:
        table = list(csv.reader(f))
    assert table[0][:3] == ["learner", "q1", "q2"]
    assert {row[0]: row[1] for row in table[1:]} == {"ada": "correct", "alan": "not attempted", "grace": "incorrect"}

    books = {name: nbformat.read(collected / name / LESSON, as_version=4) for name in answers}
    assert check_output(books["ada"], "q1").startswith("Correct: path_sum agrees")
    assert check_output(books["grace"], "q1").startswith("Not quite: path_sum(")
    assert check_output(books["alan"], "q1").startswith("Not attempted yet")
    assert "return sum(numbers[r][c]" in "".join(c.source for c in books["ada"].cells)
    # every code cell ran, in order, in the learner's server
    for name, nb in books.items():
        counts = [c.execution_count for c in nb.cells if c.cell_type == "code"]
        assert counts == list(range(1, len(counts) + 1)), (name, counts)


def test_a_second_pull_keeps_the_learners_edits_and_brings_the_teachers_changes(hub, class_repo):
    learner = hub.learner("edith")
    learner.login()
    learner.wait_ready(timeout=180)
    link = hubkit.pull_link(hub.url, str(class_repo), LESSON)
    learner.pull(link)
    nb = learner.read_notebook(LESSON_PATH)
    set_cell(nb, "def path_sum(", RIGHT)
    learner.save_notebook(LESSON_PATH, nb)
    gone = f"{hubkit.CLASS_DIR}/notebooks/02_jumping_mazes.ipynb"
    assert learner.api("DELETE", f"/contents/{gone}").status_code == 204

    # the teacher adds a note and changes the README of the class copy
    (class_repo / "notebooks" / "homework.md").write_text("# Homework\n\nFinish exercise 2 of lesson 1.\n")
    (class_repo / "README.md").write_text((class_repo / "README.md").read_text() + "\nHomework is in notebooks/.\n")
    hubkit.git(class_repo, "add", "-A")
    hubkit.git(class_repo, "commit", "-q", "-m", "Homework for week 2")
    try:
        learner.pull(link)
        after = learner.read_notebook(LESSON_PATH)
        assert any(c.source == RIGHT for c in after.cells), "the learner's answer was lost by the second pull"
        assert learner.api("GET", f"/contents/{hubkit.CLASS_DIR}/notebooks/homework.md").status_code == 200
        readme = learner.api("GET", f"/contents/{hubkit.CLASS_DIR}/README.md").json()["content"]
        assert "Homework is in notebooks/." in readme
        # a lesson the learner deleted comes back (nbgitpuller restores deleted files)
        assert learner.api("GET", f"/contents/{gone}").status_code == 200
    finally:
        hubkit.git(class_repo, "reset", "-q", "--hard", "HEAD~1")


def test_a_learner_whose_server_fails_to_start_gets_the_hubs_message(hub):
    learner = hub.learner("bob")  # the hub's config makes bob's server exit at once
    learner.login()
    events = learner.progress(timeout=60)
    assert events and events[-1].get("failed"), events
    assert events[-1]["message"].startswith("Spawn failed: "), events[-1]
    assert "didn't respond in 8 seconds" in events[-1]["message"]
    with pytest.raises(hubkit.SpawnFailed, match="has failed"):
        learner.wait_ready(timeout=60)
    # the others are not affected: another learner still starts
    other = hub.learner("hedy")
    other.login()
    assert other.wait_ready(timeout=180) > 0


def test_the_hub_runs_with_the_deploy_config_and_its_idle_culler(hub):
    """The test hub is deploy/jupyterhub_config.py (class password mode) with loopback ports and a
    spawner without system accounts: the class password logs in, a wrong one does not, and the
    idle culler it declares is running as a hub service."""
    with pytest.raises(RuntimeError, match="refused the login"):
        hub.learner("mallory").login(password="not-the-class-password")
    r = hub.api("GET", "/services")
    assert r.status_code == 200, r.text[:300]
    culler = r.json()["idle-culler"]
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    assert culler.get("pid"), f"the idle culler is not running: {culler}"


@pytest.mark.browser
def test_a_learner_in_chromium_logs_in_follows_the_link_and_clicks_a_board(hub, class_repo, tmp_path):
    """What a learner sees: the hub's login page, the link's pull page, then JupyterLab with the
    start lesson; Run All, and a click on the board shows the route to that cell."""
    from playwright.sync_api import sync_playwright

    from test_browser import ARGS, chromium, run_all_cells

    path = chromium()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=path, args=ARGS)
        page = browser.new_page(viewport={"width": 1300, "height": 1000})
        try:
            page.goto(f"{hub.url}/hub/login")
            page.fill("#username_input", "katherine")
            page.fill("#password_input", hubkit.CLASS_PASSWORD)
            page.click("#login_submit")
            page.wait_for_url("**/user/katherine/lab**", timeout=180_000)
            page.goto(hubkit.pull_link(hub.url, str(class_repo)))
            page.wait_for_url(f"**/lab/tree/{hubkit.CLASS_DIR}/notebooks/00_start_here.ipynb*", timeout=180_000)
            page.wait_for_selector(".jp-Notebook", timeout=120_000)
            page.wait_for_timeout(1500)  # let the kernel start before running
            run_all_cells(page)
            board = page.locator(".mm-board").first
            cell = board.locator('.mm-cell[data-row="3"][data-col="4"]')
            cell.wait_for(timeout=120_000)
            board.locator(".mm-status").filter(has_text="(2, 3) is 5 moves").wait_for(timeout=60_000)
            cell.click()
            board.locator(".mm-status").filter(has_text="(3, 4) is 7 moves from the start").wait_for(timeout=30_000)
            assert cell.get_attribute("data-role") == "goal"
        except BaseException:
            shot = tmp_path / "failure-hub.png"
            page.screenshot(path=str(shot), full_page=True)
            print(f"screenshot of the failure: {shot}")
            raise
        finally:
            page.close()
            browser.close()


def test_too_many_starting_at_once_are_asked_to_try_again_then_get_in(hub):
    """The hub starts at most concurrent_spawn_limit servers at a time (4 in this test hub, 30 in
    deploy/); one more learner is told to try again, and gets in when they do."""
    slow = [hub.learner(name) for name in sorted(SLOW)]
    for learner in slow:
        assert learner.login().status_code == 200
    late = hub.learner("lovelace")
    r = late.login()
    assert r.status_code == 429, (r.status_code, r.url)
    assert "Too many users trying to log in right now. Try again in" in r.text
    for learner in slow:
        learner.wait_ready(timeout=180)
    late.login()
    assert late.wait_ready(timeout=180) > 0
    for learner in slow + [late]:  # the servers of this test are not needed any more
        hub.api("DELETE", f"/users/{learner.name}/server")
