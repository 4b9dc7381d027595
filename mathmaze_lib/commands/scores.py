"""``python -m mathmaze_lib scores``: the class's high-score table on a JupyterHub (the teacher's side)."""

from __future__ import annotations

import os

SERVICE = "mathmaze-scores"


def register(sub) -> None:
    """Add the ``scores`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser(
        "scores", help="the class's high scores on a hub: show a map's table, set the map of the day, take a line off",
        description="The class's Mazer high scores, kept by the hub's score service (deploy/jupyterhub_config.py "
                    "runs it): each line is named by the learner's hub login and scored by the service itself. "
                    "show MAP prints a map's table (and the race tallies); today MAP sets the map of the day "
                    "(MazerGame('today') in a notebook plays it); remove MAP LOGIN takes a line off. Run it with the "
                    "API token of a hub admin (JUPYTERHUB_API_TOKEN), like collect.")
    p.add_argument("action", choices=["show", "today", "remove", "races"])
    p.add_argument("map", nargs="?", help="a preset's level, such as mazer:3")
    p.add_argument("login", nargs="?", help="remove: the learner whose line goes")
    p.add_argument("--hub", required=True, metavar="URL", help="the hub's address, for example https://hub.school.org")
    p.add_argument("--token", help="a hub admin's API token (default: the environment variable JUPYTERHUB_API_TOKEN)")
    p.set_defaults(func=run)


def run(args) -> int:
    """Run ``scores`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from ..hubscores import ClassScores, check_map
    from ..teacher.collecting import HubClient

    token = args.token or os.environ.get("JUPYTERHUB_API_TOKEN", "")
    if not token:
        raise ValueError("no API token: set JUPYTERHUB_API_TOKEN (a hub admin's token, made at HUB/hub/token)")
    hub = HubClient(args.hub, token)
    table = ClassScores(f"{hub.base}/services/{SERVICE}", token)
    if args.action == "races":
        for race in table._call("GET", "api/races")["races"]:
            print(f"{race['login']}: " + ", ".join(f"{p} {w}" for p, w in zip(race["players"], race["wins"]))
                  + f" ({race['rounds']} rounds)")
        return 0
    if args.action == "today" and not args.map:
        print(f"the map of the day: {table.today() or 'none set'}")
        return 0
    if not args.map:
        raise ValueError(f"scores {args.action}: give a map, such as mazer:3")
    check_map(args.map)
    if args.action == "today":
        answer = table._call("PUT", "api/today", {"map": args.map})
        print(f"the map of the day is {answer['map']}: learners play it with MazerGame('today')")
    elif args.action == "remove":
        if not args.login:
            raise ValueError("scores remove MAP LOGIN: give the learner's login")
        removed = table._call("DELETE", "api/table", map=args.map, login=args.login)["removed"]
        print(f"{args.login}'s line of {args.map} " + ("was taken off" if removed else "was not there"))
    else:
        lines = table.high_scores(args.map, 100)
        print(f"{args.map}: {len(lines)} line{'s' * (len(lines) != 1)}")
        for rank, (login, moves, _) in enumerate(lines, 1):
            print(f"{rank:>3}. {login:<24} {moves} moves")
    return 0
