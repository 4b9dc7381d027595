"""Lesson 1, Math Maze: counting solutions and making unique puzzles."""

from __future__ import annotations

import networkx as nx

from benchmarks import Row, median_ms
from mathmaze_lib.puzzles.summaze import count_solutions, generate, make

IDS = range(20)


def networkx_count(p) -> int:
    g = nx.grid_2d_graph(p.rows, p.cols)
    return sum(1 for path in nx.all_simple_paths(g, p.start, p.end)
               if sum(p.value(c) for c in path) == p.target)


def per_puzzle(fn, puzzles, repeat=5) -> float:
    return median_ms(lambda: [fn(p) for p in puzzles], repeat=repeat) / len(puzzles)


def run():
    rows = []
    puzzles = [generate(i) for i in IDS]
    ours = per_puzzle(count_solutions, puzzles)
    theirs = per_puzzle(networkx_count, puzzles[:5], repeat=1)
    rows.append(Row("1 math maze", "count all solutions, 4x5 (per puzzle, 20 ids)", ours, "ms", "<= 1 ms",
                    ours <= 1.0, f"networkx all_simple_paths + filter: {theirs:.0f} ms"))
    unique = median_ms(lambda: [make(i, unique=True) for i in IDS], repeat=3) / len(IDS)
    rows.append(Row("1 math maze", "unique-solution 4x5 puzzle from an id", unique, "ms", "<= 3 ms", unique <= 3.0))
    for side in (5, 6, 8):
        ps = [generate(i, side, side) for i in IDS]
        count = per_puzzle(count_solutions, ps, repeat=3)
        rows.append(Row("1 math maze", f"count all solutions, {side}x{side}", count, "ms",
                        note="walks are 5-9 cells, so the target cuts every longer path: growth stays small"))
        u = median_ms(lambda: [make(i, side, side, unique=True) for i in range(5)], repeat=1) / 5
        rows.append(Row("1 math maze", f"unique puzzle from an id, {side}x{side}", u, "ms"))
    return rows
