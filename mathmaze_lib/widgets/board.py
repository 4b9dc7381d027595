"""One clickable grid widget: texts and roles per cell, a route, a status line.

The whole grid is ONE anywidget model (a 20 x 20 board is not 400 buttons).
The front end (``board.js`` + ``board.css`` next to this file) draws it; a
click in the browser sends ``{"type": "click", "row": r, "col": c}`` and
Python runs :meth:`Board.click`, the very method tests call.

>>> b = Board(2, 3, texts=[["S", "1", "2"], ["3", "4", "E"]])
>>> b.set_role((0, 0), "start")
>>> seen = []
>>> _ = b.on_click(seen.append)
>>> b.click(1, 2)
>>> seen, b.get_text((1, 2)), b.get_role((0, 0))
([(1, 2)], 'E', 'start')
"""

from __future__ import annotations

import pathlib
from typing import Callable, Optional

import anywidget
import traitlets as t

from .. import checks
from .. import palette

_HERE = pathlib.Path(__file__).parent

#: The largest board side the widget draws.
MAX_SIDE = 30


def _check_side(name: str, value) -> int:
    checks.whole(value, f"Board {name}", 1, MAX_SIDE)
    return value


class Board(anywidget.AnyWidget):
    """A ``rows x cols`` grid of cells, each with a text and a role.

    ``texts`` is a list of lists of strings (None: all empty), ``roles`` a
    list of lists of role names (None: all ``"plain"``; see
    :data:`mathmaze_lib.palette.ROLES`).  Handlers registered with
    :meth:`on_click` get the clicked cell ``(row, col)``.  A handler that
    raises does not break the board: the message goes to the status line
    (and to ``board.last_error``).

    >>> b = Board(3, 3, roles=[["start", "plain", "plain"], ["plain", "rock", "plain"], ["plain", "plain", "end"]])
    >>> b.rows, b.cols, b.get_role((1, 1))
    (3, 3, 'rock')
    >>> b.set_role((5, 0), "path")
    Traceback (most recent call last):
    ...
    ValueError: cell (5, 0) is off the 3 x 3 board
    """

    _esm = _HERE / "board.js"
    _css = _HERE / "board.css"

    rows = t.Int(1).tag(sync=True)
    cols = t.Int(1).tag(sync=True)
    cell_size = t.Int(40).tag(sync=True)
    legend = t.Bool(True).tag(sync=True)
    #: The texts and roles, flattened row by row (use get_/set_ methods, not these).  Strings: only
    #: this class's methods write them, and they check (a List of Unicode checks every cell at every click).
    _texts = t.List().tag(sync=True)
    _roles = t.List().tag(sync=True)
    #: The role styles (from mathmaze_lib.palette, the one source of colours).
    _palette = t.Dict().tag(sync=True)
    _role_order = t.List(t.Unicode()).tag(sync=True)
    #: The route overlay: a list of cells, drawn as a line through cell centres.
    route = t.List().tag(sync=True)
    route_arrows = t.Bool(False).tag(sync=True)
    #: Bumped by animate_route: {"id": n, "ms": ms_per_step}; the front end animates ``route``.
    _animation = t.Dict().tag(sync=True)
    #: The line of text under the grid (announced by screen readers as it changes).
    status = t.Unicode("").tag(sync=True)
    #: Lines of height kept for the status line, so that a longer or shorter status never moves
    #: what is below (0: as tall as the text).
    status_lines = t.Int(0).tag(sync=True)
    #: The roles the legend always shows (with the route); empty: the roles in use right now.
    legend_roles = t.List(t.Unicode()).tag(sync=True)
    #: The board's name for screen readers, e.g. "Math Maze, puzzle 42, 4 rows by 5 columns".
    label = t.Unicode("").tag(sync=True)
    #: What a screen reader says for each role (palette words, overridden per board; see cell_name).
    _words = t.Dict().tag(sync=True)

    def __init__(self, rows: int, cols: int, texts=None, roles=None, cell_size: int = 40,
                 legend: bool = True, label: str = "", role_words=None, **kwargs):
        _check_side("rows", rows)
        _check_side("cols", cols)
        checks.whole(cell_size, "Board cell_size", 10, 120, note="pixels")
        flat_texts = self._flatten(rows, cols, texts, "texts", str, "")
        flat_roles = self._flatten(rows, cols, roles, "roles", None, "plain")
        for i, role in enumerate(flat_roles):
            palette.check_role(role, where=f"roles: cell {divmod(i, cols)}")
        words = {role: palette.style(role)["words"] for role in palette.ROLES}
        for role, said in dict(role_words or {}).items():
            words[palette.check_role(role, where="role_words")] = str(said)
        label = str(label) if label else f"Board, {rows} rows by {cols} columns"
        super().__init__(rows=rows, cols=cols, cell_size=cell_size, legend=legend, label=label, _words=words,
                         _texts=flat_texts, _roles=flat_roles,
                         _palette=palette.PALETTE, _role_order=list(palette.ROLES), **kwargs)
        self._handlers: list = []
        self._animation_id = 0
        #: The exception raised by the last click handler that failed (None if none did).
        self.last_error: Optional[BaseException] = None
        self.on_msg(self._on_front_end_msg)

    # ---- cells -------------------------------------------------------------

    @staticmethod
    def _flatten(rows, cols, grid, name, convert, default) -> list:
        if grid is None:
            return [default] * (rows * cols)
        grid = list(grid)
        if len(grid) != rows:
            raise ValueError(f"Board {name}: expected {rows} rows, got {len(grid)}")
        out = []
        for r, line in enumerate(grid):
            line = list(line)
            if len(line) != cols:
                raise ValueError(f"Board {name}: row {r} has {len(line)} entries, expected {cols}")
            out.extend(convert(x) if convert else x for x in line)
        return out

    def _index(self, cell) -> int:
        try:
            r, c = cell
        except (TypeError, ValueError):
            raise ValueError(f"a cell is a (row, col) pair, got {cell!r}") from None
        for name, x in (("row", r), ("column", c)):
            if isinstance(x, bool) or not isinstance(x, int):
                raise TypeError(f"cell {cell!r}: the {name} must be a whole number (int), "
                                f"got {x!r} ({type(x).__name__})")
        if not (0 <= r < self.rows and 0 <= c < self.cols):
            raise ValueError(f"cell {cell!r} is off the {self.rows} x {self.cols} board")
        return r * self.cols + c

    def cells(self):
        """All cells, row by row from the top-left.

        >>> list(Board(1, 2).cells())
        [(0, 0), (0, 1)]
        """
        return [(r, c) for r in range(self.rows) for c in range(self.cols)]

    def get_text(self, cell) -> str:
        """The text shown in ``cell``.

        >>> Board(1, 1, texts=[["7"]]).get_text((0, 0))
        '7'
        """
        return self._texts[self._index(cell)]

    def set_text(self, cell, text) -> None:
        """Show ``text`` (made a string) in ``cell``.

        >>> b = Board(1, 2); b.set_text((0, 1), 5); b.get_text((0, 1))
        '5'
        """
        i = self._index(cell)
        text = str(text)
        if self._texts[i] != text:
            new = list(self._texts)
            new[i] = text
            self._texts = new

    def set_texts(self, texts) -> None:
        """Replace every text at once with a list of lists (one list per row).

        >>> b = Board(1, 2); b.set_texts([[1, "x"]]); b.texts
        [['1', 'x']]
        """
        self._texts = self._flatten(self.rows, self.cols, texts, "texts", str, "")

    @property
    def texts(self) -> list:
        """All texts as a list of lists (a copy)."""
        c = self.cols
        return [self._texts[r * c:(r + 1) * c] for r in range(self.rows)]

    def get_role(self, cell) -> str:
        """The role of ``cell`` (one of :data:`mathmaze_lib.palette.ROLES`).

        >>> Board(1, 1).get_role((0, 0))
        'plain'
        """
        return self._roles[self._index(cell)]

    def set_role(self, cell, role: str) -> None:
        """Give ``cell`` a role; an unknown role or an off-board cell raises ``ValueError``.

        >>> b = Board(1, 2); b.set_role((0, 1), "goal"); b.roles
        [['plain', 'goal']]
        """
        i = self._index(cell)
        palette.check_role(role, where=f"cell {tuple(cell)!r}")
        if self._roles[i] != role:
            new = list(self._roles)
            new[i] = role
            self._roles = new

    def set_roles(self, mapping) -> None:
        """Set the roles of many cells at once from a dict ``cell -> role`` (one update).

        Nothing changes when any cell or role is bad.

        >>> b = Board(2, 2); b.set_roles({(0, 0): "start", (1, 1): "end"}); b.roles
        [['start', 'plain'], ['plain', 'end']]
        """
        new = list(self._roles)
        for cell, role in dict(mapping).items():
            i = self._index(cell)
            new[i] = palette.check_role(role, where=f"cell {tuple(cell)!r}")
        if new != self._roles:
            self._roles = new

    def fill_roles(self, role: str = "plain") -> None:
        """Give every cell the same role.

        >>> b = Board(1, 2, roles=[["start", "end"]]); b.fill_roles(); b.roles
        [['plain', 'plain']]
        """
        palette.check_role(role)
        self._roles = [role] * (self.rows * self.cols)

    @property
    def roles(self) -> list:
        """All roles as a list of lists (a copy)."""
        c = self.cols
        return [self._roles[r * c:(r + 1) * c] for r in range(self.rows)]

    def cells_with_role(self, role: str) -> list:
        """The cells that have ``role``, row by row.

        >>> Board(2, 2, roles=[["rock", "plain"], ["plain", "rock"]]).cells_with_role("rock")
        [(0, 0), (1, 1)]
        """
        palette.check_role(role)
        return [divmod(i, self.cols) for i, x in enumerate(self._roles) if x == role]

    # ---- route -------------------------------------------------------------

    def _check_route(self, route) -> list:
        out = []
        for step, cell in enumerate(route):
            try:
                self._index(cell)
            except (TypeError, ValueError) as exc:
                raise ValueError(f"route step {step}: {exc}") from None
            out.append((cell[0], cell[1]))
        return out

    def show_route(self, route, arrows: bool = False) -> None:
        """Draw a line through the centres of the route's cells (``arrows=True``: an arrow
        head on every move, for jumps).  ``show_route([])`` clears it.

        >>> b = Board(2, 2); b.show_route([(0, 0), (0, 1), (1, 1)]); b.route
        [(0, 0), (0, 1), (1, 1)]
        """
        route = self._check_route(route)
        with self.hold_sync():
            self.route_arrows = bool(arrows)
            self.route = route

    def animate_route(self, route, ms_per_step: int = 200, arrows: Optional[bool] = None) -> None:
        """Show ``route`` and let the front end reveal it cell by cell, ``ms_per_step`` apart.

        >>> b = Board(1, 3); b.animate_route([(0, 0), (0, 1), (0, 2)], ms_per_step=50); b.route[-1]
        (0, 2)
        """
        route = self._check_route(route)
        checks.number(ms_per_step, "ms_per_step", 10, 10_000)
        self._animation_id += 1
        with self.hold_sync():
            if arrows is not None:
                self.route_arrows = bool(arrows)
            self.route = route
            self._animation = {"id": self._animation_id, "ms": int(ms_per_step)}

    def set_animation_speed(self, ms_per_step: int) -> None:
        """Change the speed of the running animation at once (it goes on from where it is).

        >>> b = Board(1, 3); b.animate_route([(0, 0), (0, 1), (0, 2)], 200); b.set_animation_speed(50)
        >>> b._animation["ms"]
        50
        """
        checks.number(ms_per_step, "ms_per_step", 10, 10_000)
        if self._animation:
            self._animation = {"id": self._animation["id"], "ms": int(ms_per_step)}

    # ---- clicks ------------------------------------------------------------

    def on_click(self, fn: Callable, remove: bool = False) -> Callable:
        """Register ``fn(cell)`` to run on every click (``remove=True`` unregisters it).

        Returns ``fn``, so it works as a decorator.  Handlers run in the order
        they were registered.

        >>> b = Board(1, 1)
        >>> @b.on_click
        ... def say(cell):
        ...     b.status = f"you clicked {cell}"
        >>> b.click(0, 0); b.status
        'you clicked (0, 0)'
        """
        if not callable(fn):
            raise ValueError(f"on_click needs a function of one cell, got {fn!r}")
        if remove:
            if fn in self._handlers:
                self._handlers.remove(fn)
        else:
            self._handlers.append(fn)
        return fn

    def click(self, row: int, col: int) -> None:
        """Run what a click on cell ``(row, col)`` in the browser runs: every handler, in order.

        A row or column that is not an ``int`` raises ``TypeError``, an off-board cell
        ``ValueError``; no handler runs then.  When a handler raises, the
        remaining handlers are skipped, the status line shows the message
        and the board stays usable.

        >>> b = Board(1, 1)
        >>> _ = b.on_click(lambda cell: 1 / 0)
        >>> b.click(0, 0); b.status
        'Error in click handler: ZeroDivisionError: division by zero'
        """
        cell = (row, col)
        self._index(cell)
        for fn in list(self._handlers):
            try:
                fn(cell)
            except Exception as exc:  # a handler's bug must not break the board
                self.last_error = exc
                self.status = f"Error in click handler: {type(exc).__name__}: {exc}"
                return

    def _on_front_end_msg(self, _widget, content, _buffers) -> None:
        """A click from the browser.  Only whole numbers are clicked (1.9 is not rounded to 1, inf
        is not an error): anything else leaves the game as it was and the status line says why."""
        if not isinstance(content, dict) or content.get("type") != "click":
            return
        try:
            row, col = content["row"], content["col"]
        except KeyError as exc:
            self.status = f"Ignored a click: the message has no {exc.args[0]!r}"
            return
        try:
            self.click(row, col)
        except (TypeError, ValueError) as exc:
            self.status = f"Ignored a click: {exc}"

    def cell_name(self, cell) -> str:
        """What a screen reader says for ``cell``: its position counted from 1, its text, its role in words
        (the browser builds the same words from the same data).

        >>> b = Board(3, 3, texts=[["1", "2", "3"], ["4", "9", "6"], ["7", "8", "9"]])
        >>> b.set_role((1, 1), "path"); b.cell_name((1, 1))
        'row 2, column 2, 9, on your path'
        >>> b.cell_name((0, 0))
        'row 1, column 1, 1'
        """
        i = self._index(cell)
        parts = [f"row {cell[0] + 1}, column {cell[1] + 1}", self._texts[i].strip(), self._words.get(self._roles[i], "")]
        return ", ".join(p for p in parts if p)

    def set_role_words(self, words: dict) -> None:
        """Say other words for some roles (to screen readers and in the legend), e.g. ``{"highlight": "checkpoint"}``.

        >>> b = Board(1, 1, roles=[["highlight"]]); b.set_role_words({"highlight": "you can jump here"})
        >>> b.cell_name((0, 0))
        'row 1, column 1, you can jump here'
        """
        new = dict(self._words)
        for role, said in dict(words).items():
            new[palette.check_role(role, where="role words")] = str(said)
        self._words = new

    def __repr__(self) -> str:
        return f"Board({self.rows}, {self.cols})"


def plural(n: int, word: str) -> str:
    """``1 move``, ``2 moves``, ``2 presses``.

    >>> plural(1, "move"), plural(0, "jump"), plural(2, "press")
    ('1 move', '0 jumps', '2 presses')
    """
    return f"{n} {word}" + ("" if n == 1 else "es" if word.endswith(("s", "sh", "ch", "x")) else "s")


def game_mimebundle(game, **kwargs) -> dict:
    """What a game shows when it is the last value of a cell: its ``view`` (the widgets),
    with ``repr(game)`` as the plain text for places that cannot show widgets."""
    data = game.view._repr_mimebundle_(**kwargs)
    data["text/plain"] = repr(game)
    return data
