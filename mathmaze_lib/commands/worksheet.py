"""``python -m mathmaze_lib worksheet``: printable puzzle sheets (PDF) with an answer key, and the
one-page rules handouts (``worksheet rules KIND``)."""

from __future__ import annotations

import json


def register(sub) -> None:
    """Add the ``worksheet`` subcommand to ``sub`` (the command line's subparsers)."""
    from ..puzzles import PUZZLES
    from ..teacher.worksheet import DEFAULT_SIZE, DIFFICULTY_RULES, KINDS, PAPERS

    sheets = {name: PUZZLES[name].sheet for name in PUZZLES}
    keys = ", ".join(f"{name} (key: {rules.key})" for name, rules in sheets.items())
    sizes = ", ".join(f"{name} {rows} {cols}" for name, (rows, cols) in DEFAULT_SIZE.items()
                      if sheets[name].option == "size")
    p = sub.add_parser(
        "worksheet", help="print puzzles on A4/Letter PDF pages, with an answer key; or a rules handout",
        description="Write a PDF worksheet of puzzles made from their ids (the same ids always print the "
                    f"same puzzles), with a name/date line, and optionally the answer key: {keys}. "
                    "'worksheet rules KIND' writes the one-page rules handout of a puzzle instead.")
    p.add_argument("kind", metavar="KIND", help=f"the kind of puzzle ({', '.join(KINDS)}), or 'rules'")
    p.add_argument("rules_of", nargs="?", metavar="RULES_KIND", help="after 'rules': the puzzle of the handout")
    p.add_argument("--ids", help="puzzle ids, e.g. 1-12 or 3,5,8-10 (wall mazes: level ids)")
    p.add_argument("--size", nargs=2, type=int, metavar=("ROWS", "COLS"), help=f"grid size (defaults: {sizes})")
    p.add_argument("--preset", default="simple", help="wall-maze level preset (default simple, 6 x 13, 7 walls)")
    p.add_argument("--difficulty", help=f"easy, medium or hard, for {', '.join(DIFFICULTY_RULES)}: each kind's "
                                        "rule is in docs/teachers.md")
    p.add_argument("--unique", action="store_true",
                   help="only puzzles with one answer, for " + ", ".join(n for n, r in sheets.items() if r.unique))
    p.add_argument("--count", type=int, help="at most this many puzzles: the first of --ids that qualify")
    p.add_argument("--per-page", type=int, help="puzzles per page (defaults: " + ", ".join(
        f"{name} {rules.per_page}" for name, rules in sheets.items()) + ")")
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size (default a4)")
    p.add_argument("--out", help="the worksheet (or handout) PDF to write")
    p.add_argument("--key", help="also write the answer key to this PDF")
    p.add_argument("--json", action="store_true", help="print one JSON object (pages and answers)")
    p.set_defaults(func=run)


def _rules(args) -> int:
    from ..puzzles import PUZZLES
    from ..teacher.handout import handout_of, write_rules

    if not args.rules_of:
        raise ValueError(f"worksheet rules: name the puzzle, e.g. 'worksheet rules summaze' ({', '.join(PUZZLES)})")
    title = handout_of(args.rules_of).title     # names the puzzles when it is none of them
    given = [name for name, value in (("--ids", args.ids), ("--key", args.key), ("--size", args.size),
                                      ("--difficulty", args.difficulty), ("--count", args.count),
                                      ("--per-page", args.per_page)) if value] + (["--unique"] if args.unique else [])
    if given:
        raise ValueError(f"worksheet rules: {given[0]} is for worksheets; a rules handout takes --out and --paper")
    pages = write_rules(args.rules_of, args.out, paper=args.paper)
    if args.json:
        print(json.dumps({"out": args.out, "pages": pages, "kind": args.rules_of}))
    else:
        print(f"wrote {args.out}: the rules of {title}, {pages} page")
    return 0


def run(args) -> int:
    """Run ``worksheet`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    from ..puzzles import PUZZLES
    from ..teacher.worksheet import check_difficulty, check_kind, write

    if not args.out:
        raise ValueError("--out: name the PDF file to write, e.g. --out sheet.pdf")
    if args.kind == "rules":
        return _rules(args)
    check_kind(args.kind)
    if args.rules_of:
        raise ValueError(f"worksheet {args.kind} {args.rules_of}: one kind only (for a rules handout: "
                         f"worksheet rules {args.kind})")
    if not args.ids:
        raise ValueError("--ids: give the puzzle ids, e.g. --ids 1-12")
    check_difficulty(args.difficulty)
    if args.key and args.key == args.out:
        raise ValueError(f"--key {args.key}: the key must go to another file than --out")
    size = tuple(args.size) if args.size else None
    options = dict(size=size, per_page=args.per_page, paper=args.paper, preset=args.preset)
    wanted = dict(unique=args.unique, difficulty=args.difficulty, count=args.count)
    made = write(args.kind, args.ids, args.out, key=args.key, **options, **wanted)
    command = made["command"]
    if args.json:
        print(json.dumps({"out": args.out, "pages": made["pages"], "key": args.key, "key_pages": made["key_pages"],
                          "per_page": made["per_page"],
                          "left_out": [{"id": pid, "why": why} for pid, why in made["left_out"]], "command": command,
                          "sheet_command": made["sheet_command"],
                          "puzzles": [{"id": it.id, **it.answer, "text": it.puzzle.text()} for it in made["items"]]}))
        return 0
    n = len(made["items"])
    fewer = f", {made['per_page']} to a page to keep them readable" if not args.per_page and \
        made["per_page"] < PUZZLES[args.kind].sheet.per_page else ""
    print(f"wrote {args.out}: {n} puzzle{'s' if n != 1 else ''} on {made['pages']} page(s){fewer}")
    reasons: dict = {}
    for pid, why in made["left_out"]:
        reasons.setdefault(why, []).append(str(pid))
    for why, ids in reasons.items():
        print(f"left out ({why}): {'id' if len(ids) == 1 else 'ids'} {', '.join(ids)}")
    if args.key:
        print(f"wrote {args.key}: the answer key, {made['key_pages']} page(s)")
    print(f"print again: {command}")
    if args.key:
        print(f"(the learners' sheet shows only: {made['sheet_command']})")
    return 0

