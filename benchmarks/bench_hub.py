"""A class on one JupyterHub server: memory per learner, time from login to a running lesson,
and the largest class that logs in at once and still runs its first cell within 10 s.

The hub is the one of ``tests/test_hub.py`` (``tests/hubkit.py``): configurable-http-proxy,
the class password, SimpleLocalProcessSpawner, learners on loopback.  Each learner logs in
through the login form, follows the spawn progress stream, pulls the class copy with the
nbgitpuller link, opens a lesson (a kernel) and runs cells through the hub's kernel websocket.

Memory is the proportional set size (PSS: shared library pages split between the processes
that share them) of a learner's single-user server plus kernel, read from /proc; RSS (which
counts shared pages in full) is in the note.  Run alone with
``python -m benchmarks hub``; ``MATHMAZE_HUB_CLASS`` sets the size of the log-in storm (20).

A class running a lesson at once (:func:`lesson_storm`): ``MATHMAZE_HUB_LESSON_CLASS`` learners (30) log in at
the same moment, pull, open lesson 1 and run all of it; the time to a running kernel (the first cell's
answer), to the whole lesson, and the memory of each learner after it.  ``MATHMAZE_HUB_PART=lesson``
runs this part only.
"""

from __future__ import annotations

import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from benchmarks import Row

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import hubkit  # noqa: E402  (the test helpers: one hub for the tests and the figures)

LESSONS = ["00_start_here.ipynb", "01_math_maze.ipynb", "02_jumping_mazes.ipynb", "03_wall_optimization.ipynb"]
FIRST_CELL_GOAL = 10.0  # seconds from login to the first cell's output
TICK = os.sysconf("SC_CLK_TCK")


def learner_pids(hub: hubkit.Hub, name: str) -> list[int]:
    needle = f"JUPYTERHUB_USER={name}".encode()
    out = []
    for pid in hub.our_processes():
        try:
            if needle in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0"):
                out.append(pid)
        except OSError:
            continue
    return out


def memory_mib(pids) -> tuple[float, float]:
    """(PSS, RSS) in MiB summed over ``pids``."""
    pss = rss = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    pss += int(line.split()[1])
                elif line.startswith("Rss:"):
                    rss += int(line.split()[1])
        except OSError:
            continue
    return pss / 1024, rss / 1024


def cpu_seconds(pids, children: bool = True) -> float:
    """User + system CPU time of ``pids``, with that of their finished children (git, for a server)
    unless ``children`` is False (the hub: its children are the learners' servers, counted apart)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += sum(int(x) for x in fields[11:15 if children else 13])
        except OSError:
            continue
    return total / TICK


def stop_server(hub: hubkit.Hub, name: str, timeout: float = 60.0) -> None:
    hub.api("DELETE", f"/users/{name}/server")
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not hub.server_state(name).get("servers") and not learner_pids(hub, name):
            return
        time.sleep(0.5)


def run_measured(hub, name: str, kernel, nb, timeout: float) -> tuple:
    """Run every cell of ``nb`` in ``kernel`` (closed after); ``(PSS, RSS, CPU seconds)`` of the learner then."""
    try:
        kernel.run_notebook(nb, timeout=timeout)
        pids = learner_pids(hub, name)
        pss, rss = memory_mib(pids)
        return pss, rss, cpu_seconds(pids)
    finally:
        kernel.close()


def lesson_footprint(hub, repo, name: str, lesson: str) -> dict:
    """One learner logs in, pulls, runs the whole lesson; memory and CPU of their server + kernel."""
    learner = hub.learner(name)
    learner.login()
    learner.wait_ready(timeout=300)
    learner.pull(hubkit.pull_link(hub.url, str(repo), lesson))
    idle_pss, _ = memory_mib(learner_pids(hub, name))
    path = f"{hubkit.CLASS_DIR}/notebooks/{lesson}"
    nb = learner.read_notebook(path)
    t0 = time.monotonic()
    pss, rss, cpu = run_measured(hub, name, learner.open_kernel(path), nb, 1200)
    run_s = time.monotonic() - t0
    stop_server(hub, name)
    return {"lesson": lesson, "pss": pss, "rss": rss, "idle_pss": idle_pss, "run_s": run_s, "cpu": cpu}


def arrive(hub, repo, name: str, lesson: str, go: threading.Event, timeout: float) -> tuple:
    """A learner logs in when ``go`` is set, pulls the class copy and opens ``lesson``: ``(start time, seconds to
    a ready server, seconds to the pulled lesson, the notebook, its kernel)``."""
    learner = hub.learner(name)
    go.wait(60)
    t0 = time.monotonic()
    learner.login()
    learner.wait_ready(timeout=timeout)
    t_ready = time.monotonic() - t0
    learner.pull(hubkit.pull_link(hub.url, str(repo), lesson), timeout=timeout)
    t_pull = time.monotonic() - t0
    path = f"{hubkit.CLASS_DIR}/notebooks/{lesson}"
    return t0, t_ready, t_pull, learner.read_notebook(path), learner.open_kernel(path, timeout=timeout)


def first_cell(hub, repo, name: str, go: threading.Event) -> dict:
    """Log in when ``go`` is set; seconds to a ready server, to the pulled lesson, to the first cell's output."""
    t0, t_ready, t_pull, nb, kernel = arrive(hub, repo, name, LESSONS[0], go, 600)
    try:
        code = next(c.source for c in nb.cells if c.cell_type == "code")
        result = kernel.execute(code, timeout=600)
        t_cell = time.monotonic() - t0
        if result["status"] != "ok":
            raise RuntimeError(f"{name}: the first cell raised {result['error']}")
        cpu = cpu_seconds(learner_pids(hub, name))
    finally:
        kernel.close()
    return {"name": name, "ready": t_ready, "pull": t_pull, "first_cell": t_cell, "cpu": cpu}


def storm(hub, repo, size: int, tag: str, then=None) -> list[dict]:
    """``size`` learners log in at the same moment; their timings, fastest first. Their servers are
    stopped after (after ``then(names)``, when given)."""
    names = [f"{tag}{i:03d}" for i in range(size)]
    go = threading.Event()
    with ThreadPoolExecutor(size) as pool:
        futures = [pool.submit(first_cell, hub, repo, n, go) for n in names]
        time.sleep(0.5)
        go.set()
        results = [f.result(timeout=1200) for f in futures]
    if then:
        then(names)
    for n in names:
        hub.api("DELETE", f"/users/{n}/server")
    for n in names:
        stop_server(hub, n)
    return sorted(results, key=lambda r: r["first_cell"])


def whole_lesson(hub, repo, name: str, lesson: str, go: threading.Event) -> dict:
    """Log in when ``go`` is set, pull, open ``lesson`` and run all of it: seconds to a running kernel (a cell
    answered) and to the end of the lesson, and the learner's memory then."""
    t0, _, _, nb, kernel = arrive(hub, repo, name, lesson, go, 900)
    try:
        if kernel.execute("1 + 1", timeout=900)["status"] != "ok":
            raise RuntimeError(f"{name}: the kernel did not answer")
    except BaseException:
        kernel.close()
        raise
    t_kernel = time.monotonic() - t0
    pss, rss, cpu = run_measured(hub, name, kernel, nb, 1800)
    t_lesson = time.monotonic() - t0
    return {"name": name, "kernel": t_kernel, "lesson": t_lesson, "pss": pss, "rss": rss, "cpu": cpu}


def lesson_storm(hub, repo, size: int, lesson: str = LESSONS[1]) -> list[Row]:
    """``size`` learners log in at the same moment and run all of ``lesson`` (see the module's text)."""
    names = [f"c{i:03d}" for i in range(size)]
    go = threading.Event()
    load = os.getloadavg()[0]
    t0 = time.monotonic()
    with ThreadPoolExecutor(size) as pool:
        futures = [pool.submit(whole_lesson, hub, repo, n, lesson, go) for n in names]
        time.sleep(0.5)
        go.set()
        outcomes = []
        for f in futures:
            try:
                outcomes.append(f.result(timeout=3600))
            except Exception as exc:  # a learner who failed is counted, the others measured
                outcomes.append({"failed": repr(exc)[:200]})
    wall = time.monotonic() - t0
    done = [r for r in outcomes if "failed" not in r]
    for n in names:
        hub.api("DELETE", f"/users/{n}/server")
    for n in names:
        stop_server(hub, n, timeout=120)
    if not done:
        return [Row("hub", f"{size} learners run lesson 1 at once", float("nan"), "s",
                    note=f"every learner failed: {outcomes[0]['failed']}")]
    kernels = sorted(r["kernel"] for r in done)
    lessons = sorted(r["lesson"] for r in done)
    pss = [r["pss"] for r in done]
    tag = f"{size} at once, {lesson[:2]}"
    failed = [r["failed"] for r in outcomes if "failed" in r]
    return [
        Row("hub", f"{tag}: login -> running kernel, 1st / median / last", kernels[-1], "s",
            note=f"{kernels[0]:.1f} / {statistics.median(kernels):.1f} / {kernels[-1]:.1f} s"),
        Row("hub", f"{tag}: login -> whole lesson run, 1st / median / last", lessons[-1], "s",
            note=f"{lessons[0]:.1f} / {statistics.median(lessons):.1f} / {lessons[-1]:.1f} s; all done in {wall:.0f} s"),
        Row("hub", f"{tag}: memory per learner after the lesson (median, max)", statistics.median(pss), "MiB",
            note=f"PSS; max {max(pss):.0f} MiB; RSS median {statistics.median(r['rss'] for r in done):.0f} MiB; "
                 f"sum of PSS {sum(pss) / 1024:.1f} GiB"),
        Row("hub", f"{tag}: CPU per learner, start + lesson (median)", statistics.median(r["cpu"] for r in done), "s",
            note=f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"),
        Row("hub", f"{tag}: learners who got through", len(done), "learners",
            goal=f"{size}", ok=len(done) == size, note="; ".join(failed)[:300]),
    ]


def largest_class(hub, repo, known: dict, limit: float, guess: int = 0, tries: int = 3) -> tuple[int, dict]:
    """The largest class size (logging in at once) whose last learner runs a cell within ``limit`` s.

    ``known`` maps class sizes already measured to their last learner's time; a few more sizes
    are tried, starting at ``guess`` (by default halfway between the sizes that passed and failed).  On a shared machine the times are noisy, so the answer is
    the largest size seen to pass.
    """
    measured = dict(known)

    def bounds():
        lo = max([n for n, t in measured.items() if t <= limit] + [0])
        hi = min([n for n, t in measured.items() if t > limit and n > lo] + [max(measured) + 1])
        return lo, hi

    for i in range(tries):
        lo, hi = bounds()
        if hi - lo <= 1:
            break
        if guess in measured or not lo < guess < hi:
            guess = (lo + hi) // 2
        measured[guess] = storm(hub, repo, guess, f"s{i}x")[-1]["first_cell"]
        step = max(1, guess // 3)
        guess = guess + step if measured[guess] <= limit else guess - step
    return bounds()[0], measured


def collect_timing(hub, out: Path, what: str, names: list, **options) -> Row:
    """``python -m mathmaze_lib collect`` for ``names``, as the teacher runs it (the hub's admin token): its seconds."""
    from mathmaze_lib.teacher.collecting import collect

    t0 = time.monotonic()
    results = collect(hub.url, hub.token, "0", out, users=names, **options)
    seconds = time.monotonic() - t0
    done = sum(r.status == "collected" for r in results)
    return Row("hub", what, seconds, "s", note=f"{done} of {len(names)} collected")


def _stop_on_signal(signum, frame):
    raise SystemExit(f"stopped by signal {signum}")  # so the hub's with-block stops what it started


def run() -> list[Row]:
    size = int(os.environ.get("MATHMAZE_HUB_CLASS", "20"))
    rows = []
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(sig, _stop_on_signal)
    load = os.getloadavg()[0]
    lesson_class = int(os.environ.get("MATHMAZE_HUB_LESSON_CLASS", "30"))
    if os.environ.get("MATHMAZE_HUB_PART") == "lesson":
        with tempfile.TemporaryDirectory(prefix="mathmaze-hub-bench-") as tmp:
            repo = hubkit.make_class_copy(Path(tmp) / "mathmaze-class")
            with hubkit.Hub(Path(tmp) / "hub", start_timeout=900, spawn_limit=lesson_class) as hub:
                return lesson_storm(hub, repo, lesson_class)
    with tempfile.TemporaryDirectory(prefix="mathmaze-hub-bench-") as tmp:
        repo = hubkit.make_class_copy(Path(tmp) / "mathmaze-class")
        with hubkit.Hub(Path(tmp) / "hub", start_timeout=600) as hub:
            hub_pss, hub_rss = memory_mib(hub.our_processes())
            feet = [lesson_footprint(hub, repo, f"mem{i}", lesson) for i, lesson in enumerate(LESSONS)]
            pss = [f["pss"] for f in feet]
            worst = max(feet, key=lambda f: f["pss"])
            rows.append(Row("hub", "memory per learner, lesson run (median of 4)", statistics.median(pss), "MiB",
                            note="PSS of server + kernel; RSS " + ", ".join(f"{f['rss']:.0f}" for f in feet)))
            rows.append(Row("hub", "memory per learner, lesson run (max of 4)", worst["pss"], "MiB",
                            note=f"{worst['lesson']}; a server with no kernel: {feet[0]['idle_pss']:.0f} MiB"))
            for f in feet:
                rows.append(Row("hub", f"run all of {f['lesson'][:2]}: CPU of server + kernel, from start", f["cpu"], "s",
                                note=f"{f['run_s']:.1f} s wall, {f['pss']:.0f} MiB PSS"))
            rows.append(Row("hub", "hub + proxy + idle culler, idle", hub_pss, "MiB", note=f"RSS {hub_rss:.0f} MiB"))

            hub_pids = hub.our_processes()
            hub_cpu0 = cpu_seconds(hub_pids, children=False)
            results = storm(hub, repo, size, "l")
            hub_cpu = (cpu_seconds(hub_pids, children=False) - hub_cpu0) / size
            times = [r["first_cell"] for r in results]
            rows.append(Row("hub", f"login -> first cell, 1st of {size} at once", times[0], "s",
                            goal=f"<= {FIRST_CELL_GOAL:g} s", ok=times[0] <= FIRST_CELL_GOAL,
                            note=f"server ready {results[0]['ready']:.1f} s, pulled {results[0]['pull']:.1f} s"))
            rows.append(Row("hub", f"login -> first cell, {size}th of {size} at once", times[-1], "s",
                            goal=f"<= {FIRST_CELL_GOAL:g} s", ok=times[-1] <= FIRST_CELL_GOAL,
                            note=f"server ready {results[-1]['ready']:.1f} s, pulled {results[-1]['pull']:.1f} s; "
                                 f"median {statistics.median(times):.1f} s"))
            rows.append(Row("hub", f"learners of {size} with a cell run within {FIRST_CELL_GOAL:g} s",
                            sum(t <= FIRST_CELL_GOAL for t in times), "learners"))
            learner_cpu = statistics.median(r["cpu"] for r in results)
            rows.append(Row("hub", "CPU to start one learner (server, pull, kernel, first cell)",
                            learner_cpu, "s", note=f"median of {size}; and the hub + proxy: {hub_cpu:.2f} s each (with stopping)"))
            cores = os.cpu_count() or 1
            rows.append(Row("hub", f"{size} at once, last first cell on {cores} idle cores (CPU-bound estimate)",
                            size * (learner_cpu + hub_cpu) / cores, "s",
                            note="every learner's start CPU spread over all cores; a model, not a timing"))
            rows.append(Row("hub", f"largest class under {FIRST_CELL_GOAL:g} s on {cores} idle cores (CPU-bound estimate)",
                            int(FIRST_CELL_GOAL * cores // (learner_cpu + hub_cpu)), "learners",
                            note="an upper bound: it leaves out the waits that are not CPU"))
            small = max(2, size // 4)
            collect_rows = []
            few = storm(hub, repo, small, "f", then=lambda names: collect_rows.append(
                collect_timing(hub, Path(tmp) / "running", f"collect lesson 0 from {small} running servers", names)))
            rows.append(Row("hub", f"login -> first cell, {small}th of {small} at once", few[-1]["first_cell"], "s",
                            goal=f"<= {FIRST_CELL_GOAL:g} s", ok=few[-1]["first_cell"] <= FIRST_CELL_GOAL,
                            note=f"1st of {small}: {few[0]['first_cell']:.1f} s"))
            everyone = [f"l{i:03d}" for i in range(size)] + [f"f{i:03d}" for i in range(small)]
            collect_rows.append(collect_timing(hub, Path(tmp) / "homes", f"collect lesson 0 of {len(everyone)} learners "
                                               "from their home folders", everyone, from_homes=str(hub.homes / "{username}")))
            collect_rows.append(collect_timing(hub, Path(tmp) / "started", f"collect lesson 0 from {small} stopped "
                                               "servers with --start (4 at once)", everyone[:small], start=True))
            rows += collect_rows
            rows += lesson_storm(hub, repo, lesson_class)
            try:
                best, measured = largest_class(
                    hub, repo, {size: times[-1], small: few[-1]["first_cell"]}, FIRST_CELL_GOAL)
                rows.append(Row("hub", f"largest class at once, all under {FIRST_CELL_GOAL:g} s to a cell", best,
                                "learners", note="last learner's time by class size: " + ", ".join(
                                    f"{n}: {t:.1f} s" for n, t in sorted(measured.items()))))
            except Exception as exc:  # a learner failed in a storm: say so, keep the other rows
                print(f"a storm failed: {exc!r}\nthe hub's log ends:\n{hub.log_tail(20000)}", file=sys.stderr)
                rows.append(Row("hub", f"largest class at once, all under {FIRST_CELL_GOAL:g} s to a cell",
                                float("nan"), "learners", note=f"not measured: a learner failed ({exc!r:.120})"))
    rows.append(Row("hub", "load average of this machine, start -> end of the run", os.getloadavg()[0], "",
                    note=f"{load:.1f} at the start, {os.cpu_count()} cores: other work shares them"))
    return rows
