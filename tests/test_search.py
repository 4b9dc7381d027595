"""The search core: traced BFS (checked against networkx), tree search, counting, DFS."""

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathmaze_lib.grid import Grid
from mathmaze_lib.search import (
    Step, all_shortest_paths, bfs, bfs_bits, bfs_dense, bits_bfs_route, bits_distance, bits_on_shortest_routes,
    bits_region, bits_route, count_shortest_paths, route_to, simple_paths, successor_function, tree_search,
)


@st.composite
def random_graphs(draw):
    n = draw(st.integers(1, 25))
    directed = draw(st.booleans())
    edges = draw(st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1)), max_size=60))
    g = nx.DiGraph() if directed else nx.Graph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    return g


@settings(max_examples=200, deadline=None)
@given(random_graphs(), st.data())
def test_bfs_distances_agree_with_networkx_on_random_graphs(g, data):
    source = data.draw(st.sampled_from(sorted(g.nodes)))
    result = bfs(g, source)
    assert result.dist == nx.single_source_shortest_path_length(g, source)
    for node in result.dist:
        path = result.path_to(node)
        assert path[0] == source and path[-1] == node
        assert len(path) - 1 == result.dist[node]
        assert all(g.has_edge(a, b) for a, b in zip(path, path[1:]))


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 12), st.integers(1, 12), st.data())
def test_bfs_on_grids_with_rocks_agrees_with_networkx(rows, cols, data):
    rocks = data.draw(st.sets(st.tuples(st.integers(0, rows - 1), st.integers(0, cols - 1)), max_size=rows * cols // 2))
    free = [c for c in Grid(rows, cols).cells() if c not in rocks]
    if not free:
        return
    source = data.draw(st.sampled_from(free))
    grid = Grid(rows, cols)
    succ = lambda cell: (n for n in grid.neighbours(cell) if n not in rocks)
    g = nx.grid_2d_graph(rows, cols)
    g.remove_nodes_from(rocks)
    traced = bfs(succ, source, trace=True)
    assert traced.dist == nx.single_source_shortest_path_length(g, source)
    assert bfs(g, source).dist == traced.dist
    # each layer holds exactly the nodes at that distance
    for d, layer in enumerate(traced.layers):
        assert all(traced.dist[n] == d for n in layer)


@settings(max_examples=100, deadline=None)
@given(random_graphs(), st.data())
def test_goal_search_finds_a_shortest_route(g, data):
    nodes = sorted(g.nodes)
    source = data.draw(st.sampled_from(nodes))
    goal = data.draw(st.sampled_from(nodes))
    r = bfs(g, source, goal)
    if nx.has_path(g, source, goal):
        assert r.found and r.length == nx.shortest_path_length(g, source, goal)
        assert r.path[0] == source and r.path[-1] == goal
    else:
        assert not r.found and r.length is None and r.path is None


@settings(max_examples=100, deadline=None)
@given(random_graphs(), st.data())
def test_count_and_list_shortest_paths_agree_with_networkx(g, data):
    nodes = sorted(g.nodes)
    source = data.draw(st.sampled_from(nodes))
    goal = data.draw(st.sampled_from(nodes))
    expected = sorted(nx.all_shortest_paths(g, source, goal)) if nx.has_path(g, source, goal) else []
    assert count_shortest_paths(g, source, goal) == len(expected)
    assert sorted(all_shortest_paths(g, source, goal, cap=10_000)) == expected


@settings(max_examples=60, deadline=None)
@given(random_graphs(), st.data())
def test_simple_paths_agree_with_networkx(g, data):
    if g.number_of_edges() > 30:
        return
    nodes = sorted(g.nodes)
    source = data.draw(st.sampled_from(nodes))
    goal = data.draw(st.sampled_from(nodes))
    ours = sorted(simple_paths(g, source, goal))
    if source == goal:
        assert ours == [[source]]
    else:
        assert ours == sorted(nx.all_simple_paths(g, source, goal))


def test_trace_records_current_discovered_and_frontier():
    g = nx.DiGraph([("a", "b"), ("a", "c"), ("b", "d"), ("c", "d"), ("d", "e")])
    r = bfs(g, "a", "e", trace=True)
    assert r.trace == [
        Step("a", ("b", "c"), ("b", "c")),
        Step("b", ("d",), ("c", "d")),
        Step("c", (), ("d",)),
        Step("d", ("e",), ("e",)),
        Step("e", (), ()),          # the goal is taken from the queue: the search stops there
    ]
    assert r.path == ["a", "b", "d", "e"] and r.expanded == 4


def test_one_stopping_rule_bfs_and_the_tree_search_stop_when_they_take_the_goal_from_the_queue():
    """Both searches stop when the goal comes out of the queue, not when it is first put in: on this
    graph the goal 3 is discovered by the first node, but the nodes queued before it come first."""
    g = nx.DiGraph([(0, 1), (0, 2), (0, 3), (1, 4), (2, 4)])
    r = bfs(g, 0, 3, trace=True)
    assert r.expanded == 3 and [s.current for s in r.trace] == [0, 1, 2, 3]
    assert bfs(g, 0, 3).expanded == 3                       # the fast loop counts the same
    t = tree_search(g, 0, 3, trace=True)
    assert t.expanded == 3 and [s.route for s in t.trace] == [(0,), (0, 1), (0, 2), (0, 3)]
    assert t.trace[-1].added == ()
    # a goal among the sources is taken in its turn too
    assert bfs(g, sources=[1, 3], goal=3).expanded == 1 and bfs(g, sources=[3, 1], goal=3).expanded == 0


def test_traced_and_fast_bfs_give_the_same_answer():
    grid = Grid(7, 9)
    for goal in [(6, 8), (0, 0), None, {(3, 3), (5, 1)}]:
        fast = bfs(grid.neighbours, (0, 0), goal)
        traced = bfs(grid.neighbours, (0, 0), goal, trace=True)
        assert fast.dist == traced.dist and fast.goal == traced.goal and fast.expanded == traced.expanded


def test_multi_source_bfs_takes_the_first_source_in_order_on_ties():
    grid = Grid(1, 5)
    r = bfs(grid.neighbours, sources=[(0, 0), (0, 4)], goal=(0, 2))
    assert r.path == [(0, 0), (0, 1), (0, 2)]
    r = bfs(grid.neighbours, sources=[(0, 4), (0, 0)], goal=(0, 2))
    assert r.path == [(0, 4), (0, 3), (0, 2)]


def test_goal_predicate_and_source_that_is_goal():
    assert bfs(Grid(3, 3).neighbours, (1, 1), lambda c: c[0] == 2).path == [(1, 1), (2, 1)]
    r = bfs(Grid(3, 3).neighbours, (1, 1), (1, 1))
    assert r.length == 0 and r.path == [(1, 1)]


def test_max_expansions_stops_early():
    r = bfs(Grid(10, 10).neighbours, (0, 0), max_expansions=5)
    assert r.expanded == 5 and not r.found


def test_bad_arguments():
    with pytest.raises(ValueError, match="needs a source"):
        bfs(nx.path_graph(2))
    with pytest.raises(ValueError, match="either source or sources"):
        bfs(nx.path_graph(2), 0, sources=[1])
    with pytest.raises(ValueError, match="at least one source"):
        bfs(nx.path_graph(2), sources=[])
    with pytest.raises(TypeError, match="networkx graph or a successor function"):
        successor_function(42)


def test_route_to_detects_loops():
    with pytest.raises(ValueError, match="loop"):
        route_to({"a": "b", "b": "a"}, "a")


def test_tree_search_finds_the_same_length_as_bfs_but_expands_more():
    grid = Grid(4, 4)
    tree = tree_search(grid.neighbours, (0, 0), (3, 3))
    graph = bfs(grid.neighbours, (0, 0), (3, 3))
    assert tree.length == graph.length == 6
    assert tree.expanded > 10 * graph.expanded
    assert tree.generated > tree.expanded and tree.max_queue > 1 and not tree.capped


def test_tree_search_cap_and_no_route():
    g = nx.DiGraph([(0, 1), (1, 0)])
    r = tree_search(g, 0, 5, cap=100)
    assert r.capped and r.route is None and r.expanded == 100
    r = tree_search(nx.DiGraph([(0, 1)]), 0, 5)
    assert not r.capped and r.route is None


def test_simple_paths_prune_and_length_cap():
    grid = Grid(3, 3)
    every = list(simple_paths(grid.neighbours, (0, 0), (2, 2)))
    assert len(every) == 12
    short = list(simple_paths(grid.neighbours, (0, 0), (2, 2), max_nodes=5))
    assert len(short) == 6 and all(len(p) == 5 for p in short)
    no_centre = list(simple_paths(grid.neighbours, (0, 0), (2, 2), prune=lambda route: route[-1] == (1, 1)))
    assert len(no_centre) == 2
    assert all(len(set(p)) == len(p) for p in every)


def test_count_shortest_paths_on_grids_is_binomial():
    from math import comb
    for rows, cols in itertools.product(range(1, 6), repeat=2):
        grid = Grid(rows, cols)
        assert count_shortest_paths(grid.neighbours, (0, 0), (rows - 1, cols - 1)) == comb(rows + cols - 2, rows - 1)


def test_counting_with_a_goal_set():
    g = nx.DiGraph([(0, 1), (0, 2), (1, 3), (2, 3), (0, 4)])
    assert count_shortest_paths(g, 0, {3, 4}) == 1  # 4 is nearer than 3
    assert count_shortest_paths(g, 0, 3) == 2
    assert count_shortest_paths(g, 3, 0) == 0


@given(st.integers(0, 10**6), st.integers(1, 9), st.integers(1, 9), st.floats(0, 0.5))
@settings(max_examples=150, deadline=None)
def test_bfs_dense_discovers_nodes_in_the_same_order_as_bfs(seed, rows, cols, density):
    import numpy as np

    rng = random.Random(seed)
    walls = {i for i in range(rows * cols) if rng.random() < density}

    def succ(i):
        r, c = divmod(i, cols)
        out = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            nr, nc = r + dr, c + dc
            if 0 <= nr < rows and 0 <= nc < cols and nr * cols + nc not in walls:
                out.append(nr * cols + nc)
        return out

    def expand(frontier):
        out = []
        for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            targets = []
            for f in frontier:
                r, c = divmod(int(f), cols)
                nr, nc = r + dr, c + dc
                ok = 0 <= nr < rows and 0 <= nc < cols and nr * cols + nc not in walls
                targets.append(nr * cols + nc if ok else -1)
            out.append(np.array(targets, dtype=np.int64))
        return out

    goal = rng.randrange(rows * cols)
    a, b = bfs(succ, 0, goal), bfs_dense(expand, rows * cols, [0], goal)
    assert (a.goal, a.length, a.path, a.expanded) == (b.goal, b.length, b.path, b.expanded)
    assert dict(a.dist) == dict(b.dist) and dict(a.parent) == dict(b.parent)


@given(st.integers(0, 10**6), st.integers(1, 9), st.integers(1, 9), st.floats(0, 0.5))
@settings(max_examples=150, deadline=None)
def test_bfs_bits_has_the_layers_of_bfs_and_a_shortest_route(seed, rows, cols, density):
    rng = random.Random(seed)
    grid = Grid(rows, cols)
    rocks = {cell for cell in grid.cells() if rng.random() < density}
    width = cols + 1
    bit = lambda cell: 1 << (cell[0] * width + cell[1])
    free = sum(bit(cell) for cell in grid.cells() if cell not in rocks)
    sources = [cell for cell in grid.cells() if rng.random() < 0.1] or [(0, 0)]
    goal = {cell for cell in grid.cells() if rng.random() < 0.1}
    succ = lambda cell: [n for n in grid.neighbours(cell) if n not in rocks]
    free_sources = [s for s in sources if s not in rocks]
    a = bfs(succ, sources=free_sources, goal=goal) if free_sources else None
    layers = bfs_bits(free, sum(bit(s) for s in sources), sum(bit(g) for g in goal), width)
    if a is None or a.goal is None:
        assert layers is None
        return
    assert len(layers) - 1 == a.length
    expected = [sum(bit(cell) for cell in layer) for layer in a.layers[:len(layers)]]
    assert layers[:-1] == expected[:-1]               # bfs stops inside the last layer, so only
    assert expected[-1] & ~layers[-1] == 0            # what it saw of that layer is compared
    avoid = sum(bit(cell) for cell in grid.cells() if rng.random() < 0.5)
    route = bits_route(layers, sum(bit(g) for g in goal), width, avoid)
    cells = [divmod(x.bit_length() - 1, width) for x in route]
    assert len(cells) == a.length + 1 and cells[0] in sources and cells[-1] in goal
    assert all(b in succ(c) for c, b in zip(cells, cells[1:]))



@given(st.integers(0, 10**6), st.integers(1, 9), st.integers(1, 9), st.floats(0, 0.5))
@settings(max_examples=150, deadline=None)
def test_the_other_bit_set_paths_agree_with_bfs(seed, rows, cols, density):
    """bits_distance is bfs's length, bits_bfs_route bfs's very route (its tie-break), bits_on_shortest_routes
    the cells of every shortest route, bits_region the cells bfs reaches."""
    rng = random.Random(seed)
    grid = Grid(rows, cols)
    rocks = {cell for cell in grid.cells() if rng.random() < density}
    width = cols + 1
    bit = lambda cell: 1 << (cell[0] * width + cell[1])
    cell_of = lambda number: divmod(number, width)
    free = sum(bit(cell) for cell in grid.cells() if cell not in rocks)
    sources = sorted({cell for cell in grid.cells() if rng.random() < 0.1 and cell not in rocks})
    goal = {cell for cell in grid.cells() if rng.random() < 0.1}
    if not sources:
        return
    succ = lambda cell: [n for n in grid.neighbours(cell) if n not in rocks]
    a = bfs(succ, sources=sources, goal=goal)
    src, target = sum(bit(s) for s in sources), sum(bit(g) for g in goal)
    assert bits_distance(free, src, target, width) == a.length
    assert bits_region(free, src, width) == sum(bit(c) for c in bfs(succ, sources=sources).dist)
    if a.goal is None:
        return
    free_text = format(free, "b")[::-1]
    assert [cell_of(v) for v in bits_bfs_route(free_text, src, target, width)] == a.path
    layers = bfs_bits(free, src, target, width)
    on_routes = bits_on_shortest_routes(layers, layers[-1] & target, width)
    dist_from = bfs(succ, sources=sources).dist
    dist_to = bfs(succ, sources=[g for g in goal if g not in rocks and g in dist_from and dist_from[g] == a.length]).dist
    expected = {c for c in dist_from if c in dist_to and dist_from[c] + dist_to[c] == a.length}
    assert {cell_of(i) for i in range(rows * width) if on_routes >> i & 1} == expected


from mathmaze_lib import search  # noqa: E402


@pytest.mark.parametrize("call", [
    lambda g: search.tree_search(g, (0, 0), None),
    lambda g: search.count_shortest_paths(g, (0, 0), None),
    lambda g: search.all_shortest_paths(g, (0, 0), None),
    lambda g: list(search.simple_paths(g, (0, 0), None)),
])
def test_searches_that_need_a_goal_say_so(call):
    from mathmaze_lib.grid import Grid

    with pytest.raises(ValueError, match="needs a goal"):
        call(Grid(2, 2).neighbours)
