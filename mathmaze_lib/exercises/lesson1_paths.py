"""Lesson 1's first exercises, on one path: q1 the sum of a path, q2 whether one more step is legal,
q3 a whole path checked (with the small puzzles and paths their cases are made of).

:mod:`.lesson1` is the lesson's module (``ex``): it imports these and adds the depth-first searches.
"""

from __future__ import annotations

from functools import lru_cache

from ..grid import ORTHOGONAL, Grid, are_adjacent
from ..puzzles.summaze import (Puzzle, check_path, format_puzzle, generate, legal_step, path_sum, random_walk,
                               solutions)
from .core import FunctionExercise
from .rules import Rule, by_size, deciding_cases, rule_diagnose


def _show(p: Puzzle) -> str:
    """A puzzle as a small text grid: Start's number in brackets, End as =target."""
    grid = format_puzzle(p)
    if p.rows > 5:
        return f"the {p.rows} x {p.cols} puzzle {p.id} (Start {p.start}, End {p.end}, target {p.target})"
    return "the puzzle\n" + "\n".join("    " + line for line in grid.splitlines()) + "\n "


def _puzzle(numbers, start, end, path) -> Puzzle:
    """A hand-made puzzle (End holds 0; the target is the planted path's sum)."""
    numbers = tuple(tuple(row) for row in numbers)
    return Puzzle(0, len(numbers), len(numbers[0]), numbers, start, end,
                  sum(numbers[r][c] for r, c in path), tuple(path))


def _paths_up_to(grid: Grid, cells: int) -> list:
    """Every simple path of 1 to ``cells`` cells on a small grid, shortest first."""
    out = [[cell] for cell in grid.cells()]
    frontier = list(out)
    for _ in range(cells - 1):
        frontier = [path + [n] for path in frontier for n in grid.neighbours(path[-1], ORTHOGONAL) if n not in path]
        out += frontier
    return out


@lru_cache(maxsize=None)
def _lesson_puzzles() -> tuple:
    """The puzzles the lesson shows (42, its first; the tiny one of the depth-first search; 7, with three
    solutions), each with the paths the lesson tries on it: the check's cases include them."""
    p42, tiny, seven = generate(42), generate(2, 3, 3), generate(7)
    tries = [list(p42.path), [(3, 1), (3, 0), (2, 0), (2, 1)], [(3, 1), (2, 1), (2, 2)], [(3, 1), (3, 2), (3, 1)],
             [(3, 1), (2, 2), (2, 1)]]
    return ((p42, tries), (tiny, [list(tiny.path)]), (seven, [list(path) for path in solutions(seven)]))


# ---- q1: the sum of a path --------------------------------------------------------------

Q1_RULES = [
    Rule("every cell of the path counts, the first one (Start) too;",
         lambda numbers, path: sum(numbers[r][c] for r, c in path[1:]),
         lambda numbers, path: sum(numbers[r][c] for r, c in set(path)),
         advice="Add the number of every cell, path[0] included, each time the path visits it."),
    Rule("`numbers[r][c]` is the number in row `r`, column `c`;",
         lambda numbers, path: sum(numbers[c][r] for r, c in path),
         advice="A cell is (row, col): numbers[row] is its row, numbers[row][col] its number."),
    Rule("an empty path adds up to 0.",
         lambda numbers, path: numbers[path[0][0]][path[0][1]] + sum(numbers[r][c] for r, c in path[1:]),
         advice="Start the total at 0 and add one cell at a time."),
]


@lru_cache(maxsize=None)
def _q1_deciding() -> tuple:
    candidates = [([[5]], [])]
    for numbers in ([[5]], [[1, 2], [3, 4]], [[1, 2, 3], [4, 5, 6], [7, 8, 9]]):
        candidates += [(numbers, path) for path in _paths_up_to(Grid(len(numbers), len(numbers[0])), 3)]
        candidates += [(numbers, path + path[-2:-1]) for path in _paths_up_to(Grid(len(numbers), len(numbers[0])), 2)
                       if len(path) == 2]            # a step back: a cell the path visits twice
    return tuple(deciding_cases(path_sum, Q1_RULES, by_size(candidates, _q1_size), per_slip=2))


def _q1_size(case) -> tuple:
    numbers, path = case
    return (len(path), len(numbers) * len(numbers[0]))


def _q1_cases(rng):
    cases = list(_q1_deciding()) + [([[1, 2], [3, 4]], [(0, 0), (0, 1), (1, 1), (1, 0)]),
                                    ([[1, 2, 3], [4, 5, 6]], [(1, 2), (0, 2), (0, 1)])]
    cases += [([list(row) for row in p.numbers], path) for p, paths in _lesson_puzzles() for path in paths]
    for _ in range(20):
        rows, cols = rng.randint(1, 5), rng.randint(1, 6)
        numbers = [[rng.randint(1, 9) for _ in range(cols)] for _ in range(rows)]
        start = (rng.randrange(rows), rng.randrange(cols))
        cases.append((numbers, random_walk(Grid(rows, cols), start, rng.randint(1, 9), rng)))
    return by_size(cases, _q1_size)


def _q1_diagnose(expected, got, args):
    numbers, path = args
    twice = [cell for cell in dict.fromkeys(path) if path.count(cell) > 1]
    if twice and got == sum(numbers[r][c] for r, c in set(path)):
        return (f"The path visits {twice[0]} twice: every cell of the path counts, each time the path visits it, "
                f"so add up the path itself, not set(path).")
    return None


q1 = FunctionExercise(
    "path_sum", reference=path_sum, cases=_q1_cases, diagnose=rule_diagnose(Q1_RULES, _q1_diagnose),
    forbidden=[path_sum], method="Loop over the cells (r, c) of the path and add up numbers[r][c].",
    hints=["`numbers[r][c]` is the number in row r, column c; a path is a list of (r, c) pairs.",
           "Loop over the cells of the path and add up numbers[r][c]; an empty path adds up to 0."])


# ---- q2: is one more step legal? --------------------------------------------------------

def is_legal_step(path, cell, rows, cols):
    """True when ``cell`` may extend ``path``: on the grid, next to the last cell, not yet visited."""
    r, c = cell
    return (0 <= r < rows and 0 <= c < cols and are_adjacent(path[-1], cell, ORTHOGONAL)
            and cell not in path)


def _on(cell, rows, cols) -> bool:
    return 0 <= cell[0] < rows and 0 <= cell[1] < cols


def _apart(a, b) -> int:
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


Q2_RULES = [
    Rule("`cell` is on the `rows x cols` grid: `0 <= row < rows` and `0 <= col < cols`;",
         lambda path, cell, rows, cols: _apart(path[-1], cell) == 1 and cell not in path),
    Rule("`cell` touches the last cell of `path`: one step up, right, down or left (not diagonal, not two away);",
         lambda path, cell, rows, cols: _on(cell, rows, cols) and _apart(path[0], cell) == 1 and cell not in path,
         lambda path, cell, rows, cols: _on(cell, rows, cols) and cell not in path
         and max(abs(cell[0] - path[-1][0]), abs(cell[1] - path[-1][1])) == 1,
         lambda path, cell, rows, cols: _on(cell, rows, cols) and cell not in path and _apart(path[-1], cell) <= 2),
    Rule("`cell` is not on `path` yet;",
         lambda path, cell, rows, cols: _on(cell, rows, cols) and _apart(path[-1], cell) == 1),
    Rule("the answer is `True` or `False`.",
         lambda path, cell, rows, cols: int(is_legal_step(path, cell, rows, cols))),
]


def _q2_size(case) -> tuple:
    path, cell, rows, cols = case
    return (rows * cols, len(path))


@lru_cache(maxsize=None)
def _q2_deciding() -> tuple:
    candidates = []
    for rows, cols in [(1, 2), (1, 3), (2, 2), (2, 3), (3, 3)]:
        box = [(r, c) for r in range(-1, rows + 1) for c in range(-1, cols + 1)]
        for path in _paths_up_to(Grid(rows, cols), 3):
            candidates += [(path, cell, rows, cols) for cell in box]
    return tuple(deciding_cases(is_legal_step, Q2_RULES, by_size(candidates, _q2_size), per_slip=2))


def _q2_cases(rng):
    cases = list(_q2_deciding()) + [
             ([(0, 0)], (0, 1), 2, 2), ([(0, 0)], (1, 1), 2, 2), ([(0, 0), (0, 1)], (0, 0), 2, 2),
             ([(0, 0)], (-1, 0), 2, 2), ([(1, 1)], (1, 2), 2, 2), ([(0, 0)], (0, 2), 1, 3),
             ([(0, 1)], (1, 1), 1, 3), ([(2, 0)], (2, -1), 3, 3), ([(1, 1), (1, 2), (0, 2)], (0, 1), 3, 3),
             ([(1, 1), (1, 2), (2, 2), (2, 1)], (1, 1), 3, 3), ([(0, 0), (1, 0)], (2, 0), 2, 2)]
    cases += [(path[:k], path[k], p.rows, p.cols) for p, paths in _lesson_puzzles()[:1] for path in paths
              for k in range(1, len(path))]          # each step of the paths the lesson tries on puzzle 42
    for _ in range(40):
        rows, cols = rng.randint(1, 5), rng.randint(1, 5)
        start = (rng.randrange(rows), rng.randrange(cols))
        path = random_walk(Grid(rows, cols), start, rng.randint(1, 8), rng)
        last = path[-1]
        dr, dc = rng.choice([(-1, 0), (0, 1), (1, 0), (0, -1), (1, 1), (0, 2)])
        cases.append((path, (last[0] + dr, last[1] + dc), rows, cols))
        cases.append((path, rng.choice(path), rows, cols))
    return by_size(cases, _q2_size)


def _q2_diagnose(expected, got, args):
    path, cell, rows, cols = args
    last = path[-1]
    if expected is True and got is False:
        return (f"{cell} is on the grid, not on the path yet, and one step from the last cell {last} "
                f"(a step starts from the end of the path): it may extend the path.")
    if expected is False and got is True:
        if len(path) > 1 and abs(cell[0] - path[0][0]) + abs(cell[1] - path[0][1]) == 1 \
                and abs(cell[0] - last[0]) + abs(cell[1] - last[1]) != 1:
            return f"{cell} touches the first cell {path[0]}, but the next step starts from the last cell {last}."
        if cell in path:
            return f"{cell} is already on the path: a path never visits a cell twice."
        if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
            return f"{cell} is off the {rows} x {cols} grid."
        if abs(cell[0] - last[0]) == 1 and abs(cell[1] - last[1]) == 1:
            return f"{cell} is diagonal to {last}: steps go up, right, down or left only."
        return f"{cell} does not touch the last cell {last}."
    return None


q2 = FunctionExercise(
    "is_legal_step", reference=is_legal_step, cases=_q2_cases, diagnose=rule_diagnose(Q2_RULES, _q2_diagnose),
    forbidden=[legal_step, check_path, are_adjacent],
    method="Check the three rules yourself: on the grid, next to path[-1], not on the path yet.",
    hints=["Three rules: the cell is on the grid, it touches the last cell of the path "
           "(up, right, down or left), and it is not on the path yet.",
           "Two cells touch when |r1 - r2| + |c1 - c2| == 1."])


# ---- q3: check a whole path --------------------------------------------------------------

def is_solution(puzzle, path):
    """True when ``path`` solves ``puzzle``: from Start to End, legal steps, the right sum."""
    return check_path(puzzle, path).ok


def _simple_paths(grid: Grid):
    """Every simple path (at least two cells) on a small grid, from every cell."""
    out = []

    def extend(path):
        if len(path) > 1:
            out.append(list(path))
        for nxt in grid.neighbours(path[-1], ORTHOGONAL):
            if nxt not in path:
                path.append(nxt)
                extend(path)
                path.pop()

    for cell in grid.cells():
        extend([cell])
    return out


def _tricky_paths(p: Puzzle) -> list:
    """Paths with the target's sum that break another rule: they start elsewhere, or run on past End."""
    found = {}
    for path in _simple_paths(p.grid):
        if sum(p.value(c) for c in path) != p.target:
            continue
        if path[-1] == p.end and path[0] != p.start:
            found.setdefault("elsewhere", path)
        elif path[0] == p.start and p.end in path[:-1]:
            found.setdefault("past end", path)
    return list(found.values())


def _solution_but(skip: str):
    """is_solution with one rule left out (``skip``), as a learner who forgets that rule writes it."""
    def is_solution(puzzle, path):
        if skip != "empty" and not path:
            return False
        if skip != "start" and path[0] != puzzle.start:
            return False
        if skip != "end" and path[-1] != puzzle.end:
            return False
        for a, b in zip(path, path[1:]):
            if skip == "steps":       # diagonal steps too
                near = max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1
            elif skip == "jumps":     # two cells straight on too
                near = _apart(a, b) == 1 or (_apart(a, b) == 2 and (a[0] == b[0] or a[1] == b[1]))
            else:
                near = _apart(a, b) == 1
            if not near:
                return False
        if skip != "twice" and len(set(path)) != len(path):
            return False
        if skip != "grid" and not all(_on(cell, puzzle.rows, puzzle.cols) for cell in path):
            return False
        total = sum(puzzle.numbers[r][c] for r, c in path)
        return skip == "sum" or (total >= puzzle.target if skip == "at least" else total == puzzle.target)
    return is_solution


Q3_RULES = [
    Rule("the path is not empty;", _solution_but("empty")),
    Rule("it starts at Start (`puzzle.start`);", _solution_but("start")),
    Rule("it ends at End (`puzzle.end`);", _solution_but("end")),
    Rule("every step goes one cell up, right, down or left;", _solution_but("steps"), _solution_but("jumps")),
    Rule("it never visits a cell twice;", _solution_but("twice")),
    Rule("it stays on the grid (careful: Python reads `numbers[-1]` as the last row, so a cell off the grid "
         "may not raise an error);", _solution_but("grid")),
    Rule("its numbers add up to the target (`puzzle.target`), Start's number included.", _solution_but("sum"),
         _solution_but("at least"), advice="The sum must be the target exactly: not less, not more."),
]


def _made(numbers, start, end, path, extra: int = 0) -> Puzzle:
    """A small puzzle for ``path``: End holds 0, the target is the path's sum as Python adds it up
    (a cell off the grid reads another row), plus ``extra``."""
    rows, cols = len(numbers), len(numbers[0])
    grid = tuple(tuple(0 if (r, c) == end else numbers[r][c] for c in range(cols)) for r in range(rows))
    try:
        target = sum(grid[r][c] for r, c in path) + extra
    except IndexError:
        target = 1 + extra
    return Puzzle(0, rows, cols, grid, start, end, target, ())


def _walks(rows: int, cols: int) -> list:
    """Walks of 1 to 4 cells from every cell of a small grid, through a ring of cells around it:
    one step of up to two cells (diagonal or straight on), or steps up, right, down or left."""
    near = [(dr, dc) for dr in range(-2, 3) for dc in range(-2, 3) if 0 < abs(dr) + abs(dc) <= 2]
    inside = lambda cell: -1 <= cell[0] <= rows and -1 <= cell[1] <= cols   # noqa: E731
    walks = [[(r, c)] for r in range(rows) for c in range(cols)]
    out = list(walks)
    first = [w + [(w[-1][0] + dr, w[-1][1] + dc)] for w in walks for dr, dc in near
             if inside((w[-1][0] + dr, w[-1][1] + dc))]
    out += first
    walks = [w for w in first if _apart(*w) == 1]
    for _ in (3, 4):
        walks = [w + [(w[-1][0] + dr, w[-1][1] + dc)] for w in walks for dr, dc in ORTHOGONAL
                 if inside((w[-1][0] + dr, w[-1][1] + dc))]
        out += walks
    return out


def _q3_size(case) -> tuple:
    puzzle, path = case
    return (puzzle.rows * puzzle.cols, len(path))


def _q3_candidates():
    """Small puzzles made for each walk of :func:`_walks`, smallest first: Start and End where the walk
    begins and ends, then Start moved, End moved, the target one more, one less; and the empty path."""
    for numbers in ([[2, 3]], [[1, 2], [4, 3]], [[2, 5, 3]], [[3, 1, 4], [1, 5, 9]]):
        rows, cols = len(numbers), len(numbers[0])
        cells = [(r, c) for r in range(rows) for c in range(cols)]
        yield _made(numbers, cells[0], cells[-1], []), []
        for walk in sorted(_walks(rows, cols), key=len):
            start = walk[0]
            end = walk[-1] if _on(walk[-1], rows, cols) and walk[-1] != start else cells[-1]
            moved_start = next(c for c in cells if c not in (start, end)) if rows * cols > 2 else end
            moved_end = next(c for c in reversed(cells) if c not in (start, end)) if rows * cols > 2 else start
            for s, e, extra in ((start, end, 0), (moved_start, end, 0), (start, moved_end, 0), (start, end, 1),
                                (start, end, -1)):
                if s != e:
                    yield _made(numbers, s, e, walk, extra), walk


@lru_cache(maxsize=None)
def _q3_deciding() -> tuple:
    return tuple(deciding_cases(is_solution, Q3_RULES, _q3_candidates(), per_slip=2))


def _q3_cases(rng):
    two_ways = _puzzle([[2, 0, 7], [9, 4, 6]], (0, 0), (0, 1), [(0, 0), (1, 0), (1, 1), (0, 1)])
    cases = list(_q3_deciding()) + [(two_ways, list(two_ways.path)), (two_ways, [(0, 0), (0, 1), (0, 2), (1, 2)]),
             (two_ways, [(0, 0), (0, 1)]), (two_ways, [(1, 1), (1, 2), (0, 2), (0, 1)])]
    cases += [(p, path) for p, paths in _lesson_puzzles() for path in paths]
    for pid in range(40):
        p = generate(pid, 3, 3, lengths=(3, 7))
        cases += [(p, path) for path in _tricky_paths(p)]
    for pid in range(12):
        p = generate(pid)
        walk = list(p.path)
        cases += [(p, walk), (p, []), (p, walk[:-1]), (p, walk[1:]), (p, walk + [walk[-2]]), (p, walk[::-1])]
        if len(walk) > 2:
            cases.append((p, [walk[0], walk[2]] + walk[2:]))
        detour = random_walk(p.grid, p.start, rng.randint(2, 12), rng)
        cases.append((p, detour + [p.end] if p.end not in detour else detour))
    return by_size(cases, _q3_size)


def _q3_diagnose(expected, got, args):
    puzzle, path = args
    if expected is False and got is True and path:
        if path[0] != puzzle.start:
            return f"The path starts at {path[0]}, but a solution starts at Start {puzzle.start}."
        if path[-1] != puzzle.end:
            return f"The path ends at {path[-1]}: a solution stops at End {puzzle.end}."
        return check_path(puzzle, path).reason
    return None


q3 = FunctionExercise(
    "is_solution", reference=is_solution, cases=_q3_cases, diagnose=rule_diagnose(Q3_RULES, _q3_diagnose),
    describe=lambda args: f"is_solution on {_show(args[0])} with path {args[1]}",
    forbidden=[check_path, legal_step], uses=[q1, q2],
    method="Use your is_legal_step for every step and your path_sum for the total.",
    hints=["Use your is_legal_step for every step after the first, and your path_sum at the end.",
           "Check: the path is not empty, path[0] == puzzle.start, every later step is legal, "
           "path[-1] == puzzle.end, and path_sum(puzzle.numbers, path) == puzzle.target."])
