"""``python -m mathmaze_lib release``: write the student notebooks from the solution notebooks."""

from __future__ import annotations

import sys
from pathlib import Path


def register(sub) -> None:
    """Add the ``release`` subcommand to ``sub`` (the command line's subparsers)."""
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
    p.add_argument("--class", dest="class_dir", metavar="DIR",
                   help="write a class copy for students into DIR instead (student notebooks, a README "
                        "for students, no solutions/), ready to become the class repository for nbgitpuller")
    p.add_argument("--solutions", choices=["hidden", "shown"], default="hidden",
                   help="with --class: whether ex.qN.solution() answers in the class copy (default hidden)")
    p.add_argument("--until", metavar="YYYY-MM-DD",
                   help="with --class: hide the solutions until this day, then show them")
    p.add_argument("--check-install", action="store_true",
                   help="say whether the installed package holds the worked solutions (exit 1 when it does): "
                        "a class's environment should not (MATHMAZE_WITHOUT_SOLUTIONS=1 pip install ...)")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``release`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from ..teacher.release import release
    from ..exercises.solutions import write as write_solutions

    folder = Path(args.dir)
    if args.check_install:
        from ..exercises.solutions import DATA

        if DATA.exists():
            print(f"this installation holds the worked solutions ({DATA}); for a class, install the package with "
                  f"MATHMAZE_WITHOUT_SOLUTIONS=1 pip install PROJECT-FOLDER (not -e)")
            return 1
        print("this installation has no worked solutions: ready for a class")
        return 0
    if args.class_dir:
        from ..teacher.classroom import class_release

        if args.execute or args.check or args.notebooks:
            raise ValueError("--class writes every student notebook as it is: leave out NAME, --execute and --check")
        class_release(folder, Path(args.class_dir), args.solutions, args.until, log=print)
        return 0
    if args.until or args.solutions != "hidden":
        raise ValueError("--solutions and --until go with --class DIR")
    if not (folder / "solutions").is_dir():
        raise ValueError(f"{folder / 'solutions'} is not a folder: run this from the project folder or pass --dir")
    _check_readable(folder / "solutions", args.notebooks)
    differ = release(folder, args.notebooks, execute_first=args.execute, check=args.check)
    if write_solutions(folder / "solutions", check=args.check):
        differ.append("the worked solutions (mathmaze_lib/data/solutions.json)")
        if not args.check:
            print("wrote mathmaze_lib/data/solutions.json")
    from ..grading.given import write as write_given

    if write_given(folder, check=args.check):      # the student notebooks' cells, for grade (written answers)
        differ.append("the lessons' given cells (mathmaze_lib/data/given.json)")
        if not args.check:
            print("wrote mathmaze_lib/data/given.json")
    if args.check:
        for name in differ:
            print(f"{name if ' ' in name else folder / name} is out of date: run `python -m mathmaze_lib release`",
                  file=sys.stderr)
        if not differ:
            print("student notebooks are up to date")
        return 1 if differ else 0
    return 0


def _check_readable(solutions: Path, names) -> None:
    """Raise a ValueError naming the first solution notebook that is not a valid notebook file."""
    import nbformat

    wanted = {Path(n).with_suffix(".ipynb").name for n in names or ()}
    for path in sorted(solutions.glob("*.ipynb")):
        if wanted and path.name not in wanted:
            continue
        try:
            with open(path, "rb") as f:
                text = f.read().decode("utf-8")
            nb = nbformat.reads(text, as_version=4)
            nbformat.validate(nb)
        except UnicodeDecodeError:
            raise ValueError(f"{path}: not UTF-8 text, so not a notebook file") from None
        except Exception as exc:    # nbformat raises JSON, validation and key errors alike
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ValueError(f"{path}: not a valid notebook ({reason[:200]}); fix or restore the file") from None
