"""The big-board search's board arrays and what it keeps of each leg, compiled (see the package's
docstring); the breadth-first searches it runs are :mod:`mathmaze_lib.search.arrays`'s."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ...grid import ORTHOGONAL
from ...puzzles.wallmaze import UNLIMITED, WallMaze, fastrunner
from ...search.arrays import INF, bfs_meet, bfs_near, njit



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
    ``tgts[tptr[k]:tptr[k + 1]]`` (cells numbered ``row * cols + col``), ``budget``, and ``way`` (n, 4):
    the neighbour Up, Right, Down and Left of each cell (-1 off the board; ``nbrs`` lists them first)."""

    nbrs: np.ndarray
    rocks: np.ndarray
    wallable: np.ndarray
    srcs: np.ndarray
    sptr: np.ndarray
    tgts: np.ndarray
    tptr: np.ndarray
    budget: int
    way: np.ndarray

    @property
    def size(self) -> int:
        """The board's cells (rocks included)."""
        return len(self.rocks)

    @property
    def legs(self) -> int:
        """The legs: the checkpoints, plus one."""
        return len(self.sptr) - 1


class Geo(NamedTuple):
    """What the compiled steps read of the board: ``nbrs``, ``wallable``, each leg's start cells
    ``srcs[sptr[k]:sptr[k + 1]]`` and end cells ``tgts[tptr[k]:tptr[k + 1]]``, and ``way`` (see
    :class:`Board`)."""

    nbrs: np.ndarray
    wallable: np.ndarray
    srcs: np.ndarray
    sptr: np.ndarray
    tgts: np.ndarray
    tptr: np.ndarray
    way: np.ndarray


class Legs(NamedTuple):
    """What the search keeps of each leg ``k`` (see :func:`_refresh`): the distances from its start and
    to its end (``FA[k]``, ``FB[k]``), its length ``D[k]``, its shortest-route cells (``onr[k]``, listed
    in ``lst[k, :nlst[k]]``), their count at each distance (``cnt[k]``) and its chokepoints
    (``cut[k, :ncut[k]]``)."""

    FA: np.ndarray
    FB: np.ndarray
    D: np.ndarray
    onr: np.ndarray
    cnt: np.ndarray
    lst: np.ndarray
    nlst: np.ndarray
    cut: np.ndarray
    ncut: np.ndarray


class Scratch(NamedTuple):
    """A search's scratch: ``goal[v]`` the leg that ends on ``v`` (-1: none), the stamps ``seen`` (the last
    in ``st[0]``), the ``queue`` and the distances ``dist``."""

    goal: np.ndarray
    seen: np.ndarray
    queue: np.ndarray
    dist: np.ndarray
    st: np.ndarray


#: The slots of the search's ``state`` array: walls placed, moves, leg searches, best moves, steps, legs
#: searched in full, steps refused without a search because the new wall would cut a leg off.
PLACED, MOVES, SEARCHES, BEST, STEPS, REFRESHED, REFUSED = range(7)


def geo(b: Board) -> Geo:
    """The :class:`Geo` of ``b``."""
    return Geo(b.nbrs, b.wallable, b.srcs, b.sptr, b.tgts, b.tptr, b.way)


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
    way = maze.grid.neighbour_array(ORTHOGONAL, packed=False)              # Up, Right, Down, Left
    return Board(nbrs, rocks, wallable, np.array(srcs, np.int32), np.array(sptr, np.int32),
                 np.array(tgts, np.int32), np.array(tptr, np.int32), budget, way)


# ---------------------------------------------------------------- compiled: searches of one leg

@njit(cache=True)
def _refresh(k, geo, blocked, legs, queue):
    """Search leg ``k`` again (``geo`` a :class:`Geo`, ``legs`` the :class:`Legs`): its length ``D[k]`` (-1 when blocked), ``FA[k]``, ``FB[k]`` exact up to
    ``D[k]`` (``INF`` beyond: the searches stop there, and a cell farther than the leg's length from
    either end can neither be on its shortest routes nor give a route as short), its shortest-route
    cells (``onr[k]``, listed in ``lst[k, :nlst[k]]``), their number at each distance (``cnt[k]``) and
    its wallable chokepoints (``cut[k, :ncut[k]]``)."""
    nbrs, wallable, srcs, sptr, tgts, tptr, _way = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    fa = FA[k]
    fb = FB[k]
    bfs_near(nbrs, blocked, srcs, sptr[k], sptr[k + 1], fa, queue, tgts, tptr[k], tptr[k + 1], INF)
    length = INF
    for i in range(tptr[k], tptr[k + 1]):
        if fa[tgts[i]] < length:
            length = fa[tgts[i]]
    o = onr[k]
    o[:] = 0
    nlst[k] = 0
    ncut[k] = 0
    if length >= INF:
        bfs_near(nbrs, blocked, tgts, tptr[k], tptr[k + 1], fb, queue, tgts, 0, 0, INF)
        D[k] = -1
        return
    near = bfs_near(nbrs, blocked, tgts, tptr[k], tptr[k + 1], fb, queue, tgts, 0, 0, length)
    D[k] = length
    c = cnt[k]
    c[:length + 1] = 0
    m = 0
    for i in range(near):
        v = queue[i]
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
def _prune(k, c, geo, legs, stack):
    """A wall went up on ``c``, one of leg ``k``'s shortest-route cells but not alone at its distance
    (so the leg keeps its length): take off its shortest-route cells those that were on a route only
    through ``c`` (from ``c`` out: a cell stays while it has one of them a step nearer the start and
    one a step nearer the end), instead of searching the leg again.  Its bounds stay bounds."""
    nbrs, wallable = geo.nbrs, geo.wallable
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    fa = FA[k]
    fb = FB[k]
    o = onr[k]
    o[c] = 0
    cnt[k, fa[c]] -= 1
    top = 0
    for d in range(4):
        u = nbrs[c, d]
        if u >= 0 and o[u] == 1:
            o[u] = 2                        # (2: waiting to be looked at)
            stack[top] = u
            top += 1
    while top > 0:
        top -= 1
        x = stack[top]
        o[x] = 1
        back = fa[x] == 0
        ahead = fb[x] == 0
        for d in range(4):
            u = nbrs[x, d]
            if u >= 0 and o[u] != 0:
                if fa[u] == fa[x] - 1:
                    back = True
                if fb[u] == fb[x] - 1:
                    ahead = True
        if back and ahead:
            continue
        o[x] = 0
        cnt[k, fa[x]] -= 1
        for d in range(4):
            u = nbrs[x, d]
            if u >= 0 and o[u] == 1:
                o[u] = 2
                stack[top] = u
                top += 1
    m = 0
    nc = 0
    for i in range(nlst[k]):
        v = lst[k, i]
        if o[v] == 1:
            lst[k, m] = v
            m += 1
            if wallable[v] == 1 and cnt[k, fa[v]] == 1:
                cut[k, nc] = v
                nc += 1
    nlst[k] = m
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
def _leg(k, geo, blocked, scratch):
    """The length of leg ``k`` (searched from its start until its end is reached; -1: blocked);
    ``scratch`` is the :class:`Scratch`."""
    seen = scratch.seen
    return bfs_meet(geo.nbrs, blocked, geo.srcs, geo.sptr[k], geo.sptr[k + 1], geo.tgts, geo.tptr[k],
                    geo.tptr[k + 1], seen, scratch.dist, scratch.queue, _stamp(seen, scratch.st, 2))


@njit(cache=True)
def _stamp(seen, st, step):
    """A new stamp for ``seen`` (a search takes ``step`` of them, ``st[0]`` the last): ``seen`` is 32 bits,
    so near the end of its range it is cleared and the stamps start again."""
    if st[0] >= 2000000000:
        seen[:] = 0
        st[0] = 0
    st[0] += step
    return st[0]


@njit(cache=True)
def score(geo, blocked, scratch):
    """The runner's moves with the cells of ``blocked`` closed (every leg searched): -1 when blocked.
    ``geo`` is the board's :class:`Geo`, ``scratch`` a :class:`Scratch` (``st[0]`` counts the searches)."""
    total = 0
    for k in range(len(geo.sptr) - 1):
        d = _leg(k, geo, blocked, scratch)
        if d < 0:
            return -1
        total += d
    return total


@njit(cache=True)
def score_many(geo, blocked, scratch, times):
    """:func:`score` ``times`` times in a row (to time the compiled runner without Python's calls)."""
    s = 0
    for _ in range(times):
        s = score(geo, blocked, scratch)
    return s
