"""The grid model: directions, bounds, sizes and text parsing with line/column errors."""

import subprocess
import sys

import pytest

from mathmaze_lib.grid import (
    ALL_EIGHT, DIAGONAL, DOWN, LEFT, ORTHOGONAL, RIGHT, UP, Grid, GridParseError,
    are_adjacent, check_size, parse_cell, parse_grid,
)


def test_direction_order_is_up_right_down_left_then_diagonals():
    assert ORTHOGONAL == (UP, RIGHT, DOWN, LEFT) == ((-1, 0), (0, 1), (1, 0), (0, -1))
    assert DIAGONAL == ((-1, 1), (1, 1), (1, -1), (-1, -1))
    assert ALL_EIGHT[:4] == ORTHOGONAL and len(set(ALL_EIGHT)) == 8


def test_neighbours_follow_the_direction_order_and_stay_on_the_grid():
    g = Grid(3, 3)
    assert list(g.neighbours((1, 1))) == [(0, 1), (1, 2), (2, 1), (1, 0)]
    assert list(g.neighbours((0, 0))) == [(0, 1), (1, 0)]
    assert list(g.neighbours((0, 0), ALL_EIGHT)) == [(0, 1), (1, 0), (1, 1)]


def test_index_and_cell_are_inverse():
    g = Grid(4, 5)
    assert [g.index(c) for c in g.cells()] == list(range(20))
    assert all(g.cell(g.index(c)) == c for c in g.cells())


def test_step_with_and_without_wrap():
    g = Grid(3, 4)
    assert g.step((0, 0), RIGHT, 3) == (0, 3)
    assert g.step((0, 0), RIGHT, 4) is None
    assert g.step((0, 0), LEFT, 1, wrap=True) == (0, 3)
    assert g.step((2, 3), (1, 1), 1, wrap=True) == (0, 0)


def test_adjacency():
    assert are_adjacent((2, 2), (1, 2))
    assert not are_adjacent((2, 2), (1, 1))
    assert are_adjacent((2, 2), (1, 1), ALL_EIGHT)
    assert not are_adjacent((2, 2), (2, 2))


@pytest.mark.parametrize("rows, cols, words", [
    (0, 5, "rows must be at least 1"),
    (4, -1, "cols must be at least 1"),
    (2.5, 3, "whole number"),
    (True, 3, "whole number"),
    (2000, 3, "at most 1000"),
])
def test_impossible_sizes_are_refused_with_the_rule(rows, cols, words):
    with pytest.raises(ValueError, match=words):
        check_size(rows, cols)
    with pytest.raises(ValueError, match=words):
        Grid(rows, cols)


def test_parse_cell():
    assert parse_cell(" 3 , 4 ") == (3, 4)
    with pytest.raises(ValueError, match="start: a cell is written"):
        parse_cell("3", where="start")
    with pytest.raises(ValueError, match="two whole numbers"):
        parse_cell("a b")


def test_parse_whitespace_tokens_with_headers_and_comments():
    text = "; a comment\nrule: diag8\nstart: 0 0\n\n 1  2 3\n4 5 6\n; trailing comment\n"
    p = parse_grid(text, headers=["rule", "start", "goal"])
    assert p.headers == {"rule": "diag8", "start": "0 0"}
    assert p.rows == [["1", "2", "3"], ["4", "5", "6"]]
    assert p.shape == (2, 3)
    assert p.places[0] == [(5, 2), (5, 5), (5, 7)]
    assert p.header_lines["rule"] == 2


def test_parse_chars():
    p = parse_grid("walls: 3\ns..f\n#..f\n", split="chars", headers=["walls"])
    assert p.headers == {"walls": "3"}
    assert p.rows == [list("s..f"), list("#..f")]
    assert p.places[1][0] == (3, 1)


def test_ragged_rows_name_the_line():
    with pytest.raises(GridParseError) as err:
        parse_grid("1 2 3\n4 5 6\n7 8\n")
    assert err.value.line == 3
    assert "line 3" in str(err.value) and "same length" in str(err.value)


def test_unknown_tokens_name_line_and_column():
    rule = lambda tok: None if tok.isdigit() else "cells hold whole numbers"
    with pytest.raises(GridParseError) as err:
        parse_grid("1 2\n3 x\n", token_rule=rule)
    assert (err.value.line, err.value.column) == (2, 3)
    assert str(err.value) == "line 2, column 3: 'x' is not allowed here: cells hold whole numbers"


@pytest.mark.parametrize("text", ["", "\n\n", "; only a comment\n", "rule: ortho\n"])
def test_empty_input(text):
    with pytest.raises(GridParseError, match="no grid rows"):
        parse_grid(text, headers=["rule"])


def test_grid_larger_than_the_stated_maximum():
    with pytest.raises(GridParseError, match="line 3: more than 2 rows"):
        parse_grid("1\n2\n3\n", max_rows=2)
    with pytest.raises(GridParseError, match="line 1: row 1 has 3 cells; at most 2"):
        parse_grid("1 2 3\n", max_cols=2)


def test_headers_after_rows_and_twice_are_errors():
    with pytest.raises(GridParseError, match="line 2, column 1: header 'rule' must come before"):
        parse_grid("1 2\nrule: ortho\n", headers=["rule"])
    with pytest.raises(GridParseError, match="line 2, column 1: header 'rule' is given twice"):
        parse_grid("rule: a\nrule: b\n1\n", headers=["rule"])


def test_spaces_inside_a_char_row():
    with pytest.raises(GridParseError, match="line 1, column 3: spaces are not allowed"):
        parse_grid("s. f\n", split="chars")


def test_errors_at_a_cell_name_its_text_place():
    p = parse_grid("1 2\n3 44\n")
    err = p.error((1, 1), "too far")
    assert isinstance(err, ValueError)
    assert str(err) == "line 2, column 3: cell (1, 1): too far"


def test_non_text_input():
    with pytest.raises(ValueError, match="expected the maze as text"):
        parse_grid(None)


@pytest.mark.parametrize("rows,cols", [(1, 1), (3, 4), (7, 2)])
def test_the_numpy_neighbour_array_is_the_neighbour_table(rows, cols):
    grid = Grid(rows, cols)
    for directions in (ORTHOGONAL, ALL_EIGHT):
        table = [tuple(grid.index(n) for n in grid.neighbours(cell, directions)) for cell in grid.cells()]
        assert [tuple(v for v in row if v >= 0) for row in grid.neighbour_array(directions).tolist()] == table
        assert list(grid.neighbour_table(directions)) == table


def test_lesson_one_s_searches_load_no_numpy():
    """A hostile notebook that used up its process's threads must not break the next check by an import
    it did not ask for (numpy starts threads when it loads): Math Maze's searches never load it."""
    code = ("import sys\nfrom mathmaze_lib.puzzles import summaze\n"
            "p = summaze.generate(0, 4, 5)\nsummaze.count_solutions(p)\nprint('numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
