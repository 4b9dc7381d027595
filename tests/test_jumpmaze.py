"""Jumping mazes: parsing, the moves table, every rule, BFS against networkx, analysis, the generator."""

import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib.puzzles.jumpmaze import CHAIN_REACTION, parse, solve

SEED_ROUTE = [0, 24, 6, 11, 23, 18, 20, 22, 19, 25, 7, 1, 5, 35]


def test_chain_reaction_moves_table_as_the_seed_prints_it():
    table = jm.moves_table(CHAIN_REACTION)
    assert table[0] == [4, 24] and table[2] == [0, 4, 14]
    assert len(table) == 36 and table[35] == []


def test_bfs_and_tree_search_find_the_13_jump_route():
    bfs, tree = solve(CHAIN_REACTION), solve(CHAIN_REACTION, method="tree")
    assert [CHAIN_REACTION.index(c) for c in bfs.route] == SEED_ROUTE
    assert tree.route == bfs.route and bfs.jumps == tree.jumps == 13
    assert bfs.expanded < 50, "BFS with a visited set needs a few dozen expansions"
    assert tree.expanded > 1000, "the tree search re-explores cells once per route: thousands"


ORTHO4 = [(-1, 0), (0, 1), (1, 0), (0, -1)]
DIAG4 = [(-1, 1), (1, 1), (1, -1), (-1, -1)]


def rule_moves(maze, rule, node):
    """The rules written out again from their descriptions, independently of jumpmaze.successors:
    the (cell, mode, last direction) states one jump away, for the rules used below."""
    (r, c), mode, last = node
    n = maze.value((r, c))
    if (r, c) == maze.end or not isinstance(n, int) or n == 0:
        return []
    if rule in ("alternate", "toggle"):
        dirs = DIAG4 if mode else ORTHO4
    else:
        dirs = ORTHO4 + DIAG4 if "diag8" in rule else ORTHO4
    out = []
    for dr, dc in dirs:
        if "nouturn" in rule and last is not None and (dr, dc) == (-last[0], -last[1]):
            continue
        nr, nc = r + dr * n, c + dc * n
        if rule == "wrap":
            nr, nc = nr % maze.rows, nc % maze.cols
        if not (0 <= nr < maze.rows and 0 <= nc < maze.cols) or maze.value((nr, nc)) == "#":
            continue
        new_mode = 1 - mode if rule == "alternate" else \
            (1 - mode if (nr, nc) in maze.circled else mode) if rule == "toggle" else 0
        out.append(((nr, nc), new_mode, (dr, dc) if "nouturn" in rule else None))
    return list(dict.fromkeys(out))


def rule_graph(maze, rule):
    """The graph built from :func:`rule_moves` alone: every cell for a rule without state, the
    states reachable from the start for a rule with state."""
    g = nx.DiGraph()
    stateful = rule in ("alternate", "toggle") or "nouturn" in rule
    todo = [(maze.start, 0, None)] if stateful else \
        [(c, 0, None) for c in maze.grid.cells() if maze.value(c) != "#"]
    g.add_nodes_from(todo)
    while todo:
        node = todo.pop()
        for nxt in rule_moves(maze, rule, node):
            if nxt not in g:
                todo.append(nxt)
            g.add_edge(node, nxt)
    return g


def as_cells(g):
    """A graph's edges as (cell, cell) pairs, whatever its states hold."""
    return {(u[0] if isinstance(u[0], tuple) else u, v[0] if isinstance(v[0], tuple) else v) for u, v in g.edges}


@pytest.mark.parametrize("rule", ["ortho", "diag8", "alternate", "toggle", "diag8+nouturn", "wrap"])
def test_the_jump_graph_follows_the_rules_as_described(rule):
    """jump_graph (built from successors) against the rules written out independently above."""
    rng = random.Random(rule)
    mazes = [CHAIN_REACTION] + [parse(random_text(rng, rng.randint(2, 6), rng.randint(2, 6),
                                                  circles=rule == "toggle")) for _ in range(15)]
    for maze in mazes:
        ours, theirs = jm.jump_graph(maze, rule), rule_graph(maze, rule)
        assert ours.number_of_nodes() == theirs.number_of_nodes(), maze.text()
        assert as_cells(ours) == as_cells(theirs), maze.text()
        best = jm.solve(maze, rule).jumps
        goals = [n for n in theirs if n[0] == maze.end]
        lengths = nx.single_source_shortest_path_length(theirs, (maze.start, 0, None))
        assert best == min((lengths[g] for g in goals if g in lengths), default=None), maze.text()


def random_text(rng, rows, cols, holes=True, circles=False):
    out = []
    for r in range(rows):
        row = []
        for c in range(cols):
            tok = "#" if holes and rng.random() < 0.1 and (r, c) not in ((0, 0), (rows - 1, cols - 1)) \
                else str(rng.randint(0, max(rows, cols)))
            if circles and tok != "#" and rng.random() < 0.3:
                tok += "c"
            row.append(tok)
        out.append(" ".join(row))
    return "\n".join(out)


@given(st.integers(0, 10**6), st.integers(1, 7), st.integers(1, 7),
       st.sampled_from(["ortho", "diag8", "rightdown", "wrap", "alternate", "toggle", "nouturn",
                        "diag8+nouturn", "alternate+wrap", "toggle+nouturn"]))
@settings(max_examples=200, deadline=None)
def test_bfs_agrees_with_networkx_on_the_jump_graph(seed, rows, cols, rule):
    maze = parse(random_text(random.Random(seed), rows, cols, circles=True), rule=rule)
    g = jm.jump_graph(maze, rule)
    start = jm.start_state(maze, rule)
    lengths = nx.single_source_shortest_path_length(g, start)
    goal_lengths = [d for n, d in lengths.items() if jm.cell_of(n) == maze.end]
    sol = solve(maze, rule)
    assert sol.jumps == (min(goal_lengths) if goal_lengths else None)
    if sol.route:
        goal_states = [n for n in g.nodes if jm.cell_of(n) == maze.end]
        count = sum(len(list(nx.all_shortest_paths(g, start, t))) for t in goal_states
                    if lengths.get(t) == sol.jumps)
        assert jm.count_shortest(maze, rule) == count
        assert len(jm.all_shortest(maze, rule)) == min(count, 100)


@given(st.integers(0, 10**6), st.integers(2, 5), st.integers(2, 5))
@settings(max_examples=60, deadline=None)
def test_tree_search_finds_a_route_as_short_as_bfs(seed, rows, cols):
    maze = parse(random_text(random.Random(seed), rows, cols))
    bfs = solve(maze)
    tree = solve(maze, method="tree", max_expansions=20_000)
    if not tree.result.capped:
        assert tree.jumps == bfs.jumps


def test_holes_are_jumped_over_never_landed_on_and_zero_is_a_dead_end():
    maze = parse("2 # 1\n0 0 0")
    assert jm.successors(maze)((0, 0)) == [(0, 2)]
    assert jm.successors(maze)((1, 0)) == []


def test_wildcard_repeats_the_previous_length():
    maze = parse("rule: wildcard\n2 0 * 0 0")
    assert solve(maze).route == [(0, 0), (0, 2), (0, 4)]
    assert jm.successors(parse("rule: wildcard\n* 1"))(((0, 0), 0, None, None)) == []


def test_nouturn_forbids_jumping_straight_back():
    maze = parse("1 1 0")
    succ = jm.successors(maze, "nouturn")
    (after,) = [s for s in succ(((0, 0), 0, None, None))]
    assert [jm.cell_of(s) for s in succ(after)] == [(0, 2)]
    assert [c for c in jm.successors(maze)((0, 1))] == [(0, 2), (0, 0)]


def test_toggle_switches_to_diagonal_on_a_circled_cell():
    maze = parse("1 1c 0\n0 0 0\n0 0 1", rule="toggle")
    s0 = jm.start_state(maze)
    (s1,) = [s for s in jm.successors(maze)(s0) if jm.cell_of(s) == (0, 1)]
    assert s1[1] == 1, "now diagonal"
    assert sorted(jm.cell_of(s) for s in jm.successors(maze)(s1)) == [(1, 0), (1, 2)]


def test_alternate_and_rightdown_and_wrap():
    maze = parse("1 1 1\n1 1 1\n1 1 0")
    alt = jm.successors(maze, "alternate")
    firsts = alt(jm.start_state(maze, "alternate"))
    assert [jm.cell_of(s) for s in firsts] == [(0, 1), (1, 0)]
    assert [jm.cell_of(s) for s in alt(firsts[0])] == [(1, 2), (1, 0)]
    assert jm.successors(maze, "rightdown")((1, 1)) == [(1, 2), (2, 1)]
    assert jm.successors(maze, "wrap")((0, 0)) == [(2, 0), (0, 1), (1, 0), (0, 2)]


def test_analysis_finds_black_and_white_holes():
    maze = parse("1 2 1\n0 1 0\n1 1 0")
    info = jm.analyse(maze)
    assert info == {"unreachable": [(0, 2)], "black_holes": [(1, 0), (1, 2)], "white_holes": [(0, 2)]}
    assert jm.distances_from_start(maze)[(2, 2)] == 3 and jm.distances_to_goal(maze)[(0, 0)] == 3


def test_distances_to_goal_agree_with_networkx_on_the_rules_written_out():
    rng = random.Random(4)
    for maze in [CHAIN_REACTION] + [parse(random_text(rng, 5, 5)) for _ in range(20)]:
        g = nx.DiGraph()
        g.add_nodes_from(c for c in maze.grid.cells() if maze.value(c) != "#")
        g.add_edges_from((c, nxt[0]) for c in g.nodes for nxt in rule_moves(maze, "ortho", (c, 0, None)))
        expected = nx.single_source_shortest_path_length(g.reverse(), maze.end)
        assert jm.distances_to_goal(maze) == expected, maze.text()


@pytest.mark.parametrize("text, rule, message", [
    ("1 2\n3", None, "line 2: row 2 has 1 cells"),
    ("1 -2\n1 0", None, "line 1, column 3: '-2' is not allowed here: jump lengths cannot be negative"),
    ("1 x\n1 0", None, "line 1, column 3"),
    ("start: 5 5\n1 1\n1 0", None, r"line 1: start: \(5, 5\) is off the 2 x 2 board"),
    ("goal: 0 1\n1 #\n1 0", None, r"goal: \(0, 1\) is a hole"),
    ("1 1\n1 0", "zigzag", "unknown rule 'zigzag'"),
    ("rule: diag8+toggle\n1 1\n1 0", None, "line 1: rule: .*choose at most one"),
    ("1 *\n1 0", None, r"cell \(0, 1\): a '\*' cell needs the wildcard rule"),
    ("", None, "empty"),
])
def test_bad_input_names_the_place_and_the_rule(text, rule, message):
    with pytest.raises(ValueError, match=message):
        parse(text, rule=rule)


def test_text_round_trips():
    maze = parse("rule: toggle\nstart: 0 1\n2 1c #\n1 0 3")
    assert parse(maze.text()) == maze


def test_generator_is_reproducible_and_reaches_its_goals():
    a, b = jm.generate(3, 5, 5), jm.generate(3, 5, 5)
    assert a.maze == b.maze and a.score == b.score
    assert a.shortest_routes == jm.count_shortest(a.maze) == 1
    assert a.black_holes == len(jm.black_holes(a.maze)) == 0
    assert a.jumps == solve(a.maze).jumps >= 8


@pytest.mark.parametrize("rule", ["diag8", "alternate", "rightdown+wrap"])
def test_generator_works_for_other_rules(rule):
    g = jm.generate(1, 4, 4, rule=rule, steps=150)
    assert g.maze.rule == jm.check_rule(rule) and g.jumps == solve(g.maze).jumps


def test_generator_bad_input():
    with pytest.raises(ValueError, match="maze id -1: must be a whole number >= 0"):
        jm.generate(-1)
    with pytest.raises(ValueError, match="rows must be at least 1"):
        jm.generate(1, 0, 5)


@given(st.integers(0, 10**6), st.integers(1, 12), st.integers(1, 12),
       st.sampled_from(["ortho", "diag8", "rightdown", "wrap", "diag8+wrap"]))
@settings(max_examples=150, deadline=None)
def test_the_layer_at_a_time_search_finds_the_same_route_as_the_node_at_a_time_one(seed, rows, cols, rule):
    maze = parse(random_text(random.Random(seed), rows, cols), rule=rule)
    dense, plain = solve(maze, dense=True), solve(maze, dense=False)
    assert (dense.route, dense.jumps, dense.expanded) == (plain.route, plain.jumps, plain.expanded)
    as_cells = {maze.cell_at(i): d for i, d in dense.result.dist.items()}
    assert as_cells == dict(plain.result.dist)


def test_big_mazes_use_the_layer_at_a_time_search_and_state_rules_refuse_it():
    big = jm.random_maze(random.Random(1), 250, 250)
    assert isinstance(solve(big).result.sources[0], int)
    with pytest.raises(ValueError, match="only for BFS with a cell rule"):
        solve(CHAIN_REACTION, "alternate", dense=True)
