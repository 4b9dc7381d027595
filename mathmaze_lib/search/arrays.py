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

__all__ = ["AVAILABLE", "njit", "INF", "bfs_arrays", "bfs_reach", "bfs_meet", "bfs_field", "bfs_near", "bfs_lower",
           "bfs_counts", "bfs_resume"]

#: The distance of a cell that cannot be reached (:func:`bfs_field`, :func:`bfs_lower`).
INF = 1 << 29


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


# The big-board wall search's searches of one leg (mathmaze_lib.optimize.big): a distance, from both ends
# at once, every cell's distance, and lower bounds made true again after a wall came off.

@njit(cache=True)
def bfs_reach(nbrs, blocked, srcs, s0, s1, goal, k, seen, queue, stamp):
    """Breadth-first search, layer by layer, from ``srcs[s0:s1]`` until a cell with ``goal == k`` is
    found: its distance, or -1 when none can be reached.  ``seen[v] == stamp``: ``v`` seen (no clearing)."""
    tail = 0
    for i in range(s0, s1):
        s = srcs[i]
        if seen[s] != stamp:
            if goal[s] == k:
                return 0
            seen[s] = stamp
            queue[tail] = s
            tail += 1
    head = 0
    d = 0
    while head < tail:
        end = tail
        d += 1
        while head < end:
            v = queue[head]
            head += 1
            for j in range(4):
                u = nbrs[v, j]
                if u >= 0 and blocked[u] == 0 and seen[u] != stamp:
                    if goal[u] == k:
                        return d
                    seen[u] = stamp
                    queue[tail] = u
                    tail += 1
    return -1


@njit(cache=True)
def bfs_meet(nbrs, blocked, srcs, s0, s1, tgts, t0, t1, seen, depth, queue, stamp):
    """The distance from ``srcs[s0:s1]`` to ``tgts[t0:t1]`` (-1: none), by breadth-first search from both
    ends at once, a whole layer at a time from the end whose last layer is smaller.  A wall that cuts
    the board in two is found as soon as the smaller part is used up.  ``seen[v]`` is ``stamp`` for
    cells seen from the start, ``stamp + 1`` from the end (``depth``: their distances); ``queue``
    holds the start's side from the front and the end's side from the back."""
    n = len(queue)
    a0 = 0
    a1 = 0
    for i in range(s0, s1):
        v = srcs[i]
        if seen[v] != stamp:
            seen[v] = stamp
            depth[v] = 0
            queue[a1] = v
            a1 += 1
    b1 = n          # the end's side: queue[b0:b1], filled downwards
    b0 = n
    for i in range(t0, t1):
        v = tgts[i]
        if seen[v] == stamp:
            return 0
        if seen[v] != stamp + 1:
            seen[v] = stamp + 1
            depth[v] = 0
            b0 -= 1
            queue[b0] = v
    da = 0
    db = 0
    best = -1
    while a1 > a0 and b1 > b0:
        if a1 - a0 <= b1 - b0:                  # grow the start's side by one layer
            end = a1
            while a0 < end:
                v = queue[a0]
                a0 += 1
                for j in range(4):
                    u = nbrs[v, j]
                    if u < 0 or blocked[u] == 1:
                        continue
                    if seen[u] == stamp + 1:
                        d = da + 1 + depth[u]
                        if best < 0 or d < best:
                            best = d
                    elif seen[u] != stamp:
                        seen[u] = stamp
                        depth[u] = da + 1
                        queue[a1] = u
                        a1 += 1
            da += 1
        else:                                   # grow the end's side by one layer
            end = b0
            i = b1
            while i > end:
                i -= 1
                v = queue[i]
                for j in range(4):
                    u = nbrs[v, j]
                    if u < 0 or blocked[u] == 1:
                        continue
                    if seen[u] == stamp:
                        d = db + 1 + depth[u]
                        if best < 0 or d < best:
                            best = d
                    elif seen[u] != stamp + 1:
                        seen[u] = stamp + 1
                        depth[u] = db + 1
                        b0 -= 1
                        queue[b0] = u
            b1 = end
            db += 1
        if best >= 0:
            return best
    return -1


@njit(cache=True)
def _sources(cells, c0, c1, out, queue):
    """Start a search from ``cells[c0:c1]``: ``out`` INF but 0 at each of them, queued once each in
    ``queue``; how many were queued."""
    out[:] = INF
    tail = 0
    for i in range(c0, c1):
        s = cells[i]
        if out[s] != 0:
            out[s] = 0
            queue[tail] = s
            tail += 1
    return tail


@njit(cache=True)
def bfs_field(nbrs, blocked, cells, c0, c1, out, queue):
    """Every cell's distance from the nearest of ``cells[c0:c1]`` into ``out`` (INF where unreachable)."""
    _spread(nbrs, blocked, out, queue, _sources(cells, c0, c1, out, queue), blocked)


@njit(cache=True)
def bfs_near(nbrs, blocked, cells, c0, c1, out, queue, goals, g0, g1, limit):
    """:func:`bfs_field` only as far as it must go: a layer at a time from ``cells[c0:c1]``, stopping once
    the layer of the nearest of ``goals[g0:g1]`` (none: ``g0 == g1``) or layer ``limit`` is done.  Cells
    farther than that keep ``INF`` in ``out``; the number of cells reached is returned (they are
    ``queue[:n]``, nearest first)."""
    tail = _sources(cells, c0, c1, out, queue)
    head = 0
    depth = 0
    while head < tail and depth < limit:
        for i in range(g0, g1):
            if out[goals[i]] <= depth:
                return tail
        end = tail
        while head < end:
            v = queue[head]
            head += 1
            for d in range(4):
                u = nbrs[v, d]
                if u >= 0 and blocked[u] == 0 and out[u] == INF:
                    out[u] = depth + 1
                    queue[tail] = u
                    tail += 1
        depth += 1
    return tail


@njit(cache=True)
def bfs_lower(nbrs, blocked, w, f, queue, fixed):
    """Wall ``w`` came off: make ``f`` (lower bounds of distances) lower bounds again, by giving ``w``
    its neighbours' least plus one and letting shorter distances spread from there, but not to (nor
    past) the cells where ``fixed`` is 1: those whose distance the caller knows did not change."""
    best = INF
    for d in range(4):
        u = nbrs[w, d]
        if u >= 0 and blocked[u] == 0 and f[u] + 1 < best:
            best = f[u] + 1
    f[w] = best
    if best >= INF:
        return
    queue[0] = w
    _spread(nbrs, blocked, f, queue, 1, fixed)


@njit(cache=True)
def _spread(nbrs, blocked, f, queue, tail, fixed):
    """The loop of :func:`bfs_field` and :func:`bfs_lower`: from the cells ``queue[:tail]``, lower each
    open neighbour's ``f`` to one more than its own wherever that is less, breadth first, but not at
    the cells where ``fixed`` is 1 (:func:`bfs_field` passes ``blocked``: no more cells than those)."""
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        dv = f[v] + 1
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and blocked[u] == 0 and fixed[u] == 0 and f[u] > dv:
                f[u] = dv
                queue[tail] = u
                tail += 1


# The jumping-maze generator's search (mathmaze_lib.puzzles.jumpmaze.fast_measure): a graph as arrays,
# with path counts, stopped after the goal's layer, and then resumed.

@njit(cache=True)
def bfs_counts(succ, nsucc, start, goal, dist, count, queue, cap):
    """Breadth-first search from ``start`` over a graph as arrays (node ``u``'s successors
    ``succ[u, :nsucc[u]]``) with the number of shortest paths to each node (``count``, at most ``cap``),
    stopped after the goal's layer: ``(distance or -1, shortest paths, head, tail)``; ``dist`` holds
    the distances found (-1: not reached) and ``queue[head:tail]`` is still to expand
    (:func:`bfs_resume`). The jumping-maze generator's measure (:mod:`~mathmaze_lib.puzzles.jumpmaze.fast_measure`)."""
    dist[:] = -1
    dist[start] = 0
    count[start] = 1
    queue[0] = start
    head, tail, last = 0, 1, -1
    while head < tail:
        u = queue[head]
        if dist[u] == last:
            break
        head += 1
        du = dist[u] + 1
        cu = count[u]
        for j in range(nsucc[u]):
            v = succ[u, j]
            dv = dist[v]
            if dv < 0:
                dist[v] = du
                count[v] = cu
                queue[tail] = v
                tail += 1
                if v == goal:
                    last = du
            elif dv == du:
                count[v] = min(count[v] + cu, cap)
    if last < 0:
        return -1, 0, head, tail
    return last, count[goal], head, tail


@njit(cache=True)
def bfs_resume(succ, nsucc, dist, queue, head, tail):
    """Go on with a breadth-first search of :func:`bfs_counts` (``queue[head:tail]`` still to expand)
    until every node it can reach has its ``dist``: returns how many nodes were reached (they are
    ``queue[:that]``)."""
    while head < tail:
        u = queue[head]
        head += 1
        du = dist[u] + 1
        for j in range(nsucc[u]):
            v = succ[u, j]
            if dist[v] < 0:
                dist[v] = du
                queue[tail] = v
                tail += 1
    return tail
