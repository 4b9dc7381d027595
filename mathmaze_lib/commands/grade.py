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
    p.add_argument("submissions", nargs="*", metavar="SUBMISSION",
                   help="notebook files, or folders searched for *.ipynb (none with --manual: the class graded "
                        "last time, kept beside --csv, is written again with the marks)")
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
    p.add_argument("--weights", metavar="FILE", help="points per exercise (default: the project's, 1 each; "
                   "python -m mathmaze_lib weights prints them to edit)")
    p.add_argument("--manual", metavar="CSV", help="the written answers with your marks and comments (grade writes "
                   "GRADES-written.csv beside --csv; fill in points and comment): counted in the gradebook, the LMS "
                   "file and the feedback")
    p.add_argument("--book", metavar="CSV", help="the class gradebook across lessons, updated with this lesson's "
                   "column (default: class-gradebook.csv beside --csv)")
    p.add_argument("--similarity-threshold", type=float, default=None, metavar="SHARE",
                   help="flag two notebooks when this share of one's own code is in the other's (default 0.7)")
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
    from ..grading import NOT_ISOLATED, read_roster, results, similarity
    from ..grading.marks import Marks, read_manual, read_weights
    from ..grading.term import paths

    roster = read_roster(args.roster) if args.roster else None
    files = paths(args.csv, args.feedback, args.book, lms=args.lms)
    weights = read_weights(args.weights) if args.weights else read_weights()
    threshold = similarity.THRESHOLD if args.similarity_threshold is None else args.similarity_threshold
    if not 0 < threshold <= 1:
        raise ValueError(f"--similarity-threshold {threshold}: must be a share above 0 and at most 1")
    if not args.submissions and not args.manual:
        raise ValueError("give the submissions to grade (notebooks or folders), or --manual CSV to write the "
                         "gradebook again with your marks")
    if args.submissions:
        subs, lesson, sandboxed, why, notes = _grade(args, files, weights, threshold, roster)
    else:
        subs, lesson, sandboxed, notes = results.load(files.results)
        why = ""
        print(f"{files.results}: {len(subs)} notebooks of lesson {lesson} graded before; writing them again with "
              f"the marks of {args.manual}")
    marks_file = Path(args.manual) if args.manual else files.written
    table = weights.points(lesson) if lesson is not None else {}
    manual = read_manual(marks_file, table) if args.manual or marks_file.exists() else None
    partial = subs[0].partial if subs and not args.submissions else args.partial
    marks = Marks.of(lesson, partial, weights, manual)
    marks.notes = notes
    _write(args, subs, lesson, files, marks, sandboxed, roster)
    if manual is not None and (args.manual or manual.points or manual.comments):
        done = sum(1 for key in manual.points if key[1] != "all")
        print(f"counted {done} marks and {len(manual.comments)} comments of {marks_file}")
    if not sandboxed and args.submissions:
        print(NOT_ISOLATED.format(why=why), file=sys.stderr, flush=True)
    return 0


def _grade(args, files, weights, threshold, roster) -> tuple:
    """Run and judge the notebooks, then read them again for their written answers and own code; keeps the
    graded class beside the gradebook."""
    import time

    from ..grading import HIDDEN_SEED, NOT_ISOLATED, grade_class, isolation, results
    from ..grading.marks import read_manual, write_written
    from ..grading.term import read_work, similar, written_rows
    from ..teacher.handin import notes_from_collect

    files_in, roots = _files(args.submissions)
    sandboxed, why = isolation(not args.no_sandbox)
    if not sandboxed:
        print(NOT_ISOLATED.format(why=why), file=sys.stderr, flush=True)
    start = time.monotonic()

    def progress(sub):
        state = (f"cannot be graded: {sub.reason}" if sub.reason
                 else f"{sub.total} of {len(sub.verdicts)} checked items right")
        print(f"{sub.path}: {state}" + (f", {sub.seconds:.1f} s" if sub.seconds else ""), file=sys.stderr, flush=True)

    hide = [args.csv, args.feedback, files.book, files.results, files.written, files.similarity] \
        + ([args.roster, files.lms] if roster else []) + ([args.manual] if args.manual else [])
    subs, lesson = grade_class(files_in, lesson=args.lesson, jobs=args.jobs, cell_timeout=args.timeout,
                               notebook_timeout=args.notebook_timeout, exercise_timeout=args.check_timeout,
                               memory_mb=args.memory, max_mb=args.max_mb,
                               seed=HIDDEN_SEED if args.hidden_seed is None else args.hidden_seed,
                               progress=progress, partial=args.partial, use_sandbox=sandboxed, root=roots,
                               hide=hide, max_output_mb=args.max_output, roster=roster)
    bad = sum(1 for s in subs if s.reason)
    where = "in the sandbox" if sandboxed else "WITHOUT a sandbox"
    print(f"graded {len(subs) - bad} of {len(subs)} notebooks (lesson {lesson}) {where} in "
          f"{time.monotonic() - start:.0f} s")
    notes_from_collect(subs)                   # each submission's own folder: collect's table there
    notes: dict = {}
    work = read_work(subs, lesson, int(args.max_mb * 1e6)) if lesson is not None else None
    if work is not None:
        notes = similar(subs, work, lesson, files, threshold)
        flagged = sum(1 for n in notes.values() if n)
        print(f"wrote {files.similarity}: {flagged} notebook{'s' * (flagged != 1)} flagged for similar code")
    results.save(subs, lesson, files.results, sandboxed, notes)     # kept before any marks file is read
    if work is not None:
        table = weights.points(lesson)
        keep = read_manual(files.written, table) if files.written.exists() else None
        if args.manual:
            keep = read_manual(args.manual, table)
        count = write_written(written_rows(subs, work, table, lesson), files.written, keep)
        if count:
            print(f"wrote {files.written}: {count} written answers to mark (fill in points and comment, then "
                  f"grade --manual {files.written} --csv {args.csv} --feedback {args.feedback})")
    return subs, lesson, sandboxed, why, notes


def _write(args, subs, lesson, files, marks, sandboxed, roster) -> None:
    from ..grading.term import finish

    assignment = args.assignment or f"Math Maze lesson {lesson}"
    said = finish(subs, lesson, files, marks, sandboxed, roster, assignment)
    book = f"; lesson {lesson}'s column of the class gradebook {files.book}" if lesson is not None else ""
    print(f"wrote {args.csv} ({marks.out_of} points per notebook) and {len(subs)} feedback files in "
          f"{args.feedback}{book}")
    if said.get("dropped"):
        gone = ", ".join(said["dropped"][:8]) + (f" and {len(said['dropped']) - 8} more" if len(said["dropped"]) > 8
                                                  else "")
        print(f"warning: {files.book} had lesson {lesson} marks for {gone}, who are not in this grading: their "
              f"lesson {lesson} is empty there now. An earlier grading's marks come back when you write it again "
              f"(grade --manual ITS-written.csv --csv ITS.csv --feedback ITS-FEEDBACK); grade a few notebooks with "
              f"--book ANOTHER.csv to leave the class gradebook alone.", file=sys.stderr)
    if roster is not None:
        print(f"wrote {files.lms} for the LMS ({len(roster.students)} students, column {assignment!r}) and "
              f"{files.book_lms} (every lesson graded so far)")
        for sub in said["left_out"]:
            print(f"warning: {sub.path} ({sub.student}) is not in {files.lms}: it matches no student of {args.roster}, "
                  f"or another file matches that student as well", file=sys.stderr)
        for sub in said["by_name"]:
            print(f"note: {sub.path} was matched to {sub.student!r} by the name alone (its file or folder name, "
                  f"which a learner may have chosen): check it, or add a File column to the roster", file=sys.stderr)
        for name in said["book_unmatched"]:
            print(f"note: {name} of {files.book} matches no student of {args.roster}", file=sys.stderr)
