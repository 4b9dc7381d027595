"""Whether ``solution()`` shows its answer: the class setting a teacher's release writes.

``python -m mathmaze_lib release --class DIR`` writes :data:`SETTINGS_FILE` at the root of the
class copy.  A notebook's kernel runs in ``DIR/notebooks/``, so the setting is found by looking
in the current folder and then in each folder above it.  The environment variable
:data:`ENV` (``hidden``, ``shown`` or a date ``YYYY-MM-DD``, hidden until that day) can set
it too, for example for a whole JupyterHub.  When both say something, the stricter wins.
Only ``solution()`` asks; ``hint()`` and ``check()`` always work.

This keeps honest learners from answers a click away; it is not a lock.  A learner who
reads the installed package, or deletes the file, can still see the solutions.

>>> import tempfile, datetime
>>> folder = Path(tempfile.mkdtemp())
>>> _ = write_settings(folder, "after", "2026-12-01")
>>> solution_notice(start=folder / "notebooks", environ={}, today=datetime.date(2026, 11, 30))
'Your teacher has hidden the solutions until 2026-12-01; hint() and check() still work.'
>>> solution_notice(start=folder, environ={}, today=datetime.date(2026, 12, 1)) is None
True
>>> solution_notice(start=Path("/"), environ={"MATHMAZE_SOLUTIONS": "hidden"})
'Your teacher has hidden the solutions for this class; hint() and check() still work.'
"""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path
from typing import Mapping, Optional

__all__ = ["SETTINGS_FILE", "ENV", "MODES", "solution_notice", "find_settings", "read_settings",
           "write_settings", "parse_date"]

#: The file a class release writes at the root of the class copy.
SETTINGS_FILE = ".mathmaze-class.json"
#: The environment variable that can hide solutions too: ``hidden``, ``shown`` or ``YYYY-MM-DD``.
ENV = "MATHMAZE_SOLUTIONS"
#: The three settings: hidden for good, hidden until a date, shown.
MODES = ("hidden", "after", "shown")

_FOREVER = datetime.date.max
_STILL_WORK = "hint() and check() still work."


def parse_date(text: str, where: str = "date") -> datetime.date:
    """A date written ``YYYY-MM-DD``, or ValueError naming ``where``.

    >>> parse_date("2026-12-01")
    datetime.date(2026, 12, 1)
    >>> parse_date("1 Dec", where="--until")
    Traceback (most recent call last):
    ...
    ValueError: --until '1 Dec': not a date (write it as YYYY-MM-DD, e.g. 2026-12-01)
    """
    try:
        return datetime.date.fromisoformat(str(text).strip())
    except ValueError:
        raise ValueError(f"{where} {text!r}: not a date (write it as YYYY-MM-DD, e.g. 2026-12-01)") from None


def find_settings(start: Optional[Path] = None) -> Optional[Path]:
    """The nearest :data:`SETTINGS_FILE` in ``start`` (default: the current folder) or a folder above it."""
    try:
        here = Path(start) if start is not None else Path.cwd()
    except OSError:  # the current folder was deleted
        return None
    for folder in [here, *here.parents]:
        candidate = folder / SETTINGS_FILE
        if candidate.is_file():
            return candidate
    return None


def read_settings(path: Path) -> dict:
    """The setting in a class settings file: ``{"solutions": mode, "date": "YYYY-MM-DD" or None}``.

    Raises ValueError naming the file and the rule when it cannot be read.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"{path}: cannot read the class settings ({err})") from None
    mode = data.get("solutions") if isinstance(data, dict) else None
    if mode not in MODES:
        raise ValueError(f"{path}: 'solutions' must be one of {', '.join(MODES)}, not {mode!r}")
    date = data.get("date")
    if mode == "after":
        parse_date(date, where=f"{path}: 'date'")
    return {"solutions": mode, "date": date if mode == "after" else None}


def write_settings(folder: Path, solutions: str = "hidden", date: Optional[str] = None) -> Path:
    """Write the class settings file into ``folder``; returns its path."""
    if solutions not in MODES:
        raise ValueError(f"solutions {solutions!r}: choose one of {', '.join(MODES)}")
    if (solutions == "after") != (date is not None):
        raise ValueError("a date goes with 'after' (hidden until that day), and only with it")
    if date is not None:
        date = parse_date(date, where="--until").isoformat()
    data = {"solutions": solutions, "date": date,
            "about": "Written by `python -m mathmaze_lib release --class`: whether ex.qN.solution() answers "
                     "(hidden, hidden until date, or shown). hint() and check() always work."}
    path = Path(folder) / SETTINGS_FILE
    path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    return path


def _hidden_until(mode: str, date: Optional[str]) -> Optional[datetime.date]:
    if mode == "hidden":
        return _FOREVER
    if mode == "after":
        return parse_date(date)
    return None


def solution_notice(start: Optional[Path] = None, environ: Optional[Mapping] = None,
                    today: Optional[datetime.date] = None) -> Optional[str]:
    """None when ``solution()`` may show its answer, else the line it prints instead."""
    environ = os.environ if environ is None else environ
    today = today or datetime.date.today()
    until = []
    path = find_settings(start)
    if path is not None:
        try:
            s = read_settings(path)
        except ValueError as err:  # a broken setting hides, and says why
            return f"Solutions are hidden: {err}. Ask your teacher; {_STILL_WORK}"
        until.append(_hidden_until(s["solutions"], s["date"]))
    value = str(environ.get(ENV, "")).strip().lower()
    if value:
        if value in ("hidden", "shown"):
            until.append(_hidden_until(value, None))
        else:
            try:
                until.append(parse_date(value))
            except ValueError:
                until.append(_FOREVER)
    dates = [d for d in until if d is not None]
    if not dates or max(dates) <= today:
        return None
    last = max(dates)
    if last == _FOREVER:
        return f"Your teacher has hidden the solutions for this class; {_STILL_WORK}"
    return f"Your teacher has hidden the solutions until {last.isoformat()}; {_STILL_WORK}"
