"""The puzzle protocol now lives in :mod:`mathmaze_lib.puzzles.protocol` (with the registry,
:data:`mathmaze_lib.puzzles.PUZZLES`). This module stays only while :mod:`mathmaze_lib.wallmaze`
imports ``Verdict`` from here; it goes when the wall maze moves into ``puzzles/``."""

from .puzzles.protocol import OneStartOneEnd, Verdict

__all__ = ["Verdict", "OneStartOneEnd"]
