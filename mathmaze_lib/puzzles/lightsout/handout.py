"""What Lights Out's one-page rules handout says (``worksheet rules lights``): its rules in the learner's
words, a worked example solved here by the package's own search (so that the text and the pictures
always agree with the code), and the lesson's one idea.  The names follow the handout's shape
(:class:`mathmaze_lib.puzzles.sheet.Handout`: ``title``, ``lesson``, ``rules``, ``example()``,
``idea``); :data:`HANDOUT` is the kind's ``handout``.

>>> lines, pictures = example()
>>> lines[-1]
'The search took 20 boards from its queue before the dark one: 2 presses is the fewest, and no other 2 presses do it.'
>>> [picture.caption for picture in pictures]
['the board', 'after pressing (0, 1)', 'after pressing (1, 1): all off']
"""

from __future__ import annotations

from ...search import bfs
from ..sheet import Handout, Picture
from .rules import parse, press, state_of, successors, view
from .generating import only_fewest
from .solving import presses_of

__all__ = ["TITLE", "LESSON", "RULES", "IDEA", "EXAMPLE", "example", "HANDOUT"]

TITLE = "Lights Out"
LESSON = "Lesson 2, section 12 (going further)"
RULES = ("Pressing a cell switches it and its neighbours up, right, down and left: a light that is on goes "
         "off, a light that is off comes on.",
         "Cells off the board are not there: a corner press switches 3 cells, an edge press 4, any other 5.",
         "Turn every light off. Use as few presses as you can.",
         "The order of the presses does not matter, and pressing a cell twice is as if you had not pressed it: "
         "an answer is a set of cells.")
IDEA = ("The state is not a cell any more but the whole board: which lights are on. One press is one move, "
        "so breadth-first search on the boards, from the puzzle to the dark board, finds the fewest presses: "
        "the first time it takes the dark board from its queue, no shorter way exists.")
#: The board of the worked example (3 x 3, solved in 2 presses).
EXAMPLE = "*.*\n*.*\n.*."


def example():
    """The worked example: ``(lines, [Picture, ...])``, the board, then the board after each press of
    the fewest presses breadth-first search finds."""
    board = parse(EXAMPLE)
    result = bfs(successors(board), state_of(board, board.lights), goal=0)
    presses = presses_of(board, result.path)
    lights, steps = board.lights, []
    for cell in presses:
        lights = press(board, lights, cell)
        steps.append((cell, lights))
    n = len(presses)
    others = "no other" if only_fewest(board, presses) else "other"
    lines = [f"{len(board.lights)} lights are on. A press on {presses[0]} switches it and its "
             f"{len(press(board, frozenset(), presses[0])) - 1} neighbours; then {presses[1]} switches the rest.",
             f"The search took {result.expanded} boards from its queue before the dark one: {n} presses "
             f"is the fewest, and {others} {n} presses do it."]

    pictures = [Picture("the board", *view(board, []))]
    for k, (cell, after) in enumerate(steps, start=1):
        caption = f"after pressing {cell}" + (": all off" if not after else "")
        pictures.append(Picture(caption, *view(board, presses[:k])))
    return lines, pictures


#: The kind's rules handout (``worksheet rules lights``).
HANDOUT = Handout(TITLE, LESSON, RULES, example, IDEA)
