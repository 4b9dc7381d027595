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
>>> s.jumps, [m.number(c) for c in s.route]
(13, [0, 24, 6, 11, 23, 18, 20, 22, 19, 25, 7, 1, 5, 35])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Callable, Optional

import networkx as nx

from .grid import ALL_EIGHT, DIAGONAL, ORTHOGONAL, Grid, GridParseError, check_size, parse_cell, parse_grid
from .search import all_shortest_paths, bfs, bfs_dense, count_shortest_paths, tree_search

__all__ = ["JumpMaze", "parse", "CHAIN_REACTION", "RULES", "check_rule", "moves_table", "successors",
           "start_state", "cell_of", "jump_graph", "solve", "Solution", "count_shortest", "all_shortest",
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
class JumpMaze:
    """A jumping maze: ``cells[r][c]`` is a jump length (int >= 0), ``"*"`` or ``"#"``;
    ``circled`` the circled cells (toggle rule); ``start`` and ``goal`` cells; ``rule``.

    >>> m = parse("2 1\\n1 0")
    >>> m.rows, m.cols, m.start, m.goal, m.value((0, 0)), m.number((1, 0))
    (2, 2, (0, 0), (1, 1), 2, 2)
    """

    rows: int
    cols: int
    cells: tuple
    start: tuple
    goal: tuple
    rule: str = "ortho"
    circled: frozenset = frozenset()
    name: str = ""

    @property
    def grid(self) -> Grid:
        return Grid(self.rows, self.cols)

    def value(self, cell):
        """The token of ``cell``: an int, ``"*"`` or ``"#"``."""
        return self.cells[cell[0]][cell[1]]

    def number(self, cell) -> int:
        """The cell's number when cells are numbered row by row from 0."""
        return cell[0] * self.cols + cell[1]

    def cell_at(self, number: int) -> tuple:
        """The cell with this number."""
        return divmod(number, self.cols)

    def texts(self) -> list:
        """The texts a board shows: numbers, ``*``, ``#``, a ``°`` mark on circled cells, G at the goal."""
        out = []
        for r, row in enumerate(self.cells):
            line = []
            for c, v in enumerate(row):
                text = "G" if (r, c) == self.goal else str(v)
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
                 f"goal: {self.goal[0]} {self.goal[1]}"]
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
    rows, cols, cells, goal = maze.rows, maze.cols, maze.cells, maze.goal
    wrap = "wrap" in names
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
            for dr, dc in dirs:
                nr, nc = r + dr * n, c + dc * n
                if wrap:
                    nr, nc = nr % rows, nc % cols
                elif not (0 <= nr < rows and 0 <= nc < cols):
                    continue
                if cells[nr][nc] != HOLE and not (wrap and (nr, nc) in out):  # wrapping can land twice
                    out.append((nr, nc))
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
            nr, nc = r + d[0] * n, c + d[1] * n
            if wrap:
                nr, nc = nr % rows, nc % cols
            elif not (0 <= nr < rows and 0 <= nc < cols):
                continue
            if cells[nr][nc] == HOLE:
                continue
            new_mode = mode
            if moded:
                new_mode = (1 - mode) if (not toggle or (nr, nc) in circled) else mode
            nxt = ((nr, nc), new_mode, d if keep_dir else None, n if keep_len else None)
            if nxt not in out:
                out.append(nxt)
        return out
    return succ_state


#: From this many cells on, :func:`solve` searches cell rules a whole layer at a time (numpy).
DENSE_FROM = 40_000
_DENSE_ONLY = "the layer-at-a-time search is only for BFS with a cell rule, no trace and no cap"


def layer_expand(maze: JumpMaze, rule=None) -> Callable:
    """A cell rule as ``expand(frontier)`` for :func:`mathmaze_lib.search.bfs_dense`: cells are
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
    goal = maze.number(maze.goal)
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
    return {maze.number(cell): sorted(maze.number(n) for n in succ(cell))
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
    goal = maze.goal
    return lambda state: cell_of(state) == goal


def solve(maze: JumpMaze, rule=None, method: str = "bfs", *, trace: bool = False,
          max_expansions: Optional[int] = None, dense: Optional[bool] = None) -> Solution:
    """A shortest route from start to goal by ``method`` ``"bfs"`` (with a visited set) or
    ``"tree"`` (the naive queue of routes, no visited set; capped by ``max_expansions``).

    Big mazes (``DENSE_FROM`` cells or more) under a cell rule are searched a whole BFS layer at
    a time (:func:`mathmaze_lib.search.bfs_dense`), which finds the very same route;
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
        res = bfs_dense(layer_expand(maze, rule), maze.rows * maze.cols, [maze.number(maze.start)],
                        maze.number(maze.goal))
        route = [maze.cell_at(i) for i in res.path] if res.goal is not None else None
        return Solution(route, route, len(route) - 1 if route else None, res.expanded, len(res.dist), "bfs", res)
    succ, start, is_goal = successors(maze, rule), start_state(maze, rule), _goal_test(maze)
    if method == "bfs":
        res = bfs(succ, start, is_goal, trace=trace, max_expansions=max_expansions)
        states = res.path
        generated = len(res.dist)
    elif method == "tree":
        res = tree_search(succ, start, is_goal, cap=max_expansions or 2_000_000)
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
    goals = [n for n, cell in g.nodes(data="cell") if cell == maze.goal]
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


@dataclass
class Generated:
    """What :func:`generate` made: the ``maze``, its ``score`` and the numbers behind it."""

    maze: JumpMaze
    score: float
    jumps: Optional[int]
    shortest_routes: int
    black_holes: int
    unreachable: int
    steps: int


def _score(maze: JumpMaze) -> tuple:
    succ = successors(maze)
    start = start_state(maze)
    res = bfs(succ, start, _goal_test(maze))
    if res.goal is None:
        reach = len(bfs(succ, start).dist)
        return -maze.rows * maze.cols + reach * 0.01, None, 0, 0, 0
    info = analyse(maze)
    count = count_shortest(maze)
    blacks, unreached = len(info["black_holes"]), len(info["unreachable"])
    score = 2 * res.length - 3 * min(count - 1, 5) - 4 * blacks - 0.5 * unreached
    return score, res.length, count, blacks, unreached


def generate(id: int, rows: int = 5, cols: int = 5, rule: str = "ortho", steps: Optional[int] = None) -> Generated:
    """A jumping maze made by stochastic local search (Neller et al., "Rook Jumping Maze Design
    Considerations", 2010), reproducible from ``id``.

    Start from random jump lengths; again and again change one random cell to another legal
    length and keep the change when the score does not go down.  The score rewards a long
    shortest route (2 per jump) and punishes more than one shortest route (3 each, up to 5),
    black holes (4 each) and unreachable cells (0.5 each); a maze with no route scores below all.

    >>> g = generate(1, 5, 5)
    >>> g.maze == generate(1, 5, 5).maze, g.shortest_routes, g.black_holes, g.jumps >= 8
    (True, 1, 0, True)
    """
    if isinstance(id, bool) or not isinstance(id, int) or id < 0:
        raise ValueError(f"maze id {id!r}: an id is a whole number >= 0")
    check_size(rows, cols, max_rows=100, max_cols=100)
    if rows * cols < 2:
        raise ValueError(f"grid size {rows} x {cols}: a maze needs at least 2 cells")
    names = _names(rule)
    rng = random.Random(f"jumpmaze:{id}:{rows}x{cols}:{check_rule(rule)}")
    maze = random_maze(rng, rows, cols, rule)
    steps = steps if steps is not None else 40 * rows * cols
    best = _score(maze)
    cells = [c for c in maze.grid.cells() if c != maze.goal]
    for _ in range(steps):
        cell = rng.choice(cells)
        old = maze.value(cell)
        new = rng.randint(1, _max_jump(rows, cols, cell, names))
        if new == old:
            continue
        grid = [list(row) for row in maze.cells]
        grid[cell[0]][cell[1]] = new
        candidate = replace(maze, cells=tuple(tuple(row) for row in grid))
        scored = _score(candidate)
        if scored[0] >= best[0]:
            maze, best = candidate, scored
    score, jumps, count, blacks, unreached = best
    return Generated(replace(maze, name=f"generated {id}"), score, jumps, count, blacks, unreached, steps)
