"""Printable worksheets with answer keys: Math Maze, jumping mazes and wall mazes as PDF pages.

A worksheet is a list of :class:`Item` (one puzzle each, made from its id, so the same ids
always print the same sheet) laid out on A4 or Letter pages with a name/date line, the
puzzle ids and the command that prints the sheet again.  The answer key has the same
layout with the answer drawn in and written under each puzzle.  Pictures are drawn by
:mod:`mathmaze_lib.draw` (the lessons' colours and marks) on matplotlib's PDF backend.

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
import textwrap
from dataclasses import dataclass, field
from typing import Optional

from . import draw, jumpmaze, optimize, summaze, wallmaze

__all__ = ["KINDS", "PAPERS", "Item", "parse_ids", "items", "render", "write"]

#: What each kind of worksheet holds, in the words printed at the top of the sheet.
KINDS = {
    "summaze": ("Math Maze",
                "Draw a path from Start (S) to End (=target): one step up, right, down or left at a time, "
                "never the same cell twice. The numbers on the way, Start's included, must add up to the target."),
    "jump": ("Jumping mazes",
             "The number in a cell is the exact length of your next jump: up, right, down or left, landing on "
             "the board. Find a shortest route (fewest jumps) from the start (S) to the goal (G)."),
    "walls": ("Wall mazes",
              "Shade up to the allowed number of open cells as walls. The runner then walks a shortest route "
              "from a start (S, left) to a finish (F, right), through the checkpoints A, B, ... in order "
              "if there are any. Make that route as long as you can: can you reach the goal?"),
}
#: Paper sizes in inches (width, height), portrait.
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
DEFAULT_SIZE = {"summaze": (4, 5), "jump": (5, 5)}
DEFAULT_PER_PAGE = {"summaze": 6, "jump": 4, "walls": 2}
MAX_IDS = 400
QUICK_ITERS = 3000  # annealing iterations for a level without a stored goal (a few hundredths of a second)


@dataclass
class Item:
    """One puzzle on a sheet: what the student sees (``texts``, ``roles``, ``title``) and the
    key (``route`` drawn on it, ``walls`` shaded, ``key_text`` under it; ``answer`` holds the
    same facts as numbers and cells, for tests and teachers)."""

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
    puzzle: object = None
    blank: str = ""   # a line for the student's answer, under the puzzle


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


def _on_route(roles: dict, route) -> dict:
    """The key's roles: the cells of the route shaded as ``path`` (start and end keep theirs)."""
    out = {tuple(cell): "path" for cell in route}
    out.update(roles)
    return out


def _summaze_item(pid: int, rows: int, cols: int) -> Item:
    p = summaze.generate(pid, rows, cols)
    texts = [[str(n) for n in row] for row in p.numbers]
    sr, sc = p.start
    er, ec = p.end
    texts[sr][sc] = f"S {p.numbers[sr][sc]}"
    texts[er][ec] = f"={p.target}"
    count = summaze.count_solutions(p)
    key = (f"{count} solution{'s' if count != 1 else ''}; one of {len(p.path) - 1} moves is drawn"
           if count > 1 else f"1 solution, {len(p.path) - 1} moves")
    roles = {p.start: "start", p.end: "end"}
    return Item("summaze", pid, f"Puzzle {pid}: target {p.target}", texts, roles,
                key, {"target": p.target, "path": [tuple(c) for c in p.path], "solutions": count},
                route=list(p.path), key_roles=_on_route(roles, p.path), arrows=True, puzzle=p)


def _generated_maze(pid: int, rows: int, cols: int):
    return jumpmaze.generate(pid, rows, cols).maze


def _generated_mazes(ids: list, rows: int, cols: int) -> list:
    """The generated mazes of ``ids``. Generating is most of a jump worksheet's time, so several ids
    are made on all the cores at once (each id gives the same maze wherever it is made)."""
    workers = min(len(ids), os.cpu_count() or 1)
    if workers < 2:
        return [_generated_maze(pid, rows, cols) for pid in ids]
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(workers) as pool:
        return list(pool.map(_generated_maze, ids, [rows] * len(ids), [cols] * len(ids)))


def _jump_item(pid: int, rows: int, cols: int, maze=None) -> Item:
    maze = maze if maze is not None else _generated_maze(pid, rows, cols)
    texts = maze.texts()
    texts[maze.start[0]][maze.start[1]] = f"S {texts[maze.start[0]][maze.start[1]]}"
    roles = {maze.start: "start", maze.end: "goal"}
    sol = jumpmaze.solve(maze)
    if sol.route is None:  # the generator always makes a route; say so plainly if it ever does not
        key, answer = "no route", {"jumps": None, "route": None, "shortest_routes": 0}
    else:
        count = jumpmaze.count_shortest(maze)
        key = f"{sol.jumps} jumps" + (f" (one of {count} shortest routes)" if count > 1 else " (the only shortest route)")
        answer = {"jumps": sol.jumps, "route": [tuple(c) for c in sol.route], "shortest_routes": count}
    return Item("jump", pid, f"Maze {pid}", texts, roles, key, answer, route=list(sol.route or []),
                key_roles=_on_route(roles, sol.route or []), arrows=True, puzzle=maze,
                blank="My route: ______ jumps")


def _walls_item(pid: int, preset: str) -> Item:
    board = wallmaze.level(preset, pid)
    stored = wallmaze.stored_goals().get(f"{preset}:{pid}")
    if stored:
        walls = [tuple(w) for w in stored["walls"]]
        how = "proven best" if stored.get("optimal") else "best found by the project's optimizer"
    else:
        found = optimize.anneal(board, seed=pid, seconds=None, max_iters=QUICK_ITERS)
        walls = [tuple(w) for w in found.walls]
        how = f"best found by {QUICK_ITERS} steps of annealing, not proven"
    run = wallmaze.run(board, walls)
    texts, roles = wallmaze.texts_and_roles(board)
    _, key_roles = wallmaze.texts_and_roles(board, walls, run.path)
    budget = "any number of" if board.budget == wallmaze.UNLIMITED else f"up to {board.budget}"
    listed = " ".join(f"({r},{c})" for r, c in sorted(walls))
    return Item("walls", pid, f"Level {pid} ({preset}): {budget} walls, goal {run.moves} moves", texts, roles,
                f"{run.moves} moves ({how}); walls at row,col: {listed}",
                {"moves": run.moves, "goal": run.moves, "walls": sorted(walls), "budget": board.budget,
                 "optimal": bool(stored and stored.get("optimal")), "preset": preset},
                route=list(run.path), key_roles=key_roles, puzzle=board, blank="My walls make ______ moves")


def items(kind: str, ids, size: Optional[tuple] = None, preset: str = "simple") -> list:
    """The puzzles of a worksheet, with their answers (``kind`` is a key of :data:`KINDS`).

    ``size`` is ``(rows, cols)`` for ``summaze`` and ``jump``; a wall board's size comes
    from its ``preset`` (:data:`mathmaze_lib.wallmaze.PRESETS`).

    >>> [it.title for it in items("jump", [3], size=(4, 4))]
    ['Maze 3']
    """
    if kind not in KINDS:
        raise ValueError(f"worksheet kind {kind!r}: choose one of {', '.join(KINDS)}")
    ids = list(ids)
    if not ids:
        raise ValueError("--ids: give at least one puzzle id")
    if kind == "walls":
        if size is not None:
            sizes = ", ".join(f"{name} {p[0]} x {p[1]}" for name, p in wallmaze.PRESETS.items())
            raise ValueError(f"--size: a wall board's size comes from its --preset ({sizes})")
        if preset not in wallmaze.PRESETS:
            raise ValueError(f"--preset {preset!r}: choose one of {', '.join(wallmaze.PRESETS)}")
        return [_walls_item(pid, preset) for pid in ids]
    rows, cols = size or DEFAULT_SIZE[kind]
    if kind == "jump":
        mazes = _generated_mazes(ids, rows, cols)
        return [_jump_item(pid, rows, cols, maze) for pid, maze in zip(ids, mazes)]
    return [_summaze_item(pid, rows, cols) for pid in ids]


# ------------------------------------------------------------------------------- layout

def _page(fig, kind: str, key: bool, page: int, pages: int, command: str, paper_w: float, paper_h: float):
    name, rules = KINDS[kind]
    top = 1 - 0.5 / paper_h
    fig.text(0.5 / paper_w, top, f"{name}: {'answer key' if key else 'worksheet'}", fontsize=16,
             fontweight="bold", va="top")
    if key:
        fig.text(1 - 0.5 / paper_w, top, "for the teacher", fontsize=10, va="top", ha="right", style="italic")
    else:
        fig.text(1 - 0.5 / paper_w, top, "Name: ______________________   Date: ____________",
                 fontsize=11, va="top", ha="right")
    wrapped = "\n".join(textwrap.wrap(rules, width=int(paper_w * 13)))
    fig.text(0.5 / paper_w, top - 0.42 / paper_h, wrapped, fontsize=9.5, va="top", linespacing=1.3)
    fig.text(0.5 / paper_w, 0.3 / paper_h, f"Print again: {command}", fontsize=7.5, va="bottom", color="#444444")
    fig.text(1 - 0.5 / paper_w, 0.3 / paper_h, f"page {page} of {pages}", fontsize=8, ha="right", va="bottom")


def _slot(fig, item: Item, key: bool, x: float, y: float, w: float, h: float, paper_w: float, paper_h: float):
    """Draw one puzzle in the slot whose lower-left corner is (x, y) inches, w x h inches."""
    title_h, under_h = 0.3, (0.5 if key or item.blank else 0.1)
    fig.text((x + 0.05) / paper_w, (y + h - 0.05) / paper_h, item.title, fontsize=11, fontweight="bold", va="top")
    rows, cols = len(item.texts), len(item.texts[0])
    box_w, box_h = w - 0.2, h - title_h - under_h - 0.1
    cell = min(box_w / cols, box_h / rows)
    gw, gh = cell * cols, cell * rows
    gx, gy = x + (w - gw) / 2, y + under_h + (box_h - gh) / 2
    ax = fig.add_axes([gx / paper_w, gy / paper_h, gw / paper_w, gh / paper_h])
    roles = item.key_roles if key and item.key_roles is not None else item.roles
    draw.grid(item.texts, roles, ax=ax)
    size = max(7.0, min(20.0, cell * 72 * 0.34))
    for t in ax.texts:
        t.set_fontsize(size if len(t.get_text()) <= 3 else size * 0.8)
    if key and item.route:
        draw.route(ax, item.route, arrows=item.arrows)
    if not key and item.blank:
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.12) / paper_h, item.blank, fontsize=11, va="top")
    if key:
        wrapped = "\n".join(textwrap.wrap(item.key_text, width=max(30, int(w * 13))))
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.02) / paper_h, wrapped, fontsize=10, va="top")


def render(sheet: list, path, key: bool = False, per_page: Optional[int] = None, paper: str = "a4",
           command: str = "") -> int:
    """Write the pages of ``sheet`` (a list of :class:`Item`) to the PDF file ``path``; returns the page count."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    if paper not in PAPERS:
        raise ValueError(f"--paper {paper!r}: choose one of {', '.join(PAPERS)}")
    if not sheet:
        raise ValueError("a worksheet needs at least one puzzle")
    kind = sheet[0].kind
    per_page = per_page or DEFAULT_PER_PAGE[kind]
    if not 1 <= per_page <= 12:
        raise ValueError(f"--per-page {per_page}: choose 1 to 12 puzzles per page")
    paper_w, paper_h = PAPERS[paper]
    wide = len(sheet[0].texts[0]) > 8
    ncols = 1 if (wide or per_page == 1) else 2
    nrows = math.ceil(per_page / ncols)
    left, right, top, bottom = 0.5, 0.5, 1.45, 0.55
    slot_w = (paper_w - left - right) / ncols
    slot_h = (paper_h - top - bottom) / nrows
    pages = math.ceil(len(sheet) / per_page)
    with matplotlib.rc_context({"pdf.fonttype": 3, "hatch.linewidth": 0.6}), PdfPages(path) as pdf:
        for page in range(pages):
            fig = Figure(figsize=(paper_w, paper_h))
            _page(fig, kind, key, page + 1, pages, command, paper_w, paper_h)
            for k, item in enumerate(sheet[page * per_page:(page + 1) * per_page]):
                r, c = divmod(k, ncols)
                _slot(fig, item, key, left + c * slot_w, paper_h - top - (r + 1) * slot_h, slot_w, slot_h,
                      paper_w, paper_h)
            pdf.savefig(fig)
        info = pdf.infodict()
        info["Title"] = f"{KINDS[kind][0]} {'answer key' if key else 'worksheet'}"
        info["Subject"] = command
    return pages


def command_line(kind: str, ids_text: str, size=None, preset: str = "simple", per_page=None,
                 paper: str = "a4") -> str:
    """The command that prints this worksheet again (printed in every page's footer)."""
    parts = ["python -m mathmaze_lib worksheet", kind, "--ids", ids_text.replace(" ", "")]
    if kind == "walls":
        parts += ["--preset", preset]
    else:
        rows, cols = size or DEFAULT_SIZE[kind]
        parts += ["--size", str(rows), str(cols)]
    if per_page:
        parts += ["--per-page", str(per_page)]
    if paper != "a4":
        parts += ["--paper", paper]
    return " ".join(parts)


def write(kind: str, ids_text: str, out, key=None, size=None, per_page=None, paper: str = "a4",
          preset: str = "simple") -> dict:
    """Make the worksheet (and the key when ``key`` is a path): ``{"pages": n, "key_pages": m, "items": [...]}``."""
    ids = parse_ids(ids_text)
    sheet = items(kind, ids, size=size, preset=preset)
    command = command_line(kind, ids_text, size, preset, per_page, paper)
    pages = render(sheet, out, key=False, per_page=per_page, paper=paper, command=command)
    key_pages = render(sheet, key, key=True, per_page=per_page, paper=paper, command=command) if key else 0
    return {"pages": pages, "key_pages": key_pages, "items": sheet}
