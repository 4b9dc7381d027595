"""The compiled optimizers (mathmaze_lib.optimize.compiled): their walls are legal and scored as the
lesson's runner scores them, the same seed gives the same run, and numba's cache is filled once."""

import json
import subprocess
import sys

import numpy as np
import pytest

from mathmaze_lib import optimize
from mathmaze_lib.optimize import compiled
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import fastrunner, goals, parse, score

from test_wallmaze_tiles import boards

import commandline

pytestmark = pytest.mark.skipif(not fastrunner.AVAILABLE, reason="numba is not installed")


def numbers(maze, cells):
    return [r * maze.cols + c for r, c in cells]


@pytest.mark.parametrize("preset", ["pathery-normal", "pathery-complex", "mazer", "simple"])
def test_compiled_annealing_finds_legal_walls_that_the_runner_scores_the_same(preset):
    maze = wallmaze.level(preset, 2)
    result = optimize.anneal(maze, seed=3, seconds=None, max_iters=20_000, compiled=True, **optimize.CROWDED)
    assert result.method == "annealing" and result.compiled and result.stopped == "iterations"
    assert score(maze, result.walls) == result.moves
    assert set(result.walls) <= set(maze.open_cells()) and len(result.walls) <= maze.budget
    assert result.evaluations > 15_000         # (a step whose "anywhere" cell has a wall makes no run)
    assert [m for _, m in result.history] == sorted(m for _, m in result.history)
    assert result.history[-1][1] == result.moves


def test_compiled_annealing_is_the_same_run_for_the_same_seed_and_another_for_another():
    maze = wallmaze.level("pathery-complex", 1)
    runs = [optimize.anneal(maze, seed=s, seconds=None, max_iters=5000, compiled=True) for s in (1, 1, 2)]
    assert (runs[0].walls, runs[0].moves) == (runs[1].walls, runs[1].moves)
    assert runs[0].walls != runs[2].walls


@pytest.mark.slow
def test_compiled_annealing_reaches_the_proven_optimum_of_a_small_level():
    maze = wallmaze.level("simple", 1)
    proof = goals.stored_goals()["simple:1"]      # proven by the exact search (test_cli_walls proves it again)
    assert proof["optimal"]
    result = optimize.anneal(maze, seed=1, seconds=None, max_iters=100_000, compiled=True)
    assert result.moves == proof["moves"]


def test_compiled_annealing_beats_a_random_fill_on_a_crowded_map():
    maze = wallmaze.level("pathery-normal", 4)
    filled = optimize.anneal(maze, seed=5, seconds=None, max_iters=1, compiled=True)      # the fill, one step
    result = optimize.anneal(maze, seed=5, seconds=None, max_iters=50_000, compiled=True, **optimize.CROWDED)
    assert result.moves > filled.moves + 10


def test_compiled_local_search_and_given_walls():
    maze = parse("walls: 2\n##...\ns...f\n.....")
    start = [(0, 2)]                                    # a wall that does nothing yet
    result = optimize.local_search(maze, start, seed=1, seconds=None, max_iters=2000, compiled=True)
    assert result.method == "local search" and result.compiled
    assert result.moves == score(maze, result.walls) == optimize.exact(maze).moves == 6 > score(maze, start)
    assert len(result.walls) <= 2


def test_compiled_annealing_on_a_blocked_board_and_a_board_without_budget():
    blocked = optimize.anneal(parse("s#f"), seconds=None, max_iters=10, compiled=True)
    assert blocked.moves is None and blocked.walls == []
    nothing = optimize.anneal(parse("walls: 0\ns...f"), seconds=None, max_iters=10, compiled=True)
    assert nothing.moves == 4 and nothing.walls == []


def test_compiled_annealing_stops_at_its_time_limit():
    result = optimize.anneal(wallmaze.level("pathery-normal", 1), seed=1, seconds=0.5, compiled=True)
    assert result.stopped == "time" and score(wallmaze.level("pathery-normal", 1), result.walls) == result.moves


def test_compiled_annealing_on_two_processes():
    maze = wallmaze.level("pathery-normal", 3)
    one = optimize.anneal(maze, seed=4, seconds=None, max_iters=3000, compiled=True)
    two = optimize.anneal(maze, seed=4, seconds=None, max_iters=3000, compiled=True, workers=2)
    assert two.moves >= one.moves and two.evaluations > one.evaluations
    assert score(maze, two.walls) == two.moves and two.compiled


def test_the_compiled_candidates_are_the_open_cells_of_the_walked_and_cut_off_routes():
    seen = 0
    for rng, maze, walls in boards(400, seed=5):
        b = fastrunner.board(maze)
        blocked = b.rocks.copy()
        blocked[numbers(maze, walls)] = 1
        seen_, parent, queue, leg, sources, used, route, cut, counts = b.buffers()
        moves = fastrunner.run_arrays(b.nbrs, blocked, b.starts, b.kind, b.legs, b.tele_in, b.tele_ptr, b.tele_out,
                                     seen_, parent, queue, leg, sources, used, route, cut, counts)
        if moves < 0:
            continue
        cands = np.zeros(b.size, np.int32)
        m = compiled._candidates(b.wallable, blocked, route, cut, counts, np.zeros(b.size, np.int32), cands)
        runner = wallmaze.Runner(maze)
        runner.legs(set(numbers(maze, walls)))
        planned = {v for plan in runner.plans for v in plan}
        free = set(numbers(maze, maze.open_cells())) - set(numbers(maze, walls))
        assert sorted(cands[:m]) == sorted(planned & free)
        assert len(set(cands[:m])) == m
        seen += 1
    assert seen > 200


def test_compiled_build_reaches_the_proven_best_of_lesson_3s_open_board():
    maze = parse("walls: 999\n" + "\n".join(["s.....f"] * 5))      # lesson 3, section 7
    proof = optimize.exact(maze, seconds=None, max_iters=10**7)
    assert proof.optimal and proof.moves == 14
    for seed in (1, 2, 3):
        result = optimize.build(maze, seed=seed, seconds=None, max_iters=50_000, compiled=True)
        assert result.method == "build" and result.compiled and result.stopped == "iterations"
        assert result.moves == score(maze, result.walls) == 14


def test_walls_optimize_runs_the_compiled_runner_unless_told_python():
    text = cli("--preset", "pathery-normal", "--level", "1", "--max-iters", "2000").stdout
    assert text.rstrip().endswith("runs of the compiled runner")
    text = cli("--preset", "pathery-normal", "--level", "1", "--max-iters", "200", "--python").stdout
    assert text.rstrip().endswith("runs of the runner") and "compiled" not in text
    text = cli("--preset", "empty", "--max-iters", "2000").stdout
    assert text.rstrip().endswith("runs of the compiled runner") and text.startswith(" ") is False
    proc = cli("--preset", "simple", "--method", "exact", "--python", "--max-iters", "10")
    assert proc.returncode == 2 and "--python: only anneal, local and build" in proc.stderr


def cli(*args):
    return commandline.run("walls", "optimize", *args)


@pytest.mark.parametrize("compiled", [False, True])
def test_walls_anywhere_stay_legal_and_scored_by_the_runner(compiled):
    maze = wallmaze.level("pathery-complex", 3)           # teleports: a wall off the route can matter
    result = optimize.anneal(maze, seed=2, seconds=None, max_iters=3000, anywhere=1.0, compiled=compiled)
    assert score(maze, result.walls) == result.moves
    assert set(result.walls) <= set(maze.open_cells()) and len(result.walls) <= maze.budget
    plain = optimize.anneal(maze, seed=2, seconds=None, max_iters=3000, compiled=compiled)
    assert plain.walls != result.walls                    # the option changes the steps


def test_anywhere_is_a_chance():
    with pytest.raises(ValueError, match="anywhere 2: must be a finite number from 0 to 1 \\(the chance of a wall off the route\\)"):
        optimize.anneal(parse("s..f"), anywhere=2, seconds=None, max_iters=5)


#: Every cached numba function of the package, in a new process that warms up again and then scores a big
#: board and generates a 30 x 30 jumping maze: its signatures, and how many it loaded from numba's cache or
#: compiled.  (A function that only compiled functions call has none: it is compiled into its callers.)
CACHE_PROBE = """
import importlib, json, pathlib
import mathmaze_lib
from numba.core.caching import NullCache
from numba.core.registry import CPUDispatcher
from mathmaze_lib.optimize.__main__ import warm as warm_walls
from mathmaze_lib.puzzles.jumpmaze.fast import warm as warm_jumps
from mathmaze_lib.puzzles import jumpmaze, wallmaze
from mathmaze_lib.puzzles.wallmaze import fastrunner
warm_walls(); warm_jumps()
fastrunner.run(fastrunner.board(wallmaze.level("pathery-complex", 1)))
jumpmaze.generate(3, 30, 30, steps=500)
jumpmaze.generate(3, 5, 5, steps=500)
root = pathlib.Path(mathmaze_lib.__file__).parent
found = {}
for path in sorted(root.rglob("*.py")):
    text = path.read_text()
    if "@njit" not in text and "numba.njit" not in text:
        continue
    name = ".".join(("mathmaze_lib",) + path.relative_to(root).with_suffix("").parts)
    for key, f in vars(importlib.import_module(name)).items():
        if isinstance(f, CPUDispatcher) and f.__module__ == name and not isinstance(f._cache, NullCache):
            s = f.stats
            found[name + "." + key] = [len(f.signatures), sum(s.cache_hits.values()), sum(s.cache_misses.values())]
print(json.dumps(found))
"""


@pytest.mark.slow
def test_warming_up_leaves_every_compiled_function_in_numbas_cache_so_the_next_process_compiles_nothing():
    """The Makefile runs ``python -m mathmaze_lib.optimize`` and ``python -m mathmaze_lib.puzzles.jumpmaze.fast``
    after installing: between them they compile every cached numba function of the package (or find it in
    numba's cache, as they do after the Makefile's install), and a later process loads each one from the
    cache instead of compiling it again.  (On a fresh clone the Makefile's own run of the two fills the
    empty cache before any test starts; here they run again, so that a function edited since is
    compiled again, as it would be for a learner.)"""
    for module, ready in [("mathmaze_lib.optimize", "compiled wall runner ready"),
                          ("mathmaze_lib.puzzles.jumpmaze.fast", "compiled jumping-maze generator ready")]:
        done = subprocess.run([sys.executable, "-m", module], capture_output=True, text=True, check=True)
        assert done.stdout.startswith(ready), done.stdout
    found = json.loads(subprocess.run([sys.executable, "-c", CACHE_PROBE], capture_output=True, text=True,
                                      check=True).stdout)
    used = {name.rsplit(".", 1)[1] for name, (signatures, _, _) in found.items() if signatures}
    assert {"anneal_chunk", "build_chunk", "fill", "climb", "chunk", "run_arrays", "score_many",
            "_construct", "_start", "_anneal"} <= used, sorted(used)
    again = sorted(name for name, (signatures, hits, misses) in found.items() if signatures and (misses or not hits))
    assert not again, f"compiled again although warmed up: {again}"
