"""Big jumping mazes at compiled speed: the generator for rules on cells, compiled with numba.

:func:`mathmaze_lib.jumpmaze.generate` anneals one-cell changes against Neller's design terms.  On
small boards it does so in plain Python, from random numbers (what lesson 2 shows).  On a 50 x 50
board that is hopeless: each step is a search of the whole board, and a good maze needs the numbers
of thousands of cells to work together, so a few seconds of it left mazes of 13 jumps with two
shortest routes and black holes.  For boards of more than 400 cells under a rule on cells
(``ortho``, ``diag8``, ``rightdown``, ``wrap`` and their combinations) it calls :func:`generate` here:

1. **A first maze built along its own breadth-first search** (:func:`_construct`): cells get their
   numbers in the order a search from the start discovers them, so each knows its distance from the
   start.  The route's head always jumps onto a cell nothing has landed on yet, so the route cell at
   distance ``p`` is first reached from the one at ``p - 1``; every other cell (a *side cell*, at
   distance ``m``) lands on no route cell further than ``m``, so there is no shortcut and no second
   shortest route, and it lands, where it can, on a cell known to lead to the goal, so there are
   (nearly) no black holes.  The route runs until it is stuck, then ends at the last cell from which
   the goal is one or two jumps away: on 50 x 50 boards about 1,200 jumps, on 100 x 100 about 5,000.
2. **The annealing** of :func:`mathmaze_lib.jumpmaze.generate`, the same objective and the same
   Metropolis rule, as loops over numpy arrays (:func:`_anneal`).  Half the time while the maze still
   has a black hole or a second shortest route, a step is aimed at it (:func:`_repair_move`,
   :func:`_tie_move`) instead of a random cell.

How a step is measured: cells are numbered ``row * cols + col``, ``vals[v]`` is the jump length of
``v`` (0 at the goal) and ``succ[v, :nsucc[v]]`` its landing cells in the rule's direction order, kept
up to date at each change.  A breadth-first search with path counts stops after the goal's layer;
only when the score could still pass the Metropolis test does it go on to every reachable cell and
count the black holes by one search backwards from the goal; a change on a cell that nothing
reaches costs no search at all.

Random numbers come from a small generator of its own (splitmix64) seeded from the maze id, so the
same id gives the same maze on every machine and numba version.  The compiled functions are cached
on disk (numba's ``cache=True``); :func:`warm` compiles them once, and the Makefile runs it after
installing (``python -m mathmaze_lib.fastjump``).
"""

from __future__ import annotations

import time
from typing import Callable, Optional

import numpy as np

try:                                    # numba is a dependency; without it jumpmaze.generate keeps
    from numba import njit               # to the plain Python annealing on every board
    AVAILABLE = True
except ImportError:                     # pragma: no cover (numba is installed with the package)
    AVAILABLE = False

    def njit(*args, **kwargs):
        return (lambda f: f) if not args or not callable(args[0]) else args[0]

__all__ = ["AVAILABLE", "generate", "warm"]

#: Path counts stop growing here (only "one" or "more than one" matters, up to 6).
_COUNT_CAP = 1 << 40
#: The score of a maze with no route, as in jumpmaze.NO_ROUTE.
_NO_ROUTE = -1e6

# Slots of the integer state ``s`` and of the float state ``f``.
_CLUSTERS, _KEPT, _BEST_GOOD, _BEST_JUMPS, _STAMP = range(5)
_CURRENT, _HEAT, _COOL, _BEST = range(4)
# Rows of the scratch array ``work`` (one int64 row of n + 2 per use): the search from the start
# (distances, path counts, queue), the backward search (compressed rows of the reversed jumps, a
# stack, the cells that lead to the goal), what the kept maze had, the clusters' scratch, and the
# moves' scratch (candidates, the cells on shortest routes).
(_DIST, _COUNT, _QUEUE, _PTR, _TODO, _BACK, _KDIST, _KBACK, _MARK, _STACK, _NEAR, _CAND, _ON) = range(13)


# ---------------------------------------------------------------- random numbers (splitmix64)

@njit(cache=True)
def _next(rng):
    z = rng[0] + np.uint64(0x9E3779B97F4A7C15)
    rng[0] = z
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def _random(rng):
    """A float in [0, 1)."""
    return np.float64(_next(rng) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def _below(rng, m):
    """A whole number in [0, m)."""
    return np.int64(_next(rng) % np.uint64(m))


# ---------------------------------------------------------------- the board's moves

@njit(cache=True)
def _land(u, k, d, rows, cols, dirs, wrap):
    """The cell ``u`` lands on with a jump of ``k`` in direction ``d``, or -1 off the board."""
    r = u // cols
    c = u - r * cols
    nr = r + dirs[d, 0] * k
    nc = c + dirs[d, 1] * k
    if wrap:
        nr %= rows
        nc %= cols
    elif nr < 0 or nr >= rows or nc < 0 or nc >= cols:
        return -1
    return nr * cols + nc


@njit(cache=True)
def _set_cell(v, k, rows, cols, dirs, wrap, goal, succ, nsucc):
    """Write the landing cells of ``v`` holding ``k`` into ``succ[v]`` (direction order, no repeats)."""
    m = 0
    if v != goal and k > 0:
        for d in range(dirs.shape[0]):
            to = _land(v, k, d, rows, cols, dirs, wrap)
            seen = to < 0
            for j in range(m):
                if succ[v, j] == to:
                    seen = True
            if not seen:
                succ[v, m] = to
                m += 1
    nsucc[v] = m


@njit(cache=True)
def _route(succ, nsucc, start, goal, dist, count, queue):
    """Breadth-first search from ``start`` with path counts, stopped after the goal's layer:
    ``(jumps or -1, shortest routes, head, tail)`` (``queue[head:tail]`` is still to expand)."""
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
                count[v] = min(count[v] + cu, _COUNT_CAP)
    if last < 0:
        return -1, 0, head, tail
    return last, count[goal], head, tail


@njit(cache=True)
def _forced(succ, nsucc, start, n):
    """Jumps at the start that have only one choice."""
    forced, u = 0, start
    while forced < n and nsucc[u] == 1:
        u = succ[u, 0]
        forced += 1
    return forced


@njit(cache=True)
def _rest(succ, nsucc, goal, work, preds, head, tail, whole):
    """Finish the search of :func:`_route` (every reachable cell), then search backwards from the goal
    over the reversed jumps of the reached cells (of every cell when ``whole``), marking ``work[_BACK]``:
    ``(black holes, white holes (0 unless whole), reached)``."""
    dist, queue, ptr, todo, back = work[_DIST], work[_QUEUE], work[_PTR], work[_TODO], work[_BACK]
    n = succ.shape[0]
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
    reached = tail
    if dist[goal] < 0:
        return reached, 0, reached
    ptr[:] = 0                      # the reversed jumps as compressed rows: preds[ptr[v]:ptr[v + 1]]
    m = n if whole else reached
    for a in range(m):
        u = a if whole else queue[a]
        for j in range(nsucc[u]):
            ptr[succ[u, j] + 2] += 1
    for v in range(2, n + 1):
        ptr[v] += ptr[v - 1]
    for a in range(m):              # ptr[v + 1] is the next free place of row v while filling
        u = a if whole else queue[a]
        for j in range(nsucc[u]):
            v = succ[u, j]
            preds[ptr[v + 1]] = u
            ptr[v + 1] += 1
    back[:] = 0
    back[goal] = 1
    todo[0] = goal
    top, found, good = 1, 1, 1
    while top > 0:
        top -= 1
        v = todo[top]
        for a in range(ptr[v], ptr[v + 1]):
            u = preds[a]
            if back[u] == 0:
                back[u] = 1
                found += 1
                if dist[u] >= 0:
                    good += 1
                todo[top] = u
                top += 1
    return reached - good, (found - good if whole else 0), reached


@njit(cache=True)
def _value(t, clusters, w):
    """The score of the terms ``t`` = (jumps, routes, forced, black, white, reached), as jumpmaze.generate
    (``w``: the weights of route, unique, black_holes, white_holes, forced, clusters, then the fewest and
    the most jumps wanted, -1 for no bound: each jump past the most counts as one jump less)."""
    if t[0] < 0:
        return _NO_ROUTE + t[5]
    jumps = t[0] if w[7] < 0 or t[0] <= w[7] else 2 * w[7] - t[0]
    return (w[0] * jumps - w[1] * min(t[1] - 1, 5) - w[4] * t[2] * t[2] - w[5] * clusters
            - w[2] * t[3] - w[3] * t[4])


@njit(cache=True)
def _good(t, w):
    return (t[0] >= 0 and (t[1] == 1 or w[1] == 0) and (t[3] == 0 or w[2] == 0)
            and (w[6] < 0 or t[0] >= w[6]) and (w[7] < 0 or t[0] <= w[7]))


@njit(cache=True)
def _measure(threshold, t, clusters, w, succ, nsucc, work, preds):
    """Measure the terms into ``t``; False when the score is surely below ``threshold`` (holes only
    lower it, so they are counted only when the route's terms pass)."""
    n = succ.shape[0]
    start, goal = 0, n - 1
    jumps, routes, head, tail = _route(succ, nsucc, start, goal, work[_DIST], work[_COUNT], work[_QUEUE])
    whole = w[3] > 0
    t[0], t[1], t[2], t[3], t[4], t[5] = jumps, routes, 0, 0, 0, 0
    if jumps < 0:
        if threshold > _NO_ROUTE + n:
            return False
        t[5] = _rest(succ, nsucc, goal, work, preds, head, tail, whole)[2]
        return True
    t[2] = _forced(succ, nsucc, start, n)
    if _value(t, clusters, w) < threshold:
        return False
    t[3], t[4], t[5] = _rest(succ, nsucc, goal, work, preds, head, tail, whole)
    return True


# ---------------------------------------------------------------- clusters of equal numbers

@njit(cache=True)
def _groups_at(vals, near, nnear, nbrs, mark, s, stack):
    """Sum of (size - 1)**2 over the groups of side-by-side equal numbers that hold a cell of
    ``near[:nnear]`` (the goal, holding 0, is never in a group: every other cell holds 1 or more)."""
    s[_STAMP] += 1
    stamp = s[_STAMP]
    total = 0
    for a in range(nnear):
        first = near[a]
        if mark[first] == stamp:
            continue
        key = vals[first]
        mark[first] = stamp
        stack[0] = first
        top, size = 1, 0
        while top > 0:
            top -= 1
            u = stack[top]
            size += 1
            for j in range(4):
                k = nbrs[u, j]
                if k >= 0 and vals[k] == key and mark[k] != stamp:
                    mark[k] = stamp
                    stack[top] = k
                    top += 1
        total += (size - 1) * (size - 1)
    return total


@njit(cache=True)
def _all_groups(vals, nbrs, work, s):
    """The clusters term of the whole board (every cell but the goal)."""
    near = work[_NEAR]
    n = vals.shape[0]
    for v in range(n - 1):
        near[v] = v
    return _groups_at(vals, near, n - 1, nbrs, work[_MARK], s, work[_STACK])


# ---------------------------------------------------------------- a first maze with a long route

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
    st = np.full((11, n + 1), -1, np.int64)
    st[_GOOD, :] = 0
    st[_CAN_END, :] = 0
    for t in range(n):
        st[_GOAL_JUMP, t] = _goal_jump(t, rows, cols, dirs, wrap, maxk, goal)
    level, good, queue = st[_LEVEL], st[_GOOD], st[_Q]
    top = 1
    for u in range(n):
        top = max(top, maxk[u])
    cand_k = np.empty(top * dirs.shape[0], np.int64)
    cand_d = np.empty(top * dirs.shape[0], np.int64)
    weights = np.empty(top * dirs.shape[0], np.float64)
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
    for u in range(n):                        # the cells nothing reaches
        if u != goal and vals[u] == 0:
            k = 1 + _below(rng, maxk[u])
            if maxk[u] > 1 and _clash(u, k, vals, nbrs) > 0:
                k = 1 + _below(rng, maxk[u])
            vals[u] = k
    at[:] = st[_AT, :n]
    return st[_AT, goal], misses


# ---------------------------------------------------------------- the annealing

@njit(cache=True)
def _start(rows, cols, dirs, wrap, w, vals, succ, nsucc, nbrs, work, preds, s, f, kept):
    """Load ``vals`` (every cell's landings, the clusters) and measure it: the start of a round."""
    n = vals.shape[0]
    for v in range(n):
        _set_cell(v, vals[v], rows, cols, dirs, wrap, n - 1, succ, nsucc)
    s[_CLUSTERS] = _all_groups(vals, nbrs, work, s) if w[5] > 0 else 0
    _measure(-np.inf, kept, s[_CLUSTERS], w, succ, nsucc, work, preds)
    work[_KDIST][:] = work[_DIST]
    work[_KBACK][:] = work[_BACK]
    s[_KEPT] = 0 if w[3] > 0 else 1      # with white holes every cell matters
    f[_CURRENT] = _value(kept, s[_CLUSTERS], w)


@njit(cache=True)
def _mend(i, maxk, rows, cols, dirs, wrap, vals, work, rng, avoid):
    """A new number for ``i`` that lands on a cell leading to the goal (and, with ``avoid``, on no black
    hole), or 0 when there is none."""
    kdist, kback, cand = work[_KDIST], work[_KBACK], work[_CAND]
    m = 0
    for k in range(1, maxk[i] + 1):
        if k == vals[i]:
            continue
        leads, ok = False, True
        for d in range(dirs.shape[0]):
            v = _land(i, k, d, rows, cols, dirs, wrap)
            if v < 0:
                continue
            if kback[v] == 1:
                leads = True
            elif avoid and kdist[v] >= 0:
                ok = False
        if leads and ok:
            cand[m] = k
            m += 1
    return cand[_below(rng, m)] if m > 0 else 0


@njit(cache=True)
def _repair_move(maxk, rows, cols, dirs, wrap, vals, work, rng):
    """A change aimed at a black hole ``x`` of the kept maze: ``(cell, number)``, or ``(-1, 0)``.  Half the
    time ``x`` gets a number that lands on a cell leading to the goal; else a cell that leads to the goal
    and lands on ``x`` gets one that lands on no black hole (so ``x`` may no longer be reached)."""
    kdist, kback = work[_KDIST], work[_KBACK]
    n = vals.shape[0]
    holes = 0
    for v in range(n):
        if kdist[v] >= 0 and kback[v] == 0:
            holes += 1
    if holes == 0:
        return -1, 0
    r = _below(rng, holes)
    x = -1
    for v in range(n):
        if kdist[v] >= 0 and kback[v] == 0:
            if r == 0:
                x = v
                break
            r -= 1
    if _random(rng) < 0.5:
        k = _mend(x, maxk, rows, cols, dirs, wrap, vals, work, rng, False)
        return (x, k) if k > 0 else (-1, 0)
    # the cells leading to the goal that land on x (they lie on x's lines, at their own number's distance)
    near = work[_NEAR]
    m = 0
    for k in range(1, max(rows, cols)):
        for d in range(dirs.shape[0]):
            p = _land(x, k, d, rows, cols, dirs, wrap)
            if p < 0 or kback[p] == 0 or kdist[p] < 0 or vals[p] <= 0:
                continue
            for e in range(dirs.shape[0]):
                if _land(p, vals[p], e, rows, cols, dirs, wrap) == x:
                    near[m] = p
                    m += 1
                    break
    if m == 0:
        return -1, 0
    p = near[_below(rng, m)]
    k = _mend(p, maxk, rows, cols, dirs, wrap, vals, work, rng, True)
    return (p, k) if k > 0 else (-1, 0)


@njit(cache=True)
def _tie_move(maxk, succ, nsucc, vals, work, rng):
    """A change that may break a tie of the kept maze's shortest routes: ``(cell, number)`` with a cell
    where two shortest routes part (two of its jumps lead on along shortest routes), or ``(-1, 0)``."""
    kdist, order, on, cand = work[_KDIST], work[_TODO], work[_ON], work[_CAND]
    n = vals.shape[0]
    goal = n - 1
    jumps = kdist[goal]
    if jumps < 1:
        return -1, 0
    ptr = work[_STACK]                      # the cells by distance from the start (a counting sort)
    ptr[:jumps + 2] = 0
    for v in range(n):
        if 0 <= kdist[v] <= jumps:
            ptr[kdist[v] + 1] += 1
    for d in range(1, jumps + 2):
        ptr[d] += ptr[d - 1]
    for v in range(n):
        if 0 <= kdist[v] <= jumps:
            order[ptr[kdist[v]]] = v
            ptr[kdist[v]] += 1
    # ptr[d] now ends layer d; walk the layers from the goal's back to the start
    m = 0
    for a in range(ptr[jumps] - 1, -1, -1):
        u = order[a]
        on[u] = 1 if u == goal else 0
        if u == goal:
            continue
        ways = 0
        for j in range(nsucc[u]):
            v = succ[u, j]
            if kdist[v] == kdist[u] + 1 and on[v] == 1 and (kdist[v] < jumps or v == goal):
                ways += 1
        if ways > 0:
            on[u] = 1
        if ways > 1 and maxk[u] > 1:
            cand[m] = u
            m += 1
    if m == 0:
        return -1, 0
    i = cand[_below(rng, m)]
    new = 1 + _below(rng, maxk[i] - 1)
    if new == vals[i]:
        new = maxk[i]
    return i, new


@njit(cache=True)
def _anneal(steps, rows, cols, dirs, wrap, maxk, w, vals, succ, nsucc, nbrs, work, preds, s, f, kept, t,
            best_vals, rng):
    """``steps`` steps of the annealing (the state is in the arrays, so runs in pieces are one run).

    A step changes one cell's number: a random cell and number, or, half the time while the kept maze
    has black holes or more than one shortest route, a move aimed at them (:func:`_repair_move`,
    :func:`_tie_move`)."""
    n = vals.shape[0]
    goal = n - 1
    kdist, near = work[_KDIST], work[_NEAR]
    mark, stack = work[_MARK], work[_STACK]
    for _ in range(steps):
        f[_HEAT] *= f[_COOL]
        heat = f[_HEAT]
        i, new = -1, 0
        if kept[0] >= 0 and _random(rng) < 0.5:
            if kept[3] > 0 and w[2] > 0 and (kept[1] == 1 or w[1] == 0 or _random(rng) < 0.5):
                i, new = _repair_move(maxk, rows, cols, dirs, wrap, vals, work, rng)
            elif kept[1] > 1 and w[1] > 0:
                i, new = _tie_move(maxk, succ, nsucc, vals, work, rng)
        if i < 0:
            i = _below(rng, n - 1)
            top = maxk[i]
            if top < 2:
                continue
            new = 1 + _below(rng, top - 1)
            if new == vals[i]:
                new = top
        old = vals[i]
        vals[i] = new
        _set_cell(i, new, rows, cols, dirs, wrap, goal, succ, nsucc)
        old_clusters = s[_CLUSTERS]
        if w[5] > 0:                      # only the groups of the old and new number around i change
            vals[i] = old
            nnear = 1
            near[0] = i
            for j in range(4):
                k = nbrs[i, j]
                if k >= 0 and (vals[k] == old or vals[k] == new):
                    near[nnear] = k
                    nnear += 1
            if nnear > 1:
                s[_CLUSTERS] -= _groups_at(vals, near, nnear, nbrs, mark, s, stack)
                vals[i] = new
                s[_CLUSTERS] += _groups_at(vals, near, nnear, nbrs, mark, s, stack)
            vals[i] = new
        threshold = f[_CURRENT] + heat * np.log(1.0 - _random(rng)) if heat > 0 else f[_CURRENT]
        if s[_KEPT] == 1 and kdist[i] < 0:    # nobody lands on cell i: nothing reachable changed
            t[:] = kept
            fresh = False
            ok = True
        else:
            fresh = True
            ok = _measure(threshold, t, s[_CLUSTERS], w, succ, nsucc, work, preds)
        if ok:
            candidate = _value(t, s[_CLUSTERS], w)
            if candidate >= threshold:
                f[_CURRENT] = candidate
                if fresh:
                    kept[:] = t
                    kdist[:] = work[_DIST]
                    work[_KBACK][:] = work[_BACK]
                g = 1 if _good(t, w) else 0
                if g > s[_BEST_GOOD] or (g == s[_BEST_GOOD] and candidate > f[_BEST]):
                    s[_BEST_GOOD] = g
                    f[_BEST] = candidate
                    s[_BEST_JUMPS] = t[0]
                    best_vals[:] = vals
                continue
        vals[i] = old
        s[_CLUSTERS] = old_clusters
        _set_cell(i, old, rows, cols, dirs, wrap, goal, succ, nsucc)


def _directions(names) -> np.ndarray:
    from .grid import ALL_EIGHT, ORTHOGONAL

    dirs = ALL_EIGHT if "diag8" in names else ((0, 1), (1, 0)) if "rightdown" in names else ORTHOGONAL
    return np.array(dirs, np.int64)


class _Run:
    """The arrays of one run of the generator: the board (``rows``, ``cols``, the rule's ``dirs``,
    ``wrap``, each cell's largest number ``maxk``, its side neighbours ``nbrs``), the weights ``w``, the
    maze (``vals`` and its landings ``succ``/``nsucc``), scratch (``work``, ``preds``), the state (``s``,
    ``f``, the kept maze's terms ``kept``, ``best_vals``) and the random numbers ``rng``."""

    def __init__(self, rows: int, cols: int, names, maxk: list, weights: dict, seed: int,
                 jumps: tuple = (None, None)):
        from .grid import Grid
        from .jumpmaze import OBJECTIVE

        n = rows * cols
        weights = {**OBJECTIVE, **weights}
        self.w = np.array([weights[k] for k in ("route", "unique", "black_holes", "white_holes", "forced",
                                                "clusters")] + [-1 if b is None else b for b in jumps], np.float64)
        self.rows, self.cols, self.dirs, self.wrap = rows, cols, _directions(names), "wrap" in names
        self.nbrs = np.full((n, 4), -1, np.int64)
        for v, near in enumerate(Grid(rows, cols).neighbour_table()):
            self.nbrs[v, :len(near)] = near
        self.maxk = np.array(maxk, np.int64)
        self.rng = np.array([seed], np.uint64)
        self.vals = np.zeros(n, np.int64)
        self.succ = np.zeros((n, len(self.dirs)), np.int64)
        self.nsucc = np.zeros(n, np.int64)
        self.work = np.zeros((13, max(n + 2, int(self.maxk.max()) + 1)), np.int64)
        self.preds = np.zeros(n * len(self.dirs), np.int64)
        self.s, self.f = np.zeros(5, np.int64), np.zeros(4, np.float64)
        self.kept, self.t = np.zeros(6, np.int64), np.zeros(6, np.int64)
        self.best_vals = self.vals.copy()

    def construct(self) -> tuple:
        """Write the first maze into ``vals`` (:func:`_construct`): each cell's place on its route, and
        how many side cells found no number keeping the route the only shortest one."""
        at = np.zeros(len(self.vals), np.int64)
        misses = _construct(self.rows, self.cols, self.dirs, self.wrap, self.maxk, self.nbrs, self.vals, at,
                            int(self.w[7]), self.rng)[1]
        return at, int(misses)

    def start(self) -> None:
        """Measure ``vals`` and make it the kept maze (the start of a round)."""
        _start(self.rows, self.cols, self.dirs, self.wrap, self.w, self.vals, self.succ, self.nsucc, self.nbrs,
               self.work, self.preds, self.s, self.f, self.kept)

    def anneal(self, steps: int) -> None:
        _anneal(steps, self.rows, self.cols, self.dirs, self.wrap, self.maxk, self.w, self.vals, self.succ,
                self.nsucc, self.nbrs, self.work, self.preds, self.s, self.f, self.kept, self.t, self.best_vals,
                self.rng)

    @property
    def best_jumps(self) -> Optional[int]:
        return None if self.s[_BEST_JUMPS] < 0 else int(self.s[_BEST_JUMPS])


def generate(rows: int, cols: int, names, maxk: list, weights: dict, budget: int, restarts: int,
             temperature: tuple, seed: int, deadline: Optional[float] = None,
             progress: Optional[Callable] = None, jumps: tuple = (None, None)) -> tuple:
    """The generator of :func:`mathmaze_lib.jumpmaze.generate` for a rule on cells (``names``), compiled:
    a first maze with a long unique route (:func:`_construct`), then ``budget`` steps of annealing in
    ``restarts`` rounds, each from the best maze so far, cooling from ``temperature[0]`` to
    ``temperature[1]``.  Cells are numbered row by row, the start 0 and the goal the last; cell ``v``
    may hold 1 to ``maxk[v]``; ``weights`` as :data:`~mathmaze_lib.jumpmaze.OBJECTIVE`; random numbers
    from ``seed`` (a whole number below 2**64).  ``jumps`` = (fewest, most) as in jumpmaze.generate
    (the first maze's route then ends by ``most``).  The search stops early when ``time.perf_counter()``
    passes ``deadline``; ``progress(step, budget, best jumps)`` is called about 100 times.
    ``(jump lengths, steps done, True when the deadline stopped it)``.

    >>> vals, done, stopped = generate(4, 4, {"ortho"}, [3] * 16, {}, 2000, 2, (2.0, 0.2), 1)
    >>> len(vals), vals[-1], done, stopped
    (16, 0, 2000, False)
    """
    run = _Run(rows, cols, names, maxk, weights, seed, jumps)
    run.construct()
    run.start()
    run.best_vals[:] = run.vals
    run.s[_BEST_GOOD], run.f[_BEST], run.s[_BEST_JUMPS] = _good(run.kept, run.w), run.f[_CURRENT], run.kept[0]
    hot, cold = temperature
    every = max(1, budget // 100)
    done, stopped = 0, False
    for round_ in range(restarts):
        if stopped:
            break
        length = budget // restarts + (budget % restarts if round_ == restarts - 1 else 0)
        if round_:
            run.vals[:] = run.best_vals
            run.start()
        run.f[_HEAT] = hot
        run.f[_COOL] = (cold / hot) ** (1 / max(1, length)) if hot else 0.0
        end = done + length
        while done < end and not stopped:
            stopped = deadline is not None and time.perf_counter() > deadline
            if progress is not None and done % every == 0 and not stopped:
                progress(done, budget, run.best_jumps)
            if not stopped:
                chunk = min(end - done, every - done % every)
                run.anneal(chunk)
                done += chunk
    if progress is not None:
        progress(done, budget, run.best_jumps)
    return [int(v) for v in run.best_vals], done, stopped


def warm() -> float:
    """Compile every compiled function once (or load it from numba's cache), so that the first big
    ``jump generate`` spends its time generating; the seconds it took.  ``make lab`` and ``make test``
    run it after installing (``python -m mathmaze_lib.fastjump``)."""
    t0 = time.perf_counter()
    generate(4, 4, {"ortho"}, [3] * 16, {}, 200, 2, (2.0, 0.2), 1)
    return time.perf_counter() - t0


if __name__ == "__main__":                                  # pragma: no cover (run by the Makefile)
    if AVAILABLE:
        print(f"compiled jumping-maze generator ready ({warm():.1f} s)")
    else:
        print("numba is not installed: the jumping-maze generator anneals in plain Python")
