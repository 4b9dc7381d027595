"""Lesson 2, jumping mazes: BFS on huge mazes, networkx beside it, tree search, the generator."""

from __future__ import annotations

import random
import statistics
import time

import networkx as nx

from benchmarks import Row, median_ms
from mathmaze_lib import jumpmaze as jm
from mathmaze_lib.search import bfs, bfs_dense


def seconds(fn) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def run():
    rows = []
    cr = jm.CHAIN_REACTION
    bfs_ms = median_ms(lambda: jm.solve(cr), 20)
    tree_ms = median_ms(lambda: jm.solve(cr, method="tree"), 3)
    rows.append(Row("2 jumping", "Chain Reaction: BFS with a visited set", bfs_ms, "ms",
                    note=f"{jm.solve(cr).expanded} expansions"))
    rows.append(Row("2 jumping", "Chain Reaction: naive tree search", tree_ms, "ms",
                    note=f"{jm.solve(cr, method='tree').expanded} expansions"))
    node, layer = {}, {}
    for side in (100, 300, 1000):
        maze = jm.random_maze(random.Random(side), side, side)
        reached = []
        t = seconds(lambda: reached.append(len(bfs(jm.successors(maze), maze.start).dist)))
        node[side] = t / reached[0] * 1e6
        rows.append(Row("2 jumping", f"BFS over every reachable cell, node at a time, {side}x{side}", t, "s",
                        note=f"{reached[0]} cells, {node[side]:.2f} us per cell"))
        expand = jm.layer_expand(maze)
        t = seconds(lambda: bfs_dense(expand, side * side, [0]))
        layer[side] = t / reached[0] * 1e6
        rows.append(Row("2 jumping", f"BFS over every reachable cell, layer at a time, {side}x{side}", t, "s",
                        note=f"{layer[side]:.2f} us per cell"))
        if side == 1000:
            t = seconds(lambda: jm.solve(maze))
            rows.append(Row("2 jumping", "shortest route, random 1000x1000 maze (jumpmaze.solve)", t, "s",
                            "<= 2 s", t <= 2.0, "no route exists here, so BFS visits every reachable cell"))
    side = 300
    maze = jm.random_maze(random.Random(side), side, side)
    build = seconds(lambda: jm.jump_graph(maze))
    graph = jm.jump_graph(maze)
    search = seconds(lambda: nx.shortest_path(graph, maze.start, maze.goal) if nx.has_path(graph, maze.start, maze.goal)
                     else nx.single_source_shortest_path_length(graph, maze.start))
    rows.append(Row("2 jumping", f"networkx on the {side}x{side} maze: graph build + BFS", build + search, "s",
                    note=f"build {build:.2f} s, search {search:.2f} s"))
    rows.append(Row("2 jumping", "time per cell, layer at a time, 1000x1000 over 100x100", layer[1000] / layer[100],
                    "ratio", "flat (<= 1.5)", layer[1000] / layer[100] <= 1.5,
                    f"node at a time: {node[1000] / node[100]:.1f} (dicts of a million keys cost more per entry)"))
    times, jumps = [], []
    for i in range(10):
        t0 = time.perf_counter()
        g = jm.generate(i, 10, 10)
        times.append(time.perf_counter() - t0)
        jumps.append((g.jumps or 0, g.shortest_routes, g.black_holes))
    good = sum(1 for j, n, b in jumps if j >= 20 and n == 1 and b == 0)
    rows.append(Row("2 jumping", "generator: 10x10, unique route of 20+ jumps, no black holes (median of 10 ids)",
                    statistics.median(times), "s", note=f"{good} of 10 ids meet all three; jumps "
                    f"{min(j for j, _, _ in jumps)}-{max(j for j, _, _ in jumps)}"))
    return rows
