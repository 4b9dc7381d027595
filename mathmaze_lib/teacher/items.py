"""A worksheet's puzzles: each made from its id as an :class:`Item` (what the student sees, and the
key: the answer drawn in and written under it) and measured for its difficulty
(:data:`DIFFICULTY_RULES`), one section per puzzle with code of its own here (Math Maze, jumping
mazes, wall levels). :mod:`.worksheet` chooses the items of a sheet; any other puzzle of the registry
gets its items from its kind alone there.

>>> _summaze_item(1, 4, 5).answer["solutions"] >= 1, jump_difficulty(9)
(True, 'medium')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .. import optimize
from ..puzzles import jumpmaze, summaze, wallmaze


DIFFICULTIES = ("easy", "medium", "hard")
#: Jumping mazes: the jumps of the shortest route, (fewest, most) per difficulty (None: no limit).
JUMP_BANDS = {"easy": (4, 7), "medium": (8, 12), "hard": (13, None)}
#: Wall levels: by how many moves the best walls beat greedy (one best wall at a time), per difficulty.
WALL_GAPS = {"easy": (0, 3), "medium": (4, 9), "hard": (10, None)}
#: What each difficulty means, per kind (the words of the command's messages and of the teacher guide).
DIFFICULTY_RULES = {
    "summaze": {"easy": "the shortest solution has at most 4 moves",
                "medium": "any puzzle that is neither easy nor hard",
                "hard": "the shortest solution has 6 or more moves and there are at most 2 solutions"},
    "jump": {"easy": "a shortest route of 4 to 7 jumps",
             "medium": "a shortest route of 8 to 12 jumps",
             "hard": "a shortest route of 13 or more jumps"},
    "walls": {"easy": "the best walls beat greedy (one best wall at a time) by at most 3 moves",
              "medium": "the best walls beat greedy by 4 to 9 moves",
              "hard": "the best walls beat greedy by 10 moves or more"},
}


@dataclass
class Item:
    """One puzzle on a sheet: what the student sees (``texts``, ``roles``, ``title``) and the
    key (``route`` drawn on it, ``steps`` numbered on it, ``key_roles``, ``key_text`` under it;
    ``answer`` holds the same facts as numbers and cells, for tests and teachers)."""

    kind: str
    id: int
    title: str
    texts: list
    roles: dict
    key_text: str
    answer: dict
    route: list = field(default_factory=list)
    key_roles: Optional[dict] = None
    arrows: bool = False
    steps: bool = False          # number the moves of the route on the key
    coordinates: bool = False    # row and column numbers on the grid's edges
    puzzle: object = None
    blank: str = ""   # a line for the student's answer, under the puzzle
    difficulty: str = ""





def _band(value: int, bands: dict) -> str:
    """The difficulty whose (low, high) band holds ``value``."""
    for level, (lo, hi) in bands.items():
        if value >= lo and (hi is None or value <= hi):
            return level
    return DIFFICULTIES[0]


def _on_route(roles: dict, route) -> dict:
    """The key's roles: the cells of the route shaded as ``path`` (start and end keep theirs)."""
    out = {tuple(cell): "path" for cell in route}
    out.update(roles)
    return out


def _cells(route) -> str:
    """``(0,0) 1:(0,4) 2:(4,4)``: a route's cells as row,column, each after its step number."""
    return " ".join(f"({r},{c})" if i == 0 else f"{i}:({r},{c})" for i, (r, c) in enumerate(route))


# ------------------------------------------------------------------------------- Math Maze

def summaze_difficulty(puzzle) -> tuple:
    """``(difficulty, shortest, solutions)``: the moves of the shortest solution and the number of
    solutions decide (:data:`DIFFICULTY_RULES`).

    >>> summaze_difficulty(summaze.generate(42))
    ('hard', 7, 1)
    """
    lengths = [len(path) - 1 for path in summaze.solutions(puzzle)]
    shortest, count = min(lengths), len(lengths)
    if shortest <= 4:
        return "easy", shortest, count
    if shortest >= 6 and count <= 2:
        return "hard", shortest, count
    return "medium", shortest, count


def _summaze_item(pid: int, rows: int, cols: int, unique: bool = False) -> Item:
    p = summaze.make(pid, rows, cols, unique=unique)
    level, shortest, count = summaze_difficulty(p)
    texts = [[str(n) for n in row] for row in p.numbers]
    sr, sc = p.start
    er, ec = p.end
    texts[sr][sc] = f"S {p.numbers[sr][sc]}"
    texts[er][ec] = f"={p.target}"
    moves = len(p.path) - 1
    total = " + ".join(str(p.value(c)) for c in p.path[:-1])
    if count == 1:
        key = f"1 solution ({level}): {total} = {p.target}, {moves} moves."
    else:
        key = (f"{count} solutions ({level}; the shortest has {shortest} moves). Drawn: {total} = {p.target}, "
               f"{moves} moves. Any path that follows the rules and adds up to {p.target} is right.")
    roles = {p.start: "start", p.end: "end"}
    name = "Unique puzzle" if unique else "Puzzle"
    return Item("summaze", pid, f"{name} {pid}: target {p.target}", texts, roles, key,
                {"target": p.target, "path": [tuple(c) for c in p.path], "solutions": count, "shortest": shortest,
                 "difficulty": level},
                route=list(p.path), key_roles=_on_route(roles, p.path), arrows=True, puzzle=p, difficulty=level)


# ------------------------------------------------------------------------------- jumping mazes

def jump_difficulty(jumps: int) -> str:
    """The difficulty of a jumping maze from the jumps of its shortest route (:data:`JUMP_BANDS`).

    >>> jump_difficulty(7), jump_difficulty(12), jump_difficulty(19)
    ('easy', 'medium', 'hard')
    """
    return _band(jumps, JUMP_BANDS)


def jump_target(pid: int, difficulty: Optional[str]) -> Optional[tuple]:
    """The route length the generator aims at for maze ``pid`` of a difficulty, as ``(fewest, most)``
    jumps: the ids take turns through the band (so a sheet mixes lengths and its mazes differ); hard
    has no most (the longest route the generator finds).

    >>> [jump_target(pid, "easy") for pid in range(1, 5)], jump_target(1, "hard"), jump_target(1, None)
    ([(4, 5), (4, 6), (4, 7), (4, 4)], (13, None), None)
    """
    if not difficulty:
        return None
    fewest, most = JUMP_BANDS[difficulty]
    return (fewest, None if most is None else fewest + pid % (most - fewest + 1))


def _generated_maze(pid: int, rows: int, cols: int, difficulty: Optional[str] = None):
    return jumpmaze.generate(pid, rows, cols, jumps=jump_target(pid, difficulty)).maze


def _jump_item(pid: int, rows: int, cols: int, difficulty: Optional[str] = None, maze=None) -> Item:
    maze = maze if maze is not None else _generated_maze(pid, rows, cols, difficulty)
    texts = maze.texts()
    texts[maze.start[0]][maze.start[1]] = f"S {texts[maze.start[0]][maze.start[1]]}"
    roles = {maze.start: "start", maze.end: "goal"}
    sol = jumpmaze.solve(maze)
    if sol.route is None:  # the generator always makes a route; say so plainly if it ever does not
        key, answer, level = "no route", {"jumps": None, "route": None, "shortest_routes": 0}, ""
    else:
        count = jumpmaze.count_shortest(maze)
        level = jump_difficulty(sol.jumps)
        route = [tuple(c) for c in sol.route]
        only = "the only shortest route" if count == 1 else f"one of {count} shortest routes"
        key = f"{sol.jumps} jumps ({level}; {only}). Route: {_cells(route)}"
        answer = {"jumps": sol.jumps, "route": route, "shortest_routes": count, "difficulty": level}
    return Item("jump", pid, f"Maze {pid}", texts, roles, key, answer, route=list(sol.route or []),
                key_roles=_on_route(roles, sol.route or []), arrows=True, steps=True, coordinates=True,
                puzzle=maze, blank="My route: ______ jumps", difficulty=level)


# ------------------------------------------------------------------------------- wall mazes

def walls_difficulty(best_moves: int, greedy_moves: int) -> str:
    """The difficulty of a wall level from how far its best walls beat greedy (:data:`WALL_GAPS`).

    >>> walls_difficulty(25, 22), walls_difficulty(26, 13)
    ('easy', 'hard')
    """
    return _band(best_moves - greedy_moves, WALL_GAPS)


def _tiles(board) -> list:
    """The tiles of :data:`TILE_RULES` this board has."""
    return [name for name, has in (("checkpoints", board.checkpoints), ("teleports", board.teleports),
                                   ("unbuildable", board.unbuildable)) if has]


def _walls_item(pid: int, preset: str) -> Item:
    board = wallmaze.level(preset, pid)
    best = optimize.best_walls(board, preset=preset, level_id=pid, effort="worksheet")
    greedy = optimize.greedy(board).moves
    level = walls_difficulty(best.moves, greedy)
    run = wallmaze.run(board, best.walls)
    texts, roles = wallmaze.texts_and_roles(board)
    _, key_roles = wallmaze.texts_and_roles(board, best.walls, run.path)
    budget = "any number of" if board.budget == wallmaze.UNLIMITED else f"up to {board.budget}"
    listed = " ".join(f"({r},{c})" for r, c in best.walls)
    goal = f"goal {best.moves} moves" + (" (the best possible)" if best.proven else "")
    key = (f"{best.moves} moves: {best.said} ({level}: greedy reaches {greedy}). "
           f"{len(best.walls)} walls at row,column: {listed}")
    return Item("walls", pid, f"Level {pid} ({preset}): {budget} walls, {goal}", texts, roles, key,
                {"moves": best.moves, "goal": best.moves, "walls": best.walls, "budget": board.budget,
                 "optimal": best.proven, "preset": preset, "source": best.source, "greedy": greedy,
                 "difficulty": level, "tiles": _tiles(board)},
                route=list(run.path), key_roles=key_roles, coordinates=True, puzzle=board,
                blank="My walls make ______ moves", difficulty=level)
