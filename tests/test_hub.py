"""A class on a real JupyterHub: learners log in, pull the lessons by an nbgitpuller link, run a
lesson in their own server through the hub, and the teacher collects (``python -m mathmaze_lib
collect``) and grades (``grade``) their notebooks.

The hub runs deploy/jupyterhub_config.py on loopback with configurable-http-proxy (npm), in its
class password mode, with the teacher as admin (see ``hubkit.py``; tests/test_hub_accounts.py
runs its local accounts mode).  Without the proxy or git these tests skip, except when ``CI`` is
set: then they fail.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime

import nbformat
import pytest
import requests

import hubkit

pytestmark = [pytest.mark.slow, pytest.mark.hub]

SLOW = {"slow1", "slow2", "slow3", "slow4"}  # learners whose servers take 15 s to start
LESSON = "01_math_maze.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
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
        widgets = sum(WIDGET_VIEW in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs)
        learner.save_notebook(LESSON_PATH, nb)  # with the games' widget views: the save hook drops them
        return {"grades": kernel.grade(1), "widget views": widgets}
    finally:
        kernel.close()


@pytest.fixture(scope="module")
def class_ran(hub, class_repo):
    """ada (right), grace (wrong) and alan (untouched) log in at the same time, pull lesson 1, run it all
    and save it; each exercise's check as run in their own kernels."""
    answers = {"ada": RIGHT, "grace": WRONG, "alan": None}
    with ThreadPoolExecutor(len(answers)) as pool:  # the three log in at the same time
        futures = {name: pool.submit(learner_session, hub, class_repo, name, answer)
                   for name, answer in answers.items()}
        return {name: f.result(timeout=900) for name, f in futures.items()}


def test_a_class_logs_in_pulls_the_lesson_and_runs_it(hub, class_ran):
    grades = {name: ran["grades"] for name, ran in class_ran.items()}
    # the check per exercise, run in each learner's own kernel
    assert grades["ada"]["q1"]["status"] == "correct", grades["ada"]["q1"]
    assert grades["grace"]["q1"]["status"] == "incorrect", grades["grace"]["q1"]
    assert "path_sum(" in grades["grace"]["q1"]["text"] and "but the answer is" in grades["grace"]["q1"]["text"]
    assert grades["alan"]["q1"]["status"] == "not attempted"
    for name in grades:  # nobody wrote the later exercises
        assert grades[name]["q2"]["status"] == "not attempted", (name, grades[name]["q2"])
        assert grades[name]["q6"]["status"] == "no check"
    for name in grades:  # what each saved, as the hub serves it
        nb = hub.learner(name).read_notebook(LESSON_PATH)
        counts = [c.execution_count for c in nb.cells if c.cell_type == "code"]
        assert counts == list(range(1, len(counts) + 1)), (name, counts)  # every code cell ran, in order
        assert class_ran[name]["widget views"] > 0, "the lesson showed no game: the save hook is not tested"
        assert not any(WIDGET_VIEW in o.get("data", {}) for c in nb.cells if c.cell_type == "code" for o in c.outputs), \
            f"{name}: the save hook of deploy/jupyter_server_config.py did not run"
    assert check_output(hub.learner("ada").read_notebook(LESSON_PATH), "q1").startswith("Correct: path_sum agrees")
    used = hub.server_ports_used()  # each server on a port of the deploy config's range (MATHMAZE_SERVER_PORTS)
    assert set(grades) <= set(used), used
    assert all(port in hub.server_ports for ports in used.values() for port in ports), (hub.server_ports, used)


def mathmaze(*args, token: str, timeout: float = 600) -> subprocess.CompletedProcess:
    """``python -m mathmaze_lib ARGS`` as the teacher runs it, with the API token in the environment."""
    env = dict(os.environ, JUPYTERHUB_API_TOKEN=token)
    return subprocess.run([sys.executable, "-m", "mathmaze_lib", *map(str, args)], env=env, cwd=hubkit.ROOT,
                          capture_output=True, text=True, timeout=timeout)


def collected(folder) -> dict:
    """collect's table (folder/collected.csv): {learner: (status, detail)}."""
    with open(folder / "collected.csv", newline="") as f:
        return {row["learner"]: (row["status"], row["detail"]) for row in csv.DictReader(f)}


def wait_stopped(hub, name: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while hub.server_state(name).get("servers") and time.monotonic() < deadline:
        time.sleep(0.5)
    assert not hub.server_state(name).get("servers"), f"{name}'s server did not stop"


def test_the_teacher_collects_the_class_and_grades_it(hub, class_ran, tmp_path):
    """As deploy/README.md tells the teacher: log in with the admin password, make a token, collect the
    lesson (from running servers; from the home folders; starting stopped ones), then grade."""
    teacher = hub.learner(hubkit.TEACHER)
    teacher.login(password=hubkit.ADMIN_PASSWORD, start=False)
    token = teacher.new_token()
    assert hub.server_state(hubkit.TEACHER)["admin"] is True
    # grace claims to be ada in her notebook's metadata, then goes home (her server is stopped)
    grace = hub.learner("grace")
    nb = grace.read_notebook(LESSON_PATH)
    nb.metadata["authors"] = [{"name": "ada"}]
    nb.metadata["mathmaze"] = {"student": "ada"}
    grace.save_notebook(LESSON_PATH, nb)
    hub.api("DELETE", "/users/grace/server")
    wait_stopped(hub, "grace")
    # noor was added by the teacher and never logged in; eve's "notebook" is a link to ada's
    hub.api("POST", "/users/noor")
    hub.api("POST", "/users/eve")
    eve_lessons = hub.homes / "eve" / hubkit.CLASS_DIR / "notebooks"
    eve_lessons.mkdir(parents=True)
    (eve_lessons / LESSON).symlink_to(hub.homes / "ada" / LESSON_PATH)

    through_hub = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "hub", token=token)
    assert through_hub.returncode == 0, through_hub.stderr
    table = collected(tmp_path / "hub")
    assert hubkit.TEACHER not in table, "the teacher (a hub admin) is not one of the learners"
    assert table["ada"][0] == table["alan"][0] == "collected"
    assert table["ada"][1] == "not handed in: the working copy, from the running server"
    assert table["grace"] == ("not collected", table["grace"][1]) and "stopped" in table["grace"][1]
    assert "--start" in table["grace"][1] and "--from-homes" in table["grace"][1]
    assert table["noor"][0] == "never opened" and "never logged in" in table["noor"][1]
    assert not (tmp_path / "hub" / "grace").exists()
    assert "collected 2 of " in through_hub.stdout and "next: python -m mathmaze_lib grade" in through_hub.stdout

    homes = mathmaze("collect", "01_math_maze", "--hub", hub.url, "--out", tmp_path / "homes",
                     "--from-homes", f"{hub.homes}/{{username}}", token=token)
    assert homes.returncode == 0, homes.stderr
    table = collected(tmp_path / "homes")
    assert {n for n, (status, _) in table.items() if status == "collected"} == {"ada", "alan", "grace"}
    assert not hub.server_state("grace").get("servers"), "reading grace's home folder must not start her server"
    assert table["noor"][0] == "never opened" and "no home folder" in table["noor"][1]
    assert table["eve"][0] == "error" and "symbolic link" in table["eve"][1]
    assert not (tmp_path / "homes" / "eve").exists()

    started = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "started", "--start",
                       "--users", "grace", "noor", token=token)
    assert started.returncode == 0, started.stderr
    table = collected(tmp_path / "started")
    assert set(table) == {"grace", "noor"}
    assert table["grace"] == ("collected", "not handed in: the working copy, from the server, started for this and "
                                           "stopped again")
    assert table["noor"] == ("never opened", "never opened the lesson (never logged in)")
    wait_stopped(hub, "grace")
    assert not hub.server_state("noor").get("servers"), "a learner who never logged in has nothing to start"
    elsewhere = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "elsewhere", "--folder", "lessons",
                         "--users", "ada", token=token)
    assert elsewhere.returncode == 0, elsewhere.stderr
    assert collected(tmp_path / "elsewhere")["ada"] == ("never opened", "never opened the lesson (no lessons/01_math_maze.ipynb)")
    assert (tmp_path / "started" / "grace" / LESSON).read_bytes() == (tmp_path / "homes" / "grace" / LESSON).read_bytes()

    # the teacher grades what was collected: one row per learner, named by the hub's name (in the sandbox; grade
    # refuses without one unless told --no-sandbox, as on a machine without bubblewrap)
    from mathmaze_lib.grading import sandbox

    graded = mathmaze("grade", tmp_path / "homes", "--csv", tmp_path / "grades.csv", "--feedback",
                      tmp_path / "feedback", *([] if sandbox.available() else ["--no-sandbox"]), token="")
    assert graded.returncode == 0, graded.stdout + graded.stderr
    with open(tmp_path / "grades.csv", newline="") as f:
        rows = {row["student"]: row for row in csv.DictReader(f)}
    assert set(rows) == {"ada", "alan", "grace"}, "grace's notebook says she is ada: the hub's name must win"
    assert "its metadata names 'ada' (mathmaze.student), not grace: the name here is the hub login" in \
        rows["grace"]["notes"]
    q1 = next(column for column in next(iter(rows.values())) if column.startswith("q1"))
    assert (rows["ada"][q1], rows["grace"][q1], rows["alan"][q1]) == ("1", "0", "0")


def test_collect_says_in_one_line_what_is_wrong_with_its_input(hub, tmp_path):
    bad = [(["--hub", hub.url], "", "no API token"),
           (["--hub", hub.url], "not-a-token", "refused the token"),
           (["--hub", f"{hub.url}/nothing-here"], hub.token, "is not a JupyterHub"),
           (["--hub", f"http://127.0.0.1:{hubkit.free_port()}"], hub.token, "does not answer"),
           (["--hub", hub.url, "--from-homes", "/home/learners"], hub.token, "needs {username}")]
    for args, token, message in bad:
        out = mathmaze("collect", 1, "--out", tmp_path / "out", *args, token=token, timeout=120)
        assert out.returncode == 2, (args, out.stdout, out.stderr)
        assert message in out.stderr and len(out.stderr.strip().splitlines()) == 1, (args, out.stderr)
    learner_token = hub.user_token("alan")  # a learner's token may not list the class
    out = mathmaze("collect", 1, "--out", tmp_path / "out", "--hub", hub.url, token=learner_token, timeout=120)
    assert out.returncode == 2 and "use the API token of a hub admin" in out.stderr, out.stderr


@pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning")
def test_learners_reach_the_hub_through_caddy_over_https(hub, class_ran, tmp_path):
    """deploy/Caddyfile in front of the hub, as on a server, but with Caddy's own local certificate
    instead of Let's Encrypt's (no public name here) and the test hub's port for 8000: the login page,
    a login, the API and a kernel's websocket all pass through it."""
    import ssl

    import requests
    import websocket

    needs("caddy", "apt-get install caddy")
    port = hubkit.free_port()
    site = (hubkit.ROOT / "deploy" / "Caddyfile").read_text()
    assert "HUB.EXAMPLE.ORG {" in site and "reverse_proxy 127.0.0.1:8000" in site
    site = site.replace("HUB.EXAMPLE.ORG {", f"https://localhost:{port} {{\n\ttls internal")
    site = site.replace("127.0.0.1:8000", f"127.0.0.1:{hub.port}")
    (tmp_path / "Caddyfile").write_text("{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n}\n" + site)
    env = dict(os.environ, HOME=str(tmp_path), XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    with open(tmp_path / "caddy.log", "wb") as log:
        caddy = subprocess.Popen(["caddy", "run", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"],
                                 env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"https://localhost:{port}"
    try:
        web = requests.Session()
        web.verify = False  # Caddy's local certificate authority is not one this machine trusts,
        web.trust_env = False  # and no REQUESTS_CA_BUNDLE of the environment may bring verification back
        deadline, answer = time.monotonic() + 60, None
        while True:
            try:
                answer = web.get(f"{url}/hub/api/", timeout=10)
                if answer.json().get("version"):
                    break
            except (requests.ConnectionError, ValueError) as err:
                answer = err
            assert caddy.poll() is None and time.monotonic() < deadline, \
                f"{answer!r}: {getattr(answer, 'text', '')[:300]}\n" + (tmp_path / "caddy.log").read_text()[-2000:]
            time.sleep(0.3)
        assert "Your name: lowercase letters" in web.get(f"{url}/hub/login", timeout=30).text
        r = web.post(f"{url}/hub/login?next=", allow_redirects=False, timeout=60,
                     data={"username": "ada", "password": hubkit.CLASS_PASSWORD, "_xsrf": web.cookies.get("_xsrf", "")})
        assert r.status_code == 302, (r.status_code, r.text[:300])
        kernels = web.get(f"{url}/user/ada/api/kernels", headers={"Authorization": f"token {hub.token}"}, timeout=30)
        assert kernels.status_code == 200 and kernels.json(), kernels.text[:300]
        ws = websocket.create_connection(f"wss://localhost:{port}/user/ada/api/kernels/{kernels.json()[0]['id']}/channels",
                                         header=[f"Authorization: token {hub.token}"], timeout=30,
                                         sslopt={"cert_reqs": ssl.CERT_NONE})
        ws.close()
    finally:
        caddy.terminate()
        caddy.wait(timeout=30)


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
    spawner without systemd: the class password logs in, a wrong one does not, the teacher logs in
    with the admin password only, and the idle culler it declares is running as a hub service."""
    with pytest.raises(RuntimeError, match="refused the login"):
        hub.learner("mallory").login(password="not-the-class-password")
    with pytest.raises(RuntimeError, match="refused the login"):
        hub.learner(hubkit.TEACHER).login(password=hubkit.CLASS_PASSWORD, start=False)
    with pytest.raises(RuntimeError, match="refused the login"):  # not a name for an account
        hub.learner("ada lovelace").login(start=False)
    assert "Your name: lowercase letters and digits" in hub.learner("x").web.get(f"{hub.url}/hub/login").text
    assert hub.learner("margaret").login(start=False).status_code == 302
    assert hub.server_state("margaret")["admin"] is False
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
            # The cells above the board import the library in a kernel the hub has just started: alone that
            # takes 37 s in all, but in the whole suite on two busy cores 120 s were once not enough.
            cell.wait_for(timeout=300_000)
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


# ------------------------------------------------------------------------------ a term on the hub (issue 44)

def run_cell(learner, code: str, path: str = LESSON_PATH) -> str:
    """Run ``code`` in a new kernel of the learner's notebook (as a cell of it); what it printed."""
    kernel = learner.open_kernel(path)
    try:
        result = kernel.execute(code, timeout=120)
    finally:
        kernel.close()
    assert result["status"] == "ok", f"{learner.name}: {result['error']}"
    return "".join(o.get("text", "") for o in result["outputs"] if o.output_type == "stream")


def test_learners_hand_in_and_the_teacher_collects_by_the_deadline(hub, class_ran, tmp_path):
    ada, alan = hub.learner("ada"), hub.learner("alan")
    first = run_cell(ada, "from mathmaze_lib.exercises import lesson1 as ex\nex.hand_in()")
    assert first.startswith("Handed in 01_math_maze.ipynb at ") and "the last one counts" in first, first
    handed_first = ada.read_notebook(LESSON_PATH)
    time.sleep(1.0)
    deadline = time.time()
    time.sleep(1.0)
    nb = ada.read_notebook(LESSON_PATH)
    nb.cells.append(nbformat.v4.new_markdown_cell("A second thought, after the deadline."))
    ada.save_notebook(LESSON_PATH, nb)
    assert run_cell(ada, "from mathmaze_lib.exercises import lesson1 as ex\nex.hand_in()").startswith("Handed in")
    assert run_cell(alan, "from mathmaze_lib.exercises import lesson1 as ex\nex.hand_in()").startswith("Handed in")
    when = datetime.fromtimestamp(deadline).isoformat(timespec="microseconds")
    late = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "late", "--deadline", when,
                    "--users", "ada", "alan", token=hub.token)
    assert late.returncode == 0, late.stderr
    table = collected(tmp_path / "late")
    assert table["ada"][0] == "collected" and "(the last of 2), late: " in table["ada"][1], table["ada"]
    with open(tmp_path / "late" / "collected.csv", newline="") as f:
        rows = {r["learner"]: r for r in csv.DictReader(f)}
    assert rows["ada"]["late"].endswith("after the deadline") and rows["ada"]["handed_in"]
    assert "A second thought" in (tmp_path / "late" / "ada" / LESSON).read_text()
    on_time = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "on-time", "--deadline", when,
                       "--on-time-only", "--users", "ada", "alan", token=hub.token)
    assert on_time.returncode == 0, on_time.stderr
    table = collected(tmp_path / "on-time")
    assert table["ada"][0] == "collected" and "(hand-in 1 of 2)" in table["ada"][1] and "late" not in table["ada"][1]
    got = nbformat.reads((tmp_path / "on-time" / "ada" / LESSON).read_text(), as_version=4)
    assert [c.source for c in got.cells] == [c.source for c in handed_first.cells]
    assert table["alan"][0] == "late" and "handed in only after the deadline" in table["alan"][1]
    homes = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "homes", "--deadline", when, "--on-time-only",
                     "--users", "ada", "--from-homes", f"{hub.homes}/{{username}}", token=hub.token)
    assert homes.returncode == 0 and (tmp_path / "homes" / "ada" / LESSON).read_bytes() == \
        (tmp_path / "on-time" / "ada" / LESSON).read_bytes()


def test_feedback_reaches_each_learner_and_no_one_else(hub, class_ran, tmp_path):
    from mathmaze_lib.grading import Feedback, Submission, write_feedback

    subs = [Submission(tmp_path / name / LESSON, student=name, lesson=1,
                       verdicts={"q1": Feedback("correct", f"Correct, {name}.", 1, 1)})
            for name in ("ada", "alan", "nobody-here")]
    write_feedback(subs, 1, tmp_path / "feedback")
    out = mathmaze("release-feedback", tmp_path / "feedback", "--hub", hub.url, token=hub.token)
    assert out.returncode == 0, out.stderr
    assert "released 2 of 3 feedback files" in out.stdout and "nobody-here is not a user of the hub" in out.stdout
    where = "mathmaze-feedback/01_math_maze-feedback.txt"
    mine = hub.learner("ada").api("GET", f"/contents/{where}", params={"content": "1"})
    assert mine.status_code == 200 and "Correct, ada." in mine.json()["content"]
    theirs = requests.get(f"{hub.url}/user/ada/api/contents/{where}", timeout=30,
                          headers={"Authorization": f"token {hub.learner('alan').api_token()}"})
    assert theirs.status_code in (403, 404) or "Correct, ada." not in theirs.text, "alan read ada's feedback"
    assert "Correct, alan." in hub.learner("alan").api("GET", f"/contents/{where}").json()["content"]
    homes = mathmaze("release-feedback", tmp_path / "feedback", "--hub", hub.url, "--users", "ada",
                     "--to-homes", f"{hub.homes}/{{username}}", token=hub.token)
    assert homes.returncode == 0 and "readable by ada alone" in homes.stdout, homes.stdout + homes.stderr
    assert oct((hub.homes / "ada" / where).stat().st_mode)[-3:] == "600"


def test_the_class_shares_one_high_score_table_and_no_one_writes_anothers_line(hub, class_ran):
    if hub.api("GET", f"/users/{hubkit.TEACHER}").status_code == 404:    # the teacher has not logged in yet
        hub.api("POST", f"/users/{hubkit.TEACHER}")
    teacher = hub.user_token(hubkit.TEACHER)
    today = mathmaze("scores", "today", "mazer:2", "--hub", hub.url, token=teacher)
    assert today.returncode == 0 and "the map of the day is mazer:2" in today.stdout, today.stdout + today.stderr
    ada = run_cell(hub.learner("ada"), textwrap.dedent("""
        from mathmaze_lib.widgets.wall_game import MazerGame
        game = MazerGame("today", name="Grace")
        game.board.click(1, 1)
        game.save()
        print(game.map_id, game.moves, game.board.status)"""))
    map_id, moves, status = ada.split(" ", 2)
    assert map_id == "mazer:2" and status.startswith(f"Saved {moves} moves for ada: rank "), ada
    attacks = run_cell(hub.learner("alan"), textwrap.dedent("""
        import json, os, urllib.request
        def call(method, path, body=None):
            request = urllib.request.Request(os.environ["MATHMAZE_SCORES_URL"] + path, method=method,
                data=None if body is None else json.dumps(body).encode(),
                headers={"Authorization": "token " + os.environ["JUPYTERHUB_API_TOKEN"]})
            try:
                with urllib.request.urlopen(request) as r:
                    return r.status, json.loads(r.read())
            except urllib.error.HTTPError as err:
                return err.code, json.loads(err.read())
        print(json.dumps([call("POST", "/api/scores", {"map": "mazer:2", "walls": [[1, 1]], "login": "ada",
                                                       "name": "ada", "moves": 999}),
                          call("PUT", "/api/today", {"map": "mazer:1"}),
                          call("DELETE", "/api/table?map=mazer:2&login=ada")]))"""))
    (scored, answer), (put, _), (delete, _) = json.loads(attacks)
    assert scored == 200 and answer["login"] == "alan" and answer["moves"] == int(moves), answer
    assert (put, delete) == (403, 403)
    shown = mathmaze("scores", "show", "mazer:2", "--hub", hub.url, token=teacher)
    assert shown.returncode == 0, shown.stderr
    assert re.findall(r"\d\. (\w+) +(\d+) moves", shown.stdout) == [("ada", moves), ("alan", moves)]


def test_a_killed_server_loses_only_what_was_not_saved_and_comes_back(hub, class_ran):
    """The learner's server and kernel die at once (SIGKILL, as when a machine runs out of memory); the saved
    notebook (the last autosave) is what they find when they come back, and the lesson runs again."""
    learner = hub.learner("alan")
    nb = learner.read_notebook(LESSON_PATH)
    set_cell(nb, "def path_sum(", RIGHT)
    learner.save_notebook(LESSON_PATH, nb)                     # the last (auto)save before the crash
    ours = [pid for pid in hub.our_processes()
            if b"JUPYTERHUB_USER=alan" in open(f"/proc/{pid}/environ", "rb").read().split(b"\0")]
    assert ours, "alan's server is not running"
    for pid in ours:
        os.kill(pid, signal.SIGKILL)
    t0 = time.monotonic()
    learner.login(start=False)                                    # alan's browser, logged in to the hub
    down = learner.web.get(f"{hub.url}/user/alan/lab", timeout=30)
    assert down.status_code == 503 and "Your server appears to be down" in down.text
    learner.web.get(f"{hub.url}/hub/home", timeout=30)           # the page the 503 page links to: the hub sees it
    assert not hub.server_state("alan").get("servers"), "the hub still thinks alan's server runs"
    learner.login()                                               # Start My Server (or the lesson's link again)
    learner.wait_ready(timeout=180)
    back = time.monotonic() - t0
    after = learner.read_notebook(LESSON_PATH)
    assert any(c.source == RIGHT for c in after.cells), "the saved answer was lost"
    assert run_cell(learner, RIGHT + "\nfrom mathmaze_lib.exercises import lesson1 as ex\nex.q1.check()").startswith(
        "Correct"), "the lesson does not run again"
    print(f"alan's server was back {back:.1f} s after it was killed")
