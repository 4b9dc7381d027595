"""``python -m mathmaze_lib weights``: the points of every exercise, as a file to copy and edit for
``grade --weights``; ``--check FILE`` reads one and says what ``grade`` would count."""

from __future__ import annotations


def register(sub) -> None:
    """Add the ``weights`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser(
        "weights", help="print the points per exercise (the default weights) to edit for grade --weights",
        description="Print the default weights (points per exercise of every lesson, written answers included) "
                    "in the form grade --weights reads: python -m mathmaze_lib weights > weights.ini, edit the "
                    "numbers, then grade ... --weights weights.ini. With --check FILE, read FILE and print the "
                    "points grade would use for each lesson.")
    p.add_argument("--check", metavar="FILE", help="read this weights file and print each lesson's points")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``weights`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from ..grading.marks import WEIGHTS, read_weights

    if not args.check:
        print(WEIGHTS.read_text(encoding="utf-8"), end="")
        return 0
    weights = read_weights(args.check)
    for lesson in (1, 2, 3):
        points = weights.points(lesson)
        listed = ", ".join(f"{attr} {p}" for attr, p in points.items())
        print(f"lesson {lesson}: {sum(points.values()):g} points ({listed})")
    return 0
