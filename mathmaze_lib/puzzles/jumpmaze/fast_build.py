"""The compiled generator's first maze, built along its own breadth-first search
(:func:`_construct`; see :mod:`.fast`).

Its functions take two named structures (numba compiles named tuples): the :class:`Board` (the size,
the rule's directions, each cell's largest number, its side neighbours) and the :class:`Build` (what
the construction knows of each cell, its queue, the route's snapshots, the scratch of the candidate
jumps, the numbers it writes and its random numbers).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from .fast_measure import _below, _land, _random, njit

#: The board as the construction reads it: ``rows`` and ``cols``, the rule's directions ``dirs`` (one
#: ``(drow, dcol)`` row each) and ``wrap``, each cell's largest number ``maxk``, its side neighbours
#: ``nbrs`` (-1 where none).
Board = namedtuple("Board", "rows cols dirs wrap maxk nbrs")

#: What the construction knows and writes (int64 arrays of n + 1 unless said): per cell its distance
#: from the start ``level`` (-1 while nothing reached it), the clock (expansions done) when it was
#: reached ``disc`` and when it got its number ``numbered``, ``good`` (1 when it leads to the goal),
#: its place on the route ``at`` (-1 off the route) and its jump length onto the goal ``goal_jump`` (0
#: when none); the search's ``queue``; per route cell j the search's state when it was expanded
#: (``snap_head``, ``snap_tail``, ``snap_clock``) and whether the route could end there (``can_end``);
#: the scratch of the candidate jumps (``cand_k``, ``cand_d``, float ``weights``); the numbers it
#: writes, ``vals`` (n), and its random numbers ``rng``.
Build = namedtuple("Build", "level disc numbered good at goal_jump queue snap_head snap_tail snap_clock can_end "
                            "cand_k cand_d weights vals rng")


@njit(cache=True)
def _land_on(b, u, k, d):
    """The cell ``u`` lands on with a jump of ``k`` in direction ``d`` on the board ``b``, or -1."""
    return _land(u, k, d, b.rows, b.cols, b.dirs, b.wrap)


@njit(cache=True)
def _pick(weights, m, rng):
    """An index below ``m`` drawn with probability proportional to ``weights`` (-1 when all are 0)."""
    total = 0.0
    for a in range(m):
        total += weights[a]
    if total <= 0.0:
        return -1
    x = _random(rng) * total
    for a in range(m):
        x -= weights[a]
        if x < 0.0:
            return a
    for a in range(m - 1, -1, -1):
        if weights[a] > 0.0:
            return a
    return -1


@njit(cache=True)
def _clash(u, k, vals, nbrs):
    """1.0 when a side neighbour of ``u`` already holds ``k`` (a cluster), else 0.0."""
    for j in range(4):
        v = nbrs[u, j]
        if v >= 0 and vals[v] == k:
            return 1.0
    return 0.0


@njit(cache=True)
def _finishes(b, c, u, goal):
    """The ways the route can end from ``u``: a jump onto the goal, or onto a free cell from which one
    jump reaches the goal (``c.cand_k[a]``, ``c.cand_d[a]``; two-jump endings have weight 1, direct
    ones 2).  Only cells nothing reached yet are free."""
    cand_k, cand_d, weights = c.cand_k, c.cand_d, c.weights
    m = 0
    nd = b.dirs.shape[0]
    for k in range(1, b.maxk[u] + 1):
        for d in range(nd):
            t = _land_on(b, u, k, d)
            if t < 0:
                continue
            if t == goal:
                cand_k[m], cand_d[m], weights[m] = k, d, 2.0
                m += 1
            elif c.level[t] < 0 and c.goal_jump[t] > 0:
                others = True
                for e in range(nd):
                    if e != d and _land_on(b, u, k, e) == goal:
                        others = False
                if others:
                    cand_k[m], cand_d[m], weights[m] = k, d, 1.0
                    m += 1
    return m


@njit(cache=True)
def _goal_jump(b, t, goal):
    """A jump length that takes ``t`` onto the goal (0 when none does)."""
    for k in range(1, b.maxk[t] + 1):
        for d in range(b.dirs.shape[0]):
            if _land_on(b, t, k, d) == goal:
                return k
    return 0


@njit(cache=True)
def _reach(b, c, u, k, tail, clock):
    """Queue the cells ``u`` lands on with ``k`` that nothing reached yet; the new queue tail."""
    level = c.level
    for d in range(b.dirs.shape[0]):
        v = _land_on(b, u, k, d)
        if v >= 0 and level[v] < 0:
            level[v] = level[u] + 1
            c.disc[v] = clock
            c.queue[tail] = v
            tail += 1
    return tail


@njit(cache=True)
def _side_value(b, c, u, goal_at):
    """A number for the side cell ``u`` and whether it keeps the route the only shortest one: its jumps
    land on no route cell further on than its own distance (a shortcut or a second shortest route) nor
    on ``goal_at``; among those, one that lands on a cell leading to the goal if there is one, else on a
    cell reached but not numbered yet (it may still lead there); then preferably on few cells nothing
    reached yet, and not a side neighbour's number.  When every number lands ahead on the route (a cell
    by the goal's side under ``rightdown``, say), the one that lands least far ahead."""
    level, at, good, vals, cand_k, weights = c.level, c.at, c.good, c.vals, c.cand_k, c.weights
    lu = level[u]
    n = vals.shape[0]
    m, best = 0, -n
    for k in range(1, b.maxk[u] + 1):
        ahead, leads, pending, new = 0, False, False, 0
        for d in range(b.dirs.shape[0]):
            v = _land_on(b, u, k, d)
            if v < 0:
                continue
            if v == goal_at:
                ahead = n
            elif at[v] > lu:
                ahead = max(ahead, at[v] - lu)
            if good[v] == 1:
                leads = True
            elif vals[v] == 0 and level[v] >= 0:
                pending = True
            if level[v] < 0:
                new += 1
        # the best tier: no landing ahead, leading on; else the least jump ahead on the route
        tier = (2 if leads else 1 if pending else 0) if ahead == 0 else -ahead
        if tier > best:
            best, m = tier, 0
        if tier == best:
            cand_k[m] = k
            weights[m] = (1.0 - 0.8 * _clash(u, k, vals, b.nbrs)) / (1.0 + new) ** 2
            m += 1
    return cand_k[_pick(weights, m, c.rng)], best >= 0


@njit(cache=True)
def _head_jumps(b, c, u):
    """The jumps that can take the route on from its head ``u``: onto a cell nothing reached yet (not
    the goal), with no other landing on the goal; weighted for few new side cells and no cluster."""
    level, vals, cand_k, cand_d, weights = c.level, c.vals, c.cand_k, c.cand_d, c.weights
    goal = vals.shape[0] - 1
    nd = b.dirs.shape[0]
    m = 0
    for k in range(1, b.maxk[u] + 1):
        clash = _clash(u, k, vals, b.nbrs)
        for d in range(nd):
            t = _land_on(b, u, k, d)
            if t < 0 or t == goal or level[t] >= 0:
                continue
            new, ok = 0, True
            for e in range(nd):
                v = _land_on(b, u, k, e)
                if e == d or v < 0 or v == t:
                    continue
                if v == goal:
                    ok = False
                elif level[v] < 0:
                    new += 1
            if ok:
                cand_k[m], cand_d[m] = k, d
                weights[m] = (1.0 - 0.8 * clash) / (1.0 + new) ** 2
                m += 1
    return m


@njit(cache=True)
def _roll_back(c, j):
    """Go back to the last route cell, at ``j`` or before, from which the route can end, as the search
    stood when that cell was expanded; its place on the route."""
    last = j
    while last > 0 and c.can_end[last] == 0:
        last -= 1
    clock = c.snap_clock[last]
    vals = c.vals
    for v in range(vals.shape[0]):
        if c.disc[v] >= clock and v != 0:
            c.level[v], c.disc[v], c.at[v], c.good[v] = -1, -1, -1, 0
        if c.numbered[v] >= clock:
            vals[v], c.numbered[v] = 0, -1
            if c.at[v] < 0:
                c.good[v] = 0
    return last


@njit(cache=True)
def _end_route(b, c, u, last, tail, clock):
    """End the route at its cell ``u`` (place ``last``): a jump onto the goal, or onto a free cell that
    jumps onto the goal.  ``(route length or -1 when it cannot end, queue tail)``."""
    vals = c.vals
    goal = vals.shape[0] - 1
    m = _finishes(b, c, u, goal)
    a = _pick(c.weights, m, c.rng)
    if a < 0:
        return -1, tail
    k = c.cand_k[a]
    t = _land_on(b, u, k, c.cand_d[a])
    vals[u], c.numbered[u] = k, clock
    length = last + 1
    c.at[t], c.good[t] = length, 1
    if t != goal:
        vals[t] = c.goal_jump[t]
        length += 1
        c.at[goal] = length
    return length, _reach(b, c, u, k, tail, clock)


@njit(cache=True)
def _construct(b, vals, at, longest, rng):
    """A first maze on the :class:`Board` ``b`` with a long, unique shortest route and (nearly always) no
    black holes; writes ``vals`` and ``at`` (a route cell's place on the route, else -1) and returns the route's length
    (-1 when it could not end) and the number of side cells that found no number keeping it the only
    shortest route (0 but for a few boards under ``rightdown``).

    The maze is made in the order a breadth-first search from the start discovers it, so every cell
    gets its number knowing its distance from the start:

    - the route's head jumps onto a cell nothing has landed on yet (its other jumps may discover side
      cells): so the route cell at distance ``p`` is first landed on from the one at ``p - 1``;
    - a side cell at distance ``m`` lands on no route cell further than ``m`` (nor the goal while it is
      not on the route): no shortcut, no second shortest route; and preferably on a cell that leads
      to the goal (a route cell, or a side cell that does).
    The route goes on until its head is stuck (or, when ``longest`` is not -1, two jumps short of it),
    then the search goes back to the last head from which the goal could be reached in one or two
    jumps and ends the route there.  Cells nothing reaches get random numbers (not a side neighbour's
    where possible)."""
    n = b.rows * b.cols
    start, goal = 0, n - 1
    c = _construct_state(b, vals, rng)
    level, good, queue = c.level, c.good, c.queue
    vals[:] = 0
    level[start], c.disc[start], c.at[start], good[start] = 0, 0, 0, 1
    queue[0] = start
    head, tail, clock = 0, 1, 0
    j, length, goal_at = 0, -1, goal   # goal_at: the goal while it is not on the route, then -1
    misses = 0                         # side cells with no number that keeps the route the only one
    while head < tail:
        u = queue[head]
        if u == goal:
            pass
        elif length < 0 and c.at[u] == j:      # the route's head
            c.snap_head[j], c.snap_tail[j], c.snap_clock[j] = head, tail, clock
            if _finishes(b, c, u, goal) > 0:
                c.can_end[j] = 1
            a = -1
            if longest < 0 or j < longest - 2:
                a = _pick(c.weights, _head_jumps(b, c, u), rng)
            if a >= 0:
                k = c.cand_k[a]
                t = _land_on(b, u, k, c.cand_d[a])
                vals[u], c.numbered[u] = k, clock
                j += 1
                level[t], c.disc[t], c.at[t], good[t] = j, clock, j, 1
                queue[tail] = t
                tail = _reach(b, c, u, k, tail + 1, clock)
            else:                                   # stuck or long enough: end the route where it can
                j = _roll_back(c, j)
                head, tail, clock = c.snap_head[j], c.snap_tail[j], c.snap_clock[j]
                u = queue[head]
                length, tail = _end_route(b, c, u, j, tail, clock)
                if length >= 0:
                    goal_at = -1
                else:                               # (cannot happen from the start, which ends in two jumps)
                    length = 0
                    vals[u] = _side_value(b, c, u, goal_at)[0]
                    tail = _reach(b, c, u, vals[u], tail, clock)
        else:
            if vals[u] == 0:                        # a side cell
                k, kept = _side_value(b, c, u, goal_at)
                vals[u], c.numbered[u] = k, clock
                misses += 0 if kept else 1
                for d in range(b.dirs.shape[0]):
                    v = _land_on(b, u, k, d)
                    if v >= 0 and good[v] == 1:
                        good[u] = 1
            tail = _reach(b, c, u, vals[u], tail, clock)
        head += 1
        clock += 1
    _fill_unreached(vals, b.maxk, b.nbrs, rng)
    at[:] = c.at[:n]
    return c.at[goal], misses


@njit(cache=True)
def _construct_state(b, vals, rng):
    """The construction's :class:`Build` for the board ``b`` (-1 where nothing is known yet), writing into
    ``vals`` and drawing from ``rng``."""
    n = b.rows * b.cols
    unknown, zero = np.full(n + 1, -1, np.int64), np.zeros(n + 1, np.int64)
    top = 1
    for u in range(n):
        top = max(top, b.maxk[u])
    nd = b.dirs.shape[0]
    c = Build(level=unknown.copy(), disc=unknown.copy(), numbered=unknown.copy(), good=zero.copy(), at=unknown.copy(),
              goal_jump=unknown.copy(), queue=unknown.copy(), snap_head=unknown.copy(), snap_tail=unknown.copy(),
              snap_clock=unknown.copy(), can_end=zero.copy(), cand_k=np.empty(top * nd, np.int64),
              cand_d=np.empty(top * nd, np.int64), weights=np.empty(top * nd, np.float64), vals=vals, rng=rng)
    for t in range(n):
        c.goal_jump[t] = _goal_jump(b, t, n - 1)
    return c


@njit(cache=True)
def _fill_unreached(vals, maxk, nbrs, rng):
    """Random numbers for the cells nothing reaches (not a side neighbour's where possible; the goal,
    the last cell, keeps its 0)."""
    n = vals.shape[0]
    for u in range(n):
        if u != n - 1 and vals[u] == 0:
            k = 1 + _below(rng, maxk[u])
            if maxk[u] > 1 and _clash(u, k, vals, nbrs) > 0:
                k = 1 + _below(rng, maxk[u])
            vals[u] = k
