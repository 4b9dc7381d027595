"""The big-board search's board arrays and its compiled searches of one leg (see the package's
docstring)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ...puzzles.wallmaze import UNLIMITED, WallMaze, fastrunner
from ...search.arrays import njit


INF = 1 << 29


def applies(maze: WallMaze) -> bool:
    """True when the runner's moves on ``maze`` are the sum of its legs' shortest distances (no
    teleports, every checkpoint on one cell), so that this module's search can score it.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> applies(parse("sA.f")), applies(parse("sA.Af")), applies(parse("st.uf"))
    (True, False, False)
    """
    return not maze.teleports and all(len(cells) == 1 for cells in maze.checkpoints)


@dataclass
class Board:
    """The arrays of a board: ``nbrs`` (n, 4) neighbours (-1: none), ``rocks``, ``wallable`` (1 where a
    wall may go), each leg's start cells ``srcs[sptr[k]:sptr[k + 1]]`` and end cells
    ``tgts[tptr[k]:tptr[k + 1]]`` (cells numbered ``row * cols + col``), ``budget``."""

    nbrs: np.ndarray
    rocks: np.ndarray
    wallable: np.ndarray
    srcs: np.ndarray
    sptr: np.ndarray
    tgts: np.ndarray
    tptr: np.ndarray
    budget: int

    @property
    def size(self) -> int:
        return len(self.rocks)

    @property
    def legs(self) -> int:
        return len(self.sptr) - 1


def board(maze: WallMaze) -> Board:
    """The arrays of ``maze`` (see :class:`Board`); ``maze`` must satisfy :func:`applies`."""
    if not applies(maze):
        raise ValueError("this search scores boards without teleports whose checkpoints have one cell each")
    arrays = fastrunner.board(maze)             # (the compiled runner's neighbours, rocks and wallable cells)
    nbrs, rocks, wallable, index = arrays.nbrs, arrays.rocks, arrays.wallable, maze.grid.index
    stops = [[index(c) for c in maze.starts]] + [[index(cells[0])] for cells in maze.checkpoints] + \
            [[index(c) for c in maze.ends]]
    srcs, sptr, tgts, tptr = [], [0], [], [0]
    for a, b in zip(stops, stops[1:]):
        srcs.extend(a)
        sptr.append(len(srcs))
        tgts.extend(b)
        tptr.append(len(tgts))
    budget = int(wallable.sum()) if maze.budget == UNLIMITED else min(maze.budget, int(wallable.sum()))
    return Board(nbrs, rocks, wallable, np.array(srcs, np.int32), np.array(sptr, np.int32),
                 np.array(tgts, np.int32), np.array(tptr, np.int32), budget)


# ---------------------------------------------------------------- compiled: searches of one leg

@njit(cache=True)
def _reach(nbrs, blocked, srcs, s0, s1, goal, k, seen, queue, stamp):
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
def _meet(nbrs, blocked, srcs, s0, s1, tgts, t0, t1, seen, depth, queue, stamp):
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
def _field(nbrs, blocked, cells, c0, c1, out, queue):
    """Every cell's distance from the nearest of ``cells[c0:c1]`` into ``out`` (INF where unreachable)."""
    out[:] = INF
    tail = 0
    for i in range(c0, c1):
        s = cells[i]
        if out[s] != 0:
            out[s] = 0
            queue[tail] = s
            tail += 1
    head = 0
    while head < tail:
        v = queue[head]
        head += 1
        dv = out[v] + 1
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and blocked[u] == 0 and out[u] > dv:
                out[u] = dv
                queue[tail] = u
                tail += 1


@njit(cache=True)
def _lower(nbrs, blocked, w, f, queue):
    """Wall ``w`` came off: make ``f`` (lower bounds of distances) lower bounds again, by giving ``w``
    its neighbours' least plus one and letting shorter distances spread from there."""
    best = INF
    for d in range(4):
        u = nbrs[w, d]
        if u >= 0 and blocked[u] == 0 and f[u] + 1 < best:
            best = f[u] + 1
    f[w] = best
    if best >= INF:
        return
    queue[0] = w
    head = 0
    tail = 1
    while head < tail:
        v = queue[head]
        head += 1
        dv = f[v] + 1
        for d in range(4):
            u = nbrs[v, d]
            if u >= 0 and blocked[u] == 0 and f[u] > dv:
                f[u] = dv
                queue[tail] = u
                tail += 1


@njit(cache=True)
def _refresh(k, nbrs, blocked, wallable, srcs, sptr, tgts, tptr, FA, FB, D, onr, cnt, lst, nlst, cut, ncut, queue):
    """Search leg ``k`` in full: exact ``FA[k]``, ``FB[k]``, its length ``D[k]`` (-1 when blocked), its
    shortest-route cells (``onr[k]``, listed in ``lst[k, :nlst[k]]``), their number at each distance
    (``cnt[k]``) and its wallable chokepoints (``cut[k, :ncut[k]]``)."""
    fa = FA[k]
    fb = FB[k]
    _field(nbrs, blocked, srcs, sptr[k], sptr[k + 1], fa, queue)
    _field(nbrs, blocked, tgts, tptr[k], tptr[k + 1], fb, queue)
    length = INF
    for i in range(tptr[k], tptr[k + 1]):
        if fa[tgts[i]] < length:
            length = fa[tgts[i]]
    o = onr[k]
    o[:] = 0
    nlst[k] = 0
    ncut[k] = 0
    if length >= INF:
        D[k] = -1
        return
    D[k] = length
    c = cnt[k]
    c[:length + 1] = 0
    m = 0
    for v in range(len(fa)):
        if fa[v] + fb[v] == length:
            o[v] = 1
            c[fa[v]] += 1
            lst[k, m] = v
            m += 1
    nlst[k] = m
    nc = 0
    for i in range(m):
        v = lst[k, i]
        if wallable[v] == 1 and c[fa[v]] == 1:
            cut[k, nc] = v
            nc += 1
    ncut[k] = nc


@njit(cache=True)
def _via(nbrs, blocked, w, fa, fb):
    """A lower bound of the length of a route through cell ``w`` (INF: none)."""
    a = INF
    b = INF
    for d in range(4):
        u = nbrs[w, d]
        if u >= 0 and blocked[u] == 0:
            if fa[u] < a:
                a = fa[u]
            if fb[u] < b:
                b = fb[u]
    if a >= INF or b >= INF:
        return INF
    return a + b + 2


@njit(cache=True)
def _leg(k, nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st):
    """The length of leg ``k`` (searched from its start until its end is reached; -1: blocked).
    ``goal[v]`` is the leg that ends on ``v`` (-1: none)."""
    if st[0] >= 2000000000:             # the stamps are 32 bits: start them again
        seen[:] = 0
        st[0] = 0
    st[0] += 2
    return _meet(nbrs, blocked, srcs, sptr[k], sptr[k + 1], tgts, tptr[k], tptr[k + 1], seen, dist, queue, st[0])


@njit(cache=True)
def score(nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st):
    """The runner's moves with the cells of ``blocked`` closed (every leg searched): -1 when blocked.
    ``goal[v]``: the leg that ends on ``v`` (-1: none); ``st[0]`` counts the searches (stamps for ``seen``)."""
    total = 0
    for k in range(len(sptr) - 1):
        d = _leg(k, nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st)
        if d < 0:
            return -1
        total += d
    return total


@njit(cache=True)
def score_many(nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st, times):
    """:func:`score` ``times`` times in a row (to time the compiled runner without Python's calls)."""
    s = 0
    for _ in range(times):
        s = score(nbrs, blocked, srcs, sptr, tgts, tptr, goal, seen, queue, dist, st)
    return s
