"""Printable worksheets with answer keys: Math Maze, jumping mazes and wall mazes as PDF pages.

A worksheet is a list of :class:`Item` (one puzzle each, made from its id, so the same ids
always print the same sheet) laid out on A4 or Letter pages with a name/date line, the rules
(with the tiles the sheet uses: checkpoints, teleports), the puzzle ids and the command that
prints the sheet again.  The answer key has the same layout with the answer drawn in and
written under each puzzle, so that a teacher can mark at a glance: the sum of the path, the
numbered jumps of a route and its cells, the walls and how sure the key is of its score.
Pictures are drawn by :mod:`mathmaze_lib.draw` (the lessons' colours and marks) on
matplotlib's PDF backend.

Each puzzle gives its own items and rules through its kind in the registry (``Kind.sheet``, a
:class:`~mathmaze_lib.puzzles.sheet.SheetRules`); this module knows no puzzle by name.
``difficulty`` (:data:`DIFFICULTIES`) is defined by measured properties (:data:`DIFFICULTY_RULES`):
the shortest solution and the number of solutions of a Math Maze, the route of a jumping maze,
and how far the best walls of a wall level beat greedy.

>>> parse_ids("1-3,7")
[1, 2, 3, 7]
>>> [item.answer["solutions"] >= 1 for item in items("summaze", [1, 2])]
[True, True]
>>> items("walls", [1])[0].answer["moves"] == items("walls", [1])[0].answer["goal"]
True
"""

from __future__ import annotations

import math
import os
import shlex
from dataclasses import dataclass, field
from typing import Optional

from .. import checks
from ..puzzles import PUZZLES
from ..puzzles.sheet import DIFFICULTIES, Asked, Item
from .pages import MIN_CELL, MIN_STEP_CELL, PAPERS, _footer, _header, _slot, footer_height, header_lines, slot_fits

__all__ = ["KINDS", "PAPERS", "DIFFICULTIES", "DIFFICULTY_RULES", "Item", "Sheet", "parse_ids",
           "items", "sheet", "rules_text", "render", "command_line", "learner_command", "per_page_for", "write"]

#: What each kind of worksheet holds, in the words printed at the top of the sheet: every puzzle of
#: the registry, its title and rules.
KINDS = {name: (PUZZLES[name].title, PUZZLES[name].rules) for name in PUZZLES}
#: What each difficulty means, per kind that can be chosen by difficulty (the words of the command's
#: messages and of the teacher guide).
DIFFICULTY_RULES = {name: PUZZLES[name].sheet.difficulty for name in PUZZLES if PUZZLES[name].sheet.difficulty}
DEFAULT_SIZE = {name: PUZZLES[name].size for name in PUZZLES if PUZZLES[name].size}
MAX_IDS = 400


@dataclass
class Sheet:
    """The puzzles of a worksheet and what was asked: ``items``, ``left_out`` (``(id, why)`` for each
    id not printed: not of the difficulty asked, not unique, or the same puzzle as an earlier id), and
    the options (for the title)."""

    kind: str
    items: list
    left_out: list = field(default_factory=list)
    difficulty: Optional[str] = None
    unique: bool = False


def parse_ids(text: str) -> list:
    """Puzzle ids from text like ``1-12`` or ``3,5,8-10`` (each id a whole number >= 0).

    >>> parse_ids("4, 2-3")
    [4, 2, 3]
    >>> parse_ids("5-2")
    Traceback (most recent call last):
    ...
    ValueError: --ids '5-2': the range 5-2 is inverted (write the smaller id first)
    """
    ids: list = []
    for part in str(text).split(","):
        part = part.strip()
        lo, sep, hi = part.partition("-")
        try:
            first, last = int(lo), int(hi) if sep else int(lo)
        except ValueError:
            raise ValueError(f"--ids {text!r}: {part!r} is not an id or a range like 1-12 "
                             f"(ids are whole numbers >= 0)") from None
        if first < 0:
            raise ValueError(f"--ids {text!r}: ids are whole numbers >= 0")
        if last < first:
            raise ValueError(f"--ids {text!r}: the range {part} is inverted (write the smaller id first)")
        if len(ids) + last - first + 1 > MAX_IDS:
            raise ValueError(f"--ids {text!r}: at most {MAX_IDS} puzzles on one worksheet")
        ids.extend(range(first, last + 1))
    return ids


def check_kind(kind: str) -> str:
    """``kind`` if it is a worksheet kind, else a ValueError that names the kinds."""
    if kind not in KINDS:
        raise ValueError(f"worksheet kind {kind!r}: choose one of {', '.join(KINDS)}")
    return kind


def check_difficulty(difficulty: Optional[str]) -> Optional[str]:
    """``difficulty`` if it is None or one of :data:`DIFFICULTIES`, else a ValueError naming them."""
    if difficulty is not None and difficulty not in DIFFICULTIES:
        raise ValueError(f"--difficulty {difficulty!r}: choose easy, medium or hard")
    return difficulty
# ------------------------------------------------------------------------------- choosing the puzzles

def _parallel(fn, arg_lists: list) -> list:
    """``[fn(*args) for args in arg_lists]``, on every core when there are several (making the
    puzzles and their keys is most of a worksheet's time; each gives the same result anywhere)."""
    workers = min(len(arg_lists), os.cpu_count() or 1)
    if workers < 2:
        return [fn(*args) for args in arg_lists]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(fn, *zip(*arg_lists)))


def _no_puzzle(kind: str, difficulty: str, unique: bool, ids: list, why: str = "") -> ValueError:
    name = KINDS[kind][0]
    asked = " ".join(x for x in (difficulty or "", "unique" if unique else "") if x)
    rule = f" ({difficulty}: {DIFFICULTY_RULES[kind][difficulty]})" if difficulty else ""
    shown = ",".join(map(str, ids[:6])) + (",..." if len(ids) > 6 else "")
    return ValueError(f"--ids {shown}: no {asked} {name} among these ids{rule}{why}; "
                      f"try more ids, e.g. --ids 1-{max(30, 3 * len(ids))}")


def sheet(kind: str, ids, size: Optional[tuple] = None, preset: str = "simple", *, unique: bool = False,
          difficulty: Optional[str] = None, count: Optional[int] = None) -> Sheet:
    """The puzzles of a worksheet with their answers (``kind`` is a key of :data:`KINDS`).

    ``size`` is ``(rows, cols)`` for a kind that takes a size (its default: the kind's ``size``); a wall
    board's size comes from its ``preset`` (:data:`mathmaze_lib.puzzles.wallmaze.PRESETS`).  The kind's
    ``sheet`` (:class:`~mathmaze_lib.puzzles.sheet.SheetRules`) makes each item and says what may be
    asked: ``unique`` (Math Maze's unique puzzle of each id, ``summaze.make(id, unique=True)``, as the
    race deals them; jumping mazes with one shortest route only), ``difficulty`` (Math Mazes and wall
    levels among ``ids`` that have it, the others ``left_out``; jumping mazes made for it, the generator
    aiming at its route length).  ``count``: at most that many puzzles, the first ones that qualify.

    >>> s = sheet("summaze", range(1, 13), difficulty="easy")
    >>> [it.id for it in s.items], {it.difficulty for it in s.items}
    ([1, 3, 4, 7, 11], {'easy'})
    """
    check_kind(kind)
    check_difficulty(difficulty)
    ids = list(ids)
    if not ids:
        raise ValueError("--ids: give at least one puzzle id")
    if count is not None:
        checks.whole(count, "--count", low=1, note="a number of puzzles")
    rules = PUZZLES[kind].sheet
    rows, cols = (size or DEFAULT_SIZE[kind]) if rules.option == "size" else (None, None)
    asked = Asked(kind, size, rows, cols, preset, unique, difficulty)
    rules.check(asked)
    if (unique and not rules.unique) or (difficulty and not rules.difficulty):
        flag = "--unique" if unique and not rules.unique else "--difficulty"
        raise ValueError(f"{flag}: {KINDS[kind][0].lower()} have none to choose by; leave it out")

    def make(chunk):
        if rules.parallel:
            return _parallel(rules.item, [(pid, asked) for pid in chunk])
        return [rules.item(pid, asked) for pid in chunk]
    return _choose(asked, ids, make, count)


def _choose(asked: Asked, ids, make, count) -> Sheet:
    """Make the items of ``ids`` (a chunk at a time when ``count`` may stop early) and keep those that
    qualify (and are not a puzzle already on the sheet); none at all is an error naming the rule."""
    kind, difficulty, unique = asked.kind, asked.difficulty, asked.unique
    kept, left_out, made, seen, start = [], [], [], {}, 0
    while start < len(ids) and (count is None or len(kept) < count):
        # all at once, or (with a count) as many as are still wanted, a core's worth at least
        chunk = len(ids) if count is None else max(os.cpu_count() or 1, count - len(kept))
        for item in make(ids[start:start + chunk]):
            made.append(item)
            picture = repr((item.texts, sorted(item.roles.items())))
            same = seen.get(picture)
            if difficulty and item.difficulty != difficulty:
                left_out.append((item.id, f"not {difficulty}"))
            elif unique and item.unique is False:
                left_out.append((item.id, "not unique"))
            elif same is not None:
                left_out.append((item.id, f"the same puzzle as id {same}"))
            elif count is None or len(kept) < count:
                kept.append(item)
                seen[picture] = item.id
        start += chunk
    if not kept:
        raise _no_puzzle(kind, difficulty, unique, ids, PUZZLES[kind].sheet.none_found(made, asked))
    return Sheet(kind, kept, left_out, difficulty, unique)


def items(kind: str, ids, size: Optional[tuple] = None, preset: str = "simple", **options) -> list:
    """The puzzles of a worksheet (:func:`sheet`'s ``items``).

    >>> [it.title for it in items("jump", [3], size=(4, 4))]
    ['Maze 3']
    """
    return sheet(kind, ids, size, preset, **options).items


# ------------------------------------------------------------------------------- layout

def rules_text(kind: str, sheet_items=()) -> str:
    """The rules box of a sheet: the kind's rules, and the rules its puzzles add (the tiles a wall
    board has).

    >>> "Teleports" in rules_text("walls", items("walls", [1], preset="pathery-complex"))
    True
    """
    return " ".join([KINDS[kind][1]] + PUZZLES[kind].sheet.more_rules(list(sheet_items)))


def _title(sheet_: Sheet, key: bool) -> str:
    name = KINDS[sheet_.kind][0]
    asked = ", ".join(x for x in (sheet_.difficulty, "unique" if sheet_.unique else None) if x)
    return f"{name}{f' ({asked})' if asked else ''}: {'answer key' if key else 'worksheet'}"


_NAME_LINE = "Name: ______________________   Date: ____________"
_FOR_TEACHER = "for the teacher"


def _slots(sheet_: Sheet, key: bool, per_page: int, paper: str, command: str) -> tuple:
    """``(top, bottom, columns, rows, slot width, slot height)`` of a page of ``sheet_`` (inches)."""
    paper_w, paper_h = PAPERS[paper]
    wide = len(sheet_.items[0].texts[0]) > 8
    ncols = 1 if (wide or per_page == 1) else 2
    nrows = math.ceil(per_page / ncols)
    top = header_lines(_title(sheet_, key), _FOR_TEACHER if key else _NAME_LINE,
                       rules_text(sheet_.kind, sheet_.items), paper_w, italic=key)[2]
    bottom = footer_height(command, paper_w)
    return top, bottom, ncols, nrows, (paper_w - 1.0) / ncols, (paper_h - top - bottom) / nrows


def per_page_for(sheet_: Sheet, per_page: Optional[int] = None, paper: str = "a4", commands=None) -> int:
    """How many puzzles a page of ``sheet_`` and of its key hold (the same, so that their pages match):
    ``per_page`` (default: the kind's), fewer when a puzzle would not print readable
    (:func:`~.pages.slot_fits`: a large board, a long key). ``commands``: ``{False: the sheet's footer,
    True: the key's}`` (only the pages named are measured; default both, without a footer). A
    ``per_page`` the teacher asked for that does not fit is a ValueError saying what does.

    >>> per_page_for(sheet("summaze", [1]))
    6
    """
    asked = per_page
    per_page = per_page or PUZZLES[sheet_.kind].sheet.per_page
    checks.whole(per_page, "--per-page", 1, 12, note="puzzles per page")
    if paper not in PAPERS:
        raise ValueError(f"--paper {paper!r}: choose one of {', '.join(PAPERS)}")

    commands = {False: "", True: ""} if commands is None else commands

    def fits(n):
        for key, command in commands.items():
            *_, slot_w, slot_h = _slots(sheet_, key, n, paper, command)
            if not all(slot_fits(item, key, slot_w, slot_h) for item in sheet_.items):
                return False
        return True

    fitting = next((n for n in range(per_page, 0, -1) if fits(n)), 0)
    item = sheet_.items[0]
    board = f"{KINDS[sheet_.kind][0]} of {len(item.texts)} x {len(item.texts[0])} and their keys"
    if fitting == 0:
        raise ValueError(f"{board} do not fit on a page (cells of at least {MIN_CELL} in, numbered steps "
                         f"{MIN_STEP_CELL} in): use a smaller --size")
    if asked and fitting < asked:
        raise ValueError(f"--per-page {asked}: {board} fit at most {fitting} to a page (cells of at least "
                         f"{MIN_CELL} in, numbered steps {MIN_STEP_CELL} in): use --per-page {fitting}")
    return fitting


def render(sheet_, path, key: bool = False, per_page: Optional[int] = None, paper: str = "a4",
           command: str = "") -> int:
    """Write the pages of ``sheet_`` (a :class:`Sheet`, or a list of :class:`Item`) to the PDF file
    ``path``; returns the page count.  The same sheet gives the same bytes (no creation date).
    ``per_page`` as :func:`per_page_for` allows; ``command`` is the footer's (and the PDF's subject)."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    if not isinstance(sheet_, Sheet):
        sheet_ = Sheet(sheet_[0].kind if sheet_ else "", list(sheet_))
    if not sheet_.items:
        raise ValueError("a worksheet needs at least one puzzle")
    per_page = per_page_for(sheet_, per_page, paper, {key: command})
    paper_w, paper_h = PAPERS[paper]
    top, bottom, ncols, _, slot_w, slot_h = _slots(sheet_, key, per_page, paper, command)
    rules = rules_text(sheet_.kind, sheet_.items)
    pages = math.ceil(len(sheet_.items) / per_page)
    metadata = {"Title": _title(sheet_, key), "Subject": command, "Creator": "mathmaze_lib worksheet",
                "CreationDate": None}
    with matplotlib.rc_context({"pdf.fonttype": 3, "hatch.linewidth": 0.6}), \
            PdfPages(path, metadata=metadata) as pdf:
        for page in range(pages):
            fig = Figure(figsize=(paper_w, paper_h))
            _header(fig, _title(sheet_, key), _FOR_TEACHER if key else _NAME_LINE, rules, paper_w, paper_h,
                    italic=key)
            _footer(fig, command, page + 1, pages, paper_w, paper_h)
            for k, item in enumerate(sheet_.items[page * per_page:(page + 1) * per_page]):
                r, c = divmod(k, ncols)
                _slot(fig, item, key, 0.5 + c * slot_w, paper_h - top - (r + 1) * slot_h, slot_w, slot_h,
                      paper_w, paper_h)
            pdf.savefig(fig)
    return pages


def command_line(kind: str, ids_text: str, size=None, preset: str = "simple", per_page=None,
                 paper: str = "a4", *, out=None, key=None, unique: bool = False, difficulty=None,
                 count=None) -> str:
    """The command that prints this worksheet (and its key) again, as printed in the key's footer:
    every option that was given, the files included, so that it can be pasted into a terminal.

    >>> command_line("summaze", "1-12", out="maze.pdf", key="maze key.pdf")
    "python -m mathmaze_lib worksheet summaze --ids 1-12 --size 4 5 --out maze.pdf --key 'maze key.pdf'"
    """
    parts = ["python", "-m", "mathmaze_lib", "worksheet", kind, "--ids", str(ids_text).replace(" ", "")]
    if PUZZLES[kind].sheet.option == "preset":
        parts += ["--preset", preset]
    else:
        rows, cols = size or DEFAULT_SIZE[kind]
        parts += ["--size", str(rows), str(cols)]
    if difficulty:
        parts += ["--difficulty", difficulty]
    if unique:
        parts += ["--unique"]
    if count:
        parts += ["--count", str(count)]
    if per_page:
        parts += ["--per-page", str(per_page)]
    if paper != "a4":
        parts += ["--paper", paper]
    if out is not None:
        parts += ["--out", str(out)]
    if key is not None:
        parts += ["--key", str(key)]
    return shlex.join(parts)


def learner_command(kind: str, ids_text: str, size=None, preset: str = "simple", per_page=None,
                    paper: str = "a4", *, out=None, unique: bool = False, difficulty=None, count=None) -> str:
    """The command printed on the learners' sheet: the same sheet again, and nothing a learner should
    not see (no ``--key``, so no command that prints the key; ``--out`` without its folders).

    >>> learner_command("jump", "1-8", out="/home/teacher/keys/jump.pdf", difficulty="easy")
    'python -m mathmaze_lib worksheet jump --ids 1-8 --size 5 5 --difficulty easy --out jump.pdf'
    """
    return command_line(kind, ids_text, size, preset, per_page, paper, unique=unique, difficulty=difficulty,
                        count=count, out=os.path.basename(str(out)) if out is not None else None)


def write(kind: str, ids_text: str, out, key=None, size=None, per_page=None, paper: str = "a4",
          preset: str = "simple", *, unique: bool = False, difficulty: Optional[str] = None,
          count: Optional[int] = None) -> dict:
    """Make the worksheet (and the key when ``key`` is a path):
    ``{"pages": n, "key_pages": m, "per_page": k, "items": [...], "left_out": [(id, why)], "command": "...",
    "sheet_command": "..."}``. The key's footer is ``command`` (:func:`command_line`: both files again);
    the learners' sheet's is ``sheet_command`` (:func:`learner_command`: no key, no folders)."""
    made = sheet(kind, parse_ids(ids_text), size=size, preset=preset, unique=unique, difficulty=difficulty,
                 count=count)
    asked = dict(size=size, preset=preset, per_page=per_page, paper=paper, unique=unique, difficulty=difficulty,
                 count=count)
    command = command_line(kind, ids_text, out=out, key=key, **asked)
    for_learners = learner_command(kind, ids_text, out=out, **asked)
    fitting = per_page_for(made, per_page, paper, {False: for_learners, True: command})
    pages = render(made, out, key=False, per_page=fitting, paper=paper, command=for_learners)
    key_pages = render(made, key, key=True, per_page=fitting, paper=paper, command=command) if key else 0
    return {"pages": pages, "key_pages": key_pages, "per_page": fitting, "items": made.items,
            "left_out": made.left_out, "command": command, "sheet_command": for_learners}
