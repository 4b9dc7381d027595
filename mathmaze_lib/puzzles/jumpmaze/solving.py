"""Solving and analysing jumping mazes through :mod:`mathmaze_lib.search`: the jump graph, the
shortest route (BFS, the naive tree search, a layer at a time for huge mazes), counting shortest
routes, distances from the start and to the goal, black and white holes, and a route's verdict.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Optional

from ...grid import ALL_EIGHT, ORTHOGONAL
from ...search import all_shortest_paths, bfs, bfs_dense, count_shortest_paths, tree_search
from ..protocol import Verdict
from .rules import HOLE, JumpMaze, RIGHT_DOWN, _has_state, _rule_of, cell_of, start_state, successors

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["moves_table", "jump_graph", "solve", "Solution", "count_shortest", "all_shortest",
           "distances_from_start", "distances_to_goal", "unreachable", "black_holes", "white_holes", "analyse",
           "layer_expand"]


#: From this many cells on, :func:`solve` searches cell rules a whole layer at a time (numpy).
DENSE_FROM = 40_000


_DENSE_ONLY = "the layer-at-a-time search is only for BFS with a cell rule, no trace and no cap"


def layer_expand(maze: JumpMaze, rule=None) -> Callable:
    """A cell rule as ``expand(frontier)`` for :func:`mathmaze_lib.search.bfs_dense`: cells are
    numbered ``r * cols + c``; one array of landing cells (or -1) per direction, in direction order.

    >>> from mathmaze_lib.puzzles.jumpmaze import CHAIN_REACTION
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

    >>> from mathmaze_lib.puzzles.jumpmaze import parse
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

    >>> from mathmaze_lib.puzzles.jumpmaze import CHAIN_REACTION
    >>> g = jump_graph(CHAIN_REACTION)
    >>> g.number_of_nodes(), g.number_of_edges(), g.edges[(0, 0), (0, 4)]
    (36, 83, {'dir': (0, 1), 'length': 4})
    """
    import networkx as nx               # (only here: solving a maze does not need it, and it takes 0.1 s to load)
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
    a time (:func:`mathmaze_lib.search.bfs_dense`), which finds the very same route;
    ``dense=True`` / ``False`` forces the choice.

    >>> from mathmaze_lib.puzzles.jumpmaze import CHAIN_REACTION
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
        res = bfs_dense(layer_expand(maze, rule), maze.rows * maze.cols, [maze.index(maze.start)],
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

    >>> from mathmaze_lib.puzzles.jumpmaze import CHAIN_REACTION
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

    >>> from mathmaze_lib.puzzles.jumpmaze import parse
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

    >>> from mathmaze_lib.puzzles.jumpmaze import parse
    >>> distances_to_goal(parse("1 1\\n1 0"))[(0, 0)]
    2
    """
    return _per_cell(_reverse_from_goal(maze, rule)[1])


def analyse(maze: JumpMaze, rule=None) -> dict:
    """Where the maze's traps are: ``unreachable`` cells (no route from the start), ``black_holes``
    (reachable, but the goal cannot be reached from there), ``white_holes`` (the goal can be reached
    from there, but they cannot be reached from the start). Each a sorted list of cells.

    >>> from mathmaze_lib.puzzles.jumpmaze import parse
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


def check(maze: JumpMaze, route, rule=None) -> Verdict:
    """The verdict on a player's route of cells: it starts at the start, every jump is legal under
    the rule, and it ends at the goal (the reason also says whether it is a shortest route).

    >>> from mathmaze_lib.puzzles.jumpmaze import CHAIN_REACTION
    >>> check(CHAIN_REACTION, solve(CHAIN_REACTION).route).reason
    'the route reaches the goal in 13 jumps: a shortest route'
    >>> v = check(CHAIN_REACTION, [(0, 0), (0, 1)])
    >>> v.reason, v.cell
    ('jump 1: from (0, 0), which holds 4, you can land on (0, 4) or (4, 0), not on (0, 1)', (0, 1))
    """
    cells = [cell_of(tuple(item)) for item in route]      # cells, or a game's states
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
