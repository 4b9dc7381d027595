"""Math Maze's rules and text format: a puzzle, a player's path checked with reasons, why a click
is refused, the moves a search follows, and what a board shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...grid import ORTHOGONAL, Grid, GridParseError, are_adjacent, parse_cell, parse_grid
from ..protocol import OneStartOneEnd, Verdict

__all__ = ["Puzzle", "check_path", "running_sums", "path_sum", "legal_step", "refusal",
           "format_puzzle"]


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
        """The number in ``cell`` (its value, as :meth:`JumpMaze.value <mathmaze_lib.puzzles.jumpmaze.JumpMaze.value>`)."""
        return self.numbers[cell[0]][cell[1]]

    def to_dict(self) -> dict:
        """A JSON-ready dict (cells as ``[row, col]`` lists).

        >>> from mathmaze_lib.puzzles.summaze import generate
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


def _as_cell(cell, where: str) -> tuple:
    try:
        r, c = cell
    except (TypeError, ValueError):
        raise ValueError(f"{where}: a cell is a (row, col) pair, got {cell!r}") from None
    if any(isinstance(v, bool) or not isinstance(v, int) for v in (r, c)):
        raise ValueError(f"{where}: a cell is a (row, col) pair of whole numbers, got {cell!r}")
    return (r, c)


def check_path(puzzle: Puzzle, path) -> Verdict:
    """Check a whole path; when it fails, say where and which rule it breaks: the :class:`Verdict`'s
    ``step`` and ``cell`` (the cell of that step, or the last cell when the end or the sum is wrong).

    Steps are counted in moves: step 1 goes from the first cell to the second.
    Any valid path from Start to End with the target sum wins.

    >>> p = Puzzle(0, 2, 2, ((1, 2), (3, 0)), (0, 0), (1, 1), 3, ((0, 0), (0, 1), (1, 1)))
    >>> check_path(p, [(0, 0), (0, 1), (1, 1)])
    Verdict(ok=True, reason='correct: the numbers add up to 3', cell=None, step=None)
    >>> check_path(p, [(0, 0), (1, 0), (1, 1)]).reason
    'wrong sum: the numbers add up to 4, the target is 3'
    >>> check_path(p, [(0, 0), (1, 1)]).reason
    'step 1: (0, 0) to (1, 1) is not a step Up, Right, Down or Left'
    """
    cells = [_as_cell(c, f"step {k}" if k else "the first cell") for k, c in enumerate(path)]
    if not cells:
        return Verdict(False, "the path is empty: it must begin at Start " + str(puzzle.start))
    grid = puzzle.grid
    total = 0
    first_seen = {}
    for k, cell in enumerate(cells):
        if not grid.in_bounds(cell):
            where = "the first cell" if k == 0 else f"step {k}"
            return Verdict(False, f"{where}: {cell} is off the {puzzle.rows} x {puzzle.cols} grid", cell, k)
        if k == 0:
            if cell != puzzle.start:
                return Verdict(False, f"wrong start: the path begins at {cell} but Start is {puzzle.start}", cell, k)
        else:
            prev = cells[k - 1]
            broken = _broken_rules(puzzle, prev, cell, first_seen)
            if "apart" in broken:
                return Verdict(False, f"step {k}: {prev} to {cell} is not a step Up, Right, Down or Left", cell, k)
            if "visited" in broken:
                j = first_seen[cell]
                when = "at the start" if j == 0 else f"at step {j}"
                return Verdict(False, f"step {k}: {cell} was already visited {when}", cell, k)
            if "after_end" in broken:
                return Verdict(False, f"step {k}: the path goes on after reaching End {puzzle.end}", cell, k)
        first_seen[cell] = k
        total += puzzle.value(cell)
    if cells[-1] != puzzle.end:
        return Verdict(False, f"wrong end: the path stops at {cells[-1]} but End is {puzzle.end}", cells[-1])
    if total != puzzle.target:
        return Verdict(False, f"wrong sum: the numbers add up to {total}, the target is {puzzle.target}", cells[-1])
    return Verdict(True, f"correct: the numbers add up to {total}")


def running_sums(puzzle: Puzzle, path) -> list:
    """The sum after each cell of a (partial) path.

    >>> from mathmaze_lib.puzzles.summaze import generate
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
    :func:`check_path`, :func:`legal_step` and :func:`refusal` all ask it."""
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

    >>> from mathmaze_lib.puzzles.summaze import generate
    >>> p = generate(7)
    >>> legal_step(p, [], p.start), legal_step(p, [p.start], p.start)
    (True, False)
    """
    return refusal(puzzle, path, cell) is None


def refusal(puzzle: Puzzle, path, cell) -> Optional[str]:
    """Why ``cell`` may not extend the partial ``path``, in the words a game says to the player
    (None when it may): the same rules as :func:`check_path`, said about one click.

    >>> p = Puzzle(0, 2, 2, ((1, 2), (3, 0)), (0, 0), (1, 1), 3, ((0, 0), (0, 1), (1, 1)))
    >>> refusal(p, [(0, 0)], (0, 1)) is None
    True
    >>> refusal(p, [(0, 0)], (1, 1))
    '(1, 1) is not next to (0, 0): move one cell up, right, down or left.'
    >>> refusal(p, [(0, 0), (0, 1)], (0, 0))
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


def parse(text: str) -> Puzzle:
    """Read a puzzle in the text format of :meth:`Puzzle.text` (``id:`` is optional; the planted
    path is unknown, so it is empty). Errors name the line and the rule.

    >>> from mathmaze_lib.puzzles.summaze import generate
    >>> p = generate(42)
    >>> from dataclasses import replace
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
    """The verdict on a player's path: :func:`check_path` (the lesson's name for it).

    >>> from mathmaze_lib.puzzles.summaze import generate
    >>> p = generate(42)
    >>> check(p, p.path).ok, check(p, [p.start, p.start]).cell
    (True, (3, 1))
    """
    return check_path(puzzle, path)


def successors(puzzle: Puzzle, rule=None):
    """The moves of a Math Maze path as a successor function: a cell's neighbours Up, Right,
    Down, Left (a path never repeats a cell: :func:`mathmaze_lib.search.simple_paths` sees to that).

    >>> from mathmaze_lib.puzzles.summaze import generate
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
