"""The stored goals of the levels (``mathmaze_lib/data/wall_goals.json``), checked when read."""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Optional

from .levels import PRESETS, level
from .runner import score


#: Where the goals are stored, inside the package.
GOALS_FILE = "data/wall_goals.json"


def goals_path() -> Path:
    """Where ``walls goals`` writes the goals by default: the package's own goals file.

    >>> goals_path().parts[-3:]
    ('mathmaze_lib', 'data', 'wall_goals.json')
    """
    return Path(__file__).resolve().parents[2] / GOALS_FILE


def check_goals(data, where: str = "wall_goals.json") -> tuple:
    """The well-formed entries of a goals file's JSON ``data`` and a list of problems, each naming
    ``where`` and the entry: ``(entries, problems)``.  A bad entry is skipped, the rest kept.

    An entry is ``"preset:id": {"moves": int >= 0, "walls": [[row, col], ...], "optimal": bool, ...}``.

    >>> entries, problems = check_goals({"simple:1": {"moves": 5, "walls": [[0, 1]], "optimal": True},
    ...                                  "simple:2": {"moves": "many"}})
    >>> list(entries), problems
    (['simple:1'], ["wall_goals.json: entry 'simple:2': moves must be a whole number >= 0, got 'many' (entry skipped)"])
    """
    if not isinstance(data, dict):
        return {}, [f"{where}: a goals file is one JSON object {{\"preset:id\": {{...}}}}, "
                    f"not a {type(data).__name__} (no goals used)"]
    entries, problems = {}, []
    for key, entry in data.items():
        problem = _goal_problem(key, entry)
        if problem:
            problems.append(f"{where}: entry {key!r}: {problem} (entry skipped)")
        else:
            entries[key] = entry
    return entries, problems


def _goal_problem(key, entry) -> Optional[str]:
    preset, _, level_id = str(key).partition(":")
    if not level_id.isdigit() or not preset:
        return "the key must be 'preset:id', like 'simple:1'"
    if not isinstance(entry, dict):
        return f"must be an object with moves, walls and optimal, not {type(entry).__name__}"
    moves = entry.get("moves")
    if isinstance(moves, bool) or not isinstance(moves, int) or moves < 0:
        return f"moves must be a whole number >= 0, got {moves!r}"
    walls = entry.get("walls")
    if not isinstance(walls, list) or not all(
            isinstance(w, list) and len(w) == 2 and all(type(v) is int and v >= 0 for v in w) for w in walls):
        return f"walls must be a list of [row, col] pairs of whole numbers, got {json.dumps(walls)[:60]}"
    if not isinstance(entry.get("optimal", False), bool):
        return f"optimal must be true or false, got {entry.get('optimal')!r}"
    return None


def read_goals() -> tuple:
    """The stored goals as ``(entries, problems)``: a missing file is no goals; a file that is not
    UTF-8 JSON, or bad entries, give problems naming the file (see :func:`check_goals`).

    >>> entries, problems = read_goals(); problems
    []
    """
    try:
        text = resources.files("mathmaze_lib").joinpath(GOALS_FILE).read_bytes().decode("utf-8")
        data = json.loads(text)
    except (FileNotFoundError, IsADirectoryError):
        return {}, []
    except OSError as exc:
        return {}, [f"{GOALS_FILE}: cannot be read ({exc.strerror or exc}); no goals used"]
    except UnicodeDecodeError:
        return {}, [f"{GOALS_FILE}: not UTF-8 text; no goals used"]
    except ValueError as exc:
        return {}, [f"{GOALS_FILE}: not valid JSON ({exc}); no goals used"]
    return check_goals(data, GOALS_FILE)


def stored_goals() -> dict:
    """The goal moves stored in ``mathmaze_lib/data/wall_goals.json``: ``{"preset:id": {...}}``.

    Each entry holds ``moves``, ``walls`` and ``optimal`` as found by the project's
    optimizer (``python -m mathmaze_lib walls goals`` writes the file).  Only well-formed
    entries are returned (:func:`read_goals` also says what was skipped).

    >>> isinstance(stored_goals(), dict)
    True
    """
    return read_goals()[0]


def level_goal(preset: str, level_id: int) -> tuple:
    """The stored goal of a level, checked on its board: ``(entry or None, problem or None)``.
    An entry whose walls do not fit the board (on a rock, over the budget, blocking) or whose
    moves are not what the runner walks is dropped, and ``problem`` says why.

    >>> entry, problem = level_goal("simple", 1); entry["moves"] > 0, problem
    (True, None)
    """
    entries, problems = read_goals()
    key = f"{preset}:{level_id}"
    mine = [p for p in problems if f"entry {key!r}" in p or "no goals used" in p]
    entry = entries.get(key)
    if entry is None:
        return None, (mine[0] if mine else None)
    maze = level(preset, level_id)
    try:
        moves = score(maze, [tuple(w) for w in entry["walls"]])
    except ValueError as exc:
        return None, f"{GOALS_FILE}: entry {key!r}: {exc} (entry skipped)"
    if moves != entry["moves"]:
        return None, (f"{GOALS_FILE}: entry {key!r}: its walls give {moves} moves, not the stored "
                      f"{entry['moves']} (entry skipped)")
    return entry, None


@lru_cache(maxsize=1)
def _stored_levels() -> dict:
    levels: dict = {}
    for key in stored_goals():
        preset, _, level_id = key.partition(":")
        if preset in PRESETS:
            levels.setdefault(level(preset, int(level_id)), (preset, int(level_id)))
    return levels


def stored_level(maze) -> tuple:
    """``(preset, level id)`` of the level with a stored goal that ``maze`` is (the same board), or
    ``(None, None)``: a key for a board read from a file can still be the stored goal.

    >>> stored_level(level("simple", 2)), stored_level(level("simple", 10**9))
    (('simple', 2), (None, None))
    """
    return _stored_levels().get(maze, (None, None))


def goal_moves(preset: str, level_id: int) -> Optional[int]:
    """The stored goal moves of a level, or None when the level has no stored goal.

    >>> goal_moves("simple", 10**9) is None
    True
    """
    entry = level_goal(preset, level_id)[0] if preset in PRESETS else None
    return entry["moves"] if entry else None
