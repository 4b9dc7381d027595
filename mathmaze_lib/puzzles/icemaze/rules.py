"""The ice maze's rules and text format: a maze of ice and rocks, the slides a player makes, a
route's verdict, why a click is refused, and what a board shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...grid import ORTHOGONAL, Grid, GridParseError, parse_grid
from ..protocol import OneStartOneEnd, Verdict

__all__ = ["IceMaze", "parse", "slide", "successors", "refusal", "view", "MAX_TEXT_BYTES"]

#: The largest maze file read (more could only be a mistake).
MAX_TEXT_BYTES = 2**20
_WORDS = {(-1, 0): "up", (0, 1): "right", (1, 0): "down", (0, -1): "left"}


@dataclass(frozen=True)
class IceMaze(OneStartOneEnd):
    """An ice maze: ``rows`` x ``cols`` cells of ice, ``rocks`` (a set of cells), a ``start`` and a
    goal (``end``); ``id`` is the id it was made from (0 for a maze read from text).

    >>> m = parse("s.#\\n..g")
    >>> m.rows, m.cols, m.start, m.end, sorted(m.rocks)
    (2, 3, (0, 0), (1, 2), [(0, 2)])
    """

    rows: int
    cols: int
    rocks: frozenset
    start: tuple
    end: tuple
    id: int = 0

    @property
    def grid(self) -> Grid:
        """The :class:`~mathmaze_lib.grid.Grid` of the board."""
        return Grid(self.rows, self.cols)

    def value(self, cell) -> str:
        """What a cell holds: ``"#"`` (a rock) or ``"."`` (ice)."""
        return "#" if tuple(cell) in self.rocks else "."

    def text(self) -> str:
        """The maze in the text format :func:`parse` reads: ``#`` rock, ``.`` ice, ``s`` start, ``g`` goal.

        >>> print(parse("id: 4\\ns.#\\n..g").text())
        id: 4
        s.#
        ..g
        """
        letters = {self.start: "s", self.end: "g"}
        lines = ["".join(letters.get((r, c), self.value((r, c))) for c in range(self.cols))
                 for r in range(self.rows)]
        return "\n".join([f"id: {self.id}"] + lines)


def _token_rule(tok: str) -> Optional[str]:
    return None if tok in ".#sg" else "a cell is '.' (ice), '#' (a rock), 's' (the start) or 'g' (the goal)"


def parse(text: str) -> IceMaze:
    """Read a maze in the text format of :meth:`IceMaze.text` (``id:`` is optional). Errors name the
    line, the column and the rule.

    >>> parse("s.x\\n..g")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: line 1, column 3: 'x' is not allowed here: a cell is '.' (ice), '#' (a rock), 's' (the start) or 'g' (the goal)
    >>> parse("s..\\n...")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: the maze has no goal: write one 'g'
    """
    p = parse_grid(text, split="chars", headers=["id"], token_rule=_token_rule)
    rows, cols = p.shape
    found: dict = {"s": [], "g": []}
    for r, row in enumerate(p.rows):
        for c, tok in enumerate(row):
            if tok in found:
                found[tok].append((r, c))
    for letter, name in (("s", "start"), ("g", "goal")):
        if not found[letter]:
            raise GridParseError(None, None, f"the maze has no {name}: write one '{letter}'")
        if len(found[letter]) > 1:
            raise p.error(found[letter][1], f"a second {name} (the first is at {found[letter][0]}): write one "
                                            f"'{letter}'")
    rocks = frozenset((r, c) for r, row in enumerate(p.rows) for c, tok in enumerate(row) if tok == "#")
    return IceMaze(rows, cols, rocks, found["s"][0], found["g"][0], p.whole("id"))


def slide(maze: IceMaze, cell, direction) -> tuple:
    """Where a slide from ``cell`` in ``direction`` stops: on the last ice before a rock or the edge
    (``cell`` itself when a rock or the edge is right next to it).

    >>> m = parse("s..#\\n...g")
    >>> slide(m, (0, 0), (0, 1)), slide(m, (0, 0), (-1, 0)), slide(m, (0, 0), (1, 0))
    ((0, 2), (0, 0), (1, 0))
    """
    grid, rocks = maze.grid, maze.rocks
    here = tuple(cell)
    while True:
        nxt = grid.step(here, direction)
        if nxt is None or nxt in rocks:
            return here
        here = nxt


def successors(maze: IceMaze):
    """The moves as a successor function ``cell -> stops``: one slide up, right, down and left, in that
    order, each stop once; a slide that cannot move is no move.

    >>> successors(parse("s..#\\n...g"))((0, 0))
    [(0, 2), (1, 0)]
    """
    def stops(cell):
        out = []
        for d in ORTHOGONAL:
            to = slide(maze, cell, d)
            if to != tuple(cell) and to not in out:
                out.append(to)
        return out
    return stops


def refusal(maze: IceMaze, route, cell) -> Optional[str]:
    """Why a slide from the end of ``route`` (the stops so far, from the start) may not stop on ``cell``,
    in the words a game says to the player (None when it may).

    >>> m = parse("s..#\\n...g")
    >>> refusal(m, [(0, 0)], (0, 2)) is None
    True
    >>> refusal(m, [(0, 0)], (0, 1))
    'You cannot stop on (0, 1): sliding right from (0, 0) you slide on to (0, 2), where a rock or the edge stops you.'
    """
    cell, here = tuple(cell), tuple(route[-1]) if route else maze.start
    if not maze.grid.in_bounds(cell):
        return f"{cell} is off the {maze.rows} x {maze.cols} board."
    if cell in successors(maze)(here):
        return None
    if cell in maze.rocks:
        return f"{cell} is a rock: a slide stops on the ice before a rock, never on it."
    if cell == here:
        return f"You are here, on {cell}: slide up, right, down or left."
    for d, word in _WORDS.items():
        to = slide(maze, here, d)
        line = set()
        at = here
        while at != to:
            at = maze.grid.step(at, d)
            line.add(at)
        if cell in line:
            return (f"You cannot stop on {cell}: sliding {word} from {here} you slide on to {to}, where a rock "
                    f"or the edge stops you.")
    return f"{cell} is not in a straight line up, right, down or left from {here}: a slide goes straight."


def view(maze: IceMaze, route=None) -> tuple:
    """``(texts, roles)``: S at the start, G at the goal, the rocks, and the stops of a route.

    >>> texts, roles = view(parse("s#\\n.g"))
    >>> texts, sorted(roles.items())
    ([['S', ''], ['', 'G']], [((0, 0), 'start'), ((0, 1), 'rock'), ((1, 1), 'goal')])
    """
    texts = [["" for _ in range(maze.cols)] for _ in range(maze.rows)]
    texts[maze.start[0]][maze.start[1]], texts[maze.end[0]][maze.end[1]] = "S", "G"
    roles = {cell: "rock" for cell in maze.rocks}
    roles.update({tuple(cell): "path" for cell in route or ()})
    roles.update({maze.start: "start", maze.end: "goal"})
    return texts, roles


def _check_route(maze: IceMaze, route, shortest) -> Verdict:
    cells = [tuple(c) for c in route]
    if not cells:
        return Verdict(False, f"the route is empty: it must begin at the start {maze.start}")
    if cells[0] != maze.start:
        return Verdict(False, f"the route begins at {cells[0]} but the start is {maze.start}", cells[0], 0)
    succ = successors(maze)
    for k in range(1, len(cells)):
        if cells[k] not in succ(cells[k - 1]):
            options = " or ".join(map(str, succ(cells[k - 1]))) or "nowhere"
            return Verdict(False, f"slide {k}: from {cells[k - 1]} you can stop on {options}, not on {cells[k]}",
                           cells[k], k)
    if cells[-1] != maze.end:
        return Verdict(False, f"the route stops at {cells[-1]} but the goal is {maze.end}", cells[-1])
    slides, best = len(cells) - 1, shortest(maze)
    plural = "" if slides == 1 else "s"
    verdict = ": a shortest route" if slides == best else f"; the shortest route takes {best}"
    return Verdict(True, f"the route reaches the goal in {slides} slide{plural}{verdict}")
