"""The one breadth-first search loop (:func:`bfs`) and what it returns.

>>> import networkx as nx
>>> bfs(nx.path_graph(4), 0, 3).path
[0, 1, 2, 3]
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Optional


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
