"""``python -m mathmaze_lib collect``: pull every learner's copy of a lesson from a JupyterHub, for ``grade``."""

from __future__ import annotations

import os
import sys


def register(sub) -> None:
    """Add the ``collect`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser(
        "collect", help="collect a lesson's notebooks from every learner of a JupyterHub, for grade",
        description="Copy each learner's notebook of a lesson from a JupyterHub into OUT/NAME/LESSON.ipynb, the "
                    "layout grade reads (one file per learner, named by the learner's hub name): the last hand-in "
                    "(ex.hand_in() in the lesson), else the working copy, each marked so in the table. Run it as a hub "
                    "admin, with an API token made at HUB/hub/token. A running server is read through the hub; "
                    "a stopped one is not started unless you add --start (it is stopped again after), or read "
                    "from the home folders on the hub machine with --from-homes. Learners who never opened the "
                    "lesson are listed as such. Hub admins are left out unless named in --users.")
    p.add_argument("lesson", help="the lesson: its number (1), its notebook's name (01_math_maze), or a path "
                                  "inside the learners' home folders")
    p.add_argument("--hub", required=True, metavar="URL", help="the hub's address, for example https://hub.school.org")
    p.add_argument("--out", required=True, metavar="DIR", help="the folder to write OUT/NAME/LESSON.ipynb into")
    p.add_argument("--token", help="a hub admin's API token (default: the environment variable JUPYTERHUB_API_TOKEN, "
                                   "which keeps it out of the shell's history)")
    p.add_argument("--folder", default=None, metavar="PATH",
                   help="where the lessons are in each home folder (default mathmaze-class/notebooks, where the "
                        "link of deploy/README.md puts them)")
    p.add_argument("--from-homes", metavar="TEMPLATE",
                   help="read the files from the home folders on the hub machine instead of the servers, for "
                        "example '/home/jupyter-{username}' (one server with a class password, or TLJH) or "
                        "'/home/{username}' (local accounts); needs root there (sudo -E)")
    p.add_argument("--start", action="store_true",
                   help="start stopped servers to read them, then stop them again")
    p.add_argument("--users", nargs="+", metavar="NAME", help="only these learners (default: every user but admins)")
    p.add_argument("--jobs", type=int, default=4, help="learners read at once (default 4)")
    p.add_argument("--start-timeout", type=float, default=180,
                   help="seconds to wait for a started server (default 180)")
    p.add_argument("--max-mb", type=float, default=100, help="larger notebooks are not copied (default 100 MB)")
    p.add_argument("--deadline", metavar="WHEN", help="hand-ins after this are marked late, for example "
                   "'2026-05-04 17:00' (local time) or 2026-05-04T17:00+02:00; a date alone means its end")
    p.add_argument("--on-time-only", action="store_true",
                   help="with --deadline: take each learner's last hand-in before the deadline, and leave out "
                        "learners who only handed in late")
    p.add_argument("--handin-folder", default=None, metavar="PATH",
                   help="where the hand-ins are in each home folder (default mathmaze-handed-in, where "
                        "ex.hand_in() puts them)")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``collect`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from ..teacher.collecting import DEFAULT_FOLDER, collect
    from ..teacher.handin import FOLDER, Rules, parse_deadline

    token = args.token or os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if args.on_time_only and not args.deadline:
        raise ValueError("--on-time-only needs --deadline WHEN")
    rules = Rules(args.handin_folder or FOLDER, parse_deadline(args.deadline) if args.deadline else None,
                  args.on_time_only)

    def progress(r):
        print(f"{r.learner}: {r.status}", file=sys.stderr, flush=True)

    results = collect(args.hub, token, args.lesson, args.out, folder=args.folder or DEFAULT_FOLDER,
                      from_homes=args.from_homes, start=args.start, users=args.users, jobs=args.jobs,
                      start_timeout=args.start_timeout, max_mb=args.max_mb, progress=progress, rules=rules)
    width = max([len("learner")] + [len(r.learner) for r in results])
    print(f"{'learner':<{width}}  {'status':<13}  {'saved':<16}  detail")
    for r in results:
        detail = f"{r.file}, {r.detail}" if r.file else r.detail
        print(f"{r.learner:<{width}}  {r.status:<13}  {r.saved or '-':<16}  {detail}")
    counts = {s: sum(r.status == s for r in results)
              for s in ("collected", "never opened", "not collected", "late", "error")}
    print(f"collected {counts['collected']} of {len(results)} learners into {args.out}"
          + "".join(f"; {n} {s}" for s, n in counts.items() if n and s != "collected")
          + (f"; {sum(bool(r.late) for r in results if r.status == 'collected')} of them late" if args.deadline
             else "")
          + f" (the table is also in {os.path.join(args.out, 'collected.csv')})")
    if counts["collected"]:
        print(f"next: python -m mathmaze_lib grade {args.out} --csv grades.csv --feedback feedback")
    return 0
