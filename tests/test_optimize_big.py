"""The big-board search (mathmaze_lib.optimize.big): its scores are the runner's, its shortcuts exact.

Every step of the annealing judges most legs without searching them (the rules in the module's
text); here, after every few steps on random boards, the moves it keeps are compared with a full
evaluation and with the lesson's runner, and the exact region refill with brute force.
"""

import itertools
import random

import numpy as np
import pytest

from benchmarks.pathery_maps import examples
from mathmaze_lib import optimize
from mathmaze_lib.optimize import big as bigwalls
from mathmaze_lib.optimize.big import ils
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import mapcode, parse
from mathmaze_lib.search.arrays import bfs_field

pytestmark = pytest.mark.skipif(not bigwalls.AVAILABLE, reason="numba is not installed")


def random_board(rng, rows, cols, budget=None):
    """A board with 1-3 starts, 1-3 finishes, 0-3 one-cell checkpoints, rocks and unbuildable cells."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    ns, nf, ncp = rng.randint(1, 3), rng.randint(1, 3), rng.randint(0, 3)
    grid = [["."] * cols for _ in range(rows)]
    marks = ["s"] * ns + ["f"] * nf + list("ABC"[:ncp])
    marks += ["#"] * rng.randint(0, len(cells) // 4) + ["p"] * rng.randint(0, 2)
    for (r, c), ch in zip(cells, marks):
        grid[r][c] = ch
    budget = rng.randint(0, 12) if budget is None else budget
    return parse(f"walls: {budget}\n" + "\n".join("".join(row) for row in grid))


def boards(n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        yield rng, random_board(rng, rng.randint(2, 8), rng.randint(3, 10))


def test_it_applies_to_boards_scored_leg_by_leg_only():
    assert bigwalls.applies(parse("s.A.B.f")) and bigwalls.applies(mapcode.read(examples()["Huge1"].code).maze)
    assert not bigwalls.applies(parse("sA.A.f")), "two copies of a checkpoint: the runner's tie-break decides"
    assert not bigwalls.applies(parse("st..uf")), "teleports"
    with pytest.raises(ValueError, match="without teleports whose checkpoints have one cell each"):
        bigwalls.board(parse("st..uf"))


def test_the_compiled_score_is_the_runners_on_random_boards_and_the_public_maps():
    checked = 0
    for rng, maze in boards(400, seed=1):
        b = bigwalls.board(maze)
        eng = bigwalls._Engine(b)
        walls = [c for c in maze.open_cells() if rng.random() < 0.2]
        blocked = b.rocks.copy()
        blocked[[maze.grid.index(c) for c in walls]] = 1
        expected = wallmaze.Runner(maze).score({maze.grid.index(c) for c in walls})
        assert eng.score(blocked) == (-1 if expected is None else expected), maze.text()
        checked += expected is not None
    assert checked > 200
    for name in ("Small1", "Large3", "Enormous"):
        example = examples()[name]
        code = mapcode.read(example.code)
        b = bigwalls.board(code.maze)
        blocked = b.rocks.copy()
        blocked[[code.maze.grid.index(c) for c in code.walls]] = 1
        assert bigwalls._Engine(b).score(blocked) == example.walls_score


def check_routes(eng, k, fa, fb, d):
    """Leg ``k``'s cells kept as on its shortest routes are shortest routes, whole (each has one of them
    a step nearer its start and one a step nearer its end), with their exact distances, counted right;
    its bounds are bounds within its length."""
    b, on = eng.b, eng.onr[k] == 1
    assert (fa + fb == d)[on].all() and on.any()
    assert sorted(eng.lst[k, :eng.nlst[k]]) == list(np.flatnonzero(on))
    assert (eng.FA[k][on] == fa[on]).all() and (eng.FB[k][on] == fb[on]).all()
    for v in np.flatnonzero(on):
        near = [u for u in b.nbrs[v] if u >= 0 and on[u]]
        assert fa[v] == 0 or any(fa[u] == fa[v] - 1 for u in near)
        assert fb[v] == 0 or any(fb[u] == fb[v] - 1 for u in near)
    assert list(eng.cnt[k, :d + 1]) == [(on & (fa == i)).sum() for i in range(d + 1)]
    assert sorted(eng.cut[k, :eng.ncut[k]]) == [v for v in np.flatnonzero(on) if b.wallable[v] and eng.cnt[k, fa[v]] == 1]
    assert (eng.FA[k][fa <= d] <= fa[fa <= d]).all() and (eng.FB[k][fb <= d] <= fb[fb <= d]).all()


def check_engine(eng, maze):
    """The engine's moves, walls and best are what a full evaluation and the runner say."""
    b = eng.b
    assert eng.state[1] == eng.score(eng.blocked)
    walls = np.flatnonzero(eng.blocked > b.rocks)
    assert sorted(walls) == sorted(eng.walls[:eng.state[0]])
    for k in range(b.legs):                 # each leg's routes exact, its bounds bounds within its length
        fa, fb = (np.zeros(b.size, np.int32) for _ in range(2))
        bfs_field(b.nbrs, eng.blocked, b.srcs, b.sptr[k], b.sptr[k + 1], fa, eng.queue)
        bfs_field(b.nbrs, eng.blocked, b.tgts, b.tptr[k], b.tptr[k + 1], fb, eng.queue)
        d = min(fa[b.tgts[b.tptr[k]:b.tptr[k + 1]]])
        assert eng.D[k] == d
        check_routes(eng, k, fa, fb, d)
    best = [maze.grid.cell(int(v)) for v in eng.best_walls()]
    if eng.state[3] >= 0 and len(best) <= maze.budget:
        assert wallmaze.score(maze, best) == eng.state[3] == eng.score(eng.best)


@pytest.mark.parametrize("step", ["repair", "blind"])
def test_every_kind_of_step_keeps_the_legs_lengths_exact(step):
    kept = 0
    for rng, maze in boards(150, seed={"repair": 2, "blind": 3}[step]):
        b = bigwalls.board(maze)
        eng = bigwalls._Engine(b)
        eng.seed(random.Random(rng.randrange(1000)))
        if eng.start([]) < 0:
            continue
        for _ in range(25):
            temp, p_off = rng.choice([0.3, 2.0, 8.0]), rng.choice([0.0, 0.3, 1.0])
            eng.steps(rng.randint(1, 5), temp, rng.choice([0.0, 0.5, 1.0]), p_off, rng.randint(1, 3),
                      rng.randint(1, 3), 1.0 if step == "blind" else 0.0)
            check_engine(eng, maze)
        kept += eng.state[0]
    assert kept > 300


def test_the_region_refill_finds_what_brute_force_finds():
    for rng, maze in boards(120, seed=6):
        b = bigwalls.board(maze)
        eng = bigwalls._Engine(b)
        open_cells = [maze.grid.index(c) for c in maze.open_cells()]
        if len(open_cells) < 3 or eng.start([]) < 0:
            continue
        fixed = [v for v in open_cells if rng.random() < 0.1]
        region = [v for v in open_cells if v not in fixed][:8]
        k = rng.randint(1, 3)
        eng.start(fixed)
        best, n = eng.refill(np.array(region, np.int32), k, eng.state[1])
        brute = eng.state[1]
        for size in range(1, k + 1):
            for extra in itertools.combinations(region, size):
                blocked = eng.blocked.copy()
                blocked[list(extra)] = 1
                brute = max(brute, eng.score(blocked))
        assert best == brute, maze.text()
        if n > 0:
            blocked = eng.blocked.copy()
            blocked[eng.refill_out[:n]] = 1
            assert eng.score(blocked) == best


def test_a_search_is_the_same_everywhere_with_an_iteration_limit_and_checked_by_the_runner():
    maze = mapcode.read(examples()["Medium3"].code).maze
    first = bigwalls.search(maze, seed=3, seconds=None, max_iters=4000)
    again = bigwalls.search(maze, seed=3, seconds=None, max_iters=4000)
    assert (first.walls, first.moves) == (again.walls, again.moves) and first.stopped == "iterations"
    assert first.moves == wallmaze.score(maze, first.walls) and len(first.walls) <= maze.budget
    assert first.method == "annealing, leg by leg" and first.compiled and first.evaluations > 4000
    assert first.history[-1][1] == first.moves and first.moves >= 120


def test_a_search_starts_from_the_walls_given_and_never_does_worse():
    code = mapcode.read(examples()["Large2"].code)
    r = bigwalls.search(code.maze, code.walls, seed=1, seconds=None, max_iters=200)
    assert r.moves >= 222 == wallmaze.score(code.maze, code.walls)


def test_a_timed_compiled_search_chooses_it_where_it_applies_and_counted_runs_keep_annealing():
    maze = mapcode.read(examples()["Small1"].code).maze
    assert optimize.default_method(maze, timed_compiled=True) == "big"
    assert optimize.default_method(maze) == "anneal", "a worksheet's counted run keeps its key"
    assert optimize.choose_method(maze, "command", seconds=1.0) == "big"
    assert optimize.choose_method(maze, "command", seconds=1.0, compiled=False) == "anneal"
    assert optimize.choose_method(maze, "command", max_iters=300) == "anneal"
    assert optimize.choose_method(maze, "worksheet") == "anneal"
    assert optimize.choose_method(maze, "game", seconds=5.0, compiled=True) == "big"
    assert optimize.choose_method(parse("walls: 1\nst..uf"), "command", seconds=1.0) == "anneal"
    assert optimize.choose_method(parse("walls: 999\ns..f"), "command", seconds=1.0) == "build"
    r = optimize.OPTIMIZERS["big"](maze, seed=2, seconds=None, max_iters=3000, workers=2)
    assert r.moves == wallmaze.score(maze, r.walls) >= 40 and r.method == "annealing, leg by leg"
    with pytest.raises(ValueError, match="unknown settings"):
        bigwalls.search(maze, seconds=1, tempo=3)


def test_walling_a_whole_line_keeps_the_legs_exact_and_finds_adversarial1s_detour():
    kept = 0
    for rng, maze in boards(150, seed=7):
        eng = bigwalls._Engine(bigwalls.board(maze))
        if eng.start([]) < 0:
            continue
        for _ in range(6):
            before = int(eng.state[1])
            longer = eng.line(rng, maze)
            assert (eng.state[1] > before) if longer else (eng.state[1] == before)
            kept += longer
            check_engine(eng, maze)
    assert kept > 30
    example = examples()["Adversarial1"]
    maze = mapcode.read(example.code).maze
    r = bigwalls.search(maze, seed=1, seconds=None, max_iters=3000)
    assert r.moves == wallmaze.score(maze, r.walls) == example.published == 148


def test_walls_optimize_on_a_map_code_says_it_chose_the_big_board_search():
    import json
    import subprocess
    import sys
    code = examples()["Small1"].code
    done = subprocess.run([sys.executable, "-m", "mathmaze_lib", "walls", "optimize", "--code", code, "--seconds", "1",
                           "--workers", "1", "--json"], capture_output=True, text=True)
    data = json.loads(done.stdout)
    maze = mapcode.read(code).maze
    assert data["method"] == "big" and data["moves"] == wallmaze.score(maze, [tuple(w) for w in data["walls"]])
    done = subprocess.run([sys.executable, "-m", "mathmaze_lib", "walls", "optimize", "--code", code, "--method", "big",
                           "--python", "--max-iters", "10"], capture_output=True, text=True)
    assert done.returncode != 0 and "--python: only anneal, local and build have a compiled runner" in done.stderr


# ---------------------------------------------------------------- the iterated local search (ils.py)

def _open_cells(maze, walls):
    taken = set(walls)
    return [c for c in maze.open_cells() if c not in taken]


def test_the_chokepoints_are_the_cells_where_one_wall_lengthens_the_walk_or_blocks_it():
    checked = 0
    for rng, maze in boards(120, seed=11):
        spots = maze.open_cells()
        walls = rng.sample(spots, max(0, min(len(spots), rng.randint(0, 4), maze.budget - 1)))
        base = wallmaze.score(maze, walls)
        if base is None or not maze.budget:
            continue
        brute = sorted(c for c in _open_cells(maze, walls)
                       if (wallmaze.score(maze, walls + [c]) or 0) != base)
        assert ils.chokepoints(maze, walls) == brute, maze.text()
        checked += 1
    assert checked > 60


def test_the_iterated_local_search_ends_at_a_local_optimum_the_runner_confirms():
    """No single step (a wall more, below the budget, or one wall moved) makes its walk longer, judged
    by the lesson's runner on every open cell; the same run everywhere with a round limit."""
    checked = 0
    for rng, maze in boards(60, seed=12):
        if not maze.budget or wallmaze.score(maze, []) is None:
            continue
        r = ils.search(maze, seed=rng.randrange(100), seconds=None, max_iters=20)
        assert r.moves == wallmaze.score(maze, r.walls) and len(r.walls) <= maze.budget
        assert r.method == "iterated local search" and r.stopped == ("iterations" if maze.open_cells() else "")
        walls = list(r.walls)
        steps = []
        if len(walls) < maze.budget:
            steps += [walls + [c] for c in _open_cells(maze, walls)]
        for i in range(len(walls)):
            rest = walls[:i] + walls[i + 1:]
            steps += [rest + [c] for c in _open_cells(maze, walls)]
        assert all((wallmaze.score(maze, s) or -1) <= r.moves for s in steps), (maze.text(), walls)
        checked += 1
    assert checked > 25
    maze = mapcode.read(examples()["Medium3"].code).maze
    first, again = (ils.search(maze, seed=4, seconds=None, max_iters=300) for _ in range(2))
    assert (first.walls, first.moves) == (again.walls, again.moves)
    assert first.moves == wallmaze.score(maze, first.walls) >= 130


def test_huge_boards_with_a_chokepoint_get_the_iterated_local_search():
    maps = examples()
    chosen = {name: bigwalls.driver._climbs(mapcode.read(maps[name].code).maze) for name in maps}
    assert {name for name, yes in chosen.items() if yes} == {"Huge1", "Huge2", "Huge3"}, chosen
    code = mapcode.read(maps["Huge1"].code)
    r = bigwalls.optimize(code.maze, seed=1, seconds=None, max_iters=30, workers=1)
    assert r.method == "iterated local search" and r.moves == wallmaze.score(code.maze, r.walls) > 380
    r = bigwalls.optimize(code.maze, code.walls, seed=1, seconds=None, max_iters=3, workers=1)
    assert r.moves >= 487 == wallmaze.score(code.maze, code.walls), "it starts from the walls given"
    assert bigwalls.optimize(code.maze, seed=1, seconds=None, max_iters=30, workers=1,
                             t_start=2.0).method == "annealing, leg by leg", "the annealing's settings choose it"


def _chokepoint_key(maze, walls, zobrist):
    b = ils.compiled_board(maze)
    s = ils.scratch(b)
    blocked = b.rocks.copy()
    blocked[[maze.grid.index(c) for c in walls]] = 1
    ils._fields(b, blocked, s.F, s.D, s.queue, s.counters)
    m = ils._chokepoints(s.F, s.D, blocked, b.wallable, s.cnt, s.mark, s.chokes)
    return ils._key(s.chokes, m, zobrist)


def test_the_population_keeps_one_of_the_local_optima_with_the_same_length_and_chokepoints():
    """Walls that change nothing (off every shortest route) do not make another local optimum; a full
    population gives the place of the oldest of its shortest to a new one, never to a shorter one."""
    maze = parse("walls: 4\ns....\n.....\n.....\n....f")
    zobrist = np.array(random.Random(1).sample(range(1, 2**62), maze.rows * maze.cols), np.int64)
    walls = [(0, 1), (1, 1), (2, 1)]                    # the walk goes down column 0, then along row 3
    spare = walls + [(0, 4)]
    moved = walls + [(0, 3)]                            # a spare wall moved: neither is on the route
    other = walls[:2] + [(1, 3)]
    assert wallmaze.score(maze, spare) == wallmaze.score(maze, moved) == wallmaze.score(maze, other)
    assert ils.chokepoints(maze, spare) == ils.chokepoints(maze, moved) != ils.chokepoints(maze, other)
    key = _chokepoint_key(maze, spare, zobrist)
    assert key == _chokepoint_key(maze, moved, zobrist) != _chokepoint_key(maze, other, zobrist)
    pop = ils.population(ils.compiled_board(parse("walls: 3\ns...f")), 2, random.Random(1))
    pop_walls, pop_key, pop_score = pop.walls, pop.key, pop.score

    def consider(size, walls, score, key, born):
        return ils._consider(pop, size, np.array(walls, np.int32), len(walls), score, key, born)
    size = consider(0, [1, 2], 10, 7, 0)
    assert consider(size, [3, 4], 10, 7, 1) == 1 and list(pop_walls[0, :2]) == [1, 2], "the same optimum"
    size = consider(size, [3, 4], 10, 8, 2)
    assert size == 2 and list(pop_key) == [7, 8]
    assert consider(size, [5], 9, 9, 3) == 2 and list(pop_key) == [7, 8], "shorter than all: not kept"
    assert consider(size, [5], 12, 9, 4) == 2 and list(pop_key) == [9, 8] and list(pop_score) == [12, 10]
    assert consider(size, [6], 10, 5, 5) == 2 and list(pop_key) == [9, 5], "the oldest of the shortest goes"
