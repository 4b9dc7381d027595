"""``python -m mathmaze_lib grade``: run a class's notebooks and write a gradebook and feedback."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def register(sub) -> None:
    """Add the ``grade`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser(
        "grade", help="grade submitted lesson notebooks: a gradebook CSV and one feedback file per student",
        description="Run each submitted notebook from the top in its own worker process inside a bubblewrap "
                    "sandbox (Linux: no network, no files but its own temporary folder, limits on time, "
                    "memory, processes and output), then check every exercise of the lesson: the worker "
                    "computes the learner's answers on the lesson's cases plus hidden cases, and the grader "
                    "judges them in its own process. Printed outputs of the notebook are never trusted. "
                    "Where the sandbox cannot start, grade says why and what to do, and grades nothing "
                    "(--no-sandbox: only for work you trust). Each row is named by where the work came from "
                    "(the hub login collect read it from, its file or folder, the roster's File column), never "
                    "by the notebook's metadata. A file that cannot be graded gets a row with the reason; the "
                    "others go on.")
    p.add_argument("submissions", nargs="+", metavar="SUBMISSION",
                   help="notebook files, or folders searched for *.ipynb")
    p.add_argument("--csv", required=True, help="the gradebook CSV to write")
    p.add_argument("--feedback", required=True, metavar="DIR", help="a folder for one feedback file per student")
    p.add_argument("--lesson", type=int, help="the lesson being graded (default: the lesson most files are)")
    p.add_argument("--jobs", type=int, default=2, help="notebooks run at once (default 2)")
    p.add_argument("--timeout", type=float, default=60, help="seconds allowed per cell (default 60)")
    p.add_argument("--notebook-timeout", type=float, default=600, help="seconds allowed per notebook (default 600)")
    p.add_argument("--check-timeout", type=float, default=30,
                   help="seconds allowed for checking one exercise (default 30)")
    p.add_argument("--memory", type=int, default=2048, help="memory limit of each notebook's process in MB "
                   "(default 2048)")
    p.add_argument("--max-output", type=float, default=2, metavar="MB",
                   help="a cell or check that prints more is stopped (default 2 MB)")
    p.add_argument("--max-mb", type=float, default=20, help="larger files are not run (default 20 MB)")
    p.add_argument("--hidden-seed", type=int, help="seed of the hidden cases (default: the project's); pick your "
                   "own so that no student can know them in advance")
    p.add_argument("--partial", action="store_true",
                   help="partial credit: an exercise that is not right earns the share of its cases that are")
    p.add_argument("--roster", metavar="CSV", help="a class list (a Canvas gradebook export works): also write "
                   "an LMS import file with one score per student")
    p.add_argument("--lms", metavar="CSV", help="where to write the LMS import (default: beside --csv, "
                   "ending in -lms.csv)")
    p.add_argument("--assignment", help="the assignment's column in the LMS import (default: 'Math Maze lesson N')")
    p.add_argument("--no-sandbox", action="store_true",
                   help="run the notebooks WITHOUT the sandbox where it cannot start (macOS, Windows, no "
                        "bubblewrap): each can read and change your files and use the network, so only for "
                        "work you trust")
    p.add_argument("--require-sandbox", action="store_true", help=argparse.SUPPRESS)   # the default since issue 42
    p.set_defaults(func=run)


def _files(items) -> tuple:
    """``(files, {file: the folder it was found in})``: a folder's notebooks (not its checkpoints) with
    that folder; a file given by itself has none (its own name and folders name it)."""
    out, roots = [], {}
    for item in items:
        path = Path(item)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
            if not found:
                raise ValueError(f"{path}: a folder with no .ipynb files in it")
            out += found
            roots.update({p: path for p in found})
        elif path.exists():
            out.append(path)
        else:
            raise ValueError(f"{path}: no such file or folder")
    return out, roots


def run(args) -> int:
    """Run ``grade`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    import time

    from ..grading import (HIDDEN_SEED, NOT_ISOLATED, grade_class, isolation, read_roster, write_csv,
                           write_feedback, write_lms)

    files, root = _files(args.submissions)
    roster = read_roster(args.roster) if args.roster else None
    sandboxed, why = isolation(not args.no_sandbox)
    if not sandboxed:
        print(NOT_ISOLATED.format(why=why), file=sys.stderr, flush=True)
    lms = Path(args.lms) if args.lms else Path(args.csv).with_name(Path(args.csv).stem + "-lms.csv")
    start = time.monotonic()

    def progress(sub):
        state = f"cannot be graded: {sub.reason}" if sub.reason else f"{sub.total} of {len(sub.verdicts)}"
        print(f"{sub.path}: {state}" + (f" ({sub.seconds:.1f} s)" if sub.seconds else ""), file=sys.stderr,
              flush=True)

    hide = [args.csv, args.feedback] + ([args.roster, lms] if roster else [])
    subs, lesson = grade_class(files, lesson=args.lesson, jobs=args.jobs, cell_timeout=args.timeout,
                               notebook_timeout=args.notebook_timeout, exercise_timeout=args.check_timeout,
                               memory_mb=args.memory, max_mb=args.max_mb,
                               seed=HIDDEN_SEED if args.hidden_seed is None else args.hidden_seed,
                               progress=progress, partial=args.partial, use_sandbox=sandboxed, root=root,
                               hide=hide, max_output_mb=args.max_output, roster=roster)
    write_csv(subs, lesson, args.csv, partial=args.partial)
    write_feedback(subs, lesson, args.feedback, isolated=sandboxed)
    bad = sum(1 for s in subs if s.reason)
    where = "in the sandbox" if sandboxed else "WITHOUT a sandbox"
    print(f"graded {len(subs) - bad} of {len(subs)} notebooks (lesson {lesson}) {where} in "
          f"{time.monotonic() - start:.0f} s; wrote {args.csv} and {len(subs)} feedback files in {args.feedback}")
    if roster is not None:
        assignment = args.assignment or f"Math Maze lesson {lesson}"
        left_out, by_name = write_lms(subs, roster, lesson, lms, assignment, partial=args.partial)
        print(f"wrote {lms} for the LMS ({len(roster.students)} students, column {assignment!r})")
        for sub in left_out:
            print(f"warning: {sub.path} ({sub.student}) is not in {lms}: it matches no student of {args.roster}, "
                  f"or another file matches that student as well", file=sys.stderr)
        for sub in by_name:
            print(f"note: {sub.path} was matched to {sub.student!r} by the name alone (its file or folder name, "
                  f"which a learner may have chosen): check it, or add a File column to the roster", file=sys.stderr)
    if not sandboxed:
        print(NOT_ISOLATED.format(why=why), file=sys.stderr, flush=True)
    return 0
