"""Issue 18: how far past ``seconds`` each wall-maze optimizer runs, set-up included.

Boards from the 13 x 6 level to a 500 x 500 open board, with a 20-wall budget and an unlimited
one; each optimizer gets ``seconds`` and the time from the call to its return is measured.
The goal: at most 10% of the limit or 0.5 s over, whichever is larger.  The machine may be
shared, so a timing can be noisy.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time

from benchmarks import Row
from mathmaze_lib import optimize
from mathmaze_lib.puzzles import wallmaze


def open_board(rows: int, cols: int, budget: int) -> wallmaze.WallMaze:
    """An open ``rows x cols`` board: starts down the left column, finishes down the right one."""
    lines = ["s" + "." * (cols - 2) + "f" for _ in range(rows)]
    return wallmaze.parse(f"walls: {budget}\n" + "\n".join(lines))


def rocky_board(side: int, budget: int, seed: int = 18) -> wallmaze.WallMaze:
    """A ``side x side`` board with 15% rocks and checkpoints A and B (one cell each), with a route."""
    rng = random.Random(seed)
    while True:
        rows = [["s"] + ["#" if rng.random() < 0.15 else "." for _ in range(side - 2)] + ["f"] for _ in range(side)]
        rows[side // 3][side // 2] = "A"
        rows[2 * side // 3][side // 4] = "B"
        maze = wallmaze.parse(f"walls: {budget}\n" + "\n".join("".join(r) for r in rows))
        if wallmaze.BitRunner(maze).score(0) is not None:
            return maze


def boards():
    yield "simple:1 (6x13)", wallmaze.level("simple", 1)
    yield "ultra:1 (19x27, 30 walls)", wallmaze.level("ultra", 1)
    yield "500x500 rocks and checkpoints, 20 walls", rocky_board(500, 20)
    for side in (60, 200, 500):
        for budget in (20, wallmaze.UNLIMITED):
            yield f"{side}x{side} open, {'unlimited' if budget == wallmaze.UNLIMITED else budget} walls", \
                open_board(side, side, budget)


def overshoot(method: str, maze, seconds: float) -> float:
    """Seconds past ``seconds`` that one run took (negative when it ended early by itself)."""
    fn = optimize.OPTIMIZERS[method]
    t0 = time.perf_counter()
    fn(maze, seconds=seconds)
    return time.perf_counter() - t0 - seconds


def run(seconds: float = 1.0):
    worst = {m: (float("-inf"), "") for m in optimize.OPTIMIZERS}
    for name, maze in boards():
        for method in optimize.OPTIMIZERS:
            over = overshoot(method, maze, seconds)
            if over > worst[method][0]:
                worst[method] = (over, name)
    allowed = max(0.5, 0.1 * seconds)
    rows = [Row("walls", f"{method}: worst overshoot of --seconds {seconds:g}", over, "s",
                goal=f"<= {allowed:g} s", ok=over <= allowed, note=f"on {where}")
            for method, (over, where) in worst.items()]
    return rows + command_line_rows(seconds)


def command_line_rows(seconds: float):
    """The whole command (Python start, imports, reading the board, the run, the answer) on the
    500 x 500 board with rocks and checkpoints: what a learner waits past ``--seconds``."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, *sys.path]))
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "board.txt")
        with open(path, "w", encoding="utf-8") as f:
            f.write(rocky_board(500, 20).text())
        for method in optimize.OPTIMIZERS:
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-m", "mathmaze_lib", "walls", "optimize", path, "--method", method,
                            "--seconds", f"{seconds:g}", "--json"], env=env, capture_output=True, check=True)
            rows.append(Row("walls", f"command line, {method}: time past --seconds {seconds:g}",
                            time.perf_counter() - t0 - seconds, "s",
                            note="500x500 board with rocks and checkpoints; includes Python start and reading the board"))
    return rows
