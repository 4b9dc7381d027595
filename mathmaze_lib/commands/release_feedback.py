"""``python -m mathmaze_lib release-feedback FEEDBACK --hub URL``: each learner's feedback into their hub folder."""

from __future__ import annotations

import os
import sys


def register(sub) -> None:
    """Add the ``release-feedback`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser(
        "release-feedback", help="put each learner's feedback (from grade --feedback) into their folder on the hub",
        description="Copy each feedback file grade wrote (marks per exercise, what each check said, your comments) "
                    "into its learner's home folder on the JupyterHub, as ~/mathmaze-feedback/LESSON-feedback.txt, "
                    "where only that learner (and the hub's admins) can read it. Run it as a hub admin with an API "
                    "token, like collect: through each learner's running server (--start starts a stopped one for a "
                    "moment), or on the hub machine as root with --to-homes.")
    p.add_argument("feedback", metavar="FEEDBACK", help="the folder grade --feedback wrote (with its index.csv)")
    p.add_argument("--hub", required=True, metavar="URL", help="the hub's address, for example https://hub.school.org")
    p.add_argument("--token", help="a hub admin's API token (default: the environment variable JUPYTERHUB_API_TOKEN)")
    p.add_argument("--to-homes", metavar="TEMPLATE",
                   help="write into the home folders on the hub machine instead of through the servers, for example "
                        "'/home/jupyter-{username}'; needs root there (sudo -E)")
    p.add_argument("--start", action="store_true", help="start stopped servers to write, then stop them again")
    p.add_argument("--users", nargs="+", metavar="NAME", help="only these learners")
    p.add_argument("--folder", default=None, metavar="PATH",
                   help="the folder in each home (default mathmaze-feedback)")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``release-feedback`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from ..teacher.returning import FOLDER, release_feedback

    token = args.token or os.environ.get("JUPYTERHUB_API_TOKEN", "")
    results = release_feedback(args.hub, token, args.feedback, to_homes=args.to_homes, start=args.start,
                               users=args.users, folder=args.folder or FOLDER,
                               progress=lambda r: print(f"{r.learner}: {r.status}", file=sys.stderr, flush=True))
    width = max([len("learner")] + [len(r.learner) for r in results])
    print(f"{'learner':<{width}}  {'status':<12}  detail")
    for r in results:
        print(f"{r.learner:<{width}}  {r.status:<12}  {r.detail}")
    done = sum(r.status == "released" for r in results)
    print(f"released {done} of {len(results)} feedback files" + (
        "; the others are listed above with the reason" if done < len(results) else ""))
    return 0
