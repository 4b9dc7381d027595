"""Math Maze: generation from ids, checking any path, counting solutions, unique puzzles, grades."""

import json
import sys

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mathmaze_lib.puzzles import summaze
from mathmaze_lib.grid import Grid
from mathmaze_lib.puzzles.summaze import Puzzle, check_path, count_solutions, generate, make, solutions

import commandline

# ---------------------------------------------------------------- golden ids (the same on every machine)

GOLDEN = {
    0: (((7, 7, 1, 5, 0), (8, 7, 5, 8, 6), (4, 9, 3, 5, 3), (2, 5, 9, 3, 5)), (0, 0), (0, 4), 41),
    1: (((3, 2, 5, 2, 8), (8, 8, 7, 4, 2), (0, 1, 7, 7, 1), (8, 5, 4, 2, 6)), (0, 0), (2, 0), 21),
    42: (((2, 1, 5, 4, 4), (3, 2, 9, 2, 7), (1, 0, 2, 4, 4), (9, 1, 9, 4, 9)), (3, 1), (2, 1), 19),
}


@pytest.mark.parametrize("pid", sorted(GOLDEN))
def test_golden_ids_make_the_same_puzzle_everywhere(pid):
    p = generate(pid)
    assert (p.numbers, p.start, p.end, p.target) == GOLDEN[pid]


def test_golden_unique_puzzle():
    p = make(1, unique=True)
    assert p.numbers == ((4, 2, 7, 5, 6), (3, 9, 2, 6, 4), (8, 5, 7, 0, 7), (9, 8, 1, 4, 7))
    assert (p.start, p.end, p.target, p.unique) == ((0, 0), (2, 3), 22, True)


@given(st.integers(0, 10**9), st.integers(1, 8), st.integers(1, 8))
@settings(max_examples=150, deadline=None)
def test_a_generated_puzzle_is_a_self_avoiding_walk_whose_sum_is_the_target(pid, rows, cols):
    p = generate(pid, rows, cols, lengths=(1, min(9, rows * cols)))
    assert p.path[0] == p.start and p.path[-1] == p.end
    assert len(set(p.path)) == len(p.path) <= 9
    assert all(Grid(rows, cols).in_bounds(c) for c in p.path)
    assert check_path(p, p.path).ok
    assert all(1 <= v <= 9 for r, row in enumerate(p.numbers) for c, v in enumerate(row) if (r, c) != p.end)


def test_the_walk_stops_early_when_boxed_in():
    lengths = [len(generate(pid, 2, 2, lengths=(4, 4)).path) for pid in range(50)]
    assert max(lengths) == 4
    boxed = summaze.random_walk(Grid(1, 3), (0, 1), 3, __import__("random").Random(0))
    assert len(boxed) == 2, "from the middle of a 1 x 3 strip the walk is boxed in after one step"


# ---------------------------------------------------------------- checking paths

P = Puzzle(0, 3, 3, ((1, 2, 3), (4, 5, 6), (7, 8, 0)), (0, 0), (2, 2), 9,
           ((0, 0), (0, 1), (0, 2), (1, 2), (2, 2)))


@pytest.mark.parametrize("path, reason", [
    ([], "the path is empty: it must begin at Start (0, 0)"),
    ([(0, 1), (1, 1), (2, 1), (2, 2)], "wrong start: the path begins at (0, 1) but Start is (0, 0)"),
    ([(0, 0), (0, 1), (1, 1)], "wrong end: the path stops at (1, 1) but End is (2, 2)"),
    ([(0, 0), (1, 1), (2, 2)], "step 1: (0, 0) to (1, 1) is not a step Up, Right, Down or Left"),
    ([(0, 0), (0, 1), (0, 0), (1, 0)], "step 2: (0, 0) was already visited at the start"),
    ([(0, 0), (0, -1)], "step 1: (0, -1) is off the 3 x 3 grid"),
    ([(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)], "wrong sum: the numbers add up to 20, the target is 9"),
])
def test_a_failing_path_says_why(path, reason):
    verdict = check_path(P, path)
    assert not verdict and verdict.reason == reason


def test_any_valid_path_with_the_target_sum_wins_not_only_the_planted_one():
    p = next(generate(pid) for pid in range(100) if count_solutions(generate(pid)) > 1)
    found = list(solutions(p))
    assert len(found) > 1 and all(check_path(p, s).ok for s in found)
    assert any(tuple(s) != p.path for s in found)


def test_running_sums_along_a_partial_path():
    assert summaze.running_sums(P, [(0, 0), (0, 1), (1, 1)]) == [1, 3, 8]
    with pytest.raises(ValueError, match=r"step 1: \(5, 5\) is off the 3 x 3 grid"):
        summaze.running_sums(P, [(0, 0), (5, 5)])


def test_legal_step():
    assert summaze.legal_step(P, [(0, 0)], (0, 1))
    assert not summaze.legal_step(P, [(0, 0)], (1, 1))
    assert not summaze.legal_step(P, [(0, 0), (0, 1)], (0, 0))
    assert not summaze.legal_step(P, [], (0, 1))


# ---------------------------------------------------------------- counting solutions

def networkx_count(p: Puzzle) -> int:
    g = nx.grid_2d_graph(p.rows, p.cols)
    if p.start == p.end:
        return int(p.value(p.start) == p.target)
    return sum(1 for path in nx.all_simple_paths(g, p.start, p.end)
               if sum(p.value(c) for c in path) == p.target)


@pytest.mark.parametrize("pid", range(40))
def test_counting_agrees_with_networkx_all_simple_paths(pid):
    p = generate(pid, 3, 4)
    assert count_solutions(p) == networkx_count(p) == len(list(solutions(p)))


@given(st.integers(0, 10**6), st.integers(1, 4), st.integers(1, 4), st.integers(1, 3))
@settings(max_examples=100, deadline=None)
def test_counting_agrees_with_networkx_on_random_shapes_and_small_numbers(pid, rows, cols, top):
    p = generate(pid, rows, cols, lengths=(1, rows * cols), values=(1, top))
    assert count_solutions(p) == networkx_count(p)


@pytest.mark.parametrize("pid", range(8))
def test_unique_puzzles_have_exactly_one_solution_and_come_back_from_their_id(pid):
    p = make(pid, unique=True)
    assert count_solutions(p) == 1 and list(solutions(p)) == [list(p.path)]
    assert make(pid, unique=True) == p


def test_grades_count_what_they_say_with_networkx():
    """Moves, near misses and branching recomputed from their definitions (networkx lists the paths)."""
    for pid in range(15):
        p = generate(pid, 3, 4)
        g = summaze.grade(p)
        assert g.moves == len(p.path) - 1
        sums = [sum(p.value(c) for c in path)
                for path in nx.all_simple_paths(nx.grid_2d_graph(p.rows, p.cols), p.start, p.end)]
        assert g.near_misses == sum(1 for s in sums if 0 < abs(s - p.target) <= summaze.NEAR)
        free, seen = [], set()
        for cell in p.path[:-1]:
            seen.add(cell)
            r, c = cell
            free.append(sum(1 for n in [(r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)]
                            if 0 <= n[0] < p.rows and 0 <= n[1] < p.cols and n not in seen))
        assert g.branching == round(sum(free) / len(free), 2) if free else g.branching == 0


def test_levels_can_be_asked_for():
    for level in ("easy", "medium", "hard"):
        p = summaze.generate_unique(11, level=level)
        assert summaze.grade(p).level == level and count_solutions(p) == 1


# ---------------------------------------------------------------- bad input

@pytest.mark.parametrize("kwargs, message", [
    (dict(rows=0, cols=5), "grid size 0 x 5: rows must be at least 1"),
    (dict(rows=2, cols=2, lengths=(5, 9)), "a walk of 5 cells cannot fit on a 2 x 2 grid"),
    (dict(values=(9, 1)), r"values \(9, 1\): the range is inverted"),
    (dict(values=(0, 5)), "low must be at least 1"),
    (dict(lengths=(6,)), "give two whole numbers"),
])
def test_bad_settings_are_clear_value_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        generate(1, **kwargs)


def test_bad_ids_and_cells():
    with pytest.raises(ValueError, match="puzzle id -1: must be a whole number >= 0"):
        generate(-1)
    with pytest.raises(ValueError, match="puzzle id '7': must be a whole number >= 0"):
        generate("7")
    with pytest.raises(ValueError, match="step 1: a cell is a"):
        check_path(P, [(0, 0), "x"])


# ---------------------------------------------------------------- command line

def cli(*args):
    return commandline.run("summaze", *args)


def test_cli_json_has_the_documented_keys():
    proc = cli("--id", "42", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert set(data) == {"id", "rows", "cols", "numbers", "start", "end", "target", "path", "solutions"}
    numbers, start, end, target = GOLDEN[42]
    assert data["numbers"] == [list(r) for r in numbers] and data["start"] == list(start)
    assert data["end"] == list(end) and data["target"] == target
    assert data["solutions"] == count_solutions(generate(42))


def test_cli_unique_and_text():
    data = json.loads(cli("--id", "3", "--rows", "5", "--cols", "5", "--unique", "--json").stdout)
    assert (data["rows"], data["cols"], data["solutions"]) == (5, 5, 1)
    text = cli("--id", "1").stdout
    assert "=21" in text and "[3]" in text and "solutions: 1" in text


def test_cli_bad_input_is_one_line():
    proc = cli("--id", "1", "--rows", "0")
    assert proc.returncode == 2 and proc.stderr == "error: grid size 0 x 5: rows must be at least 1\n"


def test_sum_histogram_follows_paths_longer_than_the_recursion_limit():
    """The counter keeps its own stack: a path through every cell of a long strip, and a 60 x 60
    grid stopped by max_steps, never raise RecursionError (issue 15)."""
    n = 1000                                    # the widest grid, more than three times the limit below
    strip = Puzzle(0, 1, n, (tuple([1] * n),), (0, 0), (0, n - 1), n, tuple((0, c) for c in range(n)))
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        assert summaze.sum_histogram(strip, n) == {n: 1}
    finally:
        sys.setrecursionlimit(limit)
    ones = tuple(tuple([1] * 60) for _ in range(60))
    big = Puzzle(0, 60, 60, ones, (0, 0), (59, 59), 3600, ((0, 0),))
    with pytest.raises(summaze.CountStopped):
        summaze.sum_histogram(big, 3600, max_steps=50_000)
