"""Frames of a traced search: what the queue, the current node and the visited
nodes were after each step.  The step-through widget and the search animation
both draw these frames, so they always agree.

Frame 0 is the start (only the sources, waiting in the queue); frame ``k`` is
the state right after the ``k``-th node was taken from the queue and expanded.  A search
stops when it takes the goal from the queue (see :func:`mathmaze_lib.search.bfs`), so
the last frame of a search that found one shows the goal taken, and the route to it.

>>> import networkx as nx
>>> from mathmaze_lib.search import bfs
>>> result = bfs(nx.path_graph(3), 0, 2, trace=True)
>>> frame_count(result)
4
>>> f = frame(result, 1)
>>> f.current, f.frontier, sorted(f.visited)
(0, (1,), [])
>>> last = frame(result, 3)
>>> last.current, last.path, last.expanded
(2, [0, 1, 2], 2)
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any, Callable, Optional

from . import checks

#: When several nodes share a cell (state graphs), the cell shows the strongest role.
PRIORITY = {"visited": 1, "frontier": 2, "path": 3, "goal": 4, "current": 5}


def _check_traced(result) -> list:
    trace = getattr(result, "trace", None)
    if trace is None:
        raise ValueError("this search result has no trace: run bfs(..., trace=True)")
    return trace


def frame_count(result) -> int:
    """How many frames the trace has: one per expansion, plus the start.

    >>> import networkx as nx
    >>> from mathmaze_lib.search import bfs
    >>> frame_count(bfs(nx.cycle_graph(4), 0, trace=True))
    5
    """
    return len(_check_traced(result)) + 1


@dataclass
class Frame:
    """The search after ``index`` expansions.

    ``current`` is the node just expanded (None in frame 0), ``frontier`` the
    FIFO queue oldest first, ``visited`` the nodes expanded before ``current``,
    ``discovered`` every node seen so far, ``path`` the route to the goal on
    the last frame of a search that found one (else None), and ``roles`` the
    board role of each cell (via ``cell_of``).
    """

    index: int
    current: Any
    frontier: tuple
    visited: set
    discovered: set
    path: Optional[list]
    distance: Optional[int]
    roles: dict = field(default_factory=dict)
    #: True on the last frame of a search that took a goal from the queue (and stopped there).
    at_goal: bool = False

    @property
    def expanded(self) -> int:
        """How many nodes have been expanded so far (the goal, taken last, is not expanded)."""
        return self.index - self.at_goal


def frame(result, index: int, cell_of: Optional[Callable] = None) -> Frame:
    """The state of a traced BFS after ``index`` expansions (0 <= index < frame_count).

    ``cell_of(node)`` maps a node to its cell (default: the node is the cell).

    >>> import networkx as nx
    >>> from mathmaze_lib.search import bfs
    >>> r = bfs(nx.grid_2d_graph(2, 2), (0, 0), trace=True)
    >>> sorted(frame(r, 1).roles.items())
    [((0, 0), 'current'), ((0, 1), 'frontier'), ((1, 0), 'frontier')]
    >>> frame(r, 9)
    Traceback (most recent call last):
    ...
    ValueError: frame 9: must be a whole number from 0 to 4
    """
    trace = _check_traced(result)
    checks.whole(index, "frame", 0, len(trace))
    cell_of = cell_of or (lambda node: node)
    sources = tuple(result.sources)
    discovered = set(sources)
    visited: set = set()
    if index == 0:
        current, frontier = None, sources
    else:
        for step in trace[:index - 1]:
            visited.add(step.current)
            discovered.update(step.discovered)
        last = trace[index - 1]
        discovered.update(last.discovered)
        current, frontier = last.current, last.frontier
    final = index == len(trace)
    at_goal = final and result.goal is not None and index > 0
    path = result.path if at_goal else None
    distance = result.dist.get(current) if current is not None else None

    node_roles = {}
    for node in visited:
        node_roles[node] = "visited"
    for node in frontier:
        node_roles[node] = "frontier"
    if path:
        for node in path:
            node_roles[node] = "path"
        node_roles[path[-1]] = "goal"
    if current is not None:
        node_roles[current] = "goal" if at_goal else "current"
    roles: dict = {}
    for node, role in node_roles.items():
        cell = cell_of(node)
        old = roles.get(cell)
        if old is None or PRIORITY[role] > PRIORITY[old]:
            roles[cell] = role
    return Frame(index, current, tuple(frontier), visited, discovered, path, distance, roles, at_goal)


def describe(f: Frame) -> str:
    """One line saying what happened in a frame (for a status line or a title).

    >>> import networkx as nx
    >>> from mathmaze_lib.search import bfs
    >>> r = bfs(nx.path_graph(3), 0, 2, trace=True)
    >>> describe(frame(r, 0)), describe(frame(r, 2))
    ('Start: the queue holds the source.', 'Step 2: expanded 1 (distance 1); 1 in the queue.')
    >>> describe(frame(r, 3))
    'Step 3: took the goal 2 from the queue: it is 2 moves away, and the search stops.'
    """
    if f.current is None:
        return "Start: the queue holds the source." if len(f.frontier) == 1 else \
            f"Start: the queue holds the {len(f.frontier)} sources."
    if f.at_goal:
        moves = len(f.path) - 1
        return (f"Step {f.index}: took the goal {f.current!r} from the queue: it is {moves} "
                f"move{'s' * (moves != 1)} away, and the search stops.")
    return f"Step {f.index}: expanded {f.current!r} (distance {f.distance}); {len(f.frontier)} in the queue."


# ---------------------------------------------------------------- depth-first search

def dfs_frame(steps: list, index: int, cell_of: Optional[Callable] = None) -> Frame:
    """Frame ``index`` of a traced depth-first search (``simple_paths(..., trace=steps)``): the
    route so far is ``path`` (its last node ``current``); a pruned try shows its last cell as
    ``cut``, a route that reached the goal ends on ``goal``. Frame 0 is the empty board.

    >>> import networkx as nx
    >>> from mathmaze_lib.search import simple_paths
    >>> steps = []
    >>> _ = list(simple_paths(nx.path_graph(3), 0, 2, trace=steps))
    >>> sorted(dfs_frame(steps, 3).roles.items())
    [(0, 'path'), (1, 'path'), (2, 'goal')]
    """
    checks.whole(index, "frame", 0, len(steps))
    cell_of = cell_of or (lambda node: node)
    if index == 0:
        return Frame(0, None, (), set(), set(), None, None, {})
    step = steps[index - 1]
    route = list(step.route)
    roles = {cell_of(node): "path" for node in route}
    last = cell_of(route[-1])
    roles[last] = {"extend": "current", "back": "visited", "cut": "cut", "miss": "visited",
                   "found": "goal"}[step.action]
    return Frame(index, route[-1], (), set(), set(route), route if step.action == "found" else None,
                 len(route) - 1, roles)


def describe_dfs(steps: list, index: int, total: Optional[Callable[[tuple], Any]] = None,
                 target: Any = None, goal: str = "the goal") -> str:
    """One line saying what a depth-first step did. A puzzle whose routes add up to a ``target``
    passes ``total(route)`` (a cut is then explained by the total, a found route checked by it).

    >>> import networkx as nx
    >>> from mathmaze_lib.search import simple_paths
    >>> steps = []
    >>> _ = list(simple_paths(nx.path_graph(3), 0, 2, trace=steps))
    >>> [describe_dfs(steps, i) for i in (0, 2, 3, 4)]
    ['Start: the route is empty.', 'Step 2: go deeper to 1 (route of 1 move).', 'Step 3: 2 reaches the goal: a route of 2 moves, solution 1.', 'Step 4: no more moves from 1: step back.']
    >>> describe_dfs(steps, 5)
    'Step 5: no more moves from the start 0: the search is over, 1 solution found.'
    """
    if index == 0:
        return "Start: the route is empty." if total is None else \
            f"Start: the search begins at {steps[0].route[0]!r}; the target is {target}." if steps else "Start."
    step = steps[index - 1]
    head, moves = step.route[-1], len(step.route) - 1
    amount = None if total is None else total(step.route)
    if step.action == "extend":
        verb = "start at" if moves == 0 else "go deeper to"
        if amount is not None:
            return f"Step {index}: {verb} {head!r}: total {amount} of {target}."
        return f"Step {index}: {verb} {head!r} (route of {moves} move{'s' * (moves != 1)})."
    if step.action == "cut":
        why = f"total {amount} is above {target}, so cut this branch" if amount is not None else "the search cuts it here"
        return f"Step {index}: try {head!r}: {why}."
    if step.action == "miss":
        if amount is not None:
            return f"Step {index}: {head!r} is {goal}, but the total is {amount}, not {target}: not a solution."
        return f"Step {index}: {head!r} is {goal}, but this route does not count."
    if step.action == "found":
        found = sum(1 for s in steps[:index] if s.action == "found")
        if amount is not None:
            return f"Step {index}: {goal} with total {amount}: solution {found}!"
        return f"Step {index}: {head!r} reaches {goal}: a route of {moves} moves, solution {found}."
    if index == len(steps) and moves == 0:
        found = sum(1 for s in steps if s.action == "found")
        return (f"Step {index}: no more moves from the start {head!r}: the search is over, "
                f"{found} solution{'s' * (found != 1)} found.")
    return f"Step {index}: no more moves from {head!r}: step back."


# ---------------------------------------------------------------- the tree search (no visited set)

def tree_frame(result, index: int, cell_of: Optional[Callable] = None) -> Frame:
    """Frame ``index`` of a traced tree search (``tree_search(..., trace=True)``): the route just
    taken from the queue (``path``, its last node ``current``) and the queue's routes, shown by
    the cells they end on (``frontier``: one entry per route, so a cell can wait many times).
    The last frame of a search that found the goal takes the goal's route (``at_goal``).

    >>> import networkx as nx
    >>> from mathmaze_lib.search import tree_search
    >>> r = tree_search(nx.cycle_graph(4), 0, 2, trace=True)
    >>> f = tree_frame(r, 2)
    >>> f.current, f.frontier, f.path
    (1, (3, 0, 2), [0, 1])
    """
    trace = getattr(result, "trace", None)
    if trace is None:
        raise ValueError("this search result has no trace: run tree_search(..., trace=True)")
    checks.whole(index, "frame", 0, len(trace))
    cell_of = cell_of or (lambda node: node)
    queue = deque([result.source])
    for step in trace[:index]:      # replay the queue: each step took the oldest route, added its children
        queue.popleft()
        queue.extend(step.added)
    if index == 0:
        return Frame(0, None, tuple(queue), set(), set(queue), None, None,
                     {cell_of(result.source): "frontier"})
    route = list(trace[index - 1].route)
    at_goal = index == len(trace) and result.route is not None
    roles = {cell_of(node): "frontier" for node in queue}
    roles.update({cell_of(node): "path" for node in route})
    roles[cell_of(route[-1])] = "goal" if at_goal else "current"
    return Frame(index, route[-1], tuple(queue), set(), set(route), route, len(route) - 1, roles, at_goal)


def describe_tree(result, index: int) -> str:
    """One line on a tree-search frame: which route it took and how long the queue has grown.

    >>> import networkx as nx
    >>> from mathmaze_lib.search import tree_search
    >>> r = tree_search(nx.path_graph(3, create_using=nx.DiGraph), 0, 2, trace=True)
    >>> describe_tree(r, 2), describe_tree(r, 3)
    ('Step 2: took a route of 1 move ending at 1; the queue holds 1 route.', 'Step 3: took a route of 2 moves ending at the goal 2: the search stops.')
    """
    if index == 0:
        return "Start: the queue holds one route, the start alone."
    f = tree_frame(result, index)
    moves = len(f.path) - 1
    if f.at_goal:
        return f"Step {index}: took a route of {moves} move{'s' * (moves != 1)} ending at the goal {f.current!r}: the search stops."
    waiting = len(f.frontier)
    return (f"Step {index}: took a route of {moves} move{'s' * (moves != 1)} ending at {f.current!r}; "
            f"the queue holds {waiting} route{'s' * (waiting != 1)}.")


# ---------------------------------------------------------------- a learner's search beside the lesson's

@dataclass
class Beside:
    """A learner's function stepped beside the lesson's search (see :mod:`mathmaze_lib.exercises.stepping`):
    ``notes[i]`` says what the function did or answered at frame ``i`` ("" where it was not asked),
    ``summary`` sums up the whole run, ``first`` is the first frame where it differs from the lesson's
    search (None: nowhere), and ``marks[i]`` a cell to mark at frame ``i`` (where the two differ)."""

    notes: list
    summary: str
    first: Optional[int] = None
    marks: dict = field(default_factory=dict)


def recorded(sources, calls) -> Any:
    """A traced search rebuilt from what a function asked of its successor function: ``calls`` is
    ``[(node, successors returned)]`` in order, each call being the function expanding ``node``.
    A node returned for the first time is discovered then (one move further than the node that
    returned it); the frontier of a step is every discovered node not expanded yet, first discovered
    first (the queue of a BFS; a function that keeps another order keeps it to itself).

    >>> r = recorded([0], [(0, (1, 2)), (2, (3,)), (1, ())])
    >>> [(s.current, s.frontier) for s in r.trace], r.dist
    ([(0, (1, 2)), (2, (1, 3)), (1, (3,))], {0: 0, 1: 1, 2: 1, 3: 2})
    """
    from .search.core import SearchResult, Step

    sources = tuple(sources)
    dist, parent = {s: 0 for s in sources}, {s: None for s in sources}
    waiting, expanded, trace = list(sources), set(), []
    for node, successors in calls:
        expanded.add(node)
        new = []
        for nxt in successors:
            if nxt not in dist:
                dist[nxt], parent[nxt] = dist.get(node, 0) + 1, node
                new.append(nxt)
        waiting = [n for n in waiting + new if n not in expanded]
        trace.append(Step(node, tuple(new), tuple(waiting)))
    result = SearchResult(sources, dist, parent, trace=trace)
    result.expanded = len(trace)
    return result
