"""``python -m mathmaze_lib solve KIND FILE``: the answer to any puzzle of the registry, from its text."""

from __future__ import annotations

import json

#: The largest puzzle file read (8 MiB, as the jumping and wall mazes' own commands).
MAX_BYTES = 8 * 2**20


def register(sub) -> None:
    """Add the ``solve`` subcommand to ``sub`` (the command line's subparsers)."""
    from ..puzzles import PUZZLES

    p = sub.add_parser("solve", help="solve a puzzle file of any kind (" + ", ".join(PUZZLES) + ")",
                       description="Read a puzzle in its text format (docs/FORMATS.md) and print a right answer "
                                   "found by the library, with the puzzle's own verdict on it.")
    p.add_argument("kind", metavar="KIND", help=f"the kind of puzzle: {', '.join(PUZZLES)}")
    p.add_argument("file", help="the puzzle in its text format ('-' for standard input)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def kind_of(name: str):
    """The registry's kind of this name, or a ValueError that names the kinds."""
    from ..puzzles import PUZZLES

    if name not in PUZZLES:
        raise ValueError(f"kind {name!r}: choose one of {', '.join(PUZZLES)}")
    return PUZZLES[name]


def run(args) -> int:
    """Run ``solve`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    import sys

    from ..grid import read_text

    kind = kind_of(args.kind)
    source, name = (sys.stdin.buffer, "standard input") if args.file == "-" else (args.file, None)
    puzzle = kind.parse(read_text(source, max_bytes=MAX_BYTES, name=name))
    answer = kind.solve(puzzle)
    verdict = kind.check(puzzle, answer) if answer is not None else None
    cells = [list(cell) for cell in answer] if answer is not None else None
    if args.json:
        print(json.dumps({"kind": kind.name, "answer": cells, "ok": bool(verdict), "reason": verdict.reason
                          if verdict else "no answer: this puzzle cannot be solved"}))
        return 0 if verdict else 1
    print(kind.text(puzzle))
    if verdict is None:
        print("no answer: this puzzle cannot be solved")
        return 1
    print("answer: " + " ".join(f"({r},{c})" for r, c in answer))
    print(verdict.reason)
    return 0
