"""Wall mazes on a worksheet: the item of a level (the best walls and how sure the key is of its
score, from :func:`mathmaze_lib.optimize.best_walls`, which :func:`rules` is given), its difficulty
from how far the best walls beat greedy (:data:`WALL_GAPS`), and the rules of the tiles a sheet's
boards have (:data:`TILE_RULES`).

>>> difficulty(25, 22), difficulty(26, 13)
('easy', 'hard')
"""

from __future__ import annotations

from functools import partial

from ..sheet import Asked, Item, SheetRules, band
from .board import UNLIMITED
from .levels import PRESETS, level
from .puzzle import texts_and_roles
from .runner import run

__all__ = ["WALL_GAPS", "DIFFICULTY_RULES", "TILE_RULES", "difficulty", "item", "rules"]

#: By how many moves the best walls beat greedy (one best wall at a time), per difficulty.
WALL_GAPS = {"easy": (0, 3), "medium": (4, 9), "hard": (10, None)}
#: What each difficulty means (the words of the command's messages and of the teacher guide).
DIFFICULTY_RULES = {"easy": "the best walls beat greedy (one best wall at a time) by at most 3 moves",
                    "medium": "the best walls beat greedy by 4 to 9 moves",
                    "hard": "the best walls beat greedy by 10 moves or more"}
#: Extra rules for the tiles some wall boards have, added to the rules box of a sheet that has them.
TILE_RULES = {
    "checkpoints": "Checkpoints A, B, ...: the runner must visit A, then B, and so on, before the finish "
                   "(each leg is a shortest route).",
    "teleports": "Teleports: the runner plans its route as if they were not there. If that route steps on an "
                 "in-cell (->1), the runner is carried at once to the out-cell of the same number (1->): the "
                 "jump is not a move. It plans again from there. Each number works once; after that its cells "
                 "are ordinary cells. Out-cells do nothing.",
    "unbuildable": "Dotted grey cells take no wall; the runner may walk over them.",
}


def difficulty(best_moves: int, greedy_moves: int) -> str:
    """The difficulty of a wall level from how far its best walls beat greedy (:data:`WALL_GAPS`)."""
    return band(best_moves - greedy_moves, WALL_GAPS)


def _tiles(board) -> list:
    """The tiles of :data:`TILE_RULES` this board has."""
    return [name for name, has in (("checkpoints", board.checkpoints), ("teleports", board.teleports),
                                   ("unbuildable", board.unbuildable)) if has]


def item(pid: int, asked: Asked, *, best_walls, greedy) -> Item:
    """Level ``pid`` of ``asked.preset`` with its key: the best walls the worksheet's effort finds
    (``best_walls(board, preset=, level_id=, effort="worksheet")``), its difficulty measured against
    ``greedy(board)``."""
    preset = asked.preset
    board = level(preset, pid)
    best = best_walls(board, preset=preset, level_id=pid, effort="worksheet")
    greedy = greedy(board).moves
    hardness = difficulty(best.moves, greedy)
    walked = run(board, best.walls)
    texts, roles = texts_and_roles(board)
    _, key_roles = texts_and_roles(board, best.walls, walked.path)
    budget = "any number of" if board.budget == UNLIMITED else f"up to {board.budget}"
    listed = " ".join(f"({r},{c})" for r, c in best.walls)
    goal = f"goal {best.moves} moves" + (" (the best possible)" if best.proven else "")
    key = (f"{best.moves} moves: {best.said} ({hardness}: greedy reaches {greedy}). "
           f"{len(best.walls)} walls at row,column: {listed}")
    return Item("walls", pid, f"Level {pid} ({preset}): {budget} walls, {goal}", texts, roles, key,
                {"moves": best.moves, "goal": best.moves, "walls": best.walls, "budget": board.budget,
                 "optimal": best.proven, "preset": preset, "source": best.source, "greedy": greedy,
                 "difficulty": hardness, "tiles": _tiles(board)},
                route=list(walked.path), key_roles=key_roles, coordinates=True, puzzle=board,
                blank="My walls make ______ moves", difficulty=hardness)


def _check(asked: Asked) -> None:
    if asked.size is not None:
        sizes = ", ".join(f"{name} {p[0]} x {p[1]}" for name, p in PRESETS.items())
        raise ValueError(f"--size: a wall board's size comes from its --preset ({sizes})")
    if asked.preset not in PRESETS:
        raise ValueError(f"--preset {asked.preset!r}: choose one of {', '.join(PRESETS)}")
    if asked.unique:
        raise ValueError("--unique: a wall level has no single answer to ask for (several wall sets often "
                         "reach the best); leave --unique out for wall mazes")


def _tile_rules(made: list) -> list:
    used = {tile for it in made for tile in it.answer.get("tiles", ())}
    return [TILE_RULES[t] for t in TILE_RULES if t in used]


def rules(best_walls, greedy) -> SheetRules:
    """Wall levels on a worksheet: chosen by difficulty, from a preset (no --size), two to a page, each key
    searched on its own core by ``best_walls`` (module-level functions: the items are made in other
    processes)."""
    return SheetRules(partial(item, best_walls=best_walls, greedy=greedy), DIFFICULTY_RULES, parallel=True,
                      check=_check, option="preset", per_page=2, more_rules=_tile_rules,
                      key="the best walls, proven best or how long the search ran")
