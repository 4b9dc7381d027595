"""How long a first-time learner needs for each section of a lesson, estimated from the notebook itself.

The estimate counts what the learner reads and does, at fixed rates (:data:`RATES`, said in words by
:data:`HOW`, which each lesson's plan and the teacher guide quote): the words of the text and of the
code cells, the cells to run, the predictions, the questions to think about, the boards to step
through or play, and the exercises (a few minutes each, more for every line the learner writes).
A section is a ``## N. Title (core)`` or ``(going further)`` heading of the solution notebook and
everything up to the next one; the cells before the first heading (the opening) count with section 1.
The plan rounds each section to 5 minutes; ``tests/test_lesson_text.py`` checks that every plan
states these numbers.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[
...     nbformat.v4.new_markdown_cell("## 1. Sums (core)\\n\\n" + "word " * 200),
...     nbformat.v4.new_code_cell("ex.p1"),
...     nbformat.v4.new_code_cell("def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION"),
...     nbformat.v4.new_code_cell("ex.q1.check()"),
...     nbformat.v4.new_markdown_cell("## 2. Challenges (going further)")])
>>> [(s.number, s.core, round(s.minutes, 2)) for s in sections(nb)]
[(1, True, 9.09), (2, False, 0.01)]
>>> plan_minutes(9.09), plan_minutes(0.01)
(10, 5)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

__all__ = ["RATES", "HOW", "Section", "sections", "plan_minutes"]

#: Minutes per thing a learner reads or does.
RATES = {
    "words": 1 / 100,            # reading text and code: 100 words a minute
    "cell": 0.5,                 # running a code cell and looking at what it shows
    "prediction": 1,             # making a prediction, and reading why
    "question": 3,               # a question to think about
    "board": 3,                  # a board to step through or to play
    "exercise": 5,               # an exercise: reading it, running its check, reading the feedback
    "line": 1,                   # ... and each line of its worked solution the learner writes
    "order": 0.5,                # ... or each line of a put-in-order step
    "blank": 1,                  # ... or each blank of a skeleton to fill in
}
#: The rates in words, as the lessons' plans and the teacher guide say them.
HOW = ("reading at 100 words a minute, half a minute to run a cell and look at what it shows, 1 minute "
       "per prediction, 3 per question to think about and per board to step through or play, and for an "
       "exercise 5 minutes plus 1 per line the learner writes (half a minute per line to put in order, "
       "1 per blank to fill in)")

_HEADING = re.compile(r"^## (\d+)\. (.*?) \((core|going further)\)\s*$", re.M)
_SOLUTION = re.compile(r"### BEGIN SOLUTION[^\n]*\n(.*?)^[ \t]*### END SOLUTION", re.S | re.M)
_PREDICTION = re.compile(r"^(ex|start)\.p\d+$")
_QUESTION = re.compile(r"^#\s*ex\.q\d+\.solution\(\)$")
_BOARD = re.compile(r"\bSearchStepper\b|\w*Game\(|\w*Race\(|\bstep_\w+\(")
_CHECK = re.compile(r"\bex\.(q|c)\w*\.check\(\s*\)")


@dataclass
class Section:
    """A section of a lesson: its number and title, ``core`` or going further, and its estimated
    minutes (``parts`` says where they come from)."""

    number: int
    title: str
    core: bool
    minutes: float = 0.0
    parts: dict = field(default_factory=dict)

    def add(self, part: str, minutes: float) -> None:
        """Count ``minutes`` more for the section, under ``part`` (reading, an exercise, ...)."""
        self.minutes += minutes
        self.parts[part] = self.parts.get(part, 0.0) + minutes


def _words(text: str) -> int:
    return len(text.split())


def _exercise(source: str, text: str) -> tuple:
    """``(kind, minutes)`` of an exercise cell, given the text above it."""
    body = _SOLUTION.search(source).group(1)
    lines = [line for line in body.splitlines() if line.strip() and not line.strip().startswith("#")]
    order = re.fullmatch(r'\s*\w+\s*=\s*"([A-Z]+)"\s*', body)
    if order:
        return "order", RATES["exercise"] + RATES["order"] * len(order.group(1))
    blanks = sum(block.count("___") for block in re.findall(r"```python\n(.*?)```", text, re.S))
    if blanks:
        return "blanks", RATES["exercise"] + RATES["blank"] * blanks
    return "lines", RATES["exercise"] + RATES["line"] * len(lines)


def sections(nb) -> list:
    """The sections of a solution notebook (``nbformat`` node), each with its estimated minutes."""
    from .release import student_source

    found: list = []
    current = None
    text = ""          # the markdown since the last code cell (an exercise's own text)
    challenge = False
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            pieces = _HEADING.split(cell.source)
            if current is None:
                current = Section(1, "", True)
                found.append(current)
            current.add("reading", RATES["words"] * _words(pieces[0]))
            for i in range(1, len(pieces), 4):
                number, title, mark, rest = int(pieces[i]), pieces[i + 1], pieces[i + 2], pieces[i + 3]
                if found and found[-1].number == number and not found[-1].title:
                    current = found[-1]       # the opening's cells belong to section 1
                    current.title, current.core = title, mark == "core"
                else:
                    current = Section(number, title, mark == "core")
                    found.append(current)
                current.add("reading", RATES["words"] * _words(f"{title} {rest}"))
            text = (text + "\n" + cell.source) if text else cell.source
            continue
        if current is None:
            current = Section(1, "", True)
            found.append(current)
        source = cell.source.strip()
        if "### BEGIN SOLUTION" in source:
            current.add("reading", RATES["words"] * _words(student_source(source)))
            challenge = "Challenges" in current.title
            if not challenge:
                kind, minutes = _exercise(cell.source, text)
                current.add(f"exercise ({kind})", minutes)
        elif _CHECK.search(source):
            pass                                   # part of its exercise
        elif _PREDICTION.match(source):
            current.add("predictions", RATES["prediction"])
        elif _QUESTION.match(source):
            current.add("questions", RATES["question"])
        else:
            current.add("reading", RATES["words"] * _words(source))
            current.add("boards" if _BOARD.search(source) else "cells",
                        RATES["board"] if _BOARD.search(source) else RATES["cell"])
        text = ""
    return found


def plan_minutes(minutes: float) -> int:
    """A section's minutes as a plan states them: to the nearest 5, at least 5."""
    return max(5, 5 * round(minutes / 5))
