"""The public Pathery maps of ``pathery_maps.txt`` (Mayulime's examples, with its best published scores).

>>> maps = examples()
>>> maps["Small1"].published, maps["Small1"].status, len(maps)
(43, 'Known', 15)
>>> maps["Enormous"].published, maps["Enormous"].walls_score      # (the code keeps earlier walls)
(15826, 14708)
>>> from mathmaze_lib.puzzles.wallmaze import mapcode
>>> len(mapcode.read(maps["Huge1"].code).walls)       # the published solution's walls (r2)
47
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAPS_FILE = HERE / "pathery_maps.txt"


@dataclass(frozen=True)
class Example:
    """One map: its ``name``, Mayulime's ``status`` for its score (Known, Speculative or Frontier), the
    ``published`` score and the map ``code`` (whose ``r2`` cells are the published walls, or an earlier
    published solution's, of ``walls_score`` moves, when the latest walls are not stored)."""

    name: str
    status: str
    published: int
    code: str
    walls_score: int = 0

    def __post_init__(self):
        if not self.walls_score:
            object.__setattr__(self, "walls_score", self.published)


def examples(path: Path = MAPS_FILE) -> dict:
    """``{name: Example}`` in the file's order."""
    lines = [line for line in path.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")]
    out = {}
    for head, code in zip(lines[::2], lines[1::2]):
        name, status, score, *more = head.split()
        walls = int(more[0].removeprefix("walls:")) if more else 0
        out[name] = Example(name, status, int(score), code, walls)
    return out
