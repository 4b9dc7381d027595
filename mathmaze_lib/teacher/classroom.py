"""A class copy without answers: what ``python -m mathmaze_lib release --class DIR`` writes.

The copy is ready to become the class repository that students get with nbgitpuller::

    DIR/README.md                 for students: how to start, how exercises work
    DIR/.mathmaze-class.json      whether ex.qN.solution() answers (see visibility.py)
    DIR/notebooks/*.ipynb         the student notebooks, made afresh from notebooks/solutions/

There is no ``solutions/`` folder and no solution block in any notebook.  Releasing again
into the same folder updates the files it wrote (and keeps a ``.git`` folder), so the
teacher can commit and push the update.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Optional

from .release import BEGIN, END, _text, make_student, strip_widget_state
from ..exercises.visibility import SETTINGS_FILE, find_settings, read_settings, write_settings

__all__ = ["class_release", "STUDENT_README"]

STUDENT_README = """\
# Math Maze

Lessons about puzzles on grids and the graph searches that solve them. Every lesson tells
the same story: **turn the puzzle into a graph, then search it.**

## Start here

Open `notebooks/00_start_here.ipynb` and run it from the top (click a code cell, press
**Shift + Enter**). Then go on with the lessons in order:

{lessons}

## Exercises

An exercise is a cell marked `# YOUR CODE HERE`. Write your code there, run the cell, then
run the check cell below it:

```python
ex.q1.check()      # "Correct: ...", or the input that failed, what was expected and what came back
ex.q1.hint()       # a hint; run it again for a stronger one
ex.q1.solution()   # {solution_line}
```

If your code raises an error, `check()` names the error and the line of *your* code that
raised it. Until you write something, every check says "Not attempted yet".

## Handing in

Save your notebook (**Ctrl + S**), then hand it in: on the class's hub, delete the `#` in front of
`ex.hand_in()` in the lesson's last cell and run it (it says when it handed in; you may hand in again,
and the last one counts); elsewhere, hand in the `.ipynb` file the way your teacher asks. Your teacher
grades it by running it from the top in a fresh process and checking every
exercise again on cases you have not seen, so make sure it runs from the top without
errors (*Kernel, Restart Kernel and Run All Cells*) and do not hard-code answers.

## For the teacher: the class's environment

This repository holds no solutions. Install the `mathmaze_lib` package for the class without
its worked solutions too, from the project's folder (not with `pip install -e`):

```bash
MATHMAZE_WITHOUT_SOLUTIONS=1 pip install "PROJECT-FOLDER[lab]"
python -m mathmaze_lib release --check-install    # "this installation has no worked solutions"
```
"""


def _solution_line(mode: str, date: Optional[str]) -> str:
    if mode == "shown":
        return "a worked solution, when you are really stuck"
    if mode == "after":
        return f"your teacher has hidden the solutions until {date}"
    return "your teacher has hidden the solutions for this class"


def _check_target(target: Path, notebooks_dir: Path) -> None:
    if target.resolve() == notebooks_dir.resolve().parent or notebooks_dir.resolve().is_relative_to(target.resolve()):
        raise ValueError(f"--class {target}: write the class copy to a new folder, not over the project")
    if target.exists() and not target.is_dir():
        raise ValueError(f"--class {target}: this is a file, not a folder")
    if target.is_dir():
        ours = (target / SETTINGS_FILE).is_file()
        others = [p.name for p in target.iterdir() if p.name != ".git"]
        if others and not ours:
            raise ValueError(f"--class {target}: the folder is not empty and is not a class copy made by this "
                             f"command (no {SETTINGS_FILE} in it); choose a new folder")
        if (target / "notebooks" / "solutions").exists():
            raise ValueError(f"--class {target}: it has a notebooks/solutions folder; delete it first, "
                             f"a class copy must not hold the solutions")


def _assert_no_answers(nb, where: str) -> None:
    for index, cell in enumerate(nb.cells):
        if BEGIN in cell.source or END in cell.source:
            raise ValueError(f"{where}, cell {index + 1}: still holds a solution block; not written")


def class_release(notebooks_dir: Path, target: Path, solutions: str = "hidden", until: Optional[str] = None,
                  log=None) -> list:
    """Write the class copy into ``target``; returns the paths written (relative to ``target``).

    ``solutions`` is ``hidden`` or ``shown``; ``until`` (``YYYY-MM-DD``) hides them until that day.
    """
    import nbformat

    if until is not None:
        if solutions == "shown":
            raise ValueError("--until hides the solutions until a date: leave out --solutions shown")
        solutions = "after"
    notebooks_dir, target = Path(notebooks_dir), Path(target)
    solutions_dir = notebooks_dir / "solutions"
    if not solutions_dir.is_dir():
        raise ValueError(f"{solutions_dir} is not a folder: run this from the project folder or pass --dir")
    _check_target(target, notebooks_dir)
    sources = {p.name: p for p in sorted(notebooks_dir.glob("*.ipynb"))}   # notebooks without a solution version
    sources.update({p.name: p for p in sorted(solutions_dir.glob("*.ipynb"))})
    if not sources:
        raise ValueError(f"{notebooks_dir}: no notebooks to release")
    (target / "notebooks").mkdir(parents=True, exist_ok=True)
    written = []
    for name in sorted(sources):
        path = sources[name]
        nb = nbformat.read(path, as_version=4)
        if path.parent == solutions_dir:
            student = make_student(nb, name=f"solutions/{name}")
        else:
            student = copy.deepcopy(nb)
            strip_widget_state(student)
        _assert_no_answers(student, name)
        (target / "notebooks" / name).write_text(_text(student), encoding="utf-8")
        written.append(f"notebooks/{name}")
    settings = write_settings(target, solutions, until)
    mode = read_settings(settings)
    lessons = "\n".join(f"- `notebooks/{name}`" for name in sorted(sources) if not name.startswith("00_"))
    readme = STUDENT_README.format(lessons=lessons, solution_line=_solution_line(mode["solutions"], mode["date"]))
    (target / "README.md").write_text(readme, encoding="utf-8")
    written += [SETTINGS_FILE, "README.md"]
    assert find_settings(target / "notebooks") == settings
    if log:
        state = f"hidden until {mode['date']}" if mode["date"] else mode["solutions"]
        log(f"wrote the class copy in {target}: {len(sources)} notebooks, README.md, {SETTINGS_FILE} "
            f"(solutions {state})")
    return written
