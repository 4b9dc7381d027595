"""Wall mazes (Mazer / Pathery): boards, the runner's path, the score, levels.

The package, one module per idea: :mod:`.board` (tiles, the board, where walls may go), :mod:`.text`
and :mod:`.mapcode` (the text format, Pathery's map codes), :mod:`.runner` (the lesson's runner),
:mod:`.bitrunner` (the same runner on integer bit sets, for the optimizers), :mod:`.fastrunner` (the
same runner compiled with numba), :mod:`.levels` (presets and level ids), :mod:`.goals` (the stored
goals) and :mod:`.puzzle` (the shape every puzzle has: ``make``, ``parse``, ``text``, ``check``,
``refusal``, ``successors``, ``view``).

A board has start cells ``s``, finish cells ``f``, rocks ``#``, open cells ``.``
and checkpoints ``A``, ``B``, ... .  The player puts up to ``budget`` walls on
open cells; then the *runner* walks: one breadth-first search from all start
cells at once (queued in row order) to the nearest copy of the first
checkpoint, then from there to the nearest copy of the next one, ..., then to
the nearest finish.  Ties are broken by the fixed direction order Up, Right,
Down, Left.  The score is the number of moves; the player wants it long.
A wall set that leaves no route is *blocked* and has no score (None).

Tiles (as in Pathery).  ``p`` is an *unbuildable* cell: the runner may cross
it, no wall may go on it.  Teleports come in five colours, each a pair of
neighbouring letters (Pathery's own letters): in-cells ``t`` and out-cells
``u`` (colour 1), ``m``/``n`` (2), ``g``/``h`` (3), ``i``/``j`` (4), ``k``/``l``
(5).  A colour needs at least one in-cell and one out-cell.  Each leg's
route is planned as if teleports were ordinary cells; when the planned route
steps onto an in-cell of a colour not used yet, the runner jumps to that
colour's out-cells (the jump is not a move), the colour is used up, and the
leg is planned again from all the colour's out-cells at once (queued in row
order, like the starts).  A used colour's cells are ordinary cells for the
rest of the run; out-cells never do anything.  So a teleport can make the
runner's walk longer as well as shorter.

>>> tele = parse('''
... s.t.f
... ..p..
... u....
... ''')
>>> r = run(tele)                  # 2 moves to t, the jump to u, then 6 moves back and on to f
>>> r.moves, r.jumps, score(tele, [(0, 1)])
(8, [((0, 2), (2, 0))], 10)

>>> maze = parse('''
... walls: 2
... s...f
... s.#.f
... s...f
... ''')
>>> score(maze), score(maze, [(0, 1)]), score(maze, [(0, 2), (2, 2)])
(4, 4, None)
>>> run(maze, [(2, 1)]).path
[(0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
"""

import sys
from functools import partial

from ...naming import set_module
from ..protocol import CELLS, Kind
from .board import (LATER_CHECKPOINT, LETTERS, MAX_TEXT_BYTES, TELEPORTS, UNBUILDABLE, UNLIMITED,
                    WallError, WallMaze)
from .text import parse
from .runner import RunResult, Runner, first_leg_search, join_legs, run, score, successors
from .bitrunner import BitRunner
from .levels import PRESETS, level, make
from .goals import GOALS_FILE, check_goals, goal_moves, level_goal, read_goals, stored_goals, stored_level
from .puzzle import check, refusal, show, text, texts_and_roles, view, why_not
from .sheet import rules
from .handout import rules_handout

__all__ = [
    "LATER_CHECKPOINT", "LETTERS", "MAX_TEXT_BYTES", "TELEPORTS", "UNBUILDABLE", "UNLIMITED", "WallError",
    "WallMaze", "parse", "RunResult", "Runner", "first_leg_search", "join_legs", "run", "score", "successors",
    "BitRunner", "PRESETS", "level", "make", "GOALS_FILE", "check_goals", "goal_moves", "level_goal",
    "read_goals", "stored_goals", "stored_level", "check", "refusal", "show", "text", "texts_and_roles", "view",
    "why_not", "kind",
]

def _best(best_walls, maze: WallMaze) -> list:
    """A key: the walls ``best_walls`` finds with the worksheet's effort (the stored goal of a level that
    has one, :func:`.goals.stored_level`)."""
    preset, level_id = stored_level(maze)
    return best_walls(maze, preset=preset, level_id=level_id).walls


def kind(best_walls, greedy, exact=None) -> Kind:
    """The wall maze as the registry knows it (:data:`mathmaze_lib.puzzles.PUZZLES`, key ``walls``), given
    the optimizers that find its best walls: ``best_walls(maze, ...)`` (its key, and the worksheet's) and
    ``greedy(maze)`` (what a worksheet's difficulty is measured against), and ``exact(maze, seconds=None)``
    (which proves the rules handout's worked example: :func:`.handout.rules_handout`; None: the generic handout).  They are
    :func:`mathmaze_lib.optimize.best_walls` and :func:`mathmaze_lib.optimize.greedy`, which import this
    package; so the kind is put together above both, by :func:`mathmaze_lib.optimize.kind.wall_kind`,
    the function the registry names.  A click puts a wall up or takes it off again (:data:`.protocol.CELLS`),
    and the first answer is no walls; the runner's search starts from every start cell at once (the
    first is its ``start``).

    >>> k = kind(lambda maze, **effort: None, lambda maze: None)
    >>> k.name, k.module.__name__, k.play.undo
    ('walls', 'mathmaze_lib.puzzles.wallmaze', False)
    """
    return Kind(
        "walls", "Wall mazes",
        "Shade up to the allowed number of open cells as walls. The runner then walks a shortest route "
        "from a start (S, left) to a finish (F, right). Make that route as long as you can: can you reach "
        "the goal? A wall that leaves the runner no route at all is not allowed. Write your walls as "
        "row,column (the small numbers on the edges).",
        sys.modules[__name__], make=make, parse=parse, text=text, check=check, refusal=refusal,
        successor_function=successors, view=view, solve=partial(_best, best_walls), start=_first_start, play=CELLS,
        sheet=rules(best_walls, greedy), plain=(WallMaze,), lesson=3,
        handout=rules_handout(exact) if exact else None)


def _first_start(maze: WallMaze) -> tuple:
    return maze.starts[0]


# The public names say they are the package's (as numpy's do): a learner's traceback, the exercises'
# "you called wallmaze.score" and the plain-data tags name the package, not the module inside it.
set_module(__name__, globals(), __all__)
