"""``python -m mathmaze_lib.optimize``: compile the compiled optimizers once (the Makefile and
binder/postBuild run it after installing), so that the first ``walls optimize`` spends its time searching."""

import time

from . import CROWDED, anneal, build
from .clock import compiled_available
from ..puzzles import wallmaze


def warm() -> float:
    """Compile every compiled function once (or load it from numba's cache), on a small board with a
    teleport; the seconds it took: about 6 s the first time on 2 cores, a fraction of a second once cached."""
    t0 = time.perf_counter()
    maze = wallmaze.parse("walls: 2\ns.t.f\ns.p.f\ns.u.f")
    anneal(maze, seed=1, seconds=None, max_iters=200, compiled=True, **CROWDED)
    build(maze, seed=1, seconds=None, max_iters=200, compiled=True)
    from . import big
    big.warm()
    return time.perf_counter() - t0


if __name__ == "__main__":                                  # pragma: no cover (run by the Makefile)
    if compiled_available():
        print(f"compiled wall runner ready ({warm():.1f} s)")
    else:
        print("numba is not installed: the wall optimizers use the pure Python runner")
