"""Lesson 2's exercises on breadth-first search in a jumping maze: q1 the moves table, q2 BFS with a
visited set, q3 the route from the parents, q4 counting shortest routes (with the mazes their cases
are made of, and :class:`MazeMoves`, the moves a learner's search is given).

:mod:`.lesson2` is the lesson's module (``ex``): it imports these and adds the rule with state.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from itertools import product

from .. import search
from ..puzzles import jumpmaze as jm
from ..search import bfs, count_shortest_paths, route_to
from . import plain
from .core import FunctionExercise
from .guard import StepLimit
from .rules import Rule, by_size, deciding_cases, loose_judge, rule_diagnose


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


#: The mazes the lesson shows: Chain Reaction, the 4 x 4 maze BFS is stepped on, the 3 x 3 maze of the
#: state graph and the maze with traps (a 0 in the middle).
LITTLE = jm.parse("2 1 2 2\n1 2 3 1\n3 1 3 2\n1 1 1 0")
SMALL = jm.parse("1 1 2\n1 1 1\n2 1 0")
TRAP = jm.parse("2 1 2 3\n1 3 1 2\n3 1 0 1\n2 1 2 0")
LESSON_MAZES = (jm.CHAIN_REACTION, LITTLE, SMALL, TRAP)


class MazeMoves:
    """A maze's successor function (``moves(cell)`` lists the cells one jump away) that shows the maze
    as a small grid when printed, and stops a search that asks for moves far more often than BFS needs.
    ``numbered``: the nodes are the lesson's cell numbers ``r * cols + c`` (the start is cell 0 unless
    ``start`` says another), not ``(r, c)`` pairs."""

    def __init__(self, maze: jm.JumpMaze, start=None, numbered: bool = False):
        self.maze, self.start, self.numbered = maze, start, numbered
        cells = jm.successors(maze)
        if numbered:
            self._succ = lambda n: [r * maze.cols + c for r, c in cells(divmod(n, maze.cols))]
        else:
            self._succ = cells
        begin = start if start is not None else 0 if numbered else maze.start
        self._reach = len(bfs(self._succ, begin).dist)
        self._calls = 0

    def __call__(self, cell):
        self._calls += 1
        if self._calls > 2 * self._reach + 10:
            raise StepLimit(f"Your search asked for the moves of a cell {self._calls} times, but the start reaches "
                            f"only {self._reach} cells.\n  BFS takes each cell from the queue once: does yours mark a "
                            f"cell as seen when it first queues it?")
        return self._succ(cell)

    def __repr__(self):
        if self.numbered:
            goal = self.maze.end[0] * self.maze.cols + self.maze.end[1]
            return (f"the maze (G marks its goal, cell {goal}; cell (r, c) is number r * {self.maze.cols} + c)\n"
                    f"{_grid_text(self.maze.cells, self.maze.end)}")
        return f"the maze (G marks its goal, {self.maze.end})\n{_grid_text(self.maze.cells, self.maze.end)}"


# The grader hands these to a learner's function in another process: it sends the maze (plain data).
plain.register(MazeMoves, "MazeMoves", lambda m: (m.maze, m.start, m.numbered), lambda data: MazeMoves(*data))


def _numbered(maze: jm.JumpMaze, start: int = 0) -> MazeMoves:
    return MazeMoves(maze, start, numbered=True)


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
    cases = list(_q1_deciding()) + [([list(row) for row in m.cells],) for m in LESSON_MAZES]
    cases += [([[0]],), ([[1, 0]],), ([[2, 1, 1], [1, 1, 1], [2, 1, 0]],), ([[1, 2], [1, 0], [1, 0]],)]
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
    forbidden=[jm.moves_table, jm.successors, jm.jump_graph],
    method="Loop over the cells and try the four jumps of each yourself.",
    hints=["Number the cells row by row: cell (r, c) is r * cols + c, where cols is the width of the maze. "
           "From a cell holding n, try the four cells n steps up, right, down and left, and keep those on "
           "the board.",
           "Every cell gets an entry, even one with no moves (an empty list); sort each list. A cell holding "
           "0, like the goal, has no moves."])


# ---- q2: BFS with a visited set --------------------------------------------------------------

def _q2_diagnose(expected, got, args):
    start = args[1]
    falsy = [node for node in expected if not node and node != start]
    if isinstance(got, dict) and falsy and falsy[0] not in got and set(got) == set(expected) - {falsy[0]}:
        return (f"Node {falsy[0]!r} is a node like any other, but Python reads it as false, so a test such as "
                f"`if nxt` skips it: test `nxt not in dist` only.")
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
    Rule("every node that `succ` can reach gets its fewest moves from `start`.", _bfs_but("stack"),
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


def _numbered_cases() -> list:
    """The lesson's mazes with its cell numbers as nodes (cell 0 is a node too): from the start, and from
    a cell whose moves lead back to cell 0; and with (row, col) cells."""
    cases = [(_numbered(m), 0) for m in (jm.CHAIN_REACTION, LITTLE, TRAP)]
    cases += [(_numbered(LITTLE, 4), 4), (_numbered(TRAP, 2), 2)]
    return cases + [(MazeMoves(m), m.start) for m in (LITTLE, TRAP)]


q2 = FunctionExercise(
    "bfs_distances", reference=lambda succ, start: bfs(succ, start).dist,
    cases=lambda rng: by_size(list(_q2_deciding()) + [(MazeMoves(m), m.start) for m in _random_mazes(rng, 25)]
                              + _numbered_cases(), lambda case: _cells(case[0].maze.cells)),
    describe=_on("bfs_distances"), diagnose=rule_diagnose(Q2_RULES, _q2_diagnose), forbidden=_SOLVERS,
    judge=loose_judge,                              # any dict: a defaultdict too
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
        while (parent[node] if skip == "truthy" else parent[node] is not None):
            node = parent[node]
            if parent[node] is not None or skip != "start":
                route.append(node)
        return route if skip == "backwards" else route[::-1]
    return route_from_parents


Q3_RULES = [
    Rule("the route starts at the start (the node whose parent is `None`) and ends at `goal`;",
         _route_but("goal"), _route_but("start"), _route_but("truthy"),
         advice="Only None ends the walk: a parent 0 is a node like any other (test `is not None`)."),
    Rule("each node of the route is the parent of the node after it.", _route_but("backwards"),
         advice="Walking back from the goal gives the route backwards: reverse it."),
]


def _q3_cases(rng):
    cases = [({"a": None}, "a"), ({"a": None, "b": "a", "c": "b"}, "c"), ({"a": None, "b": "a"}, "b"),
             ({0: None, 4: 0, 24: 4}, 24), ({0: None, 1: 0}, 1), ({0: None}, 0)]
    for moves in (_numbered(jm.CHAIN_REACTION), _numbered(LITTLE), _numbered(LITTLE, 4)):   # the lesson's numbers
        parent = bfs(moves, moves.start).parent
        cases += [(parent, max(parent, key=lambda n: (len(route_to(parent, n)), n))), (parent, min(parent))]
    chain = bfs(jm.successors(jm.CHAIN_REACTION), jm.CHAIN_REACTION.start).parent
    cases.append((chain, jm.CHAIN_REACTION.end))
    for m in _random_mazes(rng, 20):
        parent = bfs(jm.successors(m), m.start).parent
        cases.append((parent, rng.choice(sorted(parent))))
        cases.append((parent, max(parent, key=lambda n: len(route_to(parent, n)))))
    return by_size(cases, lambda case: len(route_to(*case)))


def _q3_diagnose(expected, got, args):
    if not args[1] and args[1] is not None and isinstance(got, (list, tuple)) and not got:
        return (f"The goal {args[1]!r} is a node like any other, but Python reads {args[1]!r} as false, so a loop "
                f"`while node:` never starts: test `while node is not None:`.")
    stop = next((node for node in expected[-2::-1] if not node), None)      # the falsy parent nearest the goal
    if stop is not None and isinstance(got, (list, tuple)) and list(got) == expected[expected.index(stop) + 1:]:
        return (f"The walk stopped at the parent {stop!r}, but only None ends it: Python reads {stop!r} as false, so "
                f"`while parent[node]:` stops there. Test `while parent[node] is not None:`.")
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
    describe=lambda args: (f"route_from_parents({args[0]!r}, {args[1]!r})" if len(repr(args[0])) <= 100 else
                           f"route_from_parents(parent, {args[1]!r}) with {len(args[0])} parents"),
    forbidden=[route_to, search.bfs],
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
                if not dist.get(nxt) if skip == "falsy" else nxt not in dist:      # falsy: the start again
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
         _ways_but("start"), _ways_but("falsy"),
         advice="Return ways.get(goal, 0), with ways[start] = 1 from the start."),
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
    cases += [(MazeMoves(m), m.start, m.end) for m in (LITTLE, TRAP)]
    cases += [(_numbered(jm.CHAIN_REACTION), 0, 35), (_numbered(LITTLE), 0, 15), (_numbered(LITTLE, 4), 4, 0),
              (_numbered(TRAP, 2), 2, 0)]                   # the lesson's cell numbers: cell 0 is a node too
    ring = _maze([[1, 1, 1], [1, 1, 1], [1, 1, 0]])            # the goal is the start, and moves lead back to it
    cases += [(MazeMoves(ring, (1, 1)), (1, 1), (1, 1)), (_numbered(ring, 0), 0, 0)]
    return by_size(cases, lambda case: _cells(case[0].maze.cells))


def _q4_diagnose(expected, got, args):
    if args[1] == args[2] and got != expected:
        return ("The goal is the start here: 1 route, of no moves. The start's distance is 0, which Python reads as "
                "false: test `nxt not in dist` (or `goal in dist`), not `not dist.get(...)`.")
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
