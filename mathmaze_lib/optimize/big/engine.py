"""The big-board search's state from Python: :class:`_Engine` holds the arrays and calls the compiled
parts."""

from __future__ import annotations

import random

import numpy as np

from ...puzzles.wallmaze import WallMaze
from ...compiled_random import generator
from .legs import BEST, MOVES, PLACED, SEARCHES, Board, Legs, Scratch, geo, score
from .steps import _dfs, _loss, setup
from .moves import Run, Step, Work, anneal
from . import tree


class _Engine:
    """One board's arrays and scratch, and the state of a search on it."""

    def __init__(self, b: Board):
        self.b = b
        n, L = b.size, b.legs
        self.FA = np.zeros((L, n), np.int32)
        self.FB = np.zeros((L, n), np.int32)
        self.D = np.zeros(L, np.int64)
        self.onr = np.zeros((L, n), np.uint8)
        self.cnt = np.zeros((L, n + 1), np.int32)
        self.lst = np.zeros((L, n), np.int32)
        self.nlst = np.zeros(L, np.int32)
        self.cut = np.zeros((L, n), np.int32)
        self.ncut = np.zeros(L, np.int32)
        self.bk = Legs(np.zeros((L, n), np.int32), np.zeros((L, n), np.int32), np.zeros(L, np.int64),
                       np.zeros((L, n), np.uint8), np.zeros((L, n + 1), np.int32), np.zeros((L, n), np.int32),
                       np.zeros(L, np.int32), np.zeros((L, n), np.int32), np.zeros(L, np.int32))
        self.queue = np.zeros(n, np.int32)
        self.kind = np.zeros(L, np.int32)
        self.aff = np.zeros(L, np.int32)
        self.vias = np.zeros(L, np.int64)
        self.tmark = np.full(n, -1, np.int32)          # the leg that ends on each cell (-1: none)
        for k in range(L):
            self.tmark[b.tgts[b.tptr[k]:b.tptr[k + 1]]] = k
        self.seen = np.zeros(n, np.int32)
        self.dist = np.zeros(n, np.int32)
        self.st = np.zeros(1, np.int64)
        self.geo = geo(b)
        self.cuts = tuple(np.zeros(n, np.int32) for _ in range(9))
        self.scratch = Scratch(self.tmark, self.seen, self.queue, self.dist, self.st)
        self.spots = np.flatnonzero(b.wallable).astype(np.int32)
        self.blocked = b.rocks.copy()
        self.best = b.rocks.copy()
        self.walls = np.zeros(max(n, 1), np.int32)          # (start may put up more walls than the budget)
        self.state = np.zeros(8, np.int64)      # (its slots: .legs.PLACED ... REFUSED)
        self.rng = generator(random.Random(0))          # (the search seeds it: :meth:`seed`)
        self.run = Run(self.blocked, self.walls, self.spots, self.state, self.best, b.budget, self.rng)
        self.work = Work(self.kind, self.kind.copy(), self.vias, self.aff)

    def seed(self, rng: random.Random) -> None:
        """Seed the compiled steps' random numbers from ``rng``."""
        self.rng[:] = generator(rng)

    def legs(self) -> Legs:
        return Legs(self.FA, self.FB, self.D, self.onr, self.cnt, self.lst, self.nlst, self.cut, self.ncut)

    def start(self, cells) -> int:
        """Put exactly the walls ``cells`` on the board and search every leg; the moves (-1: blocked)."""
        b = self.b
        self.blocked[:] = b.rocks
        cells = np.asarray(cells, np.int32)
        self.blocked[cells] = 1
        self.walls[:len(cells)] = cells
        moves = setup(self.geo, self.blocked, self.legs(), self.queue)
        self.state[PLACED], self.state[MOVES] = len(cells), moves
        _dfs(b.nbrs, self.blocked, self.cuts)
        self.state[SEARCHES] += 2 * b.legs
        if moves > self.state[BEST] and len(cells) <= b.budget:
            self.state[BEST] = moves
            self.best[:] = self.blocked
        return moves

    def steps(self, iters: int, temp: float, p_cut: float, p_off: float, pick: int, tries: int = 1,
              p_blind: float = 0.0) -> int:
        how = Step(int(iters), float(temp), float(p_cut), float(p_off), int(pick), int(tries), float(p_blind))
        return anneal(self.geo, self.run, self.legs(), self.bk, how, self.work, self.scratch, self.cuts)

    def refill(self, cells: np.ndarray, k: int, best: int, max_nodes: int = 100_000) -> tuple:
        """The best way to put up to ``k`` more walls on ``cells`` (open cells of a region), the rest of the
        board as it is: :mod:`.tree`'s exact search on them (for at most ``max_nodes`` boards).  Returns
        ``(moves, n)``: the best moves above ``best`` (``best`` when none) and its walls in
        ``self.refill_out[:n]`` (``n`` -1: none better)."""
        if not 0 <= k <= 7:
            raise ValueError(f"refill: at most 7 walls at once, not {k}")
        allowed = np.zeros(self.b.size, np.uint8)
        allowed[np.asarray(cells, np.int32)] = 1
        t = tree.new_tree(self.blocked, k, best, self.b.legs)
        tree.start(self.geo, allowed, k, t)
        tree.chunk(self.geo, allowed, k, max_nodes, t)
        self.refill_out = t.out
        return int(t.at[tree.BEST]), int(t.at[tree.BEST_N])

    def polish(self, rng: random.Random, maze: WallMaze, side: int, most: int, max_nodes: int = 20_000) -> bool:
        """One "clear and refill" move: the walls (at most ``most``, drawn) in a random ``side`` x ``side``
        square come off and go back where :meth:`refill` finds the best place for them; True when the
        walk got longer (the board then has the new walls)."""
        nw = int(self.state[PLACED])
        walls = self.walls[:nw].copy()
        h, w = min(side, maze.rows), min(side, maze.cols)
        r0, c0 = rng.randrange(maze.rows - h + 1), rng.randrange(maze.cols - w + 1)
        rows, cols = walls // maze.cols, walls % maze.cols
        inside = np.flatnonzero((rows >= r0) & (rows < r0 + h) & (cols >= c0) & (cols < c0 + w))
        if not len(inside):
            return False
        if len(inside) > most:
            inside = np.array(sorted(rng.sample(list(inside), most)))
        removed = walls[inside]
        self.blocked[removed] = 0
        square = np.array([r * maze.cols + c for r in range(r0, r0 + h) for c in range(c0, c0 + w)], np.int32)
        square = square[(self.b.wallable[square] == 1) & (self.blocked[square] == 0)]
        before = int(self.state[MOVES])
        moves, found = self.refill(square, len(removed), before, max_nodes)
        if moves > before:
            self.start(np.concatenate([np.delete(walls, inside), self.refill_out[:found]]))
            return True
        self.blocked[removed] = 1
        return False

    def line(self, rng: random.Random, maze: WallMaze) -> bool:
        """One "wall a line" move: a straight run of cells, across a cell of some leg's shortest routes,
        from obstacle to obstacle (rocks, the board's edge, cells where no wall may go), is walled
        whole, making room by taking off the walls whose removal can cost least (by the legs' bounds).
        No single wall of such a line lengthens the walk where a wide open area has two ways round
        (Pathery's Adversarial1), so annealing alone does not find it.  Kept when the walk gets
        longer (True), else the walls are put back as they were."""
        b = self.b
        k = rng.randrange(b.legs)
        m = int(self.nlst[k])
        if m == 0:
            return False
        v = int(self.lst[k, rng.randrange(m)])
        if b.wallable[v] == 0:
            return False
        cols = maze.cols
        r0, c0 = divmod(v, cols)
        dr, dc = rng.choice(((0, 1), (1, 0)))
        seg = [v]
        for sign in (1, -1):
            r, c = r0 + sign * dr, c0 + sign * dc
            while 0 <= r < maze.rows and 0 <= c < cols and b.wallable[r * cols + c] == 1:
                seg.append(r * cols + c)
                r, c = r + sign * dr, c + sign * dc
        if len(seg) > b.budget:
            return False
        nw = int(self.state[PLACED])
        old = self.walls[:nw].copy()
        inline = set(seg)
        keep = [int(w) for w in old if int(w) not in inline]
        extra = len(keep) + len(seg) - b.budget
        if extra > 0:
            losses = sorted((_loss(b.nbrs, self.blocked, w, self.FA, self.FB, self.D), w) for w in keep)
            drop = {w for _, w in losses[:extra]}
            keep = [w for w in keep if w not in drop]
        before = int(self.state[MOVES])
        if self.start(keep + seg) > before:
            return True
        self.start(old)
        return False

    def best_walls(self) -> np.ndarray:
        return np.flatnonzero(self.best > self.b.rocks).astype(np.int32)

    def score(self, blocked) -> int:
        return int(score(self.geo, blocked, self.scratch))
