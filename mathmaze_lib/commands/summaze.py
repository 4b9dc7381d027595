"""``python -m mathmaze_lib summaze``: print a Math Maze puzzle from its id."""

from __future__ import annotations

import json

from ..grid import check_size
from ..puzzles.summaze import CountStopped, count_solutions, format_puzzle, grade, make

#: Search steps the command spends counting solutions (about 10 s); beyond, it says "at least".
COUNT_STEPS = 20_000_000


def register(sub) -> None:
    """Add the ``summaze`` subcommand to ``sub`` (the command line's subparsers)."""
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
    """Run ``summaze`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    check_size(args.rows, args.cols, max_rows=100, max_cols=100)
    if args.rows * args.cols < 5:
        raise ValueError(f"--rows {args.rows} --cols {args.cols}: a Math Maze needs at least 5 cells "
                         "(its path is 5 to 9 cells long); make the grid bigger")
    puzzle = make(args.id, args.rows, args.cols, unique=args.unique)
    try:
        count, more = count_solutions(puzzle, max_steps=COUNT_STEPS), False
    except CountStopped as stopped:
        count, more = stopped.found, True
    if args.json:
        data = puzzle.to_dict()
        data.pop("unique")
        data["solutions"] = count
        if more:
            data["solutions_at_least"] = True      # counting stopped early: there are more
        print(json.dumps(data))
        return 0
    g = grade(puzzle)
    print(f"Math Maze {args.rows} x {args.cols}, id {puzzle.id}{' (unique)' if args.unique else ''}: "
          f"reach End with a sum of {puzzle.target}")
    print(format_puzzle(puzzle))
    shown = f"at least {count} (counting stopped after {COUNT_STEPS:,} steps)" if more else f"{count}"
    print(f"solutions: {shown}   grade: {g.level}")
    return 0
