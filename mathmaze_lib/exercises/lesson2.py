"""Exercises of lesson 2, jumping mazes: from the moves table to the state graph of a rule.

q1 the moves table, q2 BFS with a visited set, q3 the route from the parents,
q4 counting shortest routes, q5 the moves of a rule with state; q6 a question.

>>> from mathmaze_lib.search import route_to
>>> q3.evaluate(route_to).correct
True
"""

from __future__ import annotations

import random

from .. import jumpmaze as jm
from ..search import bfs, count_shortest_paths, route_to
from .core import FunctionExercise, ThoughtExercise

__all__ = ["q1", "q2", "q3", "q4", "q5", "q6"]


def _numbers(rng: random.Random, rows: int, cols: int) -> list:
    return [[rng.randint(0, max(rows, cols) - 1) for _ in range(cols)] for _ in range(rows)]


def _maze(numbers) -> jm.JumpMaze:
    return jm.parse("\n".join(" ".join(map(str, row)) for row in numbers))


class MazeMoves:
    """A successor function of a maze that shows the maze when printed (for readable feedback)."""

    def __init__(self, maze: jm.JumpMaze):
        self.maze, self._succ = maze, jm.successors(maze)

    def __call__(self, cell):
        return self._succ(cell)

    def __repr__(self):
        rows = " / ".join(" ".join(map(str, r)) for r in self.maze.cells)
        return f"<moves of the maze {rows}, goal {self.maze.goal}>"


def _random_mazes(rng, n: int) -> list:
    out = [jm.CHAIN_REACTION, _maze([[0]]), _maze([[1, 0], [0, 0]])]  # the example, one cell, no route
    out += [_maze(_numbers(rng, rng.randint(1, 6), rng.randint(1, 6))) for _ in range(n)]
    return out


# ---- q1: the moves table ----------------------------------------------------------------------

def moves_table(numbers) -> dict:
    """Cell number -> sorted numbers of the cells one orthogonal jump away."""
    return jm.moves_table(_maze(numbers))


q1 = FunctionExercise(
    "moves_table", reference=moves_table,
    cases=lambda rng: [([[4, 4, 2, 2, 2, 5], [5, 1, 2, 3, 1, 2], [3, 3, 3, 2, 3, 4], [2, 1, 2, 2, 3, 5],
                         [3, 3, 3, 3, 4, 1], [4, 3, 5, 2, 5, 0]],), ([[0]],), ([[1, 1]],)]
    + [(_numbers(rng, rng.randint(1, 5), rng.randint(1, 5)),) for _ in range(20)],
    hints=["Number the cells row by row: cell (r, c) is r * cols + c. From a cell holding n, try the four "
           "cells n steps up, right, down and left, and keep those on the board.",
           "Every cell gets an entry, even one with no moves (an empty list); sort each list. The goal "
           "(bottom-right) is the end of the maze: it has no moves, whatever its number."],
    solution='''
        def moves_table(numbers):
            rows, cols = len(numbers), len(numbers[0])
            table = {}
            for r in range(rows):
                for c in range(cols):
                    n = numbers[r][c]
                    targets = []
                    if (r, c) != (rows - 1, cols - 1) and n > 0:
                        for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:
                            nr, nc = r + dr * n, c + dc * n
                            if 0 <= nr < rows and 0 <= nc < cols:
                                targets.append(nr * cols + nc)
                    table[r * cols + c] = sorted(targets)
            return table
    ''')


# ---- q2: BFS with a visited set --------------------------------------------------------------

q2 = FunctionExercise(
    "bfs_distances", reference=lambda succ, start: bfs(succ, start).dist,
    cases=lambda rng: [(MazeMoves(m), m.start) for m in _random_mazes(rng, 25)],
    hints=["Use collections.deque as the queue. dist = {start: 0} is also your visited set: a node is "
           "visited as soon as it gets a distance.",
           "Take the oldest node from the queue; for each successor not in dist yet, set its distance to "
           "dist[node] + 1 and add it to the queue. Return dist when the queue is empty."],
    solution='''
        from collections import deque

        def bfs_distances(succ, start):
            dist = {start: 0}
            queue = deque([start])
            while queue:
                node = queue.popleft()
                for nxt in succ(node):
                    if nxt not in dist:
                        dist[nxt] = dist[node] + 1
                        queue.append(nxt)
            return dist
    ''')


# ---- q3: the route from the parents ----------------------------------------------------------

def _q3_cases(rng):
    cases = [({"a": None}, "a")]
    for m in _random_mazes(rng, 20):
        parent = bfs(jm.successors(m), m.start).parent
        cases.append((parent, rng.choice(sorted(parent))))
    return cases


q3 = FunctionExercise(
    "route_from_parents", reference=route_to, cases=_q3_cases,
    hints=["parent[node] is the node it was discovered from; the start's parent is None.",
           "Walk back from the goal: route = [goal], then keep appending parent[route[-1]] until it is "
           "None; finally reverse the list so it starts at the start."],
    solution='''
        def route_from_parents(parent, goal):
            route = [goal]
            while parent[route[-1]] is not None:
                route.append(parent[route[-1]])
            return route[::-1]
    ''')


# ---- q4: counting shortest routes --------------------------------------------------------------

q4 = FunctionExercise(
    "count_shortest_routes", reference=count_shortest_paths,
    cases=lambda rng: [(MazeMoves(m), m.start, m.goal) for m in _random_mazes(rng, 25)]
    + [(MazeMoves(jm.CHAIN_REACTION), (0, 0), (3, 3))],
    hints=["Count during BFS: ways[start] = 1. When a node at distance d reaches a successor first "
           "discovered at distance d + 1 (now or earlier), add ways[node] to ways[successor].",
           "Only shortest routes count, so ignore successors whose distance is not dist[node] + 1. "
           "Return ways.get(goal, 0)."],
    solution='''
        from collections import deque

        def count_shortest_routes(succ, start, goal):
            dist, ways = {start: 0}, {start: 1}
            queue = deque([start])
            while queue:
                node = queue.popleft()
                for nxt in succ(node):
                    if nxt not in dist:
                        dist[nxt] = dist[node] + 1
                        ways[nxt] = 0
                        queue.append(nxt)
                    if dist[nxt] == dist[node] + 1:
                        ways[nxt] += ways[node]
            return ways.get(goal, 0)
    ''')


# ---- q5: the moves of a rule with state --------------------------------------------------------

def alternate_moves(numbers, state):
    """Under the rule ``alternate``, the states ``(cell, mode)`` one jump from ``state``
    (mode 0: jump orthogonally now, 1: diagonally; the mode flips after every jump)."""
    maze = _maze(numbers)
    cell, mode = state
    succ = jm.successors(maze, "alternate")
    return [(c, m) for c, m, _, _ in succ((cell, mode, None, None))]


def _q5_cases(rng):
    cases = [([[1, 1], [1, 0]], ((0, 0), 0)), ([[1, 1], [1, 0]], ((0, 0), 1))]
    for _ in range(25):
        numbers = _numbers(rng, rng.randint(1, 5), rng.randint(1, 5))
        cell = (rng.randrange(len(numbers)), rng.randrange(len(numbers[0])))
        cases.append((numbers, (cell, rng.randint(0, 1))))
    return cases


q5 = FunctionExercise(
    "alternate_moves", reference=alternate_moves, cases=_q5_cases,
    hints=["The state must say which kind of jump comes next, so it is (cell, mode): mode 0 means "
           "up/right/down/left, mode 1 the four diagonals.",
           "Directions in order: orthogonal [(-1, 0), (0, 1), (1, 0), (0, -1)], diagonal [(-1, 1), (1, 1), "
           "(1, -1), (-1, -1)]. Each landing on the board gives the state (landing cell, 1 - mode). The goal "
           "(bottom-right) and cells holding 0 have no moves."],
    solution='''
        def alternate_moves(numbers, state):
            (r, c), mode = state
            rows, cols = len(numbers), len(numbers[0])
            n = numbers[r][c]
            if (r, c) == (rows - 1, cols - 1) or n == 0:
                return []
            if mode == 0:
                directions = [(-1, 0), (0, 1), (1, 0), (0, -1)]
            else:
                directions = [(-1, 1), (1, 1), (1, -1), (-1, -1)]
            out = []
            for dr, dc in directions:
                nr, nc = r + dr * n, c + dc * n
                if 0 <= nr < rows and 0 <= nc < cols:
                    out.append(((nr, nc), 1 - mode))
            return out
    ''')


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
