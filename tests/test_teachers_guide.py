"""The teacher guide names every checked exercise of every lesson, and the README links to it."""

import re

import pytest

from conftest import ROOT
from mathmaze_lib.grading import graded_exercises

GUIDE = (ROOT / "docs" / "teachers.md").read_text()


@pytest.mark.parametrize("lesson", [1, 2, 3])
def test_guide_names_each_exercise_of_the_lesson(lesson):
    section = GUIDE.split(f"### 0{lesson} ")[1].split("\n### ")[0]
    for attr, q in graded_exercises(lesson):
        assert re.search(rf"`{attr}` `{q.name}(\(|` \()", section), f"lesson {lesson}: {attr} {q.name} is not in the guide"


def test_guide_commands_exist_and_readme_links_it():
    from mathmaze_lib.__main__ import build_parser

    commands = set(build_parser()._subparsers._group_actions[0].choices)
    for used in re.findall(r"python -m mathmaze_lib (\w+)", GUIDE):
        assert used in commands
    assert "docs/teachers.md" in (ROOT / "README.md").read_text()
