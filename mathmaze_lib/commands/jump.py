"""``python -m mathmaze_lib jump``: solve, generate and show jumping mazes."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from .. import jumpmaze as jm


def register(sub) -> None:
    p = sub.add_parser("jump", help="jumping mazes (number mazes): solve, generate, example",
                       description="Jumping mazes: each number is the exact length of the next jump.")
    actions = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    s = actions.add_parser("solve", help="the shortest route of a maze file")
    s.add_argument("file", help="a maze in the text format ('-' or 'chain' for the Chain Reaction example)")
    s.add_argument("--rule", default=None, help=f"rules joined by '+': {', '.join(jm.RULES)}")
    s.add_argument("--tree", action="store_true", help="use the naive tree search instead of BFS")
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


def _load(args) -> jm.JumpMaze:
    if args.file == "chain":
        return jm.CHAIN_REACTION if args.rule is None else replace(jm.CHAIN_REACTION, rule=jm.check_rule(args.rule))
    text = Path(args.file).read_text(encoding="utf-8")
    try:
        return jm.parse(text, rule=args.rule)
    except ValueError as exc:
        raise ValueError(f"{args.file}: {exc}") from None


def solve(args) -> int:
    maze = _load(args)
    sol = jm.solve(maze, method="tree" if args.tree else "bfs")
    count = jm.count_shortest(maze) if sol.route else 0
    if args.json:
        print(json.dumps({"length": sol.jumps, "route": [list(c) for c in sol.route or []], "count": count}))
        return 0
    if args.moves:
        for cell, targets in jm.moves_table(maze).items():
            print(f"{cell}: {' '.join(map(str, targets))}")
    if sol.route is None:
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
