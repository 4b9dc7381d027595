"""Lesson 2, jumping mazes: BFS on huge mazes, networkx beside it, tree search, the generator
(route lengths and time per id on 5x5, 7x7, 10x10 and per rule on 6x6; analyses per second)."""

from __future__ import annotations

import random
import statistics
import time

import networkx as nx

from benchmarks import Row, median_ms
from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib.puzzles.jumpmaze import objective
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
    search = seconds(lambda: nx.shortest_path(graph, maze.start, maze.end) if nx.has_path(graph, maze.start, maze.end)
                     else nx.single_source_shortest_path_length(graph, maze.start))
    rows.append(Row("2 jumping", f"networkx on the {side}x{side} maze: graph build + BFS", build + search, "s",
                    note=f"build {build:.2f} s, search {search:.2f} s"))
    rows.append(Row("2 jumping", "time per cell, layer at a time, 1000x1000 over 100x100", layer[1000] / layer[100],
                    "ratio", "flat (<= 1.5)", layer[1000] / layer[100] <= 1.5,
                    f"node at a time: {node[1000] / node[100]:.1f} (dicts of a million keys cost more per entry)"))
    rows.extend(generator_rows())
    return rows


def _made(size, ids, rule="ortho", **options):
    """Generate each id; (route lengths, wall seconds, CPU seconds, all unique with no black holes)."""
    jumps, wall, cpu, good = [], [], [], True
    for i in ids:
        t0, c0 = time.perf_counter(), time.process_time()
        g = jm.generate(i, size, size, rule, **options)
        wall.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        jumps.append(g.jumps or 0)
        good = good and g.terms.good and not g.stopped
    return jumps, wall, cpu, good


def _analyses_per_second(size, seconds=1.0):
    """Analyses per second after one-cell changes: the full analysis through the library's searches
    (what the generator ran before: BFS, analyse, count_shortest) against the generator's scorer."""
    rng = random.Random(size)
    maze = jm.random_maze(rng, size, size)
    vals = [v for row in maze.cells for v in row]
    n = size * size
    changes = [(rng.randrange(n - 1), rng.randint(1, size - 1)) for _ in range(5000)]

    def old(i, v):
        vals[i] = v
        m = objective._StateScorer(size, size, "ortho", 0, n - 1).maze(vals, set())
        res = bfs(jm.successors(m), m.start, m.end)
        if res.goal is not None:
            jm.analyse(m)
            jm.count_shortest(m)

    scorer = objective._CellScorer(size, size, {"ortho"}, 0, n - 1)
    scorer.load(vals, set())

    def new(i, v):
        vals[i] = v
        scorer.changed(i, vals)
        scorer.route(vals, set())
        scorer.rest()

    rates = []
    for fn in (old, new):
        done, t0 = 0, time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            fn(*changes[done % len(changes)])
            done += 1
        rates.append(done / (time.perf_counter() - t0))
    return rates


def _plain_row(ids, compiled_cpu):
    """The 5 x 5 mazes of ``ids`` made by the plain Python annealing (the reference the compiled steps
    follow): its CPU time per id against the compiled one, and whether the mazes are the same."""
    from mathmaze_lib.puzzles.jumpmaze import generating

    replays, generating._replays = generating._replays, lambda names: False
    try:
        cpu, mazes = [], []
        for i in ids:
            c0 = time.process_time()
            mazes.append(generating.generate(i, 5, 5).maze)
            cpu.append(time.process_time() - c0)
    finally:
        generating._replays = replays
    same = all(m == jm.generate(i, 5, 5).maze for i, m in zip(ids, mazes))
    plain = statistics.median(cpu)
    return Row("2 jumping", f"generator 5x5, ids {ids[0]}-{ids[-1]}: CPU per id, compiled steps (plain Python: note)",
               statistics.median(compiled_cpu), "s", "the plain Python's mazes", same,
               f"plain Python annealing {plain:.2f} s per id (the same mazes: {'yes' if same else 'NO'})")


def generator_rows():
    rows = []
    noisy = "wall time (shared machine, noisy)"
    for size, ids, limit in ((5, range(1, 21), 1.0), (7, range(1, 11), 2.0), (10, range(1, 11), 2.0)):
        jumps, wall, cpu, good = _made(size, ids)
        label = f"generator {size}x{size}, ids {ids[0]}-{ids[-1]}"
        if size == 5:
            rows.append(Row("2 jumping", f"{label}: median shortest route", statistics.median(jumps), "jumps",
                            ">= 18", statistics.median(jumps) >= 18 and good,
                            f"all unique, no black holes: {'yes' if good else 'NO'}"))
            rows.append(Row("2 jumping", f"{label}: longest shortest route", max(jumps), "jumps", ">= 19",
                            max(jumps) >= 19, f"min {min(jumps)}"))
            rows.append(_plain_row(ids[:5], cpu[:5]))
            hill, _, _, hill_good = _made(size, ids, temperature=(0, 0))
            rows.append(Row("2 jumping", f"{label}: plain hill climbing instead (temperature 0)",
                            statistics.median(hill), "jumps", note=f"max {max(hill)}, min {min(hill)}; "
                            f"all unique, no black holes: {'yes' if hill_good else 'NO'}"))
        else:
            rows.append(Row("2 jumping", f"{label}: median shortest route", statistics.median(jumps), "jumps",
                            "unique, no black holes", good, f"max {max(jumps)}, min {min(jumps)}"))
        rows.append(Row("2 jumping", f"{label}: CPU time per id (the slowest)", max(cpu), "s", f"< {limit:g} s",
                        max(cpu) < limit, f"CPU median {statistics.median(cpu):.2f} s; {noisy}: median "
                        f"{statistics.median(wall):.2f} s, max {max(wall):.2f} s"))
    for rule in ("diag8", "alternate", "toggle", "nouturn", "wildcard"):
        jumps, wall, cpu, good = _made(6, range(1, 6), rule)
        rows.append(Row("2 jumping", f"generator 6x6 rule {rule}, ids 1-5: median shortest route",
                        statistics.median(jumps), "jumps", "unique, no black holes", good,
                        f"max {max(jumps)}; time per id median {statistics.median(wall):.2f} s, "
                        f"max {max(wall):.2f} s (CPU median {statistics.median(cpu):.2f} s)"))
    rows.extend(big_generator_rows())
    for size in (5, 10):
        old, new = _analyses_per_second(size)
        rows.append(Row("2 jumping", f"analyses per second after a one-cell change, {size}x{size}", new, "/s",
                        note=f"before (BFS + analyse + count_shortest, as the old generator did): {old:.0f}/s;"
                             f" {new / old:.0f} times as many now"))
    return rows


def big_generator_rows():
    """Issue 30: 50 x 50 and 100 x 100 mazes, unique with no black holes, within 10 s and 30 s on one core
    (the compiled generator, mathmaze_lib.puzzles.jumpmaze.fast; before it: 13-jump routes, two shortest routes and
    black holes at the default steps).  The value is the slowest id's wall time, which also counts
    waiting for the CPU on a shared machine; the note has the CPU times."""
    rows = []
    for size, limit in ((50, 10.0), (100, 30.0)):
        jumps, wall, cpu, good = _made(size, range(1, 11))
        rows.append(Row("2 jumping", f"generator {size}x{size} (default steps), ids 1-10: wall time per id, the "
                        f"slowest", max(wall), "s", f"< {limit:g} s, unique, no black holes",
                        max(wall) < limit and good,
                        f"all unique, no black holes: {'yes' if good else 'NO'}; wall median "
                        f"{statistics.median(wall):.2f} s; CPU median {statistics.median(cpu):.2f} s, max "
                        f"{max(cpu):.2f} s; route median {statistics.median(jumps):.0f} jumps (min {min(jumps)}, "
                        f"max {max(jumps)})"))
    for rule in ("diag8", "rightdown", "wrap", "diag8+wrap"):
        jumps, wall, cpu, good = _made(50, range(1, 6), rule)
        rows.append(Row("2 jumping", f"generator 50x50 rule {rule}, ids 1-5: median shortest route",
                        statistics.median(jumps), "jumps", "unique, no black holes", good,
                        f"min {min(jumps)}, max {max(jumps)}; wall per id max {max(wall):.2f} s "
                        f"(CPU max {max(cpu):.2f} s)"))
    return rows
