"""What a lesson gives and what a learner wrote: the cells of the student notebooks, kept in
``mathmaze_lib/data/given.json`` (the release step writes it beside the student notebooks, since an
installed package has no notebooks), and what a submission holds beyond them.

- :func:`own_code`: the code cells a learner wrote or changed (the similarity report compares these,
  with the lesson's own code left out);
- :func:`written_answers`: the text a learner wrote for each question to think about (``q6`` ...): the
  Markdown (or raw, or comment-only code) cells they added around the question, or the lines they added
  to the question's own text cell.

A cell is the lesson's when its id (or, for a notebook whose cells lost their ids, its text) is one of
the student notebook's and its text is unchanged.

>>> nb = {"cells": [{"cell_type": "markdown", "id": "m1", "source": "Why?"},
...                 {"cell_type": "markdown", "id": "new", "source": "Because."},
...                 {"cell_type": "code", "id": "c1", "source": "# ex.q6.solution()"}]}
>>> given = [{"id": "m1", "type": "markdown", "source": "Why?"}, {"id": "c1", "type": "code", "source": "# ex.q6.solution()"}]
>>> written_answers(nb, ["q6"], given)
{'q6': 'Because.'}
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Optional

__all__ = ["DATA", "write", "cells", "given_code", "own_code", "written_answers"]

DATA = Path(__file__).resolve().parent.parent / "data" / "given.json"


def _source(cell) -> str:
    source = cell.get("source", "")
    return "".join(source) if isinstance(source, list) else str(source)


def collect(notebooks_dir: Path) -> dict:
    """``{"01_math_maze": [{"id", "type", "source"}, ...]}`` from the student notebooks in ``notebooks_dir``."""
    out = {}
    for path in sorted(Path(notebooks_dir).glob("[0-9][0-9]_*.ipynb")):
        nb = json.loads(path.read_text(encoding="utf-8"))
        out[path.stem] = [{"id": c.get("id", ""), "type": c["cell_type"], "source": _source(c)} for c in nb["cells"]]
    return out


def write(notebooks_dir: Path, check: bool = False, target: Path = DATA) -> bool:
    """Write the given cells from the student notebooks (``check``: only compare); True when it differed."""
    from ..exercises.solutions import write_data

    return write_data(json.dumps(collect(notebooks_dir), indent=0, sort_keys=True) + "\n", target, check)


def cells(lesson: int) -> list:
    """The given cells of lesson ``lesson`` (``[]`` when the data file is missing)."""
    from .gradebook import LESSON_FILES

    try:
        data = json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return []
    return data.get(LESSON_FILES[lesson], []) if 0 <= lesson < len(LESSON_FILES) else []


def given_code(given: list) -> str:
    """The lesson's own code: its code cells, one after the other."""
    return "\n\n".join(c["source"] for c in given if c["type"] == "code")


def _matches(nb, given: list) -> list:
    """For each cell of ``nb``: the index of the given cell it is (by id, else by text), or None; and
    whether it is unchanged."""
    by_id = {c["id"]: i for i, c in enumerate(given) if c.get("id")}
    by_text: dict = {}
    for i, c in enumerate(given):
        by_text.setdefault((c["type"], c["source"].strip()), i)
    out = []
    for cell in nb["cells"]:
        text = _source(cell)
        index = by_id.get(cell.get("id"))
        if index is None:
            index = by_text.get((cell.get("cell_type"), text.strip()))
        same = index is not None and given[index]["source"].strip() == text.strip()
        out.append((index, same))
    return out


def own_code(nb, given: list) -> list:
    """``[(cell number, code)]`` of the code cells the learner wrote or changed (numbered from 1)."""
    return [(n, _source(cell)) for n, (cell, (_, same)) in enumerate(zip(nb["cells"], _matches(nb, given)), 1)
            if cell.get("cell_type") == "code" and not same and _source(cell).strip()]


def _text_of(cell, original: Optional[str]) -> str:
    """What a learner wrote in a cell: all of an added text cell, an added code cell made of comments only,
    or the lines added to a given text cell."""
    text = _source(cell).strip()
    if original is not None:
        kept = {line.strip() for line in original.splitlines()}
        return "\n".join(line for line in text.splitlines() if line.strip() and line.strip() not in kept).strip()
    if cell.get("cell_type") == "code":
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        return "\n".join(line.lstrip("#").strip() for line in lines) if lines and all(
            line.startswith("#") for line in lines) else ""
    return text


def written_answers(nb, questions, given: list) -> dict:
    """``{attr: the learner's text}`` for each question ``attr`` (``q6``) whose cell ``ex.q6.solution()``
    the lesson gives; "" where the learner wrote nothing."""
    matches = _matches(nb, given)
    answers = {}
    for attr in questions:
        anchor = next((i for i, c in enumerate(given) if c["type"] == "code"
                       and re.search(rf"\bex\.{attr}\.solution\(\)", c["source"])), None)
        if anchor is None:
            answers[attr] = ""
            continue
        first, last = anchor - 1, anchor + 1      # the question's text, and the cell after the anchor
        where = {index: n for n, (index, _) in enumerate(matches) if index is not None}
        start = where.get(first, where.get(anchor))
        end = where.get(last, len(matches))
        parts = []
        if start is not None:
            for n in range(start, end):
                index, same = matches[n]
                cell = nb["cells"][n]
                if index is None or (not same and given[index]["type"] != "code"):
                    original = given[index]["source"] if index is not None else None
                    if cell.get("cell_type") in ("markdown", "raw", "code"):
                        parts.append(_text_of(cell, original))
        answers[attr] = "\n\n".join(p for p in parts if p)
    return answers
