"""Exercises of lesson 3, wall mazes: from the runner's BFS to a bound for the exact search.

q1 the runner's breadth-first search from many starts, q2 the score with
checkpoints, q3 the greedy wall, q4 the improving moves of local search,
q5 an upper bound for branch and bound, q6 the corner rule for the last wall;
q7 is a question to think about.
Walls are given as a list of cells; a blocked board has the score None.
The worked solutions are the code of the solution notebook (see :mod:`.solutions`).

>>> print(q1.evaluate(lambda maze, walls: wallmaze.score(maze, walls)).text.splitlines()[0])
Write it yourself: your runner_moves calls wallmaze.score, which does the work this exercise asks for.
"""

from __future__ import annotations

import random

from .. import optimize, wallmaze
from ..wallmaze import WallMaze, parse, run, score
from .core import Challenge, FunctionExercise, ThoughtExercise
from .solutions import attach

__all__ = ["q1", "q2", "q3", "q4", "q5", "q6", "q7", "c1"]

_RUNNERS = [wallmaze.score, wallmaze.run, wallmaze.Runner, wallmaze.BitRunner, "networkx"]
_BFS_HINT = ("Does your BFS give a cell its distance when it first puts it in the queue, "
             "and skip cells that already have one?")


def _show(maze: WallMaze) -> str:
    return "board\n" + "\n".join(line for line in maze.text().splitlines() if not line.startswith("walls:"))


def _describe(name):
    return lambda args: f"{name} with walls {sorted(args[1])} on the {_show(args[0])}"


def _random_board(rng: random.Random, rows: int, cols: int, checkpoints: int = 0) -> WallMaze:
    """A random small board (at least one start and one finish; single-cell checkpoints)."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    chars = {cells[0]: "s", cells[1]: "f"}
    checkpoints = min(checkpoints, len(cells) - 2)
    for i in range(checkpoints):
        chars[cells[2 + i]] = "ABC"[i]
    for cell in cells[2 + checkpoints:]:
        x = rng.random()
        chars[cell] = "#" if x < 0.15 else "s" if x < 0.2 else "f" if x < 0.25 else "."
    budget = rng.randint(1, 4)
    body = "\n".join("".join(chars[(r, c)] for c in range(cols)) for r in range(rows))
    return parse(f"walls: {budget}\n{body}")


def _random_walls(rng, maze: WallMaze, room: int = 0) -> list:
    """Walls on open cells, leaving ``room`` of the budget free (they may block the board)."""
    cells = maze.open_cells()
    return sorted(rng.sample(cells, min(len(cells), rng.randint(0, maze.budget - room))))


def _unblocked_walls(rng, maze: WallMaze, room: int = 0) -> list:
    for _ in range(50):
        walls = _random_walls(rng, maze, room)
        if score(maze, walls) is not None:
            return walls
    return []


def _cases(checkpoints: int, unblocked: bool = False, n: int = 30, room: int = 0):
    def cases(rng):
        out = [(parse("s.f"), []), (parse("walls: 1\ns.f"), [(0, 1)]) if not unblocked else (parse("sf"), []),
               (wallmaze.level("simple", 1), [])]
        for _ in range(n):
            maze = _random_board(rng, rng.randint(1, 5), rng.randint(2, 6), rng.randint(0, checkpoints))
            walls = _unblocked_walls(rng, maze, room) if unblocked else _random_walls(rng, maze, room)
            out.append((maze, walls))
        return out
    return cases


# ---- q1: the runner's BFS ---------------------------------------------------------------------

def _q1_cases(rng):
    return [case for case in _cases(0)(rng) if not case[0].checkpoints]


q1 = FunctionExercise(
    "runner_moves", reference=score, cases=_q1_cases, describe=_describe("runner_moves"),
    forbidden=_RUNNERS, method="Write the runner's breadth-first search yourself, from all starts at once.",
    timeout_hint=_BFS_HINT,
    hints=["Breadth-first search with a deque, started from ALL start cells at once (distance 0 each). "
           "The runner may walk on every cell that is not a rock (maze.rocks) or a wall.",
           "Return the distance of the first finish (maze.ends) you take from the queue; "
           "return None if the queue runs empty first."])


# ---- q2: the score with checkpoints -----------------------------------------------------------

q2 = FunctionExercise(
    "score_with_checkpoints", reference=score, cases=_cases(2), describe=_describe("score_with_checkpoints"),
    forbidden=_RUNNERS, method="Add up the legs of your own BFS: starts -> A -> B -> ... -> a finish.",
    timeout_hint=_BFS_HINT,
    hints=["Split the run into legs: starts -> A, A -> B, ..., last checkpoint -> a finish. Each leg is a BFS "
           "like runner_moves, but from a given set of sources to a given set of targets.",
           "maze.checkpoints[i] is the tuple of cells of letter i (here one cell each). Add up the legs' "
           "moves; if any leg has no route, the score is None."])


# ---- q3: the greedy wall ----------------------------------------------------------------------

def greedy_wall(maze: WallMaze, walls):
    """The open cell of the current path whose wall lengthens the path most (first along the path on
    ties), or None when no single wall makes it longer."""
    result = run(maze, walls)
    best_gain, best_cell = 0, None
    for cell in result.path:
        if maze.char(cell) != "." or cell in walls:
            continue
        s = score(maze, list(walls) + [cell])
        if s is not None and s - result.moves > best_gain:
            best_gain, best_cell = s - result.moves, cell
    return best_cell


q3 = FunctionExercise(
    "greedy_wall", reference=greedy_wall, cases=_cases(1, unblocked=True, room=1),
    describe=_describe("greedy_wall"), forbidden=[optimize.greedy], uses=[q1, q2],
    method="Try each open cell of the current path yourself and keep the best gain.",
    hints=["Only a wall ON the runner's current path can make it longer: try each open cell of "
           "wallmaze.run(maze, walls).path, one at a time.",
           "Score each try with wallmaze.score(maze, walls + [cell]); skip blocked ones (None). Keep the "
           "cell with the largest gain, the first one on ties, and return None when no gain is > 0."])


# ---- q4: one step of local search -------------------------------------------------------------

def improving_moves(maze: WallMaze, walls):
    """Every move (wall taken off, cell of the current path walled instead) that makes the path
    strictly longer, sorted."""
    result = run(maze, walls)
    out = []
    for old in walls:
        rest = [w for w in walls if w != old]
        for cell in result.path:
            if maze.char(cell) == "." and cell not in walls:
                s = score(maze, rest + [cell])
                if s is not None and s > result.moves:
                    out.append((old, cell))
    return sorted(out)


def _q4_cases(rng):
    out = [case for case in _cases(1, unblocked=True, n=20)(rng) if case[1]]
    for k in (1, 2, 3):   # real levels with a few walls: many improving moves, in an order to sort
        maze = wallmaze.level("simple", k)
        out.append((maze, _unblocked_walls(rng, maze, room=1)[:4]))
    good = sorted(optimize.anneal(wallmaze.level("simple", 1), seed=1, seconds=None, max_iters=3000).walls)
    return out + [(wallmaze.level("simple", 1), good[:-1]), (wallmaze.level("simple", 1), good[1:])]


q4 = FunctionExercise(
    "improving_moves", reference=improving_moves, cases=_q4_cases, describe=_describe("improving_moves"),
    forbidden=[optimize.local_search, optimize.anneal, optimize.route_candidates], uses=[q1, q2],
    method="Try every (old wall, new cell on the path) pair yourself.",
    hints=["A local-search move takes one wall off and puts one on a cell of the current path.",
           "For each wall `old` and each open cell of the current path that has no wall, score "
           "walls - {old} + {cell}; keep (old, cell) when the score is not None and beats the current one. "
           "Return the list sorted."])


# ---- q5: a bound for the exact search ---------------------------------------------------------

def reach_bound(maze: WallMaze, walls) -> int:
    """An upper bound on the score of any board with these walls and more: each leg visits a cell at
    most once, so it is at most (cells the runner can reach - 1) moves long."""
    runner = wallmaze.Runner(maze)
    return optimize.reach_bound(runner, {runner.index(w) for w in walls})


q5 = FunctionExercise(
    "reach_bound", reference=reach_bound, cases=_cases(2, unblocked=True), describe=_describe("reach_bound"),
    forbidden=[optimize.reach_bound, optimize.exact] + _RUNNERS,
    method="Count the reachable cells with your own BFS from the starts.", timeout_hint=_BFS_HINT,
    hints=["More walls never make more cells reachable, and a shortest leg never visits a cell twice.",
           "Count the cells reachable from the starts (a BFS from all starts, as in runner_moves, that does "
           "not stop at finishes); the bound is (that count - 1) times the number of legs, "
           "len(maze.checkpoints) + 1."])


q7 = ThoughtExercise(
    "q7",
    question="""
        On the open board below, greedy places no wall at all, yet three walls make the runner walk
        8 moves instead of 6. Why does greedy get stuck, and what do local search and annealing do
        that greedy cannot?

            s....
            .....
            ....f
    """,
    discussion="""
        Greedy only takes a wall that makes the path longer BY ITSELF. On an open board there are many
        equally short routes: a wall on one of them just moves the runner to another route of the same
        length, so no single wall gains anything, and greedy stops. The good wall sets need several
        walls that only pay off together (close one route AND its neighbours). Local search keeps moves
        that do not make things worse ("sideways" moves), so it can drift across such plateaus; annealing
        even accepts worse moves now and then (more often while it is hot), so it can climb out of a
        local optimum. Only the exact search can PROVE that nothing better exists.
    """)


# ---- q6: the corner rule for the last wall -----------------------------------------------------

def corner_detour(maze: WallMaze, walls, a, c, b) -> bool:
    """True when the route turns a corner at ``c`` (from ``a`` to ``b``) and the fourth cell of
    that little square is free: then a wall on ``c`` cannot make the route any longer."""
    if a[0] == b[0] or a[1] == b[1]:
        return False
    d = (a[0] + b[0] - c[0], a[1] + b[1] - c[1])
    return d not in maze.rocks and d not in set(walls)   # d shares a row with a or b: on the board


def _q6_cases(rng):
    out = []
    for maze, walls in _cases(1, unblocked=True, n=40)(rng):
        path = run(maze, walls).path
        triples = [tuple(path[i - 1:i + 2]) for i in range(1, len(path) - 1)]
        out.extend((maze, walls) + t for t in rng.sample(triples, min(3, len(triples))))
    turn = parse("walls: 1\ns.\n#f")           # the corner (0, 1) with its fourth cell a rock
    out.append((turn, [], (0, 0), (0, 1), (1, 1)))
    return out


q6 = FunctionExercise(
    "corner_detour", reference=corner_detour, cases=_q6_cases, forbidden=[optimize.detour_moves],
    method="Compute the fourth cell d of the little square yourself.",
    describe=lambda args: f"corner_detour with walls {sorted(args[1])}, a={args[2]}, c={args[3]}, b={args[4]} "
                          f"on the {_show(args[0])}",
    hints=["If a and b are in the same row or the same column, the route runs straight through c: False.",
           "Otherwise a, c, b turn a corner of a 2 x 2 square; its fourth cell is "
           "d = (a_row + b_row - c_row, a_col + b_col - c_col). The answer is whether d is free: "
           "not a rock and not a wall."])



# ---- challenges ----------------------------------------------------------------------------

def _level3(walls):
    maze, goal = wallmaze.level("simple", 3), wallmaze.goal_moves("simple", 3)
    try:
        walls = [tuple(w) for w in walls]
    except TypeError:
        return False, "give the walls as a list of (row, col) cells"
    if len(walls) > maze.budget:
        return False, f"{len(walls)} walls; the budget is {maze.budget}"
    bad = [w for w in walls if w not in set(maze.open_cells())]
    if bad:
        return False, f"{bad[0]} is not an open cell of the board"
    moves = score(maze, walls)
    if moves is None:
        return False, "those walls block every route (the game refuses that)"
    return moves >= goal, f"{moves} moves" + (f": the proven best is {goal}" if moves >= goal else f"; the best is {goal}")


c1 = Challenge("level3_walls", "Find walls for level 3 of the simple preset that reach the proven best score.",
               _level3, hints=["Run optimize.anneal again and again with different seeds (restarts), or play it on "
                               "the Mazer screen and copy your walls."])

attach(globals(), "lesson3")
