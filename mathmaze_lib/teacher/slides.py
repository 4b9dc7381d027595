"""Slides for the teacher's first five minutes of a lesson: the puzzle, the graph, the question
(``python -m mathmaze_lib slides LESSON --out FILE``), as 16:9 PDF pages drawn with matplotlib.

The pictures are the lessons' own: each :class:`Picture` holds lines of code copied from the lesson's
solution notebook (the lines that make the puzzle, and the lines that draw it), and the slide runs
exactly those lines, on the slide's axes.  ``tests/test_slides.py`` reads the notebooks and checks
that every line is still there, so a slide never disagrees with its lesson.  Where a lesson does not
draw a picture the slides need (lesson 1 prints puzzle 42 as text), the picture is drawn with the
same :mod:`mathmaze_lib.draw` functions from the lesson's own puzzle, and ``in_lesson`` is False.
The questions are the lesson's own too: its plan's opening question and one of its predictions, named
(``Slide.prediction``) and read from the lesson's exercise module, so its words and choices are the lesson's.

>>> [len(deck.slides) for deck in DECKS.values()]
[4, 4, 4]
>>> DECKS[2].slides[2].picture.code.splitlines()[-1]
'draw.jump_graph(graph, 6, 6, title="The jump graph of Chain Reaction")'
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Optional

__all__ = ["DECKS", "Deck", "Slide", "Picture", "draw_picture", "write_slides"]

#: Slide size in inches (16:9, as projectors show).
SIZE = (40 / 3, 7.5)


@dataclass(frozen=True)
class Picture:
    """A lesson's picture: ``setup`` makes its puzzle and ``code`` draws it, both lines of the
    lesson's solution notebook ``notebook`` (``in_lesson=False``: ``code`` is drawn here with the
    same functions because the lesson does not draw it; ``setup`` is still the lesson's)."""

    notebook: str
    setup: str
    code: str
    in_lesson: bool = True


@dataclass(frozen=True)
class Slide:
    """One slide: a title, a picture (or none) and lines of text (the first ones big)."""

    title: str
    picture: Optional[Picture] = None
    lines: tuple = ()
    #: The name of the lesson's prediction whose question the slide asks (``"p1"``: ``exercises.lessonN.p1``),
    #: so that its words and choices are the lesson's own.
    prediction: str = ""
    lesson: int = 0

    def _asked(self):
        import importlib

        return getattr(importlib.import_module(f"mathmaze_lib.exercises.lesson{self.lesson}"), self.prediction)

    @property
    def question(self) -> str:
        """The prediction's question (empty for a slide that asks none)."""
        return self._asked().question if self.prediction else ""

    @property
    def choices(self) -> tuple:
        """The prediction's choices."""
        return tuple(self._asked().choices or ()) if self.prediction else ()


@dataclass(frozen=True)
class Deck:
    """A lesson's opening slides: its ``lesson`` number, ``title``, one ``idea`` and the ``slides``."""
    lesson: int
    title: str
    idea: str
    slides: tuple = field(default_factory=tuple)


LESSON1 = "notebooks/solutions/01_math_maze.ipynb"
LESSON2 = "notebooks/solutions/02_jumping_mazes.ipynb"
LESSON3 = "notebooks/solutions/03_wall_optimization.ipynb"

_PUZZLE42 = Picture(LESSON1, "puzzle = summaze.generate(42)",
                    "texts, roles = summaze.texts_and_roles(puzzle)\n"
                    "draw.grid(texts, roles, title=f\"Puzzle 42: reach End with a sum of {puzzle.target}\")",
                    in_lesson=False)
_GRID42 = Picture(LESSON1, "puzzle = summaze.generate(42)\n"
                           "graph = nx.grid_2d_graph(puzzle.rows, puzzle.cols)",
                  "draw.jump_graph(graph, puzzle.rows, puzzle.cols, title=\"Cells are nodes; side by side: an edge\")",
                  in_lesson=False)
_CHAIN = Picture(LESSON2, "maze = jm.CHAIN_REACTION",
                 'draw.grid(maze.texts(), {maze.start: "start", maze.end: "goal"}, title="Chain Reaction (G is the goal)")')
_CHAIN_GRAPH = Picture(LESSON2, "maze = jm.CHAIN_REACTION\ngraph = jm.jump_graph(maze)",
                       'draw.jump_graph(graph, 6, 6, title="The jump graph of Chain Reaction")')
#: The board without the runner's route (its route would answer the question: which start it leaves from).
_BOARD = Picture(LESSON3, "board = wallmaze.parse('''\nwalls: 3\ns......#f\ns..#....f\ns....#..f\n''')",
                 "texts, roles = wallmaze.texts_and_roles(board)\n"
                 "draw.grid(texts, roles, title=\"3 walls to place\")",
                 in_lesson=False)
_BOARD_BFS = Picture(LESSON3, "board = wallmaze.parse('''\nwalls: 3\ns......#f\ns..#....f\ns....#..f\n''')\n"
                              "leg = wallmaze.first_leg_search(board)",
                     "draw.distances(leg.dist, board.rows, board.cols, "
                     "title=\"The runner's BFS: moves from the starts\")",
                     in_lesson=False)

DECKS = {
    1: Deck(1, "Math Maze", "Turn the puzzle into a graph, then search it: depth-first search tries every path.", (
        Slide("Lesson 1: Math Maze", None, (
            "Trace a path from Start to End whose numbers add up to the target.",
            "One step up, right, down or left at a time; never the same cell twice; Start's number counts.",
            "Today: how a puzzle is made, how to check a path, and how to count every solution.")),
        Slide("The puzzle", _PUZZLE42, (
            "Start is the green 1 (bottom row); End shows the target 19.",
            "On paper: find a path that adds up to 19.")),
        Slide("The graph", _GRID42, (
            "Every cell is a node; cells side by side are joined by an edge.",
            "A path in the puzzle is a path in this graph: a search can walk it.")),
        Slide("The question", _PUZZLE42, (
            "Is there another path that adds up to 19?",), prediction="p1", lesson=1),
    )),
    2: Deck(2, "Jumping mazes", "A maze is a graph: breadth-first search with a visited set finds a shortest route.", (
        Slide("Lesson 2: Jumping mazes", None, (
            "The number in a cell is the exact length of your next jump: up, right, down or left.",
            "Find a shortest route (the fewest jumps) from the start to the goal G.",
            "Today: the jump graph, breadth-first search with a visited set, and rules that need states.")),
        Slide("The puzzle", _CHAIN, (
            "Start top-left. From a 3 you jump exactly 3 cells.",
            "On paper: find any route to G. How few jumps can you do it in?")),
        Slide("The graph", _CHAIN_GRAPH, (
            "Every cell is a node; an arrow for every legal jump.",
            "A route in the maze is a path in this graph.")),
        Slide("The question", _CHAIN, (
            "A search without a visited set keeps every route in its queue.",), prediction="p1", lesson=2),
    )),
    3: Deck(3, "Wall mazes", "The walls change the graph, and the runner's breadth-first search scores them: "
                             "search for a design.", (
        Slide("Lesson 3: Wall mazes", None, (
            "The runner walks a shortest route from a start (left) to a finish (right).",
            "You place walls. Make the runner's route as long as you can.",
            "Today: the runner's BFS, greedy, local search, annealing, and a search that proves the best.")),
        Slide("The puzzle", _BOARD, (
            "3 walls to place. With none, the runner needs 9 moves.",
            "Where would you put them?")),
        Slide("The graph", _BOARD_BFS, (
            "The board is a graph: open cells are nodes, neighbours are joined; rocks and walls are not.",
            "The runner's breadth-first search grows from every start at once. The first finish it reaches "
            "(9 moves) ends a shortest route.")),
        Slide("The question", _BOARD, (
            "Who can make the runner walk the furthest?",
            "On a tie the runner takes the start in the first row (the top one)."), prediction="p1", lesson=3),
    )),
}


class _OnSlide:
    """:mod:`mathmaze_lib.draw` with the slide's axes given to every function that takes ``ax`` (a call
    with ``ax=None``, or none, draws on the slide instead of a new figure)."""

    def __init__(self, ax):
        self.ax = ax

    def __getattr__(self, name):
        from .. import draw

        fn = getattr(draw, name)
        takes_ax = "ax" in inspect.signature(fn).parameters

        def on_slide(*args, **kwargs):
            first_is_axes = bool(args) and hasattr(args[0], "figure") and hasattr(args[0], "plot")
            if takes_ax and not first_is_axes and kwargs.get("ax") is None:
                kwargs["ax"] = self.ax
            return fn(*args, **kwargs)
        return on_slide


def draw_picture(picture: Picture, ax) -> None:
    """Run the picture's lines (the lesson's own) with ``draw`` drawing on ``ax``."""
    import networkx as nx

    from .. import optimize
    from ..puzzles import jumpmaze, summaze, wallmaze

    names = {"draw": _OnSlide(ax), "summaze": summaze, "jm": jumpmaze, "wallmaze": wallmaze,
             "optimize": optimize, "nx": nx}
    exec(compile(picture.setup + "\n" + picture.code, f"<slide picture of {picture.notebook}>", "exec"), names)


def _slide_page(fig, deck: Deck, slide: Slide, number: int, total: int) -> None:
    w, h = SIZE
    fig.text(0.45 / w, 1 - 0.35 / h, slide.title, fontsize=34, fontweight="bold", va="top")
    fig.text(1 - 0.45 / w, 0.25 / h, f"Lesson {deck.lesson}: {deck.title}   {number} / {total}", fontsize=12,
             ha="right", va="bottom", color="#555555")
    text_left = 0.45
    if slide.picture is not None:
        ax = fig.add_axes([0.45 / w, 0.7 / h, 6.4 / w, 5.4 / h])
        draw_picture(slide.picture, ax)
        ax.title.set_fontsize(15)
        cols = abs(ax.get_xlim()[1] - ax.get_xlim()[0])
        for t in ax.texts:
            t.set_fontsize(max(12.0, min(30.0, 6.4 / cols * 72 * 0.33)))
        text_left = 7.3
    width = w - text_left - 0.45
    y = 1.55
    lines = list(slide.lines)
    if slide.question:
        lines.append(slide.question)
    from .pages import _wrap

    for k, line in enumerate(lines):
        asking = slide.question and k == len(lines) - 1
        size = 24 if slide.picture is None or k == 0 else 20
        wrapped = _wrap(line, width, size, em=0.55)
        fig.text(text_left / w, 1 - y / h, "\n".join(wrapped), fontsize=size, va="top", linespacing=1.25,
                 fontweight="bold" if asking else "normal", color="#0B3D91" if asking else "#000000")
        y += len(wrapped) * size * 1.25 / 72 + 0.3
    if slide.choices:
        fig.text(text_left / w, 1 - y / h, "   ".join(f"({chr(65 + i)}) {c}" for i, c in enumerate(slide.choices)),
                 fontsize=22, va="top")
    if slide.picture is None:
        fig.text(0.45 / w, 1.0 / h, "\n".join(_wrap(f"The one idea: {deck.idea}", w - 0.9, 22, em=0.55)),
                 fontsize=22, va="bottom", style="italic", color="#0B3D91", linespacing=1.25)


def write_slides(lesson: int, path) -> int:
    """Write the deck of ``lesson`` (1, 2 or 3) to the PDF ``path``; returns the number of slides.

    The same deck gives the same bytes (no creation date in the PDF)."""
    import matplotlib
    from matplotlib.backends.backend_pdf import PdfPages
    from matplotlib.figure import Figure

    if lesson not in DECKS:
        raise ValueError(f"slides {lesson!r}: choose a lesson, 1, 2 or 3")
    deck = DECKS[lesson]
    metadata = {"Title": f"Lesson {lesson}: {deck.title}", "Creator": "mathmaze_lib slides", "CreationDate": None}
    with matplotlib.rc_context({"pdf.fonttype": 3, "hatch.linewidth": 0.6}), PdfPages(path, metadata=metadata) as pdf:
        for number, slide in enumerate(deck.slides, start=1):
            fig = Figure(figsize=SIZE)
            _slide_page(fig, deck, slide, number, len(deck.slides))
            pdf.savefig(fig)
    return len(deck.slides)
