"""``python -m mathmaze_lib worksheet``: printable puzzle sheets (PDF) with an answer key."""

from __future__ import annotations

import json


def register(sub) -> None:
    from ..worksheet import KINDS, PAPERS

    p = sub.add_parser(
        "worksheet", help="print puzzles on A4/Letter PDF pages, with an answer key",
        description="Write a PDF worksheet of puzzles made from their ids (the same ids always print the "
                    "same puzzles), with a name/date line, and optionally the answer key: summaze (key: one "
                    "solution and the number of solutions), jump (key: a shortest route and its length), "
                    "walls (key: the best walls found and their moves).")
    p.add_argument("kind", choices=list(KINDS), help="the kind of puzzle")
    p.add_argument("--ids", required=True, help="puzzle ids, e.g. 1-12 or 3,5,8-10 (wall mazes: level ids)")
    p.add_argument("--size", nargs=2, type=int, metavar=("ROWS", "COLS"),
                   help="grid size for summaze (default 4 5) and jump (default 5 5)")
    p.add_argument("--preset", default="simple", help="wall-maze level preset (default simple, 6 x 13, 7 walls)")
    p.add_argument("--per-page", type=int, help="puzzles per page (default: summaze 6, jump 4, walls 2)")
    p.add_argument("--paper", choices=list(PAPERS), default="a4", help="paper size (default a4)")
    p.add_argument("--out", required=True, help="the worksheet PDF to write")
    p.add_argument("--key", help="also write the answer key to this PDF")
    p.add_argument("--json", action="store_true", help="print one JSON object (pages and answers)")
    p.set_defaults(func=run)


def run(args) -> int:
    from ..worksheet import write

    if args.key and args.key == args.out:
        raise ValueError(f"--key {args.key}: the key must go to another file than --out")
    made = write(args.kind, args.ids, args.out, key=args.key, size=tuple(args.size) if args.size else None,
                 per_page=args.per_page, paper=args.paper, preset=args.preset)
    if args.json:
        print(json.dumps({"out": args.out, "pages": made["pages"], "key": args.key, "key_pages": made["key_pages"],
                          "puzzles": [{"id": it.id, **it.answer} for it in made["items"]]}))
        return 0
    n = len(made["items"])
    print(f"wrote {args.out}: {n} puzzle{'s' if n != 1 else ''} on {made['pages']} page(s)")
    if args.key:
        print(f"wrote {args.key}: the answer key, {made['key_pages']} page(s)")
    return 0
