"""Wall mazes at compiled speed: the runner and annealing for crowded maps, compiled with numba.

Lesson 3 teaches :class:`~mathmaze_lib.puzzles.wallmaze.Runner` (breadth-first search leg by leg, in plain
Python) and :func:`~mathmaze_lib.optimize.anneal`.  This module is the same runner and the same
annealing step written as loops over numpy arrays, which numba compiles to machine code: the same
runs (``tests/test_fastwalls.py`` compares every leg with :class:`Runner` on thousands of random
boards with checkpoints, teleports and unbuildable cells), about 20 to 50 times more runs per second
(``make bench``).  ``walls optimize`` uses it (``anneal(..., compiled=True)`` in :mod:`mathmaze_lib.optimize`).

The board as arrays (:class:`Board`), cells numbered ``row * cols + col`` like :class:`Runner`:

- ``nbrs[v]``: the neighbours of ``v`` in the runner's order (Up, Right, Down, Left), then -1s up to four;
- ``kind[v]``: ``k`` when ``v`` is a target of leg ``k`` (a copy of checkpoint ``k``, or a finish for the
  last leg), else -1;
- ``tele_in[v]``: the teleport colour (0, 1, ...) of an in-cell, else -1; the out-cells of colour ``c`` are
  ``tele_out[tele_ptr[c]:tele_ptr[c + 1]]``, in the runner's order.

The compiled functions are cached on disk (numba's ``cache=True``): the first call in a new
installation compiles them (about 6 s on 2 cores), later processes load them.  :func:`warm` does
that first call; the Makefile runs it after installing.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

try:                                    # numba is a dependency; without it the optimizers fall back
    from numba import njit               # to the pure Python annealing (optimize.anneal)
    AVAILABLE = True
except ImportError:                     # pragma: no cover (numba is installed with the package)
    AVAILABLE = False

    def njit(*args, **kwargs):
        return (lambda f: f) if not args or not callable(args[0]) else args[0]

from .grid import ORTHOGONAL
from .puzzles.wallmaze import WallMaze

__all__ = ["AVAILABLE", "Board", "board", "run", "seed", "fill", "anneal_chunk", "build_chunk"]


@dataclass
class Board:
    """A wall maze as the arrays the compiled runner reads (see the module's text)."""

    nbrs: np.ndarray        # int32 (n, 4)
    rocks: np.ndarray       # uint8 (n,): 1 on a rock
    wallable: np.ndarray    # uint8 (n,): 1 where a wall may go
    starts: np.ndarray      # int32, the runner's order
    kind: np.ndarray        # int32 (n,)
    legs: int               # checkpoints + 1
    tele_in: np.ndarray     # int32 (n,)
    tele_ptr: np.ndarray    # int32 (colours + 1,)
    tele_out: np.ndarray    # int32
    budget: int             # walls that may be placed (at most the wallable cells)

    @property
    def size(self) -> int:
        return len(self.rocks)

    def buffers(self) -> tuple:
        """Scratch arrays for :func:`run` (one set per search)."""
        n = self.size
        colours = len(self.tele_ptr) - 1
        route_cap = (self.legs + colours + 1) * n + 1
        return (np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int32), np.zeros(n, np.int32),
                np.zeros(n, np.int32), np.zeros(max(colours, 1), np.uint8), np.zeros(route_cap, np.int32),
                np.zeros(route_cap, np.int32), np.zeros(4, np.int64))


def board(maze: WallMaze) -> Board:
    """The arrays of ``maze`` (cells, starts, targets and teleports in :class:`Runner`'s order)."""
    grid = maze.grid
    n, index = grid.size, grid.index
    nbrs = np.full((n, 4), -1, np.int32)
    for v, near in enumerate(grid.neighbour_table(ORTHOGONAL)):
        nbrs[v, :len(near)] = near
    rocks = np.zeros(n, np.uint8)
    for cell in maze.rocks:
        rocks[index(cell)] = 1
    kind = np.full(n, -1, np.int32)
    targets = list(maze.checkpoints) + [maze.ends]
    for k, cells in enumerate(targets):
        for cell in cells:
            kind[index(cell)] = k
    tele_in = np.full(n, -1, np.int32)
    ptr, outs = [0], []
    for c, (_, ins, out_cells) in enumerate(maze.teleports):
        for cell in ins:
            tele_in[index(cell)] = c
        outs.extend(index(cell) for cell in out_cells)
        ptr.append(len(outs))
    wallable = np.zeros(n, np.uint8)
    for cell in maze.open_cells():
        wallable[index(cell)] = 1
    starts = list(dict.fromkeys(index(cell) for cell in maze.starts))
    return Board(nbrs, rocks, wallable, np.array(starts, np.int32), kind, len(targets), tele_in,
                 np.array(ptr, np.int32), np.array(outs, np.int32), min(maze.budget, int(wallable.sum())))


@njit(cache=True)
def _run(nbrs, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out,
         seen, parent, queue, leg, sources, used, route, cut, counts):
    """The run with the cells of ``blocked`` closed: its moves, or -1 when blocked.

    Writes the walked route to ``route[:counts[0]]`` (legs joined, each jump a step between two cells
    not side by side) and the cells of planned routes cut off by a jump to ``cut[:counts[1]]``.
    ``seen[v]`` is the number of the last search that saw ``v`` (``counts[2]`` the last number used), so
    nothing is cleared between searches; ``counts`` is also where the lengths of ``route`` and ``cut`` go."""
    for c in range(len(used)):
        used[c] = 0
    nsrc = len(starts)
    for i in range(nsrc):
        sources[i] = starts[i]
    moves = 0
    rlen = 0
    ncut = 0
    k = 0
    if counts[2] > 2000000000:
        seen[:] = 0
        counts[2] = 0
    stamp = counts[2] + 1
    while k < legs:
        # breadth-first search from sources (in order), goal = the first cell of kind k discovered
        found = -1
        head = 0
        tail = 0
        for i in range(nsrc):
            s = sources[i]
            if seen[s] != stamp:
                seen[s] = stamp
                parent[s] = -1
                queue[tail] = s
                tail += 1
                if found < 0 and kind[s] == k:
                    found = s
        while found < 0 and head < tail:
            v = queue[head]
            head += 1
            for d in range(4):
                u = nbrs[v, d]
                if u >= 0 and blocked[u] == 0 and seen[u] != stamp:
                    seen[u] = stamp
                    parent[u] = v
                    if kind[u] == k:
                        found = u
                        break
                    queue[tail] = u
                    tail += 1
        stamp += 1
        if found < 0:
            counts[0] = rlen
            counts[1] = ncut
            counts[2] = stamp
            return -1
        length = 0
        v = found
        while v >= 0:
            leg[length] = v
            length += 1
            v = parent[v]
        for i in range(length // 2):
            leg[i], leg[length - 1 - i] = leg[length - 1 - i], leg[i]
        jumped = -1
        for j in range(length):
            c = tele_in[leg[j]]
            if c >= 0 and used[c] == 0:
                used[c] = 1
                jumped = c
                for i in range(j + 1, length):
                    cut[ncut] = leg[i]
                    ncut += 1
                length = j + 1
                break
        first = 1 if rlen > 0 and route[rlen - 1] == leg[0] else 0
        for i in range(first, length):
            route[rlen] = leg[i]
            rlen += 1
        moves += length - 1
        if jumped >= 0:
            nsrc = 0
            for i in range(tele_ptr[jumped], tele_ptr[jumped + 1]):
                sources[nsrc] = tele_out[i]
                nsrc += 1
        else:
            sources[0] = leg[length - 1]
            nsrc = 1
            k += 1
    counts[0] = rlen
    counts[1] = ncut
    counts[2] = stamp
    return moves


def run(b: Board, walls=()) -> tuple:
    """``(moves, route)`` of the compiled runner with walls on the cell numbers ``walls``
    (``moves`` -1 and the route so far when blocked)."""
    blocked = b.rocks.copy()
    for v in walls:
        blocked[v] = 1
    seen, parent, queue, leg, sources, used, route, cut, counts = b.buffers()
    moves = _run(b.nbrs, blocked, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr, b.tele_out,
                 seen, parent, queue, leg, sources, used, route, cut, counts)
    return int(moves), [int(v) for v in route[:counts[0]]]


@njit(cache=True)
def _take(cells, n, wallable, blocked, mark, stamp, cands, m):
    """Append the cells of ``cells[:n]`` where a wall may go (open, no wall yet, not taken before:
    ``mark[v] != stamp``) to ``cands[:m]``, in order; the new number of candidates."""
    for i in range(n):
        v = cells[i]
        if wallable[v] == 1 and blocked[v] == 0 and mark[v] != stamp:
            mark[v] = stamp
            cands[m] = v
            m += 1
    return m


@njit(cache=True)
def _candidates(wallable, blocked, route, cut, counts, mark, cands):
    """The cells where a new wall may go: open cells of the walked route (in route order), then
    those of planned routes a jump cut off; their number.  ``mark`` is scratch (stamps, the last in
    ``counts[3]``): ``mark[v] == counts[3]`` says that ``v`` is one of them."""
    if counts[3] > 2000000000:
        mark[:] = 0
        counts[3] = 0
    counts[3] += 1
    m = _take(route, counts[0], wallable, blocked, mark, counts[3], cands, 0)
    return _take(cut, counts[1], wallable, blocked, mark, counts[3], cands, m)


@njit(cache=True)
def seed(value):
    """Seed the compiled functions' random numbers (numba keeps its own generator)."""
    np.random.seed(value)


@njit(cache=True)
def fill(nbrs, wallable, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out, limit,
         walls, state, seen, parent, queue, leg, sources, used, route, cut, counts, mark, cands):
    """Put walls on random cells of the route until ``limit`` walls stand or every try blocks.
    ``state`` = [walls placed, moves, evaluations]; ``walls[:state[0]]`` the walls; ``cands`` and
    ``state[3]`` (their number) are the current route's candidates when it returns."""
    moves = _run(nbrs, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out,
                 seen, parent, queue, leg, sources, used, route, cut, counts)
    state[2] += 1
    state[1] = moves
    m = _candidates(wallable, blocked, route, cut, counts, mark, cands)
    while state[0] < limit and m > 0:
        # try the candidates in a random order
        for i in range(m - 1, 0, -1):
            j = np.random.randint(0, i + 1)
            cands[i], cands[j] = cands[j], cands[i]
        placed = False
        for i in range(m):
            c = cands[i]
            blocked[c] = 1
            s = _run(nbrs, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out,
                     seen, parent, queue, leg, sources, used, route, cut, counts)
            state[2] += 1
            if s >= 0:
                walls[state[0]] = c
                state[0] += 1
                state[1] = s
                placed = True
                break
            blocked[c] = 0
        if not placed:
            break
        m = _candidates(wallable, blocked, route, cut, counts, mark, cands)
    # leave the current route's candidates in cands (the last run may have been a blocked try)
    _run(nbrs, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out,
         seen, parent, queue, leg, sources, used, route, cut, counts)
    state[3] = _candidates(wallable, blocked, route, cut, counts, mark, cands)
    return state[1]


@njit(cache=True)
def _judge(nbrs, wallable, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out, state, best_blocked,
           placed, t, seen, parent, queue, leg, sources, used, route, cut, counts, mark, cands):
    """Score ``blocked`` (the board after one change, ``placed`` walls) and keep it (True) when the walk
    gets no shorter, or with probability ``exp(-d / t)`` when it gets ``d`` shorter; a board that
    blocks every route is refused.  Kept: ``state`` takes its walls, moves and candidates (``cands``),
    and it becomes the best (``best_blocked``) when it beats it."""
    s = _run(nbrs, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out,
             seen, parent, queue, leg, sources, used, route, cut, counts)
    state[2] += 1
    if s < 0 or (s < state[1] and np.random.random() >= np.exp((s - state[1]) / t)):
        return False
    state[0] = placed
    state[1] = s
    state[3] = _candidates(wallable, blocked, route, cut, counts, mark, cands)
    if s > state[4]:
        state[4] = s
        state[5] = placed
        best_blocked[:] = blocked
    return True


@njit(cache=True)
def anneal_chunk(nbrs, wallable, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out, limit,
                 walls, state, best_blocked, iters, t_from, t_to, spots, anywhere,
                 seen, parent, queue, leg, sources, used, route, cut, counts, mark, cands):
    """``iters`` annealing steps, the temperature going from ``t_from`` to ``t_to`` (geometrically):
    the step of :func:`mathmaze_lib.optimize.anneal` (take a random wall off when the budget is used,
    else with probability 1/2; put one on a random cell of the current route, or with probability
    ``anywhere`` on a random open cell of ``spots`` (a step is skipped on a walled one); keep the new walls
    when the route gets no shorter, or with probability ``exp(-d / T)`` when it gets ``d`` shorter).

    ``state`` = [walls placed, moves, evaluations, candidates, best moves, best walls placed];
    ``walls[:state[0]]`` the current walls, ``blocked`` the current board, ``best_blocked`` the best."""
    ratio = t_to / t_from
    for it in range(iters):
        m = state[3]
        if m == 0 or limit == 0:
            break
        if anywhere > 0.0 and np.random.random() < anywhere:
            c = spots[np.random.randint(0, len(spots))]
            if blocked[c] == 1:
                continue
        else:
            c = cands[np.random.randint(0, m)]
        nw = state[0]
        removed = -1
        slot = nw
        if nw > 0 and (nw >= limit or np.random.random() < 0.5):
            slot = np.random.randint(0, nw)
            removed = walls[slot]
            blocked[removed] = 0
        blocked[c] = 1
        t = t_from * ratio ** (it / iters)
        if _judge(nbrs, wallable, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out, state, best_blocked,
                  nw + 1 if removed < 0 else nw, t, seen, parent, queue, leg, sources, used, route, cut, counts,
                  mark, cands):
            walls[slot] = c
        else:
            blocked[c] = 0
            if removed >= 0:
                blocked[removed] = 1
    return state[4]


@njit(cache=True)
def build_chunk(nbrs, wallable, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out, limit,
                spots, state, best_blocked, iters, t_from, t_to, off_route,
                seen, parent, queue, leg, sources, used, route, cut, counts, mark, cands):
    """``iters`` steps of :func:`mathmaze_lib.optimize.build`'s annealing: pick a random buildable
    cell of ``spots``; take its wall off if it has one, else put one up (on a cell off the current
    route only with probability ``off_route``; never past ``limit`` walls); keep the change when the
    walk gets no shorter, or with probability ``exp(-d / T)`` when it gets ``d`` shorter; a change
    that blocks every route is refused.  Every change is scored by the runner.

    ``state`` = [walls placed, moves, evaluations, candidates, best moves, best walls placed];
    ``blocked`` the current board, ``best_blocked`` the best one; ``mark[v] == counts[3]`` says that
    ``v`` is a candidate of the current route (from :func:`_candidates`, kept in ``cands``)."""
    ratio = t_to / t_from
    nspots = len(spots)
    for it in range(iters):
        c = spots[np.random.randint(0, nspots)]
        adding = blocked[c] == 0
        if adding:
            if state[0] >= limit:
                continue
            if mark[c] != counts[3] and np.random.random() >= off_route:
                continue
        blocked[c] = 1 if adding else 0
        t = t_from * ratio ** (it / iters)
        if not _judge(nbrs, wallable, blocked, starts, kind, legs, tele_in, tele_ptr, tele_out, state, best_blocked,
                      state[0] + 1 if adding else state[0] - 1, t, seen, parent, queue, leg, sources, used, route,
                      cut, counts, mark, cands):
            blocked[c] = 0 if adding else 1
    return state[4]


def warm() -> float:
    """Compile every compiled function once (or load it from numba's cache), on a small board with a
    teleport, so that the first ``walls optimize`` spends its ``--seconds`` searching; the seconds it
    took.  ``make lab`` and ``make test`` run it after installing (``python -m mathmaze_lib.fastwalls``):
    about 6 s the first time on 2 cores, a fraction of a second once cached."""
    import time

    from . import optimize
    from .puzzles import wallmaze
    t0 = time.perf_counter()
    maze = wallmaze.parse("walls: 2\ns.t.f\ns.p.f\ns.u.f")
    optimize.anneal(maze, seed=1, seconds=None, max_iters=200, compiled=True, **optimize.CROWDED)
    optimize.build(maze, seed=1, seconds=None, max_iters=200, compiled=True)
    return time.perf_counter() - t0


if __name__ == "__main__":                                  # pragma: no cover (run by the Makefile)
    if AVAILABLE:
        print(f"compiled wall runner ready ({warm():.1f} s)")
    else:
        print("numba is not installed: the wall optimizers use the pure Python runner")
