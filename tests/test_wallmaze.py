"""Wall mazes: parsing, the runner (against an independent networkx oracle), levels, optimizers."""

import itertools
import random

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathmaze_lib import optimize
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import UNLIMITED, parse, run, score


def oracle(maze, walls):
    """Moves by networkx: multi-source distance to A, then A to B, ..., then to the nearest finish."""
    g = nx.grid_2d_graph(maze.rows, maze.cols)
    g.remove_nodes_from(set(maze.rocks) | set(walls))
    total, sources = 0, set(maze.starts)
    for targets in [set(c) for c in maze.checkpoints] + [set(maze.ends)]:
        dist = nx.multi_source_dijkstra_path_length(g, sources)
        reached = [(dist[t], t) for t in targets if t in dist]
        if not reached:
            return None
        d, t = min(reached)
        total, sources = total + d, {t}
    return total


def random_board(rng, rows, cols, checkpoints=0):
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    chars = {cells[0]: "s", cells[1]: "f"}
    for i in range(checkpoints):
        chars[cells[2 + i]] = "ABC"[i]
    for cell in cells[2 + checkpoints:]:
        if rng.random() < 0.2:
            chars[cell] = "#"
        elif rng.random() < 0.1:
            chars[cell] = rng.choice("sf")
    return "\n".join("".join(chars.get((r, c), ".") for c in range(cols)) for r in range(rows))


@given(st.integers(0, 10**6), st.integers(1, 6), st.integers(2, 7), st.integers(0, 2))
@settings(max_examples=200, deadline=None)
def test_the_runner_agrees_with_networkx(seed, rows, cols, cps):
    rng = random.Random(seed)
    maze = parse(random_board(rng, rows, cols, min(cps, rows * cols - 2)))
    walls = [c for c in maze.open_cells() if rng.random() < 0.25]
    result = run(maze, walls)
    assert result.moves == oracle(maze, walls)
    if result.moves is not None:
        path = result.path
        assert len(path) - 1 == result.moves and path[0] in maze.starts and path[-1] in maze.ends
        assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
        assert not set(path) & (set(walls) | maze.rocks)


def with_copies(text, rng):
    """Give checkpoint A a second copy (on a random open cell), if it has one and there is room."""
    rows = [list(line) for line in text.split("\n")]
    spots = [(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "."]
    if "A" in text and spots:
        r, c = rng.choice(spots)
        rows[r][c] = "A"
    return "\n".join("".join(row) for row in rows)


@given(st.integers(0, 10**6), st.integers(1, 6), st.integers(2, 7), st.integers(0, 2), st.booleans())
@settings(max_examples=300, deadline=None)
def test_the_bit_runner_gives_the_runners_moves_and_a_real_shortest_route(seed, rows, cols, cps, copies):
    rng = random.Random(seed)
    text = random_board(rng, rows, cols, min(cps, rows * cols - 2))
    maze = parse(with_copies(text, rng) if copies else text)
    walls = [c for c in maze.open_cells() if rng.random() < 0.25]
    bits = wallmaze.BitRunner(maze)
    mask = bits.mask(walls)
    moves = score(maze, walls)
    assert bits.score(mask) == moves
    found = bits.route(mask, avoid=bits.mask(c for c in maze.open_cells() if rng.random() < 0.5))
    if moves is None:
        assert found is None
        return
    assert found[0] == moves and len(found[1]) == moves + 1
    path = [bits.cells(x)[0] for x in found[1]]
    assert path[0] in maze.starts and path[-1] in maze.ends
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
    assert not set(path) & (set(walls) | maze.rocks)
    stops = iter(set(cells) for cells in maze.checkpoints)      # checkpoints met in order
    want = next(stops, None)
    for cell in path:
        if want is not None and cell in want:
            want = next(stops, None)
    assert want is None


def test_the_bit_runner_prefers_a_route_around_cells_to_avoid():
    bits = wallmaze.BitRunner(parse("s..\n..f"))
    plain = [bits.cells(x)[0] for x in bits.route(0)[1]]
    around = [bits.cells(x)[0] for x in bits.route(0, avoid=bits.mask([(0, 1), (0, 2)]))[1]]
    assert plain == [(0, 0), (0, 1), (0, 2), (1, 2)]
    assert around == [(0, 0), (1, 0), (1, 1), (1, 2)]


def test_ties_go_up_right_down_left_and_starts_in_row_order():
    # Two starts equally far from the finish: the first in row order runs.
    assert run(parse("s.f\n...\ns..")).path == [(0, 0), (0, 1), (0, 2)]
    # From (1, 0) two equally short routes to (0, 2)... the first move goes Up before Right.
    assert run(parse("..f\ns..")).path == [(1, 0), (0, 0), (0, 1), (0, 2)]


def test_the_runner_walks_through_starts_and_finishes_and_visits_checkpoints_in_order():
    maze = parse("sBf.A")
    r = run(maze)
    assert r.path == [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (0, 3), (0, 2), (0, 1), (0, 2)]
    assert r.moves == 8 and len(r.legs) == 3


def test_blocked_boards_have_no_score():
    maze = parse("walls: 2\ns.f\n.#.")
    assert score(maze, [(0, 1), (1, 0)]) is None and run(maze, [(0, 1), (1, 0)]).blocked


@pytest.mark.parametrize("text, message", [
    ("s..", "no finish cell 'f'"),
    ("..f", "no start cell 's'"),
    ("s.x.f", r"line 1, column 3: .*use '\.' open, '#' rock"),
    ("s..f\ns.f", "line 2"),
    ("walls: many\ns.f", "walls"),
    ("sB.f", "checkpoint B needs checkpoint A"),
    ("", "empty"),
])
def test_bad_boards_name_the_place(text, message):
    with pytest.raises(ValueError, match=message):
        parse(text)


@pytest.mark.parametrize("walls, message", [
    ([(0, 1)], r"wall 1 at cell \(0, 1\): a wall cannot go on a rock"),
    ([(0, 0)], "a wall cannot go on a start"),
    ([(5, 5)], "off the 2 x 4 board"),
    ([(1, 1), (1, 1)], "already has a wall"),
    ([(1, 1), (1, 2), (0, 2)], "3 walls: over the budget of 2 walls"),
    (["x"], "is not a cell"),
])
def test_bad_walls_name_the_wall_and_the_rule(walls, message):
    maze = parse("walls: 2\ns#.f\n....")
    with pytest.raises(ValueError, match=message):
        run(maze, walls)


def test_text_round_trips_and_unlimited_budget():
    maze = parse("; a comment\nwalls: 4\ns.#A\n.B.f")
    assert parse(maze.text()) == maze
    assert parse("s.f").budget == UNLIMITED


@pytest.mark.parametrize("preset", sorted(wallmaze.PRESETS))
def test_levels_are_reproducible_and_always_have_a_route(preset):
    for level_id in range(3):
        maze = wallmaze.level(preset, level_id)
        assert maze == wallmaze.level(preset, level_id)
        assert score(maze) is not None
    rows, cols = wallmaze.PRESETS[preset][:2]
    assert maze.starts == tuple((r, 0) for r in range(rows))
    assert maze.ends == tuple((r, cols - 1) for r in range(rows))


def test_the_mazer_preset_is_15_wide_and_10_high():
    maze = wallmaze.level("mazer", 1)
    assert (maze.cols, maze.rows, maze.budget) == (15, 10, 10)


# ---------------------------------------------------------------- optimizers

def brute_force(maze):
    best = None
    for k in range(maze.budget + 1):
        for walls in itertools.combinations(maze.open_cells(), k):
            s = oracle(maze, walls)
            if s is not None and (best is None or s > best):
                best = s
    return best


TINY = ["walls: 2\ns...\n....\n...f", "walls: 3\ns.#.\n....\n.#.f", "walls: 2\ns..A\n.#..\n...f",
        "walls: 3\ns....\n.#...\n....f"]


@pytest.mark.parametrize("text", TINY)
def test_exact_proves_the_brute_force_optimum(text):
    maze = parse(text)
    result = optimize.exact(maze, seconds=None)
    assert result.optimal and result.moves == brute_force(maze)
    assert score(maze, result.walls) == result.moves



@pytest.mark.parametrize("seed", range(12))
def test_exact_proves_the_brute_force_optimum_on_random_boards(seed):
    rng = random.Random(seed)
    maze = parse(f"walls: {rng.randint(1, 3)}\n" + random_board(rng, 4, rng.randint(3, 5), seed % 3))
    while score(maze) is None:
        maze = parse(f"walls: {maze.budget}\n" + random_board(rng, 4, maze.cols, seed % 3))
    result = optimize.exact(maze, seconds=None)
    assert result.optimal and result.moves == brute_force(maze)
    assert score(maze, result.walls) == result.moves


def test_a_last_wall_never_adds_more_than_its_detour():
    rng = random.Random(7)
    checked = {0: 0, 2: 0}
    for _ in range(300):
        maze = parse(random_board(rng, rng.randint(2, 6), rng.randint(2, 7), rng.randint(0, 1)))
        bits = wallmaze.BitRunner(maze)
        mask = bits.mask(c for c in maze.open_cells() if rng.random() < 0.2)
        found = bits.route(mask)
        if found is None:
            continue
        moves, route = found
        for i, c in enumerate(route):
            extra = optimize.detour_moves(bits, mask, route, i)
            if c & bits.wallable and extra != float("inf"):
                assert bits.score(mask | c) <= moves + extra
                checked[extra] += 1
    assert checked[0] > 20 and checked[2] > 20      # both rules were really put to the test

@pytest.mark.parametrize("text", TINY)
@pytest.mark.parametrize("method", ["greedy", "local", "anneal"])
def test_heuristics_stay_legal_and_never_beat_the_optimum(text, method):
    maze = parse(text)
    kwargs = {} if method == "greedy" else dict(seed=3, seconds=None, max_iters=300)
    result = optimize.OPTIMIZERS[method](maze, **kwargs)
    assert len(result.walls) <= maze.budget and not result.optimal
    assert score(maze, result.walls) == result.moves <= brute_force(maze)


def test_seeded_runs_are_reproducible():
    maze = wallmaze.level("simple", 2)
    a = optimize.anneal(maze, seed=5, seconds=None, max_iters=400)
    b = optimize.anneal(maze, seed=5, seconds=None, max_iters=400)
    assert (a.walls, a.moves) == (b.walls, b.moves)


def test_only_a_wall_on_the_path_can_lengthen_it():
    maze = wallmaze.level("simple", 3)
    path = set(run(maze).path)
    base = score(maze)
    for cell in maze.open_cells():
        if cell not in path:
            assert score(maze, [cell]) == base


def test_greedy_gets_stuck_where_two_routes_tie():
    maze = parse("walls: 3\ns....\n.....\n....f")
    assert optimize.greedy(maze).moves == 6 < optimize.exact(maze).moves


def test_progress_is_reported_and_ends_at_one():
    seen = []
    optimize.anneal(wallmaze.level("simple", 1), seed=1, seconds=None, max_iters=2000,
                    progress=lambda f, best: seen.append((f, best)))
    assert seen and seen[-1][0] == 1.0 and all(0 <= f <= 1 for f, _ in seen)


def test_stored_goals_are_real_scores_of_their_levels():
    goals = wallmaze.stored_goals()
    assert {key.split(":")[0] for key in goals} == set(wallmaze.PRESETS)
    for key, entry in goals.items():
        preset, level_id = key.split(":")
        maze = wallmaze.level(preset, int(level_id))
        walls = [tuple(w) for w in entry["walls"]]
        assert len(walls) <= maze.budget and score(maze, walls) == entry["moves"] > score(maze)


@pytest.mark.parametrize("method", ["greedy", "local", "anneal", "exact"])
def test_a_board_with_no_walls_to_place_keeps_its_score(method):
    maze = parse("walls: 0\ns..\n..f")
    kwargs = {} if method in ("greedy", "exact") else dict(seed=1, seconds=None, max_iters=20)
    result = optimize.OPTIMIZERS[method](maze, **kwargs)
    assert (result.moves, result.walls) == (3, [])


def test_lesson_3s_saved_notebooks_still_import_wallmaze_from_the_package_root():
    """Saved copies of lesson 3 (and class copies already handed out) say ``from mathmaze_lib import
    wallmaze``: the one alias line in mathmaze_lib gives them the package."""
    import mathmaze_lib
    from mathmaze_lib import wallmaze as saved
    assert saved is wallmaze is mathmaze_lib.puzzles.wallmaze and saved.score(saved.parse("s.f")) == 2


def test_a_run_stopped_halfway_leaves_the_next_runs_right(monkeypatch):
    """run() keeps a Runner per board; one stopped while it set its walls (the guard's time limit, a
    Ctrl-C) is not kept, so the next score is still the runner's."""
    from mathmaze_lib.puzzles.wallmaze import runner as runner_module

    maze = wallmaze.level("normal", 3)
    on_route = [c for c in run(maze).path if c in set(maze.open_cells())]
    first = on_route[3:4]                   # a wall on the route: the walk changes
    second = on_route[10:13]
    expected = wallmaze.Runner(maze).score({maze.grid.index(c) for c in first})
    assert score(maze) != expected == wallmaze.score(maze, first)     # the kept Runner has first's wall now
    set_wall, calls = runner_module.Runner._set, []

    def stopped(self, i, on):
        calls.append(i)
        if len(calls) == 2:                 # the wall on first is off, those of second not yet on
            raise KeyboardInterrupt
        set_wall(self, i, on)

    monkeypatch.setattr(runner_module.Runner, "_set", stopped)
    with pytest.raises(KeyboardInterrupt):
        wallmaze.score(maze, second)
    monkeypatch.setattr(runner_module.Runner, "_set", set_wall)
    assert wallmaze.score(maze, first) == expected
