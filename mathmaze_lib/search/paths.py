"""Shortest routes counted and listed, and the depth-first search of simple routes."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterator, Optional

from .core import _required_goal, successor_function


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
