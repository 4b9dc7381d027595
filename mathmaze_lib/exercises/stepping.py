"""The learner's own search, stepped on a board beside the lesson's: where do they first differ?

A plain function cannot be watched from the inside, so each lesson's function is watched through
what it is given and what it answers, and the stepper says which:

* **lesson 2**, ``bfs_distances(succ, start)``: the function's only way to see the maze is ``succ``,
  so every call ``succ(node)`` is the function expanding ``node``. The board replays those calls
  (the order the function expanded the cells; it cannot see the function's queue, so the orange
  cells are the ones reached and not yet expanded, first reached first), and the dict it returned
  gives each cell's distance. Both are compared step by step with the lesson's BFS.
* **lesson 1**, ``count_paths(puzzle)``: the board replays the lesson's depth-first search; at each
  step that goes deeper, the function is asked how many solutions go on from there (it is given the
  puzzle that starts at that cell, with the route's other cells made too big to use:
  :func:`rest_of_route`). The first difference is the first step where the counts differ while every
  step one further agrees: the mistake is in that step's own moves.
* **lesson 3**, ``runner_moves(maze, walls)``: the board replays the runner's BFS; for each cell it
  takes from the queue, the function is asked for the moves to a finish on that cell (the board with
  its finishes moved there), which is that cell's distance, and compared with the runner's.

Every call runs under :func:`.guard.call` (a time limit, the exercise's forbidden helpers), so a
function that loops or raises is reported, not hung on.

>>> from mathmaze_lib.puzzles import jumpmaze as jm
>>> def depth_first(succ, start):      # a stack instead of a queue: not BFS
...     dist, stack = {start: 0}, [start]
...     while stack:
...         node = stack.pop()
...         for nxt in succ(node):
...             if nxt not in dist:
...                 dist[nxt] = dist[node] + 1
...                 stack.append(nxt)
...     return dist
>>> run, beside = watch_bfs_distances(depth_first, jm.parse("1 1\\n1 0"))
>>> beside.first, beside.notes[beside.first]
(2, "Step 2: your search expanded (1, 0), where the lesson's BFS expands (0, 1): BFS takes the cell that has waited longest.")
"""

from __future__ import annotations

import dataclasses
from typing import Callable

from .. import replay, search
from ..puzzles import jumpmaze as jm
from ..puzzles import summaze, wallmaze
from . import guard
from .outcomes import _is_placeholder

__all__ = ["watch_bfs_distances", "ask_count_paths", "ask_runner_moves", "rest_of_route",
           "step_bfs_distances", "step_count_paths", "step_runner_moves"]

#: Seconds the learner's function may run in one call, and in all the calls of one stepper.
CALL_SECONDS, ALL_SECONDS = 2.0, 10.0


def _failed(outcome: guard.Outcome, name: str) -> str:
    """An outcome that is not a value, in words."""
    where = f" ({outcome.line})" if outcome.line else ""
    if outcome.kind == "error":
        return f"your {name} raised {outcome.error_type}: {outcome.error}{where}"
    if outcome.kind == "forbidden":
        return f"your {name} called {outcome.detail}, which does the work itself: write the search yourself"
    if outcome.kind == "steps":
        return f"your {name} was stopped: {outcome.detail}"
    return f"your {name} ran out of {'time' if outcome.kind == 'time' else outcome.kind}{where}"


def _name(fn) -> str:
    return getattr(fn, "__name__", "function")


def _not_yet(fn, exercise: str, frames: int) -> "replay.Beside | None":
    """The comparison of a function not written yet (its placeholder only returns None), or None."""
    if not _is_placeholder(fn):
        return None
    return replay.Beside([""] * frames, f"Not attempted yet: write your {_name(fn)} ({exercise}), run its cell, "
                                        f"then run this cell again.")


# ---- lesson 2: the learner's BFS, watched through its successor function ---------------------------

def watch_bfs_distances(fn: Callable, maze, forbidden=()) -> tuple:
    """Run ``fn(succ, maze.start)`` with a ``succ`` that notes every call; ``(run, beside)``: the
    calls as a traced search to replay (:func:`.replay.recorded`) and the comparison with the
    lesson's BFS (:class:`.replay.Beside`)."""
    succ, start = jm.successors(maze), maze.start
    reference = search.bfs(succ, start, trace=True)
    order = [step.current for step in reference.trace]
    if _not_yet(fn, "Exercise 2", 1):
        return replay.recorded([start], []), _not_yet(fn, "Exercise 2", 1)
    calls: list = []
    limit = 4 * len(reference.dist) + 20

    def moves(node):
        node = tuple(node) if isinstance(node, list) else node
        if len(calls) >= limit:
            raise guard.StepLimit(f"it asked for the moves of a cell {len(calls)} times, but the start reaches "
                                  f"only {len(reference.dist)} cells")
        out = list(succ(node))
        calls.append((node, tuple(out)))
        return out

    outcome = guard.call(fn, (moves, start), seconds=CALL_SECONDS * 2, forbidden=forbidden)
    run = replay.recorded([start], calls)
    got = outcome.value if outcome.kind == "value" else None
    notes, first, marks = ["Start: your function was given the start " + repr(start) + "."], None, {}
    for k, (node, _) in enumerate(calls, start=1):
        expected = order[k - 1] if k <= len(order) else None
        note, differs = _bfs_note(k, node, expected, calls[:k - 1], got, reference.dist)
        notes.append(note)
        if differs and first is None:
            first, marks[k] = k, expected if expected is not None else node
    if first is None and len(calls) < len(order):       # it stopped early: the next cell BFS takes
        first = len(calls)
        marks[first] = order[len(calls)]
        notes[first] += f" Your search stops here; the lesson's BFS expands {order[len(calls)]!r} next."
    summary = _bfs_summary(fn, outcome, got, reference.dist, len(calls), len(order), first)
    return run, replay.Beside(notes, summary, first, marks)


def _bfs_note(k: int, node, expected, before: list, got, dist: dict) -> tuple:
    """The note on step ``k`` of the learner's run, and whether it differs from the lesson's BFS."""
    yours = got.get(node, "none") if isinstance(got, dict) else None
    if expected is None:
        return (f"Step {k}: your search expanded {node!r}; the lesson's BFS has expanded every cell by now "
                f"(each once)."), True
    if node != expected:
        again = any(n == node for n, _ in before)
        why = (f"{node!r} a second time: BFS expands each cell once (mark a cell seen when you queue it)" if again
               else f"{node!r}, where the lesson's BFS expands {expected!r}: BFS takes the cell that has waited longest")
        return f"Step {k}: your search expanded {why}.", True
    if yours is not None and yours != dist[node]:
        return (f"Step {k}: your search expanded {node!r}, as the lesson's BFS does, but your dict gives it the "
                f"distance {yours}; BFS says {dist[node]}."), True
    shown = f" (distance {dist[node]})" if yours is not None else ""
    return f"Step {k}: your search expanded {node!r}{shown}, as the lesson's BFS does.", False


def _bfs_summary(fn, outcome, got, dist: dict, taken: int, expected: int, first) -> str:
    name = _name(fn)
    if outcome.kind != "value":
        return f"After {taken} expansion{'s' * (taken != 1)}, {_failed(outcome, name)}."
    if not isinstance(got, dict):
        return f"Your {name} expanded {taken} cells and returned {type(got).__name__} {got!r:.60}, not a dict."
    wrong = [n for n in dist if got.get(n, None) != dist[n]]
    extra = [n for n in got if n not in dist]
    same = f"{len(dist) - len(wrong)} of {len(dist)} distances agree with the lesson's BFS"
    if wrong:
        n = min(wrong, key=lambda n: dist[n])
        same += f"; {n!r} is {got.get(n, 'missing')} in yours, {dist[n]} in BFS's"
    if extra:
        same += f"; yours also has {extra[0]!r}, which the start cannot reach"
    if first is None and not wrong and not extra:
        return f"Your {name} expands the {taken} cells in the lesson's BFS order, and all {len(dist)} distances agree."
    where = f"The first difference is at step {first}" if first is not None else "The order is the lesson's"
    return f"{where} (of {taken}; the lesson's BFS takes {expected}). {same}."


def step_bfs_distances(fn: Callable, maze, **kwargs):
    """A :class:`~mathmaze_lib.widgets.stepper.SearchStepper` of the learner's ``bfs_distances`` on
    ``maze`` (a jumping maze), beside the lesson's BFS."""
    from ..widgets.stepper import SearchStepper
    from .lesson2_bfs import q2

    run, beside = watch_bfs_distances(fn, maze, forbidden=q2.forbidden)
    return SearchStepper.yours(run, beside, rows=maze.rows, cols=maze.cols, texts=maze.texts(), **kwargs)


# ---- lesson 1: the learner's count, asked from each step of the lesson's depth-first search ---------

def rest_of_route(puzzle, route) -> "summaze.Puzzle":
    """The puzzle whose solutions are the ways ``route`` (from Start, not at End, total at most the
    target) goes on to a solution: it starts at the route's last cell, its target is what is left
    once the other cells are added, and those cells hold a number above that (no solution can use them).

    >>> p = summaze.generate(2, 3, 3)
    >>> rest = rest_of_route(p, [(2, 2), (2, 1)])
    >>> rest.start, rest.target, rest.numbers[2][2], summaze.count_solutions(rest)
    ((2, 1), 18, 19, 2)
    """
    route = [tuple(c) for c in route]
    left = puzzle.target - sum(puzzle.value(c) for c in route[:-1])
    numbers = [list(row) for row in puzzle.numbers]
    for r, c in route[:-1]:
        numbers[r][c] = left + 1
    return dataclasses.replace(puzzle, numbers=tuple(tuple(row) for row in numbers), start=route[-1],
                               target=left, path=())


def ask_count_paths(fn: Callable, puzzle, forbidden=()) -> replay.Beside:
    """Ask ``fn`` (a ``count_paths``) from every step of :func:`summaze.dfs_steps` that goes deeper."""
    steps = summaze.dfs_steps(puzzle)
    if _not_yet(fn, "Exercise 4", len(steps) + 1):
        return _not_yet(fn, "Exercise 4", len(steps) + 1)
    asked: dict = {}            # step index -> (the lesson's count, the learner's outcome)
    budget = ALL_SECONDS
    for i, step in enumerate(steps):
        if step.action != "extend" or budget <= 0:
            continue
        rest = rest_of_route(puzzle, step.route)
        outcome = guard.call(fn, (rest,), seconds=min(CALL_SECONDS, budget), forbidden=forbidden)
        budget -= outcome.seconds
        asked[i] = (summaze.count_solutions(rest), outcome)
    differs = {i for i, (n, o) in asked.items() if o.kind != "value" or o.value != n}
    children = {i: [j for j in asked if steps[j].route[:-1] == steps[i].route] for i in asked}
    local = [i for i in sorted(differs) if not any(j in differs for j in children[i])]
    first = local[0] + 1 if local else None
    notes = [f"Start: your {_name(fn)} is asked, at each step that goes deeper, how many solutions go on "
             f"from there."]
    for i, step in enumerate(steps):
        if i not in asked:
            notes.append("")
            continue
        n, outcome = asked[i]
        yours = (f"your {_name(fn)}, asked from here, says {outcome.value!r}" if outcome.kind == "value"
                 else "asked from here, " + _failed(outcome, _name(fn)))
        agree = ", the same" if i not in differs else ", not the same" if outcome.kind == "value" else ""
        notes.append(f"Step {i + 1}: from here the lesson's search finds {n} solution{'s' * (n != 1)}; "
                     f"{yours}{agree}.")
    if first is not None:
        notes[first] += (" From every step one further the answers agree, so the difference is in this step's "
                         "own moves: reaching End, adding a number, cutting, or which cells are next.")
    total, outcome = asked.get(0, (summaze.count_solutions(puzzle), None))
    said = f"your {_name(fn)} was not asked" if outcome is None else \
        f"your {_name(fn)} says {outcome.value!r}" if outcome.kind == "value" else _failed(outcome, _name(fn))
    if any(o.kind == "forbidden" for _, o in asked.values()):
        first = min(i for i, (_, o) in asked.items() if o.kind == "forbidden") + 1
    summary = (f"The puzzle has {total} solution{'s' * (total != 1)}; {said}. "
               + (f"Asked from each of the {len(asked)} deeper steps, it agrees every time."
                  if first is None else f"The first step where it differs is step {first}."))
    return replay.Beside(notes, summary, first, {})


def step_count_paths(fn: Callable, puzzle, **kwargs):
    """A depth-first :class:`~mathmaze_lib.widgets.stepper.SearchStepper` of the lesson's search on
    ``puzzle``, with the learner's ``count_paths`` asked at each step."""
    from ..widgets.stepper import SearchStepper
    from .lesson1 import q4

    steps = summaze.dfs_steps(puzzle)
    texts, roles = summaze.texts_and_roles(puzzle)
    beside = ask_count_paths(fn, puzzle, forbidden=q4.forbidden)
    return SearchStepper.depth_first(steps, rows=puzzle.rows, cols=puzzle.cols, texts=texts, roles=roles,
                                     describe=lambda i: summaze.describe_step(puzzle, steps, i), beside=beside,
                                     **kwargs)


# ---- lesson 3: the learner's runner, asked for each cell's distance ----------------------------------

def ask_runner_moves(fn: Callable, maze, walls=(), forbidden=()) -> replay.Beside:
    """Ask ``fn`` (a ``runner_moves``) for the moves to each cell the runner's first leg takes from the
    queue (the board with its finishes moved to that cell), and for the board itself."""
    leg = wallmaze.first_leg_search(maze, walls)
    if _not_yet(fn, "Exercise 1", len(leg.trace) + 1):
        return _not_yet(fn, "Exercise 1", len(leg.trace) + 1)
    budget, notes, first, marks = ALL_SECONDS, [], None, {}
    whole = guard.call(fn, (maze, list(walls)), seconds=CALL_SECONDS, forbidden=forbidden)
    budget -= whole.seconds
    for k, step in enumerate(leg.trace, start=1):
        cell, expected = step.current, leg.dist[step.current]
        if budget <= 0:
            notes.append(f"Step {k}: not asked (your {_name(fn)} used up its {ALL_SECONDS:g} seconds).")
            continue
        outcome = guard.call(fn, (dataclasses.replace(maze, ends=(cell,)), list(walls)),
                             seconds=min(CALL_SECONDS, budget), forbidden=forbidden)
        budget -= outcome.seconds
        same = outcome.kind == "value" and outcome.value == expected
        yours = (f"your {_name(fn)}, with the finish moved to {cell!r}, says {outcome.value!r}"
                 + (", the same" if same else ", not the same") if outcome.kind == "value"
                 else f"with the finish moved there, {_failed(outcome, _name(fn))}")
        notes.append(f"Step {k}: {cell!r} is {expected} move{'s' * (expected != 1)} from the nearest start; {yours}.")
        if not same and first is None:
            first, marks[k] = k, cell
    answer = f"your {_name(fn)} says {whole.value!r}" if whole.kind == "value" else _failed(whole, _name(fn))
    notes.insert(0, f"Start: on this board {answer}; the runner walks {leg.length} moves.")
    summary = (f"On this board {answer}, and the runner walks {leg.length} moves. "
               + (f"Asked for each of the {len(leg.trace)} cells the runner's BFS takes, it agrees every time."
                  if first is None else f"The first cell where it differs is taken at step {first}."))
    return replay.Beside(notes, summary, first, marks)


def step_runner_moves(fn: Callable, maze, walls=(), **kwargs):
    """A :class:`~mathmaze_lib.widgets.stepper.SearchStepper` of the runner's first leg on ``maze``,
    with the learner's ``runner_moves`` asked for each cell the search takes."""
    from ..widgets.stepper import SearchStepper
    from .lesson3_runner import q1

    texts, roles = wallmaze.texts_and_roles(maze, walls)
    beside = ask_runner_moves(fn, maze, walls, forbidden=q1.forbidden)
    return SearchStepper(wallmaze.first_leg_search(maze, walls), rows=maze.rows, cols=maze.cols, texts=texts,
                         roles=roles, beside=beside, **kwargs)
