"""``python -m mathmaze_lib summaze``: print a Math Maze puzzle from its id."""

from __future__ import annotations

import json

from ..summaze import count_solutions, format_puzzle, grade, make


def register(sub) -> None:
    p = sub.add_parser("summaze", help="print a Math Maze puzzle (sum path) from its id",
                       description="Print the Math Maze puzzle with this id: the numbers, Start in [ ], "
                                   "End as =target, the planted path marked with *, and how many paths solve it.")
    p.add_argument("--id", type=int, required=True, help="the puzzle id (a whole number >= 0)")
    p.add_argument("--rows", type=int, default=4)
    p.add_argument("--cols", type=int, default=5)
    p.add_argument("--unique", action="store_true", help="a puzzle with exactly one solution")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args) -> int:
    puzzle = make(args.id, args.rows, args.cols, unique=args.unique)
    count = count_solutions(puzzle)
    if args.json:
        data = puzzle.to_dict()
        data.pop("unique")
        data["solutions"] = count
        print(json.dumps(data))
        return 0
    g = grade(puzzle)
    print(f"Math Maze {args.rows} x {args.cols}, id {puzzle.id}{' (unique)' if args.unique else ''}: "
          f"reach End with a sum of {puzzle.target}")
    print(format_puzzle(puzzle))
    print(f"solutions: {count}   grade: {g.level}")
    return 0
