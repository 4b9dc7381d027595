"""The compiled generator's measuring (numba): its random numbers (splitmix64, from
:mod:`mathmaze_lib.compiled_random`, and Python's own Mersenne Twister for the small boards' steps), a
maze's landings kept up to date at each change, the breadth-first search with path counts from the
start (:func:`~mathmaze_lib.search.arrays.bfs_counts`), the backward search for black holes, the
clusters, and the score of the design terms (:mod:`.objective`'s, on int arrays).  The layout of the
state arrays (slots of ``s`` and ``f``, rows of ``work``) is defined here and read by :mod:`.fast_build`
and :mod:`.fast`.
"""

from __future__ import annotations

import numpy as np

# numba is a dependency; without it (AVAILABLE False) jumpmaze.generate keeps to the plain Python
# annealing on every board, as the optimizers keep to the pure Python runner.
from ...compiled_random import below as _below, uniform as _random  # noqa: F401 (read by .fast, .fast_build)
from ...search.arrays import AVAILABLE, bfs_counts, bfs_resume, njit


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


@njit(cache=True)
def _mt_word(mt):
    """The next 32-bit word of Python's own generator (the Mersenne Twister of ``random.Random``):
    ``mt`` holds its 624 words, then its position, as ``random.Random.getstate()`` gives them."""
    if mt[624] >= 624:              # twist: the next 624 words, in place
        for a in range(624):
            y = (mt[a] & 0x80000000) | (mt[(a + 1) % 624] & 0x7FFFFFFF)
            mt[a] = mt[(a + 397) % 624] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        mt[624] = 0
    y = mt[mt[624]]
    mt[624] += 1
    y ^= y >> 11
    y ^= (y << 7) & 0x9D2C5680
    y ^= (y << 15) & 0xEFC60000
    return y ^ (y >> 18)


@njit(cache=True)
def _mt_below(mt, m):
    """Python's ``randrange(m)``: the top ``m.bit_length()`` bits of words until one is below ``m``."""
    k = 1
    while (1 << k) <= m:
        k += 1
    r = _mt_word(mt) >> (32 - k)
    while r >= m:
        r = _mt_word(mt) >> (32 - k)
    return r


@njit(cache=True)
def _mt_random(mt):
    """Python's ``random()``: a float in [0, 1) from two words."""
    a = _mt_word(mt) >> 5
    b = _mt_word(mt) >> 6
    return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)


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
def _forced(succ, nsucc, start, n):
    """Jumps at the start that have only one choice."""
    forced, u = 0, start
    while forced < n and nsucc[u] == 1:
        u = succ[u, 0]
        forced += 1
    return forced


@njit(cache=True)
def _rest(succ, nsucc, goal, work, preds, head, tail, whole):
    """Finish the search of :func:`~mathmaze_lib.search.arrays.bfs_counts` (every reachable cell), then search backwards from the goal
    over the reversed jumps of the reached cells (of every cell when ``whole``), marking ``work[_BACK]``:
    ``(black holes, white holes (0 unless whole), reached)``."""
    dist, queue, ptr, todo, back = work[_DIST], work[_QUEUE], work[_PTR], work[_TODO], work[_BACK]
    n = succ.shape[0]
    reached = bfs_resume(succ, nsucc, dist, queue, head, tail)
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
    jumps, routes, head, tail = bfs_counts(succ, nsucc, start, goal, work[_DIST], work[_COUNT], work[_QUEUE],
                                          _COUNT_CAP)
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
