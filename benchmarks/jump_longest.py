"""The longest shortest route of every small jumping maze, by trying them all: the numbers behind
:data:`mathmaze_lib.puzzles.jumpmaze.sheet.LONGEST` (why a 4 x 4 worksheet cannot be hard).

A maze here is what a worksheet prints: jumps up, right, down or left, the start top-left, the goal
bottom-right. Every cell but the goal takes every number from 1 to its longest jump that lands on
the board, and one more that lands nowhere (a dead end, as a hole or a too-large number is): a
number larger still is the same dead end. Each maze is solved by breadth-first search.

    python -m benchmarks.jump_longest 4 4        # 339,738,624 mazes: 12 jumps (81 s, compiled)
"""

from __future__ import annotations

import argparse
import time
from collections import deque

__all__ = ["choices", "shortest", "longest"]


def choices(rows: int, cols: int) -> list:
    """How many numbers each cell (row by row) can take: its longest landing jump, plus one dead end
    (the goal: one, it is never left)."""
    return [1 if (r, c) == (rows - 1, cols - 1) else max(r, rows - 1 - r, c, cols - 1 - c) + 1
            for r in range(rows) for c in range(cols)]


def shortest(values: list, rows: int, cols: int) -> int:
    """The jumps of a shortest route from the top-left to the bottom-right (-1: none)."""
    goal, dist, queue = rows * cols - 1, {0: 0}, deque([0])
    while queue:
        u = queue.popleft()
        if u == goal:
            return dist[u]
        r, c, v = u // cols, u % cols, values[u]
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            nr, nc = r + dr * v, c + dc * v
            if 0 <= nr < rows and 0 <= nc < cols and nr * cols + nc not in dist:
                dist[nr * cols + nc] = dist[u] + 1
                queue.append(nr * cols + nc)
    return -1


def _all(ranges, rows: int, cols: int) -> int:
    import itertools

    return max(shortest([v + 1 for v in combo], rows, cols) for combo in itertools.product(*map(range, ranges)))


def _compiled():
    import numpy as np
    from numba import njit

    @njit(cache=False)
    def run(rows, cols, ranges):
        cells = rows * cols
        values, dist, queue = np.zeros(cells, np.int64), np.empty(cells, np.int64), np.empty(cells, np.int64)
        total, best = 1, -1
        for i in range(cells):
            total *= ranges[i]
        for code in range(total):
            for i in range(cells):
                values[i] = 1 + code % ranges[i]
                code //= ranges[i]
            dist[:] = -1
            dist[0], queue[0], head, tail, found = 0, 0, 0, 1, -1
            while head < tail:
                u = queue[head]
                head += 1
                if u == cells - 1:
                    found = dist[u]
                    break
                for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
                    nr, nc = u // cols + dr * values[u], u % cols + dc * values[u]
                    if 0 <= nr < rows and 0 <= nc < cols and dist[nr * cols + nc] < 0:
                        dist[nr * cols + nc] = dist[u] + 1
                        queue[tail] = nr * cols + nc
                        tail += 1
            best = max(best, found)
        return best
    return lambda ranges, rows, cols: int(run(rows, cols, np.array(ranges, np.int64)))


def longest(rows: int, cols: int, compiled: bool = True) -> int:
    """The most jumps of a shortest route over every ``rows`` x ``cols`` maze (pure Python is for
    the smallest boards: 3 x 3 has 4,374).

    >>> longest(3, 3, compiled=False)
    6
    """
    return (_compiled() if compiled else _all)(choices(rows, cols), rows, cols)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.jump_longest", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("rows", type=int)
    parser.add_argument("cols", type=int)
    args = parser.parse_args(argv)
    mazes = 1
    for n in choices(args.rows, args.cols):
        mazes *= n
    start = time.perf_counter()
    most = longest(args.rows, args.cols)
    print(f"{args.rows} x {args.cols}: {mazes:,} mazes; the longest shortest route has {most} jumps "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
