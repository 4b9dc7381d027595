"""The design objective of jumping mazes (after Neller et al., "Rook Jumping Maze Design
Considerations", 2010): the design terms of a maze, their weights and score, and the scorers that
measure one cell's change quickly for the generator.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from ... import checks
from ...grid import ALL_EIGHT, ORTHOGONAL, Grid
from .rules import (cell_of, check_rule, _has_state, HOLE, JumpMaze, _names, RIGHT_DOWN, _rule_of,
    start_state, successors)
from .solving import _all_fresh_states, black_holes, unreachable, white_holes

__all__ = ["OBJECTIVE", "TERMS", "TEMPERATURE", "DesignTerms", "design_terms", "score_parts", "score_terms",
           "default_steps"]


def _max_jump(rows: int, cols: int, cell, names) -> int:
    r, c = cell
    if "wrap" in names:
        return max(rows, cols) - 1
    reach = [rows - 1 - r, cols - 1 - c]
    if "rightdown" not in names:
        reach += [r, c]
    return max(1, max(reach))


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
        weights[name] = checks.number(w, f"objective term {name!r} weight", low=0)
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

    >>> from mathmaze_lib.puzzles.jumpmaze import CHAIN_REACTION
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
