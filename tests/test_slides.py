"""The opening slides: one deck per lesson, and every picture and question is the lesson's own
(read from the solution notebooks), so that the slides never disagree with the notebooks."""

from __future__ import annotations

import importlib
import re
import shutil
import subprocess

import nbformat
import pytest

from conftest import ROOT
from mathmaze_lib.teacher import slides
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.__main__ import main

POPPLER = all(shutil.which(tool) for tool in ("pdftoppm", "pdftotext", "pdfinfo"))
needs_poppler = pytest.mark.skipif(not POPPLER, reason="needs poppler-utils; .ci/run installs it")

#: Pictures the lessons do not draw (yet), drawn with the same functions from the lesson's own puzzle.
#: Lesson 1 prints puzzle 42 as text and draws no grid; lesson 3 prints its first board as text (its first
#: picture has the runner's route), and steps through the runner's BFS on a board widget but draws no
#: picture of its distances.
NOT_IN_LESSON = {(1, "The puzzle"), (1, "The graph"), (1, "The question"), (3, "The puzzle"), (3, "The graph"),
                 (3, "The question")}


def code_lines(notebook: str) -> set:
    nb = nbformat.read(ROOT / notebook, as_version=4)
    return {line.strip() for cell in nb.cells if cell.cell_type == "code" for line in cell.source.splitlines()}


def shown_predictions(notebook: str) -> set:
    """The predictions the notebook shows: its code cells that are just ``ex.pN``."""
    nb = nbformat.read(ROOT / notebook, as_version=4)
    return {cell.source.strip()[len("ex."):] for cell in nb.cells
            if cell.cell_type == "code" and re.fullmatch(r"ex\.p\d+", cell.source.strip())}


def all_pictures():
    for lesson, deck in slides.DECKS.items():
        for slide in deck.slides:
            if slide.picture is not None:
                yield lesson, slide


def lessons_draw_calls() -> set:
    """The draw functions the lesson notebooks call (start notebook and solution notebooks)."""
    notebooks = [ROOT / "notebooks" / "00_start_here.ipynb", *sorted((ROOT / "notebooks" / "solutions").glob("*.ipynb"))]
    return {name for nb in notebooks for line in code_lines(nb.relative_to(ROOT).as_posix())
            for name in re.findall(r"draw\.(\w+)\(", line)}


@pytest.mark.parametrize("lesson, slide", list(all_pictures()),
                         ids=[f"{lesson}-{s.title}" for lesson, s in all_pictures()])
def test_each_picture_is_the_lessons_own(lesson, slide):
    """Every line that makes the slide's puzzle is in the lesson; every line that draws it too, except for the
    pictures a lesson does not draw (NOT_IN_LESSON), which use draw functions the lessons use."""
    picture = slide.picture
    assert re.fullmatch(rf"notebooks/solutions/0{lesson}_\w+\.ipynb", picture.notebook)
    lines = code_lines(picture.notebook)
    for line in picture.setup.splitlines():
        assert line.strip() in lines, f"lesson {lesson}: the puzzle {line.strip()!r} is not the lesson's any more"
    drawn = [line.strip() for line in picture.code.splitlines() if line.strip()]
    in_lesson = all(line in lines for line in drawn)
    assert picture.in_lesson == in_lesson == ((lesson, slide.title) not in NOT_IN_LESSON), (
        f"lesson {lesson}, {slide.title}: the lesson {'now draws' if in_lesson else 'no longer draws'} this picture "
        f"({drawn}); update in_lesson and NOT_IN_LESSON")
    functions = set(re.findall(r"draw\.(\w+)\(", picture.code))
    assert functions and functions <= lessons_draw_calls(), f"{functions} are not functions the lessons draw with"


@pytest.mark.parametrize("lesson", sorted(slides.DECKS))
def test_each_question_is_a_prediction_of_the_lesson(lesson):
    deck = slides.DECKS[lesson]
    asked = [s for s in deck.slides if s.question]
    assert len(asked) == 1 and asked[0].title == "The question"
    slide = asked[0]
    module = importlib.import_module(f"mathmaze_lib.exercises.lesson{lesson}")
    assert slide.lesson == lesson and slide.prediction in module.PREDICTIONS
    assert slide.prediction in shown_predictions(slide.picture.notebook), (
        f"lesson {lesson}: the notebook does not show the prediction {slide.prediction}")
    prediction = getattr(module, slide.prediction)
    assert (slide.question, slide.choices) == (prediction.question, tuple(prediction.choices))
    assert str(prediction.right_choice) in map(str, slide.choices)


def test_no_slide_draws_a_route_the_question_asks_about():
    """Lesson 3 asks which start the runner leaves from: a slide with its route drawn answered it."""
    assert not [(lesson, slide.title) for lesson, slide in all_pictures() if "draw.route" in slide.picture.code]


def test_every_deck_is_the_puzzle_the_graph_the_question():
    for deck in slides.DECKS.values():
        assert [s.title for s in deck.slides][1:] == ["The puzzle", "The graph", "The question"]


def test_the_numbers_on_the_slides_are_the_lessons():
    from mathmaze_lib.puzzles import summaze

    p = summaze.generate(42)
    lesson1 = " ".join(" ".join(s.lines) for s in slides.DECKS[1].slides)
    assert f"target {p.target}" in lesson1 and p.value(p.start) == 1 and p.start[0] == p.rows - 1
    board = wallmaze.parse("walls: 3\ns......#f\ns..#....f\ns....#..f")
    lesson3 = " ".join(" ".join(s.lines) for s in slides.DECKS[3].slides)
    assert f"the runner needs {wallmaze.score(board)} moves" in lesson3 and f"({wallmaze.score(board)} moves)" in lesson3


def test_a_picture_is_drawn_on_the_slide_by_the_lessons_code():
    from matplotlib.figure import Figure

    fig = Figure()
    ax = fig.add_subplot()
    slides.draw_picture(slides.DECKS[2].slides[1].picture, ax)
    assert ax.get_title() == "Chain Reaction (G is the goal)" and len(ax.texts) == 36
    assert len(fig.axes) == 1, "drawn on the slide's axes, not on a figure of its own"


@needs_poppler
@pytest.mark.parametrize("lesson", sorted(slides.DECKS))
def test_a_deck_is_four_16_by_9_pages(tmp_path, lesson):
    out = tmp_path / f"lesson{lesson}.pdf"
    assert main(["slides", str(lesson), "--out", str(out)]) == 0
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert re.search(r"^Pages:\s+4$", info, re.M) and "960 x 540 pts" in info
    text = " ".join(subprocess.run(["pdftotext", str(out), "-"], capture_output=True, text=True, check=True).stdout.split())
    deck = slides.DECKS[lesson]
    for slide in deck.slides:
        assert slide.title in text
    assert " ".join(deck.slides[-1].question.split()[:6]) in text
    subprocess.run(["pdftoppm", "-r", "15", "-png", str(out), str(tmp_path / "p")], check=True)
    from matplotlib.image import imread
    for png in sorted(tmp_path.glob("p-*.png")):
        pixels = imread(png)
        assert pixels.min() < 0.5 < pixels.max(), f"{png.name} is blank"


def test_a_bad_lesson_is_one_line(tmp_path, capsys):
    assert main(["slides", "4", "--out", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert "slides '4': choose a lesson, 1, 2 or 3" in err and err.count("\n") == 1
