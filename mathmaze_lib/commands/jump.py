"""``python -m mathmaze_lib jump``: solve, generate and show jumping mazes."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from .. import checks
from ..puzzles import jumpmaze as jm
from ..grid import read_text


def register(sub) -> None:
    """Add the ``jump`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser("jump", help="jumping mazes (number mazes): solve, generate, example",
                       description="Jumping mazes: each number is the exact length of the next jump.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    s = actions.add_parser("solve", help="the shortest route of a maze file")
    s.add_argument("file", help="a maze in the text format ('-' or 'chain' for the Chain Reaction example)")
    s.add_argument("--rule", default=None, help=f"rules joined by '+': {', '.join(jm.RULES)}")
    s.add_argument("--tree", action="store_true", help="use the naive tree search instead of BFS")
    s.add_argument("--max-expansions", type=_positive_int, default=None, metavar="N",
                   help=f"with --tree: stop after N expansions (default: {TREE_CAP:,}; the queue of "
                        "routes takes about 1 KB per expansion)")
    s.add_argument("--moves", action="store_true", help="also print the moves table")
    s.add_argument("--json", action="store_true", help="print one JSON object")
    s.set_defaults(func=solve)
    g = actions.add_parser("generate", help="make a maze with a unique, long shortest route",
                           description="Make a jumping maze by simulated annealing over Neller's design terms "
                                       "and print each term for the maze it made.")
    g.add_argument("--id", type=int, required=True, help="the maze id (a whole number >= 0): the same id, "
                   "size, rule and options give the same maze")
    g.add_argument("--rows", type=int, default=5, help="1 to 100 (default 5): the largest board is 100 x 100")
    g.add_argument("--cols", type=int, default=5, help="1 to 100 (default 5)")
    g.add_argument("--rule", default="ortho", help=f"rules joined by '+': {', '.join(jm.RULES)}")
    g.add_argument("--steps", type=int, default=None,
                   help="annealing steps (default: 40,000 on 5 x 5, 20,000 on 10 x 10, 400 on 100 x 100; "
                        "a tenth of that for rules with state). Beyond 20 x 20, rules on cells start from a "
                        "maze built with a long unique route, and the steps polish it")
    g.add_argument("--restarts", type=int, default=4, help="rounds of annealing, each from the best so far")
    g.add_argument("--seconds", type=float, default=GENERATE_SECONDS,
                   help=f"safety time limit (default {GENERATE_SECONDS:g}); when it fires the maze is the best "
                        "found so far and depends on the machine's speed")
    g.add_argument("--weight", action="append", default=[], metavar="TERM=W",
                   help=f"a weight of the objective, like clusters=0 (terms: {', '.join(jm.OBJECTIVE)})")
    g.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    g.add_argument("--json", action="store_true", help="print one JSON object")
    g.set_defaults(func=generate)


#: The command's tree search stops after this many expansions unless --max-expansions says more:
#: its queue of routes grows by about 0.8 KB per expansion (on 30 x 30 ones with diagonal jumps, 1 million
#: took 850 MB).
TREE_CAP = 200_000


def _positive_int(text: str) -> int:
    """An argparse type: a whole number >= 1."""
    if not (text.isascii() and text.isdigit()) or len(text) > 12 or int(text) < 1:
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number >= 1 (at most 12 digits)")
    return int(text)


def _load(args) -> jm.JumpMaze:
    if args.file == "chain":
        return jm.CHAIN_REACTION if args.rule is None else replace(jm.CHAIN_REACTION, rule=jm.check_rule(args.rule))
    name = "standard input" if args.file == "-" else args.file
    source = sys.stdin.buffer if args.file == "-" else args.file
    text = read_text(source, max_bytes=jm.MAX_TEXT_BYTES, name=name)
    try:
        return jm.parse(text, rule=args.rule)
    except ValueError as exc:
        raise ValueError(f"{name}: {exc}") from None


def solve(args) -> int:
    """``jump solve``: print a shortest route of the maze file (or why there is none); the exit code."""
    maze = _load(args)
    if args.max_expansions is not None and not args.tree:
        raise ValueError("--max-expansions caps the tree search: add --tree")
    if args.moves and any(n in maze.rule.split("+") for n in ("alternate", "toggle", "nouturn", "wildcard")):
        raise ValueError(f"--moves lists the jumps from each cell, so it needs a rule where the cell is the "
                         f"whole state (ortho, diag8, rightdown, wrap); rule {maze.rule!r} also remembers "
                         "the last jump")
    cap = (args.max_expansions or TREE_CAP) if args.tree else None
    sol = jm.solve(maze, method="tree" if args.tree else "bfs", max_expansions=cap)
    count = jm.count_shortest(maze) if sol.route else 0
    if args.json:
        data = {"length": sol.jumps, "route": [list(c) for c in sol.route or []], "count": count}
        if args.tree:
            data["capped"] = sol.capped      # true: the cap stopped the search, the route is unknown
        print(json.dumps(data))
        return 0
    if args.moves:
        for cell, targets in jm.moves_table(maze).items():
            print(f"{cell}: {' '.join(map(str, targets))}")
    if sol.capped:
        print(f"the tree search stopped at its cap of {sol.expanded} expansions before reaching the goal: "
              f"no route found yet, which does not mean there is none (BFS with a visited set finds it: "
              f"drop --tree, or raise --max-expansions)")
    elif sol.route is None:
        print(f"no route from {maze.start} to {maze.end} (rule {maze.rule}); {sol.expanded} expansions")
    else:
        print(f"{sol.jumps} jumps (rule {maze.rule}), {count} shortest route{'s' if count != 1 else ''}:")
        print(" -> ".join(str(c) for c in sol.route))
        print(f"{sol.method} search: {sol.expanded} expansions")
    return 0


#: The default safety time limit of ``jump generate``, in seconds.
GENERATE_SECONDS = 60.0


def _generate_options(args) -> dict:
    """Check the generate options; a bad one is a ValueError naming the option and the rule."""
    import math

    checks.puzzle_id(args.id, "--id")
    for name in ("rows", "cols"):
        checks.whole(getattr(args, name), f"--{name}", 1, 100, note=f"the number of {name}; the largest board is 100 x 100")
    if args.rows * args.cols < 2:
        raise ValueError(f"--rows {args.rows} --cols {args.cols}: a maze needs at least 2 cells")
    if args.steps is not None:
        checks.whole(args.steps, "--steps", low=0, note="the number of annealing steps")
    checks.whole(args.restarts, "--restarts", low=1, note="the number of rounds")
    checks.seconds(args.seconds, "--seconds", note="the time limit")
    try:
        rule = jm.check_rule(args.rule)
    except ValueError as exc:
        raise ValueError(f"--rule: {exc}") from None
    weights = {}
    for item in args.weight:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or name not in jm.OBJECTIVE:
            raise ValueError(f"--weight {item!r}: write TERM=WEIGHT with a term of {', '.join(jm.OBJECTIVE)}")
        try:
            weights[name] = float(value)
        except ValueError:
            weights[name] = None
        if weights[name] is None or not (weights[name] >= 0 and math.isfinite(weights[name])):
            raise ValueError(f"--weight {item!r}: a weight is a number >= 0")
    return {"rule": rule, "steps": args.steps, "objective": weights, "restarts": args.restarts,
            "seconds": args.seconds}


class _Progress:
    """Progress lines on stderr, at most one a second and only once a run has taken a second."""

    def __init__(self, stream):
        import time

        self.clock, self.stream = time.perf_counter, stream
        self.started = self.last = self.clock()
        self.live = stream.isatty()
        self.shown = False

    def __call__(self, step, steps, best):
        now = self.clock()
        if now - self.last < 1.0 or (step == steps and not self.shown):
            return
        self.last, self.shown = now, True
        found = f"{best} jumps" if best is not None else "no route yet"
        line = f"generating: step {step:,} of {steps:,}, best so far {found}, {now - self.started:.0f} s"
        if self.live:  # one line, rewritten in place; close() ends it
            print("\r" + line, end="", file=self.stream, flush=True)
        else:
            print(line, file=self.stream, flush=True)

    def close(self):
        if self.live and self.shown:
            print(file=self.stream, flush=True)


def _route_words(g) -> str:
    if g.jumps is None:
        return f"no route from {g.maze.start} to {g.maze.end}"
    routes = g.shortest_routes
    return f"{g.jumps} jumps, {routes} shortest route{'s' if routes != 1 else ''}"


def _not_good(g) -> str:
    """Why a generated maze falls short of one shortest route and no black holes (the terms whose weight
    is not 0), and what may help; empty when it does not."""
    t, w = g.terms, g.objective
    if t.jumps is None:
        why = "it has no route"
    else:
        short = ([f"{t.shortest_routes} shortest routes"] if t.shortest_routes > 1 and w["unique"] else []) + \
                ([f"{t.black_holes} black hole{'s' if t.black_holes != 1 else ''}"] if t.black_holes and
                 w["black_holes"] else [])
        if not short:
            return ""
        why = f"it has {' and '.join(short)}"
    rule_names = g.maze.rule.split("+")
    if any(n in rule_names for n in ("alternate", "toggle", "nouturn", "wildcard")) and \
            g.maze.rows * g.maze.cols >= jm.COMPILED_FROM:
        hint = ("rules with state are annealed in plain Python, one search of the whole board a step, which is "
                "too slow beyond 20 x 20: use a smaller board or a rule on cells (ortho, diag8, rightdown, wrap)")
    else:
        hint = "more --steps may find one"
    return f"{why} (a good maze has one shortest route and no black holes): {hint}"


def generate(args) -> int:
    """``jump generate``: print the maze made from ``--id`` with the options given; the exit code."""
    import dataclasses
    import sys

    options = _generate_options(args)
    progress = None if args.quiet else _Progress(sys.stderr)
    try:
        g = jm.generate(args.id, args.rows, args.cols, progress=progress, **options)
    finally:
        if progress is not None:
            progress.close()
    if g.stopped:
        print(f"note: {g.stopped}: this maze is the best found so far and may differ on a faster or slower "
              f"machine (allow more time with --seconds)", file=sys.stderr)
    note = _not_good(g)
    if note:
        print(f"note: {note}", file=sys.stderr)
    parts = jm.score_parts(g.terms, g.objective) if g.jumps is not None else None
    if args.json:
        print(json.dumps({"id": args.id, "rule": g.maze.rule, "maze": g.maze.text(), "jumps": g.jumps,
                          "score": g.score, "terms": dataclasses.asdict(g.terms), "parts": parts,
                          "objective": g.objective, "steps": g.steps, "budget": g.budget,
                          "stopped": g.stopped}))
        return 0
    print(f"; generated maze {args.id} ({g.maze.rows} x {g.maze.cols}, rule {g.maze.rule}): {_route_words(g)}, "
          f"score {g.score:.2f} after {g.steps:,} steps")
    t = g.terms
    def many(count, word):
        return f"{count} {word}{'s' if count != 1 else ''}"

    values = {"route": many(t.jumps, "jump") if t.jumps is not None else "no route",
              "unique": many(t.shortest_routes, "shortest route"),
              "black_holes": many(t.black_holes, "cell"), "white_holes": many(t.white_holes, "cell"),
              "forced": many(t.forced, "forced opening jump"), "clusters": f"(size - 1)^2 summed: {t.clusters}"}
    print("; design term   measure                          weight   score")
    for name in jm.OBJECTIVE:
        part = f"{parts[name]:+8.2f}" if parts is not None else "       -"
        print(f";   {name:<12}{values[name]:<33}{g.objective[name]:6g} {part}")
    print(g.maze.text())
    return 0
