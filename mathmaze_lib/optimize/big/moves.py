"""The big-board search's compiled moves: a chunk of annealing steps (the refill of a cleared region is
:mod:`.tree`'s search)."""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ...compiled_random import below, uniform
from ...search.arrays import INF, njit
from .legs import BEST, MOVES, PLACED, REFRESHED, STEPS, _prune, _refresh
from .steps import _blind, _dfs, _gain, _loss, _pick_cell, _put_back, _take_off


class Run(NamedTuple):
    """A search's board: the cells closed now (``blocked``), its ``walls`` (the first ``state[PLACED]``),
    the open cells (``spots``), the ``state`` (slots named in :mod:`.legs`), the best board (``best``),
    the budget (``limit``) and the random numbers (``rng``: a :mod:`mathmaze_lib.compiled_random`
    generator seeded from the caller's ``random.Random``)."""

    blocked: np.ndarray
    walls: np.ndarray
    spots: np.ndarray
    state: np.ndarray
    best: np.ndarray
    limit: int
    rng: np.ndarray


class Step(NamedTuple):
    """The settings of a chunk of :func:`anneal`'s steps (see there)."""

    iters: int
    temp: float
    p_cut: float
    p_off: float
    pick: int
    tries: int
    p_blind: float


class Work(NamedTuple):
    """:func:`anneal`'s per-leg scratch: each leg's ``kind`` for the step judged, the kinds of the best
    cell drawn (``keep_kind``), the legs' bounds through a wall taken off (``vias``) and the legs a
    wall's removal searched (``aff``)."""

    kind: np.ndarray
    keep_kind: np.ndarray
    vias: np.ndarray
    aff: np.ndarray


@njit(cache=True)
def anneal(geo, run, legs, bk, how, work, scratch, cuts):
    """``how.iters`` annealing steps at temperature ``how.temp`` (see the module's text; ``how`` is the
    :class:`Step`, ``run`` the :class:`Run`, ``work`` the :class:`Work`).

    Below the budget a step puts up a wall (on a chokepoint, chance ``p_cut``, else on a cell of some
    leg's shortest routes, or on any open cell of ``spots``, chance ``p_off``): never shorter, so kept
    unless it blocks.  At the budget it picks the wall, of ``pick`` drawn, whose removal can cost
    least, and moves it: with chance ``p_blind`` to a cell drawn for the board as it is (:func:`_blind`),
    else to the best of ``tries`` cells drawn for the board *without* it (so on the chokepoints of a
    short cut it opens), after searching the legs it can shorten.  A move is kept when the walk gets
    no shorter, or with probability ``exp(-d / temp)`` when it gets ``d`` shorter.

    ``run.state``'s slots are named in :mod:`.legs`; ``run.walls[:state[PLACED]]`` the walls, ``run.best``
    the best board; ``bk`` arrays shaped as ``legs`` (to put back the legs searched for a step that is not
    kept); ``cuts``: :func:`_dfs`'s arrays, kept up to date here."""
    nbrs, wallable, srcs, sptr, tgts, tptr, _way = geo
    FA, FB, D, onr, cnt, lst, nlst, cut, ncut = legs
    blocked, walls, spots, state, best_blocked, limit, rng = run
    iters, temp, p_cut, p_off, pick, tries, p_blind = how
    kind, keep_kind, vias, aff = work
    queue = scratch.queue
    S = state[MOVES]
    for it in range(iters):
        state[STEPS] += 1
        nw = state[PLACED]
        w = -1
        slot = -1
        base = S
        naff = 0
        if nw >= limit:
            if nw == 0:
                break
            best_loss = INF
            for _ in range(pick):
                j = below(rng, nw)
                lo = _loss(nbrs, blocked, walls[j], FA, FB, D) if pick > 1 else 0
                if lo < best_loss:
                    best_loss = lo
                    slot = j
            if uniform(rng) < p_blind:    # the cheaper step: the new wall drawn for the board as it is
                c = _pick_cell(legs, spots, p_cut, p_off, rng)
                if c < 0 or blocked[c] == 1 or wallable[c] == 0:
                    continue
                t = _blind(geo, run, legs, slot, c, S, temp, kind, vias, scratch, cuts)
                if t >= 0:
                    S = t
                    state[MOVES] = S
                    _dfs(nbrs, blocked, cuts)
                    if S > state[BEST]:
                        state[BEST] = S
                        best_blocked[:] = blocked
                continue
            w = walls[slot]
            base, naff = _take_off(w, geo, blocked, legs, bk, aff, queue, state)
        # the new wall: the best of `tries` cells drawn
        c = -1
        total = -1
        for _ in range(tries):
            x = _pick_cell(legs, spots, p_cut, p_off, rng)
            if x < 0 or x == w or blocked[x] == 1 or wallable[x] == 0:
                continue
            t = _gain(x, w, base, geo, blocked, legs, kind, scratch, state, cuts)
            if t > total:
                total = t
                c = x
                keep_kind[:] = kind
        u = uniform(rng)
        keep = c >= 0 and total >= 0 and (total >= S or u < math.exp((total - S) / temp))
        if not keep:
            if w >= 0:
                _put_back(w, blocked, legs, bk, aff, naff)
            continue
        S = _keep(c, w, slot, geo, run, legs, keep_kind, queue, cuts)
    return state[BEST]


@njit(cache=True)
def _keep(c, w, slot, geo, run, legs, keep_kind, queue, cuts):
    """Keep a step of :func:`anneal`: the wall on ``c`` (instead of ``w`` in ``slot``, or a new one
    when ``w`` is -1); the legs it changed (or may have) are searched in full, those where ``c`` was on
    a shortest route but not alone at its distance are pruned (:func:`~.legs._prune`). Returns the moves."""
    blocked, walls, state = run.blocked, run.walls, run.state
    D = legs.D
    blocked[c] = 1
    S = 0
    for k in range(len(D)):
        if keep_kind[k] == 2:
            _prune(k, c, geo, legs, queue)
        elif keep_kind[k] != 0:
            _refresh(k, geo, blocked, legs, queue)
            state[REFRESHED] += 1
        S += D[k]
    if w >= 0:
        walls[slot] = c
    else:
        walls[state[PLACED]] = c
        state[PLACED] += 1
    state[MOVES] = S
    _dfs(geo.nbrs, blocked, cuts)
    if S > state[BEST] and state[PLACED] <= run.limit:
        state[BEST] = S
        run.best[:] = blocked
    return S
