"""The compiled generator of big jumping mazes (mathmaze_lib.puzzles.jumpmaze.fast) against the library's own
searches: its measure of the design terms, its incremental clusters, the maze it builds along its
breadth-first search, its aimed moves, jumpmaze.generate on 50 x 50 boards, and the small boards' compiled
steps against the plain Python annealing."""

import hashlib
import random

import numpy as np
import pytest

from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib.puzzles.jumpmaze import fast as fastjump, fast_measure, objective, rules as jump_rules
from mathmaze_lib.grid import Grid

pytestmark = pytest.mark.skipif(not fastjump.AVAILABLE, reason="numba is not installed")

CELL_RULES = ["ortho", "diag8", "rightdown", "wrap", "diag8+wrap", "rightdown+wrap"]


def maxk(rows, cols, rule):
    names, grid = jump_rules._names(rule), Grid(rows, cols)
    return [objective._max_jump(rows, cols, grid.cell(i), names) for i in range(grid.size)]


def new_run(rows, cols, rule, weights=None, seed=1):
    return fastjump._Run(rows, cols, jump_rules._names(rule), maxk(rows, cols, rule), weights or {}, seed)


def maze_of(run, rule):
    n = len(run.vals)
    return objective._StateScorer(run.rows, run.cols, jm.check_rule(rule), 0, n - 1).maze([int(v) for v in run.vals], set())


def random_vals(rng, rows, cols, rule):
    top = maxk(rows, cols, rule)
    return [rng.randint(1, k) for k in top[:-1]] + [0]


def terms_of(run):
    """The compiled measure of ``run.vals`` as design terms: (jumps, routes, forced, black, white, reached)
    and the clusters."""
    run.start()
    return tuple(int(x) for x in run.kept), int(run.s[fastjump._CLUSTERS])


def library_terms(maze, whole):
    t = jm.design_terms(maze)
    if t.jumps is None:
        return (-1, 0, 0, 0, 0, t.reached), t.clusters
    return (t.jumps, t.shortest_routes, t.forced, t.black_holes, t.white_holes if whole else 0, t.reached), t.clusters


@pytest.mark.parametrize("rule", CELL_RULES)
def test_the_compiled_measure_agrees_with_design_terms(rule):
    rng = random.Random(rule)
    routes = holes = 0
    for _ in range(120):
        rows, cols = rng.randint(2, 8), rng.randint(2, 8)
        whole = rng.random() < 0.5
        run = new_run(rows, cols, rule, {"white_holes": 1.0} if whole else {})
        run.vals[:] = random_vals(rng, rows, cols, rule)
        maze = maze_of(run, rule)
        assert terms_of(run) == library_terms(maze, whole), maze.text()
        routes += run.kept[0] >= 0
        holes += run.kept[0] >= 0 and run.kept[3] > 0
    # (under rightdown every jump leads on towards the last row or column, and from there to the goal)
    assert routes > 30 and (holes > 2 or rule == "rightdown"), "the sample has routes and black holes"


@pytest.mark.parametrize("rule", ["ortho", "diag8+wrap", "rightdown"])
def test_after_annealing_steps_the_kept_terms_and_clusters_are_the_mazes(rule):
    """The annealing keeps the terms of the kept maze, and its clusters change by recounting only the
    groups around each changed cell: both must equal a fresh measure after thousands of steps."""
    rng = random.Random(3)
    for rows, cols in ((6, 7), (9, 9), (21, 20)):
        run = new_run(rows, cols, rule, seed=rows)
        run.vals[:] = random_vals(rng, rows, cols, rule)
        run.start()
        run.f[fastjump._HEAT], run.f[fastjump._COOL] = 2.0, 1.0
        for _ in range(5):
            run.anneal(400)
            kept, clusters = tuple(int(x) for x in run.kept), int(run.s[fastjump._CLUSTERS])
            assert (kept, clusters) == library_terms(maze_of(run, rule), False)
            assert (kept, clusters) == terms_of(run)


def test_steps_run_in_pieces_are_one_run():
    """generate() runs the annealing in pieces between which it checks the clock and reports progress:
    the pieces must not change the maze."""
    runs = []
    for pieces in ([1200], [1, 599, 600], [300] * 4):
        run = new_run(22, 23, "diag8", seed=9)
        run.construct()
        run.start()
        run.f[fastjump._HEAT], run.f[fastjump._COOL] = 2.0, 0.999
        for steps in pieces:
            run.anneal(steps)
        runs.append((run.vals.tolist(), run.best_vals.tolist(), run.kept.tolist(), run.f.tolist(), run.rng.tolist()))
    assert runs[0] == runs[1] == runs[2]


@pytest.mark.parametrize("rule", CELL_RULES)
@pytest.mark.parametrize("rows, cols", [(21, 21), (30, 17), (5, 100)])
def test_the_built_maze_has_one_shortest_route_the_one_it_built(rule, rows, cols):
    run = new_run(rows, cols, rule, seed=rows * cols)
    at, misses = run.construct()
    maze = maze_of(run, rule)
    order = sorted((p, v) for v, p in enumerate(at) if p >= 0)
    route = [maze.cell_at(v) for _, v in order]
    assert [p for p, _ in order] == list(range(len(order))) and route[0] == maze.start and route[-1] == maze.end
    t = jm.design_terms(maze)
    assert jm.check(maze, route).ok
    if "rightdown" in rule and misses:
        # a side cell by the goal's side may have only numbers that land ahead on the route (a shortcut or
        # a second shortest route, which the annealing then mends): the route built is still a route
        assert t.jumps <= len(route) - 1
        return
    assert misses == 0
    assert t.shortest_routes == 1 and t.jumps == len(route) - 1, maze.text()
    assert jm.solve(maze).route == route


def test_the_built_mazes_are_long_and_have_no_black_holes():
    for pid in range(1, 6):
        run = new_run(50, 50, "ortho", seed=pid)
        assert run.construct()[1] == 0
        t = jm.design_terms(maze_of(run, "ortho"))
        assert t.good and t.jumps > 1000 and t.forced == 0, t


def test_the_aimed_moves_mend_black_holes_and_ties():
    """From random numbers on a 12 x 12 board (black holes and several shortest routes), the annealing
    with its aimed moves reaches a maze with one shortest route and no black holes."""
    rng = random.Random(12)
    for seed in range(3):
        run = new_run(12, 12, "ortho", seed=seed)
        while True:
            run.vals[:] = random_vals(rng, 12, 12, "ortho")
            run.start()
            if run.kept[0] > 0 and run.kept[1] > 1 and run.kept[3] > 0:
                break
        run.best_vals[:] = run.vals
        run.f[fastjump._HEAT], run.f[fastjump._COOL] = 0.5, 1.0
        run.anneal(3000)
        best = objective._StateScorer(12, 12, "ortho", 0, 143).maze([int(v) for v in run.best_vals], set())
        assert jm.design_terms(best).good


def test_the_random_numbers_are_splitmix64():
    from mathmaze_lib import compiled_random

    rng = np.array([0], np.uint64)
    # the first outputs of splitmix64 seeded with 0 (Vigna's reference implementation)
    assert [int(compiled_random.next_u64(rng)) for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4,
                                                                     0x06C45D188009454F]
    assert fast_measure._random is compiled_random.uniform and fast_measure._below is compiled_random.below


# ---------------------------------------------------------------- through jumpmaze.generate

def test_a_50_by_50_maze_has_one_shortest_route_and_no_black_holes_and_is_the_same_every_run():
    a = jm.generate(1, 50, 50)
    assert a.steps == a.budget == jm.default_steps(50, 50) and not a.stopped
    assert a.terms == jm.design_terms(a.maze) and a.terms.good and a.jumps > 1000
    assert jm.count_shortest(a.maze) == 1 and jm.black_holes(a.maze) == []
    assert jm.generate(1, 50, 50).maze == a.maze
    # the same id gives the same maze on every machine: its own random numbers, no float sums in numba
    # that could differ; pinned here
    assert (a.jumps, hashlib.sha256(a.maze.text().encode()).hexdigest()[:16]) == (1166, "2bd05f73fd555401")


@pytest.mark.parametrize("rule", ["diag8", "wrap", "rightdown"])
def test_other_cell_rules_on_big_boards(rule):
    g = jm.generate(2, 30, 24, rule)
    assert g.terms.good and g.terms == jm.design_terms(g.maze) and g.maze.rule == jm.check_rule(rule)


@pytest.mark.parametrize("fewest, most", [(4, 7), (8, 12), (30, 40), (13, None)])
def test_a_band_of_jumps_on_a_big_board(fewest, most):
    """Worksheets ask for easy mazes by a band of jumps (jumps=(fewest, most)): the built route ends by
    ``most``, and the maze is good only inside the band."""
    for pid in (1, 2):
        g = jm.generate(pid, 30, 30, jumps=(fewest, most))
        assert g.terms.good and fewest <= g.jumps <= (most or 10**6), (pid, g.jumps)
    assert jm.generate(2, 30, 30, jumps=(fewest, most)).maze == g.maze


def test_rules_with_state_keep_the_python_annealing_and_small_boards_replay_it(monkeypatch):
    called = []
    real = fastjump.generate
    monkeypatch.setattr(fastjump, "generate", lambda *a, **k: called.append(k.get("first") or a[-1]) or real(*a, **k))
    jm.generate(1, 21, 21, "nouturn", steps=1)
    jm.generate(1, 5, 5, "alternate", steps=10)
    assert called == []
    jm.generate(1, 20, 20, steps=10)
    (vals, rng), = called
    assert len(vals) == 400 and isinstance(rng, random.Random)


def plain(monkeypatch, *args, **options):
    """jumpmaze.generate in plain Python (the reference: _Annealing.run, no compiled steps)."""
    from mathmaze_lib.puzzles.jumpmaze import generating

    with monkeypatch.context() as m:
        m.setattr(generating, "_replays", lambda names: False)
        return jm.generate(*args, **options)


SIZES = [(2, 2), (1, 5), (5, 1), (3, 3), (4, 4), (4, 5), (5, 5), (3, 7), (6, 6), (8, 8), (12, 9), (20, 20)]
OPTIONS = [{}, {"jumps": (4, 6)}, {"jumps": (None, 5)}, {"jumps": (8, None)}, {"objective": {"white_holes": 1}},
           {"objective": {"clusters": 0, "forced": 0}}, {"temperature": (0, 0)}, {"restarts": 1},
           {"restarts": 7}, {"objective": {"unique": 0, "black_holes": 0}}, {"temperature": (5.0, 0.01)}]


def test_compiled_steps_make_the_plain_pythons_mazes(monkeypatch):
    """Under a rule on cells the small boards' steps run compiled from Python's own random numbers: every
    size, rule and option gives the plain Python's maze, score, terms and steps (each rule with each
    option somewhere; a short budget, so the plain Python keeps this test short)."""
    k = 0
    for rows, cols in SIZES:
        for rule in CELL_RULES + ["ortho+wrap"]:
            options = OPTIONS[k % len(OPTIONS)]
            k += 1
            a = jm.generate(k, rows, cols, rule, 800, **options)
            b = plain(monkeypatch, k, rows, cols, rule, 800, **options)
            assert (a.maze, a.score, a.terms, a.steps, a.stopped) == (b.maze, b.score, b.terms, b.steps, b.stopped), \
                (k, rows, cols, rule, options)


def test_a_lessons_5_by_5_maze_is_the_plain_pythons_with_its_progress(monkeypatch):
    """The lessons' default: 40,000 steps in 4 rounds (the sweep above runs 800)."""
    seen = {"compiled": [], "plain": []}
    a = jm.generate(2, 5, 5, progress=lambda *p: seen["compiled"].append(p))
    b = plain(monkeypatch, 2, 5, 5, progress=lambda *p: seen["plain"].append(p))
    assert a.maze == b.maze and a.steps == b.steps == 40_000 and a.terms == b.terms
    assert seen["compiled"] == seen["plain"] and len(seen["plain"]) == 101


def test_the_small_boards_random_numbers_are_pythons():
    """fast_measure's Mersenne Twister continues a random.Random: randrange, random and choice alike."""
    py = random.Random("jumpmaze:1:5x5:ortho")
    for _ in range(700):        # past the first twist of the 624 words
        py.random()
    mt = np.array(py.getstate()[1], np.int64)
    for j in range(3000):
        m = j % 40 + 1
        assert fast_measure._mt_below(mt, m) == py.randrange(m)
        assert fast_measure._mt_random(mt) == py.random()
        assert fast_measure._mt_below(mt, 24) == py.choice(range(24))
    assert tuple(int(v) for v in mt) == py.getstate()[1]
