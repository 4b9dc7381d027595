"""Which optimizer runs for a board, decided in one place: the registry :data:`METHODS` and
:func:`best_walls`, used by ``walls optimize``, ``walls goals``, the worksheets' keys and the Mazer
game's Show best.

A caller says *who* it is (an :data:`EFFORTS` name: how long it may search and how sure it must be)
and, if it likes, which method and limits; :func:`best_walls` does the rest the same way for all of
them: the stored goal of a level when there is one, else the board's method (:func:`default_method`:
``build`` for any number of walls, ``big`` for a timed compiled search on a board scored leg by leg,
``anneal`` otherwise) with its settings, then, where the effort
asks for a proof and the board allows one (no teleports, a limited budget), the exact search started
from what the search found.  A new optimizer is one entry in :data:`METHODS`.

>>> from mathmaze_lib.puzzles.wallmaze import level
>>> best = best_walls(level("simple", 5), preset="simple", level_id=5, effort="worksheet")
>>> best.moves, best.proven, best.source, best.said
(25, True, 'exact', 'proven best')
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from typing import Callable, Optional

from ..puzzles.wallmaze import UNLIMITED, WallMaze, level_goal
from .anneal import CROWDED, anneal, local_search
from .build import build
from .clock import OptResult, compiled_available, default_workers
from .exact import exact
from .greedy import greedy

__all__ = ["Method", "METHODS", "OPTIMIZERS", "Effort", "EFFORTS", "default_method", "choose_method", "BestWalls",
           "best_walls", "PROVE_UP_TO_WALLS"]


@dataclass(frozen=True)
class Method:
    """An optimizer in the registry: its function, whether it is a seeded search (it takes ``seed``,
    ``workers`` and ``compiled``), and the settings a long run adds (:data:`CROWDED` for annealing)."""

    run: Callable
    seeded: bool = False
    long_run: dict = field(default_factory=dict)


def big(maze: WallMaze, walls=(), **kwargs) -> OptResult:
    """The big-board search (:func:`mathmaze_lib.optimize.big.optimize`: annealing scored leg by leg,
    or an iterated local search on Pathery's Huge boards, compiled); imported on first use, as numba
    takes half a second to import."""
    from .big import optimize
    return optimize(maze, walls, **kwargs)


#: The optimizers by name (the names of ``walls optimize --method``).
METHODS = {
    "greedy": Method(greedy),
    "anneal": Method(anneal, True, dict(CROWDED)),
    "local": Method(local_search, True, {key: CROWDED[key] for key in ("rounds", "explore", "anywhere")}),
    "build": Method(build, True),
    "big": Method(big, True, {"mixed": True}),
    "exact": Method(exact),
}
#: The functions of :data:`METHODS` by name.
OPTIMIZERS = {name: method.run for name, method in METHODS.items()}

#: ``walls goals`` proves the optimum with the exact search on boards with at most this many walls.
PROVE_UP_TO_WALLS = 7


@dataclass(frozen=True)
class Effort:
    """How a caller searches: the search's limits (``seconds``, ``max_iters``; ``python_iters`` when the
    compiled runner is missing), whether it runs compiled, on every core and with the long-run
    settings, and the exact search's limits for a proof (``prove_nodes`` tree nodes or ``prove_seconds``)
    on boards of at most ``prove_up_to`` walls (None: any limited budget)."""

    seconds: Optional[float] = None
    max_iters: Optional[int] = None
    python_iters: Optional[int] = None
    compiled: bool = False
    every_core: bool = False
    long_run: bool = False
    prove_nodes: Optional[int] = None
    prove_seconds: Optional[float] = None
    prove_up_to: Optional[int] = None


#: The callers' efforts.  ``worksheet``: counts, not times, so a level's key is the same on every
#: computer (the exact search on at most 300,000 tree nodes, a few seconds, proves most ``simple``
#: levels, after 300,000 compiled annealing steps, a fraction of a second, or a tenth of them with the
#: Python runner); ``game``: Show best's short run of the lesson's Python optimizers; ``command``:
#: ``walls optimize`` (compiled, every core, the long-run settings; the caller gives the limits);
#: ``goals``: ``walls goals`` (the same, then a proof on boards of at most 7 walls, compiled where it can be:
#: :func:`_prove`).
EFFORTS = {
    "worksheet": Effort(max_iters=300_000, python_iters=30_000, compiled=True, prove_nodes=300_000),
    "game": Effort(max_iters=10_000),
    "command": Effort(seconds=10.0, compiled=True, every_core=True, long_run=True),
    "goals": Effort(seconds=20.0, compiled=True, every_core=True, long_run=True, prove_seconds=120.0,
                    prove_up_to=PROVE_UP_TO_WALLS),
}


def default_method(maze: WallMaze, *, timed_compiled: bool = False) -> str:
    """The optimizer that suits a board: ``build`` (annealing that toggles any cell) when the budget
    is unlimited; for a timed compiled search (``timed_compiled``: ``walls optimize``, ``walls goals``,
    Show best on a Pathery map) on a board scored leg by leg (no teleports, every checkpoint one cell:
    :func:`mathmaze_lib.optimize.big.applies`), ``big`` (it reaches Pathery's published scores in
    the issue's times where ``anneal`` does not: ``benchmarks/bench_pathery.py``); ``anneal`` (which
    moves a few walls) otherwise, as for counted runs, so that a worksheet's key stays the same.

    >>> from mathmaze_lib.puzzles.wallmaze import level
    >>> default_method(level("empty")), default_method(level("mazer"))
    ('build', 'anneal')
    >>> [default_method(level(name), timed_compiled=True) for name in ("mazer", "pathery-complex")]
    ['big', 'anneal']
    """
    if maze.budget == UNLIMITED:
        return "build"
    if timed_compiled:
        from .big import applies
        if applies(maze):
            return "big"
    return "anneal"


def choose_method(board: WallMaze, effort: str, method: Optional[str] = None, seconds: Optional[float] = None,
                  max_iters: Optional[int] = None, compiled: Optional[bool] = None) -> str:
    """The registry name of the optimizer :func:`best_walls` runs for these arguments (the same
    arguments): ``method`` when given, else :func:`default_method` for a search that is timed (by
    ``seconds``, or by the effort's seconds when neither limit is given) and compiled (``compiled``, or
    the effort's, when numba is there)."""
    if method is not None:
        return method
    how = EFFORTS[effort]
    timed = seconds is not None or (max_iters is None and how.seconds is not None)
    return default_method(board, timed_compiled=timed and _compiled(how, compiled))


def _compiled(how: Effort, compiled: Optional[bool]) -> bool:
    """True when the search runs compiled: the caller's ``compiled`` (else the effort's) and numba there."""
    fast = how.compiled if compiled is None else compiled
    return bool(fast) and compiled_available()


@dataclass(frozen=True)
class BestWalls:
    """The best walls known for a board: ``walls``, ``moves``, ``proven`` (by the exact search),
    ``source`` (``"stored"``: the project's goals file, ``"exact"`` or ``"search"``), the ``seconds``
    the search took here (0 for a stored goal), the ``method`` that found them and the search's own
    :class:`OptResult` (``result``; None for a stored goal)."""

    walls: list
    moves: Optional[int]
    proven: bool
    source: str
    seconds: float = 0.0
    method: str = ""
    result: Optional[OptResult] = None

    @property
    def said(self) -> str:
        """How sure the key is, in its words: ``proven best``, or ``best found in 3 s, not proven``."""
        if self.proven:
            return "proven best"
        if self.source == "stored":
            return "best known (the project's stored goal), not proven"
        return f"best found in {max(1, round(self.seconds))} s, not proven"


def best_walls(board: WallMaze, *, preset: Optional[str] = None, level_id: Optional[int] = None,
               effort: str = "worksheet", method: Optional[str] = None, seed: Optional[int] = None,
               seconds: Optional[float] = None, max_iters: Optional[int] = None, workers: Optional[int] = None,
               compiled: Optional[bool] = None, progress: Optional[Callable] = None,
               stored: bool = True, prove_seconds: Optional[float] = None) -> BestWalls:
    """The best walls for ``board`` that the caller's ``effort`` (a name of :data:`EFFORTS`) can find.

    With ``preset`` and ``level_id`` (and ``stored``) a level's stored goal is the answer when it has
    one.  Else ``method`` (default: :func:`default_method`) runs with the effort's limits, unless
    ``seconds`` or ``max_iters`` are given (then only those); a seeded search gets ``seed`` (default:
    the level id, or 0), ``workers`` (default: every core for an effort that uses them) and
    ``compiled`` (default: the effort's, when numba is there).  Then, when the effort asks for a
    proof and the board has no teleports and a limited budget, the exact search starts from what was
    found (for the effort's nodes or seconds; ``prove_seconds`` replaces the seconds, 0 skips the
    proof); its answer is kept when it is proven (or, counted in nodes, better).

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> board = parse("walls: 1\\ns...\\n...f")
    >>> best_walls(board, effort="game").source, best_walls(board, effort="worksheet").said
    ('search', 'proven best')
    """
    if effort not in EFFORTS:
        raise ValueError(f"effort {effort!r}: choose one of {', '.join(EFFORTS)}")
    how = EFFORTS[effort]
    if stored and preset is not None and level_id is not None:
        entry, _problem = level_goal(preset, level_id)
        if entry:
            return BestWalls(sorted(tuple(w) for w in entry["walls"]), entry["moves"], bool(entry["optimal"]),
                             "stored")
    t0 = time.perf_counter()
    name = choose_method(board, effort, method, seconds, max_iters, compiled)
    if name not in METHODS:
        raise ValueError(f"method {name!r}: choose one of {', '.join(sorted(METHODS))}")
    found = _search(board, METHODS[name], how, seed if seed is not None else (level_id or 0), seconds,
                    max_iters, workers, compiled, progress)
    source = "search"
    if prove_seconds is not None:
        how = replace(how, prove_seconds=prove_seconds or None, prove_nodes=None)
    if _provable(board, how) and found.moves is not None and name != "exact":
        proof = _prove(board, found, how, _compiled(how, compiled))
        if proof.optimal or (how.prove_nodes is not None and proof.moves > found.moves):
            found, source = proof, "exact"
    elif name == "exact" and found.optimal:
        source = "exact"
    return BestWalls(sorted(tuple(w) for w in found.walls), found.moves, bool(found.optimal), source,
                     time.perf_counter() - t0, found.method, found)


def _search(board, method: Method, how: Effort, seed, seconds, max_iters, workers, compiled, progress) -> OptResult:
    """One run of ``method`` with the effort's limits and settings (or the caller's)."""
    fast = _compiled(how, compiled)
    if seconds is None and max_iters is None:
        seconds = how.seconds
        max_iters = how.max_iters if fast or how.python_iters is None else how.python_iters
    kwargs = {"seconds": seconds, "max_iters": max_iters, "progress": progress}
    if method.seeded:
        same_everywhere = seconds is None and max_iters is not None     # (then one process unless asked)
        kwargs.update(seed=seed, compiled=fast,
                      workers=workers or (default_workers() if how.every_core and not same_everywhere else 1))
        if how.long_run:
            kwargs.update(method.long_run)
    elif workers:
        raise ValueError(f"workers: only {', '.join(n for n, m in METHODS.items() if m.seeded)} run several "
                         "searches at once")
    return method.run(board, **kwargs)


def _prove(board: WallMaze, found: OptResult, how: Effort, fast: bool) -> OptResult:
    """The exact search from ``found`` within the effort's proof limits: a timed proof (``prove_seconds``)
    runs compiled (:func:`mathmaze_lib.optimize.big.tree.prove`, the same branch and bound) where numba is
    there (``fast``) and the board is scored leg by leg; a counted one (``prove_nodes``) stays
    :func:`~mathmaze_lib.optimize.exact`'s, so that a worksheet's key is the same on every computer.
    (``simple`` level 1 from its best, 23 moves: 19.6 s and 1.4 million nodes in Python, 0.19 s and 98,250
    boards compiled, on one core of the machine of this change.)"""
    if fast and how.prove_nodes is None:
        from .big import applies
        from .big.tree import prove as tree_prove
        if applies(board):
            try:
                r = tree_prove(board, found.moves, seconds=how.prove_seconds)
            except KeyboardInterrupt:           # (Ctrl-C ends the proof, as in the Python search: not proven)
                return replace(found, optimal=False, stopped="interrupted")
            walls = found.walls if r.walls is None else sorted(r.walls)
            return OptResult(walls, r.moves, r.proven, r.nodes, r.seconds, [(r.seconds, r.moves)], "exact",
                             "" if r.proven else "time", True)
    return exact(board, start=found, seconds=how.prove_seconds, max_iters=how.prove_nodes)


def _provable(board: WallMaze, how: Effort) -> bool:
    """True when the effort asks for a proof and the exact search can give one on ``board``."""
    if how.prove_nodes is None and how.prove_seconds is None:
        return False
    if board.teleports or board.budget == UNLIMITED:
        return False
    return how.prove_up_to is None or board.budget <= how.prove_up_to
