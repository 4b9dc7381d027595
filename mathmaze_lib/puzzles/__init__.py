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

from .protocol import Kind

__all__ = ["PUZZLES", "Registry", "Kind"]


class Registry(Mapping):
    """Puzzle kinds by name, each imported when first asked for: a value is the name of a package
    that defines ``KIND``, or a function that returns a :class:`Kind`.

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
            entry: Union[str, Callable] = self._entries[name]
            kind = importlib.import_module(entry).KIND if isinstance(entry, str) else entry()
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


#: Every puzzle, by the short name the command line and the worksheet use.
PUZZLES = Registry({
    "summaze": "mathmaze_lib.puzzles.summaze",
    "jump": "mathmaze_lib.puzzles.jumpmaze",
    "walls": "mathmaze_lib.puzzles.wallmaze",
    "ice": "mathmaze_lib.puzzles.icemaze",
})
