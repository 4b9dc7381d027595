"""``python -m mathmaze_lib.optimize``: compile the compiled optimizers once (the Makefile and
binder/postBuild run it after installing), so that the first ``walls optimize`` spends its time searching.

``python -m mathmaze_lib.optimize small`` compiles only the optimizers of small boards, ``... big`` only
the big-board search: the Makefile runs the two in parallel, one per core."""

import sys
import time

from . import CROWDED, anneal, build
from .clock import compiled_available
from ..puzzles import wallmaze


PARTS = ("small", "big")


def warm(parts=PARTS) -> float:
    """Compile every compiled function of ``parts`` once (or load it from numba's cache), the small
    boards' optimizers on a small board with a teleport; the seconds it took: about 8 s for the small
    boards' and 16 s for the big-board search the first time, a fraction of a second once cached."""
    t0 = time.perf_counter()
    if "small" in parts:
        maze = wallmaze.parse("walls: 2\ns.t.f\ns.p.f\ns.u.f")
        anneal(maze, seed=1, seconds=None, max_iters=200, compiled=True, **CROWDED)
        build(maze, seed=1, seconds=None, max_iters=200, compiled=True)
    if "big" in parts:
        from . import big
        big.warm()
    return time.perf_counter() - t0


if __name__ == "__main__":                                  # pragma: no cover (run by the Makefile)
    parts = sys.argv[1:] or PARTS
    if not set(parts) <= set(PARTS):
        sys.exit(f"python -m mathmaze_lib.optimize [{' | '.join(PARTS)}]: unknown part {' '.join(parts)!r}")
    if compiled_available():
        print(f"compiled wall runner ready ({warm(parts):.1f} s)")
    else:
        print("numba is not installed: the wall optimizers use the pure Python runner")
