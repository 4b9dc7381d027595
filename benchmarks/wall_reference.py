"""Issue 16, crowded maps: does ``walls optimize --seconds 20`` tie the best known score?

The issue's goal: on Pathery's Normal and Complex modes (presets ``pathery-normal`` and
``pathery-complex``), a 20-second run ties the best of ten 200-second runs on at least 9 of 10 ids
of each mode.  Two steps, so the expensive one runs once and is kept:

``reference``  runs annealing (:data:`mathmaze_lib.optimize.CROWDED` settings, one process per run,
               ``--jobs`` runs at once) ``--runs`` times on each id, for ``--seconds`` or for
               ``--iters`` iterations (the same runs on any machine and under any load), and stores
               the best in a JSON file (default ``benchmarks/wall_reference.json``).  A later
               reference run adds to the file: each entry keeps the best wall set ever seen and the
               list of every run's score with its limit and method (runs without a method were the
               pure Python annealing, ``python``).  The issue's reference is ten 200-second runs
               (one process each; with ``--jobs 2`` on 2 cores, about 2.8 hours per mode):

               python -m benchmarks.wall_reference reference --seconds 200 --runs 10 --first-seed 101

``compare``    runs ``--method`` for ``--seconds`` on each id and counts the ties (a score >= the
               stored best) per mode.  ``after`` is ``walls optimize``'s default (compiled annealing
               with CROWDED settings on every core); ``python`` the same with the pure Python runner
               (``walls optimize --python``); ``before`` is main's default before the issue (one
               process, one round, T from 3 to 0.05).

               python -m benchmarks.wall_reference compare --seconds 20 --ids 1-10 --method after

Every score is checked with :func:`mathmaze_lib.puzzles.wallmaze.score` (the pure Python runner).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from pathlib import Path

from mathmaze_lib import optimize
from mathmaze_lib.puzzles import wallmaze

MODES = ("pathery-normal", "pathery-complex")
DEFAULT_FILE = Path(__file__).with_name("wall_reference.json")


def parse_ids(text: str) -> list:
    """``"1-10"`` or ``"1,3,5"`` (or both: ``"1-3,7"``) as a list of ids."""
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out.extend(range(int(lo), int(hi or lo) + 1))
    return out


def read(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def write(path: Path, data: dict) -> None:
    lines = [f" {json.dumps(key)}: {json.dumps(data[key], sort_keys=True)}" for key in sorted(data)]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def one_run(task) -> tuple:
    """One reference run (in a worker process): ``(key, seed, moves, walls, evaluations)``."""
    preset, level_id, seed, seconds, iters, method = task
    maze = wallmaze.level(preset, level_id)
    result = run_method(method, maze, seed, seconds, workers=1, iters=iters)
    assert wallmaze.score(maze, result.walls) == result.moves
    return f"{preset}:{level_id}", seed, result.moves, [list(w) for w in result.walls], result.evaluations


def describe(entry: dict) -> str:
    """What a stored best is the best of: ``"best of 33 runs, 10 of them of 200 s or more"``."""
    runs = entry["runs"]
    long = sum(1 for r in runs if r.get("seconds", 0) >= 200)
    return f"best of {len(runs)} run{'s' * (len(runs) != 1)}, {long} of them of 200 s or more"


def remember(data: dict, key: str, moves: int, walls: list, run_record) -> bool:
    """Add a result to the stored entry of ``key``; True when it is a new best."""
    entry = data.setdefault(key, {"moves": -1, "walls": [], "runs": []})
    if run_record is not None:
        entry["runs"].append(run_record)
    if moves > entry["moves"]:
        entry["moves"], entry["walls"] = moves, walls
        return True
    return False


def reference(args) -> int:
    data = read(args.file)
    seconds = None if args.iters and args.seconds is None else (args.seconds or 200.0)
    tasks = [(preset, i, seed, seconds, args.iters, args.method) for preset in args.modes for i in args.ids
             for seed in range(args.first_seed, args.first_seed + args.runs)]
    limits = " and ".join(x for x in (seconds and f"{seconds:g} s", args.iters and f"{args.iters} iterations") if x)
    print(f"{len(tasks)} runs of {limits}, {args.jobs} at once", file=sys.stderr)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.jobs) as pool:
        for key, seed, moves, walls, evals in pool.imap_unordered(one_run, tasks):
            limit = {"seconds": seconds} if seconds else {}
            limit.update({"iters": args.iters} if args.iters else {})
            remember(data, key, moves, walls, {**limit, "seed": seed, "moves": moves, "method": args.method})
            print(f"{key} seed {seed}: {moves} moves ({evals} evaluations); best {data[key]['moves']}",
                  file=sys.stderr, flush=True)
            write(args.file, data)          # after every run: an interrupted reference keeps what it has
    return 0


#: ``compare --method``: ``after`` is what ``walls optimize`` runs now; ``python`` the same annealing
#: with the pure Python runner (``walls optimize`` before the compiled runner); ``before`` main's
#: default before issue 16.
METHODS = ("after", "python", "before")


def run_method(method: str, maze, seed: int, seconds, workers=None, iters=None):
    workers = workers or optimize.default_workers()
    if method in ("after", "python"):
        return optimize.anneal(maze, seed=seed, seconds=seconds, max_iters=iters, workers=workers,
                               compiled=method == "after", **optimize.CROWDED)
    if method == "before":
        return optimize.anneal(maze, seed=seed, seconds=seconds, max_iters=iters)
    raise ValueError(f"--method {method!r}: one of {', '.join(METHODS)}")


def compare(args) -> int:
    data = read(args.file)
    if not data:
        print(f"{args.file}: no reference scores; run the reference step first", file=sys.stderr)
        return 2
    ties = {}
    for preset in args.modes:
        got = []
        for i in args.ids:
            key = f"{preset}:{i}"
            if key not in data:
                print(f"{key}: no reference score, skipped", file=sys.stderr)
                continue
            maze = wallmaze.level(preset, i)
            t = time.perf_counter()
            result = run_method(args.method, maze, args.seed, args.seconds)
            assert wallmaze.score(maze, result.walls) == result.moves
            ref = data[key]["moves"]
            got.append(result.moves >= ref)
            note = "tie" if result.moves == ref else ("BETTER" if result.moves > ref else f"{result.moves / ref:.1%}")
            print(f"{key}: {args.method} {result.moves} vs reference {ref} ({note}; {describe(data[key])}), "
                  f"{result.evaluations / (time.perf_counter() - t):.0f} evaluations/s", flush=True)
            if args.update and remember(data, key, result.moves, [list(w) for w in result.walls], None):
                write(args.file, data)
        ties[preset] = (sum(got), len(got))
    for preset, (n, total) in ties.items():
        print(f"{preset}: {args.method} --seconds {args.seconds:g} ties the reference on {n} of {total} ids")
    return 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.wall_reference", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="step", required=True)
    for name in ("reference", "compare"):
        s = sub.add_parser(name)
        s.add_argument("--ids", type=parse_ids, default=parse_ids("1-10"))
        s.add_argument("--modes", type=lambda t: t.split(","), default=list(MODES))
        s.add_argument("--seconds", type=float, default=None if name == "reference" else 20.0,
                       help="time limit of each run (reference: 200 unless --iters is given)")
        s.add_argument("--file", type=Path, default=DEFAULT_FILE)
    r = sub.choices["reference"]
    r.add_argument("--runs", type=int, default=10)
    r.add_argument("--first-seed", type=int, default=1)
    r.add_argument("--jobs", type=int, default=optimize.default_workers())
    r.add_argument("--iters", type=int, default=None,
                   help="iterations of each run (the same runs on every machine and under any load)")
    r.add_argument("--method", choices=METHODS, default="after", help="the optimizer of each run (one process)")
    c = sub.choices["compare"]
    c.add_argument("--method", choices=METHODS, default="after")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--update", action="store_true", help="store a score better than the reference as the new best")
    args = p.parse_args(argv)
    return reference(args) if args.step == "reference" else compare(args)


if __name__ == "__main__":
    sys.exit(main())
