"""``python -m mathmaze_lib walls``: score a wall maze, optimise its walls, list levels, store goals."""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path

from .. import optimize
from ..optimize.prove import TREE_UP_TO_WALLS, prove
from ..puzzles import wallmaze
from ..puzzles.wallmaze import mapcode
from ..grid import parse_cell, read_text


def seconds_type(text: str) -> float:
    """An argparse type: a finite number of seconds > 0 (nan, inf, 0 and negative numbers are refused)."""
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a time limit: give a number of seconds > 0")
    return value


def seconds_or_zero(text: str) -> float:
    """Like :func:`seconds_type`, but 0 (skip) is allowed."""
    try:
        if float(text) == 0:
            return 0.0
    except ValueError:
        pass
    return seconds_type(text)


def iters_type(text: str) -> int:
    """An argparse type: a whole number >= 1."""
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number >= 1 (at most 12 digits)")
    return int(text)

DRAW_UP_TO = 40_000
"""``walls optimize`` draws boards with at most this many cells (200 x 200); bigger ones get a list of walls."""

PROVE_UP_TO_WALLS = optimize.policy.PROVE_UP_TO_WALLS
"""``walls goals`` proves the optimum with the exact search on boards with at most this many walls."""


def _board_args(p) -> None:
    p.add_argument("file", nargs="?", help="a board file: the text format, or a Pathery map code "
                                           "(or use --preset/--level, or --code)")
    p.add_argument("--preset", choices=sorted(wallmaze.PRESETS), help="a generated level instead of a file")
    p.add_argument("--level", type=int, default=1, help="the level id with --preset (default: 1)")
    p.add_argument("--code", metavar="MAPCODE", help="a Pathery map code instead of a file (quote it: "
                                                     "'13.6.7.Small1...:,r1.11,...')")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def _walls_arg(p, help_text: str) -> None:
    p.add_argument("--walls", nargs="*", default=None, metavar="R,C", help=help_text)
    if hasattr(p, "_negative_number_matcher"):   # '-1,0' is a (bad) wall, not an unknown option
        p._negative_number_matcher = re.compile(r"^-\d+([.,]\d*)*$")


def register(sub) -> None:
    """Add the ``walls`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser("walls", help="wall mazes (Mazer/Pathery): score, optimize, goals",
                       description="Wall mazes: the runner's moves for a set of walls, and optimizers "
                                   "that place walls to make the runner's path long.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    v = actions.add_parser("show", help="a board in the text format, or as a Pathery map code (--to code)",
                           description="Print a board in the project's text format (what a board file holds; "
                                       "a map code's walls follow as a comment) or as a Pathery map code.")
    _board_args(v)
    _walls_arg(v, "walls as row,col pairs (default: a map code's own walls, its r2 cells)")
    v.add_argument("--to", choices=("text", "code"), default="text", help="the format to print (default: text)")
    v.set_defaults(func=show)
    s = actions.add_parser("score", help="the runner's moves and path for some walls")
    _board_args(s)
    _walls_arg(s, "walls as row,col pairs (default: a map code's own walls, its r2 cells; none for a text board)")
    s.set_defaults(func=score)
    o = actions.add_parser("optimize", help="place walls to make the path as long as possible",
                           description="Place walls to make the runner's path as long as possible. The search "
                                       "starts from the bare board: a map code's own walls (r2) are left off.")
    _board_args(o)
    o.add_argument("--method", choices=sorted(optimize.OPTIMIZERS), default=None,
                   help="the optimizer (default: build on a board with any number of walls; big, timed and "
                        "compiled, on a board without teleports whose checkpoints are one cell each; anneal "
                        "otherwise)")
    o.add_argument("--seconds", type=seconds_type, default=None,
                   help="time limit in seconds, set-up included (default: 10, or none with --max-iters)")
    o.add_argument("--max-iters", type=iters_type, default=None, metavar="N",
                   help="stop after N iterations (runner calls for greedy, tree nodes for exact); "
                        "without --seconds the run is the same on every machine")
    o.add_argument("--seed", type=int, default=0)
    o.add_argument("--workers", type=iters_type, default=None, metavar="N",
                   help="local, anneal, build and big: N searches at once on N processes, the best kept (default: the "
                        f"cores here, {optimize.default_workers()}, or 1 with --max-iters and no --seconds)")
    o.add_argument("--python", action="store_true",
                   help="anneal, local and build: run the lesson's pure Python runner instead of the compiled "
                        "one (the same kind of steps, 20 to 50 times fewer runs per second)")
    o.set_defaults(func=run_optimize)
    pr = actions.add_parser("prove", help="the best walls, an upper bound for every wall set, and a proof "
                                          "where the two meet",
                            description="Search a board, then bound it: the best walls found, a number of moves "
                                        "that no wall set beats, and 'proven optimal' when they meet (branch "
                                        "and bound on boards of at most "
                                        f"{TREE_UP_TO_WALLS} walls, then a CP-SAT model's bound). "
                                        "A map code's own walls (r2) start the search.")
    _board_args(pr)
    pr.add_argument("--seconds", type=seconds_type, default=60.0, help="time limit in seconds (default: 60)")
    pr.add_argument("--seed", type=int, default=0)
    pr.add_argument("--workers", type=iters_type, default=None, metavar="N",
                    help=f"processes and solver threads (default: the cores here, {optimize.default_workers()})")
    pr.set_defaults(func=run_prove)
    g = actions.add_parser("goals", help="recompute the goal moves stored with the levels (slow); "
                           "a better stored score is kept")
    g.add_argument("--levels", type=iters_type, default=3, help="levels 1..N of each preset (default: 3)")
    g.add_argument("--seconds", type=seconds_type, default=20.0,
                   help="annealing time per level (default: 20; build on boards with any number of walls)")
    g.add_argument("--out", default=None, help="where to write (default: the package's data/wall_goals.json)")
    g.add_argument("--preset", action="append", choices=sorted(wallmaze.PRESETS),
                   help="only this preset (repeat for more; default: all)")
    g.add_argument("--prove-seconds", type=seconds_or_zero, default=120.0,
                   help=f"time for the exact search on boards with at most {PROVE_UP_TO_WALLS} walls (0: skip)")
    g.set_defaults(func=goals)


def _board_code(args) -> mapcode.MapCode:
    """The board the arguments name, as a :class:`~mathmaze_lib.puzzles.wallmaze.mapcode.MapCode`: its walls are a map
    code's own (``r2``) walls, none for the other boards; its name is the code's, the file's or the level's.
    ``args.from_code`` is set: True when the board came as a map code."""
    args.from_code = bool(args.code)
    given = [name for name, value in (("FILE", args.file), ("--preset", args.preset), ("--code", args.code))
             if value]
    if len(given) > 1:
        raise ValueError(f"give one board: a FILE, --preset or --code, not {' and '.join(given)}")
    if args.preset:
        return mapcode.MapCode(wallmaze.level(args.preset, args.level), name=f"{args.preset} {args.level}")
    if args.code:
        if len(args.code) > wallmaze.MAX_TEXT_BYTES:
            raise ValueError(f"--code: more than {wallmaze.MAX_TEXT_BYTES} characters, more than the largest "
                             "legal board needs")
        try:
            return mapcode.read(args.code)
        except ValueError as exc:
            raise ValueError(f"--code: {exc}") from None
    if not args.file:
        raise ValueError("give a board FILE (text format or map code), --code MAPCODE or --preset NAME --level N")
    text = read_text(args.file, max_bytes=wallmaze.MAX_TEXT_BYTES)
    try:
        if mapcode.is_code(text):
            args.from_code = True
            return mapcode.read(text)
        return mapcode.MapCode(wallmaze.parse(text), name=re.sub(r"[.:\s]+", " ", Path(args.file).stem).strip())
    except ValueError as exc:
        raise ValueError(f"{args.file}: {exc}") from None


def _board(args) -> wallmaze.WallMaze:
    return _board_code(args).maze


def _walls(args, board: mapcode.MapCode) -> list:
    """The walls of ``--walls`` (cells), or the board's own walls (a map code's) when it is not given."""
    if args.walls is None:
        return sorted(board.walls)
    return [parse_cell(w.replace(",", " "), where=f"--walls {w if len(w) <= 40 else w[:40] + '...'}")
            for w in args.walls]


def show(args) -> int:
    """``walls show``: print a board (and its walls) in the text format, or as a Pathery map code."""
    board = _board_code(args)
    maze, walls = board.maze, _walls(args, board)
    code = mapcode.write(maze, walls, board.name)
    if args.json:
        text = maze.text() if len(maze.checkpoints) <= len(wallmaze.LETTERS) else None
        print(json.dumps({"rows": maze.rows, "cols": maze.cols, "budget": maze.budget, "text": text, "code": code,
                          "walls": [list(w) for w in walls]}))
    elif args.to == "code":
        print(code)
    else:
        print(maze.text())
        if walls:
            print(f"; walls: {' '.join(f'{r},{c}' for r, c in walls)}")
    return 0


def score(args) -> int:
    """``walls score``: print the board with the runner's route and its moves (or "blocked") with the walls given."""
    board = _board_code(args)
    maze, walls = board.maze, _walls(args, board)
    result = wallmaze.run(maze, walls)
    jumps = result.jumps
    if args.json:
        out = {"moves": result.moves, "path": [list(c) for c in result.path]}
        if maze.teleports:                 # boards with teleports also say where the runner jumped
            out["jumps"] = [[list(a), list(b)] for a, b in jumps]
        print(json.dumps(out))
    else:
        print(wallmaze.show(maze, walls, result.path))
        note = f" ({len(jumps)} teleport jump{'s' * (len(jumps) != 1)}, not moves)" if jumps else ""
        print("blocked: no route" if result.blocked else f"moves: {result.moves}{note}")
    return 0


def run_optimize(args) -> int:
    """``walls optimize``: run the chosen optimizer on a board and print its best walls and moves."""
    board = _board_code(args)
    maze = board.maze
    # Said at once, before an optimizer (and its processes) starts; by the bit-set runner, as the lesson's
    # takes seconds on a 500 x 500 board.
    if wallmaze.BitRunner(maze).score(0) is None:
        raise ValueError("the board has no route from start to finish even without walls: nothing to optimize")
    chosen = args.method is None
    seconds = args.seconds if args.seconds is not None or args.max_iters is not None else None
    name = optimize.choose_method(maze, "command", args.method, seconds, args.max_iters, not args.python)
    seeded = optimize.METHODS[name].seeded           # the optimizers with a seed, on several processes
    names = [n for n, m in optimize.METHODS.items() if m.seeded]
    searches = f"{', '.join(names[:-1])} and {names[-1]}"
    if args.workers and not seeded:
        raise ValueError(f"--workers: only {searches} run several searches at once, not {name}")
    python = [n for n in names if n != "big"]                  # (big is compiled only)
    if args.python and name not in python:
        raise ValueError(f"--python: only {', '.join(python[:-1])} and {python[-1]} have a compiled runner to "
                         f"leave out, not {name}")
    progress = None if args.json else optimize.text_progress(sys.stderr)
    best = optimize.best_walls(maze, effort="command", method=name, seed=args.seed, seconds=seconds,
                               max_iters=args.max_iters, workers=args.workers, compiled=not args.python,
                               progress=progress)
    result = best.result
    seconds = seconds if seconds is not None else optimize.EFFORTS["command"].seconds
    if progress is not None:
        progress(1.0, result.moves)          # end the bar's line, however the run ended
    if args.json:
        print(json.dumps({"moves": result.moves, "walls": [list(w) for w in result.walls],
                          "optimal": result.optimal, "method": name}))
    else:
        if maze.rows * maze.cols <= DRAW_UP_TO:
            print(wallmaze.show(maze, result.walls, wallmaze.run(maze, result.walls).path))
        else:   # walking the runner again on a huge board would take seconds past --seconds
            print(f"walls: {' '.join(f'{r},{c}' for r, c in result.walls) or 'none'}")
        proof = "proven optimal" if result.optimal else "not proven optimal"
        if name == "exact" and result.stopped == "time":
            proof += f": the search ran out of its {seconds:g} s, try a larger --seconds"
        elif name == "exact" and result.stopped == "iterations":
            proof += f": the search stopped at --max-iters {args.max_iters}"
        why = ""
        if chosen:
            why = {"build": f" (--method {name}: chosen for a board with any number of walls)",
                   "big": f" (--method {name}: chosen for a board scored leg by leg)"}.get(
                       name, f" (--method {name}: the default)")
        print(f"{result.method}{why}: {result.moves} moves with {len(result.walls)} walls ({proof}), "
              f"{result.evaluations} runs of the {'compiled ' if result.compiled else ''}runner")
        if args.from_code:
            print(f"map code with these walls: {mapcode.write(maze, result.walls, board.name)}")
    if result.stopped == "interrupted":
        print("stopped by Ctrl-C: the best found so far is shown above", file=sys.stderr)
        return 130
    return 0


def run_prove(args) -> int:
    """``walls prove``: the best walls, a bound for every wall set, and "proven optimal" when they meet
    (:func:`mathmaze_lib.optimize.prove.prove`); drawn, or as one JSON object with ``--json``."""
    board = _board_code(args)
    maze = board.maze
    if wallmaze.BitRunner(maze).score(0) is None:
        raise ValueError("the board has no route from start to finish even without walls: nothing to prove")
    progress = None if args.json else optimize.text_progress(sys.stderr)
    proof = prove(maze, seconds=args.seconds, walls=sorted(board.walls) or None, seed=args.seed,
                  workers=args.workers, progress=progress)
    if args.json:
        print(json.dumps({"moves": proof.moves, "walls": [list(w) for w in proof.walls], "bound": proof.bound,
                          "proven": proof.proven, "how": proof.how, "seconds": round(proof.seconds, 1),
                          "steps": proof.steps}))
        return 0
    if maze.rows * maze.cols <= DRAW_UP_TO:
        print(wallmaze.show(maze, proof.walls, wallmaze.run(maze, proof.walls).path))
    else:
        print(f"walls: {' '.join(f'{r},{c}' for r, c in proof.walls) or 'none'}")
    if proof.proven:
        print(f"{proof.moves} moves with {len(proof.walls)} walls: proven optimal ({proof.how}, "
              f"{proof.seconds:.1f} s)")
    else:
        print(f"{proof.moves} moves with {len(proof.walls)} walls; no wall set beats {proof.bound} moves "
              f"(bound by {proof.how}; gap {proof.gap:.2f}), not proven optimal in {proof.seconds:.1f} s")
    for step in proof.steps:
        print(f"  {step}")
    if args.from_code:
        print(f"map code with these walls: {mapcode.write(maze, proof.walls, board.name)}")
    return 0


def goals(args) -> int:
    """``walls goals``: search the stored levels' best walls and write the goals file."""
    path = Path(args.out) if args.out else wallmaze.goals.goals_path()
    out = {}
    if path.exists():
        try:
            data = json.loads(read_text(path, max_bytes=wallmaze.MAX_TEXT_BYTES))
        except ValueError as exc:
            raise ValueError(f"{path} is not a goals file ({exc}); move it away or pass --out") from None
        if not isinstance(data, dict):
            raise ValueError(f"{path} is not a goals file (a JSON {type(data).__name__}, not an object "
                             '{"preset:id": {...}}); move it away or pass --out')
        out, problems = wallmaze.check_goals(data, str(path))
        for problem in problems:
            print(f"warning: {problem}", file=sys.stderr)
    for preset in args.preset or wallmaze.PRESETS:
        for level_id in range(1, args.levels + 1):
            maze = wallmaze.level(preset, level_id)
            best = optimize.best_walls(maze, level_id=level_id, effort="goals", seconds=args.seconds,
                                       prove_seconds=args.prove_seconds, stored=False)
            result = best.result
            key = f"{preset}:{level_id}"
            old = out.get(key)
            if old is None or result.optimal or result.moves > old["moves"]:
                out[key] = {"moves": result.moves, "walls": [list(w) for w in result.walls],
                            "optimal": result.optimal, "method": result.method}
            kept = "" if out[key]["moves"] == result.moves else f" (kept the stored {out[key]['moves']})"
            print(f"{key}: {result.moves} moves{' (proven optimal)' if result.optimal else ''}{kept}",
                  file=sys.stderr)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(format_goals(out), encoding="utf-8")
    print(f"wrote {path.name}")
    return 0


def format_goals(goals: dict) -> str:
    """The goals file: one level per line, so a change shows as a one-line diff."""
    lines = [f" {json.dumps(key)}: {json.dumps(goals[key], sort_keys=True)}" for key in sorted(goals)]
    return "{\n" + ",\n".join(lines) + "\n}\n"
