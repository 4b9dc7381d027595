"""One-page rules handouts: the rules of a puzzle in the learner's words, one worked example with
its picture, and the lesson's one idea (``python -m mathmaze_lib worksheet rules KIND``).

Every puzzle of the registry has one: its ``Kind.handout`` (each package's ``handout.py``: lesson 1's
tiny 3 x 3 puzzle, a short generated jumping maze, lesson 3's first board, a small ice maze), or,
for a puzzle that gives none, :func:`~mathmaze_lib.puzzles.sheet.generic_handout` (its rules and
puzzle 1 solved by its own code). The examples are solved when the handout is printed, so the text
and the picture always agree with the code; this module draws them.

>>> [h.title for h in HANDOUTS.values()][:4]
['Math Maze', 'Jumping mazes', 'Wall mazes', 'Ice mazes']
>>> lines, _ = HANDOUTS["summaze"].example()
>>> lines[-1]
'Any path that follows the rules and adds up to 19 wins: this puzzle has 2 solutions.'
"""

from __future__ import annotations

import shlex
from collections.abc import Mapping

from .. import draw
from ..puzzles import PUZZLES
from ..puzzles.sheet import Handout, Picture, generic_handout
from .pages import PAPERS, _footer, _number_steps, _wrap

__all__ = ["HANDOUTS", "Handout", "handout_of", "rules_command", "write_rules"]


def handout_of(kind: str) -> Handout:
    """The rules handout of the puzzle ``kind`` (a name of the registry): its own, or the generic one.

    >>> handout_of("ice").lesson
    'Lesson 2, section 11 (going further)'
    >>> handout_of("maze")
    Traceback (most recent call last):
    ...
    ValueError: worksheet rules 'maze': choose one of summaze, jump, walls, ice, lights
    """
    if kind not in PUZZLES:
        raise ValueError(f"worksheet rules {kind!r}: choose one of {', '.join(PUZZLES)}")
    entry = PUZZLES[kind]
    return entry.handout if entry.handout is not None else generic_handout(entry)


class _Handouts(Mapping):
    """The handout of every puzzle of the registry, by its name (made when asked for)."""

    def __getitem__(self, kind: str) -> Handout:
        if kind not in PUZZLES:
            raise KeyError(kind)
        return handout_of(kind)

    def __iter__(self):
        return iter(PUZZLES)

    def __len__(self) -> int:
        return len(PUZZLES)


#: Every puzzle's handout, by the registry's names.
HANDOUTS = _Handouts()


def _draw(ax, picture: Picture) -> None:
    draw.grid(picture.texts, picture.roles, ax=ax)
    if picture.route:
        draw.route(ax, list(picture.route), arrows=picture.arrows)
        if picture.steps:
            _number_steps(ax, picture.route, 8)


def rules_command(kind: str, path, paper: str = "a4") -> str:
    """The command that prints this handout again (its footer).

    >>> rules_command("jump", "jump rules.pdf", "letter")
    "python -m mathmaze_lib worksheet rules jump --paper letter --out 'jump rules.pdf'"
    """
    paper_option = ["--paper", paper] if paper != "a4" else []
    return shlex.join(["python", "-m", "mathmaze_lib", "worksheet", "rules", kind, *paper_option, "--out", str(path)])


def write_rules(kind: str, path, paper: str = "a4") -> int:
    """Write the one-page rules handout of ``kind`` to the PDF ``path``; returns the page count (1).

    The same handout gives the same bytes (no creation date in the PDF)."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    h = handout_of(kind)
    if paper not in PAPERS:
        raise ValueError(f"--paper {paper!r}: choose one of {', '.join(PAPERS)}")
    w, hgt = PAPERS[paper]
    fig = Figure(figsize=(w, hgt))
    y = [0.5]                      # inches from the top of the page

    def text(s: str, size: float, bold: bool = False, indent: float = 0.0, gap: float = 0.06, color="#000000"):
        lines = _wrap(s, w - 1.0 - indent, size)
        if s.startswith("•"):       # a hanging indent under the bullet
            lines = lines[:1] + [f"    {line}" for line in _wrap(s[len(lines[0]):].strip(), w - 1.3 - indent, size)]
        fig.text((0.5 + indent) / w, 1 - y[0] / hgt, "\n".join(lines), fontsize=size, va="top", color=color,
                 fontweight="bold" if bold else "normal", linespacing=1.3)
        y[0] += len(lines) * size * 1.3 / 72 + gap

    text(f"{h.title}: the rules", 22, bold=True, gap=0.02)
    text(f"{h.lesson} of Math Maze" if h.lesson else "Math Maze", 11, color="#444444", gap=0.25)
    for rule in h.rules:
        text(f"•  {rule}", 13, indent=0.1, gap=0.08)
    for more in h.more:
        text(f"•  {more}", 10.5, indent=0.1, gap=0.05, color="#222222")
    y[0] += 0.15
    text("A worked example", 15, bold=True, gap=0.1)
    lines, pictures = h.example()
    # 0.3 in for the captions; the pictures, 0.5 in apart, keep the page's margins of 0.5 in
    top, size = y[0] + 0.3, min(2.5, (w - 1.0 - 0.5 * (len(pictures) - 1)) / len(pictures))
    tallest = 0.0
    for k, picture in enumerate(pictures):
        ax = fig.add_axes([0, 0, 1, 1])
        _draw(ax, picture)
        cols, rows = abs(ax.get_xlim()[1] - ax.get_xlim()[0]), abs(ax.get_ylim()[1] - ax.get_ylim()[0])
        height = size * min(1.0, rows / cols)
        ax.set_position([(0.5 + k * (size + 0.5)) / w, 1 - (top + height) / hgt, size / w, height / hgt])
        cell = size / cols * 72             # points
        for t in ax.texts:      # the numbers scale with the cells, as on the worksheets; so do the steps' discs
            t.set_fontsize(min(8.0, cell * 0.17) if t.get_bbox_patch() is not None else
                           max(min(8.0, cell * 0.4), min(22.0, cell * 0.3)))
        ax.set_title(picture.caption, fontsize=10.5)
        tallest = max(tallest, height)
    size = tallest
    y[0] = top + size + 0.25
    for line in lines:
        text(line, 11.5, gap=0.06)
    y[0] += 0.2
    text("The lesson's one idea", 15, bold=True, gap=0.1)
    text(h.idea, 12.5)
    _footer(fig, rules_command(kind, path, paper), 1, 1, w, hgt)
    metadata = {"Title": f"{h.title}: the rules", "Creator": "mathmaze_lib worksheet rules", "CreationDate": None}
    with matplotlib.rc_context({"pdf.fonttype": 3, "hatch.linewidth": 0.6}), PdfPages(path, metadata=metadata) as pdf:
        pdf.savefig(fig)
    if y[0] > hgt - 0.8:
        raise AssertionError(f"the {kind} handout runs off the page ({y[0]:.1f} in of {hgt} in)")  # pragma: no cover
    return 1
