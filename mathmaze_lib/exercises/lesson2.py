"""Exercises of lesson 2, jumping mazes: from the moves table to the state graph of a rule.

q1 the moves table, q2a the lines of a BFS put in order (the step before q2), q2 BFS with a visited
set (from a skeleton), q3 the route from the parents, q4 counting shortest routes,
q5 the moves of a rule with state, q6 the stops of a slide on ice, q7 the lights after a press in
Lights Out (q6 and q7 brought by their puzzles); q8 a question.
p1 ... p7 are the lesson's predictions, c1 its checked challenge.
The worked solutions are the code of the solution notebook (see :mod:`.solutions`).

>>> q3.evaluate(lambda parent, goal: [goal] if parent[goal] is None else None).status
'incorrect'
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from itertools import product

from .. import search
from ..puzzles import PUZZLES, jumpmaze as jm
from ..search import route_to
from .core import Challenge, FunctionExercise, ThoughtExercise
from .lesson2_bfs import (LITTLE, Q1_RULES, Q2_RULES, Q3_RULES, Q4_RULES, SMALL, MazeMoves, _DIAG, _ORTHO,
                          _bfs_key_error, _cells, _grid_text, _layouts, _maze, _numbers, _on, _random_mazes, moves_table,
                          q1, q2, q3, q4)
from .parsons import Parsons
from .predict import Prediction
from .rules import Rule, by_size, deciding_cases, loose_judge, rule_diagnose
from .handing import hand_in_for
from .solutions import attach, by_number

#: The exercises the puzzles bring (the ice maze's q6 and Lights Out's q7, going further), found through
#: the registry.
_BROUGHT = PUZZLES.exercises(2, taken=globals())
globals().update(_BROUGHT)
__all__ = [*by_number(["q1", "q2a", "q2", "q3", "q4", "q5", "q8", *_BROUGHT]), "c1"]
#: The lesson's predictions, in the order of the notebook (``ex.p1`` ...).
PREDICTIONS = ["p1", "p2", "p3", "p4", "p5", "p6", "p7"]


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
    cases += [([list(row) for row in SMALL.cells], (cell, mode)) for cell in SMALL.grid.cells() for mode in (0, 1)]
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
    forbidden=[jm.successors, jm.jump_graph],
    method="Try the four directions of the state's mode yourself.",
    hints=["The state must say which kind of jump comes next, so it is (cell, mode): mode 0 means "
           "up/right/down/left, mode 1 the four diagonals.",
           "Directions in order: orthogonal [(-1, 0), (0, 1), (1, 0), (0, -1)], diagonal [(-1, 1), (1, 1), "
           "(1, -1), (-1, -1)]. Each landing on the board gives the state (landing cell, 1 - mode). The goal "
           "(bottom-right) and cells holding 0 have no moves."])


q8 = ThoughtExercise(
    "q8",
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



def tree_work_sample(seed: int = 7, sides=range(3, 10), per_side: int = 5) -> list:
    """``(side, shortest route in jumps, routes the tree search takes before that depth, BFS expansions)``
    for ``per_side`` generated mazes of each side (the growth chart of section 7)."""
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


def lights_bfs():
    """BFS from the lights of Lights Out board 2 (3 x 3, 3 presses) to the dark board, a press on each
    cell in row order as the successor function, as section 12 runs it (its ``SearchResult``)."""
    from ..puzzles import lightsout

    board = lightsout.make(2, 3, 3, presses=3)
    cells = list(board.grid.cells())
    return search.bfs(lambda lights: [lightsout.press(board, lights, cell) for cell in cells], board.lights,
                      goal=lambda lights: not lights)


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
p7 = Prediction("A 3 x 3 board has 512 boards of lights. How many boards will BFS take from its queue before it "
                "takes the dark board (every light off)?", answer=lambda: lights_bfs().expanded,
                choices=[10, 60, 250, 512], name="ex.p7",
                why="BFS takes the boards in order of presses: this board, the 9 boards one press away, the 36 "
                    "two presses away, then boards three presses away until it takes the dark one. It never "
                    "needs most of the 512.")

# Each checked exercise carries the rules its text lists, and how big a case is (its cases come smallest first).
_MAZE_SIZE = lambda case: _cells(case[0].maze.cells)   # noqa: E731
for _exercise, _rules, _size in ((q1, Q1_RULES, lambda case: _cells(case[0])), (q2, Q2_RULES, _MAZE_SIZE),
                                 (q3, Q3_RULES, lambda case: len(route_to(*case))), (q4, Q4_RULES, _MAZE_SIZE),
                                 (q5, Q5_RULES, lambda case: _cells(case[0]))):
    _exercise.rules, _exercise.case_size = _rules, _size
q2.explain_error = _bfs_key_error


# ---- q2a, and q2's skeleton: a BFS scaffold between watching BFS and writing it -------------------
# q2a puts the lines of a BFS with a visited set in order (a Parsons problem, as lesson 1's q4a); then
# Exercise 2's text gives bfs_distances as a skeleton with blanks ___ to fill in (or to write anew), and
# q2 says so when a blank is left.

def bfs_order(succ, start):
    """The nodes reachable from ``start`` in the order BFS takes them from the queue."""
    return [step.current for step in search.bfs(succ, start, trace=True).trace]


def _order_but(skip: str):
    """bfs_order with one rule left out, as a learner who forgets it writes it."""
    def bfs_order(succ, start):
        seen, queue, order = {start}, deque([start]), []
        while queue:
            node = queue.pop() if skip == "stack" else queue.popleft()
            if skip != "start" or node != start:
                order.append(node)
            for nxt in succ(node):
                if nxt not in (order if skip == "once" else seen):     # "once": only taken nodes count as seen
                    seen.add(nxt)
                    queue.append(nxt)
        return order
    return bfs_order


Q2A_RULES = [
    Rule("the start is taken from the queue first;", _order_but("start")),
    Rule("BFS takes the oldest node from the queue;", _order_but("stack"),
         advice="queue.popleft() takes the oldest node; queue.pop() would take the newest."),
    Rule("a node is marked seen and put in the queue once, the first time it is reached.", _order_but("once"),
         advice="Mark a node as seen (seen.add) when you put it in the queue, so that it never goes in twice."),
]


def _maze_size(case) -> int:
    return _cells(case[0].maze.cells)


@lru_cache(maxsize=None)
def _q2a_deciding() -> tuple:
    layouts = _layouts([(1, 2), (1, 3), (2, 2), (2, 3)]) + _layouts([(3, 3)], values=(1, 2))
    candidates = ((MazeMoves(_maze(numbers)), (0, 0)) for numbers in layouts)
    return tuple(deciding_cases(bfs_order, Q2A_RULES, candidates, per_slip=2))


_ORDER = FunctionExercise(
    "bfs_order", reference=bfs_order,
    cases=lambda rng: by_size(list(_q2a_deciding()) + [(MazeMoves(LITTLE), LITTLE.start)]
                              + [(MazeMoves(m), m.start) for m in _random_mazes(rng, 8)], _maze_size),
    describe=_on("bfs_order"), diagnose=rule_diagnose(Q2A_RULES), judge=loose_judge)
_ORDER.rules, _ORDER.case_size = Q2A_RULES, _maze_size


def _q2a_diagnose(order: str) -> "str | None":
    at = {letter: i for i, letter in enumerate(order)}
    if at["G"] < at["D"]:
        return "return order (G) ends the function: it comes last, after the loop (D)."
    if at["A"] > at["D"]:
        return "seen = {start} (A) must come before the loop (D): the start is seen before anything is taken."
    if at["F"] < at["E"]:
        return "order.append(node) (F) must come after the node is taken from the queue (E)."
    return None


q2a = Parsons(
    "bfs_order_lines", "def bfs_order(succ, start):\n"
                       '    """The nodes reachable from start, in the order BFS takes them from the queue."""',
    {"A": "    seen = {start}",
     "B": "                queue.append(nxt)",
     "C": "        for nxt in succ(node):",
     "D": "    while queue:",
     "E": "        node = queue.popleft()",
     "F": "        order.append(node)",
     "G": "    return order",
     "H": "    queue = deque([start])",
     "I": "                seen.add(nxt)",
     "J": "            if nxt not in seen:",
     "K": "    order = []"},
    _ORDER, solution="AHKDEFCJIBG", namespace={"deque": deque}, diagnose=_q2a_diagnose,
    hints=["Before the loop: the start is seen (A) and waits in the queue (H), and the order is empty (K). "
           "Then loop while the queue is not empty (D).",
           "In the loop: take the oldest node (E), note it (F), then for each successor (C) that is not seen "
           "yet (J), mark it seen (I) and put it in the queue (B). Return the order after the loop (G)."])


_key_error = q2.explain_error


def _blank_left(outcome, args) -> "str | None":
    """Exercise 2's words for a blank of its skeleton left as it is (``___``), else the words it had."""
    if outcome.error_type == "NameError" and "'___'" in (outcome.error or ""):
        return "A blank ___ is still in your function: replace every ___ of the skeleton with code."
    return _key_error(outcome, args) if _key_error else None


q2.explain_error = _blank_left

attach(globals(), "lesson2")

#: ``ex.hand_in()``: hand in this lesson's notebook as last saved (see :mod:`mathmaze_lib.teacher.handin`).
hand_in = hand_in_for(2)
