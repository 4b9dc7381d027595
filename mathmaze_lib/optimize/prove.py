"""Proofs and bounds: the best walls known for a board, an upper bound that holds for *every* wall set,
and "proven optimal" when the two meet (``walls prove``).

Two exact tools work on the same question, each where it is strongest:

* the branch and bound of :func:`mathmaze_lib.optimize.exact` (any better wall set puts a wall on the
  runner's route), compiled (:mod:`mathmaze_lib.optimize.big.tree`, about a million boards a second on
  each core of the machine of earlier stops, the tree split among them): it proves Pathery's Small
  maps in about a second, Medium2 (12 walls) in 159 s on two cores and Medium1 (12 walls) in 573 s
  (754 million boards), both measured on 2026-12-03 (on 2026-12-02, before the bound one wall from the
  end and the chosen route rule of :mod:`~mathmaze_lib.optimize.big.tree`, 195 s and 748 s, 1.27 billion
  boards); but its tree grows fast with the walls;
* a constraint model of the whole problem (:func:`model_bound`), solved by OR-Tools' CP-SAT: the walls
  are true/false variables within the budget; for each leg, a *potential* ``d(v)`` of every cell with
  ``d = 0`` on the leg's sources and ``d(v) <= d(u) + 1`` for every move ``u -> v`` out of a cell ``u``
  without a wall; the leg's length is at most ``d`` of its target; one unit of flow through cells
  without walls from the first checkpoint (or the starts) to every other stop keeps the route open.
  Potentials like these are at most the true distances, and the true distances are such potentials, so
  the model's best equals the best score and *any* bound the solver proves on it (its best bound when
  the time runs out) holds for every wall set.  This is the classic single-level model of shortest-path
  interdiction (Israeli and Wood, 2002).  Its relaxation alone is weak (a wall half built lets every
  potential grow), so on boards up to :data:`ROUTE_RULES_UP_TO` cells (times the legs) the model also
  lays each leg's runner's route out cell by cell, under rules every shortest route keeps
  (:func:`_route_rules`): the leg is no longer than that route, and the route takes no shortcut the board
  leaves open.  With them CP-SAT alone proves Pathery's Small maps (in 15 to 75 s on two cores) and its
  bounds come down (without them it stayed at the plain count, 248 on Medium1, for 600 s).  How fast
  they come down depends on CP-SAT's search (:data:`FOCUSES`): its own mix finds walls and closes small
  gaps (Medium1 after 120 s: 221 moves), while ``max_lp``, which solves the model's whole linear
  relaxation at every step, lowers the bound much faster (Medium1 after 120 s: 162 moves; Large1 307,
  Huge1 877, below what the mix reached in 600 s, 422 and 1,224) but proves little (not even Small1 in
  120 s).

:func:`prove` runs them in turn within one time limit: a short search (or the walls given), the branch
and bound on boards of at most :data:`TREE_UP_TO_WALLS` walls, on every core, for all but
:data:`MODEL_SECONDS` of the time (given up after a probe of :data:`TREE_PROBE` seconds when it would
need more than :data:`TREE_HOPELESS` times the time limit; going on to all but :data:`MODEL_AT_LEAST`
seconds when it is on course to finish by then), then the model: CP-SAT's own mix for a
share of the time (:data:`PROOF_SHARE`, at most :data:`PROOF_SECONDS`), then ``max_lp`` for the rest,
the lower bound of the two kept.  Without
OR-Tools (an optional dependency: ``pip install mathmaze_lib[prove]``), and on boards beyond
:data:`ROUTE_RULES_UP_TO`, the bound is the count of
:func:`count_bound` (each leg's route is shortest on its board, so its cells' sides must meet rocks, walls
or open cells off the route; on Enormous and Gargantuan, where the model has no route's rules, it is the
only bound, and on Adversarial1 the lowest).  Boards with teleports, or with a checkpoint on several cells,
are refused: there the runner's score depends on its tie-breaks, which neither tool models.

>>> from mathmaze_lib.puzzles.wallmaze import parse
>>> p = prove(parse("walls: 3\\ns....\\n.....\\n....f"), seconds=20, walls=[])   # (from no walls: no search)
>>> p.moves, p.bound, p.proven
(8, 8, True)
"""

from __future__ import annotations

import math
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..grid import ORTHOGONAL
from ..puzzles.wallmaze import UNLIMITED, WallMaze, score

__all__ = ["Proof", "prove", "model_bound", "count_bound", "TREE_UP_TO_WALLS", "ROUTE_RULES_UP_TO", "FOCUSES",
           "solver_available"]

#: :func:`prove` tries the branch and bound on boards of at most this many walls (Pathery's Medium maps
#: have 12 and 13); on bigger ones all of the time goes to the model's bound.
TREE_UP_TO_WALLS = 13

#: :func:`model_bound` adds the route's rules (:func:`_route_rules`) on boards whose open cells times legs
#: are at most this (Pathery's Huge maps: about 2,000); on bigger ones :func:`prove` leaves the bound to
#: :func:`count_bound` (Enormous, 42,636, and Gargantuan, 892,188): without the rules the model's bound
#: stayed at the count (Medium1, 600 s; Enormous, 60 s), and on Gargantuan building it took 19 s past a
#: 60-s limit.
ROUTE_RULES_UP_TO = 5_000

#: :func:`model_bound`'s focuses: the CP-SAT searches each runs on its full model (none listed: CP-SAT's
#: own choice; ``max_lp`` is the search with the whole linear relaxation, which lowers the bound fastest).
FOCUSES = {"proof": (), "bound": ("max_lp",)}

#: :func:`prove` gives up the branch and bound once it would need more than this many times the whole
#: time limit to finish (judged from the share of its tree searched, after :data:`TREE_PROBE` seconds):
#: then the time goes to the model's bound.
TREE_HOPELESS = 10.0
TREE_PROBE = 5.0

#: Where the branch and bound may finish, it has all of the time but this many seconds (and at least 30%
#: of it), the model the rest: on Medium1 ``max_lp``'s bound is 162 moves after 120 s, 161 after 600 s,
#: while the tree proves 84 in 13 minutes on two cores (``walls prove --seconds 4000``).
MODEL_SECONDS = 150.0

#: A tree on several cores that has not finished by its share of the time but is on course to finish
#: (:func:`~mathmaze_lib.optimize.big.split.on_course`) goes on until all but this many seconds are spent,
#: the model then gets what is left (in a 600-s run the tree's share is 450 s; a tree that needs up to
#: about 500 s goes on and proves the board rather than stopping for a weaker bound).
MODEL_AT_LEAST = 10.0

#: The model (after a branch and bound that did not finish, or on a board too big for one) first tries to
#: *prove* (CP-SAT's own mix, which proves boards a little beyond the tree) for this share of its time, at most
#: :data:`PROOF_SECONDS`; the rest goes to lowering the bound (``focus="bound"``).
PROOF_SHARE = 0.2
PROOF_SECONDS = 60.0


@dataclass
class Proof:
    """What :func:`prove` knows: the best ``walls`` found and their ``moves``; ``bound``, a number of moves
    no wall set beats; ``proven`` when the two meet; ``how`` the bound was found (``"branch and bound"``,
    ``"CP-SAT"`` or ``"count"``); ``seconds`` taken; ``steps``, what each part did and how long it took, in words."""

    walls: list
    moves: Optional[int]
    bound: Optional[int]
    proven: bool
    how: str
    seconds: float
    steps: list = field(default_factory=list)

    @property
    def gap(self) -> Optional[float]:
        """``bound / moves`` (1.0 when proven), or None without a score."""
        return None if not self.moves or self.bound is None else self.bound / self.moves


def solver_available() -> bool:
    """True when OR-Tools (CP-SAT) is installed for :func:`model_bound` (found, not imported: importing it
    takes a second or two)."""
    import importlib.util

    try:
        return importlib.util.find_spec("ortools.sat.python.cp_model") is not None
    except ImportError:
        return False


def _check(maze: WallMaze) -> None:
    if maze.teleports:
        raise ValueError("prove: the board has teleports; proofs and bounds hold only on boards without them "
                         "(a teleport makes the score depend on the runner's tie-breaks)")
    for k, cells in enumerate(maze.checkpoints):
        if len(cells) > 1:
            raise ValueError(f"prove: checkpoint {k + 1} is on {len(cells)} cells; proofs and bounds hold only "
                             "when every checkpoint is one cell (the runner's choice of copy follows its tie-breaks)")


class _Graph:
    """The board as numbered cells: the cells the starts reach on the bare board (``cells``), their
    neighbours (``nb``), which may take a wall (``wallable``), and the legs as (sources, targets)."""

    def __init__(self, maze: WallMaze):
        grid = maze.grid
        start = [grid.index(c) for c in maze.starts]
        free = [1] * grid.size
        for c in maze.rocks:
            free[grid.index(c)] = 0
        table = grid.neighbour_table(ORTHOGONAL)
        self.nb_all = [[j for j in near if free[j]] for near in table]
        reach = _distances(self.nb_all, start, None)
        self.cells = sorted(reach)
        self.grid = grid
        walls_ok = {grid.index(c) for c in maze.open_cells()}
        self.wallable = [v for v in self.cells if v in walls_ok]
        stops = [start] + [[grid.index(cells[0])] for cells in maze.checkpoints] + [[grid.index(c) for c in maze.ends]]
        self.legs = list(zip(stops, stops[1:]))
        self.budget = len(self.wallable) if maze.budget == UNLIMITED else min(maze.budget, len(self.wallable))
        self.cap = len(self.cells) - 1       # no leg's route is longer: it visits a cell at most once
        self.route_rules = len(self.cells) * len(self.legs) <= ROUTE_RULES_UP_TO
        most = self._side_cap()
        self.leg_caps = [most - (most - sum(self.grid.cell(s[0]) + self.grid.cell(t[0]))) % 2
                         if len(s) == 1 and len(t) == 1 else most for s, t in self.legs]
        # (One cell to one cell, the moves' parity is the cells' colours' on a chessboard.)

    def _side_cap(self) -> int:
        """The most moves any leg's runner can walk, by the sides of its route (:func:`count_bound`)."""
        n = len(self.cells)
        rock_sides = sorted((min(4 - len(self.nb_all[v]), 2) for v in self.cells), reverse=True)
        top = [0]                                   # top[k]: the k largest, summed
        for x in rock_sides:
            top.append(top[-1] + x)
        most = 0
        for walls in range(self.budget + 1):
            lo, hi = 0, n - walls - 1               # (4L - top[L + 1] grows with L: bisect)
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if 4 * mid <= top[min(mid + 1, n)] + 2 + 2 * walls + 2 * n - 6:
                    lo = mid
                else:
                    hi = mid - 1
            most = max(most, lo)
        return most


def _distances(nb, sources, blocked) -> dict:
    """Breadth-first distances from ``sources`` over ``nb`` (cells in ``blocked`` left out)."""
    d = {s: 0 for s in sources}
    queue = deque(sources)
    while queue:
        u = queue.popleft()
        for v in nb[u]:
            if v not in d and (blocked is None or v not in blocked):
                d[v] = d[u] + 1
                queue.append(v)
    return d


def count_bound(maze: WallMaze) -> int:
    """A bound that needs no solver, leg by leg (the legs' caps summed): each leg's route visits a cell at
    most once, so it has at most as many moves as the starts' area has cells, less one; and it is shorter
    still, by the sides of its cells.  A route of ``L`` moves through ``L + 1`` cells, shortest on its
    board, has ``2L + 4`` sides that do not lead to the cell before or after it on the route.  Each leads
    off the board or to a rock (at most two of a cell's four sides, or three at either end, as the route
    goes on through the others), to one of the ``w`` walls (at most four sides each), or to an open cell
    off the route, which touches at most two of the route's cells (a shortest route has no shortcut:
    two cells beside the same cell are at most two moves apart, and a square's cells alternate in
    colour like a chessboard's, so two such cells are two moves apart, or one is the other).  With ``n``
    cells, ``n - w - L - 1`` are open and off the route, so ``2L + 4 <= E + 4w + 2(n - w - L - 1)``, where
    ``E``, the route's sides off the board or on rocks, is at most the ``L + 1`` largest such counts, two at
    most, plus two: ``4L <= E + 2w + 2n - 6``.  The cap is the largest ``L`` that fits, for any ``w`` up
    to the budget, of the parity of the leg's two cells when each is one cell.  A corridor meets it::

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> count_bound(parse("s....f"))
    5
    >>> count_bound(parse("s.A\\n#.f")), count_bound(parse("walls: 4\\ns....\\n.....\\n....f"))
    (5, 10)
    """
    return sum(_Graph(maze).leg_caps)


def model_bound(maze: WallMaze, *, seconds: float = 10.0, walls=(), workers: int = 2, focus: str = "proof") -> dict:
    """The model of the module's text, solved by CP-SAT for ``seconds`` (from ``walls``, a hint):
    ``{"bound": no wall set beats it, "moves" and "walls": the best wall set the solver found (scored by the
    runner; None when it found none), "optimal": the solver proved its best, "status": its word}``.
    ``focus``: ``"proof"``, CP-SAT's own mix of searches (they find wall sets and close small gaps), or
    ``"bound"``, whose main search solves the model's whole linear relaxation at every step (CP-SAT's
    ``max_lp``): it brings the bound down much faster on big boards (Medium1 after 120 s: 162 moves
    against 221) but seldom closes the gap, nor finds good walls (:data:`FOCUSES`).  Three additions
    were measured and left out (2026-12-03, ``focus="bound"`` unless said, two workers): :func:`count_bound`'s
    inequality on the laid-out route (its sides, cell by cell; every route that keeps the rules keeps it):
    Large1 after 60 s 304 against 307, Huge2 1,184 against 1,099; each leg's cap as its length's upper
    bound: Huge2 1,283 (the caps' sum, never below) against 1,099; and hints for every variable from the
    given walls' routes: ``"proof"`` on Medium1 after 30 s 218 against 223, and on Adversarial1 a
    solution (none without) but a bound of 1,083, above the count's 816.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> r = model_bound(parse("walls: 1\\ns..\\n...\\n..f"), seconds=10)
    >>> r["bound"], r["moves"], r["optimal"]
    (4, 4, True)
    """
    from ortools.sat.python import cp_model

    if focus not in FOCUSES:
        raise ValueError(f"focus {focus!r}: choose one of {', '.join(FOCUSES)}")
    _check(maze)
    g = _Graph(maze)
    m = cp_model.CpModel()
    w = {v: m.NewBoolVar(f"w{v}") for v in g.wallable}
    m.Add(sum(w.values()) <= g.budget)
    inside = set(g.cells)
    lengths = []
    for k, (sources, targets) in enumerate(g.legs):
        low = _distances(g.nb_all, sources, None)
        d = {v: (0 if v in sources else m.NewIntVar(low[v], g.cap, f"d{k}_{v}")) for v in g.cells}
        for u in g.cells:
            for v in g.nb_all[u]:
                if v in sources or v not in inside:
                    continue
                step = m.Add(d[v] <= d[u] + 1)
                if u in w:
                    step.OnlyEnforceIf(w[u].Not())
        length = m.NewIntVar(min(low[t] for t in targets), g.cap, f"L{k}")
        for t in targets:
            m.Add(length <= d[t])
        if g.route_rules:
            m.Add(length <= _route_rules(m, g, w, sources, targets))
        lengths.append(length)
    _keep_open(m, g, w, inside)
    m.Maximize(sum(lengths))
    hint = {g.grid.index(c) for c in walls}
    for v, x in w.items():
        m.AddHint(x, v in hint)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = max(0.1, float(seconds))
    solver.parameters.num_workers = max(1, int(workers))
    if FOCUSES[focus]:
        solver.parameters.subsolvers.extend(FOCUSES[focus])
    status = solver.Solve(m)
    out = {"bound": None, "moves": None, "walls": None, "optimal": status == cp_model.OPTIMAL,
           "status": solver.StatusName(status)}
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        # (Only then: with no solution yet, UNKNOWN, the solver's "best bound" is no bound at all; on
        # Enormous, still in its presolve after 30 s, it says 0.)
        cells = sorted(g.grid.cell(v) for v, x in w.items() if solver.Value(x))
        out["walls"], out["moves"] = cells, score(maze, cells)
        bound = math.floor(solver.BestObjectiveBound() + 1e-6)
        if bound < out["moves"]:            # no true bound is below a score reached
            raise RuntimeError(f"CP-SAT's bound {bound} is below its own solution's {out['moves']} moves")
        out["bound"] = min(sum(g.leg_caps), bound)
    return out


def _route_rules(m, g: _Graph, w: dict, sources, targets):
    """One leg's route laid out cell by cell, under rules that every shortest route of the leg keeps
    on every board; its moves (an expression).  Cell ``v`` is on the route (``on[v]``) at position
    ``at[v]`` (moves from the start), and ``step[u, v]`` when the route goes from ``u`` to ``v``:

    1. it is a route: from one start (position 0) to one finish, each cell between entered once and left
       once, one move further at each step, through no wall;
    2. two route cells side by side are one step apart (a shortest route has no shortcut of one move);
    3. two route cells next to one open cell without a wall are at most two moves apart (the shortcut
       through that cell);
    4. (implied by rule 2, said for the solver's linear relaxation) at most three cells of a square of
       four are on the route.

    The runner's route on the best board keeps them, so the leg's length is at most the moves of some
    route that keeps them: a bound.  Rule 3 is what makes walls count: every turn of a long route needs a
    wall, a rock or the edge between its rows."""
    inside, starts, ends = set(g.cells), set(sources), set(targets)
    on = {v: m.NewBoolVar("") for v in g.cells}
    at = {v: m.NewIntVar(0, g.cap, "") for v in g.cells}
    step = {}
    for u in g.cells:
        for v in g.nb_all[u]:
            if v in inside and v not in starts and u not in ends:   # (a shortest route meets a start first
                step[u, v] = m.NewBoolVar("")                        # and a finish last, once each)
                m.Add(at[v] == at[u] + 1).OnlyEnforceIf(step[u, v])
    no = m.NewConstant(0)
    for v in g.cells:
        into = sum(step[u, v] for u in g.nb_all[v] if (u, v) in step)
        out = sum(step[v, u] for u in g.nb_all[v] if (v, u) in step)
        if v in starts:
            m.Add(out == on[v])
            m.Add(at[v] == 0).OnlyEnforceIf(on[v])
        elif v in ends:
            m.Add(into == on[v])
        else:
            m.Add(into == on[v])
            m.Add(out == on[v])
        if v in w:
            m.AddImplication(w[v], on[v].Not())
        for u in g.nb_all[v]:                                        # rule 2
            if u in inside and u < v:
                m.AddBoolOr([step.get((u, v), no), step.get((v, u), no), on[u].Not(), on[v].Not()])
        near = [u for u in g.nb_all[v] if u in inside]               # rule 3, through v
        for a in near:
            for b in near:
                if a != b:
                    m.Add(at[a] - at[b] <= 2).OnlyEnforceIf([on[a], on[b]] + ([w[v].Not()] if v in w else []))
        r, c = g.grid.cell(v)                                        # rule 4
        square = [g.grid.index(x) for x in ((r, c), (r, c + 1), (r + 1, c), (r + 1, c + 1))]
        if c + 1 < g.grid.cols and r + 1 < g.grid.rows and all(x in inside for x in square):
            m.Add(sum(on[x] for x in square) <= 3)
    m.Add(sum(on[v] for v in starts) == 1)
    m.Add(sum(on[v] for v in ends) == 1)
    return sum(step.values())


def _keep_open(m, g: _Graph, w: dict, inside: set) -> None:
    """The route kept open: one unit of flow, through cells without walls, from the first checkpoint (or,
    without checkpoints, from the starts) to each other stop (any start, each checkpoint, any finish)."""
    stops = [g.legs[0][0]] + [targets for _, targets in g.legs]
    source, sinks = (stops[1], [stops[0]] + stops[2:]) if len(stops) > 2 else (stops[0], stops[1:])
    units = len(sinks)
    flow = {}
    for u in g.cells:
        for v in g.nb_all[u]:
            if v in inside:
                f = flow[u, v] = m.NewIntVar(0, units, "")
                for end in (u, v):
                    if end in w:
                        m.Add(f == 0).OnlyEnforceIf(w[end])
    sent = {s: m.NewIntVar(0, units, "") for s in source}
    m.Add(sum(sent.values()) == units)
    taken = {}
    for cells in sinks:
        parts = [m.NewIntVar(0, 1, "") for _ in cells]
        m.Add(sum(parts) == 1)
        for c, x in zip(cells, parts):
            taken.setdefault(c, []).append(x)
    for v in g.cells:
        into = sum(flow[u, v] for u in g.nb_all[v] if (u, v) in flow)
        out = sum(flow[v, u] for u in g.nb_all[v] if (v, u) in flow)
        m.Add(into + sent.get(v, 0) == out + sum(taken.get(v, [])))


def prove(maze: WallMaze, *, seconds: float = 60.0, walls=None, seed: int = 0, workers: Optional[int] = None,
          progress: Optional[Callable] = None) -> Proof:
    """The best walls, a bound and a proof where the time allows (see the module's text), all within
    ``seconds`` (plus one scoring of the board).  ``walls`` (e.g. a map code's own) start the search;
    without them the board's optimizer (:func:`~mathmaze_lib.optimize.best_walls`) runs for a tenth of the
    time (at most 30 s) first.  ``workers``: the solver's and the search's processes (default: the cores).
    """
    from .clock import check_limits, default_workers

    check_limits(seconds, None, need_one=True)
    _check(maze)
    proof = None
    try:
        proof = _prove(maze, seconds, walls, seed, workers or default_workers(), progress)
    finally:
        if progress is not None:            # (ends a progress bar's line, however the run ended)
            progress(1.0, None if proof is None else proof.moves)
    return proof


def _prove(maze: WallMaze, seconds: float, walls, seed: int, workers: int, progress: Optional[Callable]) -> Proof:
    """:func:`prove`, its arguments checked."""
    from .clock import OptResult, compiled_available
    from .exact import exact
    from .policy import best_walls

    t0 = time.perf_counter()
    steps = []

    def left() -> float:
        return seconds - (time.perf_counter() - t0)

    def say(fraction, best):
        if progress is not None:
            progress(min(1.0, fraction), best)

    best_moves, best_cells = None, []
    if walls is not None:
        best_cells = sorted(maze.check_walls(walls))
        best_moves = score(maze, best_cells)
    if walls is None or best_moves is None:
        share = min(30.0, 0.1 * seconds)
        found = best_walls(maze, effort="command", seed=seed, seconds=share, workers=workers).result
        steps.append(f"search: {found.moves} moves in {time.perf_counter() - t0:.1f} s")
        if found.moves is not None and (best_moves is None or found.moves > best_moves):
            best_moves, best_cells = found.moves, list(found.walls)
    say((time.perf_counter() - t0) / seconds, best_moves)
    g = _Graph(maze)
    bound, how = sum(g.leg_caps), "count"
    if best_moves is None:                  # no route even without walls: nothing beats nothing
        return Proof([], None, None, False, how, time.perf_counter() - t0, steps)
    solver = solver_available()             # (and the model only where it has the route's rules)
    if solver and not g.route_rules:
        solver = False
        steps.append(f"CP-SAT: not run ({len(g.cells):,} cells times {len(g.legs)} legs, above "
                     f"{ROUTE_RULES_UP_TO:,}: without the route's rules its bound stays at the count)")
    if g.budget <= TREE_UP_TO_WALLS and left() > 0.5:
        # (The tree proves Pathery's Small maps in a second or so, Medium1 in 9.5 minutes on two cores;
        # the model's bound needs much less than the rest: see MODEL_SECONDS.)
        share = max(0.1, max(0.3 * left(), left() - MODEL_SECONDS) if solver else left())
        t1 = time.perf_counter()
        if compiled_available():           # the compiled tree (about 1M boards a second a core), else the lesson's
            from .big.split import prove as tree_prove
            tree = tree_prove(maze, best_moves, seconds=share, workers=workers,
                              hopeless=(TREE_PROBE, TREE_HOPELESS * seconds) if solver else None,
                              until=left() - MODEL_AT_LEAST)
            moves, cells, done = tree.moves, tree.walls, tree.proven
            note = ("finished" if done else f"gave up, about {tree.share:.4%} of the tree searched" if tree.gave_up
                    else f"stopped, about {tree.share:.2%} of the tree searched")
            steps.append(f"branch and bound: {tree.nodes:,} boards, {note}")
        else:
            tree = exact(maze, seconds=share, start=OptResult(best_cells, best_moves))
            moves, cells, done = tree.moves, tree.walls, tree.optimal
        steps.append(f"branch and bound: {moves} moves in {time.perf_counter() - t1:.1f} s")
        if cells is not None and moves is not None and moves > best_moves:
            best_moves, best_cells = moves, list(cells)
        if done:
            return Proof(best_cells, best_moves, best_moves, True, "branch and bound", time.perf_counter() - t0, steps)
    say((time.perf_counter() - t0) / seconds, best_moves)
    # The model: CP-SAT's own mix, which may prove the board, then the rest of the time lowers the bound (the
    # max of the two runs' walls, the min of their bounds: each holds for every wall set).
    for focus in ("proof", "bound"):
        if not solver or left() <= 0.5:
            break
        t1 = time.perf_counter()
        budget = min(PROOF_SECONDS, PROOF_SHARE * left()) if focus == "proof" else left() - 0.3
        out = model_bound(maze, seconds=budget, walls=best_cells, workers=workers, focus=focus)
        steps.append(f"CP-SAT ({focus}): {out['moves']} moves, bound {out['bound']} ({out['status']}) in "
                     f"{time.perf_counter() - t1:.1f} s")
        if out["moves"] is not None and out["moves"] > best_moves:
            best_moves, best_cells = out["moves"], out["walls"]
        if out["bound"] is not None and out["bound"] < best_moves:
            raise RuntimeError(f"CP-SAT's bound {out['bound']} is below a score reached ({best_moves})")
        if out["bound"] is not None and out["bound"] < bound:
            bound, how = out["bound"], "CP-SAT"
        if bound <= best_moves:
            break
    bound = max(bound, best_moves)
    return Proof(sorted(best_cells), best_moves, bound, bound == best_moves, how, time.perf_counter() - t0, steps)
