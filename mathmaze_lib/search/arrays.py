"""The breadth-first search over int arrays, compiled with numba: the loop of the compiled wall runner
(:mod:`mathmaze_lib.puzzles.wallmaze.fastrunner`).  Not imported by :mod:`mathmaze_lib.search` itself
(numba takes half a second to import): ``from mathmaze_lib.search import arrays``.

>>> import numpy as np
>>> nbrs = np.array([[1, -1, -1, -1], [2, 0, -1, -1], [1, -1, -1, -1]], np.int32)   # a path 0 - 1 - 2
>>> blocked, kind = np.zeros(3, np.uint8), np.array([-1, -1, 0], np.int32)
>>> seen, parent, queue = np.zeros(3, np.int32), np.zeros(3, np.int32), np.zeros(3, np.int32)
>>> found = bfs_arrays(nbrs, blocked, np.array([0], np.int32), 1, kind, 0, seen, 1, parent, queue)
>>> found, [int(parent[2]), int(parent[1]), int(parent[0])]
(2, [1, 0, -1])
"""

from __future__ import annotations

try:                                    # numba is a dependency; without it the optimizers fall back
    from numba import njit               # to the pure Python runner
    AVAILABLE = True
except ImportError:                     # pragma: no cover (numba is installed with the package)
    AVAILABLE = False

    def njit(*args, **kwargs):
        return (lambda f: f) if not args or not callable(args[0]) else args[0]

__all__ = ["AVAILABLE", "njit", "bfs_arrays"]


@njit(cache=True)
def bfs_arrays(nbrs, blocked, sources, nsrc, kind, k, seen, stamp, parent, queue):
    """Breadth-first search from ``sources[:nsrc]`` (queued in that order) over the cells with
    ``blocked[v] == 0``, neighbours ``nbrs[v]`` (four, in order; -1: none), to the first cell with
    ``kind[v] == k``: that cell, or -1 when none is reached.  It stops when it discovers that cell,
    which is the one :func:`~mathmaze_lib.search.bfs` would take first from its queue, so the route
    (``parent[v]``: the cell ``v`` was discovered from, -1 for a source) is bfs's.  ``seen[v] == stamp``
    marks the cells this search saw (a new stamp per search: nothing to clear); ``queue`` is scratch."""
    found = -1
    head = 0
    tail = 0
    for i in range(nsrc):
        s = sources[i]
        if seen[s] != stamp:
            seen[s] = stamp
            parent[s] = -1
            queue[tail] = s
            tail += 1
            if found < 0 and kind[s] == k:
                found = s
    while found < 0 and head < tail:
        v = queue[head]
        head += 1
        for d in range(4):                      # (nbrs has four columns: Up, Right, Down, Left)
            u = nbrs[v, d]
            if u >= 0 and blocked[u] == 0 and seen[u] != stamp:
                seen[u] = stamp
                parent[u] = v
                if kind[u] == k:
                    found = u
                    break
                queue[tail] = u
                tail += 1
    return found
