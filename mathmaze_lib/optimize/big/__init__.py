"""Wall mazes on big boards: annealing with distances kept per leg, compiled, on every core.

On a board without teleports whose checkpoints have one cell each (Pathery's own maps, the presets
without teleports) the runner's moves are the sum of the legs' shortest distances: start (any of
them) to A, A to B, ..., the last checkpoint to a finish.  Tie-breaks choose the route, not its
length.  So a wall set is scored leg by leg, and a change of one or two walls only needs the legs
it can change.  For each leg ``k`` this module keeps:

* ``D[k]``, the leg's length;
* ``FA[k]``, ``FB[k]``: for every cell no farther than ``D[k]``, a lower bound of its distance from
  the leg's start and to its end (exact when the leg was last searched; those searches stop at the
  leg's length, farther cells keep ``INF``; after that they only go down where a wall came off, so
  they stay lower bounds wherever a route through the cell could be as short as the leg);
* the leg's *shortest-route cells*: whole shortest routes (every cell with ``FA + FB == D`` when
  searched, then perhaps fewer: see below), with their exact distances, and how many there are at
  each distance from the start, ``cnt``.  A cell that is alone at its distance among them is treated
  as a *chokepoint* (on every shortest route, or searched to find out).

Then a step "take wall ``w`` off, put one on ``c``" is judged leg by leg without a search where the
rules allow (``tests/test_optimize_big.py`` checks each against the runner):

* a new wall off the leg's shortest-route cells leaves the leg as it is (the on-route rule: a
  shortest route avoids it);
* a new wall on them but not at a chokepoint leaves the length (another shortest route passes the
  same distance elsewhere); if the step is kept, the cells that were on those routes only through
  the new wall are pruned from them, without a search;
* a wall taken off can only give a route through its cell, at least ``min FA[n] + min FB[n'] + 2``
  long over its open neighbours ``n``, ``n'``: when that is not less than ``D``, the leg keeps its
  length and its shortest-route cells are still shortest routes (routes through the cell may join
  them: they are not added, the rules above hold for any whole routes); when it is less, the leg is
  searched, and searched in full again only if the step is kept and the leg got shorter;
* every other leg (a chokepoint walled, a possible short cut opened) is searched, from its start
  until its end is reached.

The steps are those of simulated annealing: take a wall off and put one on a cell of some leg's
shortest routes (a chokepoint first), or on any open cell now and then (which amounts to taking a
wall off); keep the change when the walk gets no shorter, or with probability ``exp(-d / T)``
when it gets ``d`` shorter.  Of a few walls drawn, the one whose removal can cost least (by the
bound above) is the one taken off.  Rounds restart hot from the best walls found, after clearing
the walls of a random region (which the next steps fill again).

Only :func:`applies`, :func:`search` and :func:`optimize` are meant for other modules (and
``tree.prove``, for :mod:`mathmaze_lib.optimize.prove` and the timed proofs of
:func:`mathmaze_lib.optimize.policy.best_walls`); the compiled functions take the board's
arrays as named structures (see :class:`Board` and ``legs.Geo``). The parts: ``legs.py`` (the board's
arrays and a leg's search, with the breadth-first searches of ``search/arrays.py``), ``steps.py`` and ``moves.py`` (the compiled annealing
step and its moves), ``engine.py`` (the state, from Python), ``driver.py`` (settings, :func:`search`,
:func:`optimize` on every core, :func:`warm`), ``ils.py``: on Pathery's Huge boards (see
``driver.HUGE``) :func:`optimize` runs its iterated local search instead of the annealing, and
``tree.py``: the exact search of :func:`mathmaze_lib.optimize.exact`, compiled, for ``walls prove``.

>>> from mathmaze_lib.puzzles.wallmaze import parse, score
>>> maze = parse("walls: 3\\ns....\\n.....\\n....f")
>>> r = search(maze, seed=1, seconds=None, max_iters=3000)
>>> r.moves, score(maze, r.walls) == r.moves, len(r.walls)
(8, True, 3)
"""

from ...search.arrays import AVAILABLE, INF
from .driver import BIG, BIG_SETTINGS, GIANT, GIANT_SETTINGS, SETTINGS, optimize, search, settings_for, warm
from .engine import _Engine
from .legs import Board, applies, board, score, score_many

__all__ = ["applies", "Board", "board", "score", "search", "optimize", "warm"]
