"""Lesson 3, wall mazes: the runner, the exact search and annealing (this part takes minutes).

``MATHMAZE_BENCH_LEVELS`` (default 3) sets how many 13 x 6 levels the exact search proves, and
how many levels of each unlimited preset ``build`` runs on (20 s and 60 s each: 8 minutes for 3).
``MATHMAZE_BENCH_CROWDED_IDS`` (default 10, the issue's count: 7 minutes) sets how many ids of each
Pathery mode the crowded-maps row runs ``walls optimize --seconds 20`` on (against
``benchmarks/wall_reference.json``, when there).
"""

from __future__ import annotations

import os
import random

from benchmarks import Row, median_ms
from benchmarks import wall_reference
from mathmaze_lib import optimize
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import fastrunner


def with_tiles(maze, seed, colours=2, unbuildable=6):
    """``maze`` with ``colours`` teleport colours (one in-cell, two out-cells each) and some
    unbuildable cells on random open cells, retried until the runner jumps at least once."""
    rng = random.Random(seed)
    for _ in range(100):
        rows = [list(line) for line in maze.text().split("\n")[1:]]
        spots = rng.sample(maze.open_cells(), 3 * colours + unbuildable)
        for k in range(colours):
            (r, c), *outs = spots[3 * k:3 * k + 3]
            rows[r][c] = wallmaze.TELEPORTS[k][0]
            for r, c in outs:
                rows[r][c] = wallmaze.TELEPORTS[k][1]
        for r, c in spots[3 * colours:]:
            rows[r][c] = wallmaze.UNBUILDABLE
        tiled = wallmaze.parse(f"walls: {maze.budget}\n" + "\n".join("".join(row) for row in rows))
        if wallmaze.run(tiled).jumps:
            return tiled
    raise ValueError("no board where the runner jumps")  # pragma: no cover


def first_time_at(result, moves):
    """Seconds until the run's best first reached ``moves`` (None if it never did)."""
    return next((t for t, best in result.history if best >= moves), None)


def run():
    rows = []
    mazer = wallmaze.level("mazer", 1)
    runner = wallmaze.Runner(mazer)
    rows.append(Row("3 walls", "runner on Mazer 15x10 (one evaluation)", median_ms(runner.score, 50, 20), "ms"))
    bits = wallmaze.BitRunner(mazer)
    rows.append(Row("3 walls", "the same with BitRunner (layers as integers, used by the optimizers)",
                    median_ms(lambda: bits.score(0), 50, 20), "ms"))
    for preset in ("mazer", "ultra"):                       # 15 x 10 and 27 x 19
        tiled = with_tiles(wallmaze.level(preset, 1), seed=1)
        bits = wallmaze.BitRunner(tiled)
        jumps = len(wallmaze.run(tiled).jumps)
        rows.append(Row("3 walls", f"runner evaluations per second, {tiled.cols}x{tiled.rows} with teleports "
                                   f"(2 colours, {jumps} jump{'s' * (jumps != 1)}; BitRunner, the runner's own search on legs a "
                                   "teleport may act on)",
                        1000 / median_ms(lambda: bits.score(0), 50, 20), "1/s"))
        compiled = fastrunner.board(tiled)
        rows.append(Row("3 walls", "the same board, compiled runner (fastrunner; one call from Python each)",
                        1000 / median_ms(lambda: fastrunner.run(compiled), 50, 20), "1/s"))
    levels = int(os.environ.get("MATHMAZE_BENCH_LEVELS", "3"))
    for level_id in range(1, levels + 1):
        maze = wallmaze.level("simple", level_id)           # 13 x 6, 7 walls
        exact = optimize.exact(maze, seconds=120)
        rows.append(Row("3 walls", f"exact search proves the optimum, 13x6 level {level_id} ({exact.moves} moves)",
                        exact.seconds, "s", "<= 60 s", exact.optimal and exact.seconds <= 60,
                        f"{exact.evaluations} runner calls" + ("" if exact.optimal else ", NOT proven")))
        ann = optimize.anneal(maze, seed=level_id, seconds=20)
        t = first_time_at(ann, exact.moves)
        rows.append(Row("3 walls", f"annealing reaches that optimum, 13x6 level {level_id}",
                        t if t is not None else 20.0, "s", "<= 20 s", t is not None,
                        f"best {ann.moves} of {exact.moves}"))
    maze = wallmaze.level("normal", 1)                      # 17 x 9, 14 walls, 1 checkpoint
    short = optimize.anneal(maze, seed=1, seconds=20)
    long = optimize.anneal(maze, seed=1, seconds=200)
    rows.append(Row("3 walls", "annealing on 17x9 (14 walls, checkpoint): 20 s score / 200 s score",
                    short.moves / long.moves, "ratio", note=f"{short.moves} vs {long.moves} moves"))
    rows.append(Row("3 walls", "annealing evaluations per second, 17x9", long.evaluations / long.seconds, "1/s"))
    rows.extend(crowded_rows())
    rows.extend(big_budgets(levels))
    return rows


def crowded_rows():
    """Issue 16: ``walls optimize --seconds 20`` (compiled CROWDED annealing on every core) against the
    stored reference scores, on the first ids of each Pathery mode; and the search's evaluations per
    second, with the pure Python runner (``--python``) and compiled."""
    rows = []
    for preset in wall_reference.MODES:
        maze = wallmaze.level(preset, 2)                    # complex:2 has 2 teleport colours
        for compiled in (False, True):
            for workers in (1, optimize.default_workers()):
                r = optimize.anneal(maze, seed=1, seconds=5, workers=workers, compiled=compiled, **optimize.CROWDED)
                rows.append(Row("3 walls", f"crowded annealing evaluations per second, {preset}:2, "
                                           f"{'compiled' if compiled else 'pure Python (BitRunner)'}, "
                                           f"{workers} process{'es' * (workers > 1)}", r.evaluations / r.seconds, "1/s"))
    reference = wall_reference.read(wall_reference.DEFAULT_FILE)
    n = int(os.environ.get("MATHMAZE_BENCH_CROWDED_IDS", "10"))
    for preset in wall_reference.MODES:
        keys = [i for i in range(1, n + 1) if f"{preset}:{i}" in reference]
        if not keys:
            rows.append(Row("3 walls", f"walls optimize --seconds 20 ties the reference, {preset}", 0, "ties",
                            ">= 9 of 10", None, "no reference scores: python -m benchmarks.wall_reference reference"))
            continue
        ties, notes = 0, []
        for i in keys:
            ref = reference[f"{preset}:{i}"]["moves"]
            got = wall_reference.run_method("after", wallmaze.level(preset, i), 0, 20.0).moves
            ties += got >= ref
            notes.append(f"{got}/{ref}")
        kinds = sorted({wall_reference.describe(reference[f"{preset}:{i}"]) for i in keys})
        rows.append(Row("3 walls", f"walls optimize --seconds 20 ties the reference, {preset} ids 1-{keys[-1]}",
                        ties / len(keys), "share", ">= 9 of 10", ties / len(keys) >= 0.9,
                        f"{' '.join(notes)} (moves / reference); reference per id: {' or '.join(kinds)}"))
    return rows


def big_budgets(levels):
    """Issue 16, part 2: ``build`` on boards with any number of walls (73 moves are known on the
    empty 15 x 10 board, from a C++ annealer outside the project): on the empty board as ``walls
    optimize --preset empty --seconds 60`` runs it (every core), and on the unlimited presets."""
    rows = []
    empty = wallmaze.level("empty")                         # 15 x 10, no rocks, any number of walls
    workers = optimize.default_workers()                    # what ``walls optimize --preset empty`` runs
    how = f"walls optimize (compiled build, {workers} process{'es' * (workers > 1)})"
    for seed in (1, 2, 3):
        built = optimize.build(empty, seed=seed, seconds=60, workers=workers, compiled=True)
        t = first_time_at(built, 73)
        rows.append(Row("3 walls", f"{how}, empty 15x10, unlimited, seed {seed}: moves reached within 60 s",
                        built.moves, "moves", ">= 73", built.moves >= 73, f"{built.evaluations} runner calls; "
                        + (f"73 first reached after {t:.1f} s" if t is not None else "73 not reached")))
    pure = optimize.build(empty, seed=1, seconds=60, workers=workers)
    rows.append(Row("3 walls", "the same with the pure Python build (--python), seed 1", pure.moves, "moves",
                    note=f"{pure.evaluations} runner calls"))
    for preset in ("mazer-unlimited", "unlimited"):
        for level_id in range(1, levels + 1):
            maze = wallmaze.level(preset, level_id)
            short = optimize.build(maze, seed=level_id, seconds=20, compiled=True)
            long = optimize.build(maze, seed=level_id, seconds=60, compiled=True)
            rows.append(Row("3 walls", f"compiled build, {preset} level {level_id} ({maze.cols}x{maze.rows}, "
                                       f"{len(maze.checkpoints)} checkpoints): moves in 20 s / in 60 s",
                            short.moves, "moves", note=f"60 s: {long.moves} moves"))
    return rows
