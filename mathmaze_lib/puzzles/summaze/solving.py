"""Solving and measuring Math Mazes: every solution by depth-first search (the lesson's way), a
fast count of the solutions and of their sums, near misses, branching and a grade.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterator, Optional

from ...grid import ORTHOGONAL
from ...search import simple_paths
from .rules import NEAR, Puzzle

__all__ = ["CountStopped", "solutions", "count_solutions", "sum_histogram", "near_misses", "branching",
           "grade", "Grade"]


def solutions(puzzle: Puzzle) -> Iterator[list]:
    """Every solution, by depth-first search with pruning (the teaching version).

    It is :func:`mathmaze_lib.search.simple_paths` on the grid, with a prune
    hook: the numbers are positive, so once a partial sum passes the target
    no longer path can come back down, and that branch is cut.  A path that
    reaches End with the wrong sum is cut too.

    >>> from mathmaze_lib.puzzles.summaze import check_path, generate
    >>> p = generate(7)
    >>> all(check_path(p, s).ok for s in solutions(p))
    True
    """
    numbers, target, end = puzzle.numbers, puzzle.target, puzzle.end

    def prune(route) -> bool:
        total = sum(numbers[r][c] for r, c in route)
        return total > target or (route[-1] == end and total != target)

    return simple_paths(puzzle.grid.neighbours, puzzle.start, end, prune=prune)


def _index_tables(puzzle: Puzzle):
    nbrs = tuple(puzzle.grid.neighbour_table(ORTHOGONAL))
    vals = tuple(v for row in puzzle.numbers for v in row)
    return nbrs, vals


class CountStopped(ValueError):
    """Counting took more than ``max_steps`` search steps; ``found`` solutions were counted by then."""

    def __init__(self, max_steps: int, found: int):
        self.max_steps, self.found = max_steps, found
        super().__init__(f"counting stopped after {max_steps:,} search steps with {found} solutions so far "
                         "(the puzzle has too many long paths to count them all; raise max_steps to go on)")


def sum_histogram(puzzle: Puzzle, limit: int, *, cap: Optional[int] = None,
                  max_steps: Optional[int] = None) -> Counter:
    """How many simple Start-to-End paths have each sum up to ``limit``.

    This is the fast counter: the same depth-first search as
    :func:`solutions`, but over cell numbers with the visited set kept as
    the bits of one integer, no route lists, and one more cut (every cell
    still to come holds at least the smallest number, and End is at least
    its Manhattan distance away).  It exists because counting is run many
    times per puzzle made (uniqueness, difficulty) and the benchmark goal
    is 1 ms for a 4 x 5 puzzle; tests check that it agrees with
    :func:`solutions` and with networkx.  With ``cap``, it stops once the
    target's count reaches ``cap`` (the other counts are then partial).  With ``max_steps``,
    it raises :class:`CountStopped` after that many steps of the search (a 10 x 10 puzzle
    with long walks has billions of paths).

    >>> p = Puzzle(0, 2, 2, ((1, 2), (3, 0)), (0, 0), (1, 1), 3, ((0, 0), (0, 1), (1, 1)))
    >>> sorted(sum_histogram(p, 10).items())
    [(3, 1), (4, 1)]
    """
    nbrs, vals = _index_tables(puzzle)
    grid = puzzle.grid
    s, e = grid.index(puzzle.start), grid.index(puzzle.end)
    hist: Counter = Counter()
    if s == e:
        if vals[s] <= limit:
            hist[vals[s]] += 1
        return hist
    er, ec = puzzle.end
    positive = [v for i, v in enumerate(vals) if i != e]
    smallest = min(positive) if positive else 0
    # floor[i]: the least the cells strictly between i and End can add.
    floor = tuple(smallest * max(0, abs(r - er) + abs(c - ec) - 1) for r, c in grid.cells())
    target = puzzle.target
    end_value = vals[e]
    # An explicit stack (one iterator of neighbours per cell of the path) instead of recursion:
    # a path may hold every cell of a big grid.
    budget = max_steps if max_steps is not None else -1
    stop = None
    if vals[s] + floor[s] <= limit:
        if budget == 0:
            stop = "steps"
        budget -= budget > 0
        stack = [(iter(nbrs[s]), 1 << s, vals[s])]
        while stack and stop is None:
            todo, seen, total = stack[-1]
            for j in todo:
                if seen >> j & 1:
                    continue
                if j == e:
                    t = total + end_value
                    if t <= limit:
                        hist[t] += 1
                        if cap is not None and t == target and hist[t] >= cap:
                            stop = "cap"
                            break
                    continue
                t = total + vals[j]
                if t + floor[j] + end_value > limit:
                    continue
                if budget == 0:
                    stop = "steps"
                    break
                budget -= budget > 0
                stack.append((iter(nbrs[j]), seen | 1 << j, t))
                break
            else:
                stack.pop()
    if stop == "steps":
        raise CountStopped(max_steps, hist[target])
    return hist


def count_solutions(puzzle: Puzzle, *, cap: Optional[int] = None, max_steps: Optional[int] = None) -> int:
    """How many paths solve the puzzle (stopping at ``cap`` when given; after ``max_steps``
    steps of the search it raises :class:`CountStopped`, which says how many it found).

    >>> from mathmaze_lib.puzzles.summaze import generate
    >>> p = generate(7)
    >>> count_solutions(p) == len(list(solutions(p)))
    True
    >>> count_solutions(generate(7, 10, 10, lengths=(60, 80)), max_steps=1000)
    Traceback (most recent call last):
    ...
    mathmaze_lib.puzzles.summaze.CountStopped: counting stopped after 1,000 search steps with 29 solutions so far (the puzzle has too many long paths to count them all; raise max_steps to go on)
    """
    return sum_histogram(puzzle, puzzle.target, cap=cap, max_steps=max_steps)[puzzle.target]


def near_misses(puzzle: Puzzle, near: int = NEAR) -> int:
    """How many Start-to-End paths miss the target by 1 to ``near``.

    These are the paths a player is most likely to try by mistake.

    >>> near_misses(Puzzle(0, 2, 2, ((1, 2), (3, 0)), (0, 0), (1, 1), 3, ((0, 0), (0, 1), (1, 1))))
    1
    """
    hist = sum_histogram(puzzle, puzzle.target + near)
    return sum(n for s, n in hist.items() if s != puzzle.target and abs(s - puzzle.target) <= near)


def branching(puzzle: Puzzle) -> float:
    """The mean number of free neighbours (choices) at each cell of the planted path before End.

    >>> branching(Puzzle(0, 1, 3, ((2, 5, 0),), (0, 0), (0, 2), 7, ((0, 0), (0, 1), (0, 2))))
    1.0
    """
    grid = puzzle.grid
    seen = set()
    choices = []
    for cell in puzzle.path[:-1]:
        seen.add(cell)
        choices.append(sum(1 for n in grid.neighbours(cell) if n not in seen))
    return sum(choices) / len(choices) if choices else 0.0


@dataclass(frozen=True)
class Grade:
    """A difficulty grade with the numbers behind it."""

    level: str          # "easy", "medium" or "hard"
    points: int
    moves: int          # length of the planted path in moves
    near_misses: int
    branching: float


def grade(puzzle: Puzzle) -> Grade:
    """Grade a puzzle easy / medium / hard.

    One point each for a path of at least 5 moves, at least 7 moves, at
    least 2 near misses (:func:`near_misses`), at least 5 near misses, and
    a branching (:func:`branching`) of 2.5 or more.  0-1 points is easy,
    2-3 medium, 4-5 hard.

    >>> grade(Puzzle(0, 1, 3, ((2, 5, 0),), (0, 0), (0, 2), 7, ((0, 0), (0, 1), (0, 2)))).level
    'easy'
    """
    moves = len(puzzle.path) - 1
    near = near_misses(puzzle)
    branch = branching(puzzle)
    points = (moves >= 5) + (moves >= 7) + (near >= 2) + (near >= 5) + (branch >= 2.5)
    level = "easy" if points <= 1 else "medium" if points <= 3 else "hard"
    return Grade(level, points, moves, near, round(branch, 2))


def dfs_steps(puzzle: Puzzle, prune: bool = True) -> list:
    """Every step of the depth-first count of :func:`count_solutions`, to replay on a board
    (see :func:`mathmaze_lib.replay.dfs_frame`): a route is cut as soon as its total passes the
    target (``prune``), and a route that reaches End stops there.

    A route that reaches End with another total is a ``miss``.

    >>> from mathmaze_lib.puzzles.summaze import generate
    >>> p = generate(2, 3, 3)
    >>> steps = dfs_steps(p)
    >>> sum(s.action == "found" for s in steps) == count_solutions(p), sorted({s.action for s in steps})
    (True, ['back', 'cut', 'extend', 'found', 'miss'])
    """
    steps: list = []
    too_big = (lambda route: sum(puzzle.value(c) for c in route) > puzzle.target) if prune else None
    for _ in simple_paths(puzzle.grid.neighbours, puzzle.start, puzzle.end, prune=too_big, trace=steps):
        pass
    for i, step in enumerate(steps):
        if step.action == "found" and sum(puzzle.value(c) for c in step.route) != puzzle.target:
            steps[i] = replace(step, action="miss")
    return steps


def describe_step(puzzle: Puzzle, steps: list, index: int) -> str:
    """One line on step ``index`` of :func:`dfs_steps`, with the route's total (frame 0: the start).

    >>> from mathmaze_lib.puzzles.summaze import generate
    >>> p = generate(2, 3, 3)
    >>> describe_step(p, dfs_steps(p), 1)
    'Step 1: start at (2, 2): total 1 of 19.'
    """
    from ...replay import describe_dfs

    if index == 0:
        return f"Start: the search begins at Start {puzzle.start}; the target is {puzzle.target}."
    return describe_dfs(steps, index, total=lambda route: sum(puzzle.value(c) for c in route),
                        target=puzzle.target, goal="End")
