"""Big budgets (issue 16, part 2): presets with any number of walls and the ``build`` optimizer."""

import hashlib
import json
import random

import pytest

from mathmaze_lib import optimize
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import UNLIMITED, check, parse, score

import commandline

NEW = ("unlimited", "mazer-unlimited", "empty")

# sha256 of level(preset, id).text() before the new presets came (the lessons and the stored goals
# depend on these boards: adding presets must not change them).
OLD_BOARDS = {
    ("mazer", 1): "0bb6b7d971100cbb", ("mazer", 2): "d0ea05d1dce76255",
    ("simple", 1): "fabe9ccac400563e", ("normal", 3): "2eb1921df579aeb1", ("complex", 2): "95837bf59d59bf31", ("ultra", 7): "7cf1167a4ddd4d8b",
}


@pytest.mark.parametrize("key", sorted(OLD_BOARDS))
def test_the_old_presets_make_the_same_boards(key):
    text = wallmaze.level(*key).text()
    assert hashlib.sha256(text.encode()).hexdigest()[:16] == OLD_BOARDS[key]


def test_the_old_presets_keep_their_sizes_and_budgets():
    assert {name: wallmaze.PRESETS[name] for name in ("mazer", "simple", "normal", "complex", "ultra")} == {
        "mazer": (10, 15, (12, 18), 0, 10), "simple": (6, 13, (8, 12), 0, 7),
        "normal": (9, 17, (10, 16), 1, 14), "complex": (9, 19, (12, 18), 2, 14),
        "ultra": (19, 27, (30, 45), 3, 30)}


@pytest.mark.parametrize("preset", NEW)
def test_unlimited_presets_are_reproducible_with_a_route_and_any_number_of_walls(preset):
    for level_id in (0, 1, 2, 3, 17):
        maze = wallmaze.level(preset, level_id)
        assert maze == wallmaze.level(preset, level_id)
        assert maze.budget == UNLIMITED and maze.text().startswith("walls: 999\n")
        assert parse(maze.text()) == maze
        assert score(maze) is not None


def test_the_unlimited_presets_sizes_rocks_and_checkpoints():
    pathery = wallmaze.level("unlimited", 1)          # Pathery's Unlimited: 17 x 9, start/finish columns included
    assert (pathery.cols, pathery.rows, len(pathery.checkpoints)) == (17, 9, 3)
    assert 10 <= len(pathery.rocks) <= 16
    mazer = wallmaze.level("mazer-unlimited", 2)
    assert (mazer.cols, mazer.rows, mazer.checkpoints) == (15, 10, ())
    assert 12 <= len(mazer.rocks) <= 18
    assert wallmaze.level("mazer-unlimited", 1) != wallmaze.level("mazer", 1)


def test_the_empty_board_is_the_same_for_every_id():
    empty = wallmaze.level("empty")
    assert empty.text() == "walls: 999\n" + "\n".join(["s" + "." * 13 + "f"] * 10)
    assert all(wallmaze.level("empty", i) == empty for i in (0, 2, 99))
    assert score(empty) == 14


# ---------------------------------------------------------------- the build optimizer

BOARDS = [
    "s....f\ns....f\ns....f",
    "walls: 999\ns..#..f\ns.A...f\ns...#.f\ns.....f",
    "walls: 999\ns.....\n..B.A.\n.A....\n.....f",          # two copies of checkpoint A
    "walls: 999\ns..t...\n..p....\n.u....f\n.......",       # a teleport and an unbuildable cell
    "walls: 3\ns.....\n......\n.....f",                     # a limited budget is kept
]


@pytest.mark.parametrize("text", BOARDS)
def test_build_gives_legal_walls_scored_by_the_runner(text):
    maze = parse(text)
    result = optimize.build(maze, seed=2, seconds=None, max_iters=1500)
    assert check(maze, result.walls).ok
    assert result.moves == score(maze, result.walls) >= score(maze)
    assert result.history[-1][1] == result.moves              # what it tracked is what the runner walks
    assert set(result.walls) <= set(maze.open_cells())      # never a start, finish, checkpoint, tile
    assert result.method == "build" and result.stopped == "iterations" and not result.optimal
    if maze.budget != UNLIMITED:
        assert len(result.walls) <= maze.budget


def test_build_is_reproducible_for_a_seed_with_max_iters():
    maze = wallmaze.level("mazer-unlimited", 1)
    a = optimize.build(maze, seed=4, seconds=None, max_iters=3000)
    b = optimize.build(maze, seed=4, seconds=None, max_iters=3000)
    c = optimize.build(maze, seed=5, seconds=None, max_iters=3000)
    assert (a.walls, a.moves, a.history[-1][1]) == (b.walls, b.moves, b.history[-1][1])
    assert a.walls != c.walls


def test_build_on_two_processes_repeats_with_max_iters_and_scores_right():
    maze = wallmaze.level("mazer-unlimited", 1)
    one = optimize.build(maze, seed=4, seconds=None, max_iters=3000)
    a = optimize.build(maze, seed=4, seconds=None, max_iters=3000, workers=2)
    b = optimize.build(maze, seed=4, seconds=None, max_iters=3000, workers=2)
    assert (a.walls, a.moves) == (b.walls, b.moves)
    assert a.moves == score(maze, a.walls) >= one.moves        # worker 0 is the one-process run
    assert a.moves == max(best for _, best in a.history) and a.method == "build"
    assert a.evaluations > one.evaluations and a.stopped == "iterations"


@pytest.mark.parametrize("workers", [0, 1.5, True, "2"])
def test_build_refuses_a_bad_number_of_workers(workers):
    with pytest.raises(ValueError, match="workers"):
        optimize.build(wallmaze.level("empty"), seconds=None, max_iters=10, workers=workers)


@pytest.mark.parametrize("rounds", [1, 4])
def test_build_keeps_the_best_over_its_rounds(rounds):
    maze = wallmaze.level("mazer-unlimited", 3)
    result = optimize.build(maze, seed=1, seconds=None, max_iters=8000, rounds=rounds, off_route=1.0)
    assert result.moves == score(maze, result.walls) == max(best for _, best in result.history)


def test_build_on_the_empty_board_beats_anneal_with_the_same_iterations():
    maze = wallmaze.level("empty")
    built = optimize.build(maze, seed=1, seconds=None, max_iters=40_000)
    annealed = optimize.anneal(maze, seed=1, seconds=None, max_iters=40_000)
    assert built.moves == score(maze, built.walls) > annealed.moves


def test_build_agrees_with_the_runner_on_random_boards_with_tiles():
    rng = random.Random(16)
    tiles = ".......#pA" + "tu"
    tried = 0
    while tried < 12:
        rows = [[rng.choice(tiles[:9]) for _ in range(6)] for _ in range(4)]
        for r in range(4):
            rows[r][0], rows[r][5] = "s", "f"
        if rng.random() < 0.5:
            rows[rng.randrange(4)][rng.randrange(1, 5)] = "A"
        if rng.random() < 0.5:
            cells = rng.sample([(r, c) for r in range(4) for c in range(1, 5)], 2)
            rows[cells[0][0]][cells[0][1]], rows[cells[1][0]][cells[1][1]] = "t", "u"
        try:
            maze = parse("\n".join("".join(row) for row in rows))
        except ValueError:
            continue
        if score(maze) is None:
            continue
        tried += 1
        result = optimize.build(maze, seed=tried, seconds=None, max_iters=400)
        assert check(maze, result.walls).ok and result.moves == score(maze, result.walls)
        assert result.history[-1][1] == result.moves


def test_build_stops_on_ctrl_c_with_the_best_so_far():
    calls = []

    def stop(fraction, best):               # Ctrl-C at the first report (the last one is let through)
        calls.append(fraction)
        if len(calls) == 1:
            raise KeyboardInterrupt
    maze = wallmaze.level("empty")
    result = optimize.build(maze, seed=1, seconds=None, max_iters=100_000, progress=stop)
    assert result.stopped == "interrupted" and result.moves == score(maze, result.walls) >= 14


def test_build_refuses_bad_limits_and_temperatures_and_a_blocked_board():
    maze = wallmaze.level("empty")
    with pytest.raises(ValueError, match="give at least one"):
        optimize.build(maze, seconds=None)
    with pytest.raises(ValueError, match="t_end"):
        optimize.build(maze, max_iters=10, t_end=0)
    with pytest.raises(ValueError, match="rounds"):
        optimize.build(maze, max_iters=10, rounds=0)
    with pytest.raises(ValueError, match="off_route"):
        optimize.build(maze, max_iters=10, off_route=1.5)
    blocked = optimize.build(parse("s#f"), seconds=None, max_iters=10)
    assert blocked.moves is None and blocked.walls == []


# ---------------------------------------------------------------- the command line

def cli(*args):
    return commandline.run("walls", "optimize", *args)


def test_the_command_builds_on_an_unlimited_board_and_anneals_otherwise():
    proc = cli("--preset", "empty", "--max-iters", "3000", "--json")
    data = json.loads(proc.stdout)
    assert data["method"] == "build" and data["moves"] == score(wallmaze.level("empty"), map(tuple, data["walls"]))
    data = json.loads(cli("--preset", "mazer", "--max-iters", "300", "--json").stdout)
    assert data["method"] == "anneal"
    data = json.loads(cli("--preset", "empty", "--method", "anneal", "--max-iters", "300", "--json").stdout)
    assert data["method"] == "anneal"
    data = json.loads(cli("--preset", "empty", "--max-iters", "2000", "--workers", "2", "--json").stdout)
    assert data["method"] == "build" and data["moves"] == score(wallmaze.level("empty"), map(tuple, data["walls"]))
    proc = cli("--preset", "empty", "--method", "greedy", "--max-iters", "20", "--workers", "2")
    assert proc.returncode != 0 and "--workers: only anneal, local, build and big" in proc.stderr
    text = cli("--preset", "mazer-unlimited", "--max-iters", "2000").stdout
    assert "build (--method build: chosen for a board with any number of walls):" in text
