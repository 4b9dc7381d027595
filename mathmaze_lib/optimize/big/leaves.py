"""The last wall of :mod:`.tree`'s branch and bound: the boards it scores there (:func:`leaf`), and the
bound that skips them (:func:`skip_leaves`).

A node one wall from the end lists its branches, the cells of its legs' routes where the last wall may
go.  Leg ``k``'s route ``P`` is shortest; take the shortest route ``Q`` of the leg that misses every
branch on ``P``.  The last wall is one of the branches, so it leaves ``P`` open or ``Q`` open (it is on
``P``, so not on ``Q``): the leg ends no longer than ``Q``.  Its gain (``len(Q) - len(P)``) bounds what
any branch on ``P`` adds to the leg, so a branch whose legs' gains leave the moves no more than the best
has nothing to find and is dropped, one search a leg for all the node's branches (Menger's bound with
one wall; the one with more walls did not pay, see :mod:`.tree`).

>>> from mathmaze_lib.puzzles.wallmaze import parse
>>> from mathmaze_lib.optimize.big import tree
>>> maze = parse("walls: 2\\ns...\\n.#..\\n...f")        # no two walls make its 5 moves longer
>>> r = tree.prove(maze, 5)
>>> r.moves, r.proven, r.walls
(5, True, None)
"""

from __future__ import annotations

import numpy as np

from ...search.arrays import njit

__all__ = ["leaf", "skip_leaves"]


@njit(cache=True)
def leaf(nbrs, srcs, sptr, goal, blocked, changed, legd, above, dist, queue, most=1 << 30):
    """The moves with one more wall (``blocked`` holds it now) on a cell of the routes of the node above:
    only the legs whose route there held it (the bits ``changed``) are searched again, from ``srcs`` to the
    cells of ``goal[k]`` (the tree passes each leg's end as ``srcs`` and its start cells as ``goal``: see
    :mod:`.tree`), the others keep their moves there (``legd[above]``); -1 when some leg is blocked.
    The search stops as soon as it meets a cell of ``goal[k]``, and the arrays come whole with their row
    (``above``), not as slices, which numba counts references to.  A leg searched further than ``most``
    moves stops there, counted as ``most + 1``.  Measured: one core, the known best given,
    Medium1 with 9 walls 17.0 s and 15.8 s against 18.8 s and 17.0 s before, Medium2 with 9 walls 3.4 s
    and 3.7 s against 3.7 s and 4.5 s (side by side, 2026-12-02).  (The tree's arrays one by one: see
    :func:`.tree._routes`.  A search from both ends at once, :func:`~mathmaze_lib.search.arrays.bfs_meet`,
    was slower here: Medium1 with 8 walls on one core, 5.2 s against 4.1 s.  So was the same search on
    bits, a row of the board to a run of bits and a step of the search a few shifts of them: Medium1 with
    9 walls, one core, 32.6 s against 18.4 s, 2026-12-03; the search meets its goal within a few dozen
    cells here, fewer than the steps times the words of the bitboard.)"""
    legs = len(sptr) - 1
    total = 0
    for k in range(legs):
        if legs < 63 and (changed >> np.int64(k)) & 1 == 0:
            total += legd[above, k]
            continue
        dist.fill(-1)
        head = 0
        tail = 0
        reach = -1
        for i in range(sptr[k], sptr[k + 1]):
            s = srcs[i]
            if goal[k, s] == 1:
                reach = 0
            if dist[s] < 0:
                dist[s] = 0
                queue[tail] = s
                tail += 1
        while head < tail and reach < 0:
            v = queue[head]
            head += 1
            dv = dist[v] + 1
            if dv > most:
                reach = dv
                break
            for d in range(4):
                u = nbrs[v, d]
                if u < 0:
                    break
                if blocked[u] == 0 and dist[u] < 0:
                    if goal[k, u] == 1:
                        reach = dv
                        break
                    dist[u] = dv
                    queue[tail] = u
                    tail += 1
        if reach < 0:
            return -1
        total += reach
    return total


@njit(cache=True)
def skip_leaves(nbrs, srcs, sptr, goal, blocked, cand, cleg, ncand, legd, depth, moves, best, gain, dist, queue):
    """Drop the branches ``cand[depth, :ncand[depth]]`` of a node one wall from the end (its moves
    ``moves``, its legs' ``legd[depth]``, the legs whose route holds each branch in ``cleg[depth]``) that
    cannot score more than ``best`` (see the module's text; ``gain`` gets each leg's gain, large where
    the branches on its route cut it off; its search stops once the gain is more than ``best - moves``,
    which keeps every branch on the leg).  Boards of 63 legs or more keep every branch."""
    legs = len(sptr) - 1
    if legs >= 63:
        return
    n = ncand[depth]
    for k in range(legs):
        bit = np.int64(1) << np.int64(k)
        on = False
        for i in range(n):
            if cleg[depth, i] & bit != 0:
                blocked[cand[depth, i]] = 1
                on = True
        gain[k] = 0
        if not on:
            continue
        q = leaf(nbrs, srcs, sptr, goal, blocked, bit, legd, depth, dist, queue, legd[depth, k] + best - moves)
        for i in range(n):
            if cleg[depth, i] & bit != 0:
                blocked[cand[depth, i]] = 0
        if q < 0:
            gain[k] = 1 << 40
            continue
        for j in range(legs):
            q -= legd[depth, j]
        gain[k] = q
    m = 0
    for i in range(n):
        total = moves
        for k in range(legs):
            if cleg[depth, i] & (np.int64(1) << np.int64(k)) != 0:
                total += gain[k]
        if total > best:
            cand[depth, m] = cand[depth, i]
            cleg[depth, m] = cleg[depth, i]
            m += 1
    ncand[depth] = m
