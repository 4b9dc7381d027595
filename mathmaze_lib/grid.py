"""The one grid model: cells, directions, bounds and text parsing.

A cell is a ``(row, col)`` tuple with row 0 at the top.  Directions are
``(drow, dcol)`` steps, always listed in the fixed order Up, Right, Down,
Left, then the four diagonals clockwise from Up-Right.  That order matters:
searches that break ties (the wall-maze runner) follow it.

>>> g = Grid(2, 3)
>>> list(g.neighbours((0, 0)))
[(0, 1), (1, 0)]
>>> g.index((1, 2)), g.cell(5)
(5, (1, 2))
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Iterator, Optional, Sequence

Cell = tuple  # (row, col); a plain tuple so cells are cheap dict keys

UP, RIGHT, DOWN, LEFT = (-1, 0), (0, 1), (1, 0), (0, -1)
UP_RIGHT, DOWN_RIGHT, DOWN_LEFT, UP_LEFT = (-1, 1), (1, 1), (1, -1), (-1, -1)

#: Orthogonal steps in the fixed order Up, Right, Down, Left.
ORTHOGONAL = (UP, RIGHT, DOWN, LEFT)
#: Diagonal steps, clockwise from Up-Right.
DIAGONAL = (UP_RIGHT, DOWN_RIGHT, DOWN_LEFT, UP_LEFT)
#: All eight steps: the orthogonal ones first, then the diagonals.
ALL_EIGHT = ORTHOGONAL + DIAGONAL

#: The largest grid any puzzle accepts unless it says otherwise.
MAX_SIDE = 1000


def check_size(rows, cols, *, max_rows: int = MAX_SIDE, max_cols: int = MAX_SIDE) -> None:
    """Raise ``ValueError`` unless ``rows x cols`` is a possible grid size.

    >>> check_size(4, 5)
    >>> check_size(0, 5)
    Traceback (most recent call last):
    ...
    ValueError: grid size 0 x 5: rows must be at least 1
    """
    for name, value, top in (("rows", rows, max_rows), ("cols", cols, max_cols)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"grid size {rows!r} x {cols!r}: {name} must be a whole number")
        if value < 1:
            raise ValueError(f"grid size {rows} x {cols}: {name} must be at least 1")
        if value > top:
            raise ValueError(f"grid size {rows} x {cols}: {name} must be at most {top}")


@dataclass(frozen=True)
class Grid:
    """A rectangle of ``rows x cols`` cells: bounds, indices and neighbours.

    >>> Grid(3, 3).in_bounds((2, 3))
    False
    """

    rows: int
    cols: int

    def __post_init__(self):
        check_size(self.rows, self.cols)

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.rows * self.cols

    def in_bounds(self, cell) -> bool:
        """True when ``cell`` lies on the grid."""
        r, c = cell
        return 0 <= r < self.rows and 0 <= c < self.cols

    def cells(self) -> Iterator[tuple]:
        """All cells, row by row from the top-left.

        >>> list(Grid(1, 2).cells())
        [(0, 0), (0, 1)]
        """
        for r in range(self.rows):
            for c in range(self.cols):
                yield (r, c)

    def index(self, cell) -> int:
        """The cell's number when cells are numbered row by row from 0."""
        return cell[0] * self.cols + cell[1]

    def cell(self, index: int) -> tuple:
        """The cell with number ``index`` (the inverse of :meth:`index`)."""
        return divmod(index, self.cols)

    def step(self, cell, direction, distance: int = 1, *, wrap: bool = False):
        """The cell ``distance`` steps away in ``direction``, or None when off the grid.

        With ``wrap=True`` the grid is a torus and the answer is never None.

        >>> Grid(3, 3).step((0, 0), DOWN, 2)
        (2, 0)
        >>> Grid(3, 3).step((0, 0), UP, 1, wrap=True)
        (2, 0)
        """
        r = cell[0] + direction[0] * distance
        c = cell[1] + direction[1] * distance
        if wrap:
            return (r % self.rows, c % self.cols)
        if 0 <= r < self.rows and 0 <= c < self.cols:
            return (r, c)
        return None

    def neighbours(self, cell, directions: Sequence = ORTHOGONAL) -> Iterator[tuple]:
        """Cells one step away, in the order of ``directions``, that lie on the grid."""
        r, c = cell
        for dr, dc in directions:
            nr, nc = r + dr, c + dc
            if 0 <= nr < self.rows and 0 <= nc < self.cols:
                yield (nr, nc)

    def neighbour_array(self, directions: Sequence = ORTHOGONAL, *, packed: bool = True):
        """:meth:`neighbour_table` as a numpy array shaped (cells, directions): row ``i`` holds the numbers
        of cell ``i``'s neighbours in the order of ``directions``, then -1s; made with whole-array steps
        (a 500 x 500 grid's in milliseconds, where a loop over the cells takes seconds).  ``packed=False``:
        column ``j`` is the neighbour in ``directions[j]``, -1 where that step leaves the grid.

        >>> Grid(2, 3).neighbour_array()[:2].tolist()
        [[1, 3, -1, -1], [2, 4, 0, -1]]
        >>> Grid(2, 3).neighbour_array(packed=False)[:2].tolist()      # Up, Right, Down, Left
        [[-1, 1, 3, -1], [-1, 2, 4, 0]]
        """
        import numpy as np

        r, c = np.divmod(np.arange(self.size, dtype=np.int32), self.cols)
        near = np.full((self.size, len(directions)), -1, np.int32)
        for j, (dr, dc) in enumerate(directions):
            rr, cc = r + dr, c + dc
            on = (rr >= 0) & (rr < self.rows) & (cc >= 0) & (cc < self.cols)
            near[on, j] = (rr * self.cols + cc)[on]
        if not packed:
            return near
        order = np.argsort(near < 0, axis=1, kind="stable")     # the neighbours first, in their order
        return np.take_along_axis(near, order, axis=1)

    def neighbour_table(self, directions: Sequence = ORTHOGONAL) -> list:
        """For the fast searches on cell numbers: ``table[i]`` is the tuple of the numbers of
        cell ``i``'s :meth:`neighbours`, in the same order.

        >>> Grid(2, 3).neighbour_table()
        [(1, 3), (2, 4, 0), (5, 1), (0, 4), (1, 5, 3), (2, 4)]
        """
        return list(_neighbour_table(self.rows, self.cols, tuple(map(tuple, directions))))


@functools.lru_cache(maxsize=64)
def _neighbour_table(rows: int, cols: int, directions: tuple) -> tuple:
    """:meth:`Grid.neighbour_table`, made once per shape and directions (every run of the wall-maze
    runner, every jumping-maze measure asks for it again).  A big grid's is made by numpy's whole-array
    steps; a lesson's small grids never load numpy for it (a learner's code, or a hostile notebook that
    used up the process's threads, meets no import it did not ask for)."""
    grid = Grid(rows, cols)
    if grid.size > _BIG_TABLE:
        return tuple(tuple(v for v in row if v >= 0) for row in grid.neighbour_array(directions).tolist())
    return tuple(tuple(grid.index(n) for n in grid.neighbours(cell, directions)) for cell in grid.cells())


#: Cells above which :func:`_neighbour_table` is made by numpy (a loop takes about 1 s per 100,000 cells).
_BIG_TABLE = 10_000


def are_adjacent(a, b, directions: Sequence = ORTHOGONAL) -> bool:
    """True when ``b`` is one step from ``a`` in one of ``directions``.

    >>> are_adjacent((0, 0), (0, 1)), are_adjacent((0, 0), (1, 1))
    (True, False)
    """
    return (b[0] - a[0], b[1] - a[1]) in directions


def parse_cell(text: str, *, where: str = "") -> tuple:
    """Read a cell written ``"R C"`` or ``"R,C"``.

    >>> parse_cell("2 3"), parse_cell("2,3")
    ((2, 3), (2, 3))
    """
    parts = text.replace(",", " ").split()
    prefix = f"{where}: " if where else ""
    shown = text.strip() if len(text.strip()) <= 40 else text.strip()[:40] + "..."
    if len(parts) != 2 or not all(_WHOLE.fullmatch(p) for p in parts):
        raise ValueError(f"{prefix}a cell is written as two whole numbers 'ROW COL', got {shown!r}")
    if any(len(p.lstrip("-")) > 7 for p in parts):
        raise ValueError(f"{prefix}{shown!r}: row and column have at most 7 digits (a grid is at most "
                         f"{MAX_SIDE} x {MAX_SIDE})")
    return (int(parts[0]), int(parts[1]))


_WHOLE = re.compile(r"-?[0-9]+")   # ASCII digits only: '²' or '١' pass str.isdigit but are no cell numbers


def read_text(source, *, max_bytes: int, name: Optional[str] = None) -> str:
    """The text of a file (a path, or a binary file object such as ``sys.stdin.buffer``), read as
    UTF-8; at most ``max_bytes`` are read, so ``/dev/zero`` or a huge file is refused at once.
    Every problem is a ``ValueError`` naming the file (``name``, default the path) and the rule.

    >>> import io
    >>> read_text(io.BytesIO(b"s.f"), max_bytes=100, name="board.txt")
    's.f'
    >>> read_text(io.BytesIO("s.f".encode("utf-16")), max_bytes=100, name="board.txt")
    Traceback (most recent call last):
    ...
    ValueError: board.txt: this is UTF-16 text, not UTF-8: save the file as UTF-8
    >>> read_text(io.BytesIO(bytes(200)), max_bytes=100, name="/dev/zero")
    Traceback (most recent call last):
    ...
    ValueError: /dev/zero: more than 100 bytes, more than the largest legal board needs (at most 100 bytes are read)
    """
    name = name or str(source)
    try:
        if hasattr(source, "read"):
            data = source.read(max_bytes + 1)
        else:
            with open(source, "rb") as f:
                data = f.read(max_bytes + 1)
    except IsADirectoryError:
        raise ValueError(f"{name}: is a folder, not a file") from None
    except OSError as exc:
        raise ValueError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    if len(data) > max_bytes:
        raise ValueError(f"{name}: more than {max_bytes:,} bytes, more than the largest legal board needs "
                         f"(at most {max_bytes:,} bytes are read)")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise ValueError(f"{name}: this is UTF-16 text, not UTF-8: save the file as UTF-8")
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    if b"\x00" in data:
        raise ValueError(f"{name}: not UTF-8 text (a NUL byte at offset {data.index(0)}: a binary or "
                         "UTF-16 file?); a board is a UTF-8 text file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ValueError(f"{name}: not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
                         "save the file as UTF-8") from None


class GridParseError(ValueError):
    """A text grid broke a rule; ``line`` and ``column`` are 1-based (column may be None)."""

    def __init__(self, line: Optional[int], column: Optional[int], message: str):
        self.line, self.column, self.rule = line, column, message
        if line is None:
            where = ""
        elif column is None:
            where = f"line {line}: "
        else:
            where = f"line {line}, column {column}: "
        super().__init__(where + message)


@dataclass
class ParsedGrid:
    """What :func:`parse_grid` read: header values, the token rows, and where each token stood.

    ``places[r][c]`` is the ``(line, column)`` of ``rows[r][c]`` in the text, so a
    puzzle module can report an error at the exact place.
    """

    headers: dict = field(default_factory=dict)
    header_lines: dict = field(default_factory=dict)
    rows: list = field(default_factory=list)
    places: list = field(default_factory=list)

    @property
    def shape(self) -> tuple:
        """``(rows, cols)`` of the grid read."""
        return (len(self.rows), len(self.rows[0]) if self.rows else 0)

    def error(self, cell, message: str) -> GridParseError:
        """An error at the text place of ``cell``, naming the cell too."""
        line, column = self.places[cell[0]][cell[1]]
        return GridParseError(line, column, f"cell {tuple(cell)}: {message}")

    def header_error(self, key: str, message: str) -> GridParseError:
        """An error at the line of header ``key``."""
        return GridParseError(self.header_lines.get(key), None, f"{key}: {message}")

    def whole(self, key: str, default: int = 0) -> int:
        """Header ``key`` as a whole number >= 0 (``default`` when the text has none), or an error at its line.

        >>> p = parse_grid("id: 7\\n..", split="chars", headers=["id"])
        >>> p.whole("id"), parse_grid("..", split="chars", headers=["id"]).whole("id")
        (7, 0)
        >>> parse_grid("id: 2x\\n..", split="chars", headers=["id"]).whole("id")
        Traceback (most recent call last):
        ...
        mathmaze_lib.grid.GridParseError: line 1: id: '2x' is not a whole number >= 0
        """
        raw = self.headers.get(key)
        if raw is None:
            return default
        if not (raw.isascii() and raw.isdigit()):
            raise self.header_error(key, f"{raw!r} is not a whole number >= 0")
        return int(raw)


def parse_grid(
    text: str,
    *,
    split: str = "whitespace",
    headers: Iterable[str] = (),
    token_rule: Optional[Callable[[str], Optional[str]]] = None,
    max_rows: int = MAX_SIDE,
    max_cols: int = MAX_SIDE,
    comment: str = ";",
) -> ParsedGrid:
    """Parse a rectangular grid of tokens from text, with errors that name line and column.

    ``split="whitespace"`` reads whitespace-separated tokens (jump mazes);
    ``split="chars"`` reads one character per cell (wall mazes).  Lines
    starting with ``comment`` and blank lines are skipped.  Lines ``key: value``
    whose key is in ``headers`` are read as headers, only before the first
    grid row.  ``token_rule(token)`` returns None for a good token or a short
    description of the rule it breaks.

    >>> p = parse_grid("rule: ortho\\n1 2\\n3 0", headers=["rule"])
    >>> p.headers, p.rows
    ({'rule': 'ortho'}, [['1', '2'], ['3', '0']])
    >>> parse_grid("1 2\\n3")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: line 2: row 2 has 1 cells but row 1 has 2 (rows must all be the same length)
    """
    if not isinstance(text, str):
        raise GridParseError(None, None, f"expected the maze as text, got {type(text).__name__}")
    if split not in ("whitespace", "chars"):
        raise ValueError(f"split must be 'whitespace' or 'chars', not {split!r}")
    headers = {h.lower() for h in headers}
    parsed = ParsedGrid()
    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        stripped = line.strip()
        if not stripped or stripped.startswith(comment):
            continue
        key, sep, value = stripped.partition(":")
        if sep and headers and key.strip().lower() in headers and " " not in key.strip():
            if parsed.rows:
                raise GridParseError(lineno, 1, f"header '{key.strip()}' must come before the grid rows")
            name = key.strip().lower()
            if name in parsed.headers:
                raise GridParseError(lineno, 1, f"header '{name}' is given twice")
            parsed.headers[name] = value.strip()
            parsed.header_lines[name] = lineno
            continue
        tokens, places = _split_line(line, split, lineno, max_cols, len(parsed.rows) + 1)
        if token_rule is not None:
            for tok, (ln, col) in zip(tokens, places):
                problem = token_rule(tok)
                if problem:
                    shown = tok if len(tok) <= 40 else tok[:20] + "..." + tok[-5:]
                    raise GridParseError(ln, col, f"{shown!r} is not allowed here: {problem}")
        if parsed.rows and len(tokens) != len(parsed.rows[0]):
            raise GridParseError(
                lineno, None,
                f"row {len(parsed.rows) + 1} has {len(tokens)} cells but row 1 has "
                f"{len(parsed.rows[0])} (rows must all be the same length)")
        if len(tokens) > max_cols:
            raise GridParseError(lineno, None, f"row {len(parsed.rows) + 1} has {len(tokens)} cells; at most {max_cols} are allowed")
        if len(parsed.rows) >= max_rows:
            raise GridParseError(lineno, None, f"more than {max_rows} rows; at most {max_rows} are allowed")
        parsed.rows.append(tokens)
        parsed.places.append(places)
    if not parsed.rows:
        raise GridParseError(None, None, "no grid rows found (the text is empty or only headers and comments)")
    return parsed


def _split_line(line: str, split: str, lineno: int, max_cols: int = MAX_SIDE, row: int = 1):
    tokens, places = [], []
    if split == "chars":
        body = line.strip()
        offset = len(line) - len(line.lstrip())
        if len(body) > max_cols:
            raise GridParseError(lineno, None, f"row {row} has {len(body)} cells; at most {max_cols} are allowed")
        for i, ch in enumerate(body):
            if ch.isspace():
                raise GridParseError(lineno, offset + i + 1, "spaces are not allowed inside a row (one character per cell)")
            tokens.append(ch)
            places.append((lineno, offset + i + 1))
        return tokens, places
    col = 0
    n = len(line)
    while col < n:
        if line[col].isspace():
            col += 1
            continue
        start = col
        while col < n and not line[col].isspace():
            col += 1
        if len(tokens) >= max_cols:        # count the rest without keeping them (a 50 MB line)
            total = max_cols + sum(1 for _ in re.finditer(r"\S+", line[start:]))
            raise GridParseError(lineno, None, f"row {row} has {total} cells; at most {max_cols} are allowed")
        tokens.append(line[start:col])
        places.append((lineno, start + 1))
    return tokens, places
