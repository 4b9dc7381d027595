"""``python -m mathmaze_lib release``: write the student notebooks from the solution notebooks."""

from __future__ import annotations

import sys
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser(
        "release", help="write the student notebooks from notebooks/solutions/",
        description="Write notebooks/NAME.ipynb from notebooks/solutions/NAME.ipynb: solution blocks become "
                    "'# YOUR CODE HERE', exercise outputs are cleared, check cells show 'Not attempted yet'.")
    p.add_argument("notebooks", nargs="*", metavar="NAME",
                   help="solution notebooks to release (default: all of them)")
    p.add_argument("--dir", default="notebooks", help="the notebooks folder (default: notebooks)")
    p.add_argument("--execute", action="store_true",
                   help="first run each solution notebook top to bottom and save it with its outputs")
    p.add_argument("--check", action="store_true",
                   help="write nothing; exit 1 when a student notebook differs from what would be written")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..exercises.release import release
    from ..exercises.solutions import write as write_solutions

    folder = Path(args.dir)
    if not (folder / "solutions").is_dir():
        raise ValueError(f"{folder / 'solutions'} is not a folder: run this from the project folder or pass --dir")
    differ = release(folder, args.notebooks, execute_first=args.execute, check=args.check)
    if write_solutions(folder / "solutions", check=args.check):
        differ.append("the worked solutions (mathmaze_lib/data/solutions.json)")
        if not args.check:
            print("wrote mathmaze_lib/data/solutions.json")
    if args.check:
        for name in differ:
            print(f"{name if ' ' in name else folder / name} is out of date: run `python -m mathmaze_lib release`",
                  file=sys.stderr)
        if not differ:
            print("student notebooks are up to date")
        return 1 if differ else 0
    return 0
