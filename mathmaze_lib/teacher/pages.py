"""The printed page, shared by worksheets, handouts and slides: paper sizes, text wrapped to a width,
the title line and rules box, the footer with the command that prints the page again, and one
puzzle's slot (its title, the grid with row and column numbers, the key drawn in and written under).
"""

from __future__ import annotations

import textwrap

from .. import draw
from ..puzzles.sheet import Item

#: Paper sizes in inches (width, height), portrait.
PAPERS = {"a4": (8.27, 11.69), "letter": (8.5, 11.0)}


def _wrap(text: str, inches: float, points: float, em: float = 0.5) -> list:
    """Lines of ``text`` that fit ``inches`` at a font of ``points`` (``em``: a character's width in ems),
    broken at spaces only (a file name or an option stays whole)."""
    return textwrap.wrap(text, width=max(20, int(inches * 72 / (points * em))), break_on_hyphens=False,
                         break_long_words=False)


def _header(fig, title: str, right: str, rules: str, paper_w: float, paper_h: float, italic: bool = False) -> float:
    """The page's title line and rules box; returns the inches from the top that they take."""
    top = 1 - 0.5 / paper_h
    fig.text(0.5 / paper_w, top, title, fontsize=16, fontweight="bold", va="top")
    fig.text(1 - 0.5 / paper_w, top, right, fontsize=10 if italic else 11, va="top", ha="right",
             style="italic" if italic else "normal")
    lines = _wrap(rules, paper_w - 1.0, 9.5)
    fig.text(0.5 / paper_w, top - 0.42 / paper_h, "\n".join(lines), fontsize=9.5, va="top", linespacing=1.3)
    return 0.5 + 0.42 + len(lines) * 9.5 * 1.3 / 72 + 0.2


def _footer(fig, command: str, page: int, pages: int, paper_w: float, paper_h: float) -> float:
    """The "print again" command (wrapped) and the page number; returns the inches they take."""
    lines = _wrap(f"Print again: {command}", paper_w - 1.8, 7.5, em=0.6) if command else []
    fig.text(0.5 / paper_w, 0.3 / paper_h, "\n".join(lines), fontsize=7.5, va="bottom", color="#444444",
             family="monospace", linespacing=1.25)
    fig.text(1 - 0.5 / paper_w, 0.3 / paper_h, f"page {page} of {pages}", fontsize=8, ha="right", va="bottom")
    return 0.3 + len(lines) * 7.5 * 1.25 / 72 + 0.15


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


def _key_lines(item: Item, w: float) -> list:
    return _wrap(item.key_text, w - 0.1, 9)


def _slot(fig, item: Item, key: bool, x: float, y: float, w: float, h: float, paper_w: float, paper_h: float):
    """Draw one puzzle in the slot whose lower-left corner is (x, y) inches, w x h inches."""
    key_lines = _key_lines(item, w) if key else []
    title_h = 0.3
    under_h = (len(key_lines) * 9 * 1.25 / 72 + 0.15) if key else (0.5 if item.blank else 0.1)
    fig.text((x + 0.05) / paper_w, (y + h - 0.05) / paper_h, item.title, fontsize=11, fontweight="bold", va="top")
    rows, cols = len(item.texts), len(item.texts[0])
    margin = 0.25 if item.coordinates else 0.0       # room for the row and column numbers
    box_w, box_h = w - 0.2 - margin, h - title_h - under_h - 0.1 - margin
    cell = min(box_w / cols, box_h / rows)
    gw, gh = cell * cols, cell * rows
    gx, gy = x + margin + (w - margin - gw) / 2, y + under_h + (box_h - gh) / 2
    ax = fig.add_axes([gx / paper_w, gy / paper_h, gw / paper_w, gh / paper_h])
    roles = item.key_roles if key and item.key_roles is not None else item.roles
    draw.grid(item.texts, roles, ax=ax)
    size = max(7.0, min(20.0, cell * 72 * 0.34))
    for t in ax.texts:
        t.set_fontsize(size if len(t.get_text()) <= 3 else size * 0.8)
    if item.coordinates:
        _coordinates(ax, rows, cols, max(6.0, min(9.0, cell * 72 * 0.16)))
    if key and item.route:
        draw.route(ax, item.route, arrows=item.arrows)
        if item.steps:
            _number_steps(ax, item.route, max(5.5, min(9.0, cell * 72 * 0.17)))
    if not key and item.blank:
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.12) / paper_h, item.blank, fontsize=11, va="top")
    if key:
        fig.text((x + 0.05) / paper_w, (y + under_h - 0.05) / paper_h, "\n".join(key_lines), fontsize=9, va="top",
                 linespacing=1.25)
