"""The wall maze's text format (``walls: K`` then rows of characters; see docs/FORMATS.md); map
codes are read by :mod:`.mapcode`, which :func:`parse` hands them to."""

from __future__ import annotations

from typing import Optional

from ...grid import GridParseError, parse_grid
from .board import _ALLOWED, _TELE_CHAR, LETTERS, TELEPORTS, UNBUILDABLE, UNLIMITED, WallMaze


def _token_rule(tok: str) -> Optional[str]:
    if tok in _ALLOWED:
        return None
    return ("use '.' open, '#' rock, 's' start, 'f' finish, 'A', 'B', ... checkpoints, 'p' unbuildable, "
            "teleports in/out 't'/'u', 'm'/'n', 'g'/'h', 'i'/'j', 'k'/'l'")


def parse(text: str) -> WallMaze:
    """Read a wall maze from text (optional ``walls: K`` header, then rows of characters), or from a
    Pathery map code (``COLS.ROWS.WALLS.NAME...:`` then the cells; see :mod:`mathmaze_lib.puzzles.wallmaze.mapcode`:
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
