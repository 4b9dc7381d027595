"""Play a jumping maze on the board: the cells you may jump to light up; click one to jump.

>>> game = JumpMazeGame()
>>> game.current, sorted(game.targets())
((0, 0), [(0, 4), (4, 0)])
>>> game.board.click(1, 1); game.board.status
'(1, 1) is not a legal jump from (0, 0): from a 4 you jump exactly 4 cells up, right, down or left.'
>>> game.board.click(4, 0); game.current, game.jumps
((4, 0), 1)
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

import ipywidgets as w

from ..puzzles import jumpmaze as jm
from .board import plural
from .game import PuzzleGame, button, sentence

__all__ = ["JumpMazeGame"]

RULE_CHOICES = ["ortho", "diag8", "rightdown", "alternate", "toggle", "nouturn", "wrap", "diag8+nouturn"]
#: What a screen reader says for each role of a jumping-maze board.
JUMP_WORDS = {"start": "start", "goal": "goal", "current": "you are here", "path": "on your route",
              "highlight": "you can jump here", "rock": "hole"}


class JumpMazeGame(PuzzleGame):
    """A jumping maze to play (default: Chain Reaction) under a rule you can change."""

    kind_name = "jump"
    role_words = JUMP_WORDS
    nothing_to_undo = "Nothing to undo: you are at the start."
    arrows = True

    def __init__(self, maze: Optional[jm.JumpMaze] = None, rule: Optional[str] = None):
        maze = maze or jm.CHAIN_REACTION
        super().__init__(replace(maze, rule=jm.check_rule(rule if rule is not None else maze.rule)))
        choices = RULE_CHOICES + ([self.maze.rule] if self.maze.rule not in RULE_CHOICES else [])
        self.rule_box = w.Dropdown(options=choices, value=self.maze.rule, description="Rule",
                                   layout=w.Layout(width="220px"))
        self.rule_box.observe(lambda change: self.set_rule(change["new"]), names="value")
        self.show_button = button("Show me", self.show_me, icon="search",
                                  tooltip="Step through the breadth-first search on this maze")
        self.helper = w.VBox([])
        self.view = self.layout([self.undo_button, self.reset_button, self.rule_box, self.show_button], self.helper)
        self.reset()

    # ---- state -----------------------------------------------------------------------

    @property
    def states(self) -> list:
        """The search states of the route so far (cells, or cells with the rule's memory)."""
        return self.answer

    @property
    def current(self) -> tuple:
        """The cell the route is on now."""
        return jm.cell_of(self.states[-1])

    @property
    def jumps(self) -> int:
        """The jumps made so far."""
        return len(self.states) - 1

    @property
    def route(self) -> list:
        """The cells of the route so far, from the start."""
        return [jm.cell_of(s) for s in self.states]

    @property
    def won(self) -> bool:
        return self.current == self.maze.end

    def targets(self) -> dict:
        """``{cell: state}`` for every legal jump from here."""
        return jm.landings(self.maze, self.states[-1])

    # ---- actions ---------------------------------------------------------------------

    def set_rule(self, rule: str) -> None:
        """Play the same numbers under another rule (starts again)."""
        try:
            self.puzzle = replace(self.maze, rule=jm.check_rule(rule))
        except ValueError as exc:
            self.board.status = str(exc)
            return
        self.helper.children = ()
        self.reset()

    # ---- the hooks of PuzzleGame ------------------------------------------------------

    @property
    def reset_text(self) -> str:
        """What Reset says: the rule, in words."""
        return f"Rule {self.maze.rule}: {jm.rule_text(self.maze.rule)}. Click a highlighted cell to jump there."

    def refusal(self, cell) -> Optional[str]:
        if self.won:
            return "You reached the goal! Undo, Reset, or change the rule."
        if cell == self.current:
            return f"You are here, on {cell}: click one of the highlighted cells."
        return self.kind.refusal(self.maze, self.states, cell)

    def played(self, cell) -> list:
        return self.states + [self.targets()[cell]]

    def took_back(self) -> str:
        return f"Back to {self.current}."

    def said(self, cell) -> str:
        if self.won:        # the verdict says whether the route is a shortest one
            return f"Well done! {sentence(self.kind.check(self.maze, self.route).reason)}."
        if not self.targets():
            return f"Jumped to {cell}. No jump leads on from here: Undo or Reset."
        return f"Jumped to {cell}."

    def show_me(self) -> None:
        """Show a SearchStepper for this maze and rule under the board."""
        from .stepper import SearchStepper

        sol = jm.solve(self.maze, trace=True)
        stepper = SearchStepper(sol.result, rows=self.maze.rows, cols=self.maze.cols, texts=self.maze.texts(),
                                cell_of=jm.cell_of)
        self.helper.children = (w.HTML("<b>How breadth-first search solves it</b> (press Play or Step):"),
                                stepper.view)
        self.stepper = stepper
        found = f"a shortest route of {sol.jumps} jumps" if sol.route else "that there is no route"
        self.board.status = f"Below: BFS finds {found} after {sol.expanded} expansions."

    def picture(self) -> tuple:
        texts, roles = self.kind.view(self.maze, self.route[:-1])
        if not self.won:
            roles.update(dict.fromkeys(self.targets(), "highlight"))
        roles[self.current] = "goal" if self.won else "current"
        return texts, roles, self.route

    def label(self) -> str:
        maze = self.maze
        return f"{maze.name or 'Jumping maze'}, rule {maze.rule}, {self.size()}, {plural(self.jumps, 'jump')} so far"

    def heading(self) -> str:
        maze = self.maze
        return (f"<b>{maze.name or 'Jumping maze'}</b> &nbsp; rule: {maze.rule} &nbsp; jumps: <b>{self.jumps}</b> "
                f"&nbsp; from {maze.start} to the goal G at {maze.end}")
