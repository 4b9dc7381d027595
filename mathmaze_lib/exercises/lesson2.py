"""Exercises of lesson 2, jumping mazes: from the moves table to the state graph of a rule.

q1 the moves table, q2 BFS with a visited set, q3 the route from the parents,
q4 counting shortest routes, q5 the moves of a rule with state; q6 a question.
The worked solutions are the code of the solution notebook (see :mod:`.solutions`).

>>> q3.evaluate(lambda parent, goal: [goal] if parent[goal] is None else None).status
'incorrect'
"""

from __future__ import annotations

import random

from .. import jumpmaze as jm
from .. import search
from ..search import bfs, count_shortest_paths, route_to
from . import plain
from .core import Challenge, FunctionExercise, ThoughtExercise
from .guard import StepLimit
from .solutions import attach

__all__ = ["q1", "q2", "q3", "q4", "q5", "q6", "c1"]

_SOLVERS = [search.bfs, search.tree_search, search.count_shortest_paths, search.all_shortest_paths,
            search.simple_paths, jm.solve, jm.distances_from_start, jm.distances_to_goal, jm.count_shortest,
            jm.all_shortest, "networkx"]


def _numbers(rng: random.Random, rows: int, cols: int) -> list:
    """Random jump numbers; the goal (bottom-right) holds 0, as in every maze of the lesson."""
    numbers = [[rng.randint(0, max(rows, cols) - 1) for _ in range(cols)] for _ in range(rows)]
    numbers[-1][-1] = 0
    return numbers


def _maze(numbers) -> jm.JumpMaze:
    return jm.parse("\n".join(" ".join(map(str, row)) for row in numbers))


def _grid_text(numbers, goal=None) -> str:
    rows = [" ".join(("G" if (r, c) == goal else str(v)).rjust(2) for c, v in enumerate(row))
            for r, row in enumerate(numbers)]
    return "\n".join("    " + line for line in rows)


class MazeMoves:
    """A maze's successor function (``moves(cell)`` lists the cells one jump away) that shows the maze
    as a small grid when printed, and stops a search that asks for moves far more often than BFS needs."""

    def __init__(self, maze: jm.JumpMaze, start=None):
        self.maze, self.start, self._succ = maze, start, jm.successors(maze)
        self._reach = len(bfs(self._succ, maze.start if start is None else start).dist)
        self._calls = 0

    def __call__(self, cell):
        self._calls += 1
        if self._calls > 2 * self._reach + 10:
            raise StepLimit(f"Your search asked for the moves of a cell {self._calls} times, but the start reaches "
                            f"only {self._reach} cells.\n  BFS takes each cell from the queue once: does yours mark a "
                            f"cell as seen when it first queues it?")
        return self._succ(cell)

    def __repr__(self):
        return f"the maze (G is the goal {self.maze.end})\n{_grid_text(self.maze.cells, self.maze.end)}"


# The grader hands these to a learner's function in another process: it sends the maze (plain data).
plain.register(MazeMoves, "MazeMoves", lambda m: (m.maze, m.start), lambda data: MazeMoves(*data))


def _random_mazes(rng, n: int, size: int = 6) -> list:
    out = [jm.CHAIN_REACTION, _maze([[0]]), _maze([[1, 0], [0, 0]])]  # the example, one cell, no route
    out += [_maze(_numbers(rng, rng.randint(1, size), rng.randint(1, size))) for _ in range(n)]
    return out


def _on(name):
    return lambda args: f"{name}(moves, {args[1]}) on {args[0]!r}"


# ---- q1: the moves table ----------------------------------------------------------------------

def moves_table(numbers) -> dict:
    """Cell number -> sorted numbers of the cells one orthogonal jump away."""
    return jm.moves_table(_maze(numbers))


def _q1_cases(rng):
    chain = [list(row) for row in jm.CHAIN_REACTION.cells]
    cases = [(chain,), ([[0]],), ([[1, 0]],), ([[2, 1, 1], [1, 1, 1], [2, 1, 0]],), ([[1, 2], [1, 0], [1, 0]],)]
    return cases + [(_numbers(rng, rng.randint(1, 5), rng.randint(1, 5)),) for _ in range(20)]


def _q1_diagnose(expected, got, args):
    if isinstance(got, dict) and got and set(got) <= {(r, c) for r in range(9) for c in range(9)} - set(expected):
        return "The keys are cell numbers r * cols + c, not (row, col) pairs."
    return None


q1 = FunctionExercise(
    "moves_table", reference=moves_table, cases=_q1_cases, diagnose=_q1_diagnose,
    describe=lambda args: f"moves_table on the numbers\n{_grid_text(args[0])}\n ",
    forbidden=[jm.moves_table, jm.successors, jm.jump_graph, "networkx"],
    method="Loop over the cells and try the four jumps of each yourself.",
    hints=["Number the cells row by row: cell (r, c) is r * cols + c, where cols is the width of the maze. "
           "From a cell holding n, try the four cells n steps up, right, down and left, and keep those on "
           "the board.",
           "Every cell gets an entry, even one with no moves (an empty list); sort each list. A cell holding "
           "0, like the goal, has no moves."])


# ---- q2: BFS with a visited set --------------------------------------------------------------

def _q2_diagnose(expected, got, args):
    if isinstance(got, dict) and set(got) == set(expected):
        if all(got[k] == v + 1 for k, v in expected.items()):
            return "Distances count moves (jumps): the start is 0 moves from itself."
        if any(got[k] > v for k, v in expected.items() if isinstance(got[k], int)):
            return ("Some distances are too long: BFS takes the OLDEST node from the queue (popleft); "
                    "taking the newest (pop) is a depth-first search.")
    return None


q2 = FunctionExercise(
    "bfs_distances", reference=lambda succ, start: bfs(succ, start).dist,
    cases=lambda rng: [(MazeMoves(m), m.start) for m in _random_mazes(rng, 25)],
    describe=_on("bfs_distances"), diagnose=_q2_diagnose, forbidden=_SOLVERS,
    method="Write the breadth-first search with a queue (collections.deque) and a dict of distances.",
    timeout_hint="Does your BFS mark a cell as seen when it first puts it in the queue?",
    hints=["Use collections.deque as the queue. dist = {start: 0} is also your visited set: a node is "
           "visited as soon as it gets a distance.",
           "Take the oldest node from the queue; for each successor not in dist yet, set its distance to "
           "dist[node] + 1 and add it to the queue. Return dist when the queue is empty."])


# ---- q3: the route from the parents ----------------------------------------------------------

def _q3_cases(rng):
    cases = [({"a": None}, "a"), ({"a": None, "b": "a", "c": "b"}, "c")]
    for m in _random_mazes(rng, 20):
        parent = bfs(jm.successors(m), m.start).parent
        cases.append((parent, rng.choice(sorted(parent))))
        cases.append((parent, max(parent, key=lambda n: len(route_to(parent, n)))))
    return cases


def _q3_diagnose(expected, got, args):
    if isinstance(got, list) and got == expected[::-1] and len(expected) > 1:
        return "The route runs backwards: reverse it so that it starts at the start."
    if isinstance(got, list) and got[-1:] != [args[1]] and got[1:] == expected:
        return "The route should end at the goal itself."
    return None


q3 = FunctionExercise(
    "route_from_parents", reference=route_to, cases=_q3_cases, diagnose=_q3_diagnose,
    describe=lambda args: f"route_from_parents(parent, {args[1]!r}) with {len(args[0])} parents",
    forbidden=[route_to, search.bfs, "networkx"],
    method="Walk back from the goal along parent[...] yourself, then reverse.",
    timeout_hint="Does your loop stop at the start, whose parent is None?",
    hints=["parent[node] is the node it was discovered from; the start's parent is None.",
           "Walk back from the goal: route = [goal], then keep appending parent[route[-1]] until it is "
           "None; finally reverse the list so it starts at the start."])


# ---- q4: counting shortest routes --------------------------------------------------------------

def _q4_cases(rng):
    cases = [(MazeMoves(m), m.start, m.end) for m in _random_mazes(rng, 25)]
    grid_like = _maze([[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 0]])   # many shortest routes (20)
    return cases + [(MazeMoves(grid_like), (0, 0), (3, 3)), (MazeMoves(jm.CHAIN_REACTION), (0, 0), (3, 3))]


def _q4_diagnose(expected, got, args):
    if isinstance(got, int) and 0 < got < expected:
        return ("Too few: when a node reaches a successor that is one step further, add ALL the node's "
                "ways to it, also when the successor was discovered before.")
    if isinstance(got, int) and got > expected:
        return "Too many: only count a move when the successor is exactly one step further than the node."
    return None


q4 = FunctionExercise(
    "count_shortest_routes", reference=count_shortest_paths, cases=_q4_cases, diagnose=_q4_diagnose,
    describe=lambda args: f"count_shortest_routes(moves, {args[1]}, {args[2]}) on {args[0]!r}",
    forbidden=_SOLVERS, uses=[q2],
    method="Count during your own BFS: ways[start] = 1, then add the ways along each move.",
    timeout_hint="Does your BFS mark a cell as seen when it first puts it in the queue?",
    hints=["Count during BFS: ways[start] = 1. When a node at distance d reaches a successor first "
           "discovered at distance d + 1 (now or earlier), add ways[node] to ways[successor].",
           "Only shortest routes count, so ignore successors whose distance is not dist[node] + 1. "
           "Return ways.get(goal, 0)."])


# ---- q5: the moves of a rule with state --------------------------------------------------------

def alternate_moves(numbers, state):
    """Under the rule ``alternate``, the states ``(cell, mode)`` one jump from ``state``
    (mode 0: jump orthogonally now, 1: diagonally; the mode flips after every jump)."""
    maze = _maze(numbers)
    cell, mode = state
    succ = jm.successors(maze, "alternate")
    return [(c, m) for c, m, _, _ in succ((cell, mode, None, None))]


def _q5_cases(rng):
    cases = [([[1, 1], [1, 0]], ((0, 0), 0)), ([[1, 1], [1, 0]], ((0, 0), 1)),
             ([[1, 1, 1], [1, 1, 1], [1, 1, 0]], ((1, 1), 1)), ([[1, 1, 1], [1, 1, 1], [1, 1, 0]], ((1, 1), 0)),
             ([[2, 1, 2, 1, 2], [1, 1, 1, 1, 1], [2, 1, 2, 1, 2], [1, 1, 1, 1, 1], [2, 1, 2, 1, 0]], ((2, 2), 1))]
    for _ in range(25):
        numbers = _numbers(rng, rng.randint(1, 5), rng.randint(1, 5))
        cell = (rng.randrange(len(numbers)), rng.randrange(len(numbers[0])))
        cases.append((numbers, (cell, rng.randint(0, 1))))
    for _ in range(10):   # a middle cell with a short jump: several diagonal landings
        numbers = _numbers(rng, 5, 5)
        numbers[2][2] = rng.randint(1, 2)
        cases.append((numbers, ((2, 2), 1)))
    return cases


def _q5_diagnose(expected, got, args):
    if isinstance(got, list) and sorted(map(repr, got)) == sorted(map(repr, expected)):
        return ("The right states in the wrong order: up-right, down-right, down-left, up-left "
                "(or up, right, down, left).")
    if isinstance(got, list) and [s[0] for s in got if isinstance(s, tuple)] == [s[0] for s in expected]:
        return "The cells are right but the modes are not: after a jump the mode flips (1 - mode)."
    return None


q5 = FunctionExercise(
    "alternate_moves", reference=alternate_moves, cases=_q5_cases, diagnose=_q5_diagnose,
    describe=lambda args: f"alternate_moves(numbers, {args[1]}) on the numbers\n{_grid_text(args[0])}\n ",
    forbidden=[jm.successors, jm.jump_graph, "networkx"],
    method="Try the four directions of the state's mode yourself.",
    hints=["The state must say which kind of jump comes next, so it is (cell, mode): mode 0 means "
           "up/right/down/left, mode 1 the four diagonals.",
           "Directions in order: orthogonal [(-1, 0), (0, 1), (1, 0), (0, -1)], diagonal [(-1, 1), (1, 1), "
           "(1, -1), (-1, -1)]. Each landing on the board gives the state (landing cell, 1 - mode). The goal "
           "(bottom-right) and cells holding 0 have no moves."])


q6 = ThoughtExercise(
    "q6",
    question="""
        On Chain Reaction the tree search (a queue of whole routes, no visited set) expands thousands of
        routes; BFS with a visited set expands a few dozen cells. Where does all that extra work come from,
        and how does it grow when the maze gets bigger?
    """,
    discussion="""
        Without a visited set, the tree search puts a new route on the queue for EVERY way of reaching a
        cell, and it also walks around cycles (jump there and back). If each cell has b moves, the queue
        holds about b**d routes at depth d: it grows exponentially with the length of the answer, even
        though the maze has only rows x cols cells. BFS expands each cell at most once (the first time is
        along a shortest route, so later visits can never help), so its work is at most the number of
        cells plus the number of moves. Rules with state keep that promise as long as the visited set is
        over STATES: the same cell reached in another mode is a different node.
    """)



# ---- challenges ----------------------------------------------------------------------------

def _long_maze(maze):
    if isinstance(maze, str):
        maze = jm.parse(maze)
    if not isinstance(maze, jm.JumpMaze):
        return False, "give a maze: its text, or what jm.parse returns"
    if (maze.rows, maze.cols) != (7, 7):
        return False, f"the maze is {maze.rows} x {maze.cols}; the challenge is 7 x 7"
    jumps = jm.solve(maze, "ortho").jumps
    if jumps is None:
        return False, "the goal cannot be reached at all"
    return jumps > 20, f"its shortest route takes {jumps} jumps" + ("" if jumps > 20 else ", not more than 20")


c1 = Challenge("long_maze", "Make a 7 x 7 jumping maze whose shortest route needs more than 20 jumps.", _long_maze,
               hints=["Start from jm.generate(some_id, 7, 7).maze and change cells by hand, or write a local "
                      "search: change one cell, keep the change when the route gets no shorter."])

attach(globals(), "lesson2")
