"""The naive tree search (a queue of whole routes, no visited set) and how many routes it queues."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any, Optional

from .core import _required_goal, successor_function


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
        """Moves of the route found (None when none was)."""
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
    # Each route put on the queue is its last node and the number of the route it extends (routes
    # share their starts): putting a route on the queue costs the same at any length, and the queue
    # holds numbers, which the garbage collector need not look through.
    last_node, extends = [source], [-1]
    queue = deque([0])
    expanded, generated, max_queue = 0, 1, 1
    steps = [] if trace else None
    while queue:
        k = queue.popleft()
        last = last_node[k]
        if is_goal(last):
            route = _route(k, last_node, extends)
            if steps is not None:
                steps.append(TreeStep(tuple(route), ()))
            return TreeSearchResult(route, expanded, generated, max_queue, False, steps, source)
        if expanded >= cap:
            return TreeSearchResult(None, expanded, generated, max_queue, True, steps, source)
        expanded += 1
        added = list(succ(last))
        first = len(last_node)
        last_node.extend(added)
        extends.extend([k] * len(added))
        queue.extend(range(first, first + len(added)))
        generated += len(added)
        if steps is not None:
            steps.append(TreeStep(tuple(_route(k, last_node, extends)), tuple(added)))
        if len(queue) > max_queue:
            max_queue = len(queue)
    return TreeSearchResult(None, expanded, generated, max_queue, False, steps, source)


def _route(k: int, last_node: list, extends: list) -> list:
    """Route number ``k`` of :func:`tree_search`'s queue, from the source."""
    nodes = []
    while k >= 0:
        nodes.append(last_node[k])
        k = extends[k]
    return nodes[::-1]


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
