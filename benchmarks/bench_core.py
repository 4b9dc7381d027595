"""The search core: traced BFS against networkx on grid graphs."""

from __future__ import annotations

import networkx as nx

from benchmarks import Row, median_ms
from mathmaze_lib.grid import Grid
from mathmaze_lib.search import bfs


def run():
    rows = []
    for side in (100, 300):
        grid = Grid(side, side)
        graph = nx.grid_2d_graph(side, side)
        ours = median_ms(lambda: bfs(grid.neighbours, (0, 0)), repeat=5)
        theirs = median_ms(lambda: nx.single_source_shortest_path_length(graph, (0, 0)), repeat=5)
        rows.append(Row("core", f"BFS over a {side}x{side} grid, successor function", ours, "ms",
                        note=f"networkx single_source_shortest_path_length: {theirs:.1f} ms"))
    return rows
