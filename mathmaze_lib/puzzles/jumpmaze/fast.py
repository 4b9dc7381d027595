"""Big jumping mazes at compiled speed: the generator for rules on cells, compiled with numba.

:func:`mathmaze_lib.puzzles.jumpmaze.generate` anneals one-cell changes against Neller's design terms.  On
small boards it does so from random numbers (what lesson 2 shows): in plain Python, or here, compiled,
under a rule on cells (:func:`_anneal` given Python's own generator: the same steps from the same random
numbers, so the same mazes, ten times faster).  On a 50 x 50
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
2. **The annealing** of :func:`mathmaze_lib.puzzles.jumpmaze.generate`, the same objective and the same
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
installing (``python -m mathmaze_lib.puzzles.jumpmaze.fast``).
"""

from __future__ import annotations

import random
import time
from typing import Callable, Optional

import numpy as np

from .fast_build import Board, _construct
from .fast_measure import (_all_groups, AVAILABLE, _BACK, _below, _BEST, _BEST_GOOD, _BEST_JUMPS, _CAND,
    _CLUSTERS, _COOL, _CURRENT, _DIST, _good, _groups_at, _HEAT, _KBACK, _KDIST, _KEPT, _land, _MARK,
    _measure, _mt_below, _mt_random, _NEAR, njit, _ON, _random, _set_cell, _STACK, _TODO, _value)

__all__ = ["generate", "warm"]


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
def _pick(rng, mt, m):
    """A whole number in [0, m): from Python's own generator when there is one (``mt``), else from splitmix64."""
    return _mt_below(mt, m) if mt.shape[0] else _below(rng, m)


@njit(cache=True)
def _anneal(steps, rows, cols, dirs, wrap, maxk, w, vals, succ, nsucc, nbrs, work, preds, s, f, kept, t,
            best_vals, rng, mt):
    """``steps`` steps of the annealing (the state is in the arrays, so runs in pieces are one run).

    A step changes one cell's number: a random cell (never the goal) and another random number, then the
    Metropolis test (:func:`_try`).  With splitmix64 (``mt`` empty: the big boards), half the time while
    the kept maze has black holes or more than one shortest route, a move aimed at them instead
    (:func:`_repair_move`, :func:`_tie_move`).  With Python's own generator (``mt``: the small boards),
    the steps are exactly those of the plain annealing of :class:`~.generating._Annealing`, drawn in the
    same order, so the same id makes the same maze as the plain Python."""
    n = vals.shape[0]
    for _ in range(steps):
        f[_HEAT] *= f[_COOL]
        heat = f[_HEAT]
        i, new = -1, 0
        if not mt.shape[0] and kept[0] >= 0 and _random(rng) < 0.5:
            if kept[3] > 0 and w[2] > 0 and (kept[1] == 1 or w[1] == 0 or _random(rng) < 0.5):
                i, new = _repair_move(maxk, rows, cols, dirs, wrap, vals, work, rng)
            elif kept[1] > 1 and w[1] > 0:
                i, new = _tie_move(maxk, succ, nsucc, vals, work, rng)
        if i < 0:
            i = _pick(rng, mt, n - 1)
            top = maxk[i]
            if top < 2:
                continue
            new = 1 + _pick(rng, mt, top - 1)
            if new == vals[i]:
                new = top
        u = (_mt_random(mt) if mt.shape[0] else _random(rng)) if heat > 0 else 0.0
        _try(i, new, heat, u, rows, cols, dirs, wrap, w, vals, succ, nsucc, nbrs, work, preds, s, f, kept, t,
             best_vals)


@njit(cache=True)
def _try(i, new, heat, u, rows, cols, dirs, wrap, w, vals, succ, nsucc, nbrs, work, preds, s, f, kept, t,
         best_vals):
    """One step of the annealing: give cell ``i`` the number ``new`` and keep the change by the
    Metropolis rule (``u``, a random number in [0, 1), decides it; unused when ``heat`` is 0), or undo it."""
    n = vals.shape[0]
    goal = n - 1
    kdist, near = work[_KDIST], work[_NEAR]
    mark, stack = work[_MARK], work[_STACK]
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
    threshold = f[_CURRENT] + heat * np.log(1.0 - u) if heat > 0 else f[_CURRENT]
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
            return
    vals[i] = old
    s[_CLUSTERS] = old_clusters
    _set_cell(i, old, rows, cols, dirs, wrap, goal, succ, nsucc)


def _directions(names) -> np.ndarray:
    from ...grid import ALL_EIGHT, ORTHOGONAL

    dirs = ALL_EIGHT if "diag8" in names else ((0, 1), (1, 0)) if "rightdown" in names else ORTHOGONAL
    return np.array(dirs, np.int64)


class _Run:
    """The arrays of one run of the generator: the board (``rows``, ``cols``, the rule's ``dirs``,
    ``wrap``, each cell's largest number ``maxk``, its side neighbours ``nbrs``), the weights ``w``, the
    maze (``vals`` and its landings ``succ``/``nsucc``), scratch (``work``, ``preds``), the state (``s``,
    ``f``, the kept maze's terms ``kept``, ``best_vals``) and the random numbers ``rng``."""

    def __init__(self, rows: int, cols: int, names, maxk: list, weights: dict, seed: int,
                 jumps: tuple = (None, None)):
        from ...grid import Grid
        from .objective import OBJECTIVE

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
        self.mt = np.zeros(0, np.int64)  # Python's generator, when the steps are the plain annealing's

    def construct(self) -> tuple:
        """Write the first maze into ``vals`` (:func:`_construct`): each cell's place on its route, and
        how many side cells found no number keeping the route the only shortest one."""
        at = np.zeros(len(self.vals), np.int64)
        board = Board(self.rows, self.cols, self.dirs, self.wrap, self.maxk, self.nbrs)
        misses = _construct(board, self.vals, at, int(self.w[7]), self.rng)[1]
        return at, int(misses)

    def start(self) -> None:
        """Measure ``vals`` and make it the kept maze (the start of a round)."""
        _start(self.rows, self.cols, self.dirs, self.wrap, self.w, self.vals, self.succ, self.nsucc, self.nbrs,
               self.work, self.preds, self.s, self.f, self.kept)

    def anneal(self, steps: int) -> None:
        _anneal(steps, self.rows, self.cols, self.dirs, self.wrap, self.maxk, self.w, self.vals, self.succ,
                self.nsucc, self.nbrs, self.work, self.preds, self.s, self.f, self.kept, self.t, self.best_vals,
                self.rng, self.mt)

    @property
    def best_jumps(self) -> Optional[int]:
        return None if self.s[_BEST_JUMPS] < 0 else int(self.s[_BEST_JUMPS])


def generate(rows: int, cols: int, names, maxk: list, weights: dict, budget: int, restarts: int,
             temperature: tuple, seed: int, deadline: Optional[float] = None,
             progress: Optional[Callable] = None, jumps: tuple = (None, None), first: Optional[tuple] = None) -> tuple:
    """The generator of :func:`mathmaze_lib.puzzles.jumpmaze.generate` for a rule on cells (``names``), compiled:
    a first maze with a long unique route (:func:`_construct`), then ``budget`` steps of annealing in
    ``restarts`` rounds, each from the best maze so far, cooling from ``temperature[0]`` to
    ``temperature[1]``.  Cells are numbered row by row, the start 0 and the goal the last; cell ``v``
    may hold 1 to ``maxk[v]``; ``weights`` as :data:`~mathmaze_lib.puzzles.jumpmaze.OBJECTIVE`; random numbers
    from ``seed`` (a whole number below 2**64).  ``jumps`` = (fewest, most) as in jumpmaze.generate
    (the first maze's route then ends by ``most``).  The search stops early when ``time.perf_counter()``
    passes ``deadline``; ``progress(step, budget, best jumps)`` is called about 100 times.
    ``(jump lengths, steps done, True when the deadline stopped it)``.

    ``first = (jump lengths, random.Random)`` starts instead from those numbers, and the steps are the
    plain annealing's (:func:`_anneal`: a random cell and number, no aimed moves) with the random numbers
    that generator goes on to give (``seed`` is unused): the small boards' mazes of
    :func:`mathmaze_lib.puzzles.jumpmaze.generate`, the same as its plain Python makes, at compiled speed.

    >>> vals, done, stopped = generate(4, 4, {"ortho"}, [3] * 16, {}, 2000, 2, (2.0, 0.2), 1)
    >>> len(vals), vals[-1], done, stopped
    (16, 0, 2000, False)
    """
    run = _Run(rows, cols, names, maxk, weights, seed, jumps)
    if first is None:
        run.construct()
    else:
        run.vals[:] = first[0]
        run.mt = np.array(first[1].getstate()[1], np.int64)
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
    run it after installing (``python -m mathmaze_lib.puzzles.jumpmaze.fast``)."""
    t0 = time.perf_counter()
    generate(4, 4, {"ortho"}, [3] * 16, {}, 200, 2, (2.0, 0.2), 1)
    generate(4, 4, {"ortho"}, [3] * 16, {}, 200, 2, (2.0, 0.2), 0, first=([1] * 15 + [0], random.Random(1)))
    return time.perf_counter() - t0


if __name__ == "__main__":                                  # pragma: no cover (run by the Makefile)
    if AVAILABLE:
        print(f"compiled jumping-maze generator ready ({warm():.1f} s)")
    else:
        print("numba is not installed: the jumping-maze generator anneals in plain Python")
