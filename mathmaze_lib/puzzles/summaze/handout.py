"""Math Maze's one-page rules handout (``worksheet rules summaze``): the rules, lesson 1's tiny 3 x 3
puzzle solved step by step, and the lesson's idea.

>>> lines, pictures = HANDOUT.example()
>>> lines[-1], [p.caption for p in pictures][0]
('Any path that follows the rules and adds up to 19 wins: this puzzle has 2 solutions.', 'the puzzle')
"""

from __future__ import annotations

from ..sheet import Handout, Picture
from .generating import generate
from .rules import running_sums, texts_and_roles
from .solving import count_solutions

__all__ = ["HANDOUT"]


def _example():
    p = generate(2, 3, 3)         # the tiny puzzle lesson 1 steps through
    path = list(p.path)
    sums = running_sums(p, path)
    steps = ", ".join(f"{p.value(c)} makes {s}" for c, s in zip(path[1:-1], sums[1:-1]))
    texts, roles = texts_and_roles(p)
    _, solved = texts_and_roles(p, path)
    texts[p.start[0]][p.start[1]] = f"S {p.value(p.start)}"        # as on the worksheets
    count = count_solutions(p)
    lines = [f"Start is the 1 in the corner, End shows the target {p.target}.",
             f"Start at 1 (the sum is 1). Then {steps}.",
             f"The next step reaches End with {sums[-2]}: the target. {len(path) - 1} moves.",
             f"Any path that follows the rules and adds up to {p.target} wins: this puzzle has {count} solutions."]
    answer = f"a solution: {' + '.join(str(p.value(c)) for c in path[:-1])} = {p.target}"
    return lines, [Picture("the puzzle", texts, roles), Picture(answer, texts, solved, tuple(path), arrows=True)]


HANDOUT = Handout(
    "Math Maze", "Lesson 1",
    ("The grid has a Start cell (S, green) and an End cell (orange); End shows the target.",
     "Draw a path from Start to End, one step at a time: up, right, down or left. No diagonal steps.",
     "Never visit a cell twice.",
     "Add up the numbers on your path, Start's number included. You win when the sum is the target.",
     "Any path that follows these rules and hits the target wins; a puzzle can have several."),
    _example,
    "A puzzle is a graph: cells are nodes, cells side by side are joined. To find every solution, "
    "depth-first search goes as deep as it can, then steps back and tries the next way. The numbers only "
    "add up, so a path whose sum is already above the target is given up at once (pruning).")
