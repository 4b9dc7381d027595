"""Printable worksheets with answer keys: Math Maze, jumping mazes and wall mazes as PDF pages.

A worksheet is a list of :class:`Item` (one puzzle each, made from its id, so the same ids
always print the same sheet) laid out on A4 or Letter pages with a name/date line, the rules
(with the tiles the sheet uses: checkpoints, teleports), the puzzle ids and the command that
prints the sheet again.  The answer key has the same layout with the answer drawn in and
written under each puzzle, so that a teacher can mark at a glance: the sum of the path, the
numbered jumps of a route and its cells, the walls and how sure the key is of its score.
Pictures are drawn by :mod:`mathmaze_lib.draw` (the lessons' colours and marks) on
matplotlib's PDF backend.

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
import textwrap
from dataclasses import dataclass, field
from typing import Optional

from . import checks
from . import draw, optimize
from .puzzles import PUZZLES, jumpmaze, summaze, wallmaze

__all__ = ["KINDS", "PAPERS", "DIFFICULTIES", "DIFFICULTY_RULES", "Item", "Sheet", "parse_ids",
           "items", "sheet", "summaze_difficulty", "jump_difficulty", "walls_difficulty",
           "rules_text", "render", "command_line", "write"]

#: What each kind of worksheet holds, in the words printed at the top of the sheet: every puzzle of
#: the registry, its title and rules.
KINDS = {name: (PUZZLES[name].title, PUZZLES[name].rules) for name in PUZZLES}
#: Extra rules for the tiles some wall boards have, added to the rules box of a sheet that has them.
TILE_RULES = {
    "checkpoints": "Checkpoints A, B, ...: the runner must visit A, then B, and so on, before the finish "
                   "(each leg is a shortest route).",
    "teleports": "Teleports: the runner plans its route as if they were not there. If that route steps on an "
                 "in-cell (->1), the runner is carried at once to the out-cell of the same number (1->): the "
                 "jump is not a move. It plans again from there. Each number works once; after that its cells "
                 "are ordinary cells. Out-cells do nothing.",
    "unbuildable": "Dotted grey cells take no wall; the runner may walk over them.",
}
#: Paper sizes in inches (width, height), portrait.
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
DEFAULT_SIZE = {name: PUZZLES[name].size for name in PUZZLES if PUZZLES[name].size}
DEFAULT_PER_PAGE = {"summaze": 6, "jump": 4, "walls": 2}
MAX_IDS = 400

DIFFICULTIES = ("easy", "medium", "hard")
#: Jumping mazes: the jumps of the shortest route, (fewest, most) per difficulty (None: no limit).
JUMP_BANDS = {"easy": (4, 7), "medium": (8, 12), "hard": (13, None)}
#: Wall levels: by how many moves the best walls beat greedy (one best wall at a time), per difficulty.
WALL_GAPS = {"easy": (0, 3), "medium": (4, 9), "hard": (10, None)}
#: What each difficulty means, per kind (the words of the command's messages and of the teacher guide).
DIFFICULTY_RULES = {
    "summaze": {"easy": "the shortest solution has at most 4 moves",
                "medium": "any puzzle that is neither easy nor hard",
                "hard": "the shortest solution has 6 or more moves and there are at most 2 solutions"},
    "jump": {"easy": "a shortest route of 4 to 7 jumps",
             "medium": "a shortest route of 8 to 12 jumps",
             "hard": "a shortest route of 13 or more jumps"},
    "walls": {"easy": "the best walls beat greedy (one best wall at a time) by at most 3 moves",
              "medium": "the best walls beat greedy by 4 to 9 moves",
              "hard": "the best walls beat greedy by 10 moves or more"},
}


@dataclass
class Item:
    """One puzzle on a sheet: what the student sees (``texts``, ``roles``, ``title``) and the
    key (``route`` drawn on it, ``steps`` numbered on it, ``key_roles``, ``key_text`` under it;
    ``answer`` holds the same facts as numbers and cells, for tests and teachers)."""

    kind: str
    id: int
    title: str
    texts: list
    roles: dict
    key_text: str
    answer: dict
    route: list = field(default_factory=list)
    key_roles: Optional[dict] = None
    arrows: bool = False
    steps: bool = False          # number the moves of the route on the key
    coordinates: bool = False    # row and column numbers on the grid's edges
    puzzle: object = None
    blank: str = ""   # a line for the student's answer, under the puzzle
    difficulty: str = ""


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


def _band(value: int, bands: dict) -> str:
    """The difficulty whose (low, high) band holds ``value``."""
    for level, (lo, hi) in bands.items():
        if value >= lo and (hi is None or value <= hi):
            return level
    return DIFFICULTIES[0]


def _on_route(roles: dict, route) -> dict:
    """The key's roles: the cells of the route shaded as ``path`` (start and end keep theirs)."""
    out = {tuple(cell): "path" for cell in route}
    out.update(roles)
    return out


def _cells(route) -> str:
    """``(0,0) 1:(0,4) 2:(4,4)``: a route's cells as row,column, each after its step number."""
    return " ".join(f"({r},{c})" if i == 0 else f"{i}:({r},{c})" for i, (r, c) in enumerate(route))


# ------------------------------------------------------------------------------- Math Maze

def summaze_difficulty(puzzle) -> tuple:
    """``(difficulty, shortest, solutions)``: the moves of the shortest solution and the number of
    solutions decide (:data:`DIFFICULTY_RULES`).

    >>> summaze_difficulty(summaze.generate(42))
    ('hard', 7, 1)
    """
    lengths = [len(path) - 1 for path in summaze.solutions(puzzle)]
    shortest, count = min(lengths), len(lengths)
    if shortest <= 4:
        return "easy", shortest, count
    if shortest >= 6 and count <= 2:
        return "hard", shortest, count
    return "medium", shortest, count


def _summaze_item(pid: int, rows: int, cols: int, unique: bool = False) -> Item:
    p = summaze.make(pid, rows, cols, unique=unique)
    level, shortest, count = summaze_difficulty(p)
    texts = [[str(n) for n in row] for row in p.numbers]
    sr, sc = p.start
    er, ec = p.end
    texts[sr][sc] = f"S {p.numbers[sr][sc]}"
    texts[er][ec] = f"={p.target}"
    moves = len(p.path) - 1
    total = " + ".join(str(p.value(c)) for c in p.path[:-1])
    if count == 1:
        key = f"1 solution ({level}): {total} = {p.target}, {moves} moves."
    else:
        key = (f"{count} solutions ({level}; the shortest has {shortest} moves). Drawn: {total} = {p.target}, "
               f"{moves} moves. Any path that follows the rules and adds up to {p.target} is right.")
    roles = {p.start: "start", p.end: "end"}
    name = "Unique puzzle" if unique else "Puzzle"
    return Item("summaze", pid, f"{name} {pid}: target {p.target}", texts, roles, key,
                {"target": p.target, "path": [tuple(c) for c in p.path], "solutions": count, "shortest": shortest,
                 "difficulty": level},
                route=list(p.path), key_roles=_on_route(roles, p.path), arrows=True, puzzle=p, difficulty=level)


# ------------------------------------------------------------------------------- jumping mazes

def jump_difficulty(jumps: int) -> str:
    """The difficulty of a jumping maze from the jumps of its shortest route (:data:`JUMP_BANDS`).

    >>> jump_difficulty(7), jump_difficulty(12), jump_difficulty(19)
    ('easy', 'medium', 'hard')
    """
    return _band(jumps, JUMP_BANDS)


def jump_target(pid: int, difficulty: Optional[str]) -> Optional[tuple]:
    """The route length the generator aims at for maze ``pid`` of a difficulty, as ``(fewest, most)``
    jumps: the ids take turns through the band (so a sheet mixes lengths and its mazes differ); hard
    has no most (the longest route the generator finds).

    >>> [jump_target(pid, "easy") for pid in range(1, 5)], jump_target(1, "hard"), jump_target(1, None)
    ([(4, 5), (4, 6), (4, 7), (4, 4)], (13, None), None)
    """
    if not difficulty:
        return None
    fewest, most = JUMP_BANDS[difficulty]
    return (fewest, None if most is None else fewest + pid % (most - fewest + 1))


def _generated_maze(pid: int, rows: int, cols: int, difficulty: Optional[str] = None):
    return jumpmaze.generate(pid, rows, cols, jumps=jump_target(pid, difficulty)).maze


def _jump_item(pid: int, rows: int, cols: int, difficulty: Optional[str] = None, maze=None) -> Item:
    maze = maze if maze is not None else _generated_maze(pid, rows, cols, difficulty)
    texts = maze.texts()
    texts[maze.start[0]][maze.start[1]] = f"S {texts[maze.start[0]][maze.start[1]]}"
    roles = {maze.start: "start", maze.end: "goal"}
    sol = jumpmaze.solve(maze)
    if sol.route is None:  # the generator always makes a route; say so plainly if it ever does not
        key, answer, level = "no route", {"jumps": None, "route": None, "shortest_routes": 0}, ""
    else:
        count = jumpmaze.count_shortest(maze)
        level = jump_difficulty(sol.jumps)
        route = [tuple(c) for c in sol.route]
        only = "the only shortest route" if count == 1 else f"one of {count} shortest routes"
        key = f"{sol.jumps} jumps ({level}; {only}). Route: {_cells(route)}"
        answer = {"jumps": sol.jumps, "route": route, "shortest_routes": count, "difficulty": level}
    return Item("jump", pid, f"Maze {pid}", texts, roles, key, answer, route=list(sol.route or []),
                key_roles=_on_route(roles, sol.route or []), arrows=True, steps=True, coordinates=True,
                puzzle=maze, blank="My route: ______ jumps", difficulty=level)


# ------------------------------------------------------------------------------- wall mazes

def walls_difficulty(best_moves: int, greedy_moves: int) -> str:
    """The difficulty of a wall level from how far its best walls beat greedy (:data:`WALL_GAPS`).

    >>> walls_difficulty(25, 22), walls_difficulty(26, 13)
    ('easy', 'hard')
    """
    return _band(best_moves - greedy_moves, WALL_GAPS)


def _tiles(board) -> list:
    """The tiles of :data:`TILE_RULES` this board has."""
    return [name for name, has in (("checkpoints", board.checkpoints), ("teleports", board.teleports),
                                   ("unbuildable", board.unbuildable)) if has]


def _walls_item(pid: int, preset: str) -> Item:
    board = wallmaze.level(preset, pid)
    best = optimize.best_walls(board, preset=preset, level_id=pid, effort="worksheet")
    greedy = optimize.greedy(board).moves
    level = walls_difficulty(best.moves, greedy)
    run = wallmaze.run(board, best.walls)
    texts, roles = wallmaze.texts_and_roles(board)
    _, key_roles = wallmaze.texts_and_roles(board, best.walls, run.path)
    budget = "any number of" if board.budget == wallmaze.UNLIMITED else f"up to {board.budget}"
    listed = " ".join(f"({r},{c})" for r, c in best.walls)
    goal = f"goal {best.moves} moves" + (" (the best possible)" if best.proven else "")
    key = (f"{best.moves} moves: {best.said} ({level}: greedy reaches {greedy}). "
           f"{len(best.walls)} walls at row,column: {listed}")
    return Item("walls", pid, f"Level {pid} ({preset}): {budget} walls, {goal}", texts, roles, key,
                {"moves": best.moves, "goal": best.moves, "walls": best.walls, "budget": board.budget,
                 "optimal": best.proven, "preset": preset, "source": best.source, "greedy": greedy,
                 "difficulty": level, "tiles": _tiles(board)},
                route=list(run.path), key_roles=key_roles, coordinates=True, puzzle=board,
                blank="My walls make ______ moves", difficulty=level)


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

    ``size`` is ``(rows, cols)`` for ``summaze`` and ``jump``; a wall board's size comes from its
    ``preset`` (:data:`mathmaze_lib.puzzles.wallmaze.PRESETS`).  ``unique``: Math Maze's unique puzzle of each
    id (``summaze.make(id, unique=True)``, as the race deals them); jumping mazes with one shortest
    route only.  ``difficulty``: Math Mazes and wall levels among ``ids`` that have it (the others are
    ``left_out``); jumping mazes made for it (the generator aims at its route length).  ``count``: at
    most that many puzzles, the first ones that qualify.

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
    if kind == "walls":
        if size is not None:
            sizes = ", ".join(f"{name} {p[0]} x {p[1]}" for name, p in wallmaze.PRESETS.items())
            raise ValueError(f"--size: a wall board's size comes from its --preset ({sizes})")
        if preset not in wallmaze.PRESETS:
            raise ValueError(f"--preset {preset!r}: choose one of {', '.join(wallmaze.PRESETS)}")
        if unique:
            raise ValueError("--unique: a wall level has no single answer to ask for (several wall sets often "
                             "reach the best); leave --unique out for wall mazes")
        return _choose(kind, ids, lambda chunk: _parallel(_walls_item, [(pid, preset) for pid in chunk]),
                       difficulty, unique, count)
    rows, cols = size or DEFAULT_SIZE[kind]
    if kind not in ("summaze", "jump"):
        if unique or difficulty:
            raise ValueError(f"{'--unique' if unique else '--difficulty'}: {KINDS[kind][0].lower()} have none "
                             "to choose by; leave it out")
        return _choose(kind, ids, lambda chunk: [_item(kind, pid, rows, cols) for pid in chunk], None, False, count)
    if kind == "jump":
        if difficulty and rows * cols - 1 < JUMP_BANDS[difficulty][0]:
            raise ValueError(f"--difficulty {difficulty}: impossible on a {rows} x {cols} jumping maze "
                             f"({difficulty}: {DIFFICULTY_RULES['jump'][difficulty]}; a route there has at most "
                             f"{rows * cols - 1} jumps): use a larger --size")

        def make(chunk):
            mazes = _parallel(_generated_maze, [(pid, rows, cols, difficulty) for pid in chunk])
            return [_jump_item(pid, rows, cols, difficulty, maze) for pid, maze in zip(chunk, mazes)]
        return _choose(kind, ids, make, difficulty, unique, count)
    return _choose(kind, ids, lambda chunk: [_summaze_item(pid, rows, cols, unique) for pid in chunk],
                   difficulty, unique, count)


def _item(kind: str, pid: int, rows: int, cols: int) -> Item:
    """A puzzle of any other kind from the registry alone: what its ``view`` shows, and its ``solve``'s
    route as the key (with the ``check``'s reason under it)."""
    entry = PUZZLES[kind]
    puzzle = entry.make(pid, rows, cols)
    texts, roles = entry.view(puzzle)
    route = entry.solve(puzzle)
    key = f"{entry.check(puzzle, route).reason}: {_cells(route)}" if route else "no route: this puzzle has no answer"
    return Item(kind, pid, f"{entry.title} {pid}", texts, roles, key, {"route": route}, route=list(route or []),
                key_roles=_on_route(roles, route or []), steps=True, coordinates=True, puzzle=puzzle,
                blank="Route: " + "_" * 40)


def _choose(kind, ids, make, difficulty, unique, count) -> Sheet:
    """Make the items of ``ids`` (a chunk at a time when ``count`` may stop early) and keep those that
    qualify (and are not a puzzle already on the sheet); none at all is an error naming the rule."""
    kept, left_out, longest, seen, start = [], [], 0, {}, 0
    while start < len(ids) and (count is None or len(kept) < count):
        # all at once, or (with a count) as many as are still wanted, a core's worth at least
        chunk = len(ids) if count is None else max(os.cpu_count() or 1, count - len(kept))
        for item in make(ids[start:start + chunk]):
            longest = max(longest, item.answer.get("jumps") or 0)
            picture = repr((item.texts, sorted(item.roles.items())))
            same = seen.get(picture)
            if difficulty and item.difficulty != difficulty:
                left_out.append((item.id, f"not {difficulty}"))
            elif unique and kind == "jump" and item.answer.get("shortest_routes") != 1:
                left_out.append((item.id, "not unique"))
            elif same is not None:
                left_out.append((item.id, f"the same puzzle as id {same}"))
            elif count is None or len(kept) < count:
                kept.append(item)
                seen[picture] = item.id
        start += chunk
    if not kept:
        why = f" (the longest route found has {longest} jumps)" if kind == "jump" and difficulty else ""
        raise _no_puzzle(kind, difficulty, unique, ids, why)
    return Sheet(kind, kept, left_out, difficulty, unique)


def items(kind: str, ids, size: Optional[tuple] = None, preset: str = "simple", **options) -> list:
    """The puzzles of a worksheet (:func:`sheet`'s ``items``).

    >>> [it.title for it in items("jump", [3], size=(4, 4))]
    ['Maze 3']
    """
    return sheet(kind, ids, size, preset, **options).items


# ------------------------------------------------------------------------------- layout

def rules_text(kind: str, sheet_items=()) -> str:
    """The rules box of a sheet: the kind's rules, and the rules of the tiles its puzzles have.

    >>> "Teleports" in rules_text("walls", items("walls", [1], preset="pathery-complex"))
    True
    """
    used = []
    for item in sheet_items:
        for tile in item.answer.get("tiles", ()):
            if tile not in used:
                used.append(tile)
    return " ".join([KINDS[kind][1]] + [TILE_RULES[t] for t in TILE_RULES if t in used])


def _wrap(text: str, inches: float, points: float, em: float = 0.5) -> list:
    """Lines of ``text`` that fit ``inches`` at a font of ``points`` (``em``: a character's width in ems),
    broken at spaces only (a file name or an option stays whole)."""
    return textwrap.wrap(text, width=max(20, int(inches * 72 / (points * em))), break_on_hyphens=False,
                         break_long_words=False)


def _header(fig, title: str, right: str, rules: str, paper_w: float, paper_h: float, italic: bool = False) -> float:
    """The page's title line and rules box; returns the inches from the top that they take."""
    top = 1 - 0.5 / paper_h
    fig.text(0.5 / paper_w, top, title, fontsize=16, fontweight="bold", va="top")
    fig.text(1 - 0.5 / paper_w, top, right, fontsize=10 if italic else 11, va="top", ha="right",
             style="italic" if italic else "normal")
    lines = _wrap(rules, paper_w - 1.0, 9.5)
    fig.text(0.5 / paper_w, top - 0.42 / paper_h, "\n".join(lines), fontsize=9.5, va="top", linespacing=1.3)
    return 0.5 + 0.42 + len(lines) * 9.5 * 1.3 / 72 + 0.2


def _footer(fig, command: str, page: int, pages: int, paper_w: float, paper_h: float) -> float:
    """The "print again" command (wrapped) and the page number; returns the inches they take."""
    lines = _wrap(f"Print again: {command}", paper_w - 1.8, 7.5, em=0.6) if command else []
    fig.text(0.5 / paper_w, 0.3 / paper_h, "\n".join(lines), fontsize=7.5, va="bottom", color="#444444",
             family="monospace", linespacing=1.25)
    fig.text(1 - 0.5 / paper_w, 0.3 / paper_h, f"page {page} of {pages}", fontsize=8, ha="right", va="bottom")
    return 0.3 + len(lines) * 7.5 * 1.25 / 72 + 0.15


def _coordinates(ax, rows: int, cols: int, size: float) -> None:
    """Row numbers on the left and column numbers on top of a grid (what the key's cells refer to)."""
    ax.xaxis.tick_top()
    ax.set_xticks(range(cols), [str(c) for c in range(cols)])
    ax.set_yticks(range(rows), [str(r) for r in range(rows)])
    ax.tick_params(length=0, labelsize=size, colors="#555555", pad=2)


def _number_steps(ax, route, size: float) -> None:
    """A small numbered disc in the top-left corner of each landing cell of the route (1, 2, ...)."""
    for step, (r, c) in enumerate(route[1:], start=1):
        ax.text(c - 0.3, r - 0.28, str(step), ha="center", va="center", fontsize=size, fontweight="bold",
                color="#FFFFFF", zorder=5,
                bbox=dict(boxstyle="circle,pad=0.18", facecolor="#1A1A1A", edgecolor="none"))


def _key_lines(item: Item, w: float) -> list:
    return _wrap(item.key_text, w - 0.1, 9)


def _slot(fig, item: Item, key: bool, x: float, y: float, w: float, h: float, paper_w: float, paper_h: float):
    """Draw one puzzle in the slot whose lower-left corner is (x, y) inches, w x h inches."""
    key_lines = _key_lines(item, w) if key else []
    title_h = 0.3
    under_h = (len(key_lines) * 9 * 1.25 / 72 + 0.15) if key else (0.5 if item.blank else 0.1)
    fig.text((x + 0.05) / paper_w, (y + h - 0.05) / paper_h, item.title, fontsize=11, fontweight="bold", va="top")
    rows, cols = len(item.texts), len(item.texts[0])
    margin = 0.25 if item.coordinates else 0.0       # room for the row and column numbers
    box_w, box_h = w - 0.2 - margin, h - title_h - under_h - 0.1 - margin
    cell = min(box_w / cols, box_h / rows)
    gw, gh = cell * cols, cell * rows
    gx, gy = x + margin + (w - margin - gw) / 2, y + under_h + (box_h - gh) / 2
    ax = fig.add_axes([gx / paper_w, gy / paper_h, gw / paper_w, gh / paper_h])
    roles = item.key_roles if key and item.key_roles is not None else item.roles
    draw.grid(item.texts, roles, ax=ax)
    size = max(7.0, min(20.0, cell * 72 * 0.34))
    for t in ax.texts:
        t.set_fontsize(size if len(t.get_text()) <= 3 else size * 0.8)
    if item.coordinates:
        _coordinates(ax, rows, cols, max(6.0, min(9.0, cell * 72 * 0.16)))
    if key and item.route:
        draw.route(ax, item.route, arrows=item.arrows)
        if item.steps:
            _number_steps(ax, item.route, max(5.5, min(9.0, cell * 72 * 0.17)))
    if not key and item.blank:
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.12) / paper_h, item.blank, fontsize=11, va="top")
    if key:
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.05) / paper_h, "\n".join(key_lines), fontsize=9, va="top",
                 linespacing=1.25)


def _title(sheet_: Sheet, key: bool) -> str:
    name = KINDS[sheet_.kind][0]
    asked = ", ".join(x for x in (sheet_.difficulty, "unique" if sheet_.unique else None) if x)
    return f"{name}{f' ({asked})' if asked else ''}: {'answer key' if key else 'worksheet'}"


def render(sheet_, path, key: bool = False, per_page: Optional[int] = None, paper: str = "a4",
           command: str = "") -> int:
    """Write the pages of ``sheet_`` (a :class:`Sheet`, or a list of :class:`Item`) to the PDF file
    ``path``; returns the page count.  The same sheet gives the same bytes (no creation date)."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    if not isinstance(sheet_, Sheet):
        sheet_ = Sheet(sheet_[0].kind if sheet_ else "summaze", list(sheet_))
    if paper not in PAPERS:
        raise ValueError(f"--paper {paper!r}: choose one of {', '.join(PAPERS)}")
    if not sheet_.items:
        raise ValueError("a worksheet needs at least one puzzle")
    kind = sheet_.kind
    per_page = per_page or DEFAULT_PER_PAGE.get(kind, 4)
    checks.whole(per_page, "--per-page", 1, 12, note="puzzles per page")
    paper_w, paper_h = PAPERS[paper]
    wide = len(sheet_.items[0].texts[0]) > 8
    ncols = 1 if (wide or per_page == 1) else 2
    nrows = math.ceil(per_page / ncols)
    rules = rules_text(kind, sheet_.items)
    pages = math.ceil(len(sheet_.items) / per_page)
    metadata = {"Title": _title(sheet_, key), "Subject": command, "Creator": "mathmaze_lib worksheet",
                "CreationDate": None}
    right = "for the teacher" if key else "Name: ______________________   Date: ____________"
    with matplotlib.rc_context({"pdf.fonttype": 3, "hatch.linewidth": 0.6}), \
            PdfPages(path, metadata=metadata) as pdf:
        for page in range(pages):
            fig = Figure(figsize=(paper_w, paper_h))
            top = _header(fig, _title(sheet_, key), right, rules, paper_w, paper_h, italic=key)
            bottom = _footer(fig, command, page + 1, pages, paper_w, paper_h)
            slot_w = (paper_w - 1.0) / ncols
            slot_h = (paper_h - top - bottom) / nrows
            for k, item in enumerate(sheet_.items[page * per_page:(page + 1) * per_page]):
                r, c = divmod(k, ncols)
                _slot(fig, item, key, 0.5 + c * slot_w, paper_h - top - (r + 1) * slot_h, slot_w, slot_h,
                      paper_w, paper_h)
            pdf.savefig(fig)
    return pages


def command_line(kind: str, ids_text: str, size=None, preset: str = "simple", per_page=None,
                 paper: str = "a4", *, out=None, key=None, unique: bool = False, difficulty=None,
                 count=None) -> str:
    """The command that prints this worksheet (and its key) again, as printed in every page's footer:
    every option that was given, the files included, so that it can be pasted into a terminal.

    >>> command_line("summaze", "1-12", out="maze.pdf", key="maze key.pdf")
    "python -m mathmaze_lib worksheet summaze --ids 1-12 --size 4 5 --out maze.pdf --key 'maze key.pdf'"
    """
    parts = ["python", "-m", "mathmaze_lib", "worksheet", kind, "--ids", str(ids_text).replace(" ", "")]
    if kind == "walls":
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


def write(kind: str, ids_text: str, out, key=None, size=None, per_page=None, paper: str = "a4",
          preset: str = "simple", *, unique: bool = False, difficulty: Optional[str] = None,
          count: Optional[int] = None, command: Optional[str] = None) -> dict:
    """Make the worksheet (and the key when ``key`` is a path):
    ``{"pages": n, "key_pages": m, "items": [...], "left_out": [(id, why)], "command": "..."}``.
    ``command`` is the footer's command (default: :func:`command_line` of these arguments)."""
    made = sheet(kind, parse_ids(ids_text), size=size, preset=preset, unique=unique, difficulty=difficulty,
                 count=count)
    if command is None:
        command = command_line(kind, ids_text, size, preset, per_page, paper, out=out, key=key, unique=unique,
                               difficulty=difficulty, count=count)
    pages = render(made, out, key=False, per_page=per_page, paper=paper, command=command)
    key_pages = render(made, key, key=True, per_page=per_page, paper=paper, command=command) if key else 0
    return {"pages": pages, "key_pages": key_pages, "items": made.items, "left_out": made.left_out,
            "command": command}
