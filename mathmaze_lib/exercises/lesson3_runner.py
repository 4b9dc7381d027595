"""Lesson 3's exercises on the runner: q1 its breadth-first search from many starts, q2 the score with
checkpoints, q3 the greedy wall (with the boards, walls and slips their cases are made of).

:mod:`.lesson3` is the lesson's module (``ex``): it imports these and adds the searches for walls.
"""

from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from itertools import chain, combinations, product

from .. import optimize
from ..puzzles import wallmaze
from ..puzzles.wallmaze import WallMaze, parse, run, score
from .core import FunctionExercise
from .rules import Rule, by_size, deciding_cases, loose_judge, rule_diagnose


_RUNNERS = [wallmaze.score, wallmaze.run, wallmaze.Runner, wallmaze.BitRunner, "networkx"]
_BFS_HINT = ("Does your BFS give a cell its distance when it first puts it in the queue, "
             "and skip cells that already have one?")


BOARD = parse("walls: 3\ns......#f\ns..#....f\ns....#..f")       # the lesson's first board
WITH_CHECKPOINTS = parse("walls: 3\ns....A..f\ns..#....f\ns.B..#..f")   # its checkpoints
OPEN_BOARD = parse("walls: 3\ns....\n.....\n....f")                # section 5: greedy gets stuck
TELEPORT_BOARD = parse("walls: 1\ns...f\n.t...\nu....")           # section 8
UNLIMITED_BOARD = parse("walls: 999\n" + "\n".join(["s.....f"] * 5))  # section 9


def _lesson_cases(checkpoints: bool = False) -> list:
    """The lesson's boards (without teleports: no exercise's text has them), as ``(maze, walls)``: each with
    no walls and with the best walls the lesson's exact search finds for it (``checkpoints``: the board
    with checkpoints too)."""
    corridor = [(0, 1), (0, 5), (1, 1), (1, 3), (1, 5), (2, 1), (2, 3), (2, 5), (3, 1), (3, 3), (3, 5), (4, 3)]
    boards = [(BOARD, []), (BOARD, [(0, 2), (1, 5), (1, 7)]), (OPEN_BOARD, []), (OPEN_BOARD, [(0, 1), (1, 1), (2, 3)]),
              (UNLIMITED_BOARD, []), (UNLIMITED_BOARD, corridor)]
    if checkpoints:
        boards += [(WITH_CHECKPOINTS, []), (WITH_CHECKPOINTS, [(1, 1), (1, 2), (1, 4)])]
    return boards


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


def _boards(shapes, alphabet: str = "sf.#", budget: int = 2):
    """Every board of these shapes written with these letters (with a start and a finish), smallest first;
    a shape may bring its own letters: ``(rows, cols, letters)``."""
    for rows, cols, *own in shapes:
        for chars in product(own[0] if own else alphabet, repeat=rows * cols):
            if "s" not in chars or "f" not in chars:
                continue
            body = "\n".join("".join(chars[r * cols:(r + 1) * cols]) for r in range(rows))
            try:
                yield parse(f"walls: {budget}\n{body}")
            except ValueError:          # a letter B without an A ...
                continue


def _with_walls(mazes, most: int = 1):
    """Each board with no wall, then with each single wall (and each pair, for ``most`` 2)."""
    for maze in mazes:
        yield maze, []
        cells = maze.open_cells()
        for k in range(1, most + 1):
            for walls in combinations(cells, k):
                yield maze, list(walls)


def _board_size(case) -> tuple:
    return (case[0].rows * case[0].cols, len(case[1]))


_EIGHT = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]
_FOUR = [(-1, 0), (0, 1), (1, 0), (0, -1)]


def _leg(maze: WallMaze, blocked: set, sources, targets, skip: str = ""):
    """One leg of a learner's runner (with ``skip``'s slip): where it ended and its moves, or (None, None)."""
    dist = {cell: 0 for cell in sources}
    queue = deque((cell, 0) for cell in sources)
    taken = 0
    while queue and taken < 10_000:              # (a search that never marks a cell can run for ever)
        cell, d = queue.popleft()
        taken += 1
        if cell in targets:
            return cell, dist[cell]
        for dr, dc in (_EIGHT if skip == "steps" else _FOUR):
            nxt = (cell[0] + dr, cell[1] + dc)
            if 0 <= nxt[0] < maze.rows and 0 <= nxt[1] < maze.cols and nxt not in blocked and \
                    (nxt not in dist or skip == "once"):
                dist[nxt] = dist[cell] + 1
                queue.append((nxt, dist[nxt]))
    return None, None


def _score_but(skip: str):
    """The runner's score with one rule left out (``skip``), as a learner who forgets it writes it."""
    def runner(maze, walls):
        blocked = set(maze.rocks) | (set() if skip == "walls" else set(walls))
        sources = list(maze.starts[:1] if skip == "all starts" else maze.starts)
        letters = [] if skip == "letters" else list(maze.checkpoints)
        letters = letters[::-1] if skip == "order" else letters
        total = 0
        for targets in [cells[:1] if skip == "first cell" else cells for cells in letters] + [maze.ends]:
            goal = set(targets) | (set(maze.ends) if skip == "early" else set())
            end, moves = _leg(maze, blocked, sources, goal, skip)
            if end is None:
                return total if skip == "none" else None
            total, sources = total + moves, list(targets) if skip == "all cells" else [end]
            if skip == "early" and end in maze.ends:
                return total
        return total
    return runner


# ---- q1: the runner's BFS ---------------------------------------------------------------------

Q1_RULES = [
    Rule("the search starts from all starts at once (each at distance 0): the nearest finish counts;",
         _score_but("all starts"), advice="Put every cell of maze.starts in the queue at distance 0."),
    Rule("rocks (`maze.rocks`) and walls block; every other cell can be walked on;", _score_but("walls"),
         advice="A cell is blocked when it is in maze.rocks or in walls."),
    Rule("steps go up, right, down or left;", _score_but("steps")),
    Rule("a cell gets its distance once, when the search first reaches it (a later visit is never nearer);",
         _score_but("once"), advice="Skip a neighbour that already has a distance."),
    Rule("the answer is `None` when no finish can be reached.", _score_but("none")),
]


@lru_cache(maxsize=None)
def _q1_deciding() -> tuple:
    candidates = _with_walls(_boards([(1, 3), (1, 4), (2, 2), (2, 3)], "sf.#"))
    return tuple(deciding_cases(score, Q1_RULES, candidates, per_slip=2))


def _q1_cases(rng):
    return by_size(list(_q1_deciding()) + [case for case in _cases(0)(rng) if not case[0].checkpoints]
                   + _lesson_cases(), _board_size)


q1 = FunctionExercise(
    "runner_moves", reference=score, cases=_q1_cases, describe=_describe("runner_moves"),
    diagnose=rule_diagnose(Q1_RULES),
    forbidden=_RUNNERS, method="Write the runner's breadth-first search yourself, from all starts at once.",
    timeout_hint=_BFS_HINT,
    hints=["Breadth-first search with a deque, started from ALL start cells at once (distance 0 each). "
           "The runner may walk on every cell that is not a rock (maze.rocks) or a wall.",
           "Return the distance of the first finish (maze.ends) you take from the queue; "
           "return None if the queue runs empty first."])


# ---- q2: the score with checkpoints -----------------------------------------------------------

Q2_RULES = [
    Rule("the legs go in order: the starts to `A`, `A` to `B`, ..., the last letter to a finish;",
         _score_but("letters"), _score_but("order")),
    Rule("a letter may have several cells: a leg ends at the first of them taken from the queue, and the next "
         "leg starts there;", _score_but("first cell"), _score_but("all cells"),
         advice="maze.checkpoints[i] is a tuple of cells: every one of them is a target of leg i, and the next leg "
                "starts from the one reached."),
    Rule("reaching a finish (or another letter) early does not end a leg;", _score_but("early")),
    Rule("the score is the sum of the legs' moves, or `None` when any leg is blocked.", _score_but("none")),
]


def _checkpoint_cases(rng, n: int = 30) -> list:
    """Random boards with letters of one or two cells, and random walls (some block the board)."""
    out = []
    for _ in range(n):
        maze = _random_board(rng, rng.randint(1, 5), rng.randint(2, 6), rng.randint(0, 2))
        if maze.checkpoints and rng.random() < 0.5:          # give a letter a second cell
            text = maze.text().splitlines()
            free = [(r, c) for r, line in enumerate(text[1:]) for c, ch in enumerate(line) if ch == "."]
            if free:
                r, c = rng.choice(free)
                text[r + 1] = text[r + 1][:c] + "A" + text[r + 1][c + 1:]
                maze = parse("\n".join(text))
        out.append((maze, _random_walls(rng, maze)))
    return out


@lru_cache(maxsize=None)
def _q2_deciding() -> tuple:
    candidates = _with_walls(_boards([(1, 3), (1, 4), (1, 5), (2, 3)], "sfA.B"))
    return tuple(deciding_cases(score, Q2_RULES, candidates, per_slip=2))


def _q2_cases(rng):
    cases = list(_q2_deciding()) + _cases(2)(rng)[:3] + _checkpoint_cases(rng)
    cases += _lesson_cases(checkpoints=True)
    return by_size(cases, _board_size)


q2 = FunctionExercise(
    "score_with_checkpoints", reference=score, cases=_q2_cases, describe=_describe("score_with_checkpoints"),
    diagnose=rule_diagnose(Q2_RULES),
    forbidden=_RUNNERS, method="Add up the legs of your own BFS: starts -> A -> B -> ... -> a finish.",
    timeout_hint=_BFS_HINT,
    hints=["Split the run into legs: starts -> A, A -> B, ..., last checkpoint -> a finish. Each leg is a BFS "
           "like runner_moves, but from a given set of sources to a given set of targets.",
           "maze.checkpoints[i] is the tuple of cells of letter i (one or more). Add up the legs' "
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


def _greedy_but(skip: str):
    """greedy_wall with one rule left out, as a learner who forgets it writes it."""
    def greedy_wall(maze, walls):
        result = run(maze, walls)
        best_gain, best_cell = 0, None
        for cell in result.path:
            if (skip != "open" and maze.char(cell) != ".") or cell in walls:
                continue
            s = score(maze, list(walls) + [cell])
            if skip != "blocked" and s is None:
                continue
            gain = s - result.moves          # a blocked board (None) raises here when it is not skipped
            if gain > best_gain or (skip == "ties" and gain == best_gain and gain > 0) or \
                    (skip == "nothing" and best_cell is None):
                best_gain, best_cell = gain, cell
        return best_cell
    return greedy_wall


Q3_RULES = [
    Rule("try only open cells (`.`) of the current path that have no wall yet;", _greedy_but("open"),
         advice="Skip a cell when maze.char(cell) != '.' (a start, a finish, a letter) or it has a wall."),
    Rule("a wall that blocks every route (score `None`) does not count;", _greedy_but("blocked"),
         advice="wallmaze.score is None when the wall blocks every route: skip that cell."),
    Rule("return the cell whose wall makes the path longest, the first along the path on ties;", _greedy_but("ties"),
         advice="Keep a new cell only when its gain is strictly bigger (>, not >=)."),
    Rule("return `None` when no single wall makes the path longer.", _greedy_but("nothing")),
]


@lru_cache(maxsize=None)
def _q3_deciding() -> tuple:
    # first, two boards from far down the list where two walls gain the same (the tie goes to the first)
    ties = [(parse("walls: 2\ns..f\ns..."), []), (parse("walls: 2\ns..f\n...f"), [])]
    candidates = ((maze, []) for maze in _boards([(1, 3), (2, 2), (1, 4), (2, 3, "sf."), (2, 4, "sf.")]))
    return tuple(deciding_cases(greedy_wall, Q3_RULES, chain(ties, candidates), per_slip=2))


def _q3_cases(rng):
    room = [(maze, walls[:maze.budget - 1]) for maze, walls in _lesson_cases(checkpoints=True)]   # a wall to add
    return by_size(list(_q3_deciding()) + _cases(1, unblocked=True, room=1)(rng) + room, _board_size)


q3 = FunctionExercise(
    "greedy_wall", reference=greedy_wall, cases=_q3_cases, judge=loose_judge, diagnose=rule_diagnose(Q3_RULES),
    describe=_describe("greedy_wall"), forbidden=[optimize.greedy], uses=[q1, q2],
    method="Try each open cell of the current path yourself and keep the best gain.",
    hints=["Only a wall ON the runner's current path can make it longer: try each open cell of "
           "wallmaze.run(maze, walls).path, one at a time.",
           "Score each try with wallmaze.score(maze, walls + [cell]); skip blocked ones (None). Keep the "
           "cell with the largest gain, the first one on ties, and return None when no gain is > 0."])
