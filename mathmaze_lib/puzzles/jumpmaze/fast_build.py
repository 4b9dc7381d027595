"""The compiled generator's first maze, built along its own breadth-first search
(:func:`_construct`; see :mod:`.fast`).
"""

from __future__ import annotations

import numpy as np

from .fast_measure import _below, _land, _random, njit


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
def _finishes(u, rows, cols, dirs, wrap, maxk, goal, st, cand_k, cand_d, weights):
    """The ways the route can end from ``u``: a jump onto the goal, or onto a free cell from which one
    jump reaches the goal (``cand_k[a]``, ``cand_d[a]``; two-jump endings have weight 1, direct ones 2).
    Only cells nothing reached yet are free."""
    level, goal_jump = st[_LEVEL], st[_GOAL_JUMP]
    m = 0
    nd = dirs.shape[0]
    for k in range(1, maxk[u] + 1):
        for d in range(nd):
            t = _land(u, k, d, rows, cols, dirs, wrap)
            if t < 0:
                continue
            if t == goal:
                cand_k[m], cand_d[m], weights[m] = k, d, 2.0
                m += 1
            elif level[t] < 0 and goal_jump[t] > 0:
                others = True
                for e in range(nd):
                    if e != d and _land(u, k, e, rows, cols, dirs, wrap) == goal:
                        others = False
                if others:
                    cand_k[m], cand_d[m], weights[m] = k, d, 1.0
                    m += 1
    return m


@njit(cache=True)
def _goal_jump(t, rows, cols, dirs, wrap, maxk, goal):
    """A jump length that takes ``t`` onto the goal (0 when none does)."""
    for k in range(1, maxk[t] + 1):
        for d in range(dirs.shape[0]):
            if _land(t, k, d, rows, cols, dirs, wrap) == goal:
                return k
    return 0


# Rows of the construction's state ``st`` (int64, n + 1 wide): a cell's distance from the start (-1 while
# nothing reached it), the clock (expansions done) when it was reached and when it got its number, 1 when
# it leads to the goal, its place on the route (-1 off the route), the search's queue, and, per route
# cell j, the search's state when it was expanded (queue head and tail, clock) and whether the route
# could end there; and a cell's jump length onto the goal (0 when none).
_LEVEL, _DISC, _NUMBERED, _GOOD, _AT, _Q, _SNAP_HEAD, _SNAP_TAIL, _SNAP_CLOCK, _CAN_END, _GOAL_JUMP = range(11)


@njit(cache=True)
def _reach(u, k, rows, cols, dirs, wrap, st, tail, clock):
    """Queue the cells ``u`` lands on with ``k`` that nothing reached yet; the new queue tail."""
    level = st[_LEVEL]
    for d in range(dirs.shape[0]):
        v = _land(u, k, d, rows, cols, dirs, wrap)
        if v >= 0 and level[v] < 0:
            level[v] = level[u] + 1
            st[_DISC, v] = clock
            st[_Q, tail] = v
            tail += 1
    return tail


@njit(cache=True)
def _side_value(u, rows, cols, dirs, wrap, maxk, nbrs, vals, st, goal_at, cand_k, weights, rng):
    """A number for the side cell ``u`` and whether it keeps the route the only shortest one: its jumps
    land on no route cell further on than its own distance (a shortcut or a second shortest route) nor
    on ``goal_at``; among those, one that lands on a cell leading to the goal if there is one, else on a
    cell reached but not numbered yet (it may still lead there); then preferably on few cells nothing
    reached yet, and not a side neighbour's number.  When every number lands ahead on the route (a cell
    by the goal's side under ``rightdown``, say), the one that lands least far ahead."""
    level, at, good = st[_LEVEL], st[_AT], st[_GOOD]
    lu = level[u]
    n = vals.shape[0]
    m, best = 0, -n
    for k in range(1, maxk[u] + 1):
        ahead, leads, pending, new = 0, False, False, 0
        for d in range(dirs.shape[0]):
            v = _land(u, k, d, rows, cols, dirs, wrap)
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
            weights[m] = (1.0 - 0.8 * _clash(u, k, vals, nbrs)) / (1.0 + new) ** 2
            m += 1
    return cand_k[_pick(weights, m, rng)], best >= 0


@njit(cache=True)
def _head_jumps(u, rows, cols, dirs, wrap, maxk, nbrs, vals, st, cand_k, cand_d, weights):
    """The jumps that can take the route on from its head ``u``: onto a cell nothing reached yet (not
    the goal), with no other landing on the goal; weighted for few new side cells and no cluster."""
    level = st[_LEVEL]
    goal = vals.shape[0] - 1
    nd = dirs.shape[0]
    m = 0
    for k in range(1, maxk[u] + 1):
        clash = _clash(u, k, vals, nbrs)
        for d in range(nd):
            t = _land(u, k, d, rows, cols, dirs, wrap)
            if t < 0 or t == goal or level[t] >= 0:
                continue
            new, ok = 0, True
            for e in range(nd):
                v = _land(u, k, e, rows, cols, dirs, wrap)
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
def _roll_back(j, vals, st):
    """Go back to the last route cell, at ``j`` or before, from which the route can end, as the search
    stood when that cell was expanded; its place on the route."""
    last = j
    while last > 0 and st[_CAN_END, last] == 0:
        last -= 1
    clock = st[_SNAP_CLOCK, last]
    for v in range(vals.shape[0]):
        if st[_DISC, v] >= clock and v != 0:
            st[_LEVEL, v], st[_DISC, v], st[_AT, v], st[_GOOD, v] = -1, -1, -1, 0
        if st[_NUMBERED, v] >= clock:
            vals[v], st[_NUMBERED, v] = 0, -1
            if st[_AT, v] < 0:
                st[_GOOD, v] = 0
    return last


@njit(cache=True)
def _end_route(u, last, rows, cols, dirs, wrap, maxk, vals, st, cand_k, cand_d, weights, rng, tail, clock):
    """End the route at its cell ``u`` (place ``last``): a jump onto the goal, or onto a free cell that
    jumps onto the goal.  ``(route length or -1 when it cannot end, queue tail)``."""
    goal = vals.shape[0] - 1
    m = _finishes(u, rows, cols, dirs, wrap, maxk, goal, st, cand_k, cand_d, weights)
    a = _pick(weights, m, rng)
    if a < 0:
        return -1, tail
    k = cand_k[a]
    t = _land(u, k, cand_d[a], rows, cols, dirs, wrap)
    vals[u], st[_NUMBERED, u] = k, clock
    length = last + 1
    st[_AT, t], st[_GOOD, t] = length, 1
    if t != goal:
        vals[t] = st[_GOAL_JUMP, t]
        length += 1
        st[_AT, goal] = length
    return length, _reach(u, k, rows, cols, dirs, wrap, st, tail, clock)


@njit(cache=True)
def _construct(rows, cols, dirs, wrap, maxk, nbrs, vals, at, longest, rng):
    """A first maze with a long, unique shortest route and (nearly always) no black holes; writes
    ``vals`` and ``at`` (a route cell's place on the route, else -1) and returns the route's length
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
    n = rows * cols
    start, goal = 0, n - 1
    st, cand_k, cand_d, weights = _construct_state(rows, cols, dirs, wrap, maxk)
    level, good, queue = st[_LEVEL], st[_GOOD], st[_Q]
    vals[:] = 0
    level[start], st[_DISC, start], st[_AT, start], good[start] = 0, 0, 0, 1
    queue[0] = start
    head, tail, clock = 0, 1, 0
    j, length, goal_at = 0, -1, goal   # goal_at: the goal while it is not on the route, then -1
    misses = 0                         # side cells with no number that keeps the route the only one
    while head < tail:
        u = queue[head]
        if u == goal:
            pass
        elif length < 0 and st[_AT, u] == j:      # the route's head
            st[_SNAP_HEAD, j], st[_SNAP_TAIL, j], st[_SNAP_CLOCK, j] = head, tail, clock
            if _finishes(u, rows, cols, dirs, wrap, maxk, goal, st, cand_k, cand_d, weights) > 0:
                st[_CAN_END, j] = 1
            a = -1
            if longest < 0 or j < longest - 2:
                a = _pick(weights, _head_jumps(u, rows, cols, dirs, wrap, maxk, nbrs, vals, st, cand_k, cand_d,
                                               weights), rng)
            if a >= 0:
                k = cand_k[a]
                t = _land(u, k, cand_d[a], rows, cols, dirs, wrap)
                vals[u], st[_NUMBERED, u] = k, clock
                j += 1
                level[t], st[_DISC, t], st[_AT, t], good[t] = j, clock, j, 1
                queue[tail] = t
                tail = _reach(u, k, rows, cols, dirs, wrap, st, tail + 1, clock)
            else:                                   # stuck or long enough: end the route where it can
                j = _roll_back(j, vals, st)
                head, tail, clock = st[_SNAP_HEAD, j], st[_SNAP_TAIL, j], st[_SNAP_CLOCK, j]
                u = queue[head]
                length, tail = _end_route(u, j, rows, cols, dirs, wrap, maxk, vals, st, cand_k, cand_d, weights,
                                          rng, tail, clock)
                if length >= 0:
                    goal_at = -1
                else:                               # (cannot happen from the start, which ends in two jumps)
                    length = 0
                    vals[u] = _side_value(u, rows, cols, dirs, wrap, maxk, nbrs, vals, st, goal_at, cand_k,
                                          weights, rng)[0]
                    tail = _reach(u, vals[u], rows, cols, dirs, wrap, st, tail, clock)
        else:
            if vals[u] == 0:                        # a side cell
                k, kept = _side_value(u, rows, cols, dirs, wrap, maxk, nbrs, vals, st, goal_at, cand_k, weights,
                                      rng)
                vals[u], st[_NUMBERED, u] = k, clock
                misses += 0 if kept else 1
                for d in range(dirs.shape[0]):
                    v = _land(u, k, d, rows, cols, dirs, wrap)
                    if v >= 0 and good[v] == 1:
                        good[u] = 1
            tail = _reach(u, vals[u], rows, cols, dirs, wrap, st, tail, clock)
        head += 1
        clock += 1
    _fill_unreached(vals, maxk, nbrs, rng)
    at[:] = st[_AT, :n]
    return st[_AT, goal], misses


@njit(cache=True)
def _construct_state(rows, cols, dirs, wrap, maxk):
    """The construction's state ``st`` (one row per slot: ``_LEVEL`` ... ``_GOAL_JUMP``, -1 where
    nothing is known yet) and the scratch arrays of the candidate jumps and their weights."""
    n = rows * cols
    st = np.full((11, n + 1), -1, np.int64)
    st[_GOOD, :] = 0
    st[_CAN_END, :] = 0
    for t in range(n):
        st[_GOAL_JUMP, t] = _goal_jump(t, rows, cols, dirs, wrap, maxk, n - 1)
    top = 1
    for u in range(n):
        top = max(top, maxk[u])
    cand_k = np.empty(top * dirs.shape[0], np.int64)
    cand_d = np.empty(top * dirs.shape[0], np.int64)
    weights = np.empty(top * dirs.shape[0], np.float64)
    return st, cand_k, cand_d, weights


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
