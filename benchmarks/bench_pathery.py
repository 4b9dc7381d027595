"""Pathery's public maps (Mayulime's examples): ``walls optimize`` against the best published scores.

Each map is optimized with its published walls (the code's ``r2`` cells) removed, as
``walls optimize --code MAPCODE --seconds S --seed N`` runs it: a fresh process (so the time limit
includes starting Python and loading the compiled functions), the default method on every core.
Every score is checked again by the runner from the wall set before it is counted.

``make bench`` shows, for each map, the median of the stored runs at the map's goal time (Known
1 s, Speculative 10 s, Frontier 600 s) against Mayulime's score, a live run of the Known and
Speculative maps (seed 1; ``MATHMAZE_BENCH_PATHERY=quick`` runs only the Known maps, ``off`` none),
the compiled runner's full evaluations per second on one core (Small1, Huge1, Enormous), and the
curve of score against seconds on Huge1 from the stored long runs.  The long runs are a command of
their own, stored in ``pathery_runs.json`` (each with its seed, seconds, load and history)::

    python -m benchmarks.bench_pathery runs --status Known --seconds 1 --seeds 1,2,3
    python -m benchmarks.bench_pathery runs --status Speculative --seconds 10 --seeds 1,2,3
    python -m benchmarks.bench_pathery runs --maps Huge1,Huge2,Huge3,Enormous,Gargantuan --seconds 600 --seeds 1,2,3
    python -m benchmarks.bench_pathery report

``walls prove`` (the best walls, a bound for every wall set, proven optimal when they meet) is stored the
same way, one run per map, in ``pathery_proofs.json``, and ``make bench`` shows it beside each map::

    python -m benchmarks.bench_pathery proofs --status Known --seconds 600

Where no proof is in reach, ``windows`` asks a smaller question of a wall set: can the walls of any
square be put back better in it?  (The exact tree on each square; Huge1's published 487 and our 485
came back unchanged from every 6 x 6 square)::

    python -m benchmarks.bench_pathery windows --maps Huge1,Huge2,Huge3 --side 6
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

from benchmarks import Row
from benchmarks.pathery_maps import examples

HERE = Path(__file__).resolve().parent
RUNS_FILE = HERE / "pathery_runs.json"
#: The stored ``walls prove`` runs (``python -m benchmarks.bench_pathery proofs``): per map, its latest.
PROOFS_FILE = HERE / "pathery_proofs.json"

#: How long each map may take, by Mayulime's status (the issue's goals).
GOAL_SECONDS = {"Known": 1.0, "Speculative": 10.0, "Frontier": 600.0}


def load() -> float:
    """The machine's one-minute load average (what ``uptime`` says first)."""
    return round(os.getloadavg()[0], 2)


def _cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def one_run(name: str, seconds: float, seed: int) -> dict:
    """One ``walls optimize`` run in a fresh process (its best walls' history too), re-scored by the
    runner here: a record with the load before it, the wall-clock and CPU seconds it took."""
    from mathmaze_lib.puzzles.wallmaze import mapcode, score
    maze = mapcode.read(examples()[name].code).maze
    before, cpu0, t0 = load(), _cpu_children(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "benchmarks.bench_pathery", "one", name, str(seconds), str(seed)],
                          capture_output=True, text=True, check=True, cwd=HERE.parent)
    took, cpu = time.perf_counter() - t0, _cpu_children() - cpu0
    found = json.loads(done.stdout)
    walls = [tuple(w) for w in found["walls"]]
    checked = score(maze, walls)
    if checked != found["moves"] or len(walls) > maze.budget:
        raise AssertionError(f"{name}: the search said {found['moves']} moves, the runner {checked}")
    return {"seconds": seconds, "seed": seed, "moves": checked, "method": found["method"], "load": before,
            "wall_seconds": round(took, 2), "cpu_seconds": round(cpu, 2), "date": time.strftime("%Y-%m-%d %H:%M"),
            "history": found["history"], "walls": [list(w) for w in walls]}


def _one(name: str, seconds: float, seed: int) -> None:
    """What ``walls optimize --code MAPCODE --seconds S --seed N --json`` runs, with its history: JSON on stdout."""
    from mathmaze_lib import optimize
    from mathmaze_lib.puzzles.wallmaze import mapcode
    maze = mapcode.read(examples()[name].code).maze
    best = optimize.best_walls(maze, effort="command", seed=seed, seconds=seconds)
    print(json.dumps({"moves": best.moves, "walls": [list(w) for w in best.walls], "method": best.method,
                      "history": [[round(t, 2), m] for t, m in best.result.history]}))


def one_proof(name: str, seconds: float) -> dict:
    """``walls prove --code MAPCODE --seconds S --json`` on map ``name`` in a fresh process (from the code's
    own walls, the published ones, or the best walls of ``pathery_runs.json`` where they are longer), its
    walls re-scored by the runner here: a record with the command, the load before it and the seconds it
    took."""
    from mathmaze_lib.puzzles.wallmaze import mapcode, score
    example = examples()[name]
    maze = mapcode.read(example.code).maze
    code, which = example.code, name
    ours = read(RUNS_FILE).get(name, {}).get("best")
    if ours and ours["moves"] > example.walls_score:
        code, which = mapcode.write(maze, [tuple(w) for w in ours["walls"]]), f"{name} with the best stored walls"
    command = ["walls", "prove", "--code", code, "--seconds", f"{seconds:g}", "--json"]
    before, t0 = load(), time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mathmaze_lib", *command], capture_output=True, text=True,
                          check=True, cwd=HERE.parent)
    took = time.perf_counter() - t0
    found = json.loads(done.stdout)
    walls = [tuple(w) for w in found["walls"]]
    if score(maze, walls) != found["moves"] or len(walls) > maze.budget or found["bound"] < found["moves"]:
        raise AssertionError(f"{name}: prove said {found['moves']} moves (bound {found['bound']}), "
                             f"the runner {score(maze, walls)}")
    return {"seconds": seconds, "moves": found["moves"], "bound": found["bound"], "proven": found["proven"],
            "how": found["how"], "steps": found.get("steps", []), "load": before, "wall_seconds": round(took, 2),
            "date": time.strftime("%Y-%m-%d %H:%M"), "command": f"python -m mathmaze_lib walls prove --code "
            f"'<{which}>' --seconds {seconds:g}", "walls": [list(w) for w in walls]}


def window_sweep(maze, walls, side: int, max_boards: int = 10 ** 8) -> dict:
    """Every ``side`` x ``side`` square of the board in turn (not wrapping round its edges): its walls come
    off, and the exact tree of :mod:`mathmaze_lib.optimize.big.tree` looks for a set of at most as many on
    the square's open cells that makes the walk longer, the rest of the board as it is (at most
    ``max_boards`` boards a square).  A longer walk is kept and the sweep goes on from it, then runs over
    every square once more (until a pass finds none).  Returns the moves and walls at the end, the
    squares searched (those with walls), those the tree did not finish, the longer walks found on the
    way, and the seconds taken."""
    import numpy as np
    from mathmaze_lib.optimize.big import tree
    from mathmaze_lib.optimize.big.legs import board, geo
    from mathmaze_lib.puzzles.wallmaze import score
    if not 1 <= side <= min(maze.rows, maze.cols):
        raise ValueError(f"side {side}: a square must fit on the {maze.rows} x {maze.cols} board")
    b, t0 = board(maze), time.perf_counter()
    g = geo(b)
    cur = np.array(sorted(maze.grid.index(c) for c in walls), np.int32)
    moves, squares, unfinished, longer = score(maze, walls), 0, 0, []
    again = True
    while again:
        again = False
        for r0 in range(maze.rows - side + 1):
            for c0 in range(maze.cols - side + 1):
                rows, cols = cur // maze.cols, cur % maze.cols
                inside = (rows >= r0) & (rows < r0 + side) & (cols >= c0) & (cols < c0 + side)
                k = int(inside.sum())
                if k == 0:
                    continue
                blocked = b.rocks.copy()
                blocked[cur[~inside]] = 1
                square = np.array([r * maze.cols + c for r in range(r0, r0 + side) for c in range(c0, c0 + side)],
                                  np.int32)
                allowed = np.zeros(b.size, np.uint8)
                allowed[square[(b.wallable[square] == 1) & (blocked[square] == 0)]] = 1
                t = tree.new_tree(blocked, k, moves, b.legs)
                tree.start(g, allowed, k, t)
                squares += 1
                unfinished += not tree.chunk(g, allowed, k, max_boards, t)
                if t.at[tree.BEST] > moves:
                    cur = np.array(sorted([*cur[~inside], *t.out[:t.at[tree.BEST_N]]]), np.int32)
                    found = score(maze, [maze.grid.cell(int(v)) for v in cur])
                    if found != t.at[tree.BEST]:
                        raise AssertionError(f"the tree said {t.at[tree.BEST]} moves, the runner {found}")
                    moves, again = found, True
                    longer.append(found)
    return {"moves": moves, "walls": [maze.grid.cell(int(v)) for v in cur], "squares": squares,
            "unfinished": unfinished, "longer": longer, "seconds": round(time.perf_counter() - t0, 1)}


def read(path: Path = RUNS_FILE) -> dict:
    return json.loads(path.read_text()) if path.exists() else {}


def write(path: Path, data: dict) -> None:
    """One map per block, one run per line (a new run is a few lines of diff)."""
    blocks = []
    for name, entry in data.items():
        runs = ",\n".join(f"   {json.dumps(run, sort_keys=True)}" for run in entry.get("runs", []))
        head = json.dumps({k: v for k, v in entry.items() if k != "runs"}, sort_keys=True)[1:-1]
        blocks.append(f' {json.dumps(name)}: {{{head}, "runs": [\n{runs}\n ]}}')
    path.write_text("{\n" + ",\n".join(blocks) + "\n}\n")


def write_proofs(path: Path, proofs: dict) -> None:
    """One map per line (a new proof is a line of diff, however many walls it has)."""
    lines = [f" {json.dumps(name)}: {json.dumps(proofs[name], sort_keys=True)}" for name in sorted(proofs)]
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n")


def remember(data: dict, name: str, run: dict) -> None:
    """Store ``run`` under ``name``; its walls are kept only when they are the map's best."""
    example = examples()[name]
    entry = data.setdefault(name, {"published": example.published, "status": example.status})
    walls = run.pop("walls")
    entry.setdefault("runs", []).append(run)
    if run["moves"] > entry.get("best", {}).get("moves", -1):
        entry["best"] = {"moves": run["moves"], "walls": walls, "seed": run["seed"], "seconds": run["seconds"]}


def latest_method(runs: list) -> list:
    """The runs made with the method of the last of ``runs``, less those marked ``superseded`` (made by an
    earlier version of the method, which the mark names).  The runs of a method since replaced, or of an
    earlier version, stay stored as a record but no longer count.

    >>> runs = [{"method": "a"}, {"method": "b", "superseded": "before x"}, {"method": "b"}, {"method": "b"}]
    >>> len(latest_method(runs)), latest_method(runs[:2])
    (2, [{'method': 'a'}])
    """
    current = [r for r in runs if not r.get("superseded")]
    return [r for r in current if r["method"] == current[-1]["method"]] if current else []


def medians(entry: dict, seconds: float):
    """(median moves or None, the moves, the loads) of an entry's runs of ``seconds`` (with the method
    of the latest of them)."""
    runs = latest_method([r for r in entry.get("runs", []) if r["seconds"] == seconds])
    moves = [r["moves"] for r in runs]
    return (statistics.median(moves) if moves else None), moves, sorted({r["load"] for r in runs})


def reached(status: str, published: int, moves) -> bool:
    """The issue's goal: a Frontier score beaten, the others reached."""
    return moves > published if status == "Frontier" else moves >= published


def report(data: dict) -> list:
    lines = []
    for name, example in examples().items():
        seconds = GOAL_SECONDS[example.status]
        med, moves, loads = medians(data.get(name, {}), seconds)
        lines.append(f"{name:13} {example.status:11} published {example.published:6}  {seconds:g} s: median {med} "
                     f"of {moves}, load {loads}; best stored {data.get(name, {}).get('best', {}).get('moves')}")
    return lines


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_pathery", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="action", required=True)
    r = sub.add_parser("runs", help="run walls optimize on maps, store every run and each map's best walls")
    r.add_argument("--maps", default="", help="names, comma-separated (default: those of --status)")
    r.add_argument("--status", choices=sorted(GOAL_SECONDS), help="every map of this status")
    r.add_argument("--seconds", type=float, required=True)
    r.add_argument("--seeds", default="1,2,3")
    r.add_argument("--file", type=Path, default=RUNS_FILE)
    sub.add_parser("report", help="the medians of the stored runs").add_argument("--file", type=Path, default=RUNS_FILE)
    pf = sub.add_parser("proofs", help="run walls prove on maps, store each map's latest proof or bound")
    pf.add_argument("--maps", default="", help="names, comma-separated (default: those of --status)")
    pf.add_argument("--status", choices=sorted(GOAL_SECONDS), help="every map of this status")
    pf.add_argument("--seconds", type=float, required=True)
    w = sub.add_parser("windows", help="is a map's published (or best stored) wall set the best in every square "
                                       "of a side? (the exact tree on each)")
    w.add_argument("--maps", required=True, help="names, comma-separated")
    w.add_argument("--side", type=int, default=6)
    w.add_argument("--walls", choices=["published", "ours"], default="published",
                   help="the map code's walls or the best of pathery_runs.json")
    o = sub.add_parser("one", help="(internal) one run, JSON on stdout")
    o.add_argument("name")
    o.add_argument("seconds", type=float)
    o.add_argument("seed", type=int)
    args = parser.parse_args(argv)
    if args.action == "one":
        _one(args.name, args.seconds, args.seed)
        return 0
    if args.action == "windows":
        from mathmaze_lib.puzzles.wallmaze import mapcode
        for name in [n for n in args.maps.split(",") if n]:
            code = mapcode.read(examples()[name].code)
            walls = code.walls if args.walls == "published" else [tuple(x) for x in read()[name]["best"]["walls"]]
            out = window_sweep(code.maze, walls, args.side)
            which = "the published walls" if args.walls == "published" else "our best stored walls"
            print(f"{name}, {which}, {args.side} x {args.side} squares: {out['squares']} searched, "
                  f"{out['unfinished']} not finished, longer walks {out['longer'] or 'none'}; {out['moves']} moves "
                  f"({out['seconds']} s, load {load()})" + (f"; walls {out['walls']}" if out["longer"] else ""))
        return 0
    if args.action == "proofs":
        proofs = read(PROOFS_FILE)
        for name in [n for n in args.maps.split(",") if n] or [n for n, e in examples().items()
                                                               if e.status == args.status]:
            proof = one_proof(name, args.seconds)
            print(f"{name}: {proof['moves']} moves, bound {proof['bound']}, proven {proof['proven']} "
                  f"({proof['how']}, took {proof['wall_seconds']} s, load {proof['load']})", file=sys.stderr,
                  flush=True)
            proofs[name] = proof
            write_proofs(PROOFS_FILE, proofs)
        return 0
    data = read(args.file)
    if args.action == "report":
        print("\n".join(report(data)))
        return 0
    names = [n for n in args.maps.split(",") if n] or [n for n, e in examples().items() if e.status == args.status]
    for name in names:
        for seed in [int(s) for s in args.seeds.split(",")]:
            run_ = one_run(name, args.seconds, seed)
            print(f"{name} seed {seed}: {run_['moves']} moves in {args.seconds:g} s (took {run_['wall_seconds']} s, "
                  f"CPU {run_['cpu_seconds']} s, load {run_['load']})", file=sys.stderr, flush=True)
            remember(data, name, run_)
            write(args.file, data)              # after every run: an interrupted series keeps what it has
    return 0


# ---------------------------------------------------------------- make bench

def evaluations_per_second(name: str, seconds: float = 0.5) -> float:
    """Full runs of the compiled runner of the big-board search (every leg searched) per CPU second
    (of one core: the machine's load does not count), on the map with its published walls."""
    from mathmaze_lib.optimize import big
    from mathmaze_lib.puzzles.wallmaze import mapcode
    code = mapcode.read(examples()[name].code)
    b = big.board(code.maze)
    eng = big._Engine(b)
    blocked = b.rocks.copy()
    blocked[[code.maze.grid.index(c) for c in code.walls]] = 1
    if eng.score(blocked) != examples()[name].walls_score:
        raise AssertionError(f"{name}: the compiled runner does not give the published score")
    args = (eng.geo, blocked, eng.scratch)
    big.score_many(*args, 1)
    count, batch, t0 = 0, 10, time.thread_time()            # this thread's CPU time: one core's, whatever the load
    while time.thread_time() - t0 < seconds:
        big.score_many(*args, batch)
        count += batch
        batch = min(batch * 2, 100_000)
    return count / (time.thread_time() - t0)


def curve(runs: list, marks=(1, 10, 30, 60, 120, 300, 600)) -> str:
    """The median best moves at each mark (seconds) of the runs' histories."""
    out = []
    for t in marks:
        if all(r["seconds"] >= t for r in runs):
            at = [max([m for s, m in r["history"] if s <= t] or [0]) for r in runs]
            out.append(f"{t} s: {statistics.median(at):g}")
    return "; ".join(out)


#: The time a Known map's proof should take on two cores (issue 45: Small in a minute, Medium in ten).
PROOF_GOAL_SECONDS = {"Small": 60, "Medium": 600}


def proof_rows(proofs: dict) -> list:
    """Per map: the published score, the stored ``walls prove`` run's best and bound, and whether it is
    proven optimal (with the time, the load, and the gap bound / best when not); a Known map's goal is
    its proof within :data:`PROOF_GOAL_SECONDS`."""
    rows = []
    for name, example in examples().items():
        proof = proofs.get(name)
        if proof is None:
            continue
        said = "proven optimal" if proof["proven"] else f"bound {proof['bound']}, gap {proof['bound'] / proof['moves']:.2f}"
        goal, ok = "", None
        if example.status == "Known":
            most = next((s for size, s in PROOF_GOAL_SECONDS.items() if name.startswith(size)), None)
            goal = "= best" if most is None else f"= best in {most} s"
            ok = bool(proof["proven"]) and (most is None or proof["wall_seconds"] <= most)
        rows.append(Row("3 walls", f"Pathery {name}: walls prove --seconds {proof['seconds']:g}", proof["bound"],
                        "moves (bound)", goal, ok,
                        f"published {example.published}, best {proof['moves']}: {said} ({proof['how']}, took "
                        f"{proof['wall_seconds']} s, load {proof['load']}; pathery_proofs.json)"))
    return rows


def run() -> list:
    rows = []
    data = read()
    for name, example in examples().items():
        entry = data.get(name, {})
        seconds = GOAL_SECONDS[example.status]
        stored = sorted({r["seconds"] for r in entry.get("runs", [])})
        shorter = seconds not in stored and stored and stored[-1] < seconds      # only shorter runs stored
        at = stored[-1] if shorter else seconds
        med, moves, loads = medians(entry, at)
        goal = f"> {example.published}" if example.status == "Frontier" else f">= {example.published}"
        ok = None if med is None else reached(example.status, example.published, med)
        note = (f"median of {moves} stored (pathery_runs.json, load {', '.join(map(str, loads))}); best stored "
                f"{entry['best']['moves']}" if moves else "no stored runs: python -m benchmarks.bench_pathery runs")
        if shorter:
            note = f"only runs of {at:g} s stored, not {seconds:g} s: " + note
            ok = True if ok else None       # (a shorter run that beats it is enough; one that does not, proves nothing)
        rows.append(Row("3 walls", f"Pathery {name} ({example.status}), walls optimize --seconds {at:g}",
                        med if med is not None else float("nan"), "moves", goal, ok, note))
    rows += proof_rows(read(PROOFS_FILE))
    live = os.environ.get("MATHMAZE_BENCH_PATHERY", "goals")
    for name, example in examples().items():
        if live == "off" or example.status == "Frontier" or (live == "quick" and example.status != "Known"):
            continue
        seconds = GOAL_SECONDS[example.status]
        one = one_run(name, seconds, seed=1)
        rows.append(Row("3 walls", f"Pathery {name}: a live run, {seconds:g} s, seed 1", one["moves"], "moves",
                        f">= {example.published}", one["moves"] >= example.published,
                        f"took {one['wall_seconds']} s, CPU {one['cpu_seconds']} s, load {one['load']}"))
    for name in ("Small1", "Huge1", "Enormous"):
        rate = evaluations_per_second(name)
        small = name == "Small1"
        rows.append(Row("3 walls", f"compiled runner, full runs per CPU second of one core: {name}", rate, "1/s",
                        ">= 1e6" if small else "", rate >= 1e6 if small else None, f"load {load()}"))
    long_runs = latest_method([r for r in data.get("Huge1", {}).get("runs", []) if r["seconds"] >= 60])
    if long_runs:
        longest = max(r["seconds"] for r in long_runs)
        long_runs = [r for r in long_runs if r["seconds"] == longest]
        rows.append(Row("3 walls", f"Huge1: median best moves against seconds ({len(long_runs)} stored runs of "
                        f"{longest:g} s)", statistics.median(r["moves"] for r in long_runs), "moves", "> 487", None,
                        curve(long_runs)))
    return rows


if __name__ == "__main__":
    sys.exit(main())
