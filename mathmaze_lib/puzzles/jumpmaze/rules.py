"""Jumping mazes' rules and text format: a maze, its rules as successor functions (cells for rules
on cells, states ``(cell, mode, last_dir, last_len)`` for rules with memory), why a jump is refused,
and what a board shows.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional

from ...grid import ALL_EIGHT, DIAGONAL, ORTHOGONAL, Grid, GridParseError, parse_cell, parse_grid
from ..protocol import OneStartOneEnd

__all__ = ["JumpMaze", "parse", "CHAIN_REACTION", "RULES", "check_rule", "successors", "start_state",
           "cell_of", "landings", "refusal", "rule_text"]


#: Every rule, with what it means.
RULES = {
    "ortho": "jump up, right, down or left (the default)",
    "diag8": "jump in any of the 8 directions",
    "rightdown": "jump only right or down",
    "alternate": "orthogonal first, then diagonal and orthogonal in turn",
    "toggle": "start orthogonal; landing on a circled cell switches orthogonal <-> diagonal",
    "nouturn": "never jump straight back the way you came",
    "wildcard": "a * cell repeats the previous jump's length",
    "wrap": "jumps wrap around the edges of the board",
}


_DIRECTION_RULES = ("ortho", "diag8", "rightdown", "alternate", "toggle")


_STATE_RULES = ("alternate", "toggle", "nouturn", "wildcard")


RIGHT_DOWN = ((0, 1), (1, 0))


HOLE, WILD = "#", "*"


def check_rule(rule: Optional[str]) -> str:
    """The rule in normal form (names in a fixed order joined by ``+``), or a ValueError.

    >>> check_rule("nouturn+diag8"), check_rule(None)
    ('diag8+nouturn', 'ortho')
    >>> check_rule("diag8+toggle")
    Traceback (most recent call last):
    ...
    ValueError: rule 'diag8+toggle': choose at most one of ortho, diag8, rightdown, alternate, toggle
    """
    if rule is None or rule == "":
        return "ortho"
    if not isinstance(rule, str):
        raise ValueError(f"rule {rule!r}: give rule names joined by '+', like 'diag8+nouturn'")
    names = [n.strip() for n in rule.split("+")]
    for name in names:
        if name not in RULES:
            raise ValueError(f"rule {rule!r}: unknown rule {name!r} (rules: {', '.join(RULES)})")
    if sum(n in _DIRECTION_RULES for n in set(names)) > 1:
        raise ValueError(f"rule {rule!r}: choose at most one of {', '.join(_DIRECTION_RULES)}")
    if not any(n in _DIRECTION_RULES for n in names):
        names.append("ortho")
    return "+".join(n for n in RULES if n in names)


def _names(rule) -> frozenset:
    return frozenset(check_rule(rule).split("+"))


@dataclass(frozen=True)
class JumpMaze(OneStartOneEnd):
    """A jumping maze: ``cells[r][c]`` is a jump length (int >= 0), ``"*"`` or ``"#"``;
    ``circled`` the circled cells (toggle rule); ``start`` and ``end`` cells (the goal; its text header is ``goal:``); ``rule``.

    >>> m = parse("2 1\\n1 0")
    >>> m.rows, m.cols, m.start, m.end, m.value((0, 0)), m.index((1, 0))
    (2, 2, (0, 0), (1, 1), 2, 2)
    """

    rows: int
    cols: int
    cells: tuple
    start: tuple
    end: tuple
    rule: str = "ortho"
    circled: frozenset = frozenset()
    name: str = ""

    @property
    def grid(self) -> Grid:
        """The :class:`~mathmaze_lib.grid.Grid` of the board."""
        return Grid(self.rows, self.cols)

    def value(self, cell):
        """The token of ``cell``: an int, ``"*"`` or ``"#"``."""
        return self.cells[cell[0]][cell[1]]

    def index(self, cell) -> int:
        """The cell's number when cells are numbered row by row from 0 (``Grid.index``; the jump
        length in a cell is :meth:`value`)."""
        return self.grid.index(cell)

    def cell_at(self, number: int) -> tuple:
        """The cell with this number."""
        return self.grid.cell(number)

    def texts(self) -> list:
        """The texts a board shows: numbers, ``*``, ``#``, a ``°`` mark on circled cells, G at the goal."""
        out = []
        for r, row in enumerate(self.cells):
            line = []
            for c, v in enumerate(row):
                text = "G" if (r, c) == self.end else str(v)
                line.append(text + ("°" if (r, c) in self.circled else ""))
            out.append(line)
        return out

    def text(self) -> str:
        """The maze in the text format (what :func:`parse` reads).

        >>> print(parse("rule: diag8\\n1 2c\\n# 0").text())
        rule: diag8
        start: 0 0
        goal: 1 1
        1 2c
        # 0
        """
        lines = [f"rule: {self.rule}", f"start: {self.start[0]} {self.start[1]}",
                 f"goal: {self.end[0]} {self.end[1]}"]
        for r, row in enumerate(self.cells):
            lines.append(" ".join(f"{v}{'c' if (r, c) in self.circled else ''}" for c, v in enumerate(row)))
        return "\n".join(lines)


#: The longest jump length a file may give (more digits could only be a mistake or an attack).
MAX_JUMP_DIGITS = 6


#: The most bytes a maze file may have: a 1000 x 1000 maze of 6-digit circled lengths, and some comments.
MAX_TEXT_BYTES = 8 * 2**20


def _is_number(text: str) -> bool:
    return text.isascii() and text.isdigit()     # '²' is a digit to str.isdigit, but no jump length


def _token_rule(tok: str) -> Optional[str]:
    core = tok[:-1] if tok.endswith("c") and len(tok) > 1 else tok
    if _is_number(core) and len(core) > MAX_JUMP_DIGITS:
        return f"a jump length has at most {MAX_JUMP_DIGITS} digits (this one has {len(core)})"
    if tok == HOLE or core == WILD or _is_number(core):
        return None
    if core.startswith("-") and _is_number(core[1:]):
        return "jump lengths cannot be negative (0 is a dead end)"
    return "use a number >= 0, '*' (wildcard), '#' (hole), or add 'c' for a circled cell (3c, *c)"


def parse(text: str, rule: Optional[str] = None) -> JumpMaze:
    """Read a jumping maze in the text format (optional ``rule:``, ``start: R C``, ``goal: R C``
    header lines, then rows of tokens); ``rule`` overrides the header.

    >>> parse("1 -2\\n1 0")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: line 1, column 3: '-2' is not allowed here: jump lengths cannot be negative (0 is a dead end)
    >>> parse("start: 0 1\\n1 #\\n1 0")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: line 1: start: (0, 1) is a hole ('#'): start and goal must be cells you can stand on
    """
    p = parse_grid(text, split="whitespace", headers=["rule", "start", "goal"], token_rule=_token_rule)
    rows, cols = p.shape
    cells, circled = [], set()
    for r, row in enumerate(p.rows):
        out = []
        for c, tok in enumerate(row):
            if tok.endswith("c") and len(tok) > 1:
                circled.add((r, c))
                tok = tok[:-1]
            out.append(int(tok) if _is_number(tok) else tok)
        cells.append(tuple(out))
    try:
        rule = check_rule(rule if rule is not None else p.headers.get("rule"))
    except ValueError as exc:
        raise p.header_error("rule", str(exc)) from None
    ends = {}
    for key, default in (("start", (0, 0)), ("goal", (rows - 1, cols - 1))):
        cell = default
        if key in p.headers:
            try:
                cell = parse_cell(p.headers[key], where=key)
            except ValueError as exc:
                raise p.header_error(key, str(exc).split(": ", 1)[-1]) from None
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            raise GridParseError(p.header_lines.get(key), None,
                                 f"{key}: {cell} is off the {rows} x {cols} board")
        if cells[cell[0]][cell[1]] == HOLE:
            raise GridParseError(p.header_lines.get(key), None,
                                 f"{key}: {cell} is a hole ('#'): start and goal must be cells you can stand on")
        ends[key] = cell
    if any(v == WILD for row in cells for v in row) and "wildcard" not in rule.split("+"):
        where = next((r, c) for r, row in enumerate(cells) for c, v in enumerate(row) if v == WILD)
        raise p.error(where, "a '*' cell needs the wildcard rule (add 'rule: wildcard')")
    return JumpMaze(rows, cols, tuple(cells), ends["start"], ends["goal"], rule, frozenset(circled))


CHAIN_REACTION = replace(parse("""
; Chain Reaction, a 6 x 6 number maze: start top-left, goal bottom-right.
4 4 2 2 2 5
5 1 2 3 1 2
3 3 3 2 3 4
2 1 2 2 3 5
3 3 3 3 4 1
4 3 5 2 5 0
"""), name="Chain Reaction")


def _rule_of(maze: JumpMaze, rule) -> frozenset:
    names = _names(maze.rule if rule is None else rule)
    if "wildcard" not in names and any(v == WILD for row in maze.cells for v in row):
        raise ValueError("this maze has '*' cells: they need the wildcard rule")
    return names


def _has_state(names) -> bool:
    return any(n in names for n in _STATE_RULES)


def start_state(maze: JumpMaze, rule=None):
    """Where a search starts: the start cell, or ``(cell, mode, last_dir, last_len)`` for rules with state."""
    return (maze.start, 0, None, None) if _has_state(_rule_of(maze, rule)) else maze.start


def cell_of(state) -> tuple:
    """The cell of a search state (a state is a cell, or a tuple whose first item is the cell)."""
    return state[0] if isinstance(state[0], tuple) else state


#: Rules with states search up to 9 states per cell, one Python dict entry each: beyond this many
#: cells (a 300 x 300 maze) they would take gigabytes, so they are refused with this limit.
STATE_MAX_CELLS = 90_000


def successors(maze: JumpMaze, rule=None) -> Callable:
    """The rules as a function ``state -> list of next states``, directions in the order
    Up, Right, Down, Left, then the diagonals.

    >>> succ = successors(CHAIN_REACTION)
    >>> succ((0, 0))
    [(0, 4), (4, 0)]
    >>> successors(CHAIN_REACTION, "alternate")(((0, 0), 0, None, None))
    [((0, 4), 1, None, None), ((4, 0), 1, None, None)]
    """
    names = _rule_of(maze, rule)
    grid, cells, goal = maze.grid, maze.cells, maze.end
    step, wrap = grid.step, "wrap" in names
    if not _has_state(names):
        dirs = ALL_EIGHT if "diag8" in names else RIGHT_DOWN if "rightdown" in names else ORTHOGONAL

        def succ_cell(cell):
            if cell == goal:
                return []
            r, c = cell
            n = cells[r][c]
            if not n or n == HOLE:
                return []
            out = []
            for d in dirs:
                to = step(cell, d, n, wrap=wrap)
                if to is not None and cells[to[0]][to[1]] != HOLE and to not in out:  # wrapping can land twice
                    out.append(to)
            return out
        return succ_cell

    if maze.rows * maze.cols > STATE_MAX_CELLS:
        raise ValueError(f"rule {'+'.join(n for n in RULES if n in names)!r} keeps states beyond the cell "
                         f"(direction, mode, length): at most {STATE_MAX_CELLS:,} cells, and this maze has "
                         f"{maze.rows} x {maze.cols} = {maze.rows * maze.cols:,} (use a cell rule: "
                         f"{', '.join(n for n in RULES if n not in _STATE_RULES)})")
    moded = "alternate" in names or "toggle" in names
    base = ALL_EIGHT if "diag8" in names else RIGHT_DOWN if "rightdown" in names else ORTHOGONAL
    keep_dir, keep_len = "nouturn" in names, "wildcard" in names
    toggle, circled = "toggle" in names, maze.circled

    def succ_state(state):
        cell, mode, last_dir, last_len = state
        if cell == goal:
            return []
        r, c = cell
        n = cells[r][c]
        if n == WILD:
            n = last_len
        if not n or n == HOLE:
            return []
        dirs = (DIAGONAL if mode else ORTHOGONAL) if moded else base
        out = []
        for d in dirs:
            if keep_dir and last_dir is not None and d == (-last_dir[0], -last_dir[1]):
                continue
            to = step(cell, d, n, wrap=wrap)
            if to is None or cells[to[0]][to[1]] == HOLE:
                continue
            new_mode = mode
            if moded:
                new_mode = (1 - mode) if (not toggle or to in circled) else mode
            nxt = (to, new_mode, d if keep_dir else None, n if keep_len else None)
            if nxt not in out:
                out.append(nxt)
        return out
    return succ_state


def landings(maze: JumpMaze, state, rule=None) -> dict:
    """``{cell: next state}`` for every legal jump from ``state`` (what :func:`successors` gives).

    >>> sorted(landings(CHAIN_REACTION, (0, 0)))
    [(0, 4), (4, 0)]
    """
    return {cell_of(s): s for s in successors(maze, rule)(state)}


def rule_text(rule: str) -> str:
    """Every part of a rule in words.

    >>> rule_text("diag8+nouturn")
    'jump in any of the 8 directions; never jump straight back the way you came'
    """
    return "; ".join(RULES[name] for name in check_rule(rule).split("+"))


_DIRECTION_WORDS = {"diag8": "in any of the 8 directions", "rightdown": "right or down",
                    "ortho": "up, right, down or left"}


def refusal(maze: JumpMaze, route, cell) -> Optional[str]:
    """Why the next jump of ``route`` may not land on ``cell``, in the words a game says to the player
    (None when it may): the rule's directions, the jump length, holes and dead ends.

    ``route`` is the route so far: the search states a game keeps (:func:`start_state`, then the
    states of :func:`landings`), or its cells, which are followed from the start.

    >>> refusal(CHAIN_REACTION, [(0, 0)], (0, 4)) is None
    True
    >>> refusal(CHAIN_REACTION, [(0, 0)], (1, 1))
    '(1, 1) is not a legal jump from (0, 0): from a 4 you jump exactly 4 cells up, right, down or left.'
    """
    return _refusal_at(maze, _last_state(maze, route), tuple(cell))


def _last_state(maze: JumpMaze, route):
    """The state a route ends in: its last item when that is a state (or the rule keeps none), else
    the state reached by following its cells from the start, as a game would."""
    last = route[-1] if route else maze.start
    if isinstance(last[0], tuple) or not _has_state(_rule_of(maze, None)):
        return last
    state = start_state(maze)
    for k, cell in enumerate(route[1:], 1):
        state = landings(maze, state).get(tuple(cell))
        if state is None:
            raise ValueError(f"jump {k}: {tuple(cell)} is not a legal landing after {tuple(route[k - 1])}")
    return state


def _refusal_at(maze: JumpMaze, state, cell) -> Optional[str]:
    if cell in landings(maze, state):
        return None
    here = cell_of(state)
    value = maze.value(here)
    if value == WILD:
        value = state[3]
        if value is None:
            return f"{here} is a wildcard with no jump before it to repeat: there is no move."
    if value == 0:
        return f"{here} holds 0, a dead end: Undo or Reset."
    if maze.grid.in_bounds(cell) and maze.value(cell) == HOLE:
        return f"{cell} is a hole: you may jump over holes but never land on one."
    names = _names(maze.rule)
    if isinstance(state[0], tuple) and ("alternate" in names or "toggle" in names):
        where = "diagonally" if state[1] else "up, right, down or left"
    else:
        where = next((_DIRECTION_WORDS[n] for n in _DIRECTION_RULES if n in names and n in _DIRECTION_WORDS),
                     _DIRECTION_WORDS["ortho"])
    extra = " (and not straight back)" if "nouturn" in names else ""
    if "wrap" in names:
        extra += ", wrapping around the edges"
    return f"{cell} is not a legal jump from {here}: from a {value} you jump exactly {value} cells {where}{extra}."


def view(maze: JumpMaze, route=None) -> tuple:
    """``(texts, roles)``: the numbers (G at the goal), the holes (``rock``), the start, the goal and a
    route's cells."""
    roles = {cell: "rock" for cell in maze.grid.cells() if maze.value(cell) == HOLE}
    roles.update({cell_of(tuple(item)): "path" for item in route or ()})   # cells, or a game's states
    roles.update({maze.start: "start", maze.end: "goal"})
    return maze.texts(), roles
