"""The wall maze in the shape every puzzle has: ``make``, ``text``, ``check``, ``refusal``,
``successors``, ``view`` (and the pictures in characters and roles the board shows)."""

from __future__ import annotations

from typing import Iterable, Optional

from ..protocol import Verdict
from .board import LETTERS, TELEPORTS, UNBUILDABLE, UNLIMITED, WallMaze, _what
from .runner import Runner, run, score, successors  # noqa: F401  (successors: part of the shape)
from .text import parse  # noqa: F401  (the doctests' boards)


def show(maze: WallMaze, walls: Iterable = (), path: Optional[list] = None) -> str:
    """A picture in characters: the board with walls ``W`` and the path's cells ``o``.

    >>> print(show(parse("s..\\n..f"), [(0, 1)], run(parse("s..\\n..f"), [(0, 1)]).path))
    sW.
    oof
    """
    walls = set(walls)
    on_path = set(path or ())
    lines = []
    for r in range(maze.rows):
        row = []
        for c in range(maze.cols):
            ch = maze.char((r, c))
            if (r, c) in walls:
                ch = "W"
            elif ch == "." and (r, c) in on_path:
                ch = "o"
            row.append(ch)
        lines.append("".join(row))
    return "\n".join(lines)


def texts_and_roles(maze: WallMaze, walls: Iterable = (), path: Iterable = ()) -> tuple:
    """What the board and the pictures show: ``texts`` (a list of rows: S, F, checkpoint
    letters, ``→1`` on an in-cell of teleport colour 1 and ``1→`` on its out-cells, ``•`` on
    an unbuildable cell the path crosses) and ``roles`` (``{cell: role}``: start, end, rock,
    wall, path, highlight for checkpoints, unbuildable, tele_in, tele_out; open cells stay plain).

    >>> texts, roles = texts_and_roles(parse("s.A.f"), [(0, 3)], [(0, 0), (0, 1), (0, 2)])
    >>> texts, [roles[(0, c)] for c in range(5)]
    ([['S', '', 'A', '', 'F']], ['start', 'path', 'highlight', 'wall', 'end'])
    >>> texts, roles = texts_and_roles(parse("sptf\\nu..."), (), [(0, 0), (0, 1), (0, 2)])
    >>> texts[0], texts[1][0], roles[(0, 1)], roles[(0, 2)], roles[(1, 0)]
    (['S', '•', '→1', 'F'], '1→', 'unbuildable', 'tele_in', 'tele_out')
    """
    walls, on_path = set(walls), set(path)
    kinds = {"#": ("", "rock"), "s": ("S", "start"), "f": ("F", "end"), ".": ("", "plain"),
             UNBUILDABLE: ("", "unbuildable")}
    for k, (tin, tout) in enumerate(TELEPORTS):
        kinds[tin] = (f"→{k + 1}", "tele_in")
        kinds[tout] = (f"{k + 1}→", "tele_out")
    later = {cell: str(i + 1) for i, cells in enumerate(maze.checkpoints[len(LETTERS):], start=len(LETTERS))
             for cell in cells}                 # checkpoints after Z show their number
    texts = [["" for _ in range(maze.cols)] for _ in range(maze.rows)]
    roles = {}
    for cell in maze.grid.cells():
        ch = maze.char(cell)
        text, role = kinds.get(ch, (later.get(cell, ch), "highlight"))
        if cell in walls:
            role = "wall"
        elif role == "plain" and cell in on_path:
            role = "path"
        elif role == "unbuildable" and cell in on_path:
            text = "•"              # the path crosses it; the cell keeps its role (no wall may go here)
        texts[cell[0]][cell[1]] = text
        roles[cell] = role
    return texts, roles


def check(maze: WallMaze, walls) -> Verdict:
    """The verdict on a player's walls: on open cells, within the budget, and leaving the runner a
    route; the reason says how far the runner walks.

    >>> check(parse("walls: 1\\ns.f"), [(0, 1)]).reason
    'the walls block every route: the runner must be able to reach every checkpoint and a finish'
    >>> check(parse("walls: 1\\ns..\\n..f"), [(0, 1)]).reason
    'the runner walks 3 moves with 1 wall'
    """
    try:
        chosen = maze.check_walls(walls)
    except ValueError as exc:
        return Verdict(False, str(exc), getattr(exc, "cell", None))
    moves = score(maze, chosen)
    if moves is None:
        return Verdict(False, "the walls block every route: the runner must be able to reach every checkpoint "
                              "and a finish")
    return Verdict(True, f"the runner walks {moves} moves with {len(chosen)} wall{'' if len(chosen) == 1 else 's'}")


def why_not(maze: WallMaze, walls, cell, runner: Optional[Runner] = None) -> Optional[str]:
    """Why a wall may not go on ``cell`` beside ``walls``, in the words a game says to the player
    (None when it may): walls go on open cells, within the budget, and never block the runner.
    Give the game's ``runner`` to reuse it.

    >>> maze = parse("walls: 1\\ns.f")
    >>> why_not(maze, [], (0, 1))
    'Path is blocked: a wall on (0, 1) would leave the runner no route.'
    >>> why_not(maze, [], (0, 0))
    '(0, 0) is a start: walls go on open cells.'
    """
    cell = tuple(cell)
    if not maze.grid.in_bounds(cell):
        return f"{cell} is off the {maze.rows} x {maze.cols} board."
    kind = maze.char(cell)
    if kind != ".":
        return f"{cell} is {_what(kind)}: walls go on open cells."
    walls = set(map(tuple, walls))
    if cell in walls:
        return f"{cell} already has a wall."
    if maze.budget != UNLIMITED and len(walls) >= maze.budget:
        return f"No walls left (the budget is {maze.budget}): click one of your walls to take it off first."
    runner = runner or Runner(maze)
    if runner.path({runner.index(c) for c in walls | {cell}}) is None:
        return f"Path is blocked: a wall on {cell} would leave the runner no route."
    return None


def view(maze: WallMaze, walls: Iterable = (), path: Optional[Iterable] = None) -> tuple:
    """``(texts, roles)`` of the board with ``walls`` and the runner's path (its own run by default)."""
    if path is None:
        result = run(maze, walls)
        path = result.path or ()
    return texts_and_roles(maze, walls, path)


def refusal(maze: WallMaze, walls, cell, runner: Optional[Runner] = None) -> Optional[str]:
    """Why a click on ``cell`` is refused while ``walls`` stand (None when it is not): a click on one
    of the walls takes it off, which is always allowed; a click elsewhere puts a wall up, refused as
    :func:`why_not` says.  Give the game's ``runner`` to reuse it.

    >>> maze = parse("walls: 1\\ns..\\n..f")
    >>> refusal(maze, [(0, 1)], (0, 1)) is None, refusal(maze, [(0, 1)], (1, 1))
    (True, 'No walls left (the budget is 1): click one of your walls to take it off first.')
    """
    if tuple(cell) in set(map(tuple, walls)):
        return None
    return why_not(maze, walls, cell, runner)


def text(maze: WallMaze) -> str:
    """The board in the text format (what :func:`~mathmaze_lib.puzzles.wallmaze.parse` reads back).

    >>> print(text(parse("walls: 3\\ns.#f")))
    walls: 3
    s.#f
    """
    return maze.text()
