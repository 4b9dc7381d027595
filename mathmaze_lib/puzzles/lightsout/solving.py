"""Solving Lights Out: breadth-first search on the lights (:func:`mathmaze_lib.search.bfs` with one press
as the successor function: the states beyond the cell), light chasing (every answer, from each
choice of presses on the top row), and an answer's verdict."""

from __future__ import annotations

from typing import Optional

from ...search import bfs
from ..protocol import Verdict
from .rules import LightsOut, lights_after, press, state_of, successors

__all__ = ["solve", "fewest_presses", "presses_of", "press_sets", "check", "MAX_EXPANSIONS"]

#: The most boards :func:`solve`'s breadth-first search takes from its queue before light chasing answers
#: instead (a 5 x 5 board that needs 5 presses takes up to about 60,000, in about half a second).
MAX_EXPANSIONS = 70_000


def presses_of(board: LightsOut, states) -> list:
    """The presses of a route of states (:func:`~.rules.state_of`): between two states, the cell whose
    press switches the lights that differ (the first in row order when two presses do the same); in
    row order.

    >>> from mathmaze_lib.puzzles.lightsout import parse
    >>> p = parse("*.\\n..")
    >>> presses_of(p, [1, 0b0110])
    [(0, 0)]
    """
    cells = list(board.grid.cells())
    switches = successors(board)(0)          # the lights one press switches, cell by cell
    return sorted(cells[switches.index(before ^ after)] for before, after in zip(states, states[1:]))


def solve(board: LightsOut) -> Optional[list]:
    """The fewest presses that turn every light off (cells in row order), or None when no presses can.

    Breadth-first search on the lights: a state is the whole board, one press a move, so the first
    time the search takes the dark board from its queue it got there in the fewest presses.  A board
    that needs many presses (more than :data:`MAX_EXPANSIONS` states to take) is answered by light
    chasing (:func:`press_sets`), which gives the same number of presses.

    >>> from mathmaze_lib.puzzles.lightsout import parse
    >>> solve(parse("*.*\\n*.*\\n.*.")), solve(parse("*.\\n.."))
    ([(0, 1), (1, 1)], [(0, 0), (0, 1), (1, 0)])
    """
    result = bfs(successors(board), state_of(board, board.lights), goal=0, max_expansions=MAX_EXPANSIONS)
    if result.found:
        return presses_of(board, result.path)
    answers = press_sets(board)
    return sorted(min(answers, key=len)) if answers else None


def fewest_presses(board: LightsOut) -> Optional[int]:
    """How many presses :func:`solve` needs (None when no presses turn every light off)."""
    answer = solve(board)
    return None if answer is None else len(answer)


def press_sets(board: LightsOut) -> list:
    """Every set of presses that turns every light off, by light chasing: choose the presses of the top
    row; then a lit cell in a row can only be switched off by the press below it, so each next row's
    presses are forced; the choice works when the bottom row ends dark.  One set per top row that
    works (frozensets, in the order of the top rows tried: none pressed first).

    >>> from mathmaze_lib.puzzles.lightsout import parse
    >>> [sorted(s) for s in press_sets(parse("*.*\\n*.*\\n.*."))]
    [[(0, 1), (1, 1)]]
    >>> len(press_sets(parse(".....\\n" * 5)))        # on 5 x 5, four sets change nothing
    4
    """
    found = []
    for top in range(2 ** board.cols):
        presses = [(0, c) for c in range(board.cols) if top >> c & 1]
        lights = lights_after(board, presses)
        for r in range(1, board.rows):
            row = [(r, c) for c in range(board.cols) if (r - 1, c) in lights]
            for cell in row:
                lights = press(board, lights, cell)
            presses += row
        if not lights:
            found.append(frozenset(presses))
    return found


def check(board: LightsOut, presses) -> Verdict:
    """The verdict on a list of presses (any order; a cell pressed twice is as if not pressed): every
    press on the board, and every light off after them (the reason says whether they are the fewest).

    >>> from mathmaze_lib.puzzles.lightsout import parse
    >>> p = parse("*.*\\n*.*\\n.*.")
    >>> check(p, [(1, 1), (0, 1)]).reason
    'every light is off after 2 presses: the fewest'
    >>> check(p, [(1, 0)]).reason
    '5 lights are still on: (0, 2), (1, 1), (1, 2), (2, 0), (2, 1)'
    >>> check(p, [(1, 0), (3, 0)]).reason
    'press 2: (3, 0) is off the 3 x 3 board'
    """
    cells = [tuple(c) for c in presses]
    for k, cell in enumerate(cells, start=1):
        if not board.grid.in_bounds(cell):
            return Verdict(False, f"press {k}: {cell} is off the {board.rows} x {board.cols} board", cell, k)
    lit = sorted(lights_after(board, cells))
    if lit:
        shown = ", ".join(map(str, lit[:6])) + (", ..." if len(lit) > 6 else "")
        are = "1 light is" if len(lit) == 1 else f"{len(lit)} lights are"
        return Verdict(False, f"{are} still on: {shown}", lit[0])
    best, made = fewest_presses(board), len(cells)
    said = ": the fewest" if made == best else f"; the fewest is {best}"
    return Verdict(True, f"every light is off after {made} press{'' if made == 1 else 'es'}{said}")
