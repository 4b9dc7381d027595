"""``python -m mathmaze_lib slides LESSON --out FILE``: a lesson's opening slides (16:9 PDF)."""

from __future__ import annotations

import json


def register(sub) -> None:
    """Add the ``slides`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser(
        "slides", help="the slides of a lesson's first five minutes: the puzzle, the graph, the question (PDF)",
        description="Write a short 16:9 PDF deck for the start of lesson 1, 2 or 3: the puzzle, its graph and "
                    "the question to ask, drawn by the lesson's own code from the lesson's own puzzle.")
    p.add_argument("lesson", help="the lesson: 1, 2 or 3")
    p.add_argument("--out", required=True, help="the PDF to write")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``slides`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from ..teacher.slides import DECKS, write_slides

    if args.lesson not in {str(k) for k in DECKS}:
        raise ValueError(f"slides {args.lesson!r}: choose a lesson, 1, 2 or 3")
    count = write_slides(int(args.lesson), args.out)
    if args.json:
        print(json.dumps({"out": args.out, "lesson": int(args.lesson), "slides": count}))
    else:
        print(f"wrote {args.out}: lesson {args.lesson}, {count} slides")
    return 0
