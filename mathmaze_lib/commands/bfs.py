"""``python -m mathmaze_lib bfs``: breadth-first search on a small grid, printed as distances."""

from __future__ import annotations

import json

from ..grid import Grid, check_size, parse_cell
from ..search import bfs


def register(sub) -> None:
    """Add the ``bfs`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser("bfs", help="distances from a cell on an empty grid (a first look at BFS)",
                       description="Print the breadth-first distances from one cell of an empty R x C grid.")
    p.add_argument("--rows", type=int, default=4)
    p.add_argument("--cols", type=int, default=5)
    p.add_argument("--start", default="0 0", help="the start cell, 'R C' (default: 0 0)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``bfs`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    check_size(args.rows, args.cols, max_rows=200, max_cols=200)
    grid = Grid(args.rows, args.cols)
    start = parse_cell(args.start, where="--start")
    if not grid.in_bounds(start):
        raise ValueError(f"--start {start} is off the {args.rows} x {args.cols} grid")
    result = bfs(grid.neighbours, start)
    if args.json:
        print(json.dumps({"start": list(start),
                          "dist": [[result.dist[(r, c)] for c in range(grid.cols)] for r in range(grid.rows)]}))
        return 0
    width = len(str(max(result.dist.values())))
    for r in range(grid.rows):
        print(" ".join(str(result.dist[(r, c)]).rjust(width) for c in range(grid.cols)))
    return 0
