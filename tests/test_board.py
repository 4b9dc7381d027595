"""The Board widget, headless: state, roles, routes, clicks (the same path as the browser), errors."""

import random
import re
from pathlib import Path

import pytest

from mathmaze_lib import palette
from mathmaze_lib.widgets import Board
from mathmaze_lib.widgets import board as board_module
from mathmaze_lib.widgets.board import MAX_SIDE


def test_one_model_holds_the_whole_grid():
    b = Board(20, 20)
    assert len(b._texts) == len(b._roles) == 400
    assert b.get_state()["_esm"] and "_css" in b.get_state()


def test_the_front_end_is_local_and_needs_no_build():
    folder = Path(board_module.__file__).parent
    js, css = (folder / "board.js").read_text(), (folder / "board.css").read_text()
    assert "export default" in js
    assert not re.search(r"^\s*import\b|\bimport\(", js, re.M), "no imports: nothing to build or fetch"
    assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", js + css), "nothing from the network"


def test_texts_and_roles_per_cell():
    b = Board(2, 3, texts=[["S", 1, 2], ["3", "4", "E"]])
    assert b.texts == [["S", "1", "2"], ["3", "4", "E"]]
    b.set_text((1, 1), 42)
    b.set_roles({(0, 0): "start", (1, 2): "end"})
    assert b.get_text((1, 1)) == "42" and b.get_role((1, 2)) == "end"
    assert b.cells_with_role("plain") == [(0, 1), (0, 2), (1, 0), (1, 1)]
    b.fill_roles("visited")
    assert set(sum(b.roles, [])) == {"visited"}


def test_every_role_has_a_colour_and_something_besides_colour():
    for role in palette.ROLES:
        st = palette.style(role)
        assert st["color"].startswith("#")
        if role != "plain":
            assert st["hatch"] or st["mark"] or st["border"] != "solid", f"{role} is told apart by colour alone"


@pytest.mark.parametrize("make, message", [
    (lambda: Board(0, 3), "Board rows 0: must be a whole number from 1 to 30"),
    (lambda: Board(3, MAX_SIDE + 1), "Board cols 31: must be a whole number from 1 to 30"),
    (lambda: Board(2, "x"), "Board cols 'x': must be a whole number"),
    (lambda: Board(2, 2, texts=[["a", "b"]]), "Board texts: expected 2 rows, got 1"),
    (lambda: Board(2, 2, roles=[["plain", "lava"], ["plain", "plain"]]), r"roles: cell \(0, 1\): unknown role 'lava'"),
    (lambda: Board(2, 2, cell_size=3), "Board cell_size 3: must be a whole number from 10 to 120 \\(pixels\\)"),
])
def test_bad_boards_are_explained(make, message):
    with pytest.raises(ValueError, match=message):
        make()


def test_bad_cells_and_routes_are_explained_and_change_nothing():
    b = Board(2, 2)
    with pytest.raises(ValueError, match=r"cell \(2, 0\) is off the 2 x 2 board"):
        b.set_text((2, 0), "x")
    with pytest.raises(ValueError, match="route step 1: cell"):
        b.show_route([(0, 0), (5, 5)])
    with pytest.raises(ValueError, match="ms_per_step 0: must be a finite number from 10 to 10000"):
        b.animate_route([(0, 0)], ms_per_step=0)
    before = b.roles
    with pytest.raises(ValueError):
        b.set_roles({(0, 0): "path", (9, 9): "path"})
    assert b.roles == before and b.route == []


def test_routes_and_animation():
    b = Board(3, 3)
    b.show_route([(0, 0), (0, 2), (2, 2)], arrows=True)
    assert b.route == [(0, 0), (0, 2), (2, 2)] and b.route_arrows
    b.animate_route([(0, 0), (1, 0)], ms_per_step=120)
    first = b._animation["id"]
    b.animate_route([(0, 0), (1, 0)], ms_per_step=120)
    assert b._animation == {"id": first + 1, "ms": 120}, "every call starts a new animation"


def test_clicks_from_python_and_from_the_front_end_take_the_same_path():
    b = Board(3, 3)
    seen = []
    b.on_click(seen.append)
    b.click(1, 2)
    b._on_front_end_msg(b, {"type": "click", "row": 2, "col": 0}, [])
    assert seen == [(1, 2), (2, 0)]
    b._on_front_end_msg(b, {"type": "click", "row": 9, "col": 0}, [])
    assert b.status.startswith("Ignored a click: cell (9, 0) is off the 3 x 3 board") and len(seen) == 2
    b._on_front_end_msg(b, {"type": "something else"}, [])
    b.on_click(seen.append, remove=True)
    b.click(0, 0)
    assert len(seen) == 2


def test_a_handler_that_raises_is_shown_and_the_board_stays_usable():
    b = Board(2, 2)
    calls = []

    def broken(cell):
        calls.append(cell)
        if cell == (0, 0):
            raise KeyError("oops")
        b.status = f"fine {cell}"
    b.on_click(broken)
    b.click(0, 0)
    assert b.status == "Error in click handler: KeyError: 'oops'" and isinstance(b.last_error, KeyError)
    b.click(1, 1)
    assert b.status == "fine (1, 1)" and calls == [(0, 0), (1, 1)]


def test_fuzz_10000_random_clicks_on_a_bare_board():
    rng = random.Random(0)
    b = Board(12, 12)
    counts = {}

    @b.on_click
    def mark(cell):
        counts[cell] = counts.get(cell, 0) + 1
        b.set_role(cell, palette.ROLES[counts[cell] % len(palette.ROLES)])
        b.set_text(cell, counts[cell])
        if counts[cell] % 97 == 0:
            raise RuntimeError("every 97th click on a cell fails")

    for _ in range(10_000):
        b.click(rng.randrange(12), rng.randrange(12))
    assert sum(counts.values()) == 10_000
    for cell, n in counts.items():
        assert b.get_text(cell) == str(n) and b.get_role(cell) == palette.ROLES[n % len(palette.ROLES)]


@pytest.mark.parametrize("row, col, name", [(1.0, 2, "row"), ("1", 2, "row"), (1, None, "column"), (True, 0, "row")])
def test_a_click_from_python_with_a_wrong_type_is_a_type_error(row, col, name):
    b = Board(3, 3)
    seen = []
    b.on_click(seen.append)
    with pytest.raises(TypeError, match=rf"the {name} must be a whole number \(int\), got"):
        b.click(row, col)
    assert seen == []


@pytest.mark.parametrize("row, col, message", [
    (float("inf"), 0, "the row must be a whole number (int), got inf (float)"),
    (1.9, 2, "the row must be a whole number (int), got 1.9 (float)"),
    (1, 2.0, "the column must be a whole number (int), got 2.0 (float)"),
    ("1", 2, "the row must be a whole number (int), got '1' (str)"),
    (None, 2, "the row must be a whole number (int), got None (NoneType)"),
    (-1, 0, "cell (-1, 0) is off the 3 x 3 board"),
])
def test_a_bad_click_from_the_front_end_is_refused_and_changes_nothing(row, col, message):
    b = Board(3, 3)
    seen = []

    @b.on_click
    def mark(cell):
        seen.append(cell)
        b.set_role(cell, "path")
    before = b.roles
    b._on_front_end_msg(b, {"type": "click", "row": row, "col": col}, [])
    assert seen == [] and b.roles == before
    assert b.status.startswith("Ignored a click:") and message in b.status
    b._on_front_end_msg(b, {"type": "click", "row": 1}, [])
    assert b.status == "Ignored a click: the message has no 'col'"


def test_cells_are_named_in_words_and_boards_have_a_label():
    b = Board(2, 2, texts=[["3", ""], ["", "9"]], roles=[["start", "plain"], ["plain", "path"]])
    assert b.label == "Board, 2 rows by 2 columns"
    assert b.cell_name((0, 0)) == "row 1, column 1, 3, start"
    assert b.cell_name((0, 1)) == "row 1, column 2", "plain cells say no role word"
    assert b.cell_name((1, 1)) == "row 2, column 2, 9, on your path"
    b.set_role_words({"path": "on the route"})
    assert b.cell_name((1, 1)) == "row 2, column 2, 9, on the route"
    with pytest.raises(ValueError, match="role words: unknown role 'lava'"):
        b.set_role_words({"lava": "hot"})
    for role in palette.ROLES:
        for internal in ("plain", "highlight"):
            assert internal not in palette.style(role)["words"], f"{role} says the internal word {internal!r}"
