"""The printed page, shared by worksheets, handouts and slides: paper sizes, text wrapped to a width,
the title line and rules box, the footer with the command that prints the page again, and one
puzzle's slot (its title, the grid with row and column numbers, the key drawn in and written under).

Texts are wrapped and placed by their measured widths (matplotlib's own font metrics), so no two
words of a page overlap (``tests/test_worksheet.py`` reads every word's box with poppler): a title
too long for the "Name:" line beside it puts that line under it, and a slot whose grid would be too
small to read is not printed (:func:`slot_fits`).
"""

from __future__ import annotations

import re
import textwrap
from functools import lru_cache

from .. import draw
from ..puzzles.sheet import Item

#: Paper sizes in inches (width, height), portrait.
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}
#: The smallest cell a slot prints (inches): its number is then near 7 points; a key with numbered steps
#: needs more (:data:`MIN_STEP_CELL`), for the step's disc beside the number.
MIN_CELL = 0.28
MIN_STEP_CELL = 0.4
_TITLE, _RIGHT, _RULES, _SLOT_TITLE, _KEY = 16, 11, 9.5, 11, 9


@lru_cache(maxsize=4096)
def text_width(text: str, points: float, bold: bool = False, mono: bool = False) -> float:
    """The width of ``text`` in inches at ``points`` in the pages' font (DejaVu Sans, or Sans Mono).

    >>> round(text_width("Name:", 11), 2)
    0.5
    """
    from matplotlib.font_manager import FontProperties
    from matplotlib.textpath import text_to_path

    prop = FontProperties(family="monospace" if mono else None, size=points, weight="bold" if bold else "normal")
    return text_to_path.get_text_width_height_descent(text, prop, ismath=False)[0] / 72


def _wrap(text: str, inches: float, points: float, em=None, bold: bool = False, mono: bool = False) -> list:
    """Lines of ``text`` that fit ``inches`` at a font of ``points``, broken at spaces only (a file name
    or an option stays whole); each line measured, or with ``em`` a character's width in ems (slides)."""
    if em is not None:
        return textwrap.wrap(text, width=max(20, int(inches * 72 / (points * em))), break_on_hyphens=False,
                             break_long_words=False)
    spans: list = []                 # (start, end) of each line in ``text``: its own spaces are kept
    for word in re.finditer(r"\S+", text):
        if spans and text_width(text[spans[-1][0]:word.end()], points, bold, mono) <= inches:
            spans[-1] = (spans[-1][0], word.end())
        else:
            spans.append((word.start(), word.end()))
    return [text[a:b] for a, b in spans]


def header_lines(title: str, right: str, rules: str, paper_w: float, italic: bool = False) -> tuple:
    """``(right on its own line, rules' lines, inches from the top)``: the title and ``right`` share the
    first line when they fit with a quarter inch between them, else ``right`` goes under the title."""
    width = paper_w - 1.0
    apart = text_width(title, _TITLE, bold=True) + text_width(right, 10 if italic else _RIGHT) + 0.25 > width
    lines = _wrap(rules, width, _RULES)
    height = 0.5 + 0.42 + (0.24 if apart else 0) + len(lines) * _RULES * 1.3 / 72 + 0.2
    return apart, lines, height


def _header(fig, title: str, right: str, rules: str, paper_w: float, paper_h: float, italic: bool = False) -> float:
    """The page's title line and rules box; returns the inches from the top that they take."""
    apart, lines, height = header_lines(title, right, rules, paper_w, italic)
    top = 1 - 0.5 / paper_h
    fig.text(0.5 / paper_w, top, title, fontsize=_TITLE, fontweight="bold", va="top")
    fig.text(1 - 0.5 / paper_w, top - (0.34 / paper_h if apart else 0), right, fontsize=10 if italic else _RIGHT,
             va="top", ha="right", style="italic" if italic else "normal")
    rules_top = top - (0.42 + (0.24 if apart else 0)) / paper_h
    fig.text(0.5 / paper_w, rules_top, "\n".join(lines), fontsize=_RULES, va="top", linespacing=1.3)
    return height


def footer_lines(command: str, paper_w: float) -> list:
    """The footer's "Print again:" lines (monospace, beside the page number)."""
    return _wrap(f"Print again: {command}", paper_w - 1.8, 7.5, mono=True) if command else []


def footer_height(command: str, paper_w: float) -> float:
    """The inches the footer takes at the bottom of the page."""
    return 0.3 + len(footer_lines(command, paper_w)) * 7.5 * 1.25 / 72 + 0.15


def _footer(fig, command: str, page: int, pages: int, paper_w: float, paper_h: float) -> float:
    """The "print again" command (wrapped) and the page number; returns the inches they take."""
    fig.text(0.5 / paper_w, 0.3 / paper_h, "\n".join(footer_lines(command, paper_w)), fontsize=7.5, va="bottom",
             color="#444444", family="monospace", linespacing=1.25)
    fig.text(1 - 0.5 / paper_w, 0.3 / paper_h, f"page {page} of {pages}", fontsize=8, ha="right", va="bottom")
    return footer_height(command, paper_w)


def _coordinates(ax, rows: int, cols: int, size: float) -> None:
    """Row numbers on the left and column numbers on top of a grid (what the key's cells refer to)."""
    ax.xaxis.tick_top()
    ax.set_xticks(range(cols), [str(c) for c in range(cols)])
    ax.set_yticks(range(rows), [str(r) for r in range(rows)])
    ax.tick_params(length=0, labelsize=size, colors="#555555", pad=2)


def _number_steps(ax, route, size: float) -> None:
    """A small numbered disc in the top-left corner of each landing cell of the route (1, 2, ...)."""
    for step, (r, c) in enumerate(route[1:], start=1):
        ax.text(c - 0.3, r - 0.28, str(step), ha="center", va="center", fontsize=size, fontweight="bold",
                color="#FFFFFF", zorder=5,
                bbox=dict(boxstyle="circle,pad=0.18", facecolor="#1A1A1A", edgecolor="none"))


def slot_geometry(item: Item, key: bool, w: float, h: float) -> dict:
    """Where the parts of one puzzle's slot go, ``w`` x ``h`` inches: its title's and key's lines, the
    height under the grid, the room for row and column numbers, the box the grid fits in and the side
    of a cell (inches; 0 or less when nothing fits)."""
    title = _wrap(item.title, w - 0.1, _SLOT_TITLE, bold=True)
    key_lines = _wrap(item.key_text, w - 0.1, _KEY) if key else []
    title_h = 0.1 + len(title) * _SLOT_TITLE * 1.2 / 72
    under_h = (len(key_lines) * _KEY * 1.25 / 72 + 0.15) if key else (0.5 if item.blank else 0.1)
    rows, cols = len(item.texts), len(item.texts[0])
    margin = 0.25 if item.coordinates else 0.0       # room for the row and column numbers
    box_w, box_h = w - 0.2 - margin, h - title_h - under_h - 0.1 - margin
    return {"title": title, "key_lines": key_lines, "title_h": title_h, "under_h": under_h, "margin": margin,
            "box_w": box_w, "box_h": box_h, "cell": min(box_w / cols, box_h / rows)}


def slot_fits(item: Item, key: bool, w: float, h: float) -> bool:
    """Whether the puzzle prints readable in a ``w`` x ``h`` inch slot: cells of at least
    :data:`MIN_CELL` inches (:data:`MIN_STEP_CELL` on a key with numbered steps)."""
    least = MIN_STEP_CELL if key and item.steps and item.route else MIN_CELL
    return slot_geometry(item, key, w, h)["cell"] >= least


def _slot(fig, item: Item, key: bool, x: float, y: float, w: float, h: float, paper_w: float, paper_h: float):
    """Draw one puzzle in the slot whose lower-left corner is (x, y) inches, w x h inches."""
    g = slot_geometry(item, key, w, h)
    under_h, margin, cell = g["under_h"], g["margin"], g["cell"]
    fig.text((x + 0.05) / paper_w, (y + h - 0.05) / paper_h, "\n".join(g["title"]), fontsize=_SLOT_TITLE,
             fontweight="bold", va="top", linespacing=1.2)
    rows, cols = len(item.texts), len(item.texts[0])
    gw, gh = cell * cols, cell * rows
    gx, gy = x + margin + (w - margin - gw) / 2, y + under_h + (g["box_h"] - gh) / 2
    ax = fig.add_axes([gx / paper_w, gy / paper_h, gw / paper_w, gh / paper_h])
    roles = item.key_roles if key and item.key_roles is not None else item.roles
    draw.grid(item.texts, roles, ax=ax)
    size = min(20.0, cell * 72 * 0.34)           # a cell's number fits its cell (MIN_CELL keeps it readable)
    for t in ax.texts:
        t.set_fontsize(size if len(t.get_text()) <= 3 else size * 0.8)
    if item.coordinates:
        _coordinates(ax, rows, cols, max(6.0, min(9.0, cell * 72 * 0.16)))
    if key and item.route:
        draw.route(ax, item.route, arrows=item.arrows)
        if item.steps:
            _number_steps(ax, item.route, min(9.0, cell * 72 * 0.17))
    if not key and item.blank:
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.12) / paper_h, item.blank, fontsize=11, va="top")
    if key:
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.05) / paper_h, "\n".join(g["key_lines"]), fontsize=_KEY,
                 va="top", linespacing=1.25)
