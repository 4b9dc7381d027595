"""Math Maze on a worksheet: the item of an id (the sum of the drawn path and the number of solutions
as the key) and its difficulty, measured from the shortest solution and the number of solutions
(:data:`DIFFICULTY_RULES`).

>>> item(1, Asked("summaze", rows=4, cols=5)).answer["solutions"] >= 1
True
"""

from __future__ import annotations

from ..sheet import Asked, Item, SheetRules, on_route
from .generating import generate, make
from .solving import solutions

__all__ = ["DIFFICULTY_RULES", "difficulty", "item", "SHEET"]

#: What each difficulty means (the words of the command's messages and of the teacher guide).
DIFFICULTY_RULES = {"easy": "the shortest solution has at most 4 moves",
                    "medium": "any puzzle that is neither easy nor hard",
                    "hard": "the shortest solution has 6 or more moves and there are at most 2 solutions"}


def difficulty(puzzle) -> tuple:
    """``(difficulty, shortest, solutions)``: the moves of the shortest solution and the number of
    solutions decide (:data:`DIFFICULTY_RULES`).

    >>> difficulty(generate(42))
    ('hard', 7, 1)
    """
    lengths = [len(path) - 1 for path in solutions(puzzle)]
    shortest, count = min(lengths), len(lengths)
    if shortest <= 4:
        return "easy", shortest, count
    if shortest >= 6 and count <= 2:
        return "hard", shortest, count
    return "medium", shortest, count


def item(pid: int, asked: Asked) -> Item:
    """Puzzle ``pid`` (its unique puzzle when ``asked.unique``, as the race deals them) with its key."""
    unique = asked.unique
    p = make(pid, asked.rows, asked.cols, unique=unique)
    level, shortest, count = difficulty(p)
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
                route=list(p.path), key_roles=on_route(roles, p.path), arrows=True, puzzle=p, difficulty=level)


def _check(asked: Asked) -> None:
    """A board too small for the difficulty asked (hard: a shortest solution of 6 moves; medium: 5, or
    6 with 3 solutions) says so instead of looking through ids for none."""
    level, rows, cols = asked.difficulty, asked.rows, asked.cols
    most = rows * cols - 1             # moves of the longest path there is
    if level in ("medium", "hard") and 0 < most < {"medium": 5, "hard": 6}[level]:
        raise ValueError(f"--difficulty {level}: impossible on a {rows} x {cols} Math Maze ({level}: "
                         f"{DIFFICULTY_RULES[level]}; a path there has at most {most} moves): use a larger --size")


#: Math Maze on a worksheet: chosen by difficulty, or its unique puzzles; six to a page.
SHEET = SheetRules(item, DIFFICULTY_RULES, unique=True, per_page=6, check=_check,
                   key="one solution, its sum and the number of solutions")
