"""Exercises of lesson 3, wall mazes: from the runner's BFS to a bound for the exact search.

q1 the runner's breadth-first search from many starts, q2 the score with
checkpoints, q3 the greedy wall, q4 the improving moves of local search,
q5 an upper bound for branch and bound, q6 the corner rule for the last wall;
q7 is a question to think about. p1 ... p8 are the lesson's predictions, c1 its
checked challenge.
Walls are given as a list of cells; a blocked board has the score None.
The worked solutions are the code of the solution notebook (see :mod:`.solutions`).

>>> print(q1.evaluate(lambda maze, walls: wallmaze.score(maze, walls)).text.splitlines()[0])
Write it yourself: your runner_moves calls wallmaze.score, which does the work this exercise asks for.
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache
from itertools import chain

from .. import optimize
from ..puzzles import PUZZLES, wallmaze
from ..puzzles.wallmaze import WallMaze, parse, run, score
from .core import Challenge, FunctionExercise, ThoughtExercise
from .lesson3_runner import (BOARD, OPEN_BOARD, Q1_RULES, Q2_RULES, Q3_RULES, TELEPORT_BOARD, UNLIMITED_BOARD,
                             _BFS_HINT, _FOUR, _RUNNERS, _board_size, _boards, _cases, _checkpoint_cases, _describe,
                             _lesson_cases, _show, _unblocked_walls, _with_walls, greedy_wall, q1, q2, q3)
from .predict import Prediction
from .rules import Rule, by_size, deciding_cases, loose_judge, rule_diagnose
from .handing import hand_in_for
from .solutions import attach, by_number

#: The exercises the puzzles bring to this lesson (none yet), found through the registry.
_BROUGHT = PUZZLES.exercises(3, taken=globals())
globals().update(_BROUGHT)
__all__ = [*by_number(["q1", "q2", "q3", "q4", "q5", "q6", "q7", *_BROUGHT]), "c1"]
#: The lesson's predictions, in the order of the notebook (``ex.p1`` ...).
PREDICTIONS = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8"]


# ---- q4: one step of local search -------------------------------------------------------------

def improving_moves(maze: WallMaze, walls):
    """Every move (wall taken off, cell of the current path walled instead) that makes the path
    strictly longer, each once (a route through checkpoints may pass a cell twice), sorted."""
    result = run(maze, walls)
    out = []
    for old in walls:
        rest = [w for w in walls if w != old]
        for cell in dict.fromkeys(result.path):
            if maze.char(cell) == "." and cell not in walls:
                s = score(maze, rest + [cell])
                if s is not None and s > result.moves:
                    out.append((old, cell))
    return sorted(out)


def _moves_but(skip: str):
    """improving_moves with one rule left out, as a learner who forgets it writes it."""
    def improving_moves(maze, walls):
        result = run(maze, walls)
        out = []
        for old in walls:
            rest = [w for w in walls if w != old]
            for cell in (result.path if skip == "twice" else dict.fromkeys(result.path)):
                if (skip == "open" or maze.char(cell) == ".") and cell not in walls:
                    s = score(maze, rest + [cell])
                    if s is not None and (s >= result.moves if skip == "strictly" else s > result.moves):
                        out.append((old, cell))
        return out if skip == "sort" else sorted(out)
    return improving_moves


Q4_RULES = [
    Rule("a move takes one wall `old` off and walls one open, wall-free cell `new` of the current path;",
         _moves_but("open")),
    Rule("keep a move when the path gets strictly longer (a blocked board does not count);", _moves_but("strictly")),
    Rule("list each pair `(old, new)` once, sorted.", _moves_but("twice"), _moves_but("sort"),
         advice="A route through letters may pass a cell twice: try each cell once; then sort the list."),
]


@lru_cache(maxsize=None)
def _q4_deciding() -> tuple:
    found = (case for case in _with_walls(_boards([(1, 4), (2, 3, "sfA."), (2, 4, "sfA.")]), most=2)
             if case[1] and score(*case) is not None)
    # first, two boards from far down that list whose improving moves come off the path out of order
    unsorted = [(parse("walls: 2\nsss.\nf..A"), [(0, 3)]), (parse("walls: 2\nss.s\nf..A"), [(0, 2)])]
    return tuple(deciding_cases(improving_moves, Q4_RULES, chain(unsorted, found), per_slip=2))


def _q4_cases(rng):
    out = list(_q4_deciding()) + [case for case in _cases(1, unblocked=True, n=20)(rng) if case[1]]
    for k in (1,):        # a real level with a few walls: many improving moves, in an order to sort
        maze = wallmaze.level("simple", k)
        out.append((maze, _unblocked_walls(rng, maze, room=1)[:4]))
    good = sorted(optimize.anneal(wallmaze.level("simple", 1), seed=1, seconds=None, max_iters=3000).walls)
    out += [case for case in _lesson_cases(checkpoints=True) if 0 < len(case[1]) <= 3]   # the lesson's, walled
    return by_size(out + [(wallmaze.level("simple", 1), good[:-1]), (wallmaze.level("simple", 1), good[1:])],
                   _board_size)


q4 = FunctionExercise(
    "improving_moves", reference=improving_moves, cases=_q4_cases, describe=_describe("improving_moves"),
    judge=loose_judge, diagnose=rule_diagnose(Q4_RULES), seconds=10.0,
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


def _bound_but(skip: str):
    """reach_bound with one rule left out, as a learner who forgets it writes it."""
    def reach_bound(maze, walls):
        blocked = set(maze.rocks) | (set() if skip == "walls" else set(walls))
        starts = maze.starts[:1] if skip == "first start" else maze.starts
        seen, queue = set(starts), deque(starts)
        while queue:
            cell = queue.popleft()
            if skip == "finish" and cell in maze.ends:
                continue
            for dr, dc in _FOUR:
                nxt = (cell[0] + dr, cell[1] + dc)
                if 0 <= nxt[0] < maze.rows and 0 <= nxt[1] < maze.cols and nxt not in blocked and nxt not in seen:
                    seen.add(nxt)
                    queue.append(nxt)
        legs = (sum(len(cells) for cells in maze.checkpoints) if skip == "cells" else len(maze.checkpoints)) + 1
        return (len(seen) - (skip != "count")) * (1 if skip == "legs" else legs)
    return reach_bound


Q5_RULES = [
    Rule("count the cells the runner can reach from the starts: rocks and walls block, and the search does not stop "
         "at finishes or letters;", _bound_but("walls"), _bound_but("finish"), _bound_but("first start"),
         advice="Start the search from every cell of maze.starts (the runner may leave from any of them), skip "
                "rocks and walls, and go on over finishes and letters."),
    Rule("the bound is `(count - 1) * (len(maze.checkpoints) + 1)`: one leg per letter, plus the last one.",
         _bound_but("count"), _bound_but("cells"), _bound_but("legs"),
         advice="Multiply by the number of legs, len(maze.checkpoints) + 1 (it counts letters, not their cells); "
                "a leg of n cells has n - 1 moves."),
]


@lru_cache(maxsize=None)
def _q5_deciding() -> tuple:
    candidates = _with_walls(_boards([(1, 3), (1, 4), (2, 3), (1, 5)], "sfA.#"))
    return tuple(deciding_cases(reach_bound, Q5_RULES, candidates, per_slip=2))


#: Starts in two parts of the board, walled apart: only a search from every start counts them all.
APART = parse("walls: 2\ns.#..f\n###...\ns....f")


def _q5_cases(rng):
    return by_size(list(_q5_deciding()) + _cases(2, unblocked=True)(rng)[:3] + _checkpoint_cases(rng)
                   + _lesson_cases(checkpoints=True) + [(APART, []), (APART, [(2, 3)])], _board_size)


q5 = FunctionExercise(
    "reach_bound", reference=reach_bound, cases=_q5_cases, describe=_describe("reach_bound"),
    diagnose=rule_diagnose(Q5_RULES),
    forbidden=[optimize.reach_bound, optimize.exact] + [f for f in _RUNNERS if f != "networkx"],
    method="Count the reachable cells with a search from the starts (yours, or networkx's).", timeout_hint=_BFS_HINT,
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


def _corner_but(skip: str):
    """corner_detour with one rule left out, as a learner who forgets it writes it."""
    def corner_detour(maze, walls, a, c, b):
        if skip != "straight" and (a[0] == b[0] or a[1] == b[1]):
            return False
        d = (a[0], b[1]) if skip == "fourth" else (a[0] + b[0] - c[0], a[1] + b[1] - c[1])
        if skip in ("open", "letters"):
            return maze.char(d) in ("." if skip == "open" else ".sf") and d not in walls
        return (skip == "rocks" or d not in maze.rocks) and (skip == "walls" or d not in walls)
    return corner_detour


Q6_RULES = [
    Rule("a straight piece (`a` and `b` in the same row or column) is `False`;", _corner_but("straight")),
    Rule("at a corner the fourth cell of the little square is `d = (a_row + b_row - c_row, a_col + b_col - c_col)`;",
         _corner_but("fourth")),
    Rule("the answer is `True` exactly when `d` is free: not a rock and not a wall (a start or a finish is free).",
         _corner_but("rocks"), _corner_but("walls"), _corner_but("open"), _corner_but("letters"),
         advice="Any cell but a rock or a wall is free: a start, a finish, a checkpoint letter too."),
]


def _q6_candidates():
    """Every turn and straight piece on boards of 2 x 2 and 1 x 3 cells, with every kind of fourth cell."""
    for fourth in ".#sfA":
        for turn in [((0, 0), (0, 1), (1, 1)), ((0, 1), (1, 1), (1, 0)), ((1, 1), (1, 0), (0, 0)),
                     ((1, 0), (0, 0), (0, 1)), ((1, 1), (0, 1), (0, 0)), ((0, 0), (1, 0), (1, 1))]:
            a, c, b = turn
            d = (a[0] + b[0] - c[0], a[1] + b[1] - c[1])
            chars = {a: "s", c: ".", b: "f", d: fourth}
            maze = parse("walls: 1\n" + "\n".join("".join(chars[(r, k)] for k in range(2)) for r in range(2)))
            yield maze, [], a, c, b
            if fourth == ".":
                yield maze, [d], a, c, b
    straight = parse("walls: 1\ns.f\n...")
    yield straight, [], (0, 0), (0, 1), (0, 2)
    yield straight, [], (1, 0), (1, 1), (1, 2)


@lru_cache(maxsize=None)
def _q6_deciding() -> tuple:
    return tuple(deciding_cases(corner_detour, Q6_RULES, _q6_candidates(), per_slip=2))


def _q6_cases(rng):
    out = list(_q6_deciding())
    for maze, walls in _cases(1, unblocked=True, n=40)(rng):
        path = run(maze, walls).path
        triples = [tuple(path[i - 1:i + 2]) for i in range(1, len(path) - 1)]
        out.extend((maze, walls) + t for t in rng.sample(triples, min(3, len(triples))))
    turn = parse("walls: 1\ns.\n#f")           # the corner (0, 1) with its fourth cell a rock
    out.append((turn, [], (0, 0), (0, 1), (1, 1)))
    for maze, walls in _lesson_cases(checkpoints=True)[:2]:     # every piece of the first board's route
        path = run(maze, walls).path
        out += [(maze, walls) + tuple(path[i - 1:i + 2]) for i in range(1, len(path) - 1)]
    return by_size(out, _board_size)


q6 = FunctionExercise(
    "corner_detour", reference=corner_detour, cases=_q6_cases, forbidden=[optimize.detour_moves],
    diagnose=rule_diagnose(Q6_RULES),
    method="Compute the fourth cell d of the little square yourself.",
    describe=lambda args: f"corner_detour with walls {sorted(args[1])}, a={args[2]}, c={args[3]}, b={args[4]} "
                          f"on the {_show(args[0])}",
    hints=["If a and b are in the same row or the same column, the route runs straight through c: False.",
           "Otherwise a, c, b turn a corner of a 2 x 2 square; its fourth cell is "
           "d = (a_row + b_row - c_row, a_col + b_col - c_col). The answer is whether d is free: "
           "not a rock and not a wall."])



# Each checked exercise carries the rules its text lists, and how big a case is (its cases come smallest first).
for _exercise, _rules in ((q1, Q1_RULES), (q2, Q2_RULES), (q3, Q3_RULES), (q4, Q4_RULES), (q5, Q5_RULES),
                         (q6, Q6_RULES)):
    _exercise.rules, _exercise.case_size = _rules, _board_size


# ---- challenges ----------------------------------------------------------------------------

def _greedy_trap(maze):
    if isinstance(maze, str):
        try:
            maze = parse(maze)
        except ValueError as exc:
            return False, f"the board does not parse: {exc}"
    if not isinstance(maze, WallMaze):
        return False, "give a board: its text (with a 'walls:' line), or what wallmaze.parse returns"
    if maze.rows > 5 or maze.cols > 6:
        return False, f"the board is {maze.rows} x {maze.cols}; the challenge allows at most 5 x 6"
    if not 1 <= maze.budget <= 3:
        return False, f"the board allows {maze.budget} walls; the challenge allows 1 to 3"
    if maze.teleports or maze.checkpoints:
        return False, "use a board without teleports and checkpoints"
    if score(maze) is None:
        return False, "the runner has no route at all on this board"
    greedy, best = optimize.greedy(maze).moves, optimize.exact(maze, seconds=None).moves
    words = f"greedy reaches {greedy} moves, the best walls {best}: {best - greedy} more"
    return best - greedy >= 4, words + ("" if best - greedy >= 4 else ", not 4 or more")


c1 = Challenge("greedy_trap", "Make a board of at most 5 x 6 cells and at most 3 walls on which the best walls "
               "beat greedy by 4 moves or more.", _greedy_trap,
               hints=["On the open board of section 5 the best beat greedy by 2. Boards where walls only pay off "
                      "together (several equally short routes) are the traps.",
                      "Try many random small boards (starts in the left column, finishes in the right one, a few "
                      "rocks): compare optimize.greedy(board).moves with optimize.exact(board).moves and keep "
                      "the board with the biggest gap."])


# ---- predictions ---------------------------------------------------------------------------



def cells_off_the_path_that_help(maze: WallMaze = BOARD) -> int:
    """How many open cells off the runner's current path lengthen it with one wall."""
    base, on_path = score(maze), set(run(maze).path)
    return sum(1 for cell in maze.open_cells() if cell not in on_path and (score(maze, [cell]) or 0) > base)


@lru_cache(maxsize=1)
def build_and_anneal_on_the_empty_board() -> tuple:
    """Section 9's two runs on the empty board (annealing with section 6's moves, and build), made once
    (about 2 s in pure Python; counted steps, so the same every time)."""
    big = wallmaze.level("empty")
    return (optimize.anneal(big, seed=1, seconds=None, max_iters=20_000),
            optimize.build(big, seed=1, seconds=None, max_iters=300_000))


p1 = Prediction("The runner takes a shortest route from any start. Which start does it leave from?",
                answer=lambda: f"row {run(BOARD).path[0][0]}", choices=["row 0", "row 1", "row 2"], name="ex.p1",
                also={"top": "row 0", "top row": "row 0", "first row": "row 0", "top one": "row 0",
                      "middle": "row 1", "middle row": "row 1", "middle one": "row 1", "second row": "row 1",
                      "bottom": "row 2", "bottom row": "row 2", "last row": "row 2", "bottom one": "row 2",
                      "third row": "row 2"},
                why="From row 0 and from row 2 the runner needs 9 moves (row 1: 10, round its rock); on a tie the "
                    "start in the first row wins, because the queue holds the starts in row order.")
p2 = Prediction("The runner's BFS stops when it takes a finish from the queue. How many cells will it expand "
                "before that?", answer=lambda: wallmaze.first_leg_search(BOARD).expanded, choices=[9, 14, 20, 26],
                name="ex.p2",
                why="BFS grows a ring around ALL starts at once, so it visits most of the board before the first "
                    "ring touches a finish.")
p3 = Prediction("Try each open cell as a single wall. How many cells OFF the runner's current path make the path "
                "longer?", answer=cells_off_the_path_that_help, choices=[0, 1, 2, 5], name="ex.p3",
                why="None: the current path is still there, so the runner still walks at most that far.")
p4 = Prediction("On an open 3 x 5 board with 3 walls to place, how many moves will greedy add?",
                answer=lambda: optimize.greedy(OPEN_BOARD).moves - score(OPEN_BOARD), choices=[0, 1, 2, 3],
                name="ex.p4",
                why="Every single wall leaves another route of the same length, so no one wall helps, and greedy stops.")
p5 = Prediction("With a wall on (0, 1), how many moves does the runner walk on this board?",
                answer=lambda: score(TELEPORT_BOARD, [(0, 1)]), choices=[4, 6, 8, 10], name="ex.p5",
                why="It plans through (1, 1) as if it were an ordinary cell, steps on the teleport and is thrown "
                    "back to (2, 0): the 'short cut' costs it 2 moves.")
p6 = Prediction("Greedy (section 5) keeps adding the one wall that makes the path longest. How many walls does it "
                "place on this empty board?", answer=lambda: len(optimize.greedy(UNLIMITED_BOARD).walls),
                choices=[0, 3, 6, 12], name="ex.p6",
                why="No single wall makes the path any longer: the runner steps into the next row, which is just as "
                    "short. On an open board walls only pay off together, so greedy stops before its first wall.")
p7 = Prediction("With as many walls as you like, how many moves can you make the runner walk on this 5 x 7 board?",
                answer=lambda: optimize.exact(UNLIMITED_BOARD, seconds=60).moves, choices=[8, 14, 20, 30],
                name="ex.p7",
                why="The best board is one long corridor; the walls are its sides, and the corridor and its walls "
                    "share the 25 inner cells, so the corridor cannot be much longer.")
p8 = Prediction("Annealing with the moves of section 6 and build each get about the same number of runs of the "
                "runner here. How many moves will build's best board make the runner walk?",
                answer=lambda: build_and_anneal_on_the_empty_board()[1].moves, choices=[45, 55, 70, 100],
                name="ex.p8",
                why="Its steps can put walls anywhere, so corridors grow; and most steps are decided without a run.")

attach(globals(), "lesson3")

#: ``ex.hand_in()``: hand in this lesson's notebook as last saved (see :mod:`mathmaze_lib.teacher.handin`).
hand_in = hand_in_for(3)
