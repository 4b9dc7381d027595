"""The big-board search's compiled parts of one annealing step: what a wall costs, where the next goes,
taking one off and putting it back."""

from __future__ import annotations

import math

from ...compiled_random import below, uniform
from ...search.arrays import bfs_lower, njit
from .legs import REFRESHED, REFUSED, SEARCHES, _leg, _prune, _refresh, _via


@njit(cache=True)
def setup(geo, blocked, legs, queue):
    """Search every leg in full (into the :class:`~.legs.Legs` ``legs``); the total (-1 when some leg is
    blocked)."""
    D = legs.D
    total = 0
    for k in range(len(geo.sptr) - 1):
        _refresh(k, geo, blocked, legs, queue)
        if D[k] < 0:
            total = -1
        elif total >= 0:
            total += D[k]
    return total


@njit(cache=True)
def _loss(nbrs, blocked, w, FA, FB, D):
    """An upper bound of what taking wall ``w`` off can cost (the sum over legs of ``D - via``)."""
    loss = 0
    blocked[w] = 0
    for k in range(len(D)):
        v = _via(nbrs, blocked, w, FA[k], FB[k])
        if v < D[k]:
            loss += D[k] - v
    blocked[w] = 1
    return loss


@njit(cache=True)
def _save(k, legs, bk):
    """Copy leg ``k``'s arrays of ``legs`` into ``bk`` (same shapes)."""
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    BFA, BFB, BD, Bonr, Bcnt, Blst, Bnlst, Bcut, Bncut = bk
    BFA[k, :] = FA[k]
    BFB[k, :] = FB[k]
    Bonr[k, :] = onr[k]
    BD[k] = D[k]
    if D[k] >= 0:
        Bcnt[k, :D[k] + 1] = cnt[k, :D[k] + 1]
    Bnlst[k] = nlst[k]
    Blst[k, :nlst[k]] = lst[k, :nlst[k]]
    Bncut[k] = ncut[k]
    Bcut[k, :ncut[k]] = cut[k, :ncut[k]]


@njit(cache=True)
def _pick_cell(legs, spots, p_cut, p_off, rng):
    """A random cell for a new wall: any open cell (chance ``p_off``), a chokepoint (chance ``p_cut``;
    legs weighted by their number of chokepoints) or a cell of some leg's shortest routes (legs
    weighted by their number of them); -1 when there is none.  ``rng`` draws (a
    :mod:`mathmaze_lib.compiled_random` generator)."""
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    L = len(D)
    if len(spots) > 0 and uniform(rng) < p_off:
        return spots[below(rng, len(spots))]
    if uniform(rng) < p_cut:
        return _draw(cut, ncut, L, rng)
    return _draw(lst, nlst, L, rng)


@njit(cache=True)
def _draw(table, count, L, rng):
    """One of the entries ``table[k, :count[k]]`` of the ``L`` legs, each as likely; -1 when there is none."""
    m = 0
    for k in range(L):
        m += count[k]
    if m == 0:
        return -1
    j = below(rng, m)
    k = 0
    while j >= count[k]:
        j -= count[k]
        k += 1
    return table[k, j]


@njit(cache=True)
def _dfs(nbrs, blocked, cuts):
    """Depth-first search of the open cells (every part of the board): for each cell its preorder number
    ``disc``, ``low`` (the least preorder number reachable by going down the tree then one edge
    back), ``fin`` (the last preorder number below it), its tree, and its children (a list:
    ``first`` child, ``nxt`` sibling).  :func:`_side` then says in constant time which part of the
    board a cell is in once a cell is walled (Tarjan's articulation points)."""
    disc, low, fin, tree, first, nxt, parent, stack_v, stack_i = cuts
    n = len(blocked)
    disc[:] = -1
    first[:] = -1
    clock = 0
    tid = 0
    for r in range(n):
        if blocked[r] == 1 or disc[r] >= 0:
            continue
        disc[r] = clock
        low[r] = clock
        clock += 1
        tree[r] = tid
        parent[r] = -1
        sp = 0
        stack_v[0] = r
        stack_i[0] = 0
        while sp >= 0:
            v = stack_v[sp]
            i = stack_i[sp]
            if i < 4:
                stack_i[sp] = i + 1
                u = nbrs[v, i]
                if u < 0 or blocked[u] == 1:
                    continue
                if disc[u] < 0:
                    disc[u] = clock
                    low[u] = clock
                    clock += 1
                    tree[u] = tid
                    parent[u] = v
                    nxt[u] = first[v]
                    first[v] = u
                    sp += 1
                    stack_v[sp] = u
                    stack_i[sp] = 0
                elif u != parent[v] and disc[u] < low[v]:
                    low[v] = disc[u]
            else:
                fin[v] = clock - 1
                sp -= 1
                if sp >= 0:
                    p = stack_v[sp]
                    if low[v] < low[p]:
                        low[p] = low[v]
        tid += 1


@njit(cache=True)
def _side(x, c, cuts):
    """Which part of the board open cell ``x`` is in once open cell ``c`` is walled (a label: two cells
    are joined then exactly when their labels are equal), from :func:`_dfs` of the board."""
    disc, low, fin, tree, first, nxt, parent, stack_v, stack_i = cuts
    if tree[x] != tree[c] or disc[x] < disc[c] or disc[x] > fin[c]:
        return -1 - tree[x]
    u = first[c]
    while u >= 0:
        if disc[u] <= disc[x] and disc[x] <= fin[u]:
            return u if low[u] >= disc[c] else -1 - tree[x]
        u = nxt[u]
    return -1 - tree[x]


@njit(cache=True)
def _cuts_off(k, c, w, geo, blocked, cuts):
    """True when a wall on ``c`` leaves leg ``k`` no route, with wall ``w`` taken off (-1: none) and
    the rest of the board as :func:`_dfs` saw it."""
    nbrs, wallable, srcs, sptr, tgts, tptr, _way = geo
    for i in range(sptr[k], sptr[k + 1]):
        a = _side(srcs[i], c, cuts)
        for j in range(tptr[k], tptr[k + 1]):
            if a == _side(tgts[j], c, cuts):
                return False
    if w < 0:
        return True
    near_s = False      # w joins the parts around it: does it touch a start's part and an end's?
    near_t = False
    for d in range(4):
        u = nbrs[w, d]
        if u < 0 or blocked[u] == 1 or u == c:
            continue
        b = _side(u, c, cuts)
        for i in range(sptr[k], sptr[k + 1]):
            if b == _side(srcs[i], c, cuts):
                near_s = True
        for j in range(tptr[k], tptr[k + 1]):
            if b == _side(tgts[j], c, cuts):
                near_t = True
    return not (near_s and near_t)


@njit(cache=True)
def _gain(c, w, base, geo, blocked, legs, kind, scratch, state, cuts):
    """The moves with a new wall on ``c`` (wall ``w`` taken off, -1: none), the legs' lengths now summing
    to ``base``: legs where ``c`` is a chokepoint are searched (``kind`` 1), legs where it is on a
    shortest route only keep their length (``kind`` 2), the others do not change (``kind`` 0).
    -1 when some leg would have no route (found without a search when :func:`_dfs` can tell)."""
    nbrs, wallable, srcs, sptr, tgts, tptr, _way = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    tmark, seen, queue, dist, st = scratch
    total = base
    for k in range(len(D)):
        kind[k] = 0
        if onr[k, c] == 1:
            kind[k] = 1 if cnt[k, FA[k, c]] == 1 else 2
            if kind[k] == 1 and _cuts_off(k, c, w, geo, blocked, cuts):
                state[REFUSED] += 1
                return -1
    blocked[c] = 1
    for k in range(len(D)):
        if kind[k] == 1:
            nd = _leg(k, geo, blocked, scratch)
            state[SEARCHES] += 1
            if nd < 0:
                blocked[c] = 0
                return -1
            total += nd - D[k]
    blocked[c] = 0
    return total


@njit(cache=True)
def _blind(geo, run, legs, slot, c, S, temp, kind, vias, scratch, cuts):
    """A step that moves wall ``walls[slot]`` to ``c`` (a cell drawn for the board as it is), judged leg by
    leg with the bounds of the module's text, searching only the legs it must: kept when the walk gets
    no shorter, or with probability ``exp(-d / temp)`` when it gets ``d`` shorter.  Returns the new
    moves (the legs it changed searched in full), or -1 when the step is not kept.

    A leg that only ``w``'s removal could change and that keeps its length is not searched in full
    again: its shortest-route cells are then still shortest routes, if not all of them (a route through
    ``w`` may have joined them), which is all the rules need (a wall off them leaves a route of the
    same length; a cell alone at its distance among them is searched as a chokepoint).  ``run`` is the
    :class:`~.moves.Run`."""
    blocked, walls, state = run.blocked, run.walls, run.state
    nbrs, wallable, srcs, sptr, tgts, tptr, _way = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    tmark, seen, queue, dist, st = scratch
    L = len(D)
    w = walls[slot]
    # kind: 0 keeps its length and routes; 1 searched now; 2 keeps its length (a wall on its routes, not
    # at a chokepoint); 3 may get shorter through w, down to vias[k]; 4 was of kind 3, searched: as long
    blocked[w] = 0
    for k in range(L):
        kind[k] = 0
        v = _via(nbrs, blocked, w, FA[k], FB[k])
        vias[k] = D[k]
        if v < D[k]:
            kind[k] = 3
            vias[k] = v
        if onr[k, c] == 1:
            if kind[k] == 3 or cnt[k, FA[k, c]] == 1:
                kind[k] = 1
                if _cuts_off(k, c, w, geo, blocked, cuts):
                    blocked[w] = 1
                    state[REFUSED] += 1
                    return -1
            else:
                kind[k] = 2
    blocked[c] = 1
    u = uniform(run.rng)
    need = S + temp * math.log(u) if u > 0.0 else -1e18       # the step is kept when total >= need
    total = S
    most = 0                                                    # what the legs of kind 3 can lose
    dead = False
    for k in range(L):
        if kind[k] == 3:
            most += D[k] - vias[k]
    lose = most                     # and those of kind 1: kept without a search when even that is kept
    for k in range(L):
        if kind[k] == 1:
            lose += D[k] - vias[k]
    for k in range(L):
        if kind[k] == 1 and S - lose < need:        # (else kept whatever they give: searched in full then)
            nd = _leg(k, geo, blocked, scratch)
            state[SEARCHES] += 1
            if nd < 0:
                dead = True
                break
            total += nd - D[k]
    if not dead and S - lose < need and total >= need and total - most < need:
        for k in range(L):                  # undecided: search the legs of kind 3 until it is
            if kind[k] != 3:
                continue
            nd = _leg(k, geo, blocked, scratch)
            state[SEARCHES] += 1
            total += nd - D[k]
            most -= D[k] - vias[k]
            kind[k] = 4 if nd == D[k] else 1
            if total < need or total - most >= need:
                break
    if dead or total < need:
        blocked[c] = 0
        blocked[w] = 1
        return -1
    walls[slot] = c
    return _settle(geo, blocked, legs, w, c, kind, scratch, state)


@njit(cache=True)
def _settle(geo, blocked, legs, w, c, kind, scratch, state):
    """Bring the legs up to date once :func:`_blind`'s step (wall ``w`` moved to ``c``) is kept, by their
    ``kind``; returns the moves."""
    nbrs, wallable, srcs, sptr, tgts, tptr, _way = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    tmark, seen, queue, dist, st = scratch
    S = 0
    for k in range(len(D)):
        if kind[k] == 3:                    # kept without knowing this leg's length: search it now
            state[SEARCHES] += 1
            if _leg(k, geo, blocked, scratch) == D[k]:
                kind[k] = 4
        if kind[k] == 2:
            _prune(k, c, geo, legs, queue)
        if kind[k] == 1 or kind[k] == 3:
            _refresh(k, geo, blocked, legs, queue)
            state[REFRESHED] += 1
        else:                               # (its routes' cells are as far as they were)
            bfs_lower(nbrs, blocked, w, FA[k], queue, onr[k])
            bfs_lower(nbrs, blocked, w, FB[k], queue, onr[k])
        S += D[k]
    return S


@njit(cache=True)
def _take_off(w, geo, blocked, legs, bk, aff, queue, state):
    """Take wall ``w`` off and search in full the legs it can shorten (saved in ``bk`` first; their
    numbers in ``aff``); the other legs' bounds are lowered.  Returns (the sum of the lengths now, the
    number of legs searched)."""
    nbrs, wallable, srcs, sptr, tgts, tptr, _way = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    blocked[w] = 0
    total = 0
    naff = 0
    for k in range(len(D)):
        if _via(nbrs, blocked, w, FA[k], FB[k]) <= D[k]:
            _save(k, legs, bk)
            _refresh(k, geo, blocked, legs, queue)
            state[SEARCHES] += 2
            state[REFRESHED] += 1
            aff[naff] = k
            naff += 1
        else:                               # (its routes' cells are as far as they were)
            bfs_lower(nbrs, blocked, w, FA[k], queue, onr[k])
            bfs_lower(nbrs, blocked, w, FB[k], queue, onr[k])
        total += D[k]
    return total, naff


@njit(cache=True)
def _put_back(w, blocked, legs, bk, aff, naff):
    """Undo :func:`_take_off`: the wall back on ``w``, the legs it searched put back as they were (the
    lowered bounds of the others stay: lower bounds still)."""
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    BFA, BFB, BD, Bonr, Bcnt, Blst, Bnlst, Bcut, Bncut = bk
    blocked[w] = 1
    for i in range(naff):
        k = aff[i]
        FA[k, :] = BFA[k]
        FB[k, :] = BFB[k]
        onr[k, :] = Bonr[k]
        D[k] = BD[k]
        cnt[k, :D[k] + 1] = Bcnt[k, :D[k] + 1]
        nlst[k] = Bnlst[k]
        lst[k, :nlst[k]] = Blst[k, :nlst[k]]
        ncut[k] = Bncut[k]
        cut[k, :ncut[k]] = Bcut[k, :ncut[k]]
