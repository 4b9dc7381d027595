"""The committed notebooks are clean teaching material: run, small, no saved widget state."""

import json
from pathlib import Path

import pytest

from conftest import NOTEBOOKS

ALL = sorted(NOTEBOOKS.glob("*.ipynb")) + sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))


def load(path: Path) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_no_saved_widget_state(path):
    text = path.read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-state+json" not in text
    assert "widgets" not in load(path).get("metadata", {})


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_small_enough_to_review(path):
    assert path.stat().st_size < 1_500_000, f"{path.name} is over 1.5 MB: use smaller plots or fewer stored outputs"


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_runs_in_order_and_uses_the_python3_kernel(path):
    nb = load(path)
    assert nb["metadata"]["kernelspec"]["name"] == "python3"
    counts = [c.get("execution_count") for c in nb["cells"] if c["cell_type"] == "code" and c.get("execution_count")]
    assert counts == sorted(counts), f"{path.name} was not run top to bottom (execution counts {counts})"
    assert any(c["cell_type"] == "markdown" for c in nb["cells"])


def test_every_lesson_has_a_student_and_a_solution_version():
    students = {p.name for p in NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")} - {"00_start_here.ipynb"}
    solutions = {p.name for p in (NOTEBOOKS / "solutions").glob("*.ipynb")}
    assert students == solutions
