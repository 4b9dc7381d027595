"""One shape for every puzzle: make, parse/text, check -> Verdict, successors, view, tested against
each puzzle's own independent machinery (check_path, solve, score, the search core)."""

from __future__ import annotations

import random

import pytest

from mathmaze_lib import jumpmaze, palette, search, shape, summaze, wallmaze
from mathmaze_lib.shape import Verdict

PUZZLES = {"summaze": (summaze, lambda i: summaze.make(i)), "jumpmaze": (jumpmaze, lambda i: jumpmaze.make(i, 4, 4)),
           "wallmaze": (wallmaze, lambda i: wallmaze.make(i))}


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_puzzle_module_has_the_whole_shape_and_round_trips(name):
    module, make = PUZZLES[name]
    assert shape.missing(module) == []
    for pid in range(3):
        puzzle = make(pid)
        assert make(pid) == puzzle, "the same id gives the same puzzle"
        again = module.parse(puzzle.text())
        assert again.text() == puzzle.text()
        texts, roles = module.view(puzzle)
        assert len(texts) == puzzle.rows and all(len(row) == puzzle.cols for row in texts)
        assert all(palette.check_role(role) for role in roles.values())


def test_summaze_check_agrees_with_check_path_and_names_the_cell():
    rng = random.Random(1)
    for pid in range(30):
        p = summaze.generate(pid)
        for path in [list(p.path)] + [summaze.random_walk(p.grid, p.start, rng.randint(1, 9), rng) for _ in range(5)]:
            v = summaze.check(p, path)
            assert isinstance(v, Verdict) and v.ok == summaze.check_path(p, path).ok
            assert v.reason == summaze.check_path(p, path).reason
            assert v.ok or v.cell in set(path)
        for solution in summaze.solutions(p):
            assert summaze.check(p, solution).ok
    assert summaze.check(summaze.generate(1), []).cell is None


def test_summaze_successors_count_the_solutions_through_the_search_core():
    for pid in range(20):
        p = summaze.generate(pid, 3, 4)
        too_big = lambda route, p=p: sum(p.number(c) for c in route) > p.target  # noqa: E731
        found = [r for r in search.simple_paths(summaze.successors(p), p.start, p.end, prune=too_big)
                 if sum(p.number(c) for c in r) == p.target]
        assert len(found) == summaze.count_solutions(p)


def test_summaze_parse_names_the_line_and_the_rule():
    with pytest.raises(ValueError, match="line 2.*end"):
        summaze.parse("start: 0 0\nend: 5 5\ntarget: 3\n1 0")
    with pytest.raises(ValueError, match="missing"):
        summaze.parse("start: 0 0\ntarget: 3\n1 0")


@pytest.mark.parametrize("rule", ["ortho", "diag8", "alternate", "nouturn", "wrap"])
def test_jumpmaze_check_accepts_every_legal_walk_and_names_the_first_bad_jump(rule):
    rng = random.Random(rule)
    for _ in range(40):
        maze = jumpmaze.random_maze(rng, rng.randint(2, 5), rng.randint(2, 5))
        best = jumpmaze.solve(maze, rule)
        if best.route:
            v = jumpmaze.check(maze, best.route, rule)
            assert v.ok and v.reason.endswith("a shortest route")
        # a random legal walk through the states: legal all the way, right only when it ends at the goal
        succ, state, walk = jumpmaze.successors(maze, rule), jumpmaze.start_state(maze, rule), [maze.start]
        for _ in range(rng.randint(0, 6)):
            options = succ(state)
            if not options:
                break
            state = rng.choice(options)
            walk.append(jumpmaze.cell_of(state))
        v = jumpmaze.check(maze, walk, rule)
        assert v.ok == (walk[-1] == maze.goal)
        if not v.ok:
            assert v.cell == walk[-1] and "goal" in v.reason
        # one landing moved to a cell no jump reaches: named, with its cell
        landings = {jumpmaze.cell_of(s) for s in succ(jumpmaze.start_state(maze, rule))}
        off = next((c for c in maze.grid.cells() if c not in landings), None)
        if off is not None:
            bad = jumpmaze.check(maze, [maze.start, off], rule)
            assert not bad.ok and bad.cell == off and bad.reason.startswith("jump 1:")


def test_jumpmaze_successors_are_what_bfs_solves():
    rng = random.Random(3)
    for _ in range(20):
        maze = jumpmaze.random_maze(rng, 5, 5)
        dist = search.bfs(jumpmaze.successors(maze), maze.start).dist
        assert dist == jumpmaze.distances_from_start(maze)


def test_wallmaze_check_agrees_with_the_runner_and_names_a_bad_wall():
    rng = random.Random(5)
    maze = wallmaze.level("simple", 1)
    for _ in range(30):
        walls = rng.sample(maze.open_cells(), rng.randint(0, maze.budget))
        v = wallmaze.check(maze, walls)
        moves = wallmaze.score(maze, walls)
        assert v.ok == (moves is not None)
        if v.ok:
            assert v.reason.startswith(f"the runner walks {moves} moves")
    rock = sorted(maze.rocks)[0]
    bad = wallmaze.check(maze, [maze.open_cells()[0], rock])
    assert not bad.ok and bad.cell == rock and "rock" in bad.reason
    too_many = wallmaze.check(maze, maze.open_cells()[:maze.budget + 1])
    assert not too_many.ok and "budget" in too_many.reason


def test_wallmaze_successors_give_the_runners_moves():
    rng = random.Random(8)
    for k in range(1, 4):
        maze = wallmaze.level("simple", k)
        walls = rng.sample(maze.open_cells(), 3)
        result = search.bfs(wallmaze.successors(maze, walls), sources=list(maze.starts),
                            goal=lambda cell, m=maze: cell in m.finishes)
        assert result.length == wallmaze.score(maze, walls)
