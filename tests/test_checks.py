"""mathmaze_lib.checks: each rule refuses exactly what breaks it, in the one wording."""

import math
import re

import pytest

from mathmaze_lib import checks


@pytest.mark.parametrize("value", [0, 1, 5, 2**70])
def test_whole_keeps_whole_numbers_in_range(value):
    assert checks.whole(value, "n", low=0) == value


@pytest.mark.parametrize("value, low, high, rule", [
    (True, None, None, "a whole number"),           # a bool is not a number here
    (False, 0, None, "a whole number >= 0"),
    (2.0, None, None, "a whole number"),            # a float with no fraction is still a float
    ("3", 1, None, "a whole number >= 1"),
    (None, 1, 12, "a whole number from 1 to 12"),
    (0, 1, 12, "a whole number from 1 to 12"),      # one below the range
    (13, 1, 12, "a whole number from 1 to 12"),     # one above it
    (4, None, 3, "a whole number <= 3"),
])
def test_whole_names_the_place_the_value_and_the_rule(value, low, high, rule):
    with pytest.raises(ValueError) as info:
        checks.whole(value, "--per-page", low, high)
    assert str(info.value) == f"--per-page {value!r}: must be {rule}"


def test_bounds_are_inclusive():
    assert checks.whole(1, "n", 1, 12) == 1 and checks.whole(12, "n", 1, 12) == 12
    assert checks.number(0, "x", 0, 1) == 0.0 and checks.number(1, "x", 0, 1) == 1.0


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, True, "1", None, 1j])
def test_number_refuses_what_is_not_a_finite_real(value):
    with pytest.raises(ValueError, match=re.escape(f"x {value!r}: must be a finite number")):
        checks.number(value, "x")


def test_number_returns_a_float_and_above_is_strict():
    assert checks.number(3, "x") == 3.0 and isinstance(checks.number(3, "x"), float)
    assert checks.number(1, "off_route", above=0, high=1) == 1.0
    with pytest.raises(ValueError, match=r"off_route 0: must be a finite number > 0 and <= 1 \(a chance\)"):
        checks.number(0, "off_route", above=0, high=1, note="a chance")
    with pytest.raises(ValueError, match=r"off_route 1.5: must be a finite number > 0 and <= 1"):
        checks.number(1.5, "off_route", above=0, high=1)


def test_ids_seconds_and_temperatures_share_the_rules():
    assert checks.puzzle_id(0) == 0
    for bad in (-1, True, "7", 1.0):
        with pytest.raises(ValueError, match=re.escape(f"level id {bad!r}: must be a whole number >= 0")):
            checks.puzzle_id(bad, "level id")
    assert checks.seconds(0.25) == 0.25
    for bad in (0, -1, math.inf, math.nan, True):
        with pytest.raises(ValueError, match=re.escape(f"seconds {bad!r}: must be a finite number > 0")):
            checks.seconds(bad)
    assert checks.temperature(1e-9, "t_end") == 1e-9
    for bad in (0, -0.5, math.inf, False):
        with pytest.raises(ValueError, match=re.escape(f"t_start {bad!r}: must be a finite number > 0")):
            checks.temperature(bad, "t_start")


def test_both_annealers_use_the_one_temperature_rule():
    """The wall annealer and the jump-maze generator refuse the same temperatures."""
    from mathmaze_lib import optimize
    from mathmaze_lib.puzzles import jumpmaze, wallmaze
    board = wallmaze.parse("s..\n...\n..f")
    for bad in (math.inf, -1.0, math.nan):
        with pytest.raises(ValueError, match="must be a finite number > 0"):
            optimize.anneal(board, seconds=1, t_start=bad, t_end=0.05)
        with pytest.raises(ValueError, match="give \\(start, end\\) with start >= end > 0"):
            jumpmaze.generate(1, 4, 4, steps=5, temperature=(bad, 0.1))
    assert jumpmaze.generate(1, 4, 4, steps=5, temperature=(0, 0)).maze is not None


def test_no_module_writes_the_check_by_hand_any_more():
    """The "int, not a bool" test lives in checks.py; other modules call it (a few pair and
    cell checks with their own wording, listed here, stay where they are)."""
    import pathlib
    root = pathlib.Path(checks.__file__).parent
    allowed = {"checks.py", "exercises/core.py", "exercises/lesson1.py", "grid.py", "widgets/board.py",
               "puzzles/wallmaze/board.py", "puzzles/wallmaze/goals.py", "puzzles/summaze/rules.py",
               "puzzles/summaze/generating.py"}
    by_hand = re.compile(r"isinstance\(\w+, bool\) or not isinstance\(\w+, (int|\(int, float\))\)")
    found = {str(p.relative_to(root)) for p in root.rglob("*.py") if by_hand.search(p.read_text())}
    assert found <= allowed, sorted(found - allowed)
