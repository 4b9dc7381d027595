"""The one search core: traced BFS, the naive tree search, path counting and DFS.

Every function takes either a networkx graph or a *successor function*
``succ(node) -> iterable of nodes``, so a huge maze needs no graph object.
Successors are explored in the order they are given; the puzzles give them
in the fixed direction order of :mod:`mathmaze_lib.grid`, so ties are broken
the same way everywhere.

:func:`bfs` is the one BFS loop.  The puzzles' fast paths are private and do the same search a
layer at a time: ``_bfs_dense`` (numpy, for big jump mazes) and ``_bfs_bits`` / ``_bits_route``
(cell sets as the bits of Python integers, for the wall-maze runner); the tests prove them equal
to :func:`bfs` (same layers, same discovery order, a shortest route).

>>> import networkx as nx
>>> g = nx.path_graph(4)
>>> r = bfs(g, 0, 3)
>>> r.length, r.path
(3, [0, 1, 2, 3])
>>> bfs(lambda n: [n + 1] if n < 5 else [], 0, 5).length
5
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from collections.abc import Mapping
from typing import Any, Callable, Iterable, Iterator, Optional

__all__ = [
    "successor_function", "goal_test", "bfs", "Step", "SearchResult",
    "route_to", "tree_search", "TreeSearchResult", "TreeStep", "count_routes", "count_shortest_paths",
    "all_shortest_paths", "simple_paths", "DfsStep",
]


def successor_function(graph) -> Callable[[Any], Iterable]:
    """Turn a networkx graph (or a successor function) into a successor function.

    >>> import networkx as nx
    >>> list(successor_function(nx.DiGraph([(1, 2), (1, 3)]))(1))
    [2, 3]
    """
    if callable(graph) and not hasattr(graph, "adj"):
        return graph
    if hasattr(graph, "successors") and graph.is_directed():
        return graph.successors
    if hasattr(graph, "neighbors"):
        return graph.neighbors
    raise TypeError(f"expected a networkx graph or a successor function, got {type(graph).__name__}")


def goal_test(goal) -> Optional[Callable[[Any], bool]]:
    """A predicate for ``goal``: None (no goal), a node, a set of nodes, or a predicate.

    >>> goal_test({1, 2})(2), goal_test((0, 1))((0, 1)), goal_test(None)
    (True, True, None)
    """
    if goal is None:
        return None
    if isinstance(goal, (set, frozenset)):
        return goal.__contains__
    if callable(goal) and not isinstance(goal, tuple):
        return goal
    return lambda node: node == goal


def _required_goal(goal, who: str) -> Callable[[Any], bool]:
    """``goal_test(goal)``, or a ValueError saying that ``who`` needs a goal."""
    if goal is None:
        raise ValueError(f"{who} needs a goal: a node, a set of nodes or a test (goal=None was given)")
    return goal_test(goal)


@dataclass
class Step:
    """One step of a traced search: the node taken from the queue, the nodes it
    discovered, and the whole queue (frontier) after the step, oldest first."""

    current: Any
    discovered: tuple
    frontier: tuple


@dataclass
class SearchResult:
    """What a breadth-first search found.

    ``dist[n]`` is the number of moves from the nearest source, ``parent[n]``
    the node it was discovered from (None for a source), ``goal`` the goal node
    reached (or None), ``expanded`` how many nodes were taken from the queue and
    ``trace`` the list of :class:`Step` (when traced).
    """

    sources: tuple
    dist: dict
    parent: dict
    goal: Any = None
    expanded: int = 0
    trace: Optional[list] = None

    @property
    def found(self) -> bool:
        """True when a goal was reached."""
        return self.goal is not None

    @property
    def length(self) -> Optional[int]:
        """Moves from the source to the goal, or None when the goal was not reached."""
        return self.dist[self.goal] if self.goal is not None else None

    @property
    def path(self) -> Optional[list]:
        """The route to the goal, source first, or None when the goal was not reached."""
        return self.path_to(self.goal) if self.goal is not None else None

    def path_to(self, node) -> Optional[list]:
        """The route from a source to ``node`` through the parents, or None if not reached."""
        if node not in self.parent:
            return None
        return route_to(self.parent, node)

    @property
    def layers(self) -> list:
        """Nodes grouped by distance: ``layers[d]`` holds the nodes ``d`` moves away,
        in the order they were discovered."""
        out: list = []
        for node, d in self.dist.items():
            while len(out) <= d:
                out.append([])
            out[d].append(node)
        return out


def _fast_bfs(succ, goal, is_goal, starts, result) -> SearchResult:
    """The same search without trace or cap, layer by layer (the FIFO order exactly), with the
    goal test inlined: this is the loop huge mazes run, so it does as little per node as it can."""
    dist, parent = result.dist, result.parent
    single = is_goal is not None and not isinstance(goal, (set, frozenset)) and not (
        callable(goal) and not isinstance(goal, tuple))
    targets = goal if isinstance(goal, (set, frozenset)) else None
    layer, d, expanded = list(starts), 0, 0
    while layer:
        d += 1
        following = []
        append = following.append
        for node in layer:
            if is_goal is not None and (node == goal if single else node in targets if targets is not None
                                        else is_goal(node)):
                result.goal, result.expanded = node, expanded
                return result
            expanded += 1
            for nxt in succ(node):
                if nxt in parent:
                    continue
                parent[nxt] = node
                dist[nxt] = d
                append(nxt)
        layer = following
    result.expanded = expanded
    return result


class _DenseMap(Mapping):
    """A read-only dict view of a numpy array over nodes 0..n-1 (``missing`` marks absent nodes)."""

    def __init__(self, values, missing, none_value=None):
        self._values, self._missing, self._none = values, missing, none_value

    def __getitem__(self, node):
        if not hasattr(node, "__index__") or not 0 <= node < len(self._values):
            raise KeyError(node)
        value = int(self._values[node])
        if value == self._missing:
            raise KeyError(node)
        return None if self._none is not None and value == self._none else value

    def __iter__(self):
        import numpy as np

        return iter(int(i) for i in np.flatnonzero(self._values != self._missing))

    def __len__(self):
        return int((self._values != self._missing).sum())


def _bfs_dense(expand: Callable, size: int, sources, goal=None) -> SearchResult:
    """The same breadth-first search for nodes numbered ``0 .. size-1``, a whole layer at a time
    with numpy: for mazes of a million cells, where one Python call per node is too slow.

    ``expand(frontier)`` gets the frontier as an int array and returns one int array per
    direction, in direction order, aligned with the frontier: the node each frontier node
    reaches that way, or -1.  Nodes are discovered in exactly the order of :func:`bfs` (the
    queue, then the direction order), so parents and routes are the same, and it stops by the
    same rule: when the goal is taken from the queue (the nodes of the goal's layer queued before
    it are expanded first).  ``goal`` is a node number or None.  ``dist`` and ``parent`` are
    read-only dict views.

    >>> import numpy as np
    >>> right_or_down = lambda f: [np.where(f % 3 < 2, f + 1, -1), np.where(f < 6, f + 3, -1)]
    >>> r = _bfs_dense(right_or_down, 9, [0], goal=8)
    >>> r.length, r.path, r.path == bfs(lambda n: [m for m in (n + 1 if n % 3 < 2 else -1, n + 3 if n < 6 else -1) if m >= 0], 0, 8).path
    (4, [0, 1, 2, 5, 8], True)
    """
    import numpy as np

    dist = np.full(size, -1, dtype=np.int64)
    parent = np.full(size, -2, dtype=np.int64)
    frontier = np.array(list(dict.fromkeys(int(s) for s in sources)), dtype=np.int64)
    if frontier.size == 0:
        raise ValueError("_bfs_dense needs at least one source node")
    dist[frontier], parent[frontier] = 0, -1
    result = SearchResult(tuple(int(s) for s in frontier), _DenseMap(dist, -1), _DenseMap(parent, -2, -1))
    d, expanded = 0, 0
    while frontier.size:
        if goal is not None:
            hit = np.flatnonzero(frontier == goal)
            if hit.size:                       # the goal's turn comes: expand the nodes queued before it
                k = int(hit[0])
                if k:
                    _dense_layer(expand, frontier[:k], dist, parent, d + 1)
                result.goal, result.expanded = int(goal), expanded + k
                return result
        d += 1
        expanded += frontier.size
        frontier = _dense_layer(expand, frontier, dist, parent, d)
    result.expanded = expanded
    return result


def _dense_layer(expand: Callable, frontier, dist, parent, d: int):
    """Expand ``frontier`` (in queue order) for :func:`_bfs_dense`: mark the new nodes ``d`` moves
    away with their parents, and return them in discovery order."""
    import numpy as np

    moves = np.stack([np.asarray(m, dtype=np.int64) for m in expand(frontier)], axis=1)  # (F, D)
    flat = moves.ravel()                      # queue order first, then direction order
    ok = flat >= 0
    ok[ok] = dist[flat[ok]] < 0
    index = np.flatnonzero(ok)
    targets = flat[index]
    if targets.size == 0:
        return targets
    first_targets, first = np.unique(targets, return_index=True)
    order = np.argsort(first, kind="stable")  # discovery order
    found, at = first_targets[order], index[first[order]]
    dist[found], parent[found] = d, frontier[at // moves.shape[1]]
    return found


def _bits_spread(cells: int, width: int) -> int:
    """The cells one step Up, Down, Left or Right of ``cells`` (bits as in :func:`_bfs_bits`);
    mask the result with the free cells, which also drops steps into the spare column.

    >>> step = _bits_spread(1 << 5, 4)                 # from (1, 1) on a grid of width 4
    >>> [divmod(i, 4) for i in range(12) if step >> i & 1]
    [(0, 1), (1, 0), (1, 2), (2, 1)]
    """
    return (cells << 1) | (cells >> 1) | (cells << width) | (cells >> width)


def _bfs_bits(free: int, sources: int, goal: int, width: int) -> Optional[list]:
    """The same breadth-first search on a grid, a whole layer at a time, with sets of cells as
    Python integers: bit ``row * width + col`` stands for a cell.  ``width`` is one more than the
    number of columns; that spare column is never in ``free``, so a step right from the last
    column (or left from the first) lands there and is dropped.

    Returns the layers (layer ``d``: the cells first reached in ``d`` moves, as an int) up to and
    including the first layer that meets ``goal``; None when ``goal`` cannot be reached.
    A layer costs a handful of integer operations, whatever its size: 4 to 7 times faster than
    :func:`bfs` on the small boards the wall-maze optimizers run millions of times.

    >>> free = 0b0111_0101_0111            # a 3 x 3 grid (width 4), a rock in the middle
    >>> cells = lambda bits: [divmod(i, 4) for i in range(12) if bits >> i & 1]
    >>> layers = _bfs_bits(free, 1 << 0, 1 << 10, 4)    # from (0, 0) to (2, 2)
    >>> [cells(layer) for layer in layers]
    [[(0, 0)], [(0, 1), (1, 0)], [(0, 2), (2, 0)], [(1, 2), (2, 1)], [(2, 2)]]
    >>> _bfs_bits(free, 1 << 0, 1 << 3, 4) is None     # the spare column is never reached
    True
    """
    front = sources & free
    left = free & ~front
    layers = [front]
    while not front & goal:
        if not front:
            return None
        # _bits_spread(front, width), written out: this loop is the optimizers' hot path
        front = ((front << 1) | (front >> 1) | (front << width) | (front >> width)) & left
        left ^= front
        layers.append(front)
    return layers


def _bits_route(layers: list, goal: int, width: int, avoid: int = 0) -> list:
    """One shortest route through the ``layers`` of :func:`_bfs_bits`, from a source to a cell of
    ``goal``, as single-bit integers.  Walking back, it takes a cell outside ``avoid`` whenever
    it can (then the lowest bit), so callers can ask for a route through few cells of a kind.

    >>> free, cell = 0b0111_0101_0111, lambda bit: divmod(bit.bit_length() - 1, 4)
    >>> layers = _bfs_bits(free, 1, 1 << 10, 4)
    >>> [cell(x) for x in _bits_route(layers, 1 << 10, 4)]
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    >>> [cell(x) for x in _bits_route(layers, 1 << 10, 4, avoid=1 << 6)]   # not through (1, 2)
    [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
    """
    hit = layers[-1] & goal
    x = hit & -hit
    route = [x]
    for layer in reversed(layers[:-1]):
        near = _bits_spread(x, width) & layer
        if near & ~avoid:
            near &= ~avoid
        x = near & -near
        route.append(x)
    route.reverse()
    return route


def route_to(parent: dict, node) -> list:
    """Follow ``parent`` links back from ``node`` to a node whose parent is None.

    >>> route_to({'a': None, 'b': 'a', 'c': 'b'}, 'c')
    ['a', 'b', 'c']
    """
    route = [node]
    seen = {node}
    while parent[node] is not None:
        node = parent[node]
        if node in seen:
            raise ValueError(f"the parent links loop at {node!r}")
        seen.add(node)
        route.append(node)
    route.reverse()
    return route


def _source_list(source, sources) -> list:
    if sources is None:
        if source is None:
            raise ValueError("bfs needs a source node (or sources=[...])")
        return [source]
    if source is not None:
        raise ValueError("give either source or sources, not both")
    out = list(dict.fromkeys(sources))
    if not out:
        raise ValueError("bfs needs at least one source node")
    return out


def bfs(graph, source=None, goal=None, *, sources: Optional[Iterable] = None,
        trace: bool = False, max_expansions: Optional[int] = None) -> SearchResult:
    """Breadth-first search from ``source`` (or from all ``sources`` at once).

    ``graph`` is a networkx graph or a successor function. ``goal`` is a node,
    a set of nodes or a predicate.  **The stopping rule** (the same in :func:`tree_search` and in
    the wall-maze runner): the search stops when it *takes* a goal from the queue; a goal is not
    expanded, so ``expanded`` counts the nodes taken before it.  The first goal taken is the
    first one discovered (the queue is first in, first out), so the route is the same as if the
    search stopped at discovery.  With no goal it visits everything reachable.  ``trace=True``
    records a :class:`Step` per node taken from the queue (the last one is the goal, with
    nothing discovered), for drawings and step-through widgets.

    >>> import networkx as nx
    >>> r = bfs(nx.cycle_graph(6), 0, trace=True)
    >>> r.layers
    [[0], [1, 5], [2, 4], [3]]
    >>> r.trace[0]
    Step(current=0, discovered=(1, 5), frontier=(1, 5))
    >>> r = bfs(nx.path_graph(5), sources=[0, 4], goal=2, trace=True)
    >>> r.path, r.expanded, r.trace[-1]
    ([0, 1, 2], 4, Step(current=2, discovered=(), frontier=()))
    """
    succ = successor_function(graph)
    is_goal = goal_test(goal)
    starts = _source_list(source, sources)
    dist = {s: 0 for s in starts}
    parent = {s: None for s in starts}
    result = SearchResult(tuple(starts), dist, parent, trace=[] if trace else None)
    if not trace and max_expansions is None:
        return _fast_bfs(succ, goal, is_goal, starts, result)
    queue = deque(starts)
    expanded = 0
    while queue:
        node = queue.popleft()
        if is_goal is not None and is_goal(node):
            result.goal = node
            if trace:
                result.trace.append(Step(node, (), tuple(queue)))
            break
        if max_expansions is not None and expanded >= max_expansions:
            break
        expanded += 1
        d = dist[node] + 1
        new = []
        for nxt in succ(node):
            if nxt not in dist:
                dist[nxt] = d
                parent[nxt] = node
                new.append(nxt)
                queue.append(nxt)
        if trace:
            result.trace.append(Step(node, tuple(new), tuple(queue)))
    result.expanded = expanded
    return result


@dataclass
class TreeSearchResult:
    """What the naive tree search found, with its counters.

    ``expanded``: routes taken from the queue and extended; ``generated``:
    routes put on the queue; ``max_queue``: the longest the queue grew;
    ``capped``: True when it stopped at the expansion cap before an answer.
    """

    route: Optional[list]
    expanded: int
    generated: int
    max_queue: int
    capped: bool
    trace: Optional[list] = None
    source: Any = None

    @property
    def length(self) -> Optional[int]:
        return len(self.route) - 1 if self.route is not None else None


@dataclass
class TreeStep:
    """One expansion of the tree search: the ``route`` taken from the queue and the last nodes of
    the longer routes it put on the queue (``added``), in order."""

    route: tuple
    added: tuple


def tree_search(graph, source, goal, *, cap: int = 1_000_000, trace: bool = False) -> TreeSearchResult:
    """The seed's search: a FIFO queue of whole routes and no visited set.

    It finds a shortest route, but it re-explores every cell once per route
    that reaches it, so the queue explodes (and it never ends on a maze with
    no route, hence ``cap``).  It stops by the rule of :func:`bfs`: when it takes a
    route that ends at the goal from the queue (``expanded`` counts the routes taken
    before it; with ``trace`` the last :class:`TreeStep` is that route, adding nothing).

    >>> import networkx as nx
    >>> r = tree_search(nx.complete_graph(4), 0, 3)
    >>> r.route, r.capped
    ([0, 3], False)
    >>> tree_search(nx.cycle_graph(4), 0, 9, cap=50).capped
    True
    """
    succ = successor_function(graph)
    is_goal = _required_goal(goal, "tree_search")
    queue = deque([(source,)])
    expanded, generated, max_queue = 0, 1, 1
    steps = [] if trace else None
    while queue:
        route = queue.popleft()
        if is_goal(route[-1]):
            if steps is not None:
                steps.append(TreeStep(route, ()))
            return TreeSearchResult(list(route), expanded, generated, max_queue, False, steps, source)
        if expanded >= cap:
            return TreeSearchResult(None, expanded, generated, max_queue, True, steps, source)
        expanded += 1
        added = list(succ(route[-1]))
        for nxt in added:
            queue.append(route + (nxt,))
            generated += 1
        if steps is not None:
            steps.append(TreeStep(route, tuple(added)))
        if len(queue) > max_queue:
            max_queue = len(queue)
    return TreeSearchResult(None, expanded, generated, max_queue, False, steps, source)


def count_routes(graph, source, moves: int) -> list:
    """How many routes of 0, 1, ..., ``moves`` moves start at ``source``, nodes repeating allowed:
    the routes the tree search puts on its queue.  It takes them from the queue shortest first, so
    before it can take a route as long as the shortest route to the goal (``d`` moves), it takes
    every shorter one: ``sum(count_routes(graph, source, d)[:d])`` is its least work, counted
    without running it (the numbers grow too fast to run it on big mazes).

    >>> import networkx as nx
    >>> count_routes(nx.cycle_graph(4), 0, 3)     # 1, then 2 neighbours, each with 2 neighbours ...
    [1, 2, 4, 8]
    """
    succ = successor_function(graph)
    counts = {source: 1}
    out = [1]
    for _ in range(moves):
        following: dict = {}
        for node, ways in counts.items():
            for nxt in succ(node):
                following[nxt] = following.get(nxt, 0) + ways
        counts = following
        out.append(sum(counts.values()))
    return out


def _shortest_path_dag(graph, source, goal):
    """BFS from source, keeping every predecessor on a shortest route."""
    succ = successor_function(graph)
    is_goal = _required_goal(goal, "counting shortest routes")
    dist = {source: 0}
    preds: dict = {source: []}
    queue = deque([source])
    goals = [source] if is_goal(source) else []
    limit = 0 if goals else None
    while queue:
        node = queue.popleft()
        d = dist[node]
        if limit is not None and d >= limit:
            break
        for nxt in succ(node):
            nd = dist.get(nxt)
            if nd is None:
                dist[nxt] = d + 1
                preds[nxt] = [node]
                queue.append(nxt)
                if is_goal(nxt):
                    goals.append(nxt)
                    limit = d + 1
            elif nd == d + 1:
                preds[nxt].append(node)
    return dist, preds, goals


def count_shortest_paths(graph, source, goal) -> int:
    """How many different shortest routes lead from ``source`` to ``goal`` (0 if none).

    >>> import networkx as nx
    >>> count_shortest_paths(nx.grid_2d_graph(3, 3), (0, 0), (2, 2))
    6
    """
    dist, preds, goals = _shortest_path_dag(graph, source, goal)
    if not goals:
        return 0
    count = {source: 1}
    for node in dist:  # insertion order is BFS order, so parents come first
        if node != source:
            count[node] = sum(count[p] for p in preds[node])
    return sum(count[g] for g in goals)


def all_shortest_paths(graph, source, goal, *, cap: int = 1000) -> list:
    """Up to ``cap`` shortest routes from ``source`` to ``goal``, each a list of nodes.

    >>> import networkx as nx
    >>> all_shortest_paths(nx.cycle_graph(4), 0, 2)
    [[0, 1, 2], [0, 3, 2]]
    """
    dist, preds, goals = _shortest_path_dag(graph, source, goal)
    out: list = []
    for g in goals:
        stack = [(g, [g])]
        while stack and len(out) < cap:
            node, back = stack.pop()
            if node == source:
                out.append(back[::-1])
                continue
            for p in reversed(preds[node]):
                stack.append((p, back + [p]))
    return out


@dataclass
class DfsStep:
    """One step of a traced depth-first search: ``action`` is ``extend`` (the route grew to
    ``route``), ``cut`` (``route`` was tried and pruned), ``found`` (``route`` reached the goal)
    or ``back`` (the search stepped back from the last node of ``route``); a puzzle may mark a
    found route that does not count as a ``miss``."""

    action: str
    route: tuple


def simple_paths(graph, source, goal, *, prune: Optional[Callable[[list], bool]] = None,
                 max_nodes: Optional[int] = None, trace: Optional[list] = None) -> Iterator[list]:
    """Depth-first enumeration of routes from ``source`` to ``goal`` that never repeat a node.

    ``prune(route)`` is called each time the route grows; when it returns True
    the search does not go on from there (and does not report the route even
    if it ends at the goal). ``max_nodes`` caps the route's length in nodes.
    Routes come in depth-first order, following the successor order.
    ``trace``, a list, receives a :class:`DfsStep` for every step (to replay the search).

    >>> import networkx as nx
    >>> list(simple_paths(nx.cycle_graph(4), 0, 2))
    [[0, 1, 2], [0, 3, 2]]
    >>> steps = []
    >>> _ = list(simple_paths(nx.path_graph(3), 0, 2, trace=steps))
    >>> [(s.action, s.route) for s in steps]
    [('extend', (0,)), ('extend', (0, 1)), ('found', (0, 1, 2)), ('back', (0, 1)), ('back', (0,))]
    """
    succ = successor_function(graph)
    is_goal = _required_goal(goal, "simple_paths")
    note = trace.append if trace is not None else None
    route = [source]
    on_route = {source}
    if prune is not None and prune(route):
        if note:
            note(DfsStep("cut", tuple(route)))
        return
    if is_goal(source):
        if note:
            note(DfsStep("found", tuple(route)))
        yield list(route)
        return
    if note:
        note(DfsStep("extend", tuple(route)))
    stack = [iter(succ(source))]
    while stack:
        nxt = next(stack[-1], _DONE)
        if nxt is _DONE:
            stack.pop()
            if note:
                note(DfsStep("back", tuple(route)))
            on_route.discard(route.pop())
            continue
        if nxt in on_route:
            continue
        route.append(nxt)
        if (prune is not None and prune(route)) or (max_nodes is not None and len(route) > max_nodes):
            if note:
                note(DfsStep("cut", tuple(route)))
            route.pop()
            continue
        if is_goal(nxt):
            if note:
                note(DfsStep("found", tuple(route)))
            yield list(route)
            route.pop()
            continue
        on_route.add(nxt)
        if note:
            note(DfsStep("extend", tuple(route)))
        stack.append(iter(succ(nxt)))


_DONE = object()
