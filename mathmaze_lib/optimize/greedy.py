"""Greedy: one wall at a time, the one on the current route that lengthens it most; and the cells of
a route where a new wall may go (every optimizer's candidates)."""

from __future__ import annotations

import time
from typing import Callable, Optional

from ..puzzles.wallmaze import BitRunner, WallMaze
from .clock import OptResult, _budget, _Clock, _result, check_limits


def route_candidates(bits: BitRunner, route: list, walls: int) -> list:
    """Cells of ``route`` (single-bit ints) where a new wall may go: open and not walled yet,
    in route order; then, on a board with teleports, the open cells of the routes the runner
    planned but did not walk (``bits.unwalked``: a wall there can keep it off a teleport).

    >>> from mathmaze_lib.puzzles.wallmaze import BitRunner, parse
    >>> b = BitRunner(parse("s..f"))
    >>> [b.cells(c) for c in route_candidates(b, b.route(0)[1], 0)]
    [[(0, 1)], [(0, 2)]]
    """
    free = bits.wallable & ~walls
    out, seen = [], 0
    for c in route:
        if c & free and not c & seen:
            out.append(c)
            seen |= c
    out.extend(_each_bit(bits.unwalked & free & ~seen))
    return out


def _each_bit(mask: int) -> list:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def greedy(maze: WallMaze, walls=(), *, seconds: Optional[float] = None, max_iters: Optional[int] = None,
           progress: Optional[Callable] = None) -> OptResult:
    """Add walls one at a time, each time the wall on the current path that lengthens it most.

    It stops when the budget is used or when no single wall makes the path longer
    (often long before: two equally short routes need two walls at once).
    Ties go to the wall met first along the path.  ``seconds`` and ``max_iters`` (runner
    calls) stop it early; the best wall of an unfinished round is still placed.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> r = greedy(parse("walls: 3\\ns....\\n.....\\n....f"))
    >>> r.moves, r.walls
    (6, [])
    """
    t0 = time.perf_counter()
    check_limits(seconds, max_iters)
    bits = BitRunner(maze)
    clock = _Clock(seconds, max_iters, None, t0)      # greedy reports its own progress: walls placed
    cur = bits.mask(maze.check_walls(walls))
    found = bits.route(cur)
    if found is None:
        return _result(bits, cur, None, "greedy", clock, [])
    moves, route = found
    history = [(clock.elapsed(), moves)]
    limit = _budget(maze, bits)
    try:
        while cur.bit_count() < limit and not clock.stopped:
            best_gain, best_cell = 0, None
            for c in route_candidates(bits, route, cur):
                if not clock.tick(moves):
                    break
                s = bits.score(cur | c)
                if s is not None and s - moves > best_gain:
                    best_gain, best_cell = s - moves, c
            if best_cell is None:
                break
            cur |= best_cell
            moves += best_gain
            history.append((clock.elapsed(), moves))
            if clock.stopped:
                break
            moves, route = bits.route(cur)
            if progress is not None:
                progress(cur.bit_count() / limit, moves)
    except KeyboardInterrupt:
        clock.stopped = "interrupted"
    if progress is not None:
        progress(1.0, moves)
    return _result(bits, cur, moves, "greedy", clock, history)
