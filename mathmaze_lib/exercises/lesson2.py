"""Exercises of lesson 2, jumping mazes: from the moves table to the state graph of a rule.

q1 the moves table, q2 BFS with a visited set, q3 the route from the parents,
q4 counting shortest routes, q5 the moves of a rule with state; q6 a question.
p1 ... p6 are the lesson's predictions, c1 its checked challenge.
The worked solutions are the code of the solution notebook (see :mod:`.solutions`).

>>> q3.evaluate(lambda parent, goal: [goal] if parent[goal] is None else None).status
'incorrect'
"""

from __future__ import annotations

import random

from ..puzzles import jumpmaze as jm
from ..puzzles.icemaze.exercise import q7  # noqa: F401 - the ice maze's exercise (going further)
from .. import search
from ..search import bfs, count_shortest_paths, route_to
from . import plain
from collections import deque
from functools import lru_cache
from itertools import product

from .core import Challenge, FunctionExercise, ThoughtExercise
from .guard import StepLimit
from .predict import Prediction
from .rules import Rule, by_size, deciding_cases, loose_judge, rule_diagnose
from .solutions import attach

__all__ = ["q1", "q2", "q3", "q4", "q5", "q6", "q7", "c1"]
#: The lesson's predictions, in the order of the notebook (``ex.p1`` ...).
PREDICTIONS = ["p1", "p2", "p3", "p4", "p5", "p6"]

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


_ORTHO = [(-1, 0), (0, 1), (1, 0), (0, -1)]
_DIAG = [(-1, 1), (1, 1), (1, -1), (-1, -1)]


def _layouts(shapes, values=range(3)) -> list:
    """Every grid of these shapes with every cell holding one of ``values`` (the goal too), smallest first."""
    return [[list(cells[r * cols:(r + 1) * cols]) for r in range(rows)]
            for rows, cols in shapes for cells in product(values, repeat=rows * cols)]


def _cells(numbers) -> int:
    return len(numbers) * len(numbers[0])


def _on(name):
    return lambda args: f"{name}(moves, {args[1]}) on {args[0]!r}\n "


# ---- q1: the moves table ----------------------------------------------------------------------

def moves_table(numbers) -> dict:
    """Cell number -> sorted numbers of the cells one orthogonal jump away."""
    return jm.moves_table(_maze(numbers))


def _table_but(skip: str):
    """moves_table with one rule left out (``skip``), as a learner who forgets it writes it."""
    def moves_table(numbers):
        rows, cols = len(numbers), len(numbers[0])
        width = rows if skip == "number" else cols
        table = {}
        for r in range(rows):
            for c in range(cols):
                n = min(numbers[r][c], 1) if skip == "jump" else numbers[r][c]
                targets = []
                if n > 0 and (skip == "goal" or (r, c) != (rows - 1, cols - 1)):
                    for dr, dc in _ORTHO:
                        nr, nc = r + dr * n, c + dc * n
                        if skip == "board" or (0 <= nr < rows and 0 <= nc < cols):
                            targets.append(nr * width + nc)
                if targets or skip != "every":
                    table[r * width + c] = targets if skip == "sort" else sorted(targets)
        return table
    return moves_table


Q1_RULES = [
    Rule("cell `(r, c)` is number `r * cols + c`;", _table_but("number"),
         advice="cols is the width: len(numbers[0])."),
    Rule("from a cell holding `n`, a jump goes exactly `n` cells up, right, down or left;", _table_but("jump")),
    Rule("a jump must land on the board;", _table_but("board"),
         advice="Keep a landing (nr, nc) only when 0 <= nr < rows and 0 <= nc < cols."),
    Rule("every cell gets an entry, even one with no moves (an empty list);", _table_but("every")),
    Rule("the goal (the bottom-right cell) has no moves, whatever number it holds, and neither has a cell "
         "holding 0;", _table_but("goal"), advice="Check (r, c) == (rows - 1, cols - 1) as well as n > 0."),
    Rule("each list is sorted.", _table_but("sort")),
]


@lru_cache(maxsize=None)
def _q1_deciding() -> tuple:
    candidates = ((numbers,) for numbers in _layouts([(1, 2), (2, 1), (1, 3), (2, 2), (2, 3), (3, 2)]))
    return tuple(deciding_cases(moves_table, Q1_RULES, candidates, per_slip=2))


def _q1_cases(rng):
    chain = [list(row) for row in jm.CHAIN_REACTION.cells]
    cases = list(_q1_deciding()) + [(chain,), ([[0]],), ([[1, 0]],), ([[2, 1, 1], [1, 1, 1], [2, 1, 0]],),
                                    ([[1, 2], [1, 0], [1, 0]],)]
    cases += [(_numbers(rng, rng.randint(1, 5), rng.randint(1, 5)),) for _ in range(20)]
    return by_size(cases, lambda case: _cells(case[0]))


def _q1_diagnose(expected, got, args):
    if isinstance(got, dict) and got and set(got) <= {(r, c) for r in range(9) for c in range(9)} - set(expected):
        return "The keys are cell numbers r * cols + c, not (row, col) pairs."
    return None


q1 = FunctionExercise(
    "moves_table", reference=moves_table, cases=_q1_cases, diagnose=rule_diagnose(Q1_RULES, _q1_diagnose),
    judge=loose_judge,
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
    start = args[1]
    if isinstance(got, dict) and start not in got:
        return f"The start {start!r} is missing from your dict. {_START_ZERO}"
    if isinstance(got, dict) and got.get(start) != 0:
        return f"The start {start!r} has the distance {got.get(start)!r} in your dict. {_START_ZERO}"
    if isinstance(got, dict) and set(got) == set(expected):
        if all(got[k] == v + 1 for k, v in expected.items()):
            return "Distances count moves (jumps): the start is 0 moves from itself."
        if any(got[k] > v for k, v in expected.items() if isinstance(got[k], int)):
            return ("Some distances are too long: BFS takes the OLDEST node from the queue (popleft); "
                    "taking the newest (pop) is a depth-first search.")
    return None


def _bfs_but(skip: str):
    """bfs_distances with one rule left out, as a learner who forgets it writes it."""
    def bfs_distances(succ, start):
        dist = {} if skip == "missing" else {start: 1 if skip == "one" else 0}
        queue = deque([start])
        while queue:
            node = queue.pop() if skip == "stack" else queue.popleft()
            for nxt in succ(node):
                if nxt not in dist:
                    dist[nxt] = dist.get(node, 0) + 1
                    queue.append(nxt)
        return dist
    return bfs_distances


_START_ZERO = "Begin with dist = {start: 0}: the start is 0 moves from itself."
Q2_RULES = [
    Rule("the start is 0 moves from itself;", _bfs_but("missing"), _bfs_but("one"), advice=_START_ZERO),
    Rule("every node that `succ` can reach gets its fewest moves from `start`;", _bfs_but("stack"),
         advice="BFS takes the OLDEST node from the queue (queue.popleft()); taking the newest (pop) is a "
                "depth-first search."),
]


def _bfs_key_error(outcome, args) -> "str | None":
    """The words for a KeyError on the start: the learner's dist does not hold the start."""
    succ, start = args
    if outcome.error_type == "KeyError" and repr(start) in (outcome.error or ""):
        return f"The start {start!r} has no distance: {_START_ZERO}"
    return None


@lru_cache(maxsize=None)
def _q2_deciding() -> tuple:
    layouts = _layouts([(1, 2), (1, 3), (2, 2), (2, 3)]) + _layouts([(3, 3)], values=(1, 2))
    candidates = ((MazeMoves(_maze(numbers)), (0, 0)) for numbers in layouts)
    return tuple(deciding_cases(lambda succ, start: bfs(succ, start).dist, Q2_RULES, candidates, per_slip=2))


q2 = FunctionExercise(
    "bfs_distances", reference=lambda succ, start: bfs(succ, start).dist,
    cases=lambda rng: by_size(list(_q2_deciding()) + [(MazeMoves(m), m.start) for m in _random_mazes(rng, 25)],
                              lambda case: _cells(case[0].maze.cells)),
    describe=_on("bfs_distances"), diagnose=rule_diagnose(Q2_RULES, _q2_diagnose), forbidden=_SOLVERS,
    method="Write the breadth-first search with a queue (collections.deque) and a dict of distances.",
    timeout_hint="Does your BFS mark a cell as seen when it first puts it in the queue?",
    hints=["Use collections.deque as the queue. dist = {start: 0} is also your visited set: a node is "
           "visited as soon as it gets a distance.",
           "Take the oldest node from the queue; for each successor not in dist yet, set its distance to "
           "dist[node] + 1 and add it to the queue. Return dist when the queue is empty."])


# ---- q3: the route from the parents ----------------------------------------------------------

def _route_but(skip: str):
    """route_from_parents with one rule left out, as a learner who forgets it writes it."""
    def route_from_parents(parent, goal):
        route = [] if skip == "goal" else [goal]
        node = goal
        while parent[node] is not None:
            node = parent[node]
            if parent[node] is not None or skip != "start":
                route.append(node)
        return route if skip == "backwards" else route[::-1]
    return route_from_parents


Q3_RULES = [
    Rule("the route starts at the start (the node whose parent is `None`) and ends at `goal`;",
         _route_but("goal"), _route_but("start")),
    Rule("each node of the route is the parent of the node after it.", _route_but("backwards"),
         advice="Walking back from the goal gives the route backwards: reverse it."),
]


def _q3_cases(rng):
    cases = [({"a": None}, "a"), ({"a": None, "b": "a", "c": "b"}, "c"), ({"a": None, "b": "a"}, "b")]
    for m in _random_mazes(rng, 20):
        parent = bfs(jm.successors(m), m.start).parent
        cases.append((parent, rng.choice(sorted(parent))))
        cases.append((parent, max(parent, key=lambda n: len(route_to(parent, n)))))
    return by_size(cases, lambda case: len(route_to(*case)))


def _q3_diagnose(expected, got, args):
    if isinstance(got, (list, tuple)) and list(got) == expected[::-1] and len(expected) > 1:
        return "The route runs backwards: reverse it so that it starts at the start."
    if isinstance(got, (list, tuple)) and list(got[-1:]) != [args[1]]:
        return f"The route should end at the goal {args[1]!r} itself."
    if isinstance(got, (list, tuple)) and got[:1] != expected[:1]:
        return f"The route should start at the start {expected[0]!r}, the node whose parent is None."
    return None


q3 = FunctionExercise(
    "route_from_parents", reference=route_to, cases=_q3_cases, diagnose=rule_diagnose(Q3_RULES, _q3_diagnose),
    judge=loose_judge,
    describe=lambda args: f"route_from_parents(parent, {args[1]!r}) with {len(args[0])} parents",
    forbidden=[route_to, search.bfs, "networkx"],
    method="Walk back from the goal along parent[...] yourself, then reverse.",
    timeout_hint="Does your loop stop at the start, whose parent is None?",
    hints=["parent[node] is the node it was discovered from; the start's parent is None.",
           "Walk back from the goal: route = [goal], then keep appending parent[route[-1]] until it is "
           "None; finally reverse the list so it starts at the start."])


# ---- q4: counting shortest routes --------------------------------------------------------------

def _ways_but(skip: str):
    """count_shortest_routes with one rule left out, as a learner who forgets it writes it."""
    def count_shortest_routes(succ, start, goal):
        if skip == "start" and start == goal:
            return 0
        dist, ways = {start: 0}, {start: 1}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for nxt in succ(node):
                if nxt not in dist:
                    dist[nxt], ways[nxt] = dist[node] + 1, ways[node]
                    queue.append(nxt)
                elif skip == "longer" and nxt != start or skip != "first" and dist[nxt] == dist[node] + 1:
                    ways[nxt] += ways[node]
        return ways.get(goal) if skip == "none" else ways.get(goal, 0)
    return count_shortest_routes


Q4_RULES = [
    Rule("only shortest routes count;", _ways_but("longer"),
         advice="Add a node's ways only to a successor exactly one move further (dist[node] + 1)."),
    Rule("every shortest route counts: when a node at distance `d` reaches one at distance `d + 1`, add all its "
         "ways, also when that node was discovered before;", _ways_but("first")),
    Rule("the answer is 0 when the goal cannot be reached, and 1 when the goal is the start.", _ways_but("none"),
         _ways_but("start"), advice="Return ways.get(goal, 0), with ways[start] = 1 from the start."),
]


@lru_cache(maxsize=None)
def _q4_deciding() -> tuple:
    candidates = ((MazeMoves(m), m.start, m.end) for m in
                  [_maze([[0]])] + [_maze(n) for n in _layouts([(1, 2), (1, 3), (2, 2), (2, 3)])])
    return tuple(deciding_cases(count_shortest_paths, Q4_RULES, candidates, per_slip=2))


def _q4_cases(rng):
    cases = list(_q4_deciding()) + [(MazeMoves(m), m.start, m.end) for m in _random_mazes(rng, 25)]
    grid_like = _maze([[1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 0]])   # many shortest routes (20)
    cases += [(MazeMoves(grid_like), (0, 0), (3, 3)), (MazeMoves(jm.CHAIN_REACTION), (0, 0), (3, 3))]
    return by_size(cases, lambda case: _cells(case[0].maze.cells))


def _q4_diagnose(expected, got, args):
    if isinstance(got, int) and 0 < got < expected:
        return ("Too few: when a node reaches a successor that is one step further, add ALL the node's "
                "ways to it, also when the successor was discovered before.")
    if isinstance(got, int) and got > expected:
        return "Too many: only count a move when the successor is exactly one step further than the node."
    return None


q4 = FunctionExercise(
    "count_shortest_routes", reference=count_shortest_paths, cases=_q4_cases,
    diagnose=rule_diagnose(Q4_RULES, _q4_diagnose),
    describe=lambda args: f"count_shortest_routes(moves, {args[1]}, {args[2]}) on {args[0]!r}\n ",
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


def _alternate_but(skip: str):
    """alternate_moves with one rule left out, as a learner who forgets it writes it."""
    def alternate_moves(numbers, state):
        (r, c), mode = state
        rows, cols = len(numbers), len(numbers[0])
        n = min(numbers[r][c], 1) if skip == "jump" else numbers[r][c]
        if n == 0 or (skip != "goal" and (r, c) == (rows - 1, cols - 1)):
            return []
        directions = _ORTHO if mode == 0 else ([(-1, -1), (-1, 1), (1, -1), (1, 1)] if skip == "order" else _DIAG)
        out = []
        for dr, dc in directions:
            nr, nc = r + dr * n, c + dc * n
            if skip == "board" or (0 <= nr < rows and 0 <= nc < cols):
                out.append(((nr, nc), mode if skip == "flip" else 1 - mode))
        return out
    return alternate_moves


Q5_RULES = [
    Rule("from a cell holding `n`, a jump goes exactly `n` cells;", _alternate_but("jump")),
    Rule("mode 0 jumps up, right, down, left and mode 1 up-right, down-right, down-left, up-left: list the "
         "states in that order;", _alternate_but("order")),
    Rule("a jump must land on the board;", _alternate_but("board")),
    Rule("after a jump the mode flips: the new state is `(landing cell, 1 - mode)`;", _alternate_but("flip")),
    Rule("the goal (the bottom-right cell) has no moves, whatever number it holds, and neither has a cell "
         "holding 0.", _alternate_but("goal")),
]


def _q5_candidates():
    """Each cell of small boards of 1s, holding 0, 1 or 2 in turn (the goal too), in both modes."""
    for rows, cols in [(1, 2), (2, 2), (2, 3), (3, 3)]:
        for cell in product(range(rows), range(cols)):
            for value in range(3):
                numbers = [[1] * cols for _ in range(rows)]
                numbers[rows - 1][cols - 1] = 0
                numbers[cell[0]][cell[1]] = value
                for mode in (0, 1):
                    yield numbers, (cell, mode)


@lru_cache(maxsize=None)
def _q5_deciding() -> tuple:
    return tuple(deciding_cases(alternate_moves, Q5_RULES, _q5_candidates(), per_slip=2))


def _q5_cases(rng):
    cases = list(_q5_deciding()) + [([[1, 1], [1, 0]], ((0, 0), 0)), ([[1, 1], [1, 0]], ((0, 0), 1)),
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
    return by_size(cases, lambda case: _cells(case[0]))


def _q5_diagnose(expected, got, args):
    if isinstance(got, (list, tuple)) and sorted(map(repr, got)) == sorted(map(repr, expected)):
        return ("The right states in the wrong order: up-right, down-right, down-left, up-left "
                "(or up, right, down, left).")
    if isinstance(got, list) and [s[0] for s in got if isinstance(s, tuple)] == [s[0] for s in expected]:
        return "The cells are right but the modes are not: after a jump the mode flips (1 - mode)."
    return None


q5 = FunctionExercise(
    "alternate_moves", reference=alternate_moves, cases=_q5_cases, diagnose=rule_diagnose(Q5_RULES, _q5_diagnose),
    judge=loose_judge,
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

def _no_u_turns(maze):
    if isinstance(maze, str):
        maze = jm.parse(maze)
    if not isinstance(maze, jm.JumpMaze):
        return False, "give a maze: its text, or what jm.parse returns"
    if (maze.rows, maze.cols) != (5, 5):
        return False, f"the maze is {maze.rows} x {maze.cols}; the challenge is 5 x 5"
    ortho, nouturn = jm.solve(maze, "ortho").jumps, jm.solve(maze, "nouturn").jumps
    if ortho is None or nouturn is None:
        rule = "ortho" if ortho is None else "nouturn"
        return False, f"under {rule} the goal cannot be reached at all"
    words = f"{nouturn} jumps under nouturn, {ortho} under ortho: {nouturn - ortho} more"
    return nouturn - ortho >= 10, words + ("" if nouturn - ortho >= 10 else ", not 10 or more")


c1 = Challenge("u_turn_maze", "Make a 5 x 5 maze whose shortest route is at least 10 jumps longer under nouturn "
               "than under ortho.", _no_u_turns,
               hints=["Start from jm.random_maze(random.Random(1), 5, 5) and write a local search: change one "
                      "cell, keep the change when the difference (nouturn jumps minus ortho jumps) does not "
                      "go down. A maze where either rule has no route counts as very bad.",
                      "jm.solve(maze, 'nouturn').jumps is None when nouturn cannot reach the goal."])


# ---- predictions ---------------------------------------------------------------------------

LITTLE = jm.parse("2 1 2 2\n1 2 3 1\n3 1 3 2\n1 1 1 0")   # the lesson's 4 x 4 maze


def tree_work_sample(seed: int = 7, sides=range(3, 10), per_side: int = 5) -> list:
    """``(side, shortest route in jumps, routes the tree search takes before that depth, BFS expansions)``
    for ``per_side`` generated mazes of each side (the growth chart of section 3)."""
    rng = random.Random(seed)
    rows = []
    for side in sides:
        for _ in range(per_side):
            m = jm.generate(rng.randrange(10**6), side, side, steps=600).maze
            sol = jm.solve(m)
            least = sum(search.count_routes(jm.successors(m), jm.start_state(m), sol.jumps)[:sol.jumps])
            rows.append((side, sol.jumps, least, sol.expanded))
    return rows


def _ranks(values) -> list:
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):                 # ties share the mean of their ranks
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2
        i = j + 1
    return ranks


def rank_correlation(xs, ys) -> float:
    """Spearman's rank correlation: 1 when ``ys`` grows whenever ``xs`` does."""
    a, b = _ranks(list(xs)), _ranks(list(ys))
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    return cov / (sum((x - ma) ** 2 for x in a) * sum((y - mb) ** 2 for y in b)) ** 0.5


def what_decides_tree_work() -> str:
    """Which of the maze's side and its shortest route's length goes with the tree search's work more
    closely (by rank correlation over :func:`tree_work_sample`)."""
    rows = tree_work_sample()
    work = [r[2] for r in rows]
    by_side, by_route = rank_correlation([r[0] for r in rows], work), rank_correlation([r[1] for r in rows], work)
    return "the shortest route's length" if by_route > by_side else "the maze's size"


def more_fun_maze() -> str:
    """The maze of the design-terms prediction with the higher design score."""
    a, b = jm.generate(4, 5, 5), jm.generate(4, 5, 5, steps=0)
    return "maze A" if a.score > b.score else "maze B"


p1 = Prediction("How many routes will the tree search expand (take from its queue and extend) before it takes a "
                "route that ends at the goal, on this 36-cell maze?",
                answer=lambda: jm.solve(jm.CHAIN_REACTION, method="tree").expanded, choices=[30, 300, 8000],
                name="ex.p1",
                why="Every way of reaching a cell, back-and-forth jumps included, is a separate route in the queue.")
p2 = Prediction("BFS stops when it takes the goal G from the queue. How many cells will it expand (take from the "
                "queue and look at their jumps) before that?", answer=lambda: jm.solve(LITTLE).expanded,
                choices=[4, 8, 14, 16], name="ex.p2",
                why="BFS takes cells layer by layer: every cell 1 jump away, then 2, ... G is in the last layer, "
                    "and the cells queued before it in that layer are expanded first.")
p3 = Prediction("And the tree search: how many routes will it expand before it takes a route that ends at G?",
                answer=lambda: jm.solve(LITTLE, method="tree").expanded, choices=[14, 60, 250], name="ex.p3",
                why="It takes every route in turn, and many routes end on the same cells.")
p4 = Prediction("What decides how much work the tree search must do on a maze: the maze's size, or the length of "
                "its shortest route?", answer=what_decides_tree_work,
                choices=["the maze's size", "the shortest route's length"], name="ex.p4",
                why="Before it reaches the goal's depth it takes every shorter route, and their number multiplies "
                    "with every jump: a big maze with a short route is little work.")
p5 = Prediction("How many different 13-jump routes lead from the start to the goal of Chain Reaction?",
                answer=lambda: jm.count_shortest(jm.CHAIN_REACTION), choices=[1, 2, 4, 13], name="ex.p5",
                why="Exactly one: a well-made maze has one answer, and BFS with counting can prove it.")
p6 = Prediction("Which maze is more fun to solve?", answer=more_fun_maze, choices=["maze A", "maze B"],
                name="ex.p6", why="Maze A has one shortest route and no traps; the next cell shows each design term.")

# Each checked exercise carries the rules its text lists, and how big a case is (its cases come smallest first).
_MAZE_SIZE = lambda case: _cells(case[0].maze.cells)   # noqa: E731
for _exercise, _rules, _size in ((q1, Q1_RULES, lambda case: _cells(case[0])), (q2, Q2_RULES, _MAZE_SIZE),
                                 (q3, Q3_RULES, lambda case: len(route_to(*case))), (q4, Q4_RULES, _MAZE_SIZE),
                                 (q5, Q5_RULES, lambda case: _cells(case[0]))):
    _exercise.rules, _exercise.case_size = _rules, _size
q2.explain_error = _bfs_key_error

attach(globals(), "lesson2")
