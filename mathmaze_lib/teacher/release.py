"""Make the student notebooks from the solution notebooks.

The solution notebooks in ``notebooks/solutions/`` are the source.  In them, the
code of an answer sits between ``### BEGIN SOLUTION`` and ``### END SOLUTION``.
The student notebook (``notebooks/<same name>``) is the same notebook with

* each solution block replaced by ``# YOUR CODE HERE`` and a placeholder that
  gives nothing back: ``return None`` inside a function, ``name = None`` for each
  name the block assigns at the top level;
* the outputs of those exercise cells cleared;
* each check cell (a cell that calls ``.check()``) showing the "not attempted"
  line, which is what it prints when the student first runs it.

Nothing else changes, so text, pictures and demonstrations stay as the teacher
ran them.  ``--execute`` first runs the solution notebooks top to bottom (and
strips saved widget state, which goes stale and bloats files).

>>> print(student_source('''def area(w, h):
...     \"\"\"The area.\"\"\"
...     ### BEGIN SOLUTION
...     return w * h
...     ### END SOLUTION'''))
def area(w, h):
    \"\"\"The area.\"\"\"
    # YOUR CODE HERE
    return None
>>> print(student_source('''### BEGIN SOLUTION
... longest, best = 7, (1, 2)
... ### END SOLUTION
... print(longest)'''))
# YOUR CODE HERE
longest = None
best = None
print(longest)
"""

from __future__ import annotations

import ast
import copy
import re
import textwrap
from pathlib import Path
from typing import Iterable, Optional

from ..exercises.core import NOT_ATTEMPTED

BEGIN = "### BEGIN SOLUTION"
END = "### END SOLUTION"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
_BLOCK = re.compile(r"^([ \t]*)### BEGIN SOLUTION[ \t]*\n(.*?)^[ \t]*### END SOLUTION[ \t]*(\n|$)", re.M | re.S)
_CHECK = re.compile(r"\.check\(\s*\)")


def _assigned_names(code: str) -> list:
    """Names a block of top-level code assigns, in order of first assignment."""
    names: list = []
    for node in ast.parse(code).body:
        targets = []
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
        for target in targets:
            for sub in ast.walk(target):
                if isinstance(sub, ast.Name) and sub.id not in names:
                    names.append(sub.id)
    return names


def student_source(source: str, where: str = "cell") -> str:
    """The cell's source with every solution block replaced by a placeholder."""
    if BEGIN not in source and END not in source:
        return source

    def replace(match: re.Match) -> str:
        indent, body, end = match.group(1), match.group(2), match.group(3)
        lines = [f"{indent}# YOUR CODE HERE"]
        if indent:
            lines.append(f"{indent}return None")
        else:
            lines += [f"{name} = None" for name in _assigned_names(textwrap.dedent(body))]
        return "\n".join(lines) + end

    out = _BLOCK.sub(replace, source)
    if BEGIN in out or END in out:
        raise ValueError(f"{where}: every '{BEGIN}' needs an '{END}' after it, at the same indentation")
    return out


def is_exercise_cell(cell) -> bool:
    """True for a code cell with a solution block (the learner's exercise cell)."""
    return cell.cell_type == "code" and BEGIN in cell.source


def is_check_cell(cell) -> bool:
    """True for a code cell that calls ``ex.qN.check()`` (and holds no solution block)."""
    return cell.cell_type == "code" and bool(_CHECK.search(cell.source)) and BEGIN not in cell.source


def strip_widget_state(nb) -> None:
    """Drop saved widget state and widget views (they only work in the kernel that made them)."""
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        for output in cell.get("outputs", []):
            data = output.get("data")
            if data and WIDGET_VIEW in data:
                del data[WIDGET_VIEW]


def make_student(nb, name: str = "notebook"):
    """A student copy of a solution notebook (``nb`` is not changed)."""
    import nbformat

    student = copy.deepcopy(nb)
    for index, cell in enumerate(student.cells):
        if is_exercise_cell(cell):
            cell.source = student_source(cell.source, where=f"{name}, cell {index + 1}")
            cell.outputs = []
            cell.execution_count = None
        elif is_check_cell(cell):
            cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=NOT_ATTEMPTED + "\n")]
    strip_widget_state(student)
    return student


def execute(nb, cwd: Path, timeout: int = 300):
    """Run a notebook top to bottom in a fresh python3 kernel (in place); returns it."""
    from nbclient import NotebookClient

    NotebookClient(nb, timeout=timeout, kernel_name="python3", record_timing=False,
                   resources={"metadata": {"path": str(cwd)}}).execute()
    strip_widget_state(nb)
    return nb


def _text(nb) -> str:
    import nbformat

    text = nbformat.writes(nb)
    return text if text.endswith("\n") else text + "\n"


def release(notebooks_dir: Path, names: Optional[Iterable[str]] = None, execute_first: bool = False,
            check: bool = False, log=print) -> list:
    """Write (or, with ``check``, compare) the student notebooks; returns the names that differ.

    ``names`` limits the work to some solution notebooks (file names or paths).
    """
    import nbformat

    solutions_dir = notebooks_dir / "solutions"
    paths = sorted(solutions_dir.glob("*.ipynb"))
    if names:
        wanted = {Path(n).with_suffix(".ipynb").name for n in names}   # "03_x" or "03_x.ipynb"
        unknown = wanted - {p.name for p in paths}
        if unknown:
            raise ValueError(f"no solution notebook named {', '.join(sorted(unknown))} in {solutions_dir.name}/")
        paths = [p for p in paths if p.name in wanted]
    differ = []
    for path in paths:
        nb = nbformat.read(path, as_version=4)
        if execute_first and not check:
            log(f"running {path.name} ...")
            execute(nb, path.parent)
            path.write_text(_text(nb), encoding="utf-8")
        target = notebooks_dir / path.name
        wanted_text = _text(make_student(nb, name=path.name))
        current = target.read_text(encoding="utf-8") if target.exists() else None
        if current != wanted_text:
            differ.append(path.name)
            if not check:
                target.write_text(wanted_text, encoding="utf-8")
                log(f"wrote {target.parent.name}/{target.name}")
    return differ
