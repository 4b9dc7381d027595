"""Optimizers for wall mazes: greedy, local search, simulated annealing and an exact search.

They all rest on one fact: **only a wall on the runner's current path can make
that path longer.**  A wall anywhere else leaves the path where it is, so the
path is still available and the runner (who always takes a shortest route)
walks at most as far as before.  So every move here puts a wall on the current path.
The same holds for any shortest route, so the optimizers use the routes of the fast
:class:`~mathmaze_lib.puzzles.wallmaze.BitRunner` (same moves as the runner, ties broken differently).

Teleports break that fact: a wall can move the runner's route onto a teleport that
shortens it, or off one, and a wall off the walked route can change the route planned
beyond an in-cell.  Greedy, local search and annealing still score every wall set
with the runner's own rule (BitRunner plans such legs as the Runner does) and still put
walls on the runner's routes (walked, or planned and cut off by a jump; with ``anywhere``,
as in :data:`CROWDED`, now and then on any open cell), so they stay correct but may miss
some wall sets; the exact search, whose proof needs the fact,
refuses boards with teleports.
Walls go only on open cells (never on unbuildable ``p`` cells nor on teleports).

The package, one module per job: :mod:`.clock` (the result, limits and clock, progress), :mod:`.greedy`,
:mod:`.anneal` (local search and annealing), :mod:`.build` (annealing that toggles any cell, for big
budgets), :mod:`.exact` (branch and bound, and its bounds), :mod:`.parallel` (N searches at once on
N processes), :mod:`.compiled` (the same steps compiled with numba, owning their state layout) and
:mod:`.policy` (the registry :data:`METHODS` and :func:`best_walls`, the one choice of optimizer
for a board that the command line, the game, the worksheets and ``walls goals`` share).

Each optimizer takes a board (:class:`~mathmaze_lib.puzzles.wallmaze.WallMaze`), returns
an :class:`OptResult` and accepts ``progress(fraction, best_moves)``, called now
and then (:func:`text_progress` makes one that draws a bar on a stream).
Randomness comes only from ``random.Random(seed)``; with ``max_iters`` (and no
time limit) a run is the same on every machine.  A time limit ``seconds`` counts from
the call (set-up included) and is checked before every runner call, so a run ends
within one runner call of it; Ctrl-C (KeyboardInterrupt) ends a run too, and every
optimizer then returns the best found so far (``stopped`` says why a run ended).

>>> from mathmaze_lib.puzzles.wallmaze import parse
>>> m = parse("walls: 1\\ns...\\n...f")
>>> greedy(m).moves, exact(m).moves, exact(m).optimal
(4, 4, True)
"""

from ..naming import set_module
from .clock import OptResult, check_limits, compiled_available, default_workers, text_progress
from .greedy import greedy, route_candidates
from .anneal import CROWDED, anneal, local_search
from .build import build
from .exact import detour_moves, exact, last_wall_detours, reach_bound
from .policy import (EFFORTS, METHODS, OPTIMIZERS, BestWalls, Effort, Method, best_walls, choose_method,
                     default_method)

__all__ = ["OptResult", "greedy", "local_search", "anneal", "build", "exact", "route_candidates", "check_limits",
           "reach_bound", "detour_moves", "last_wall_detours", "text_progress", "OPTIMIZERS", "METHODS", "Method",
           "default_method", "choose_method", "CROWDED", "default_workers", "compiled_available", "best_walls",
           "BestWalls", "EFFORTS", "Effort"]

# The public names say they are the package's: a learner's feedback names ``mathmaze_lib.optimize.greedy``
# (and the exercises' "you called optimize.greedy"), not the module inside it.
set_module(__name__, globals(), __all__)
