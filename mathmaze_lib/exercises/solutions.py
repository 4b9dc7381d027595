"""One source for every worked solution: the solution notebooks.

``ex.qN.solution()`` shows the code of the exercise cell of the solution notebook
(without the ``### BEGIN/END SOLUTION`` lines).  The release step copies that code
into ``mathmaze_lib/data/solutions.json`` (the package does not ship the notebooks),
and a test fails when the file and the notebooks disagree.  The code is read from the
file only when ``solution()`` may show it, so no exercise object holds it while a class
release hides the solutions; a class install leaves the file out altogether.  An exercise cell is the
code cell with the solution block that comes before the ``ex.qN.check()`` cell.

>>> import nbformat
>>> nb = nbformat.v4.new_notebook(cells=[
...     nbformat.v4.new_code_cell("from mathmaze_lib.exercises import lesson9 as ex"),
...     nbformat.v4.new_code_cell("def f(x):\\n    ### BEGIN SOLUTION\\n    return x\\n    ### END SOLUTION"),
...     nbformat.v4.new_code_cell("ex.q1.check()")])
>>> extract(nb)
('lesson9', {'q1': 'def f(x):\\n    return x'})
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Optional

DATA = Path(__file__).resolve().parent.parent / "data" / "solutions.json"
_MODULE = re.compile(r"from mathmaze_lib\.exercises import (lesson\d+) as ex\b")
_CHECK = re.compile(r"\bex\.(q\d+)\.check\(\s*\)")
_MARKER = re.compile(r"^[ \t]*### (BEGIN|END) SOLUTION[ \t]*$")


def extract(nb) -> tuple:
    """``(lesson module name, {"qN": code})`` of a solution notebook (module None without one)."""
    module, codes, pending = None, {}, None
    for cell in nb.cells:
        if cell.cell_type != "code":
            continue
        found = _MODULE.search(cell.source)
        if found:
            module = found.group(1)
        if "### BEGIN SOLUTION" in cell.source:
            lines = [line for line in cell.source.splitlines() if not _MARKER.match(line)]
            pending = "\n".join(lines).strip("\n")
            continue
        check = _CHECK.search(cell.source)
        if check and pending is not None:
            codes[check.group(1)] = pending
        if ".check(" in cell.source:
            pending = None
    return module, codes


def collect(solutions_dir: Path) -> dict:
    """``{"lessonN": {"qN": code}}`` from every solution notebook in ``solutions_dir``."""
    import nbformat

    out = {}
    for path in sorted(Path(solutions_dir).glob("*.ipynb")):
        module, codes = extract(nbformat.read(path, as_version=4))
        if module and codes:
            out[module] = codes
    return out


def write(solutions_dir: Path, check: bool = False, target: Path = DATA) -> bool:
    """Write the solutions file from the notebooks (``check``: only compare); True when it differed."""
    return write_data(json.dumps(collect(solutions_dir), indent=1, sort_keys=True) + "\n", target, check)


def write_data(text: str, target: Path, check: bool = False) -> bool:
    """Write ``text`` to a data file of the release step unless it holds it already (``check``: only compare);
    True when it differed."""
    current = target.read_text(encoding="utf-8") if target.exists() else None
    if current == text:
        return False
    if not check:
        target.write_text(text, encoding="utf-8")
    return True


def load() -> dict:
    """``{"lessonN": {"qN": code}}`` from the solutions file ({} when it is missing or unreadable)."""
    try:
        return json.loads(DATA.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def stored(exercise) -> str:
    """The worked solution of ``exercise`` in the solutions file, "" when the file has none (or is not
    installed: a class install leaves it out). Read only when a solution may be shown."""
    module, attr = getattr(exercise, "_solution_key", ("", ""))
    code = load().get(module, {}).get(attr, "") if module else ""
    return code if isinstance(code, str) else ""


def by_number(names) -> list:
    """Exercise names in the order of their numbers (``q2a`` stays before ``q2``: the same number keeps
    the order given), as a lesson lists its own and the ones its puzzles bring.

    >>> by_number(["q1", "q2a", "q2", "q7", "q6"])
    ['q1', 'q2a', 'q2', 'q6', 'q7']
    """
    return sorted(names, key=lambda name: int(re.sub(r"\D", "", name)))


def attach(namespace: dict, module: str, data: Optional[dict] = None) -> None:
    """Tell each exercise ``qN`` (``cN``) of a lesson module its name there and where its solution is.

    The code itself stays in the solutions file until ``solution()`` may show it (see :func:`stored`);
    ``data`` (``{"qN": code}`` for the module) gives the code at once instead, as in a test.
    """
    for name, exercise in list(namespace.items()):
        if re.fullmatch(r"[qc]\d+", name) and hasattr(exercise, "_solution"):
            exercise.attr = name
            exercise._solution_key = (module, name)
    for name, code in ({} if data is None else data).get(module, {}).items():
        exercise = namespace.get(name)
        if exercise is not None and not exercise._solution:
            exercise._solution = code
