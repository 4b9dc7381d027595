"""``python -m mathmaze_lib grade``: run a class's notebooks and write a gradebook and feedback."""

from __future__ import annotations

import sys
from pathlib import Path


def register(sub) -> None:
    p = sub.add_parser(
        "grade", help="grade submitted lesson notebooks: a gradebook CSV and one feedback file per student",
        description="Run each submitted notebook from the top in a fresh kernel (time limits per cell and per "
                    "notebook, a memory limit), then check every exercise of the lesson in that kernel with the "
                    "lesson's checks plus hidden cases. Printed outputs of the notebook are never trusted. "
                    "A file that cannot be graded gets a row with the reason; the others go on.")
    p.add_argument("submissions", nargs="+", metavar="SUBMISSION",
                   help="notebook files, or folders searched for *.ipynb")
    p.add_argument("--csv", required=True, help="the gradebook CSV to write")
    p.add_argument("--feedback", required=True, metavar="DIR", help="a folder for one feedback file per student")
    p.add_argument("--lesson", type=int, help="the lesson being graded (default: the lesson most files are)")
    p.add_argument("--jobs", type=int, default=2, help="kernels run at once (default 2)")
    p.add_argument("--timeout", type=float, default=60, help="seconds allowed per cell (default 60)")
    p.add_argument("--notebook-timeout", type=float, default=600, help="seconds allowed per notebook (default 600)")
    p.add_argument("--check-timeout", type=float, default=30,
                   help="seconds allowed for checking one exercise (default 30)")
    p.add_argument("--memory", type=int, default=2048, help="memory limit of each kernel in MB (default 2048)")
    p.add_argument("--max-mb", type=float, default=20, help="larger files are not run (default 20 MB)")
    p.add_argument("--hidden-seed", type=int, help="seed of the hidden cases (default: the project's); pick your "
                   "own so that no student can know them in advance")
    p.set_defaults(func=run)


def _files(items) -> list:
    out = []
    for item in items:
        path = Path(item)
        if path.is_dir():
            found = sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
            if not found:
                raise ValueError(f"{path}: a folder with no .ipynb files in it")
            out += found
        elif path.exists():
            out.append(path)
        else:
            raise ValueError(f"{path}: no such file or folder")
    return out


def run(args) -> int:
    import time

    from ..grading import HIDDEN_SEED, grade_class, write_csv, write_feedback

    files = _files(args.submissions)
    start = time.monotonic()

    def progress(sub):
        state = f"cannot be graded: {sub.reason}" if sub.reason else f"{sub.total} of {len(sub.verdicts)}"
        print(f"{sub.path}: {state}" + (f" ({sub.seconds:.1f} s)" if sub.seconds else ""), file=sys.stderr,
              flush=True)

    subs, lesson = grade_class(files, lesson=args.lesson, jobs=args.jobs, cell_timeout=args.timeout,
                               notebook_timeout=args.notebook_timeout, exercise_timeout=args.check_timeout,
                               memory_mb=args.memory, max_mb=args.max_mb,
                               seed=HIDDEN_SEED if args.hidden_seed is None else args.hidden_seed,
                               progress=progress)
    write_csv(subs, lesson, args.csv)
    write_feedback(subs, lesson, args.feedback)
    bad = sum(1 for s in subs if s.reason)
    print(f"graded {len(subs) - bad} of {len(subs)} notebooks (lesson {lesson}) in {time.monotonic() - start:.0f} s; "
          f"wrote {args.csv} and {len(subs)} feedback files in {args.feedback}")
    return 0
