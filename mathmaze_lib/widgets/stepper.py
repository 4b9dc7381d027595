"""Step through a breadth-first search on a board: Step, Reset, Play/Pause, a step and a speed slider,
the FIFO queue shown as chips in the board's colours, and the counts. Beside a learner's own search
(:meth:`SearchStepper.yours`, ``beside=``) it also says, at each step, what the learner's function did
or answered there, and a button goes to the first step where it differs from the lesson's search.

It replays a traced search (``bfs(..., trace=True)``) frame by frame (see
:mod:`mathmaze_lib.replay`), so what you see is exactly what the search did.
Nodes that are not cells (the states of a jump-maze rule) are drawn on their
cell through ``cell_of``.

>>> from mathmaze_lib.grid import Grid
>>> from mathmaze_lib.search import bfs
>>> result = bfs(Grid(2, 3).neighbours, (0, 0), goal=(1, 2), trace=True)
>>> s = SearchStepper(result, rows=2, cols=3)
>>> s.step(); s.board.get_role((0, 0)), s.counts.value
('current', 'expanded 1 · in the queue 2 · distance of current 0')
>>> s.last(); s.board.get_role((1, 2)), s.board.status
('goal', 'Step 6: took the goal (1, 2) from the queue: it is 3 moves away, and the search stops.')
"""

from __future__ import annotations

import html
from typing import Callable, Optional

import ipywidgets as w

from .. import palette, replay
from .board import Board, game_mimebundle
from .controls import Player

__all__ = ["SearchStepper"]

#: What a screen reader says for the roles a search frame gives (the legend shows the same words).
STEPPER_WORDS = {"visited": "visited", "frontier": "in the queue", "current": "being expanded",
                 "path": "on the route found", "goal": "goal", "start": "start"}
#: The same for a depth-first search: the route so far, where it stands, what was cut off.
DFS_WORDS = {"visited": "stepped back from", "current": "where the search stands", "path": "on the route so far",
             "goal": "reaches the goal", "cut": "cut off: the total is too big", "start": "start", "end": "end"}
#: The same for a learner's own search, watched through the successor function it was given.
YOURS_WORDS = {**STEPPER_WORDS, "visited": "expanded by your search", "frontier": "reached, not yet expanded",
               "current": "being expanded by your search"}
#: Every stepper beside a learner's search marks the cell where the two searches differ.
DIFFERS = "where your search and the lesson's differ"


class SearchStepper:
    """Replay ``result`` on ``board`` (or on a new ``rows`` x ``cols`` board with ``texts``)."""

    def __init__(self, result, board: Optional[Board] = None, cell_of: Optional[Callable] = None,
                 rows: Optional[int] = None, cols: Optional[int] = None, texts=None, ms_per_step: int = 400,
                 roles: Optional[dict] = None, describe: Optional[Callable[[int], str]] = None,
                 beside: Optional[replay.Beside] = None, yours: bool = False):
        self.result = result
        self.beside, self._yours = beside, yours
        # bfs: a traced BFS result; dfs: a list of DfsStep; tree: a traced tree search (no visited set)
        self.kind = "dfs" if isinstance(result, list) else "tree" if hasattr(result, "max_queue") else "bfs"
        self.count = (len(result) + 1 if self.kind == "dfs" else len(result.trace or []) + 1 if self.kind == "tree"
                      else replay.frame_count(result))
        self._describe = describe
        if board is None:
            if rows is None or cols is None:
                raise ValueError("SearchStepper needs a board, or rows and cols to make one")
            name = {"dfs": "Depth-first search", "tree": "Tree search", "bfs": "Breadth-first search"}[self.kind]
            board = Board(rows, cols, texts=texts, label=f"{name}, {rows} rows by {cols} columns")
        for cell, role in (roles or {}).items():
            board.set_role(cell, role)
        words = DFS_WORDS if self.kind == "dfs" else YOURS_WORDS if yours else STEPPER_WORDS
        board.set_role_words({**words, "highlight": DIFFERS} if beside else words)
        self.board = board
        self.cell_of = cell_of
        self._base_roles = board.roles
        # One labelled control: Play/Pause, the step slider and the speed slider (the browser plays it).
        self.player = Player(max=self.count - 1, interval=ms_per_step, label="step")
        self.step_button = w.Button(description="Step", icon="step-forward", tooltip="One expansion further")
        self.reset_button = w.Button(description="Reset", icon="fast-backward", tooltip="Back to the start")
        self.step_button.on_click(lambda _: self.step())
        self.reset_button.on_click(lambda _: self.reset())
        self.queue = w.HTML()
        self.counts = w.Label()
        self.player.observe(lambda change: self.show(change["new"]), names="value")
        buttons = [self.step_button, self.reset_button]
        below = [self.player, self.counts, self.queue]
        if beside is not None:
            self.first_button = w.Button(description="First difference", icon="search",
                                         tooltip="Go to the first step where your search and the lesson's differ",
                                         disabled=beside.first is None)
            self.first_button.on_click(lambda _: self.first_difference())
            buttons.append(self.first_button)
            self.note = w.HTML()
            self.summary = w.HTML(f'<div role="note"><b>Your search:</b> {html.escape(beside.summary)}</div>')
            below = [self.summary, self.note] + below
        self.view = w.VBox([self.board, w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))] + below,
                           layout=w.Layout(max_width="100%"))
        self.show(0)

    @property
    def slider(self) -> Player:
        """The step control (``.value`` is the frame shown); the same object as :attr:`player`."""
        return self.player

    @property
    def frame_index(self) -> int:
        """The frame on the board: 0 is the start, ``count - 1`` the end of the search."""
        return self.player.value

    def step(self) -> None:
        """One expansion further (nothing at the end)."""
        if self.player.value < self.count - 1:
            self.player.value += 1      # the observer draws it

    def reset(self) -> None:
        """Back to the start (only the sources in the queue)."""
        self.player.playing = False
        self.player.value = 0
        self.show(0)

    def last(self) -> None:
        """Jump to the end of the search."""
        self.player.value = self.count - 1

    def first_difference(self) -> None:
        """Go to the first step where the learner's search differs from the lesson's (if it does)."""
        if self.beside is not None and self.beside.first is not None:
            self.player.playing = False
            self.player.value = min(self.beside.first, self.count - 1)

    @classmethod
    def yours(cls, run, beside: replay.Beside, **kwargs) -> "SearchStepper":
        """Step through a learner's own search, rebuilt from the calls it made to its successor function
        (:func:`replay.recorded`), with ``beside`` (:class:`replay.Beside`) comparing each step with the
        lesson's search. Orange cells are reached and not yet expanded (the function's own queue is
        not visible from outside: they are shown first reached first).

        >>> from mathmaze_lib import replay
        >>> run = replay.recorded([(0, 0)], [((0, 0), ((0, 1),)), ((0, 1), ())])
        >>> s = SearchStepper.yours(run, replay.Beside(["Start.", "one", "two"], "All agree."), rows=1, cols=2)
        >>> s.last(); s.counts.value, s.note.value
        ('your search: expanded 2 · reached, not yet expanded 0', '<div role="status">two</div>')
        """
        return cls(run, beside=beside, yours=True, **kwargs)

    @classmethod
    def tree(cls, result, **kwargs) -> "SearchStepper":
        """Step through the naive tree search (``tree_search(..., trace=True)``, or
        ``jumpmaze.solve(maze, method="tree", trace=True).result``): the route taken from the queue,
        and the queue's routes drawn on the cells they end on.

        >>> from mathmaze_lib.puzzles import jumpmaze as jm
        >>> little = jm.parse("1 1\\n1 0")
        >>> s = SearchStepper.tree(jm.solve(little, method="tree", trace=True).result, rows=2, cols=2)
        >>> s.last(); s.counts.value
        'expanded 3 routes · in the queue 3 routes · distance of current 2'
        """
        return cls(result, **kwargs)

    @classmethod
    def depth_first(cls, steps: list, **kwargs) -> "SearchStepper":
        """Step through a traced depth-first search (``search.simple_paths(..., trace=steps)``):
        the route so far, the tries that were cut, the routes that reached the goal. ``describe(i)``
        may word each step in the puzzle's terms (default :func:`replay.describe_dfs`).

        >>> from mathmaze_lib.puzzles import summaze
        >>> p = summaze.generate(2, 3, 3)
        >>> s = SearchStepper.depth_first(summaze.dfs_steps(p), rows=3, cols=3)
        >>> s.step(); s.step(); s.board.get_role(p.start), s.counts.value
        ('path', 'step 2 of 43 · route of 1 move')
        """
        return cls(list(steps), **kwargs)

    def show(self, index: int) -> None:
        """Draw frame ``index`` on the board, the queue and the counts."""
        if self.kind == "dfs":
            f = replay.dfs_frame(self.result, index, self.cell_of)
            text = self._describe(index) if self._describe else replay.describe_dfs(self.result, index)
        elif self.kind == "tree":
            f = replay.tree_frame(self.result, index, self.cell_of)
            text = self._describe(index) if self._describe else replay.describe_tree(self.result, index)
        else:
            f = replay.frame(self.result, index, self.cell_of)
            text = self._describe(index) if self._describe else self._describe_yours(f) if self._yours \
                else replay.describe(f)
        roles = {(r, c): role for r, row in enumerate(self._base_roles) for c, role in enumerate(row)}
        roles.update(f.roles)
        if self.beside is not None:
            note = self.beside.notes[index] if index < len(self.beside.notes) else ""
            self.note.value = f'<div role="status">{html.escape(note)}</div>' if note else ""
            if index in self.beside.marks:
                roles[self._cell(self.beside.marks[index])] = "highlight"
        with self.board.hold_sync():
            self.board.set_roles(roles)
            self.board.show_route([self._cell(n) for n in f.path] if f.path else [])
            self.board.status = text
        distance = "-" if f.distance is None else f.distance
        if self.kind == "dfs":
            moves = f"route of {distance} move{'s' * (distance != 1)}" if f.current is not None else "no route yet"
            self.counts.value = f"step {index} of {self.count - 1} · {moves}"
            self.queue.value = ""
            return
        if self._yours:
            self.counts.value = f"your search: expanded {f.index} · reached, not yet expanded {len(f.frontier)}"
            self.queue.value = self._queue_html(f, "reached, not yet expanded</b> (first reached first)")
            return
        unit = " routes" if self.kind == "tree" else ""      # the tree search queues routes, not cells
        self.counts.value = (f"expanded {f.expanded}{unit} · in the queue {len(f.frontier)}{unit} · "
                             f"distance of current {distance}")
        self.queue.value = self._queue_html(f)

    def _cell(self, node):
        return self.cell_of(node) if self.cell_of else node

    @staticmethod
    def _describe_yours(f) -> str:
        if f.current is None:
            return "Start: only the start is reached."
        return f"Step {f.index}: your search expanded {f.current!r}; {len(f.frontier)} reached, not yet expanded."

    def _queue_html(self, f, label: str = "queue</b> (oldest first)") -> str:
        def chip(node, role):
            st = palette.style(role)
            return (f'<span style="background:{st["color"]};color:{st["ink"]};border:1px {st["border"]} #333;'
                    f'padding:1px 4px;margin:1px;border-radius:3px;font-family:monospace;display:inline-block;'
                    f'white-space:nowrap">{html.escape(str(node))}</span>')
        taken = "goal" if getattr(f, "at_goal", False) else "current"      # the last step takes the goal
        current = chip(f.current, taken) + " ← " if f.current is not None else ""
        shown = list(f.frontier[:40])
        more = f" … and {len(f.frontier) - 40} more" if len(f.frontier) > 40 else ""
        chips = " ".join(chip(n, "frontier") for n in shown) or "(empty)"
        return f"<div><b>{label}: {current}{chips}{more}</div>"

    def __repr__(self) -> str:
        return f"<SearchStepper: {self.count} frames: run this in Jupyter to step through the search>"

    def _repr_mimebundle_(self, **kwargs):
        return game_mimebundle(self, **kwargs)
