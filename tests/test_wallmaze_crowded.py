"""Issue 16, crowded maps: Pathery's Normal and Complex presets, and annealing with rounds and workers."""

import hashlib
import random

import pytest

from mathmaze_lib import optimize
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import BitRunner, Runner, score

#: (cols, walls range, checkpoints range, teleport colours range) of the issue's two modes.
MODES = {"pathery-normal": (17, (11, 13), (1, 4), (0, 0)),
         "pathery-complex": (21, (14, 16), (2, 5), (1, 2))}


@pytest.mark.parametrize("preset", sorted(MODES))
def test_pathery_modes_draw_their_numbers_per_id_in_the_issues_ranges(preset):
    cols, walls, cps, colours = MODES[preset]
    seen = set()
    for level_id in range(1, 31):
        maze = wallmaze.level(preset, level_id)
        assert maze == wallmaze.level(preset, level_id)
        assert (maze.rows, maze.cols) == (9, cols)              # 9 rows; 15 or 19 columns between s and f
        assert walls[0] <= maze.budget <= walls[1]
        assert cps[0] <= len(maze.checkpoints) <= cps[1] and all(len(c) == 1 for c in maze.checkpoints)
        assert colours[0] <= len(maze.teleports) <= colours[1]
        assert all(len(ins) == len(outs) == 1 for _, ins, outs in maze.teleports)
        assert maze.rocks and score(maze) is not None
        assert wallmaze.parse(maze.text()) == maze
        seen.add((maze.budget, len(maze.checkpoints), len(maze.teleports)))
    assert len(seen) > 3                                        # the numbers really vary with the id


def test_the_old_presets_boards_are_unchanged():
    texts = [wallmaze.level(p, i).text() for p in ("mazer", "simple", "normal", "complex", "ultra")
             for i in range(40)]
    digest = hashlib.sha256("\n".join(texts).encode()).hexdigest()
    assert digest == "29a158c785829ae6e8cf8d0b3260f30932bc0af1adc0f6fff5de80fbbf36621e"


def test_the_bit_runner_gives_the_runners_moves_on_crowded_boards():
    rng = random.Random(16)
    checked = 0
    for preset in MODES:
        for level_id in range(1, 6):
            maze = wallmaze.level(preset, level_id)
            runner, bits, cells = Runner(maze), BitRunner(maze), maze.open_cells()
            for _ in range(40):
                walls = rng.sample(cells, maze.budget)
                assert bits.score(bits.mask(walls)) == runner.score({runner.index(w) for w in walls})
                checked += 1
    assert checked == 400


@pytest.mark.parametrize("workers", [1, 2])
def test_crowded_annealing_is_legal_scores_right_and_repeats_with_max_iters(workers):
    maze = wallmaze.level("pathery-complex", 2)                 # teleports: BitRunner hands runs to Runner
    runs = [optimize.anneal(maze, seed=7, seconds=None, max_iters=600, workers=workers, **optimize.CROWDED)
            for _ in range(2)]
    a, b = runs
    assert (a.walls, a.moves) == (b.walls, b.moves)
    assert wallmaze.check(maze, a.walls).ok and score(maze, a.walls) == a.moves
    assert a.evaluations >= 600 * workers and a.stopped == "iterations"


def test_worker_zero_is_the_single_process_run():
    maze = wallmaze.level("pathery-normal", 1)
    one = optimize.anneal(maze, seed=3, seconds=None, max_iters=500, **optimize.CROWDED)
    two = optimize.anneal(maze, seed=3, seconds=None, max_iters=500, workers=2, **optimize.CROWDED)
    assert two.moves >= one.moves and two.evaluations > one.evaluations
    assert score(maze, two.walls) == two.moves


def test_one_round_is_the_old_annealing():
    """rounds=1 (the default) draws the same random numbers as before: the lessons' runs stay."""
    maze = wallmaze.level("simple", 1)
    r = optimize.anneal(maze, seed=1, seconds=None, max_iters=2000)
    assert (r.moves, len(r.walls)) == (23, 7)


@pytest.mark.parametrize("kwargs, message", [
    ({"rounds": 0}, "rounds 0"), ({"workers": 0}, "workers 0"), ({"workers": 1.5}, "workers 1.5"),
    ({"explore": 2}, "explore 2")])
def test_bad_rounds_and_workers_are_refused(kwargs, message):
    with pytest.raises(ValueError, match=message):
        optimize.anneal(wallmaze.level("simple", 1), seconds=None, max_iters=10, **kwargs)


def test_a_timed_run_with_two_workers_stops_near_its_time():
    maze = wallmaze.level("pathery-normal", 2)
    r = optimize.local_search(maze, seed=1, seconds=0.5, workers=2, rounds=3)
    assert r.stopped == "time" and r.seconds < 5 and score(maze, r.walls) == r.moves
