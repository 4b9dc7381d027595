"""``python -m mathmaze_lib jump``: solve, generate and show jumping mazes."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace

from .. import jumpmaze as jm
from ..grid import read_text


def register(sub) -> None:
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
    g = actions.add_parser("generate", help="make a maze with a unique, long shortest route")
    g.add_argument("--id", type=int, required=True)
    g.add_argument("--rows", type=int, default=5)
    g.add_argument("--cols", type=int, default=5)
    g.add_argument("--rule", default="ortho")
    g.add_argument("--steps", type=int, default=None, help="local-search steps (default: 40 per cell)")
    g.set_defaults(func=generate)


#: The command's tree search stops after this many expansions unless --max-expansions says more:
#: its queue of whole routes grows by about 1 KB per expansion (2 million took 2.6 GB).
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
        print(f"no route from {maze.start} to {maze.goal} (rule {maze.rule}); {sol.expanded} expansions")
    else:
        print(f"{sol.jumps} jumps (rule {maze.rule}), {count} shortest route{'s' if count != 1 else ''}:")
        print(" -> ".join(str(c) for c in sol.route))
        print(f"{sol.method} search: {sol.expanded} expansions")
    return 0


def generate(args) -> int:
    g = jm.generate(args.id, args.rows, args.cols, rule=args.rule, steps=args.steps)
    print(f"; generated maze {args.id}: {g.jumps} jumps, {g.shortest_routes} shortest route(s), "
          f"{g.black_holes} black holes, score {g.score}")
    print(g.maze.text())
    return 0
