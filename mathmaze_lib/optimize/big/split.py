"""The tree of :mod:`.tree` split into subtrees for several cores: each node a few walls down, with the
cells its earlier sibling branches leave out, is a task; worker processes ("spawn") search the tasks,
smallest first, until the time limit (:func:`prove`).
"""

from __future__ import annotations

import dataclasses
import time
from typing import Optional

from ...puzzles.wallmaze import WallMaze
from ..clock import chunk_size
from .legs import board, geo
from .tree import BEST, BEST_N, FIRST_FOUND, FIRST_NEIGHBOUR, NODES, STEP_SECONDS, Tree, TreeResult, chunk, \
    new_tree, start
from .tree import prove as prove_alone

__all__ = ["prove", "split", "split_at", "SPLIT_TASKS", "choose_rule"]

#: With several workers, :func:`prove` first searches alone for this many seconds (Pathery's Small maps
#: are proven in about a second, less than starting the workers takes), then splits the tree.
ALONE_SECONDS = 2.0

#: With ``until`` (:func:`prove`), a tree that has not finished by its time goes on when, at its tasks'
#: pace so far (the share of them finished), it would finish by then with this much to spare: the tasks
#: are taken smallest first, so the pace slows (Medium2, 2,019 tasks on two cores, 590 s: the pace at 75%
#: of its time said 88% of it, at 85% said 92%, at 95% said 97%).
PACE_MARGIN = 1.25

#: The tree is split into at least this many subtrees, one task each (the nodes as many walls down as that
#: takes: Medium1, 4 walls, 3,600 tasks), taken by the workers smallest first (see :func:`split`).
SPLIT_TASKS = 1_000

#: :func:`choose_rule`'s trees: this many walls fewer than the board's budget, at most this many boards each.
PROBE_WALLS_LESS, PROBE_BOARDS = 4, 2_000_000

#: :func:`prove` gives :func:`choose_rule` this share of its time (each rule half of it).
PROBE_SHARE = 0.02


def prove(maze: WallMaze, best: int, *, seconds: Optional[float] = 60.0, hopeless: Optional[tuple] = None,
          workers: int = 1, until: Optional[float] = None) -> TreeResult:
    """:func:`.tree.prove` on ``workers`` processes: after :data:`ALONE_SECONDS` alone, the tree is split
    (:func:`split`) and its tasks searched by that many processes until ``seconds`` (the same ``hopeless``
    rule, judged from the tasks finished since the workers started), or on to ``until`` seconds when by
    ``seconds`` it is on course to finish by then (:func:`on_course`).  One worker or no time limit: the
    tree in this process."""
    t0 = time.perf_counter()
    if workers <= 1 or seconds is None:
        return prove_alone(maze, best, seconds=seconds, hopeless=hopeless)
    first = prove_alone(maze, best, seconds=min(seconds, ALONE_SECONDS))
    if first.proven or time.perf_counter() - t0 >= seconds:
        return first._replace(seconds=time.perf_counter() - t0)
    rule = choose_rule(maze, PROBE_SHARE * max(0.0, seconds - (time.perf_counter() - t0)))
    found = _run(maze, first.moves, first.walls, seconds, hopeless, workers, t0, until, rule)
    return found._replace(nodes=found.nodes + first.nodes, walls=found.walls if found.moves > best else None)


def choose_rule(maze: WallMaze, seconds: float = 60.0) -> int:
    """The route rule of :mod:`.tree` (:data:`~.tree.FIRST_FOUND` or :data:`~.tree.FIRST_NEIGHBOUR`)
    whose tree on ``maze`` with :data:`PROBE_WALLS_LESS` walls fewer, from no known best, searches more of
    itself a board (all of it, in fewer boards, when both finish within :data:`PROBE_BOARDS` boards and
    half of ``seconds`` each).  The two rules' trees differ by a tenth to a fifth on Pathery's Medium maps,
    and not the same way on each (see :mod:`.tree`); the smaller trees told which way where the whole
    trees were measured: Medium1 (12 walls) with 8 walls 1.61 M boards against 1.43 M (its whole proof 792 s
    against 624 s on two cores), Medium2 (12 walls) with 8 walls 562 K against 602 K (with 10 walls, the
    known best given, 13.3 M against 14.4 M).  On Medium3 (13 walls) the probe, stopped at 2 M boards with
    9 walls, picks the second rule, although with 7 walls the first takes fewer (1.43 M against 1.57 M);
    its whole tree is too big to measure either way here.  Medium1's probe takes about 6 s on one core."""
    if maze.budget - PROBE_WALLS_LESS < 1:
        return FIRST_FOUND
    fewer = dataclasses.replace(maze, budget=maze.budget - PROBE_WALLS_LESS)
    probes = [prove_alone(fewer, -1, seconds=seconds / 2, max_nodes=PROBE_BOARDS, rule=rule)
              for rule in (FIRST_FOUND, FIRST_NEIGHBOUR)]
    pace = [p.share / max(1, p.nodes) for p in probes]
    return FIRST_NEIGHBOUR if pace[1] > pace[0] else FIRST_FOUND


def _subtree(b, g, walls, left_out, best, rule=FIRST_FOUND) -> Tree:
    """The search below the node of the tree with ``walls`` built and the cells ``left_out`` by earlier
    branches, its board scored and its branches listed (:func:`start`), its routes picked by ``rule``."""
    blocked = b.rocks.copy()
    blocked[list(walls)] = 1
    t = new_tree(blocked, b.budget - len(walls), best, b.legs, rule)
    for c in left_out:
        t.excl[c] += 1
    start(g, b.wallable, b.budget - len(walls), t)
    return t


def split(maze: WallMaze, best: int, at_least: int = SPLIT_TASKS, rule: int = FIRST_FOUND):
    """:func:`split_at` as few walls down as gives ``at_least`` tasks (or one wall less than the budget)."""
    b = board(maze)
    g = geo(b)
    depth = 1
    while True:
        tasks, moves, walls = _split_at(b, g, best, depth, rule)
        if len(tasks) >= at_least or depth + 2 >= b.budget:
            return tasks, moves, walls
        depth += 1


def split_at(maze: WallMaze, best: int, depth: int):
    """The tree's nodes ``depth`` walls down (or fewer, where it ends sooner), as tasks ``(walls,
    left_out)`` (cell numbers), smallest first (the later branches of a node leave more cells out: their
    subtrees are smaller); and the best score met on the way, with its walls (None when nothing beat
    ``best``).  The subtrees of the tasks are the whole tree below them, each wall set met once."""
    b = board(maze)
    return _split_at(b, geo(b), best, depth)


def _split_at(b, g, best: int, depth: int, rule: int = FIRST_FOUND):
    """:func:`split_at` on the board's arrays ``b`` and ``g``."""
    tasks, top = [], [best, None]

    def down(walls, left_out):
        t = _subtree(b, g, walls, left_out, top[0], rule)
        if t.at[BEST] > top[0]:
            top[:] = [int(t.at[BEST]), list(walls)]
        branches = [int(c) for c in t.cand[0, :t.ncand[0]]]
        if len(walls) == depth or not branches or len(walls) + 1 >= b.budget:
            if branches:
                tasks.append((tuple(walls), tuple(left_out)))
            return
        for j, c in enumerate(branches):
            down(walls + [c], left_out + branches[:j])

    down([], [])
    tasks.reverse()
    return tasks, top[0], top[1]


def on_course(started: float, now: float, done: int, tasks: int, until: float) -> bool:
    """True when ``tasks`` taken at ``started``, ``done`` of them finished by ``now``, would all be
    finished by ``until`` at the pace so far, with :data:`PACE_MARGIN` to spare.

    >>> on_course(0.0, 450.0, 1900, 2000, 595.0), on_course(0.0, 450.0, 1500, 2000, 595.0)
    (True, False)
    """
    return done > 0 and started + (now - started) * tasks / done * PACE_MARGIN <= until


_BOARD = {}


def _start_worker(maze: WallMaze, deadline) -> None:
    """A worker's set-up: the board's arrays, once, and the deadline it shares with :func:`_run` (a
    ``multiprocessing.Value``, ``time.time()``), which may move later."""
    b = board(maze)
    _BOARD["b"], _BOARD["g"], _BOARD["deadline"] = b, geo(b), deadline


def _task(args):
    """One task of :func:`split`, ``(walls, left_out, best, rule)``, searched in a worker until the deadline
    of :func:`_start_worker` (read between chunks: it may move): ``(finished, moves, walls or None,
    boards)``."""
    walls, left_out, best, rule = args
    b, g, shared = _BOARD["b"], _BOARD["g"], _BOARD["deadline"]
    t = _subtree(b, g, walls, left_out, best, rule)
    limit = b.budget - len(walls)
    step = 1_000
    done = bool(t.ncand[0] == 0)
    while not done:
        deadline = shared.value
        if time.time() >= deadline:
            break
        started = time.perf_counter()
        done = chunk(g, b.wallable, limit, step, t)
        step = chunk_size(step, time.perf_counter() - started, max(1e-3, deadline - time.time()), aim=STEP_SECONDS,
                          high=1 << 40)
    found = None
    if t.at[BEST_N] >= 0:
        found = list(walls) + [int(v) for v in t.out[:t.at[BEST_N]]]
    return done, int(t.at[BEST]), found, int(t.at[NODES])


def _run(maze, best, walls, seconds, hopeless, workers, t0, until=None, rule=FIRST_FOUND) -> TreeResult:
    """The tree split into tasks (:func:`split`) searched by ``workers`` processes ("spawn") until the time
    limit (counted from ``t0``; on to ``until`` when, a second before it, :func:`on_course` says so), from
    ``best`` moves with ``walls`` (cells): finished when every task has finished."""
    import multiprocessing

    tasks, moves, cells = split(maze, best, rule=rule)
    grid = maze.grid
    if cells is not None:
        walls = sorted(grid.cell(v) for v in cells)
    zero = time.time() - (time.perf_counter() - t0)         # t0 on time.time()'s clock
    ctx = multiprocessing.get_context("spawn")
    deadline = ctx.Value("d", zero + seconds, lock=False)
    done = nodes = 0
    gave_up = False
    pool = ctx.Pool(workers, initializer=_start_worker, initargs=(maze, deadline))
    try:
        started = time.time()
        answers = pool.imap_unordered(_task, [(w, x, moves, rule) for w, x in tasks])
        waiting = len(tasks)
        while waiting and time.time() < deadline.value + 1.0:
            if until is not None and time.time() >= deadline.value - 1.0:     # (judged once)
                if until > seconds and on_course(started, time.time(), done, len(tasks), zero + until):
                    deadline.value = zero + until
                until = None
            try:
                finished, got, found, boards = answers.next(timeout=0.5)
                waiting -= 1
                done += finished
                nodes += boards
                if found is not None and got > moves:
                    moves, walls = got, sorted(grid.cell(v) for v in found)
            except multiprocessing.TimeoutError:
                pass
            # (the pace from the workers' start: before it, a new machine compiles the search, seconds)
            elapsed = time.time() - started
            if hopeless is not None and elapsed >= hopeless[0] and elapsed * len(tasks) > hopeless[1] * done:
                gave_up = True
                break
    finally:
        pool.terminate()
        pool.join()
    share = done / len(tasks) if tasks else 1.0
    return TreeResult(moves, walls, done == len(tasks), nodes, time.perf_counter() - t0, share, gave_up)
