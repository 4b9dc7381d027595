"""``python -m mathmaze_lib generate KIND --id N``: any puzzle of the registry from its id, in its text
format (what ``solve`` and the games read)."""

from __future__ import annotations

import json


def register(sub) -> None:
    """Add the ``generate`` subcommand to ``sub`` (the command line's subparsers)."""
    from ..puzzles import PUZZLES

    p = sub.add_parser("generate", help="make a puzzle of any kind from its id (" + ", ".join(PUZZLES) + ")",
                       description="Make the puzzle with this id and print it in its text format "
                                   "(docs/FORMATS.md): the same id and size always give the same puzzle.")
    p.add_argument("kind", metavar="KIND", help=f"the kind of puzzle: {', '.join(PUZZLES)}")
    p.add_argument("--id", type=int, required=True, help="the puzzle id (a whole number >= 0)")
    p.add_argument("--rows", type=int, help="rows (default: the kind's own)")
    p.add_argument("--cols", type=int, help="columns (default: the kind's own)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``generate`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from .solve import kind_of

    kind = kind_of(args.kind)
    if (args.rows is None) != (args.cols is None):
        raise ValueError("--rows and --cols: give both or neither")
    size = () if args.rows is None else (args.rows, args.cols)
    puzzle = kind.make(args.id, *size)
    if args.json:
        print(json.dumps({"kind": kind.name, "id": args.id, "text": kind.text(puzzle)}))
    else:
        print(kind.text(puzzle))
    return 0
