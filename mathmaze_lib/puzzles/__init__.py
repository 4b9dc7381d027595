"""The puzzles, one package each, and :data:`PUZZLES`, the registry through which the games, the
worksheet, the command line and the grader reach them.

Each package is split by idea (rules and text format; solving; generating) and defines ``KIND``, a
:class:`~.protocol.Kind`: its entry points under the names of :data:`.protocol.VOCABULARY`. A new
puzzle is one package here and one line in :data:`PUZZLES`.

>>> [name for name in ("summaze", "jump", "walls") if name in PUZZLES]
['summaze', 'jump', 'walls']
>>> PUZZLES["summaze"].title, PUZZLES["jump"].successors(PUZZLES["jump"].parse("1 1\\n1 0"), (0, 0))
('Math Maze', [(0, 1), (1, 0)])
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Callable, Union

__all__ = ["PUZZLES", "Registry"]


class Registry(Mapping):
    """Puzzle kinds by name, each imported when first asked for. A value is the name of a package that
    defines ``KIND`` (a :class:`~.protocol.Kind`), or ``"module:function"``, a function that returns
    one (the wall maze's: its best walls come from :mod:`mathmaze_lib.optimize`, which imports the
    puzzle, so the kind is put together there, above both), or such a function itself.  This module
    imports no puzzle: a puzzle package may import it without a circle.

    >>> reg = Registry({"summaze": "mathmaze_lib.puzzles.summaze"})
    >>> reg["summaze"].name, list(reg), "ice" in reg
    ('summaze', ['summaze'], False)
    >>> reg["ice"]
    Traceback (most recent call last):
    ...
    KeyError: "no puzzle kind 'ice': the kinds are summaze"
    """

    def __init__(self, entries: dict):
        self._entries: dict = dict(entries)
        self._kinds: dict = {}

    def __getitem__(self, name: str) -> Kind:
        if name not in self._kinds:
            if name not in self._entries:
                raise KeyError(f"no puzzle kind {name!r}: the kinds are {', '.join(self._entries)}")
            kind = _load(self._entries[name])
            if kind.name != name:
                raise ValueError(f"registry entry {name!r} holds the kind {kind.name!r}")
            self._kinds[name] = kind
        return self._kinds[name]

    def __contains__(self, name) -> bool:
        return name in self._entries

    def __iter__(self):
        return iter(self._entries)

    def __len__(self) -> int:
        return len(self._entries)

    def exercises(self, lesson: int, taken=None) -> dict:
        """``{attribute: exercise}``: the checked exercises the puzzles bring to lesson ``lesson``, in the
        registry's order: for each kind whose ``lesson`` it is, its ``exercises`` (``{the attribute in the
        lesson: "module:name"}``, each imported now).  A lesson module adds them to its own; ``taken``:
        its names so far, none of which a puzzle may bring as something else.

        >>> list(PUZZLES.exercises(2)), PUZZLES.exercises(2)["q6"].name
        (['q6'], 'ice_stops')
        """
        found: dict = {}
        for name in self:
            kind = self[name]
            if kind.lesson != lesson:
                continue
            for attr, where in kind.exercises.items():
                module, _, object_name = where.partition(":")
                mine = getattr(importlib.import_module(module), object_name)
                if attr in found or (taken is not None and taken.get(attr, mine) is not mine):
                    raise ValueError(f"puzzle {name!r} brings {attr} to lesson {lesson}, which "
                                     f"{'another puzzle brings' if attr in found else 'the lesson has'} too: "
                                     f"give it the next number")
                found[attr] = mine
        return found


def _load(entry: Union[str, Callable]):
    if callable(entry):
        return entry()
    module, _, function = entry.partition(":")
    found = importlib.import_module(module)
    return getattr(found, function)() if function else found.KIND


#: Every puzzle, by the short name the command line and the worksheet use.
PUZZLES = Registry({
    "summaze": "mathmaze_lib.puzzles.summaze",
    "jump": "mathmaze_lib.puzzles.jumpmaze",
    "walls": "mathmaze_lib.optimize.kind:wall_kind",
    "ice": "mathmaze_lib.puzzles.icemaze",
    "lights": "mathmaze_lib.puzzles.lightsout",
})
