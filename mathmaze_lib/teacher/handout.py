"""One-page rules handouts: the rules of a puzzle in the learner's words, one worked example with
its picture, and the lesson's one idea (``python -m mathmaze_lib worksheet rules KIND``).

The examples are puzzles the lessons use (lesson 1's tiny 3 x 3 puzzle, lesson 3's first board)
or, for jumping mazes, a short generated maze; each is solved here, so the text and the picture
always agree with the code.

>>> [h.title for h in HANDOUTS.values()]
['Math Maze', 'Jumping mazes', 'Wall mazes']
>>> lines, _ = HANDOUTS["summaze"].example()
>>> lines[-1]
'Any path that follows the rules and adds up to 19 wins: this puzzle has 2 solutions.'
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass
from typing import Callable

from .. import draw, optimize
from ..puzzles import jumpmaze, summaze, wallmaze
from .pages import PAPERS, _footer, _wrap
from ..puzzles.wallmaze.sheet import TILE_RULES

__all__ = ["HANDOUTS", "Handout", "rules_command", "write_rules"]


@dataclass(frozen=True)
class Handout:
    """What one puzzle's handout says: ``rules`` (one line each), ``example()`` (lines of the worked
    example and a list of ``(caption, draw(ax))`` pictures), ``idea`` (the lesson's one idea) and
    ``more`` (rules that only some boards need)."""

    title: str
    lesson: str
    rules: tuple
    example: Callable
    idea: str
    more: tuple = ()


def _summaze_example():
    p = summaze.generate(2, 3, 3)         # the tiny puzzle lesson 1 steps through
    path = list(p.path)
    sums = summaze.running_sums(p, path)
    steps = ", ".join(f"{p.value(c)} makes {s}" for c, s in zip(path[1:-1], sums[1:-1]))
    texts, roles = summaze.texts_and_roles(p)
    _, solved = summaze.texts_and_roles(p, path)
    texts[p.start[0]][p.start[1]] = f"S {p.value(p.start)}"        # as on the worksheets
    count = summaze.count_solutions(p)
    lines = [f"Start is the 1 in the corner, End shows the target {p.target}.",
             f"Start at 1 (the sum is 1). Then {steps}.",
             f"The next step reaches End with {sums[-2]}: the target. {len(path) - 1} moves.",
             f"Any path that follows the rules and adds up to {p.target} wins: this puzzle has {count} solutions."]

    def puzzle(ax):
        draw.grid(texts, roles, ax=ax)

    def answer(ax):
        draw.grid(texts, solved, ax=ax)
        draw.route(ax, path, arrows=True)
    return lines, [("the puzzle", puzzle), (f"a solution: {' + '.join(str(p.value(c)) for c in path[:-1])} = "
                                            f"{p.target}", answer)]


#: The jumping maze of the handout's example: id and size (a short route, so that every jump can be told).
JUMP_EXAMPLE = (1, 4, 4, (4, 5))

_DIRECTIONS = {(-1, 0): "up", (0, 1): "right", (1, 0): "down", (0, -1): "left"}


def _jump_example():
    pid, rows, cols, band = JUMP_EXAMPLE
    maze = jumpmaze.generate(pid, rows, cols, jumps=band).maze
    route = jumpmaze.solve(maze).route
    told = []
    for k, ((r1, c1), (r2, c2)) in enumerate(zip(route, route[1:]), start=1):
        n = maze.value((r1, c1))
        way = _DIRECTIONS[((r2 > r1) - (r2 < r1), (c2 > c1) - (c2 < c1))]
        told.append(f"{k}: from the {n}, {n} {'cell' if n == 1 else 'cells'} {way}")
    texts = maze.texts()
    texts[maze.start[0]][maze.start[1]] = f"S {maze.value(maze.start)}"     # as on the worksheets
    roles = {maze.start: "start", maze.end: "goal"}
    lines = [f"Start top-left, on the {maze.value(maze.start)}; the goal G is bottom-right.",
             "Jumps " + "; ".join(told) + ".",
             f"{len(route) - 1} jumps, and no route has fewer: this is a shortest route."]

    def puzzle(ax):
        draw.grid(texts, roles, ax=ax)

    def answer(ax):
        draw.grid(texts, {**{c: "path" for c in route}, **roles}, ax=ax)
        draw.route(ax, route, arrows=True)
        for step, (r, c) in enumerate(route[1:], start=1):
            ax.text(c - 0.3, r - 0.28, str(step), ha="center", va="center", fontsize=8, fontweight="bold",
                    color="#FFFFFF", bbox=dict(boxstyle="circle,pad=0.18", facecolor="#1A1A1A", edgecolor="none"))
    return lines, [("the maze", puzzle), ("a shortest route, jumps numbered", answer)]


#: Lesson 3's first board: 3 walls to place.
WALL_EXAMPLE = """
walls: 3
s......#f
s..#....f
s....#..f
"""


def _walls_example():
    board = wallmaze.parse(WALL_EXAMPLE)
    before = wallmaze.run(board)
    best = optimize.exact(board, seconds=None)
    after = wallmaze.run(board, best.walls)
    lines = [f"With no walls the runner needs {before.moves} moves from S to F.",
             f"The 3 walls on the right force two detours: {after.moves} moves, the best possible here "
             f"(the exact search proves it).",
             "A wall off the runner's route changes nothing; a wall that cuts every route is not allowed."]

    def picture(walls, run):
        def show(ax):
            texts, roles = wallmaze.texts_and_roles(board, walls, run.path)
            draw.grid(texts, roles, ax=ax)
            draw.route(ax, run.path)
        return show
    return lines, [(f"no walls: {before.moves} moves", picture((), before)),
                   (f"3 walls: {after.moves} moves", picture(best.walls, after))]


HANDOUTS = {
    "summaze": Handout(
        "Math Maze", "Lesson 1",
        ("The grid has a Start cell (S, green) and an End cell (orange); End shows the target.",
         "Draw a path from Start to End, one step at a time: up, right, down or left. No diagonal steps.",
         "Never visit a cell twice.",
         "Add up the numbers on your path, Start's number included. You win when the sum is the target.",
         "Any path that follows these rules and hits the target wins; a puzzle can have several."),
        _summaze_example,
        "A puzzle is a graph: cells are nodes, cells side by side are joined. To find every solution, "
        "depth-first search goes as deep as it can, then steps back and tries the next way. The numbers only "
        "add up, so a path whose sum is already above the target is given up at once (pruning)."),
    "jump": Handout(
        "Jumping mazes", "Lesson 2",
        ("Start on the start cell (S). The number in a cell is the exact length of your next jump.",
         "Jump straight up, right, down or left, exactly that many cells, and land on the board.",
         "You may jump over any cells. Reach the goal (G).",
         "Find a shortest route: the fewest jumps. Count jumps, not cells."),
        _jump_example,
        "A maze is a graph whose arrows go where the numbers let you jump. Breadth-first search visits the "
        "cells in rings: 1 jump away, then 2, then 3, ... and remembers the cells it has seen. So the first "
        "time it reaches the goal, it is by a shortest route."),
    "walls": Handout(
        "Wall mazes", "Lesson 3",
        ("The runner goes from a start (S, left column) to a finish (F, right column).",
         "It always takes a shortest route: the fewest moves up, right, down or left.",
         "You place walls on open cells, up to the number allowed. The runner cannot go through walls or "
         "rocks (grey, crossed).",
         "Make the runner's route as long as you can. You may not cut it off completely."),
        _walls_example,
        "The runner is a breadth-first search. Only a wall on its route can make the route longer, so a "
        "search for the best walls tries walls on the route: greedy takes the best one each time, local "
        "search and annealing change a few, and the exact search proves the best.",
        tuple(TILE_RULES.values())),
}


def rules_command(kind: str, path, paper: str = "a4") -> str:
    """The command that prints this handout again (its footer).

    >>> rules_command("jump", "jump rules.pdf", "letter")
    "python -m mathmaze_lib worksheet rules jump --paper letter --out 'jump rules.pdf'"
    """
    paper_option = ["--paper", paper] if paper != "a4" else []
    return shlex.join(["python", "-m", "mathmaze_lib", "worksheet", "rules", kind, *paper_option, "--out", str(path)])


def write_rules(kind: str, path, paper: str = "a4") -> int:
    """Write the one-page rules handout of ``kind`` to the PDF ``path``; returns the page count (1).

    The same handout gives the same bytes (no creation date in the PDF)."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    if kind not in HANDOUTS:
        raise ValueError(f"worksheet rules {kind!r}: choose one of {', '.join(HANDOUTS)}")
    if paper not in PAPERS:
        raise ValueError(f"--paper {paper!r}: choose one of {', '.join(PAPERS)}")
    h = HANDOUTS[kind]
    w, hgt = PAPERS[paper]
    fig = Figure(figsize=(w, hgt))
    y = [0.5]                      # inches from the top of the page

    def text(s: str, size: float, bold: bool = False, indent: float = 0.0, gap: float = 0.06, color="#000000"):
        lines = _wrap(s, w - 1.0 - indent, size)
        if s.startswith("•"):       # a hanging indent under the bullet
            lines = lines[:1] + [f"    {line}" for line in _wrap(s[len(lines[0]):].strip(), w - 1.3 - indent, size)]
        fig.text((0.5 + indent) / w, 1 - y[0] / hgt, "\n".join(lines), fontsize=size, va="top", color=color,
                 fontweight="bold" if bold else "normal", linespacing=1.3)
        y[0] += len(lines) * size * 1.3 / 72 + gap

    text(f"{h.title}: the rules", 22, bold=True, gap=0.02)
    text(f"{h.lesson} of Math Maze", 11, color="#444444", gap=0.25)
    for rule in h.rules:
        text(f"•  {rule}", 13, indent=0.1, gap=0.08)
    for more in h.more:
        text(f"•  {more}", 10.5, indent=0.1, gap=0.05, color="#222222")
    y[0] += 0.15
    text("A worked example", 15, bold=True, gap=0.1)
    lines, pictures = h.example()
    top, size = y[0] + 0.3, min(2.5, (w - 1.5) / len(pictures))     # 0.3 in for the captions
    tallest = 0.0
    for k, (caption, show) in enumerate(pictures):
        ax = fig.add_axes([0, 0, 1, 1])
        show(ax)
        cols, rows = abs(ax.get_xlim()[1] - ax.get_xlim()[0]), abs(ax.get_ylim()[1] - ax.get_ylim()[0])
        height = size * min(1.0, rows / cols)
        ax.set_position([(0.5 + k * (size + 0.5)) / w, 1 - (top + height) / hgt, size / w, height / hgt])
        for t in ax.texts:      # the numbers scale with the cells, as on the worksheets
            if t.get_bbox_patch() is None:
                t.set_fontsize(max(8.0, min(22.0, size / cols * 72 * 0.3)))
        ax.set_title(caption, fontsize=10.5)
        tallest = max(tallest, height)
    size = tallest
    y[0] = top + size + 0.25
    for line in lines:
        text(line, 11.5, gap=0.06)
    y[0] += 0.2
    text("The lesson's one idea", 15, bold=True, gap=0.1)
    text(h.idea, 12.5)
    _footer(fig, rules_command(kind, path, paper), 1, 1, w, hgt)
    metadata = {"Title": f"{h.title}: the rules", "Creator": "mathmaze_lib worksheet rules", "CreationDate": None}
    with matplotlib.rc_context({"pdf.fonttype": 3, "hatch.linewidth": 0.6}), PdfPages(path, metadata=metadata) as pdf:
        pdf.savefig(fig)
    if y[0] > hgt - 0.8:
        raise AssertionError(f"the {kind} handout runs off the page ({y[0]:.1f} in of {hgt} in)")  # pragma: no cover
    return 1
