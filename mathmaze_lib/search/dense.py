"""The breadth-first search a whole layer at a time over numpy arrays (nodes ``0 .. n-1``): the same
discovery order and parents as :func:`~mathmaze_lib.search.bfs`, for mazes of a million cells."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Callable

from .core import SearchResult, bfs  # noqa: F401  (bfs: the doctest compares with it)


class DenseMap(Mapping):
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


def bfs_dense(expand: Callable, size: int, sources, goal=None) -> SearchResult:
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
    >>> r = bfs_dense(right_or_down, 9, [0], goal=8)
    >>> r.length, r.path, r.path == bfs(lambda n: [m for m in (n + 1 if n % 3 < 2 else -1, n + 3 if n < 6 else -1) if m >= 0], 0, 8).path
    (4, [0, 1, 2, 5, 8], True)
    """
    import numpy as np

    dist = np.full(size, -1, dtype=np.int64)
    parent = np.full(size, -2, dtype=np.int64)
    frontier = np.array(list(dict.fromkeys(int(s) for s in sources)), dtype=np.int64)
    if frontier.size == 0:
        raise ValueError("bfs_dense needs at least one source node")
    dist[frontier], parent[frontier] = 0, -1
    result = SearchResult(tuple(int(s) for s in frontier), DenseMap(dist, -1), DenseMap(parent, -2, -1))
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
    """Expand ``frontier`` (in queue order) for :func:`bfs_dense`: mark the new nodes ``d`` moves
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
