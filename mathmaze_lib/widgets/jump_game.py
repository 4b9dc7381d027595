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

from .. import jumpmaze as jm
from .board import Board, game_mimebundle, plural

__all__ = ["JumpMazeGame"]

RULE_CHOICES = ["ortho", "diag8", "rightdown", "alternate", "toggle", "nouturn", "wrap", "diag8+nouturn"]
#: What a screen reader says for each role of a jumping-maze board.
JUMP_WORDS = {"start": "start", "goal": "goal", "current": "you are here", "path": "on your route",
              "highlight": "you can jump here", "rock": "hole"}
_DIRECTION_WORDS = {"diag8": "in any of the 8 directions", "rightdown": "right or down",
                    "ortho": "up, right, down or left"}


def rule_text(rule: str) -> str:
    """Every part of a rule in words.

    >>> rule_text("diag8+nouturn")
    'jump in any of the 8 directions; never jump straight back the way you came'
    """
    return "; ".join(jm.RULES[name] for name in rule.split("+"))


class JumpMazeGame:
    """A jumping maze to play (default: Chain Reaction) under a rule you can change."""

    def __init__(self, maze: Optional[jm.JumpMaze] = None, rule: Optional[str] = None):
        maze = maze or jm.CHAIN_REACTION
        self.maze = replace(maze, rule=jm.check_rule(rule if rule is not None else maze.rule))
        self.board = Board(self.maze.rows, self.maze.cols, texts=self.maze.texts(), role_words=JUMP_WORDS)
        self.board.on_click(self._on_click)
        choices = RULE_CHOICES + ([self.maze.rule] if self.maze.rule not in RULE_CHOICES else [])
        self.rule_box = w.Dropdown(options=choices, value=self.maze.rule, description="Rule",
                                   layout=w.Layout(width="220px"))
        self.rule_box.observe(lambda change: self.set_rule(change["new"]), names="value")
        self.undo_button = w.Button(description="Undo", icon="undo")
        self.reset_button = w.Button(description="Reset", icon="refresh")
        self.show_button = w.Button(description="Show me", icon="search",
                                    tooltip="Step through the breadth-first search on this maze")
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self.show_button.on_click(lambda _: self.show_me())
        self.info = w.HTML()
        self.helper = w.VBox([])
        self.view = w.VBox([self.info, self.board,
                            w.HBox([self.undo_button, self.reset_button, self.rule_box, self.show_button],
                                   layout=w.Layout(flex_flow="row wrap")),
                            self.helper], layout=w.Layout(max_width="100%"))
        self.reset()

    # ---- state -----------------------------------------------------------------------

    @property
    def current(self) -> tuple:
        return jm.cell_of(self.states[-1])

    @property
    def jumps(self) -> int:
        return len(self.states) - 1

    @property
    def route(self) -> list:
        return [jm.cell_of(s) for s in self.states]

    @property
    def won(self) -> bool:
        return self.current == self.maze.goal

    def targets(self) -> dict:
        """``{cell: state}`` for every legal jump from here."""
        return {jm.cell_of(s): s for s in jm.successors(self.maze)(self.states[-1])}

    # ---- actions ---------------------------------------------------------------------

    def set_rule(self, rule: str) -> None:
        """Play the same numbers under another rule (starts again)."""
        try:
            self.maze = replace(self.maze, rule=jm.check_rule(rule))
        except ValueError as exc:
            self.board.status = str(exc)
            return
        self.helper.children = ()
        self.reset()

    def reset(self) -> None:
        self.states = [jm.start_state(self.maze)]
        self._draw(f"Rule {self.maze.rule}: {rule_text(self.maze.rule)}. "
                   "Click a highlighted cell to jump there.")

    def undo(self) -> None:
        if len(self.states) == 1:
            self._draw("Nothing to undo: you are at the start.")
            return
        self.states.pop()
        self._draw(f"Back to {self.current}.")

    def _on_click(self, cell) -> None:
        if self.won:
            self._draw("You reached the goal! Undo, Reset, or change the rule.")
            return
        targets = self.targets()
        if cell in targets:
            self.states.append(targets[cell])
            best = jm.solve(self.maze).jumps
            if self.won:
                verdict = ("well done, the shortest possible!" if self.jumps == best
                           else f"well done! The shortest takes {plural(best, 'jump')}: can you find it?")
                self._draw(f"Goal in {plural(self.jumps, 'jump')}: {verdict}")
            elif not self.targets():
                self._draw(f"Jumped to {cell}. No jump leads on from here: Undo or Reset.")
            else:
                self._draw(f"Jumped to {cell}.")
            return
        self._draw(self._why_not(cell))

    def _why_not(self, cell) -> str:
        here = self.current
        if cell == here:
            return f"You are here, on {here}: click one of the highlighted cells."
        value = self.maze.value(here)
        if value == jm.WILD:
            value = self.states[-1][3]
            if value is None:
                return f"{here} is a wildcard with no jump before it to repeat: there is no move."
        if value == 0:
            return f"{here} holds 0, a dead end: Undo or Reset."
        if self.maze.value(cell) == jm.HOLE:
            return f"{cell} is a hole: you may jump over holes but never land on one."
        names = self.maze.rule.split("+")
        if isinstance(self.states[-1][0], tuple) and ("alternate" in names or "toggle" in names):
            where = "diagonally" if self.states[-1][1] else "up, right, down or left"
        else:
            where = next((_DIRECTION_WORDS[n] for n in names if n in _DIRECTION_WORDS), _DIRECTION_WORDS["ortho"])
        extra = " (and not straight back)" if "nouturn" in names else ""
        if "wrap" in names:
            extra += ", wrapping around the edges"
        return (f"{cell} is not a legal jump from {here}: from a {value} you jump exactly {value} cells "
                f"{where}{extra}.")

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

    # ---- drawing ---------------------------------------------------------------------

    def _draw(self, status: str) -> None:
        maze = self.maze
        roles = {cell: "rock" for cell in maze.grid.cells() if maze.value(cell) == jm.HOLE}
        for cell in self.route[:-1]:
            roles[cell] = "path"
        roles[maze.start] = "start"
        roles[maze.goal] = "goal"
        if not self.won:
            for cell in self.targets():
                roles[cell] = "highlight"
        roles[self.current] = "goal" if self.won else "current"
        with self.board.hold_sync():
            self.board.fill_roles("plain")
            self.board.set_roles(roles)
            self.board.show_route(self.route if len(self.route) > 1 else [], arrows=True)
            self.board.status = status
        name = maze.name or "Jumping maze"
        self.board.label = (f"{name}, rule {maze.rule}, {plural(maze.rows, 'row')} by {plural(maze.cols, 'column')}, "
                            f"{plural(self.jumps, 'jump')} so far")
        self.info.value = (f"<b>{name}</b> &nbsp; rule: {maze.rule} &nbsp; jumps: <b>{self.jumps}</b> "
                           f"&nbsp; from {maze.start} to the goal G at {maze.goal}")

    def __repr__(self) -> str:
        return (f"<Jumping maze {self.maze.name or ''} ({self.maze.rows} x {self.maze.cols}, rule {self.maze.rule}): "
                f"run this in Jupyter to play>")

    def _repr_mimebundle_(self, **kwargs):
        return game_mimebundle(self, **kwargs)
