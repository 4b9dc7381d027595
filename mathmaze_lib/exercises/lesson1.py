"""Exercises of lesson 1, Math Maze: from the sum of a path to a puzzle with one solution.

Each builds on the one before: q1 adds up a path, q2 says whether one more step
is legal, q3 checks a whole path, q4 counts every solution by depth-first
search, q5 makes a puzzle with exactly one solution; q6 is a question to think about.

>>> from mathmaze_lib import summaze
>>> q1.evaluate(summaze.path_sum).correct, q4.evaluate(summaze.count_solutions).correct
(True, True)
"""

from __future__ import annotations

from ..grid import ORTHOGONAL, Grid, are_adjacent
from ..summaze import Puzzle, check_path, count_solutions, generate, generate_unique, path_sum, random_walk
from .core import FunctionExercise, ThoughtExercise

__all__ = ["q1", "q2", "q3", "q4", "q5", "q6"]


def _show(p: Puzzle) -> str:
    return f"<puzzle {p.id}, {p.rows}x{p.cols}, target {p.target}>"


# ---- q1: the sum of a path --------------------------------------------------------------

def _q1_cases(rng):
    cases = [([[5]], [(0, 0)]), ([[1, 2], [3, 4]], []), ([[1, 2], [3, 4]], [(0, 0), (0, 1), (1, 1), (1, 0)])]
    for _ in range(20):
        rows, cols = rng.randint(1, 5), rng.randint(1, 6)
        numbers = [[rng.randint(1, 9) for _ in range(cols)] for _ in range(rows)]
        start = (rng.randrange(rows), rng.randrange(cols))
        cases.append((numbers, random_walk(Grid(rows, cols), start, rng.randint(1, 9), rng)))
    return cases


q1 = FunctionExercise(
    "path_sum", reference=path_sum, cases=_q1_cases,
    hints=["`numbers[r][c]` is the number in row r, column c; a path is a list of (r, c) pairs.",
           "Loop over the cells of the path and add up numbers[r][c]; an empty path adds up to 0."],
    solution='''
        def path_sum(numbers, path):
            return sum(numbers[r][c] for r, c in path)
    ''')


# ---- q2: is one more step legal? --------------------------------------------------------

def is_legal_step(path, cell, rows, cols):
    """True when ``cell`` may extend ``path``: on the grid, next to the last cell, not yet visited."""
    r, c = cell
    return (0 <= r < rows and 0 <= c < cols and are_adjacent(path[-1], cell, ORTHOGONAL)
            and cell not in path)


def _q2_cases(rng):
    cases = [([(0, 0)], (0, 1), 2, 2), ([(0, 0)], (1, 1), 2, 2), ([(0, 0), (0, 1)], (0, 0), 2, 2),
             ([(0, 0)], (-1, 0), 2, 2), ([(1, 1)], (1, 2), 2, 2), ([(0, 0)], (0, 2), 1, 3)]
    for _ in range(40):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        start = (rng.randrange(rows), rng.randrange(cols))
        path = random_walk(Grid(rows, cols), start, rng.randint(1, 8), rng)
        last = path[-1]
        dr, dc = rng.choice([(-1, 0), (0, 1), (1, 0), (0, -1), (1, 1), (0, 2)])
        cases.append((path, (last[0] + dr, last[1] + dc), rows, cols))
    return cases


q2 = FunctionExercise(
    "is_legal_step", reference=is_legal_step, cases=_q2_cases,
    hints=["Three rules: the cell is on the grid, it touches the last cell of the path "
           "(up, right, down or left), and it is not on the path yet.",
           "Two cells touch when |r1 - r2| + |c1 - c2| == 1."],
    solution='''
        def is_legal_step(path, cell, rows, cols):
            r, c = cell
            last_r, last_c = path[-1]
            on_grid = 0 <= r < rows and 0 <= c < cols
            touches = abs(r - last_r) + abs(c - last_c) == 1
            return on_grid and touches and cell not in path
    ''')


# ---- q3: check a whole path --------------------------------------------------------------

def is_solution(puzzle, path):
    """True when ``path`` solves ``puzzle``: from Start to End, legal steps, the right sum."""
    return check_path(puzzle, path).ok


def _q3_cases(rng):
    cases = []
    for pid in range(12):
        p = generate(pid)
        walk = list(p.path)
        cases += [(p, walk), (p, []), (p, walk[:-1]), (p, walk[1:]), (p, walk + [walk[-2]])]
        if len(walk) > 2:
            cases.append((p, [walk[0], walk[2]] + walk[2:]))
        detour = random_walk(p.grid, p.start, rng.randint(2, 12), rng)
        cases.append((p, detour + [p.end] if p.end not in detour else detour))
    return cases


q3 = FunctionExercise(
    "is_solution", reference=is_solution, cases=_q3_cases,
    describe=lambda args: f"is_solution({_show(args[0])}, {args[1]})",
    hints=["Use your is_legal_step for every step after the first, and your path_sum at the end.",
           "Check: the path is not empty, path[0] == puzzle.start, every later step is legal, "
           "path[-1] == puzzle.end, and path_sum(puzzle.numbers, path) == puzzle.target."],
    solution='''
        def is_solution(puzzle, path):
            if not path or path[0] != puzzle.start or path[-1] != puzzle.end:
                return False
            for k in range(1, len(path)):
                if not is_legal_step(path[:k], path[k], puzzle.rows, puzzle.cols):
                    return False
            return path_sum(puzzle.numbers, path) == puzzle.target
    ''')


# ---- q4: count every solution ------------------------------------------------------------

def _q4_cases(rng):
    cases = [generate(pid) for pid in range(6)]
    cases += [generate(rng.randrange(10**6), rng.randint(1, 4), rng.randint(2, 5), lengths=(2, 6))
              for _ in range(14)]
    return [(p,) for p in cases]


q4 = FunctionExercise(
    "count_paths", reference=count_solutions, cases=_q4_cases,
    describe=lambda args: f"count_paths({_show(args[0])})",
    hints=["Depth-first search: a function extend(path, total) that tries every legal next cell.",
           "When the path reaches End, count 1 if total == target. The numbers are positive, so when "
           "total > target no longer path can come back down: return 0 at once (that is the pruning).",
           "Do not step past End: a path that reaches End stops there."],
    solution='''
        def count_paths(puzzle):
            def extend(path, total):
                if total > puzzle.target:
                    return 0
                last = path[-1]
                if last == puzzle.end:
                    return 1 if total == puzzle.target else 0
                count = 0
                for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:
                    cell = (last[0] + dr, last[1] + dc)
                    if is_legal_step(path, cell, puzzle.rows, puzzle.cols):
                        count += extend(path + [cell], total + puzzle.numbers[cell[0]][cell[1]])
                return count
            start = puzzle.start
            return extend([start], puzzle.numbers[start[0]][start[1]])
    ''')


# ---- q5: a puzzle with exactly one solution ------------------------------------------------

def _is_unique_puzzle(expected: Puzzle, got) -> bool:
    return (isinstance(got, Puzzle) and (got.rows, got.cols) == (expected.rows, expected.cols)
            and check_path(got, got.path).ok and count_solutions(got) == 1)


q5 = FunctionExercise(
    "unique_puzzle", reference=lambda seed, rows, cols: generate_unique(seed, rows, cols),
    cases=lambda rng: [(0, 4, 5), (1, 3, 3)] + [(rng.randrange(10**6), rng.randint(3, 5), rng.randint(3, 5))
                                               for _ in range(8)],
    compare=_is_unique_puzzle,
    hints=["Keep making puzzles with generate(some_id, rows, cols) until one has exactly one solution.",
           "Draw the ids from random.Random(seed) so the same seed always gives the same puzzle; "
           "count with count_solutions (or your count_paths)."],
    solution='''
        import random
        from mathmaze_lib.summaze import generate, count_solutions

        def unique_puzzle(seed, rows, cols):
            rng = random.Random(seed)
            while True:
                puzzle = generate(rng.randrange(10**9), rows, cols)
                if count_solutions(puzzle) == 1:
                    return puzzle
    ''')


q6 = ThoughtExercise(
    "q6",
    question="""
        The generator plants ONE path, yet many puzzles have several solutions, and players
        find paths the generator never drew. Why? And why are unique puzzles usually the
        ones with long planted paths and big numbers?
    """,
    discussion="""
        The target is only a number: any other path from Start to End whose numbers add up
        to it also wins. With digits 1 to 9 on a 4 x 5 grid there are hundreds of simple
        paths from Start to End but only a few dozen possible sums, so by the pigeonhole
        principle many paths share a sum, and the planted sum is often among the shared ones.
        A short planted path has a small target; few paths are that short, but those few
        often tie. A long path with big numbers has a large target that is reached in many
        different ways too, so uniqueness depends on the exact numbers: that is why
        generate_unique simply tries puzzle after puzzle and keeps the first whose count is 1.
    """)
