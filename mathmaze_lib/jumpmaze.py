"""Jumping mazes (number mazes): each number is the exact length of the next jump.

From a cell holding ``n`` you jump exactly ``n`` cells in a straight line and
must land on the board; find the shortest route (fewest jumps) from the start
to the goal.  The rules say which directions are allowed and what else matters:

* cell rules (the state is just the cell): ``ortho`` (default; up, right, down,
  left), ``diag8`` (any of 8 directions), ``rightdown`` (only right or down), and
  the modifier ``wrap`` (jumps wrap around the edges);
* rules that need more than the cell (the state is ``(cell, mode, last_dir, last_len)``):
  ``alternate`` (orthogonal first, then diagonal and orthogonal in turn), ``toggle``
  (start orthogonal; landing on a circled cell switches between orthogonal and diagonal),
  ``nouturn`` (never jump straight back the way you came), ``wildcard`` (a ``*`` cell
  repeats the previous jump's length; a ``*`` at the start has no jump yet, so no move).

Rules combine with ``+`` (``"diag8+nouturn"``); at most one of ortho, diag8,
rightdown, alternate and toggle.  Holes ``#`` are never landed on but may be
jumped over; a 0 is a dead end; the goal's own number is ignored.

All searching goes through :mod:`mathmaze_lib.search` with the successor
function of the rules, so a huge maze needs no graph object.

>>> m = CHAIN_REACTION
>>> moves_table(m)[0], moves_table(m)[2]
([4, 24], [0, 4, 14])
>>> s = solve(m)
>>> s.jumps, [m.index(c) for c in s.route]
(13, [0, 24, 6, 11, 23, 18, 20, 22, 19, 25, 7, 1, 5, 35])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, Optional

import networkx as nx

from .grid import ALL_EIGHT, DIAGONAL, ORTHOGONAL, Grid, GridParseError, check_size, parse_cell, parse_grid
from .search import all_shortest_paths, bfs, _bfs_dense, count_shortest_paths, tree_search
from .shape import OneStartOneEnd, Verdict

__all__ = ["JumpMaze", "parse", "CHAIN_REACTION", "RULES", "check_rule", "moves_table", "successors",
           "start_state", "cell_of", "landings", "why_not", "rule_text",
           "jump_graph", "solve", "Solution", "count_shortest", "all_shortest",
           "distances_from_start", "distances_to_goal", "unreachable", "black_holes", "white_holes",
           "analyse", "generate", "Generated", "random_maze", "layer_expand"]

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


# ---------------------------------------------------------------- rules as successor functions

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


def why_not(maze: JumpMaze, state, cell, rule=None) -> Optional[str]:
    """Why a jump from ``state`` may not land on ``cell``, in the words a game says to the player
    (None when it may): the rule's directions, the jump length, holes and dead ends.

    >>> why_not(CHAIN_REACTION, (0, 0), (0, 4)) is None
    True
    >>> why_not(CHAIN_REACTION, (0, 0), (1, 1))
    '(1, 1) is not a legal jump from (0, 0): from a 4 you jump exactly 4 cells up, right, down or left.'
    """
    cell = tuple(cell)
    if cell in landings(maze, state, rule):
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
    names = _names(maze.rule if rule is None else rule)
    if isinstance(state[0], tuple) and ("alternate" in names or "toggle" in names):
        where = "diagonally" if state[1] else "up, right, down or left"
    else:
        where = next((_DIRECTION_WORDS[n] for n in _DIRECTION_RULES if n in names and n in _DIRECTION_WORDS),
                     _DIRECTION_WORDS["ortho"])
    extra = " (and not straight back)" if "nouturn" in names else ""
    if "wrap" in names:
        extra += ", wrapping around the edges"
    return f"{cell} is not a legal jump from {here}: from a {value} you jump exactly {value} cells {where}{extra}."


#: From this many cells on, :func:`solve` searches cell rules a whole layer at a time (numpy).
DENSE_FROM = 40_000
_DENSE_ONLY = "the layer-at-a-time search is only for BFS with a cell rule, no trace and no cap"


def layer_expand(maze: JumpMaze, rule=None) -> Callable:
    """A cell rule as ``expand(frontier)`` for :func:`mathmaze_lib.search._bfs_dense`: cells are
    numbered ``r * cols + c``; one array of landing cells (or -1) per direction, in direction order.

    >>> import numpy as np
    >>> [a.tolist() for a in layer_expand(CHAIN_REACTION)(np.array([0]))]
    [[-1], [4], [24], [-1]]
    """
    import numpy as np

    names = _rule_of(maze, rule)
    if _has_state(names):
        raise ValueError(_DENSE_ONLY)

    rows, cols = maze.rows, maze.cols
    values = np.array([[-1 if v == HOLE else v for v in row] for row in maze.cells], dtype=np.int64).ravel()
    goal = maze.index(maze.end)
    wrap = "wrap" in names
    dirs = ALL_EIGHT if "diag8" in names else RIGHT_DOWN if "rightdown" in names else ORTHOGONAL

    def expand(frontier):
        n = values[frontier]
        r, c = np.divmod(frontier, cols)
        alive = (n > 0) & (frontier != goal)
        out = []
        for dr, dc in dirs:
            nr, nc = r + dr * n, c + dc * n
            if wrap:
                nr, nc = nr % rows, nc % cols
                ok = alive.copy()
            else:
                ok = alive & (nr >= 0) & (nr < rows) & (nc >= 0) & (nc < cols)
            target = np.where(ok, nr * cols + nc, -1)
            target[ok] = np.where(values[target[ok]] >= 0, target[ok], -1)
            out.append(target)
        return out
    return expand


def moves_table(maze: JumpMaze, rule=None) -> dict:
    """Cell number -> the numbers of the cells one jump away (sorted), for every cell but holes.
    Only for rules without state (the table of cells is then the whole graph).

    >>> moves_table(parse("1 1\\n1 0"))
    {0: [1, 2], 1: [0, 3], 2: [0, 3], 3: []}
    """
    names = _rule_of(maze, rule)
    if _has_state(names):
        raise ValueError(f"rule {'+'.join(sorted(names))!r} needs states beyond the cell: use jump_graph")
    succ = successors(maze, rule)
    return {maze.index(cell): sorted(maze.index(n) for n in succ(cell))
            for cell in maze.grid.cells() if maze.value(cell) != HOLE}


def _all_fresh_states(maze: JumpMaze, names) -> list:
    cells = [c for c in maze.grid.cells() if maze.value(c) != HOLE]
    return [(c, 0, None, None) for c in cells] if _has_state(names) else cells


def jump_graph(maze: JumpMaze, rule=None, *, whole: bool = False) -> nx.DiGraph:
    """The jump graph as a ``networkx.DiGraph``: nodes are states (cells for cell rules) with a
    ``cell`` attribute, edges carry ``dir`` and ``length``.

    For cell rules it holds every cell; for rules with state, the states reachable from the
    start (``whole=True``: from a fresh start on every cell).

    >>> g = jump_graph(CHAIN_REACTION)
    >>> g.number_of_nodes(), g.number_of_edges(), g.edges[(0, 0), (0, 4)]
    (36, 83, {'dir': (0, 1), 'length': 4})
    """
    names = _rule_of(maze, rule)
    succ = successors(maze, rule)
    g = nx.DiGraph()
    if _has_state(names):
        sources = _all_fresh_states(maze, names) if whole else [start_state(maze, rule)]
        todo, seen = list(sources), set(sources)
    else:
        todo = _all_fresh_states(maze, names)
        seen = set(todo)
    for s in todo:
        g.add_node(s, cell=cell_of(s))
    while todo:
        s = todo.pop()
        (r, c) = cell_of(s)
        for t in succ(s):
            (tr, tc) = cell_of(t)
            dr, dc = tr - r, tc - c
            length = max(abs(dr), abs(dc))
            step = (dr // length, dc // length) if length and "wrap" not in names else None
            g.add_edge(s, t, dir=step if step else (0, 0), length=length)
            g.nodes[t]["cell"] = (tr, tc)
            if t not in seen:
                seen.add(t)
                todo.append(t)
    return g


# ---------------------------------------------------------------- solving

@dataclass
class Solution:
    """A shortest route: ``route`` (cells; None when there is none), ``states``, ``jumps``,
    the search's counters (``expanded``, ``generated``) and ``result``; ``capped`` is True when
    the search stopped at its expansion cap before an answer (then no route is known, not that
    there is none)."""

    route: Optional[list]
    states: Optional[list]
    jumps: Optional[int]
    expanded: int
    generated: int
    method: str
    result: object = None
    capped: bool = False


def _goal_test(maze):
    goal = maze.end
    return lambda state: cell_of(state) == goal


def solve(maze: JumpMaze, rule=None, method: str = "bfs", *, trace: bool = False,
          max_expansions: Optional[int] = None, dense: Optional[bool] = None) -> Solution:
    """A shortest route from start to goal by ``method`` ``"bfs"`` (with a visited set) or
    ``"tree"`` (the naive queue of routes, no visited set; capped by ``max_expansions``).

    Big mazes (``DENSE_FROM`` cells or more) under a cell rule are searched a whole BFS layer at
    a time (:func:`mathmaze_lib.search._bfs_dense`), which finds the very same route;
    ``dense=True`` / ``False`` forces the choice.

    >>> b, t = solve(CHAIN_REACTION), solve(CHAIN_REACTION, method="tree")
    >>> b.route == t.route, b.expanded < 100 < 1000 < t.expanded
    (True, True)
    """
    names = _rule_of(maze, rule)
    if dense is None:
        dense = (method == "bfs" and not trace and max_expansions is None and not _has_state(names)
                 and maze.rows * maze.cols >= DENSE_FROM)
    if dense:
        if method != "bfs" or trace or max_expansions is not None:
            raise ValueError(_DENSE_ONLY)
        res = _bfs_dense(layer_expand(maze, rule), maze.rows * maze.cols, [maze.index(maze.start)],
                        maze.index(maze.end))
        route = [maze.cell_at(i) for i in res.path] if res.goal is not None else None
        return Solution(route, route, len(route) - 1 if route else None, res.expanded, len(res.dist), "bfs", res)
    succ, start, is_goal = successors(maze, rule), start_state(maze, rule), _goal_test(maze)
    if method == "bfs":
        res = bfs(succ, start, is_goal, trace=trace, max_expansions=max_expansions)
        states = res.path
        generated = len(res.dist)
    elif method == "tree":
        res = tree_search(succ, start, is_goal, cap=max_expansions or 2_000_000, trace=trace)
        states, generated = res.route, res.generated
    else:
        raise ValueError(f"method {method!r}: use 'bfs' or 'tree'")
    route = [cell_of(s) for s in states] if states else None
    capped = bool(getattr(res, "capped", False)) or (
        method == "bfs" and route is None and max_expansions is not None and res.expanded >= max_expansions)
    return Solution(route, states, len(route) - 1 if route else None, res.expanded, generated, method, res,
                    capped)


def count_shortest(maze: JumpMaze, rule=None) -> int:
    """How many different shortest routes lead from start to goal (0 when none).

    >>> count_shortest(CHAIN_REACTION)
    1
    """
    return count_shortest_paths(successors(maze, rule), start_state(maze, rule), _goal_test(maze))


def all_shortest(maze: JumpMaze, rule=None, cap: int = 100) -> list:
    """Up to ``cap`` shortest routes (lists of cells)."""
    routes = all_shortest_paths(successors(maze, rule), start_state(maze, rule), _goal_test(maze), cap=cap)
    return [[cell_of(s) for s in r] for r in routes]


def _per_cell(dist: dict) -> dict:
    out: dict = {}
    for state, d in dist.items():
        cell = cell_of(state)
        if cell not in out or d < out[cell]:
            out[cell] = d
    return out


def distances_from_start(maze: JumpMaze, rule=None) -> dict:
    """``{cell: fewest jumps from the start}`` for every reachable cell (the BFS layers).

    >>> distances_from_start(parse("1 1\\n1 0"))
    {(0, 0): 0, (0, 1): 1, (1, 0): 1, (1, 1): 2}
    """
    return _per_cell(bfs(successors(maze, rule), start_state(maze, rule)).dist)


def _reverse_from_goal(maze, rule) -> tuple:
    g = jump_graph(maze, rule, whole=True)
    goals = [n for n, cell in g.nodes(data="cell") if cell == maze.end]
    if not goals:
        return g, {}
    return g, bfs(g.reverse(copy=False), sources=goals).dist


def distances_to_goal(maze: JumpMaze, rule=None) -> dict:
    """``{cell: fewest jumps to the goal}`` (a BFS on the reversed graph from the goal).

    >>> distances_to_goal(parse("1 1\\n1 0"))[(0, 0)]
    2
    """
    return _per_cell(_reverse_from_goal(maze, rule)[1])


def analyse(maze: JumpMaze, rule=None) -> dict:
    """Where the maze's traps are: ``unreachable`` cells (no route from the start), ``black_holes``
    (reachable, but the goal cannot be reached from there), ``white_holes`` (the goal can be reached
    from there, but they cannot be reached from the start). Each a sorted list of cells.

    >>> analyse(parse("1 2 1\\n0 1 0\\n1 1 0"))
    {'unreachable': [(0, 2)], 'black_holes': [(1, 0), (1, 2)], 'white_holes': [(0, 2)]}
    """
    g, to_goal = _reverse_from_goal(maze, rule)
    reach = bfs(successors(maze, rule), start_state(maze, rule)).dist
    reach_cells = {cell_of(s) for s in reach}
    good = {cell_of(s) for s in reach if s in to_goal}
    cells = [c for c in maze.grid.cells() if maze.value(c) != HOLE]
    from_goal_side = {cell_of(s) for s in to_goal}
    return {"unreachable": sorted(c for c in cells if c not in reach_cells),
            "black_holes": sorted(c for c in reach_cells if c not in good),
            "white_holes": sorted(c for c in from_goal_side if c not in reach_cells)}


def unreachable(maze, rule=None) -> list:
    """Cells no route from the start reaches."""
    return analyse(maze, rule)["unreachable"]


def black_holes(maze, rule=None) -> list:
    """Reachable cells from which the goal cannot be reached."""
    return analyse(maze, rule)["black_holes"]


def white_holes(maze, rule=None) -> list:
    """Cells that lead to the goal but cannot be reached from the start."""
    return analyse(maze, rule)["white_holes"]


# ---------------------------------------------------------------- generating

__all__ += ["OBJECTIVE", "TERMS", "TEMPERATURE", "DesignTerms", "design_terms", "score_parts", "score_terms", "default_steps"]


def _max_jump(rows: int, cols: int, cell, names) -> int:
    r, c = cell
    if "wrap" in names:
        return max(rows, cols) - 1
    reach = [rows - 1 - r, cols - 1 - c]
    if "rightdown" not in names:
        reach += [r, c]
    return max(1, max(reach))


def random_maze(rng: random.Random, rows: int, cols: int, rule: str = "ortho") -> JumpMaze:
    """A maze of random jump lengths, each one that can land somewhere (for the generator and benchmarks)."""
    check_size(rows, cols)
    names = _names(rule)
    cells = tuple(tuple(0 if (r, c) == (rows - 1, cols - 1) else rng.randint(1, _max_jump(rows, cols, (r, c), names))
                        for c in range(cols)) for r in range(rows))
    circled = frozenset((r, c) for r in range(rows) for c in range(cols) if "toggle" in names and rng.random() < 0.2)
    return JumpMaze(rows, cols, cells, (0, 0), (rows - 1, cols - 1), check_rule(rule), circled)


#: The design terms of the generator's objective (after Neller et al., "Rook Jumping Maze Design
#: Considerations", 2010) and their default weights.  The score of a maze is
#: ``route * jumps - unique * min(shortest_routes - 1, 5) - black_holes * black holes
#: - white_holes * white holes - forced * forced**2 - clusters * clusters`` (higher is better).
OBJECTIVE = {"route": 1.0, "unique": 2.0, "black_holes": 2.0, "white_holes": 0.0, "forced": 0.5, "clusters": 0.05}

#: What each design term measures, in a learner's words.
TERMS = {
    "route": "jumps on the shortest route from start to goal (a long route is a good puzzle)",
    "unique": "more than one shortest route (the puzzle should have one best answer)",
    "black_holes": "cells you can land on but from which the goal can never be reached (traps)",
    "white_holes": "cells that lead to the goal but that no route from the start ever reaches (wasted)",
    "forced": "forced opening: jumps at the start that have only one choice (boring), squared",
    "clusters": "groups of side-by-side cells with the same number: (size - 1) squared per group "
                "(they look dull and are easy to read)",
}

#: The annealing's temperature at the start and at the end of each round, in score points (jumps);
#: ``(0, 0)`` is plain hill climbing.
TEMPERATURE = (2.0, 0.2)

#: The score of a maze with no route at all (plus the number of states reached): below any maze with one.
NO_ROUTE = -1e6


@dataclass(frozen=True)
class DesignTerms:
    """The design terms of one maze: ``jumps`` (None when there is no route), ``shortest_routes``,
    ``black_holes``, ``white_holes``, ``unreachable`` (cells), ``forced`` (forced opening jumps),
    ``clusters`` (the sum of (size - 1)**2 over groups of side-by-side equal numbers) and
    ``reached`` (states reached from the start)."""

    jumps: Optional[int]
    shortest_routes: int
    black_holes: int
    white_holes: int
    unreachable: int
    forced: int
    clusters: int
    reached: int

    @property
    def good(self) -> bool:
        """A unique shortest route and no black holes (what every generated maze should have)."""
        return self.jumps is not None and self.shortest_routes == 1 and self.black_holes == 0


def _check_objective(objective) -> dict:
    weights = dict(OBJECTIVE)
    if objective is None:
        return weights
    if not isinstance(objective, dict):
        raise ValueError(f"objective {objective!r}: give a dict of weights, like {{'clusters': 0}}")
    for name, w in objective.items():
        if name not in OBJECTIVE:
            raise ValueError(f"objective term {name!r}: unknown term (terms: {', '.join(OBJECTIVE)})")
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not 0 <= w < float("inf"):
            raise ValueError(f"objective term {name!r} = {w!r}: a weight is a number >= 0")
        weights[name] = float(w)
    return weights


def score_parts(terms: DesignTerms, objective=None) -> dict:
    """What each design term adds to the score (weight times the term's measure; all but the
    route's are penalties, so zero or negative), in the order of :data:`OBJECTIVE`.

    >>> t = DesignTerms(jumps=18, shortest_routes=1, black_holes=0, white_holes=2, unreachable=2,
    ...                 forced=1, clusters=4, reached=23)
    >>> score_parts(t)
    {'route': 18.0, 'unique': 0.0, 'black_holes': 0.0, 'white_holes': 0.0, 'forced': -0.5, 'clusters': -0.2}
    """
    w = _check_objective(objective)
    if terms.jumps is None:
        raise ValueError("score_parts: this maze has no route from start to goal, so no design terms to weigh")
    measure = {"route": terms.jumps, "unique": min(terms.shortest_routes - 1, 5), "black_holes": terms.black_holes,
               "white_holes": terms.white_holes, "forced": terms.forced ** 2, "clusters": terms.clusters}
    return {name: w[name] * measure[name] if name == "route" else 0.0 - w[name] * measure[name] for name in OBJECTIVE}


def score_terms(terms: DesignTerms, objective=None) -> float:
    """The generator's score of a maze from its design terms (higher is better; the sum of
    :func:`score_parts`, or :data:`NO_ROUTE` plus the states reached when there is no route).

    >>> t = DesignTerms(jumps=18, shortest_routes=1, black_holes=0, white_holes=2, unreachable=2,
    ...                 forced=1, clusters=3, reached=23)
    >>> score_terms(t), score_terms(t, {"clusters": 0, "forced": 0})
    (17.35, 18.0)
    """
    if terms.jumps is None:
        _check_objective(objective)
        return NO_ROUTE + terms.reached
    return sum(score_parts(terms, objective).values())


def _cluster_penalty(keys: list, rows: int, cols: int) -> int:
    """Sum of (size - 1)**2 over groups of side-by-side cells with equal keys (None: not counted)."""
    nbrs = Grid(rows, cols).neighbour_table(ORTHOGONAL)
    seen = [False] * len(keys)
    total = 0
    for i, key in enumerate(keys):
        if seen[i] or key is None:
            continue
        seen[i] = True
        stack, size = [i], 0
        while stack:
            j = stack.pop()
            size += 1
            for k in nbrs[j]:
                if not seen[k] and keys[k] == key:
                    seen[k] = True
                    stack.append(k)
        total += (size - 1) ** 2
    return total


def _groups_at(keys: list, starts, nbrs: list) -> int:
    """Sum of (size - 1)**2 over the groups of side-by-side equal keys that hold a cell of ``starts``."""
    seen, total = set(), 0
    for start in starts:
        key = keys[start]
        if start in seen or key is None:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            size += 1
            for k in nbrs[stack.pop()]:
                if keys[k] == key and k not in seen:
                    seen.add(k)
                    stack.append(k)
        total += (size - 1) ** 2
    return total


def _token_keys(maze: JumpMaze) -> list:
    return [None if (r, c) == maze.end or v == HOLE else (v, (r, c) in maze.circled)
            for r, row in enumerate(maze.cells) for c, v in enumerate(row)]


def design_terms(maze: JumpMaze, rule=None) -> DesignTerms:
    """The design terms of ``maze`` (what the generator's objective weighs), measured by one BFS
    forward from the start with path counts and one backward from the goal.

    >>> t = design_terms(CHAIN_REACTION)
    >>> t.jumps, t.shortest_routes, t.black_holes, t.forced, t.clusters
    (13, 1, 0, 0, 35)
    """
    if rule is not None:
        maze = replace(maze, rule=check_rule(rule))
    return _measure(maze, whole=True)


def _measure(maze: JumpMaze, whole: bool) -> DesignTerms:
    """:func:`design_terms`; ``whole=False`` skips the white holes (reported as 0), which need a
    search of the whole state graph."""
    names = _rule_of(maze, None)
    succ, start, goal = successors(maze), start_state(maze), maze.end
    dist, count, order, pred = {start: 0}, {start: 1}, [start], {}
    for u in order:
        du, cu = dist[u] + 1, count[u]
        for v in succ(u):
            pred.setdefault(v, []).append(u)
            dv = dist.get(v)
            if dv is None:
                dist[v], count[v] = du, cu
                order.append(v)
            elif dv == du:
                count[v] += cu
    goals = [s for s in order if cell_of(s) == goal]
    cells = [c for c in maze.grid.cells() if maze.value(c) != HOLE]
    reach_cells = {cell_of(s) for s in order}
    clusters = _cluster_penalty(_token_keys(maze), maze.rows, maze.cols)
    if not goals:
        return DesignTerms(None, 0, len(reach_cells), 0, len(cells) - len(reach_cells), 0, clusters, len(order))
    jumps = min(dist[g] for g in goals)
    routes = sum(count[g] for g in goals if dist[g] == jumps)
    good = {cell_of(s) for s in _backwards(goals, pred)}
    white = 0
    if whole:  # search the whole state graph (a fresh start on every cell) backwards from the goal
        sources = _all_fresh_states(maze, names)
        seen, whole_pred = set(sources), {}
        todo = list(sources)
        for u in todo:
            for v in succ(u):
                whole_pred.setdefault(v, []).append(u)
                if v not in seen:
                    seen.add(v)
                    todo.append(v)
        back = _backwards([s for s in seen if cell_of(s) == goal], whole_pred)
        white = len({cell_of(s) for s in back} - reach_cells)
    forced, state = 0, start
    while forced < len(cells):
        nxt = succ(state)
        if len(nxt) != 1:
            break
        state, forced = nxt[0], forced + 1
    return DesignTerms(jumps, routes, len(reach_cells - good), white, len(cells) - len(reach_cells),
                       forced, clusters, len(order))


def _backwards(goals, pred) -> set:
    back, todo = set(goals), list(goals)
    for v in todo:
        for u in pred.get(v, ()):
            if u not in back:
                back.add(u)
                todo.append(u)
    return back


class _CellScorer:
    """Design terms of a cell-rule maze on plain lists: cells are numbers ``r * cols + c`` and
    ``succ[i]`` the landing cells of cell ``i`` (remembered per jump length), so a one-cell change
    costs one list assignment.
    :meth:`route` measures the route (a BFS over ints that stops after the goal's layer);
    :meth:`rest` finishes the search and counts the holes, only when asked."""

    def __init__(self, rows, cols, names, start: int, goal: int):
        self.grid = Grid(rows, cols)
        self.rows, self.cols, self.n, self.start, self.goal = rows, cols, self.grid.size, start, goal
        self.dirs = ALL_EIGHT if "diag8" in names else RIGHT_DOWN if "rightdown" in names else ORTHOGONAL
        self.wrap = "wrap" in names
        self.succ = [()] * self.n
        self._landings = [{} for _ in range(self.n)]  # cell -> {jump length: landing cells}, filled as used
        self._bfs = None

    def load(self, vals, circled) -> None:
        for i in range(self.n):
            self.changed(i, vals)

    def changed(self, i, vals, circled=None) -> None:
        k = vals[i]
        known = self._landings[i].get(k)
        if known is None:
            known = self._landings[i][k] = () if i == self.goal else self._landing(i, k)
        self.succ[i] = known

    def _landing(self, i, k) -> tuple:
        grid, cell, out = self.grid, self.grid.cell(i), []
        for direction in self.dirs:
            to = grid.step(cell, direction, k, wrap=self.wrap)
            if to is not None and grid.index(to) not in out:
                out.append(grid.index(to))
        return tuple(out)

    def route(self, vals, circled) -> tuple:
        """(jumps or None, shortest routes, forced opening jumps)."""
        n, succ, start, goal = self.n, self.succ, self.start, self.goal
        dist, count = [-1] * n, [0] * n
        dist[start], count[start] = 0, 1
        order, done, last = [start], 0, -1
        for u in order:
            if dist[u] == last:  # the goal's layer: nothing after it changes the count
                break
            done += 1
            du, cu = dist[u] + 1, count[u]
            for v in succ[u]:
                dv = dist[v]
                if dv < 0:
                    dist[v], count[v] = du, cu
                    order.append(v)
                    if v == goal:
                        last = du
                elif dv == du:
                    count[v] += cu
        self._bfs = (dist, order, done)
        if last < 0:
            return None, 0, 0
        forced, u = 0, start
        while forced < n and len(succ[u]) == 1:
            u, forced = succ[u][0], forced + 1
        return last, count[goal], forced

    def rest(self, whole: bool = False) -> tuple:
        """(black holes, white holes (0 unless ``whole``), unreachable, reached) after :meth:`route`."""
        n, succ, goal = self.n, self.succ, self.goal
        dist, order, done = self._bfs
        while done < len(order):  # finish the search: the rest of the reachable cells
            u = order[done]
            done += 1
            du = dist[u] + 1
            for v in succ[u]:
                if dist[v] < 0:
                    dist[v] = du
                    order.append(v)
        reached = len(order)
        if dist[goal] < 0:
            return reached, 0, n - reached, reached
        pred = [[] for _ in range(n)]
        for u in (range(n) if whole else order):
            for v in succ[u]:
                pred[v].append(u)
        back = [False] * n
        back[goal] = True
        todo = [goal]
        for v in todo:
            for u in pred[v]:
                if not back[u]:
                    back[u] = True
                    todo.append(u)
        black = sum(1 for u in order if not back[u])
        white = len(todo) - (reached - black) if whole else 0
        return black, white, n - reached, reached

    def reached(self, whole: bool = False):
        """After :meth:`rest`, a list with a negative number at the cells not reached from the start
        (None with ``whole``: the white holes depend on every cell)."""
        return None if whole else self._bfs[0]  # the distances: -1 where not reached


class _StateScorer:
    """Design terms of a maze under any rule (also rules with state), through :func:`design_terms`."""

    def __init__(self, rows, cols, rule, start, goal):
        self.rows, self.cols, self.rule = rows, cols, rule
        self.start, self.goal = Grid(rows, cols).cell(start), Grid(rows, cols).cell(goal)
        self._terms = None

    def load(self, vals, circled) -> None:
        pass

    def changed(self, i, vals, circled=None) -> None:
        pass

    def maze(self, vals, circled) -> JumpMaze:
        cols, grid = self.cols, Grid(self.rows, self.cols)
        cells = tuple(tuple(vals[r * cols:(r + 1) * cols]) for r in range(self.rows))
        return JumpMaze(self.rows, cols, cells, self.start, self.goal, self.rule,
                        frozenset(grid.cell(i) for i in circled))

    def route(self, vals, circled) -> tuple:
        self._maze = self.maze(vals, circled)
        self._terms = None
        t = self._terms = _measure(self._maze, whole=False)
        return t.jumps, t.shortest_routes, t.forced

    def rest(self, whole: bool = False) -> tuple:
        t = _measure(self._maze, whole=True) if whole else self._terms
        return t.black_holes, t.white_holes, t.unreachable, t.reached

    def reached(self, whole: bool = False):
        return None  # always measure afresh


def default_steps(rows: int, cols: int, rule: str = "ortho") -> int:
    """How many changes the generator tries by default, for rules on cells: 40,000 up to 25 cells,
    then 200,000 / sqrt(cells) up to 20 x 20 (20,000 on 10 x 10, 10,000 on 20 x 20), then 4,000,000 / cells
    (1,600 on 50 x 50, 400 on 100 x 100), because a step costs about as much as the cells: the
    total time then stays a few seconds.  (Beyond 20 x 20 the steps start from a built maze that
    already has its long unique route, and mend or polish it.)  Rules with state take a tenth of that
    (their steps cost more).

    >>> default_steps(5, 5), default_steps(10, 10), default_steps(100, 100), default_steps(6, 6, "nouturn")
    (40000, 20000, 400, 3333)
    """
    cells = rows * cols
    steps = min(40_000, int(200_000 / cells ** 0.5)) if cells <= 400 else 4_000_000 // cells
    return max(1, steps // 10) if _has_state(_names(rule)) else steps


@dataclass
class Generated:
    """What :func:`generate` made: the ``maze``, its ``score`` and the design terms behind it
    (``terms``, a :class:`DesignTerms`; the most used ones also as fields), the ``objective``
    weights used, ``steps`` tried out of ``budget``, and ``stopped`` (empty, or why the search
    stopped before its budget: then the maze depends on the machine's speed)."""

    maze: JumpMaze
    score: float
    jumps: Optional[int]
    shortest_routes: int
    black_holes: int
    unreachable: int
    steps: int
    white_holes: int = 0
    forced: int = 0
    clusters: int = 0
    terms: Optional[DesignTerms] = None
    objective: Optional[dict] = None
    budget: int = 0
    stopped: str = ""


def _check_temperature(temperature) -> tuple:
    try:
        hot, cold = temperature
        ok = all(not isinstance(t, bool) and isinstance(t, (int, float)) and 0 <= t < float("inf")
                 for t in (hot, cold)) and cold <= hot and (cold > 0 or hot == 0)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError(f"temperature {temperature!r}: give (start, end) with start >= end > 0, "
                         f"or (0, 0) for plain hill climbing")
    return float(hot), float(cold)


def _check_generate_options(id, rows, cols, steps, restarts, seconds) -> None:
    if isinstance(id, bool) or not isinstance(id, int) or id < 0:
        raise ValueError(f"maze id {id!r}: an id is a whole number >= 0")
    check_size(rows, cols, max_rows=100, max_cols=100)
    if rows * cols < 2:
        raise ValueError(f"grid size {rows} x {cols}: a maze needs at least 2 cells")
    if steps is not None and (isinstance(steps, bool) or not isinstance(steps, int) or steps < 0):
        raise ValueError(f"steps {steps!r}: the number of search steps is a whole number >= 0")
    if isinstance(restarts, bool) or not isinstance(restarts, int) or restarts < 1:
        raise ValueError(f"restarts {restarts!r}: the number of restarts is a whole number >= 1")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                or not 0 < seconds < float("inf")):
        raise ValueError(f"seconds {seconds!r}: the time limit is a number of seconds > 0")


def _check_jumps(jumps) -> tuple:
    """``(fewest, most)`` jumps wanted (``None`` for no bound) from ``jumps`` (None: any route)."""
    if jumps is None:
        return None, None
    try:
        lo, hi = jumps
        ok = all(v is None or (not isinstance(v, bool) and isinstance(v, int) and v >= 1) for v in (lo, hi))
        ok = ok and (lo is None or hi is None or lo <= hi)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise ValueError(f"jumps {jumps!r}: give (fewest, most) jumps for the shortest route, whole numbers "
                         f">= 1 with fewest <= most (None for no bound)")
    return lo, hi


#: From this many cells on (boards beyond 20 x 20), rules on cells are generated by the compiled
#: generator (:mod:`mathmaze_lib.fastjump`): a first maze with a long unique route, then annealing.
COMPILED_FROM = 401


def _compiled(rows: int, cols: int, names) -> bool:
    from . import fastjump

    return rows * cols >= COMPILED_FROM and not _has_state(names) and fastjump.AVAILABLE


def _generate_compiled(id, rows, cols, rule, weights, budget, restarts, temperature, rng, deadline, seconds,
                       progress, jumps) -> "Generated":
    from . import fastjump

    names, grid = _names(rule), Grid(rows, cols)
    maxk = [_max_jump(rows, cols, grid.cell(i), names) for i in range(grid.size)]
    vals, done, stopped = fastjump.generate(rows, cols, names, maxk, weights, budget, restarts, temperature,
                                            rng.getrandbits(64), deadline, progress, jumps)
    maze = replace(_StateScorer(rows, cols, rule, 0, grid.size - 1).maze(vals, set()), name=f"generated {id}")
    terms = design_terms(maze)
    note = f"time limit of {seconds:g} s reached after {done} of {budget} steps" if stopped else ""
    return Generated(maze, score_terms(terms, weights), terms.jumps, terms.shortest_routes, terms.black_holes,
                     terms.unreachable, done, terms.white_holes, terms.forced, terms.clusters, terms, weights,
                     budget, note)


def generate(id: int, rows: int = 5, cols: int = 5, rule: str = "ortho", steps: Optional[int] = None, *,
             objective: Optional[dict] = None, restarts: int = 4, temperature: tuple = TEMPERATURE,
             seconds: Optional[float] = None, progress: Optional[Callable] = None,
             jumps: Optional[tuple] = None) -> Generated:
    """A jumping maze made by simulated annealing (after Neller et al., "Rook Jumping Maze Design
    Considerations", 2010), the same for the same ``id``, size, rule and options.

    Start from random jump lengths; again and again change one random cell (its number; under
    ``toggle`` also whether it is circled, under ``wildcard`` also ``*``) and keep the change when
    the score (:func:`score_terms` with the weights ``objective``, see :data:`OBJECTIVE`) does not
    go down, or, with a chance that shrinks as the search cools, even when it does: that lets the
    search climb out of dead ends.  ``temperature`` (start, end) sets that chance: a change that
    loses ``d`` points is kept with probability ``exp(-d / T)``, and ``T`` cools from start to end
    (:data:`TEMPERATURE`; ``(0, 0)`` keeps only changes that do not lose, plain hill climbing).
    The budget of ``steps`` (default :func:`default_steps`) is split
    into ``restarts`` rounds, each starting hot again from the best maze so far.  The best maze with
    one shortest route and no black holes wins (the best of all if none has both; a term whose
    weight is 0 is not required).

    ``jumps=(fewest, most)`` asks for a shorter route than the longest the search can find (an easier
    maze): each jump past ``most`` counts as one jump less (so the search climbs to ``most`` and stays
    there), and only a maze whose route has ``fewest`` to ``most`` jumps counts as good (either bound
    may be None).  The score (:func:`score_terms`) is still the plain one.

    Boards of more than 400 cells (beyond 20 x 20) under a rule on cells start instead from a maze
    built with a long unique route and no black holes, and anneal it compiled
    (:mod:`mathmaze_lib.fastjump`: the same objective, random numbers of its own): a 50 x 50 maze
    takes about 0.1 s and its route about 1,200 jumps, a 100 x 100 one about 0.3 s and 5,000 jumps
    (with ``jumps``, the built route ends by ``most``).

    ``seconds`` is only a safety stop: when it fires, ``stopped`` says so and the maze depends on
    the machine's speed.  ``progress(step, steps, best_jumps)`` is called about 100 times.

    >>> g = generate(1, 5, 5)
    >>> g.maze == generate(1, 5, 5).maze, g.shortest_routes, g.black_holes, g.jumps >= 16
    (True, 1, 0, True)
    >>> 4 <= generate(1, 5, 5, jumps=(4, 7)).jumps <= 7
    True
    """
    import math
    import time

    _check_generate_options(id, rows, cols, steps, restarts, seconds)
    weights = _check_objective(objective)
    fewest, most = _check_jumps(jumps)
    hot, cold = _check_temperature(temperature)
    rule = check_rule(rule)
    names = _names(rule)
    budget = default_steps(rows, cols, rule) if steps is None else steps
    deadline = None if seconds is None else time.perf_counter() + seconds
    rng = random.Random(f"jumpmaze:{id}:{rows}x{cols}:{rule}")
    grid = Grid(rows, cols)
    n, start, goal = grid.size, 0, grid.size - 1
    if _compiled(rows, cols, names):
        return _generate_compiled(id, rows, cols, rule, weights, budget, restarts, (hot, cold), rng, deadline,
                                  seconds, progress, (fewest, most))
    wild, toggle = "wildcard" in names, "toggle" in names
    choices = []
    for i in range(n):
        options = list(range(1, _max_jump(rows, cols, grid.cell(i), names) + 1))
        choices.append(options + [WILD] if wild and i != start else options)
    vals = [rng.choice(choices[i]) if i != goal else 0 for i in range(n)]
    circled = {i for i in range(n) if toggle and i != goal and rng.random() < 0.2}
    scorer = (_StateScorer(rows, cols, rule, start, goal) if _has_state(names)
              else _CellScorer(rows, cols, names, start, goal))
    scorer.load(vals, circled)
    w_route, w_unique, w_black = weights["route"], weights["unique"], weights["black_holes"]
    w_white, w_forced, w_clusters = weights["white_holes"], weights["forced"], weights["clusters"]
    whole = w_white > 0

    # clusters change only near the changed cell: keep the total and recount the groups around it
    keys = [None if i == goal else (v, i in circled) for i, v in enumerate(vals)]
    clusters = _cluster_penalty(keys, rows, cols)
    nbrs = grid.neighbour_table(ORTHOGONAL)

    def value(t) -> float:
        jumps, routes, forced, black, white, reached = t
        if jumps is None:
            return NO_ROUTE + reached
        if most is not None and jumps > most:
            jumps = 2 * most - jumps       # past the longest route wanted, each jump counts as one less
        return (w_route * jumps - w_unique * min(routes - 1, 5) - w_forced * forced * forced
                - w_clusters * clusters - w_black * black - w_white * white)

    def measure(threshold=-float("inf"), i=None):
        """The design terms after a change of cell ``i`` (None when the score is surely below
        ``threshold``), and whether they were measured afresh."""
        if i is not None and kept[1] is not None and kept[1][i] < 0:
            return kept[0], False  # nobody lands on cell i, so nothing reachable changed
        jumps, routes, forced = scorer.route(vals, circled)
        if jumps is None:
            return (None, 0, 0, 0, 0, scorer.rest()[3]), True
        if value((jumps, routes, forced, 0, 0, 0)) < threshold:  # holes only lower the score
            return None, True
        black, white, _, reached = scorer.rest(whole)
        return (jumps, routes, forced, black, white, reached), True

    def good(t) -> bool:
        return (t[0] is not None and (t[1] == 1 or not w_unique) and (t[3] == 0 or not w_black)
                and (fewest is None or t[0] >= fewest) and (most is None or t[0] <= most))

    kept = (None, None)
    terms, _ = measure()
    kept = (terms, scorer.reached(whole))
    current = value(terms)
    best = ((good(terms), current), list(vals), set(circled), terms[0])
    cells = [i for i in range(n) if i != goal]
    every = max(1, budget // 100)
    done, stopped = 0, ""
    for round_ in range(restarts):
        length = budget // restarts + (budget % restarts if round_ == restarts - 1 else 0)
        if round_:
            vals[:], circled = list(best[1]), set(best[2])
            scorer.load(vals, circled)
            keys = [None if i == goal else (v, i in circled) for i, v in enumerate(vals)]
            clusters = _cluster_penalty(keys, rows, cols)
            terms, _ = measure()
            kept = (terms, scorer.reached(whole))
            current = value(terms)
        cool = (cold / hot) ** (1 / max(1, length)) if hot else 0.0
        heat = hot
        for _ in range(length):
            if deadline is not None and not done & 63 and time.perf_counter() > deadline:
                stopped = f"time limit of {seconds:g} s reached after {done} of {budget} steps"
                break
            if progress is not None and done % every == 0:
                progress(done, budget, best[3])
            done += 1
            heat *= cool
            i = rng.choice(cells)
            old, old_key, old_clusters = vals[i], keys[i], clusters
            flip = toggle and rng.random() < 0.25
            if flip:
                circled ^= {i}
            else:
                options = choices[i]
                if len(options) < 2:
                    continue
                new = options[rng.randrange(len(options) - 1)]
                vals[i] = options[-1] if new == old else new
                scorer.changed(i, vals, circled)
            if w_clusters:  # only the groups of the old and new key around cell i can change
                new_key = (vals[i], i in circled)
                near = [i] + [k for k in nbrs[i] if keys[k] == old_key or keys[k] == new_key]
                if len(near) > 1:
                    clusters -= _groups_at(keys, near, nbrs)
                    keys[i] = new_key
                    clusters += _groups_at(keys, near, nbrs)
                else:
                    keys[i] = new_key
            # accept when the score does not go down by more than heat * -log(u) (Metropolis)
            threshold = current + heat * math.log(1.0 - rng.random()) if heat else current
            terms, fresh = measure(threshold, None if flip else i)
            candidate = value(terms) if terms is not None else None
            if candidate is not None and candidate >= threshold:
                current = candidate
                if fresh:
                    kept = (terms, scorer.reached(whole))
                if (good(terms), candidate) > best[0]:
                    best = ((good(terms), candidate), list(vals), set(circled), terms[0])
                continue
            keys[i], clusters = old_key, old_clusters
            if flip:
                circled ^= {i}
            else:
                vals[i] = old
                scorer.changed(i, vals, circled)
        if stopped:
            break
    if progress is not None:
        progress(done, budget, best[3])
    maze = replace(_StateScorer(rows, cols, rule, start, goal).maze(best[1], best[2]), name=f"generated {id}")
    terms = design_terms(maze)
    return Generated(maze, score_terms(terms, weights), terms.jumps, terms.shortest_routes, terms.black_holes,
                     terms.unreachable, done, terms.white_holes, terms.forced, terms.clusters, terms, weights,
                     budget, stopped)


# ---------------------------------------------------------------- the shape every puzzle has

def make(id: int, rows: int = 5, cols: int = 5, rule: str = "ortho", **options) -> JumpMaze:
    """The generated maze of this id (see :func:`generate`): the same id gives the same maze."""
    return generate(id, rows, cols, rule, **options).maze


def check(maze: JumpMaze, route, rule=None) -> Verdict:
    """The verdict on a player's route of cells: it starts at the start, every jump is legal under
    the rule, and it ends at the goal (the reason also says whether it is a shortest route).

    >>> check(CHAIN_REACTION, solve(CHAIN_REACTION).route).reason
    'the route reaches the goal in 13 jumps: a shortest route'
    >>> v = check(CHAIN_REACTION, [(0, 0), (0, 1)])
    >>> v.reason, v.cell
    ('jump 1: from (0, 0), which holds 4, you can land on (0, 4) or (4, 0), not on (0, 1)', (0, 1))
    """
    cells = [tuple(c) for c in route]
    if not cells:
        return Verdict(False, f"the route is empty: it must begin at the start {maze.start}")
    if cells[0] != maze.start:
        return Verdict(False, f"the route begins at {cells[0]} but the start is {maze.start}", cells[0])
    succ = successors(maze, rule)
    states = {start_state(maze, rule)}
    for k in range(1, len(cells)):
        prev, nxt = cells[k - 1], cells[k]
        reached = {s: cell_of(s) for st in states for s in succ(st)}   # several states may share a cell
        here = [s for s, cell in reached.items() if cell == nxt]
        if not here:
            options = sorted(set(reached.values()))
            where = " or ".join(map(str, options)) if options else "nowhere (no jump is possible)"
            return Verdict(False, f"jump {k}: from {prev}, which holds {maze.value(prev)}, you can land on "
                                  f"{where}, not on {nxt}", nxt)
        states = set(here)
    if cells[-1] != maze.end:
        return Verdict(False, f"the route stops at {cells[-1]} but the goal is {maze.end}", cells[-1])
    jumps, best = len(cells) - 1, solve(maze, rule).jumps
    plural = "" if jumps == 1 else "s"
    shortest = ": a shortest route" if jumps == best else f"; the shortest route takes {best}"
    return Verdict(True, f"the route reaches the goal in {jumps} jump{plural}{shortest}")


def view(maze: JumpMaze, route=None) -> tuple:
    """``(texts, roles)``: the numbers (G at the goal), the holes (``rock``), the start, the goal and a
    route's cells."""
    roles = {cell: "rock" for cell in maze.grid.cells() if maze.value(cell) == HOLE}
    roles.update({tuple(cell): "path" for cell in route or ()})
    roles.update({maze.start: "start", maze.end: "goal"})
    return maze.texts(), roles
