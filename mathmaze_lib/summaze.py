"""Math Maze: trace a path from Start to End whose numbers add up to the target.

A puzzle is a grid of numbers (4 x 5 by default) with a Start cell and an
End cell.  The End cell holds no number (it is 0 in :attr:`Puzzle.numbers`):
it shows the target instead.  The player walks from Start to End through
orthogonally adjacent cells, never visiting a cell twice, and the numbers on
the way (Start included) must add up to the target.  Any such path wins, not
only the one the generator planted.

The puzzle id is the seed: ``generate(id)`` makes the same puzzle on every
machine.

>>> p = generate(7)
>>> check_path(p, p.path).ok
True
>>> count_solutions(p) >= 1
True
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace
from typing import Iterator, Optional

from .grid import ORTHOGONAL, Grid, GridParseError, are_adjacent, check_size, parse_cell, parse_grid
from .shape import OneStartOneEnd, Verdict
from .search import simple_paths

__all__ = [
    "CountStopped",
    "Puzzle", "generate", "random_walk", "PathCheck", "check_path", "running_sums",
    "path_sum", "legal_step", "why_not", "solutions", "count_solutions", "sum_histogram",
    "near_misses", "branching", "grade", "Grade", "generate_unique", "make", "format_puzzle",
]

#: Near misses are paths from Start to End whose sum is off by at most this much.
NEAR = 2


@dataclass(frozen=True)
class Puzzle(OneStartOneEnd):
    """One Math Maze puzzle.

    ``numbers[r][c]`` is the number in cell ``(r, c)`` (0 at the End, which
    shows the target instead); ``path`` is the walk the generator planted (one
    solution, maybe not the only one); ``unique`` says the puzzle was made by
    :func:`generate_unique` (so ``make(id, unique=True)`` rebuilds it).

    >>> p = Puzzle(0, 1, 3, ((2, 5, 0),), (0, 0), (0, 2), 7, ((0, 0), (0, 1), (0, 2)))
    >>> p.value((0, 1)), p.grid
    (5, Grid(rows=1, cols=3))
    """

    id: int
    rows: int
    cols: int
    numbers: tuple
    start: tuple
    end: tuple
    target: int
    path: tuple
    unique: bool = False

    @property
    def grid(self) -> Grid:
        """The puzzle's :class:`~mathmaze_lib.grid.Grid`."""
        return Grid(self.rows, self.cols)

    def value(self, cell) -> int:
        """The number in ``cell`` (its value, as :meth:`JumpMaze.value <mathmaze_lib.jumpmaze.JumpMaze.value>`)."""
        return self.numbers[cell[0]][cell[1]]

    def to_dict(self) -> dict:
        """A JSON-ready dict (cells as ``[row, col]`` lists).

        >>> sorted(generate(1).to_dict())
        ['cols', 'end', 'id', 'numbers', 'path', 'rows', 'start', 'target', 'unique']
        """
        return {"id": self.id, "rows": self.rows, "cols": self.cols,
                "numbers": [list(row) for row in self.numbers],
                "start": list(self.start), "end": list(self.end), "target": self.target,
                "path": [list(c) for c in self.path], "unique": self.unique}

    def text(self) -> str:
        """The puzzle in the text format :func:`parse` reads (End holds 0; the planted path is
        not part of it).

        >>> print(Puzzle(3, 1, 3, ((2, 5, 0),), (0, 0), (0, 2), 7, ((0, 0), (0, 1), (0, 2))).text())
        id: 3
        start: 0 0
        end: 0 2
        target: 7
        2 5 0
        """
        lines = [f"id: {self.id}", f"start: {self.start[0]} {self.start[1]}",
                 f"end: {self.end[0]} {self.end[1]}", f"target: {self.target}"]
        return "\n".join(lines + [" ".join(map(str, row)) for row in self.numbers])


# ---------------------------------------------------------------- generation

def _check_id(id) -> int:
    if isinstance(id, bool) or not isinstance(id, int):
        raise ValueError(f"puzzle id {id!r}: an id is a whole number")
    if id < 0:
        raise ValueError(f"puzzle id {id}: an id must be 0 or more")
    return id


def _check_range(name: str, pair, low: int) -> tuple:
    try:
        lo, hi = pair
    except (TypeError, ValueError):
        raise ValueError(f"{name} {pair!r}: give two whole numbers (low, high)") from None
    for v in (lo, hi):
        if isinstance(v, bool) or not isinstance(v, int):
            raise ValueError(f"{name} {pair!r}: give two whole numbers (low, high)")
    if lo > hi:
        raise ValueError(f"{name} ({lo}, {hi}): the range is inverted (low must be at most high)")
    if lo < low:
        raise ValueError(f"{name} ({lo}, {hi}): low must be at least {low}")
    return lo, hi


def _check_settings(rows, cols, lengths, values) -> tuple:
    check_size(rows, cols, max_rows=100, max_cols=100)
    lengths = _check_range("lengths", lengths, 1)
    values = _check_range("values", values, 1)
    if lengths[0] > rows * cols:
        raise ValueError(f"lengths {lengths}: a walk of {lengths[0]} cells cannot fit "
                         f"on a {rows} x {cols} grid ({rows * cols} cells)")
    return lengths, values


def random_walk(grid: Grid, start, length: int, rng: random.Random) -> list:
    """A self-avoiding walk of up to ``length`` cells from ``start``.

    At each step the walk looks at the free neighbours in the fixed order
    Up, Right, Down, Left and picks one with ``rng.choice``; when none is
    free it is boxed in and stops early.

    >>> random_walk(Grid(1, 4), (0, 0), 9, random.Random(1))
    [(0, 0), (0, 1), (0, 2), (0, 3)]
    """
    walk = [start]
    seen = {start}
    while len(walk) < length:
        free = [n for n in grid.neighbours(walk[-1], ORTHOGONAL) if n not in seen]
        if not free:
            break
        cell = rng.choice(free)
        walk.append(cell)
        seen.add(cell)
    return walk


def generate(id: int, rows: int = 4, cols: int = 5, lengths=(5, 9), values=(1, 9)) -> Puzzle:
    """The puzzle with this id: the same numbers, Start, End and target everywhere.

    With ``random.Random(id)``: the numbers (each drawn from ``values``, row
    by row), a random Start, a random length (in cells) from ``lengths``,
    then a self-avoiding random walk (:func:`random_walk`) that may stop
    early when boxed in.  The End is the walk's last cell (its number is set
    to 0: it shows the target) and the target is the sum along the walk.

    >>> p = generate(3, rows=2, cols=3)
    >>> p.target == sum(p.value(c) for c in p.path), p.path[0] == p.start, p.path[-1] == p.end
    (True, True, True)
    >>> generate(3, rows=0, cols=5)
    Traceback (most recent call last):
    ...
    ValueError: grid size 0 x 5: rows must be at least 1
    """
    _check_id(id)
    lengths, values = _check_settings(rows, cols, lengths, values)
    rng = random.Random(id)
    grid = Grid(rows, cols)
    numbers = [[rng.randint(*values) for _ in range(cols)] for _ in range(rows)]
    start = (rng.randrange(rows), rng.randrange(cols))
    length = rng.randint(*lengths)
    walk = random_walk(grid, start, length, rng)
    end = walk[-1]
    if end != start:
        numbers[end[0]][end[1]] = 0
    target = sum(numbers[r][c] for r, c in walk)
    return Puzzle(id, rows, cols, tuple(tuple(row) for row in numbers), start, end, target, tuple(walk))


# ---------------------------------------------------------------- checking

@dataclass(frozen=True)
class PathCheck:
    """The verdict on a path: ``ok``, a ``reason`` in words, the ``total`` so far,
    and the ``step`` (move number, 1 for the first move) where it broke, if any.

    ``bool(check)`` is ``check.ok``.
    """

    ok: bool
    reason: str
    total: int = 0
    step: Optional[int] = None

    def __bool__(self) -> bool:
        return self.ok


def _as_cell(cell, where: str) -> tuple:
    try:
        r, c = cell
    except (TypeError, ValueError):
        raise ValueError(f"{where}: a cell is a (row, col) pair, got {cell!r}") from None
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (r, c)):
        raise ValueError(f"{where}: a cell is a (row, col) pair of whole numbers, got {cell!r}")
    return (r, c)


def check_path(puzzle: Puzzle, path) -> PathCheck:
    """Check a whole path; when it fails, say where and which rule it breaks.

    Steps are counted in moves: step 1 goes from the first cell to the second.
    Any valid path from Start to End with the target sum wins.

    >>> p = Puzzle(0, 2, 2, ((1, 2), (3, 0)), (0, 0), (1, 1), 3, ((0, 0), (0, 1), (1, 1)))
    >>> check_path(p, [(0, 0), (0, 1), (1, 1)])
    PathCheck(ok=True, reason='correct: the numbers add up to 3', total=3, step=None)
    >>> check_path(p, [(0, 0), (1, 0), (1, 1)]).reason
    'wrong sum: the numbers add up to 4, the target is 3'
    >>> check_path(p, [(0, 0), (1, 1)]).reason
    'step 1: (0, 0) to (1, 1) is not a step Up, Right, Down or Left'
    """
    cells = [_as_cell(c, f"step {k}" if k else "the first cell") for k, c in enumerate(path)]
    if not cells:
        return PathCheck(False, "the path is empty: it must begin at Start " + str(puzzle.start))
    grid = puzzle.grid
    total = 0
    first_seen = {}
    for k, cell in enumerate(cells):
        if not grid.in_bounds(cell):
            where = "the first cell" if k == 0 else f"step {k}"
            return PathCheck(False, f"{where}: {cell} is off the {puzzle.rows} x {puzzle.cols} grid", total, k)
        if k == 0:
            if cell != puzzle.start:
                return PathCheck(False, f"wrong start: the path begins at {cell} but Start is {puzzle.start}", 0, 0)
        else:
            prev = cells[k - 1]
            broken = _broken_rules(puzzle, prev, cell, first_seen)
            if "apart" in broken:
                return PathCheck(False, f"step {k}: {prev} to {cell} is not a step Up, Right, Down or Left", total, k)
            if "visited" in broken:
                j = first_seen[cell]
                when = "at the start" if j == 0 else f"at step {j}"
                return PathCheck(False, f"step {k}: {cell} was already visited {when}", total, k)
            if "after_end" in broken:
                return PathCheck(False, f"step {k}: the path goes on after reaching End {puzzle.end}", total, k)
        first_seen[cell] = k
        total += puzzle.value(cell)
    if cells[-1] != puzzle.end:
        return PathCheck(False, f"wrong end: the path stops at {cells[-1]} but End is {puzzle.end}", total)
    if total != puzzle.target:
        return PathCheck(False, f"wrong sum: the numbers add up to {total}, the target is {puzzle.target}", total)
    return PathCheck(True, f"correct: the numbers add up to {total}", total)


def running_sums(puzzle: Puzzle, path) -> list:
    """The sum after each cell of a (partial) path.

    >>> p = generate(7)
    >>> running_sums(p, p.path)[-1] == p.target
    True
    """
    out, total = [], 0
    grid = puzzle.grid
    for k, cell in enumerate(path):
        cell = _as_cell(cell, f"step {k}")
        if not grid.in_bounds(cell):
            raise ValueError(f"step {k}: {cell} is off the {puzzle.rows} x {puzzle.cols} grid")
        total += puzzle.value(cell)
        out.append(total)
    return out


def path_sum(numbers, path) -> int:
    """The sum of the numbers along ``path`` (``numbers`` is a list of rows).

    >>> path_sum([[1, 2], [3, 4]], [(0, 0), (0, 1), (1, 1)])
    7
    """
    return sum(numbers[r][c] for r, c in path)


def _broken_rules(puzzle: Puzzle, last, cell, visited) -> list:
    """The rules a step from ``last`` to ``cell`` breaks (``visited``: the cells of the path so far):
    ``off`` the grid, ``apart`` (not one step Up, Right, Down or Left), ``visited`` already,
    ``after_end`` (the path has reached End). One place for the rules of a step:
    :func:`check_path`, :func:`legal_step` and :func:`why_not` all ask it."""
    broken = []
    if not puzzle.grid.in_bounds(cell):
        broken.append("off")
    if not are_adjacent(last, cell, ORTHOGONAL):
        broken.append("apart")
    if cell in visited:
        broken.append("visited")
    if last == puzzle.end:
        broken.append("after_end")
    return broken


def legal_step(puzzle: Puzzle, path, cell) -> bool:
    """True when ``cell`` may extend the partial ``path``: on the grid, one step
    Up, Right, Down or Left from the last cell, not visited yet, and the path
    has not already reached End.  An empty path may only begin at Start.

    >>> p = generate(7)
    >>> legal_step(p, [], p.start), legal_step(p, [p.start], p.start)
    (True, False)
    """
    return why_not(puzzle, path, cell) is None


def why_not(puzzle: Puzzle, path, cell) -> Optional[str]:
    """Why ``cell`` may not extend the partial ``path``, in the words a game says to the player
    (None when it may): the same rules as :func:`check_path`, said about one click.

    >>> p = Puzzle(0, 2, 2, ((1, 2), (3, 0)), (0, 0), (1, 1), 3, ((0, 0), (0, 1), (1, 1)))
    >>> why_not(p, [(0, 0)], (0, 1)) is None
    True
    >>> why_not(p, [(0, 0)], (1, 1))
    '(1, 1) is not next to (0, 0): move one cell up, right, down or left.'
    >>> why_not(p, [(0, 0), (0, 1)], (0, 0))
    '(0, 0) is already on your path: a path never visits a cell twice.'
    """
    cell = tuple(cell)
    if not path:
        return None if cell == puzzle.start else f"A path begins at Start {puzzle.start}, not at {cell}."
    last = tuple(path[-1])
    broken = _broken_rules(puzzle, last, cell, set(map(tuple, path)))
    if "after_end" in broken:
        return "The path has reached End: click the last cell to undo, or Reset."
    if "off" in broken:
        return f"{cell} is off the {puzzle.rows} x {puzzle.cols} grid."
    if "visited" in broken:
        return f"{cell} is already on your path: a path never visits a cell twice."
    if "apart" in broken:
        return f"{cell} is not next to {last}: move one cell up, right, down or left."
    return None


# ---------------------------------------------------------------- solving

def solutions(puzzle: Puzzle) -> Iterator[list]:
    """Every solution, by depth-first search with pruning (the teaching version).

    It is :func:`mathmaze_lib.search.simple_paths` on the grid, with a prune
    hook: the numbers are positive, so once a partial sum passes the target
    no longer path can come back down, and that branch is cut.  A path that
    reaches End with the wrong sum is cut too.

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

    >>> p = generate(7)
    >>> count_solutions(p) == len(list(solutions(p)))
    True
    >>> count_solutions(generate(7, 10, 10, lengths=(60, 80)), max_steps=1000)
    Traceback (most recent call last):
    ...
    mathmaze_lib.summaze.CountStopped: counting stopped after 1,000 search steps with 29 solutions so far (the puzzle has too many long paths to count them all; raise max_steps to go on)
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


def generate_unique(id: int, rows: int = 4, cols: int = 5, lengths=(5, 9), values=(1, 9),
                    *, level: Optional[str] = None, max_tries: int = 10_000) -> Puzzle:
    """A puzzle with exactly one solution, made from ``id`` (and ``level``, if given).

    ``random.Random(id)`` draws sub-seeds; each one makes a puzzle with
    :func:`generate`, and the first whose only solution is the planted walk
    (and whose grade is ``level``, when given) is returned, with ``id`` set
    back to the given id and ``unique=True``.  Same id, same puzzle.

    >>> p = generate_unique(5)
    >>> p.id, p.unique, count_solutions(p)
    (5, True, 1)
    """
    _check_id(id)
    _check_settings(rows, cols, lengths, values)
    if level not in (None, "easy", "medium", "hard"):
        raise ValueError(f"level {level!r}: choose 'easy', 'medium' or 'hard' (or None)")
    rng = random.Random(id)
    for _ in range(max_tries):
        p = generate(rng.getrandbits(32), rows, cols, lengths, values)
        if count_solutions(p, cap=2) != 1:
            continue
        if level is not None and grade(p).level != level:
            continue
        return replace(p, id=id, unique=True)
    raise ValueError(f"puzzle id {id}: no unique {rows} x {cols} puzzle"
                     f"{' of level ' + level if level else ''} found in {max_tries} tries")


def make(id: int, rows: int = 4, cols: int = 5, *, unique: bool = False, **kw) -> Puzzle:
    """:func:`generate_unique` when ``unique`` else :func:`generate` (what the widgets and CLI call).

    >>> make(5, unique=True) == generate_unique(5)
    True
    """
    return (generate_unique if unique else generate)(id, rows, cols, **kw)


def format_puzzle(puzzle: Puzzle, path=()) -> str:
    """The puzzle as text: Start's number in brackets, End shown as ``=target``,
    cells of ``path`` marked with ``*``.

    >>> print(format_puzzle(Puzzle(0, 1, 3, ((2, 5, 0),), (0, 0), (0, 2), 7, ((0, 0), (0, 1), (0, 2)))))
    [2]   5  =7
    """
    on_path = set(map(tuple, path))
    cells = []
    for r in range(puzzle.rows):
        row = []
        for c in range(puzzle.cols):
            if (r, c) == puzzle.end:
                text = f"={puzzle.target}"
            elif (r, c) == puzzle.start:
                text = f"[{puzzle.numbers[r][c]}]"
            else:
                text = f"{puzzle.numbers[r][c]}" + ("*" if (r, c) in on_path else "")
            row.append(text)
        cells.append(row)
    width = max(len(t) for row in cells for t in row)
    return "\n".join(" ".join(t.rjust(width) for t in row).rstrip() for row in cells)


def texts_and_roles(puzzle: Puzzle, path=()) -> tuple:
    """What a board or a picture shows: the numbers (End shows ``=target``) and a role per cell
    (``start``, ``end``, ``path`` for the other cells of ``path``).

    >>> texts, roles = texts_and_roles(Puzzle(0, 1, 3, ((2, 5, 0),), (0, 0), (0, 2), 7, ((0, 0), (0, 1), (0, 2))))
    >>> texts, roles
    ([['2', '5', '=7']], {(0, 0): 'start', (0, 2): 'end'})
    """
    texts = [[str(v) for v in row] for row in puzzle.numbers]
    texts[puzzle.end[0]][puzzle.end[1]] = f"={puzzle.target}"
    roles = {tuple(cell): "path" for cell in path}
    roles.update({puzzle.start: "start", puzzle.end: "end"})
    return texts, roles


def dfs_steps(puzzle: Puzzle, prune: bool = True) -> list:
    """Every step of the depth-first count of :func:`count_solutions`, to replay on a board
    (see :func:`mathmaze_lib.replay.dfs_frame`): a route is cut as soon as its total passes the
    target (``prune``), and a route that reaches End stops there.

    A route that reaches End with another total is a ``miss``.

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

    >>> p = generate(2, 3, 3)
    >>> describe_step(p, dfs_steps(p), 1)
    'Step 1: start at (2, 2): total 1 of 19.'
    """
    from .replay import describe_dfs

    if index == 0:
        return f"Start: the search begins at Start {puzzle.start}; the target is {puzzle.target}."
    return describe_dfs(steps, index, total=lambda route: sum(puzzle.value(c) for c in route),
                        target=puzzle.target, goal="End")


# ---------------------------------------------------------------- the shape every puzzle has

def parse(text: str) -> Puzzle:
    """Read a puzzle in the text format of :meth:`Puzzle.text` (``id:`` is optional; the planted
    path is unknown, so it is empty). Errors name the line and the rule.

    >>> p = generate(42)
    >>> parse(p.text()) == replace(p, path=())
    True
    >>> parse("start: 0 0\\nend: 0 1\\ntarget: 4\\n2 x")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: line 4, column 3: 'x' is not allowed here: a cell holds a whole number from 0 up
    """
    p = parse_grid(text, split="whitespace", headers=["id", "start", "end", "target"],
                   token_rule=lambda tok: None if tok.isascii() and tok.isdigit() else
                   "a cell holds a whole number from 0 up")
    rows, cols = p.shape
    values = {}
    for key in ("start", "end", "target", "id"):
        if key not in p.headers:
            if key == "id":
                values[key] = 0
                continue
            raise GridParseError(None, None, f"the header line '{key}: ...' is missing (a Math Maze needs "
                                             f"start, end and target)")
        raw = p.headers[key]
        try:
            if key in ("start", "end"):
                cell = parse_cell(raw, where=key)
                if not (0 <= cell[0] < rows and 0 <= cell[1] < cols):
                    raise ValueError(f"{cell} is off the {rows} x {cols} grid")
                values[key] = cell
            else:
                if not (raw.isascii() and raw.isdigit()):
                    raise ValueError(f"{raw!r} is not a whole number >= 0")
                values[key] = int(raw)
        except ValueError as exc:
            raise p.header_error(key, str(exc).split(": ", 1)[-1]) from None
    numbers = tuple(tuple(int(tok) for tok in row) for row in p.rows)
    return Puzzle(values["id"], rows, cols, numbers, values["start"], values["end"], values["target"], ())


def check(puzzle: Puzzle, path) -> Verdict:
    """The verdict on a player's path (see :func:`check_path`), with the cell where it broke.

    >>> p = generate(42)
    >>> check(p, p.path).ok, check(p, [p.start, p.start]).cell
    (True, (3, 1))
    """
    result = check_path(puzzle, path)
    cell = None
    if not result.ok and result.step is not None and result.step < len(path):
        cell = tuple(path[result.step])
    elif not result.ok and path:
        cell = tuple(path[-1])
    return Verdict(result.ok, result.reason, cell)


def successors(puzzle: Puzzle, rule=None):
    """The moves of a Math Maze path as a successor function: a cell's neighbours Up, Right,
    Down, Left (a path never repeats a cell: :func:`mathmaze_lib.search.simple_paths` sees to that).

    >>> successors(generate(42))((0, 0))
    [(0, 1), (1, 0)]
    """
    if rule not in (None, "ortho"):
        raise ValueError(f"rule {rule!r}: a Math Maze path moves Up, Right, Down or Left only ('ortho')")
    grid = puzzle.grid
    return lambda cell: list(grid.neighbours(cell, ORTHOGONAL))


def view(puzzle: Puzzle, path=None) -> tuple:
    """``(texts, roles)`` of the puzzle with a player's ``path`` (see :func:`texts_and_roles`)."""
    return texts_and_roles(puzzle, path or ())
