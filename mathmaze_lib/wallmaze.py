"""Wall mazes (Mazer / Pathery): boards, the runner's path, the score, levels.

A board has start cells ``s``, finish cells ``f``, rocks ``#``, open cells ``.``
and checkpoints ``A``, ``B``, ... .  The player puts up to ``budget`` walls on
open cells; then the *runner* walks: one breadth-first search from all start
cells at once (queued in row order) to the nearest copy of the first
checkpoint, then from there to the nearest copy of the next one, ..., then to
the nearest finish.  Ties are broken by the fixed direction order Up, Right,
Down, Left.  The score is the number of moves; the player wants it long.
A wall set that leaves no route is *blocked* and has no score (None).

Tiles (as in Pathery).  ``p`` is an *unbuildable* cell: the runner may cross
it, no wall may go on it.  Teleports come in five colours, each a pair of
neighbouring letters (Pathery's own letters): in-cells ``t`` and out-cells
``u`` (colour 1), ``m``/``n`` (2), ``g``/``h`` (3), ``i``/``j`` (4), ``k``/``l``
(5).  A colour needs at least one in-cell and one out-cell.  Each leg's
route is planned as if teleports were ordinary cells; when the planned route
steps onto an in-cell of a colour not used yet, the runner jumps to that
colour's out-cells (the jump is not a move), the colour is used up, and the
leg is planned again from all the colour's out-cells at once (queued in row
order, like the starts).  A used colour's cells are ordinary cells for the
rest of the run; out-cells never do anything.  So a teleport can make the
runner's walk longer as well as shorter.

>>> tele = parse('''
... s.t.f
... ..p..
... u....
... ''')
>>> r = run(tele)                  # 2 moves to t, the jump to u, then 6 moves back and on to f
>>> r.moves, r.jumps, score(tele, [(0, 1)])
(8, [((0, 2), (2, 0))], 10)

>>> maze = parse('''
... walls: 2
... s...f
... s.#.f
... s...f
... ''')
>>> score(maze), score(maze, [(0, 1)]), score(maze, [(0, 2), (2, 2)])
(4, 4, None)
>>> run(maze, [(2, 1)]).path
[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
"""

from __future__ import annotations

import json
import operator
import random
from dataclasses import dataclass
from importlib import resources
from typing import Iterable, Optional

from .grid import ORTHOGONAL, Grid, GridParseError, parse_grid
from .search import bfs, _bfs_bits, _bits_route
from .shape import Verdict

UNLIMITED = 999
#: The most bytes a board file may have: a 1000 x 1000 board, its header and some comments.
MAX_TEXT_BYTES = 2 * 2**20
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: What :meth:`WallMaze.char` says for checkpoints after Z (a map code may have more than 26).
LATER_CHECKPOINT = "+"
#: An unbuildable cell: the runner crosses it, no wall may go on it (Pathery's "patch").
UNBUILDABLE = "p"
#: The teleport colours 1, 2, ... as (in-cell letter, out-cell letter), Pathery's own letters.
TELEPORTS = (("t", "u"), ("m", "n"), ("g", "h"), ("i", "j"), ("k", "l"))
_TELE_CHAR = {ch: (k, side) for k, pair in enumerate(TELEPORTS) for side, ch in enumerate(pair)}
_ALLOWED = ".#sf" + LETTERS + UNBUILDABLE + "".join(_TELE_CHAR)


def _token_rule(tok: str) -> Optional[str]:
    if tok in _ALLOWED:
        return None
    return ("use '.' open, '#' rock, 's' start, 'f' finish, 'A', 'B', ... checkpoints, 'p' unbuildable, "
            "teleports in/out 't'/'u', 'm'/'n', 'g'/'h', 'i'/'j', 'k'/'l'")


class WallError(ValueError):
    """A wall that cannot go where it is: the message names the wall and the rule, ``cell`` is where."""

    def __init__(self, message: str, cell: Optional[tuple] = None):
        super().__init__(message)
        self.cell = cell


@dataclass(frozen=True)
class WallMaze:
    """A wall-maze board (without the player's walls).

    ``starts`` are in row order (the order the runner's search queues them);
    ``checkpoints[i]`` holds the cells of letter ``LETTERS[i]``; ``budget`` is
    the number of walls allowed (999 = unlimited); ``unbuildable`` holds the
    ``p`` cells; ``teleports`` holds one ``(colour, ins, outs)`` per colour on
    the board (colour 0 is ``t``/``u``, see :data:`TELEPORTS`; cells in row order).

    >>> m = parse("s.f")
    >>> m.rows, m.cols, m.starts, m.ends, m.open_cells()
    (1, 3, ((0, 0),), ((0, 2),), [(0, 1)])
    """

    rows: int
    cols: int
    rocks: frozenset
    starts: tuple
    ends: tuple
    checkpoints: tuple = ()
    budget: int = UNLIMITED
    unbuildable: frozenset = frozenset()
    teleports: tuple = ()

    @property
    def grid(self) -> Grid:
        """The :class:`~mathmaze_lib.grid.Grid` of the board."""
        return Grid(self.rows, self.cols)

    @property
    def shape(self) -> tuple:
        return (self.rows, self.cols)

    def char(self, cell) -> str:
        """The text character of ``cell`` ('.', '#', 's', 'f', a checkpoint letter, 'p' or a teleport letter).

        >>> parse("sAf").char((0, 1))
        'A'
        """
        if cell in self.rocks:
            return "#"
        if cell in self.starts:
            return "s"
        if cell in self.ends:
            return "f"
        for i, cells in enumerate(self.checkpoints):
            if cell in cells:
                return LETTERS[i] if i < len(LETTERS) else LATER_CHECKPOINT
        if cell in self.unbuildable:
            return UNBUILDABLE
        for colour, ins, outs in self.teleports:
            if cell in ins:
                return TELEPORTS[colour][0]
            if cell in outs:
                return TELEPORTS[colour][1]
        return "."

    def is_open(self, cell) -> bool:
        """True when a wall may go on ``cell`` (an open '.' cell on the board)."""
        return self.grid.in_bounds(cell) and self.char(cell) == "."

    def open_cells(self) -> list:
        """Every open cell (where a wall may go), row by row."""
        taken = set(self.rocks).union(self.starts, self.ends, self.unbuildable, *self.checkpoints)
        for _, ins, outs in self.teleports:
            taken.update(ins, outs)
        return [c for c in self.grid.cells() if c not in taken]

    def text(self) -> str:
        """The board in the text format (what :func:`parse` reads).

        >>> print(parse("walls: 3\\ns.#f").text())
        walls: 3
        s.#f
        """
        if len(self.checkpoints) > len(LETTERS):
            raise ValueError(f"this board has {len(self.checkpoints)} checkpoints; the text format writes at most "
                             f"{len(LETTERS)} (A to Z): write it as a map code (mathmaze_lib.mapcode.write)")
        lines = [f"walls: {self.budget}"]
        for r in range(self.rows):
            lines.append("".join(self.char((r, c)) for c in range(self.cols)))
        return "\n".join(lines)

    def check_walls(self, walls: Iterable) -> frozenset:
        """Return ``walls`` as a frozenset of cells, or raise ValueError naming the bad wall (a
        :class:`WallError`, with the bad ``cell``, when the wall is a cell of the wrong kind).

        >>> parse("s.#f").check_walls([(0, 2)])
        Traceback (most recent call last):
        ...
        mathmaze_lib.wallmaze.WallError: wall 1 at cell (0, 2): a wall cannot go on a rock (walls go on open '.' cells)
        """
        out = set()
        for i, w in enumerate(walls, start=1):
            try:
                if len(w) != 2:
                    raise TypeError
                cell = (w[0], w[1])
            except (TypeError, ValueError, IndexError, KeyError):
                raise ValueError(f"wall {i}: {w!r} is not a cell (row, col)") from None
            try:    # ints (numpy's too), never floats, bools or text: 1.5 is not silently row 1
                if any(isinstance(v, bool) for v in cell):
                    raise TypeError
                cell = (operator.index(cell[0]), operator.index(cell[1]))
            except TypeError:
                raise ValueError(f"wall {i}: {w!r}: row and column must be whole numbers (ints), "
                                 f"not {', '.join(type(v).__name__ for v in cell)}") from None
            if not self.grid.in_bounds(cell):
                raise WallError(f"wall {i} at cell {cell}: off the {self.rows} x {self.cols} board", cell)
            kind = self.char(cell)
            if kind != ".":
                what = _what(kind)
                raise WallError(f"wall {i} at cell {cell}: a wall cannot go on {what} (walls go on open '.' cells)", cell)
            if cell in out:
                raise WallError(f"wall {i} at cell {cell}: this cell already has a wall", cell)
            out.add(cell)
        if self.budget != UNLIMITED and len(out) > self.budget:
            raise ValueError(f"{len(out)} walls: over the budget of {self.budget} walls")
        return frozenset(out)


def _what(kind: str) -> str:
    """What a cell of this text character is, in words ("a rock", "checkpoint A", a tile)."""
    if kind in _TELE_CHAR:
        colour, side = _TELE_CHAR[kind]
        return f"a teleport {('in', 'out')[side]}-cell '{kind}' (colour {colour + 1})"
    return {"#": "a rock", "s": "a start", "f": "a finish", UNBUILDABLE: "an unbuildable cell 'p'",
            LATER_CHECKPOINT: "a checkpoint after Z"}.get(kind, f"checkpoint {kind}")


def parse(text: str) -> WallMaze:
    """Read a wall maze from text (optional ``walls: K`` header, then rows of characters), or from a
    Pathery map code (``COLS.ROWS.WALLS.NAME...:`` then the cells; see :mod:`mathmaze_lib.mapcode`:
    the board only, without the walls a code may carry).

    >>> print(parse("4.2.1.Tiny...:,s1.1,f1.1,s1.,r2.1,f1.").text())
    walls: 1
    s.f.
    s..f

    >>> parse("walls: 1\\ns.B.f")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: line 2, column 3: cell (0, 2): checkpoint B needs checkpoint A too (checkpoint letters go A, B, C, ... without gaps)
    >>> parse("s..")
    Traceback (most recent call last):
    ...
    mathmaze_lib.grid.GridParseError: no finish cell 'f' on the board (a wall maze needs at least one)
    """
    from . import mapcode
    if isinstance(text, str) and mapcode.is_code(text):
        return mapcode.read(text).maze
    p = parse_grid(text, split="chars", headers=["walls"], token_rule=_token_rule)
    budget = UNLIMITED
    if "walls" in p.headers:
        raw = p.headers["walls"]
        if not (raw.isascii() and raw.isdigit()):
            raise p.header_error("walls", f"the number of walls must be a whole number >= 0, got {raw!r}")
        if len(raw) > 6:
            raise p.header_error("walls", f"at most {UNLIMITED} (unlimited) makes sense, got a number of "
                                          f"{len(raw)} digits")
        budget = int(raw)
    rows, cols = p.shape
    rocks, starts, finishes, cps, unbuildable, tele = set(), [], [], {}, set(), {}
    for r in range(rows):
        for c in range(cols):
            ch = p.rows[r][c]
            if ch == "#":
                rocks.add((r, c))
            elif ch == "s":
                starts.append((r, c))
            elif ch == "f":
                finishes.append((r, c))
            elif ch in LETTERS:
                cps.setdefault(ch, []).append((r, c))
            elif ch == UNBUILDABLE:
                unbuildable.add((r, c))
            elif ch in _TELE_CHAR:
                colour, side = _TELE_CHAR[ch]
                tele.setdefault(colour, ([], []))[side].append((r, c))
    if not starts:
        raise GridParseError(None, None, "no start cell 's' on the board (a wall maze needs at least one)")
    if not finishes:
        raise GridParseError(None, None, "no finish cell 'f' on the board (a wall maze needs at least one)")
    letters = sorted(cps)
    for i, letter in enumerate(letters):
        if letter != LETTERS[i]:
            missing = LETTERS[i]
            raise p.error(cps[letter][0], f"checkpoint {letter} needs checkpoint {missing} too "
                                          "(checkpoint letters go A, B, C, ... without gaps)")
    for colour in sorted(tele):
        ins, outs = tele[colour]
        letter_in, letter_out = TELEPORTS[colour]
        if not outs:
            raise p.error(ins[0], f"teleport in-cell '{letter_in}' (colour {colour + 1}) needs at least one "
                                  f"out-cell '{letter_out}' on the board")
        if not ins:
            raise p.error(outs[0], f"teleport out-cell '{letter_out}' (colour {colour + 1}) needs at least one "
                                   f"in-cell '{letter_in}' on the board")
    teleports = tuple((k, tuple(tele[k][0]), tuple(tele[k][1])) for k in sorted(tele))
    return WallMaze(rows, cols, frozenset(rocks), tuple(starts), tuple(finishes),
                    tuple(tuple(cps[l]) for l in letters), budget, frozenset(unbuildable), teleports)


@dataclass
class RunResult:
    """Where the runner went: ``moves`` (None when blocked), the whole ``path``
    and the ``legs`` (one route per checkpoint, then the last to a finish; a
    teleport cuts a leg in two: the route up to the in-cell, then the route on
    from an out-cell).  ``jumps`` lists the teleport jumps as (in-cell, out-cell).

    >>> run(parse("s.f")).moves, run(parse("s.f")).blocked
    (2, False)
    """

    moves: Optional[int]
    path: list
    legs: list

    @property
    def blocked(self) -> bool:
        """True when some leg has no route."""
        return self.moves is None

    @property
    def jumps(self) -> list:
        """The teleport jumps of the run, as (in-cell, out-cell) pairs, in order."""
        return [(a[-1], b[0]) for a, b in zip(self.legs, self.legs[1:]) if a[-1] != b[0]]


def join_legs(legs: list) -> list:
    """One route from the legs of a run (a leg starts where the one before ended, or, after a
    teleport's jump, somewhere else: then the route jumps too).

    >>> join_legs([[1, 2], [2, 3, 4], [4, 5]])
    [1, 2, 3, 4, 5]
    >>> join_legs([[1, 2], [7, 8]])
    [1, 2, 7, 8]
    """
    route = list(legs[0])
    for leg in legs[1:]:
        route.extend(leg[1:] if leg[0] == route[-1] else leg)
    return route


class Runner:
    """The runner on one board, fast enough for optimizers.

    Cells are numbered ``row * cols + col``; each cell keeps the list of its
    walkable neighbours (Up, Right, Down, Left), updated when a wall comes or
    goes, so the successor function is a plain list lookup for
    :func:`mathmaze_lib.search.bfs`.

    >>> r = Runner(parse("s..\\n..f"))
    >>> r.score(), r.score({1}), r.score({1, 4})
    (3, 3, None)
    >>> r.evaluations
    3
    """

    def __init__(self, maze: WallMaze):
        self.maze = maze
        grid = self.grid = maze.grid
        n, index = grid.size, grid.index
        self.blocked = bytearray(n)
        for rc in maze.rocks:
            self.blocked[index(rc)] = 1
        self.base = [[] if self.blocked[i] else [j for j in near if not self.blocked[j]]
                     for i, near in enumerate(grid.neighbour_table(ORTHOGONAL))]
        self.nbrs = [list(b) for b in self.base]
        self.walls: set = set()
        self.starts = [index(cell) for cell in maze.starts]
        self.targets = [{index(cell) for cell in cells} for cells in maze.checkpoints]
        self.targets.append({index(cell) for cell in maze.ends})
        self.open = [index(cell) for cell in maze.open_cells()]
        self.is_open = bytearray(n)
        for i in self.open:
            self.is_open[i] = 1
        # teleports: the colour of each in-cell (-1 elsewhere) and each colour's out-cells
        self.tele_in = [-1] * n
        self.tele_out = {}
        for colour, ins, outs in maze.teleports:
            for cell in ins:
                self.tele_in[index(cell)] = colour
            self.tele_out[colour] = [index(cell) for cell in outs]
        self.plans: list = []
        self.evaluations = 0

    # -- cells <-> numbers
    def index(self, cell) -> int:
        return self.grid.index(cell)

    def cell(self, index: int) -> tuple:
        return self.grid.cell(index)

    # -- walls
    def _set(self, i: int, on: int) -> None:
        blocked, base, nbrs = self.blocked, self.base, self.nbrs
        blocked[i] = on
        for j in base[i]:
            nbrs[j] = [k for k in base[j] if not blocked[k]]

    def set_walls(self, walls) -> None:
        """Make the board's walls exactly ``walls`` (cell numbers), changing only the difference."""
        walls = set(walls)
        for i in self.walls - walls:
            self._set(i, 0)
        for i in walls - self.walls:
            self._set(i, 1)
        self.walls = walls

    # -- the run
    def legs(self, walls=None) -> Optional[list]:
        """The runner's legs as lists of cell numbers, or None when blocked.

        With teleports, a leg's planned route is cut at the first in-cell of an unused colour;
        the leg is then planned again from that colour's out-cells (a new list in the result).
        ``self.plans`` keeps every planned route, walked or not (a wall on any of their cells may
        change the run; a wall elsewhere cannot).
        """
        if walls is not None:
            self.set_walls(walls)
        self.evaluations += 1
        succ = self.nbrs.__getitem__
        out = []
        self.plans = plans = []
        sources = self.starts
        tele_in = self.tele_in
        used = set() if self.tele_out else None
        k, last = 0, len(self.targets)
        while k < last:
            res = bfs(succ, sources=sources, goal=self.targets[k])
            if res.goal is None:
                return None
            leg = res.path
            plans.append(leg)
            if used is not None:
                for j, v in enumerate(leg):
                    colour = tele_in[v]
                    if colour >= 0 and colour not in used:
                        used.add(colour)
                        out.append(leg[:j + 1])
                        sources = self.tele_out[colour]
                        break
                else:
                    colour = -1
                if colour >= 0:
                    continue
            out.append(leg)
            sources = (leg[-1],)
            k += 1
        return out

    def path(self, walls=None) -> Optional[list]:
        """The whole route as cell numbers (legs joined), or None when blocked."""
        legs = self.legs(walls)
        return None if legs is None else join_legs(legs)

    def score(self, walls=None) -> Optional[int]:
        """Moves of the run (None when blocked)."""
        legs = self.legs(walls)
        if legs is None:
            return None
        return sum(len(leg) - 1 for leg in legs)


def _moves(legs: list) -> int:
    return sum(len(leg) - 1 for leg in legs)


class BitRunner:
    """The same runner with sets of cells as Python integers (:func:`~mathmaze_lib.search._bfs_bits`):
    a wall set is one int, a whole BFS layer is a few integer operations.  The optimizers run
    it millions of times; it is 4 to 7 times faster than :class:`Runner` (``make bench``).

    Cell ``(r, c)`` is bit ``r * (cols + 1) + c``.  The moves are always the runner's; the route
    may be another shortest one (``route`` can prefer cells outside ``avoid``).  When two copies
    of a checkpoint are equally near, only the tie-break of :class:`Runner` knows which one the
    runner takes, so such a run is handed to it.  On a board with teleports, a leg where an
    in-cell of an unused colour lies on some shortest route (whether the runner meets it, and
    which one first, depends on its exact route) is planned by the runner's own search and tie-break
    (:meth:`_exact_leg`), and cut at a jump as the runner cuts it; when no shortest route meets
    one, no teleport can act and the layers give the leg's moves as usual.

    >>> b = BitRunner(parse("s..\\n..f"))
    >>> b.score(0), b.score(b.mask([(0, 1)])), b.score(b.mask([(0, 1), (1, 0)]))
    (3, 3, None)
    >>> moves, route = b.route(b.mask([(0, 1)]))
    >>> moves, [b.cells(x)[0] for x in route]
    (3, [(0, 0), (1, 0), (1, 1), (1, 2)])
    """

    def __init__(self, maze: WallMaze):
        self.maze = maze
        self.width = maze.cols + 1
        row = (1 << maze.cols) - 1
        everything = 0
        for r in range(maze.rows):
            everything |= row << (r * self.width)
        self.free = everything & ~self.mask(maze.rocks)
        self.starts = self.mask(maze.starts)
        self.targets = [self.mask(cells) for cells in maze.checkpoints] + [self.mask(maze.ends)]
        special = self.starts
        for t in self.targets:
            special |= t
        special |= self.mask(maze.unbuildable)
        for _, ins, outs in maze.teleports:
            special |= self.mask(ins) | self.mask(outs)
        self.wallable = self.free & ~special       # the open cells, without a pass over every cell
        self.tele_ins = 0
        self._tele_colour, self._tele_in_bits, self._tele_out_bits = {}, {}, {}
        for colour, ins, outs in maze.teleports:
            self.tele_ins |= self.mask(ins)
            self._tele_in_bits[colour], self._tele_out_bits[colour] = self.mask(ins), self.mask(outs)
            for r, c in ins:
                self._tele_colour[r * self.width + c] = colour
        self.evaluations = 0
        #: After :meth:`route` on a board with teleports: the cells of the planned routes the runner
        #: did not walk (cut off by a jump).  A wall there can change the run too.
        self.unwalked = 0
        self._runner: Optional[Runner] = None

    def mask(self, cells: Iterable) -> int:
        """The int with the bits of ``cells``."""
        cells = list(cells)
        if len(cells) < 256:
            out = 0
            for r, c in cells:
                out |= 1 << (r * self.width + c)
            return out
        buf = bytearray(self.maze.rows * self.width // 8 + 1)   # many cells: one pass, not one big int each
        for r, c in cells:
            k = r * self.width + c
            buf[k >> 3] |= 1 << (k & 7)
        return int.from_bytes(buf, "little")

    def cells(self, bits: int) -> list:
        """The cells of ``bits``, in row order."""
        out = []
        while bits:
            low = bits & -bits
            out.append(divmod(low.bit_length() - 1, self.width))
            bits ^= low
        return out

    def _walk(self, walls: int, avoid: int, want_route: bool):
        self.evaluations += 1
        self.unwalked = 0
        if self.tele_ins:
            return self._walk_tiles(walls, avoid, want_route)
        free, width = self.free & ~walls, self.width
        sources, moves, route = self.starts, 0, []
        last = len(self.targets) - 1
        for k, goal in enumerate(self.targets):
            layers = _bfs_bits(free, sources, goal, width)
            if layers is None:
                return None
            moves += len(layers) - 1
            hit = layers[-1] & goal
            if k < last and hit & (hit - 1):
                return self._by_runner(walls, want_route)
            if want_route:
                leg = _bits_route(layers, goal, width, avoid)
                route.extend(leg[1:] if route else leg)
                sources = leg[-1]
            else:
                sources = hit
        return moves, route

    def _walk_tiles(self, walls: int, avoid: int, want_route: bool):
        """The run on a board with teleports, leg by leg as :meth:`Runner.legs` does it.  A leg where
        no in-cell of an unused colour lies on any shortest route (and the nearest target is one
        cell) takes the layers, as on a board without teleports; any other leg is planned by
        :meth:`_exact_leg`, the runner's own search with its tie-break, then cut at the first
        in-cell of an unused colour, as the runner cuts it."""
        free, width = self.free & ~walls, self.width
        sources, moves, route, plans, fs = self.starts, 0, [], 0, ""
        live = self.tele_ins
        last = len(self.targets) - 1
        k = 0
        while k <= last:
            goal = self.targets[k]
            layers = _bfs_bits(free, sources, goal, width)
            if layers is None:
                return None
            hit = layers[-1] & goal
            if not (k < last and hit & (hit - 1)) and not (live and self._on_shortest_routes(layers, hit) & live):
                moves += len(layers) - 1
                if want_route:
                    leg = _bits_route(layers, goal, width, avoid)
                    route.extend(leg[1:] if route and leg[0] == route[-1] else leg)
                    sources = leg[-1]
                else:
                    sources = hit
                k += 1
                continue
            fs = fs or format(free, "b")[::-1]     # fs[i] == "1": bit i is free (for the exact search)
            leg = self._exact_leg(fs, sources, goal)
            plans |= sum(1 << v for v in leg) if want_route else 0
            for j, v in enumerate(leg):
                colour = self._tele_colour.get(v, -1) if (1 << v) & live else -1
                if colour >= 0:                     # an unused colour: jump, the colour is used up
                    live &= ~self._tele_in_bits[colour]
                    leg = leg[:j + 1]
                    sources = self._tele_out_bits[colour]
                    break
            else:
                sources = 1 << leg[-1]
                k += 1
            moves += len(leg) - 1
            if want_route:
                cells = [1 << v for v in leg]
                route.extend(cells[1:] if route and cells[0] == route[-1] else cells)
        if want_route and plans:
            walked = 0
            for x in route:
                walked |= x
            self.unwalked = plans & ~walked
        return moves, route

    def _exact_leg(self, fs: str, sources: int, goal: int) -> list:
        """The route the runner plans for one leg (bit numbers): its breadth-first search from the
        cells of ``sources`` in row order, neighbours Up, Right, Down, Left, stopping at the first
        cell of ``goal`` found, exactly as :func:`~mathmaze_lib.search.bfs` does for :class:`Runner`.
        The caller has checked that ``goal`` can be reached."""
        width, n = self.width, len(fs)
        layer = []
        while sources:
            low = sources & -sources
            layer.append(low.bit_length() - 1)
            sources ^= low
        parent = dict.fromkeys(layer, -1)
        found = next((v for v in layer if goal >> v & 1), -1)
        while found < 0:
            following = []
            append = following.append
            for v in layer:
                for u in (v - width, v + 1, v + width, v - 1):
                    if 0 <= u < n and fs[u] == "1" and u not in parent:
                        parent[u] = v
                        if goal >> u & 1:
                            found = u
                            break
                        append(u)
                if found >= 0:
                    break
            layer = following
        leg = [found]
        while parent[leg[-1]] >= 0:
            leg.append(parent[leg[-1]])
        leg.reverse()
        return leg

    def _on_shortest_routes(self, layers: list, hit: int) -> int:
        """The cells of every shortest route through ``layers`` to a cell of ``hit``."""
        width, cur, out = self.width, hit, hit
        for layer in reversed(layers[:-1]):
            cur = ((cur << 1) | (cur >> 1) | (cur << width) | (cur >> width)) & layer
            out |= cur
        return out

    def _by_runner(self, walls: int, want_route: bool):
        if self._runner is None:
            self._runner = Runner(self.maze)
        runner = self._runner
        legs = runner.legs({runner.index(cell) for cell in self.cells(walls)})
        if legs is None:
            return None
        if not want_route:
            return _moves(legs), []
        path = join_legs(legs)
        self.unwalked = self.mask(runner.cell(i) for plan in runner.plans for i in plan) & ~self.mask(
            runner.cell(i) for i in path)
        return _moves(legs), [self.mask([runner.cell(i)]) for i in path]

    def score(self, walls: int) -> Optional[int]:
        """The runner's moves with the walls of ``walls``, or None when blocked."""
        out = self._walk(walls, 0, False)
        return None if out is None else out[0]

    def route(self, walls: int, avoid: int = 0) -> Optional[tuple]:
        """``(moves, route)``: the moves and one shortest route (single-bit ints, legs joined)
        through as few cells of ``avoid`` as it easily can; None when blocked.  On a board with
        teleports it is the runner's own route, with a jump (two cells not side by side) at each
        teleport."""
        return self._walk(walls, avoid, True)


def run(maze: WallMaze, walls: Iterable = ()) -> RunResult:
    """Place ``walls`` (checked) and walk the runner; see the module example.

    >>> m = parse("sA.\\n...\\n..f")
    >>> r = run(m)
    >>> r.moves, r.legs
    (4, [[(0, 0), (0, 1)], [(0, 1), (0, 2), (1, 2), (2, 2)]])
    """
    walls = maze.check_walls(walls)
    runner = Runner(maze)
    legs = runner.legs({runner.index(w) for w in walls})
    if legs is None:
        return RunResult(None, [], [])
    legs = [[runner.cell(i) for i in leg] for leg in legs]
    return RunResult(_moves(legs), join_legs(legs), legs)


def score(maze: WallMaze, walls: Iterable = ()) -> Optional[int]:
    """The runner's moves with ``walls`` placed, or None when blocked.

    >>> score(parse("s.f"), [(0, 1)]) is None
    True
    """
    return run(maze, walls).moves


def show(maze: WallMaze, walls: Iterable = (), path: Optional[list] = None) -> str:
    """A picture in characters: the board with walls ``W`` and the path's cells ``o``.

    >>> print(show(parse("s..\\n..f"), [(0, 1)], run(parse("s..\\n..f"), [(0, 1)]).path))
    sW.
    oof
    """
    walls = set(walls)
    on_path = set(path or ())
    lines = []
    for r in range(maze.rows):
        row = []
        for c in range(maze.cols):
            ch = maze.char((r, c))
            if (r, c) in walls:
                ch = "W"
            elif ch == "." and (r, c) in on_path:
                ch = "o"
            row.append(ch)
        lines.append("".join(row))
    return "\n".join(lines)


def texts_and_roles(maze: WallMaze, walls: Iterable = (), path: Iterable = ()) -> tuple:
    """What the board and the pictures show: ``texts`` (a list of rows: S, F, checkpoint
    letters, ``→1`` on an in-cell of teleport colour 1 and ``1→`` on its out-cells, ``•`` on
    an unbuildable cell the path crosses) and ``roles`` (``{cell: role}``: start, end, rock,
    wall, path, highlight for checkpoints, unbuildable, tele_in, tele_out; open cells stay plain).

    >>> texts, roles = texts_and_roles(parse("s.A.f"), [(0, 3)], [(0, 0), (0, 1), (0, 2)])
    >>> texts, [roles[(0, c)] for c in range(5)]
    ([['S', '', 'A', '', 'F']], ['start', 'path', 'highlight', 'wall', 'end'])
    >>> texts, roles = texts_and_roles(parse("sptf\\nu..."), (), [(0, 0), (0, 1), (0, 2)])
    >>> texts[0], texts[1][0], roles[(0, 1)], roles[(0, 2)], roles[(1, 0)]
    (['S', '•', '→1', 'F'], '1→', 'unbuildable', 'tele_in', 'tele_out')
    """
    walls, on_path = set(walls), set(path)
    kinds = {"#": ("", "rock"), "s": ("S", "start"), "f": ("F", "end"), ".": ("", "plain"),
             UNBUILDABLE: ("", "unbuildable")}
    for k, (tin, tout) in enumerate(TELEPORTS):
        kinds[tin] = (f"→{k + 1}", "tele_in")
        kinds[tout] = (f"{k + 1}→", "tele_out")
    later = {cell: str(i + 1) for i, cells in enumerate(maze.checkpoints[len(LETTERS):], start=len(LETTERS))
             for cell in cells}                 # checkpoints after Z show their number
    texts = [["" for _ in range(maze.cols)] for _ in range(maze.rows)]
    roles = {}
    for cell in maze.grid.cells():
        ch = maze.char(cell)
        text, role = kinds.get(ch, (later.get(cell, ch), "highlight"))
        if cell in walls:
            role = "wall"
        elif role == "plain" and cell in on_path:
            role = "path"
        elif role == "unbuildable" and cell in on_path:
            text = "•"              # the path crosses it; the cell keeps its role (no wall may go here)
        texts[cell[0]][cell[1]] = text
        roles[cell] = role
    return texts, roles


# ---------------------------------------------------------------- levels

#: Level presets: (rows, cols, rocks (min, max), checkpoints, walls budget[, teleport colours]).
#: Starts fill the left column and finishes the right column, as in Pathery; the sizes
#: count those two columns (so "normal" is Pathery's 17 x 9 board: 15 columns to build on).
#: Checkpoints, the budget and the teleport colours are a number or a range (min, max) drawn per
#: level id; each teleport colour has one in-cell and one out-cell.  A budget of
#: :data:`UNLIMITED` means any number of walls.
#:
#: * ``pathery-normal`` and ``pathery-complex``: Pathery's Normal and Complex modes (a 15 x 9 and
#:   a 19 x 9 playing area between the start and finish columns);
#: * ``unlimited``: Pathery's Unlimited mode, 17 x 9 like "normal" (start and finish columns
#:   included), 10 to 16 rocks, 3 checkpoints A, B, C, any number of walls;
#: * ``mazer-unlimited``: the Mazer board (15 x 10, 12 to 18 rocks) with any number of walls;
#: * ``empty``: the empty 15 x 10 board (no rocks, no checkpoints, starts in the left column,
#:   finishes in the right one, any number of walls); every id gives the same board.
#:
#: New presets go at the end: a preset's boards depend only on its own name and the id, so
#: adding one never changes the boards of the others (the stored goals rely on that).
PRESETS = {
    "mazer": (10, 15, (12, 18), 0, 10),
    "simple": (6, 13, (8, 12), 0, 7),
    "normal": (9, 17, (10, 16), 1, 14),
    "complex": (9, 19, (12, 18), 2, 14),
    "ultra": (19, 27, (30, 45), 3, 30),
    "pathery-normal": (9, 17, (10, 16), (1, 4), (11, 13)),
    "pathery-complex": (9, 21, (12, 18), (2, 5), (14, 16), (1, 2)),
    "unlimited": (9, 17, (10, 16), 3, UNLIMITED),
    "mazer-unlimited": (10, 15, (12, 18), 0, UNLIMITED),
    "empty": (10, 15, (0, 0), 0, UNLIMITED),
}


def _draw(rng: random.Random, value) -> int:
    """A preset's number, or one drawn from its range (min, max); a plain number draws nothing,
    so the boards of presets without ranges stay what they always were."""
    return rng.randint(*value) if isinstance(value, tuple) else value


def level(preset: str = "simple", level_id: int = 1) -> WallMaze:
    """The board with id ``level_id`` of ``preset``: the same id gives the same board everywhere.

    It always has a route with no walls.  Preset names are the keys of :data:`PRESETS`.

    >>> m = level("simple", 1)
    >>> (m.rows, m.cols, m.budget), m == level("simple", 1), score(m) is not None
    ((6, 13, 7), True, True)
    >>> print(level("empty").text())        # the empty Mazer board with any number of walls
    walls: 999
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    s.............f
    """
    if preset not in PRESETS:
        raise ValueError(f"preset {preset!r}: unknown (choose one of {', '.join(PRESETS)})")
    if isinstance(level_id, bool) or not isinstance(level_id, int) or level_id < 0:
        raise ValueError(f"level id {level_id!r}: must be a whole number >= 0")
    rows, cols, (lo, hi), n_cp, budget, *tele = PRESETS[preset]
    # A string seed is hashed with SHA-512 by random.Random: stable across machines and versions.
    rng = random.Random(f"wallmaze:{preset}:{level_id}")
    budget, n_cp, n_tele = _draw(rng, budget), _draw(rng, n_cp), _draw(rng, tele[0] if tele else 0)
    starts = tuple((r, 0) for r in range(rows))
    finishes = tuple((r, cols - 1) for r in range(rows))
    inner = [(r, c) for r in range(rows) for c in range(1, cols - 1)]
    for _ in range(1000):
        cells = rng.sample(inner, rng.randint(lo, hi) + n_cp + 2 * n_tele)
        cps = tuple((cell,) for cell in cells[:n_cp])
        rocks = cells[n_cp + 2 * n_tele:]
        tps = tuple((k, (cells[n_cp + 2 * k],), (cells[n_cp + 2 * k + 1],)) for k in range(n_tele))
        maze = WallMaze(rows, cols, frozenset(rocks), starts, finishes, cps, budget, teleports=tps)
        if Runner(maze).score() is not None:
            return maze
    raise ValueError(f"level {level_id} of {preset!r}: no board with a route found in 1000 tries")  # pragma: no cover


#: Where the goals are stored, inside the package.
GOALS_FILE = "data/wall_goals.json"


def check_goals(data, where: str = "wall_goals.json") -> tuple:
    """The well-formed entries of a goals file's JSON ``data`` and a list of problems, each naming
    ``where`` and the entry: ``(entries, problems)``.  A bad entry is skipped, the rest kept.

    An entry is ``"preset:id": {"moves": int >= 0, "walls": [[row, col], ...], "optimal": bool, ...}``.

    >>> entries, problems = check_goals({"simple:1": {"moves": 5, "walls": [[0, 1]], "optimal": True},
    ...                                  "simple:2": {"moves": "many"}})
    >>> list(entries), problems
    (['simple:1'], ["wall_goals.json: entry 'simple:2': moves must be a whole number >= 0, got 'many' (entry skipped)"])
    """
    if not isinstance(data, dict):
        return {}, [f"{where}: a goals file is one JSON object {{\"preset:id\": {{...}}}}, "
                    f"not a {type(data).__name__} (no goals used)"]
    entries, problems = {}, []
    for key, entry in data.items():
        problem = _goal_problem(key, entry)
        if problem:
            problems.append(f"{where}: entry {key!r}: {problem} (entry skipped)")
        else:
            entries[key] = entry
    return entries, problems


def _goal_problem(key, entry) -> Optional[str]:
    preset, _, level_id = str(key).partition(":")
    if not level_id.isdigit() or not preset:
        return "the key must be 'preset:id', like 'simple:1'"
    if not isinstance(entry, dict):
        return f"must be an object with moves, walls and optimal, not {type(entry).__name__}"
    moves = entry.get("moves")
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        return f"moves must be a whole number >= 0, got {moves!r}"
    walls = entry.get("walls")
    if not isinstance(walls, list) or not all(
            isinstance(w, list) and len(w) == 2 and all(type(v) is int and v >= 0 for v in w) for w in walls):
        return f"walls must be a list of [row, col] pairs of whole numbers, got {json.dumps(walls)[:60]}"
    if not isinstance(entry.get("optimal", False), bool):
        return f"optimal must be true or false, got {entry.get('optimal')!r}"
    return None


def read_goals() -> tuple:
    """The stored goals as ``(entries, problems)``: a missing file is no goals; a file that is not
    UTF-8 JSON, or bad entries, give problems naming the file (see :func:`check_goals`).

    >>> entries, problems = read_goals(); problems
    []
    """
    try:
        text = resources.files("mathmaze_lib").joinpath(GOALS_FILE).read_bytes().decode("utf-8")
        data = json.loads(text)
    except (FileNotFoundError, IsADirectoryError):
        return {}, []
    except OSError as exc:
        return {}, [f"{GOALS_FILE}: cannot be read ({exc.strerror or exc}); no goals used"]
    except UnicodeDecodeError:
        return {}, [f"{GOALS_FILE}: not UTF-8 text; no goals used"]
    except ValueError as exc:
        return {}, [f"{GOALS_FILE}: not valid JSON ({exc}); no goals used"]
    return check_goals(data, GOALS_FILE)


def stored_goals() -> dict:
    """The goal moves stored in ``mathmaze_lib/data/wall_goals.json``: ``{"preset:id": {...}}``.

    Each entry holds ``moves``, ``walls`` and ``optimal`` as found by the project's
    optimizer (``python -m mathmaze_lib walls goals`` writes the file).  Only well-formed
    entries are returned (:func:`read_goals` also says what was skipped).

    >>> isinstance(stored_goals(), dict)
    True
    """
    return read_goals()[0]


def level_goal(preset: str, level_id: int) -> tuple:
    """The stored goal of a level, checked on its board: ``(entry or None, problem or None)``.
    An entry whose walls do not fit the board (on a rock, over the budget, blocking) or whose
    moves are not what the runner walks is dropped, and ``problem`` says why.

    >>> entry, problem = level_goal("simple", 1); entry["moves"] > 0, problem
    (True, None)
    """
    entries, problems = read_goals()
    key = f"{preset}:{level_id}"
    mine = [p for p in problems if f"entry {key!r}" in p or "no goals used" in p]
    entry = entries.get(key)
    if entry is None:
        return None, (mine[0] if mine else None)
    maze = level(preset, level_id)
    try:
        moves = score(maze, [tuple(w) for w in entry["walls"]])
    except ValueError as exc:
        return None, f"{GOALS_FILE}: entry {key!r}: {exc} (entry skipped)"
    if moves != entry["moves"]:
        return None, (f"{GOALS_FILE}: entry {key!r}: its walls give {moves} moves, not the stored "
                      f"{entry['moves']} (entry skipped)")
    return entry, None


def goal_moves(preset: str, level_id: int) -> Optional[int]:
    """The stored goal moves of a level, or None when the level has no stored goal.

    >>> goal_moves("simple", 10**9) is None
    True
    """
    entry = level_goal(preset, level_id)[0] if preset in PRESETS else None
    return entry["moves"] if entry else None


def first_leg_search(maze: WallMaze, walls: Iterable = ()):
    """The runner's first leg as a traced BFS over cells (from every start at once, to the nearest
    target of the first leg), to step through on a board.  It stops as every leg of the runner
    does, when it takes a target from the queue (the last step of the trace).  This is the leg as
    *planned*: teleports are ordinary cells for the search (the runner jumps only when it walks
    the planned route).

    >>> r = first_leg_search(parse("s..\\n..f"))
    >>> r.sources, r.path, r.expanded, r.trace[-1].current
    (((0, 0),), [(0, 0), (0, 1), (0, 2), (1, 2)], 5, (1, 2))
    """
    targets = set((list(maze.checkpoints) + [maze.ends])[0])
    return bfs(successors(maze, walls), sources=list(maze.starts), goal=lambda cell: cell in targets, trace=True)


# ---------------------------------------------------------------- the shape every puzzle has

def make(id: int, rows: Optional[int] = None, cols: Optional[int] = None, preset: str = "simple") -> WallMaze:
    """Level ``id`` of ``preset`` (see :func:`level`); a preset fixes the size, so ``rows`` and
    ``cols``, when given, must match it.

    >>> make(1) == level("simple", 1)
    True
    >>> make(1, 5, 5)
    Traceback (most recent call last):
    ...
    ValueError: preset 'simple' makes 6 x 13 boards, not 5 x 5
    """
    maze = level(preset, id)
    if (rows is not None and rows != maze.rows) or (cols is not None and cols != maze.cols):
        raise ValueError(f"preset {preset!r} makes {maze.rows} x {maze.cols} boards, not {rows} x {cols}")
    return maze


def check(maze: WallMaze, walls) -> Verdict:
    """The verdict on a player's walls: on open cells, within the budget, and leaving the runner a
    route; the reason says how far the runner walks.

    >>> check(parse("walls: 1\\ns.f"), [(0, 1)]).reason
    'the walls block every route: the runner must be able to reach every checkpoint and a finish'
    >>> check(parse("walls: 1\\ns..\\n..f"), [(0, 1)]).reason
    'the runner walks 3 moves with 1 wall'
    """
    try:
        chosen = maze.check_walls(walls)
    except ValueError as exc:
        return Verdict(False, str(exc), getattr(exc, "cell", None))
    moves = score(maze, chosen)
    if moves is None:
        return Verdict(False, "the walls block every route: the runner must be able to reach every checkpoint "
                              "and a finish")
    return Verdict(True, f"the runner walks {moves} moves with {len(chosen)} wall{'' if len(chosen) == 1 else 's'}")


def why_not(maze: WallMaze, walls, cell, runner: Optional[Runner] = None) -> Optional[str]:
    """Why a wall may not go on ``cell`` beside ``walls``, in the words a game says to the player
    (None when it may): walls go on open cells, within the budget, and never block the runner.
    Give the game's ``runner`` to reuse it.

    >>> maze = parse("walls: 1\\ns.f")
    >>> why_not(maze, [], (0, 1))
    'Path is blocked: a wall on (0, 1) would leave the runner no route.'
    >>> why_not(maze, [], (0, 0))
    '(0, 0) is a start: walls go on open cells.'
    """
    cell = tuple(cell)
    if not maze.grid.in_bounds(cell):
        return f"{cell} is off the {maze.rows} x {maze.cols} board."
    kind = maze.char(cell)
    if kind != ".":
        return f"{cell} is {_what(kind)}: walls go on open cells."
    walls = set(map(tuple, walls))
    if cell in walls:
        return f"{cell} already has a wall."
    if maze.budget != UNLIMITED and len(walls) >= maze.budget:
        return f"No walls left (the budget is {maze.budget}): click one of your walls to take it off first."
    runner = runner or Runner(maze)
    if runner.path({runner.index(c) for c in walls | {cell}}) is None:
        return f"Path is blocked: a wall on {cell} would leave the runner no route."
    return None


def successors(maze: WallMaze, walls: Iterable = ()):
    """The runner's moves as a successor function: the neighbours Up, Right, Down, Left that are
    neither rocks nor walls (what the runner's BFS searches).

    >>> successors(parse("s#\\n.f"))((0, 0))
    [(1, 0)]
    """
    blocked = set(maze.rocks) | set(map(tuple, walls))
    grid = maze.grid
    return lambda cell: [n for n in grid.neighbours(cell, ORTHOGONAL) if n not in blocked]


def view(maze: WallMaze, walls: Iterable = (), path: Optional[Iterable] = None) -> tuple:
    """``(texts, roles)`` of the board with ``walls`` and the runner's path (its own run by default)."""
    if path is None:
        result = run(maze, walls)
        path = result.path or ()
    return texts_and_roles(maze, walls, path)
