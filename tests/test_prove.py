"""walls prove: bounds that hold for every wall set, proofs that match brute force, and time limits kept."""

from __future__ import annotations

import itertools
import json
import multiprocessing
import random
import time

import pytest

from mathmaze_lib import optimize
from mathmaze_lib.__main__ import main
from mathmaze_lib.optimize.prove import count_bound, model_bound, prove, solver_available
from mathmaze_lib.puzzles import wallmaze

needs_solver = pytest.mark.skipif(not solver_available(), reason="OR-Tools (the prove extra) is not installed")


def brute_force(maze) -> int:
    """The best score over every wall set within the budget."""
    cells = maze.open_cells()
    best = wallmaze.score(maze)
    for k in range(1, min(maze.budget, len(cells)) + 1):
        for walls in itertools.combinations(cells, k):
            s = wallmaze.score(maze, walls)
            if s is not None and s > best:
                best = s
    return best


def random_board(seed: int, rocks: float = 0.15, sizes=((3, 4), (4, 4), (3, 5)), more=("s", "f", "A"),
                 most_more: int = 2, walls=(1, 3), least: int = 0):
    """A small board with rocks (each cell one with chance ``rocks``), sometimes two starts or finishes and
    a checkpoint (up to ``most_more`` of ``more``), ``walls`` walls, that has a route of ``least`` moves or
    more."""
    rng = random.Random(seed)
    while True:
        rows, cols = rng.choice(sizes)
        grid = [["#" if rng.random() < rocks else "." for _ in range(cols)] for _ in range(rows)]
        free = [(r, c) for r in range(rows) for c in range(cols)]
        rng.shuffle(free)
        marks = ["s", "f"] + rng.sample(list(more), rng.randint(0, most_more))
        for mark, (r, c) in zip(marks, free):
            grid[r][c] = mark
        maze = wallmaze.parse(f"walls: {rng.randint(*walls)}\n" + "\n".join("".join(row) for row in grid))
        moves = wallmaze.score(maze)
        if moves is not None and moves >= least:
            return maze


BOARDS = [random_board(seed) for seed in range(8)]


@needs_solver
@pytest.mark.parametrize("maze", BOARDS, ids=[f"board{i}" for i in range(len(BOARDS))])
def test_the_models_bound_holds_and_meets_brute_force(maze):
    """The CP-SAT model's bound is at least the best score of any wall set (brute force), and once the
    solver proves its best, the bound, its walls' score and the brute-force best are one number."""
    best = brute_force(maze)
    out = model_bound(maze, seconds=20, workers=1)
    assert out["bound"] >= best
    assert out["optimal"], out["status"]
    assert out["bound"] == out["moves"] == best == wallmaze.score(maze, out["walls"])
    assert count_bound(maze) >= best


def test_no_legs_route_is_longer_than_its_cap_by_the_sides_of_its_cells():
    """Every wall set within the budget, on small random boards (one row, two, up to four by five): each
    leg the runner walks has at most its cap's moves (:func:`count_bound`'s caps, one a leg); a corridor
    meets its cap, and the caps are below the plain count of cells."""
    from mathmaze_lib.optimize.prove import _Graph
    from mathmaze_lib.puzzles.wallmaze.runner import Runner

    below = 0
    for seed in range(60):
        maze = random_board(seed, sizes=((1, 6), (2, 5), (3, 4), (4, 4), (4, 5)), walls=(1, 4))
        g = _Graph(maze)
        runner, cells = Runner(maze), [g.grid.index(c) for c in maze.open_cells()]
        for k in range(min(maze.budget, len(cells)) + 1):
            for walls in itertools.combinations(cells, k):
                for leg, (route, cap) in enumerate(zip(runner.legs(set(walls)) or [], g.leg_caps)):
                    assert len(route) - 1 <= cap, (seed, walls, leg)
        below += sum(g.leg_caps) < g.cap * len(g.legs)
    assert below >= 50
    assert count_bound(wallmaze.parse("s....f")) == 5 == wallmaze.score(wallmaze.parse("s....f"))
    assert count_bound(wallmaze.parse("walls: 2\ns...\n....\n...f")) < 15


@needs_solver
@pytest.mark.parametrize("maze", BOARDS[:4], ids=[f"board{i}" for i in range(4)])
def test_the_bound_focus_holds_too(maze):
    """The search for a low bound (the whole linear relaxation at every step) keeps the bound true."""
    best = brute_force(maze)
    out = model_bound(maze, seconds=10, workers=1, focus="bound")
    assert out["bound"] is not None and out["bound"] >= best
    assert not out["optimal"] or out["bound"] == best


def test_a_focus_is_checked():
    with pytest.raises(ValueError, match="focus 'fast'"):
        model_bound(BOARDS[0], focus="fast")


def test_the_tree_gives_up_when_it_would_take_too_long():
    from mathmaze_lib.optimize.big import tree
    maze = wallmaze.parse("walls: 9\n" + "\n".join(["s......."] + ["........"] * 6 + [".......f"]))
    hopeless = tree.prove(maze, 0, seconds=30, hopeless=(0.0, 1e-9))
    assert hopeless.gave_up and not hopeless.proven and hopeless.seconds < 5
    small = BOARDS[1]
    done = tree.prove(small, -1, seconds=30, hopeless=(0.0, 1e9))
    assert done.proven and not done.gave_up
    several = wallmaze.parse("walls: 6\n" + "\n".join(["s....."] + ["......"] * 3 + [".....f"]))
    untimed = tree.prove(several, -1, seconds=None, hopeless=(0.0, 1e9))     # (several chunks, no clock)
    assert untimed.proven and not untimed.gave_up and untimed.nodes > 1_000


def test_the_tree_branches_last_on_the_cells_the_runner_can_step_round():
    """The root's branches: the cells with no detour nearby first (here beside the rocks), then those with
    a detour of 2 moves, then the corner with none (in cell order the corner (0, 4) comes before (1, 4))."""
    from mathmaze_lib.optimize.big import tree
    from mathmaze_lib.optimize.big.legs import board, geo

    maze = wallmaze.parse("walls: 3\ns....\n##...\n....f")
    b, never = board(maze), 1 << 30
    g, t = geo(b), tree.new_tree(b.rocks, b.budget, 0, b.legs)
    tree.start(g, b.wallable, b.budget, t)
    cells = [int(v) for v in t.cand[0, :t.ncand[0]]]
    detours = [tree._detour(g.way, t.blocked, t.prv, t.nxt, t.twice, t.at[tree.STAMP], v) for v in cells]
    assert [maze.grid.cell(v) for v in cells] == [(0, 1), (0, 2), (0, 3), (1, 4), (0, 4)]
    assert detours == [never, never, 2, 2, 0]


def _leg_moves(b, blocked, k):
    """Leg ``k``'s moves on ``blocked`` (cell numbers of the tree's :class:`~.legs.Board` ``b``): the
    lessons' breadth-first search (:func:`mathmaze_lib.search.bfs`), None when blocked."""
    from mathmaze_lib.search import bfs
    dist = bfs(lambda v: [int(u) for u in b.nbrs[v] if u >= 0 and not blocked[u]],
               sources=[int(v) for v in b.srcs[b.sptr[k]:b.sptr[k + 1]]]).dist
    ends = [dist[int(v)] for v in b.tgts[b.tptr[k]:b.tptr[k + 1]] if int(v) in dist]
    return min(ends) if ends else None


@pytest.mark.parametrize("text", ["walls: 4\ns....\n.#.B.\n..A..\n....f", "walls: 4\ns..#.\n.A...\n...B.\nf...s",
                                  "walls: 4\ns.....\n..A...\n......\n.....f"])
def test_every_node_of_the_tree_keeps_a_shortest_open_route_of_each_leg(text):
    """Node by node, each leg's route at every node above the last wall is open and as short as the leg on
    that node's board, also for the legs the node's wall did not touch, whose route the node takes from
    the node above without searching them again."""
    from mathmaze_lib.optimize.big import tree
    from mathmaze_lib.optimize.big.legs import board, geo

    maze = wallmaze.parse(text)
    b = board(maze)
    g, t = geo(b), tree.new_tree(b.rocks, b.budget, -1, b.legs)
    tree.start(g, b.wallable, b.budget, t)
    checked = kept = 0
    while not tree.chunk(g, b.wallable, b.budget, 1, t):
        depth = int(t.at[tree.DEPTH])
        moves = [_leg_moves(b, t.blocked, k) for k in range(b.legs)]
        if depth == b.budget or None in moves:
            continue
        for k in range(b.legs):
            route = [int(v) for v in t.route[depth, k, :t.rlen[depth, k]]]
            assert t.legd[depth, k] == moves[k] == len(route) - 1, (depth, k)
            assert route[0] in b.srcs[b.sptr[k]:b.sptr[k + 1]] and route[-1] in b.tgts[b.tptr[k]:b.tptr[k + 1]]
            assert not any(t.blocked[v] for v in route)
            assert all(u in b.nbrs[v] for v, u in zip(route, route[1:]))
            checked += 1
            kept += not (t.cleg[depth - 1, t.pos[depth - 1] - 1] >> k) & 1
    assert checked > 100 and kept > 20, (checked, kept)


def test_the_first_chunk_does_not_set_the_trees_pace(monkeypatch):
    """On a new machine the first chunk compiles the search (seconds): the pace that may give the tree up
    is judged from its end."""
    from mathmaze_lib.optimize.big import tree
    several = wallmaze.parse("walls: 6\n" + "\n".join(["s....."] + ["......"] * 3 + [".....f"]))
    real, calls = tree.chunk, []

    def compiling_first(*args):
        if not calls:
            time.sleep(1.0)
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(tree, "chunk", compiling_first)
    found = tree.prove(several, -1, seconds=30, hopeless=(0.5, 1e-3))
    assert len(calls) > 1 and found.proven and not found.gave_up


#: The tree's route rules (:data:`mathmaze_lib.optimize.big.tree.FIRST_FOUND`, ``FIRST_NEIGHBOUR``).
RULES = (0, 1)


@pytest.mark.parametrize("maze", BOARDS, ids=[f"board{i}" for i in range(len(BOARDS))])
def test_the_compiled_tree_finds_the_brute_force_best_and_proves_it(maze):
    from mathmaze_lib.optimize.big import tree
    best = brute_force(maze)
    for rule in RULES:
        found = tree.prove(maze, -1, seconds=None, rule=rule)
        assert found.proven and found.moves == best == wallmaze.score(maze, found.walls), rule
        again = tree.prove(maze, best, seconds=None, rule=rule)
        assert again.proven and again.moves == best and again.walls is None, "nothing beats the best"
        if found.nodes > 2:
            assert not tree.prove(maze, -1, seconds=None, max_nodes=2, rule=rule).proven, "stopped early: no proof"


def test_the_last_walls_bound_keeps_every_branch_that_beats_the_best():
    """One wall from the end the tree drops the branches that the shortest route missing them shows
    cannot beat the best (:mod:`~mathmaze_lib.optimize.big.leaves`).  Told one move less than the brute
    force's best, it must still find that best, on every board here (with a checkpoint, two starts or
    corridors among them), by either route rule.  Told the best, on boards of two walls, it scores no
    more boards than the root, its branches and all their branches (the tree without the bound: a node
    built alone lists its branches without it), and fewer on some."""
    from mathmaze_lib.optimize.big import split, tree
    from mathmaze_lib.optimize.big.legs import board, geo
    for maze, rule in itertools.product(BOARDS + CORRIDORS, RULES):
        best = brute_force(maze)
        found = tree.prove(maze, best - 1, seconds=None, rule=rule)
        assert found.proven and found.moves == best == wallmaze.score(maze, found.walls), (maze, rule)
    fewer = 0
    for maze in [m for m in BOARDS + CORRIDORS if m.budget == 2]:
        best, b = brute_force(maze), board(maze)
        root = split._subtree(b, geo(b), [], [], best)
        branches = [int(c) for c in root.cand[0, :root.ncand[0]]]
        listed = 1 + len(branches) + sum(int(split._subtree(b, geo(b), [c], branches[:j], best).ncand[0])
                                         for j, c in enumerate(branches))
        scored = tree.prove(maze, best, seconds=None).nodes
        assert scored <= listed, maze
        fewer += scored < listed
    assert fewer >= 2, "the bound dropped no branch"


#: Boards with many rocks, so that their routes run through corridors (cells with two open sides).
CORRIDORS = [random_board(seed, 0.3, ((4, 5), (5, 5), (4, 6)), ("A", "s"), 1, (2, 3), 6) for seed in range(10)]


@pytest.mark.parametrize("maze", CORRIDORS, ids=[f"corridor{i}" for i in range(len(CORRIDORS))])
def test_the_tree_walls_one_cell_of_each_corridor_and_still_finds_the_brute_force_best(maze):
    """A wall anywhere in a corridor does what a wall on its first cell does, so the tree branches on one
    cell of it; its best is still the brute force's, on boards whose routes run through corridors."""
    from mathmaze_lib.optimize.big import tree
    best = brute_force(maze)
    for rule in RULES:
        found = tree.prove(maze, -1, seconds=None, rule=rule)
        assert found.proven and found.moves == best == wallmaze.score(maze, found.walls), rule


def test_the_tree_branches_on_the_first_cell_of_a_corridor_only():
    """The root's branches on a board whose only route runs through one corridor, from the start's
    neighbour round the corner to the finish's: one branch, the corridor's first cell, not six."""
    from mathmaze_lib.optimize.big import tree
    from mathmaze_lib.optimize.big.legs import board, geo

    maze = wallmaze.parse("walls: 2\ns.....\n#####.\n.....f")
    b = board(maze)
    g, t = geo(b), tree.new_tree(b.rocks, b.budget, 0, b.legs)
    tree.start(g, b.wallable, b.budget, t)
    cells = sorted(maze.grid.cell(int(v)) for v in t.cand[0, :t.ncand[0]])
    assert cells == [(0, 1)], cells


SPLIT_BOARDS = [m for m in BOARDS if m.budget >= 2] + [
    wallmaze.parse("walls: 4\ns....\n.#...\n..A..\n....f"), wallmaze.parse("walls: 5\ns.....\n......\n.....f")]


@pytest.mark.parametrize("maze", SPLIT_BOARDS, ids=[f"board{i}" for i in range(len(SPLIT_BOARDS))])
def test_the_split_tree_is_the_whole_tree(maze):
    """The tasks of the split tree (searched here one after another, as a worker would) find the
    brute-force best, every one finishes, and none beats the best once it is known."""
    from mathmaze_lib.optimize.big import split
    best = brute_force(maze)
    split._start_worker(maze, multiprocessing.Value("d", time.time() + 60, lock=False))
    for depth, rule in itertools.product(range(1, maze.budget), RULES):
        tasks, moves, cells = split.split_at(maze, -1, depth)      # (split by one rule, searched by either)
        found = [split._task((walls, left_out, moves, rule)) for walls, left_out in tasks]
        assert all(done for done, *_ in found)
        top = max([moves] + [got for _, got, walls, _ in found if walls is not None])
        assert top == best, (depth, top, best)
        for done, got, walls, _ in found:
            if walls is not None and got > moves:
                assert wallmaze.score(maze, [maze.grid.cell(v) for v in walls]) == got
        again, moves, cells = split.split_at(maze, best, depth)
        assert cells is None and not any(split._task((w, x, best, rule))[2] for w, x in again)


def test_the_route_rule_is_the_one_whose_smaller_tree_is_smaller(monkeypatch):
    """:func:`~mathmaze_lib.optimize.big.split.choose_rule` picks the rule whose tree with fewer walls
    searches more of itself a board: with no wall fewer, on boards that it finishes, the rule whose whole
    tree (from no known best) scores fewer boards; and the first rule on a board with too few walls to
    leave any out."""
    from mathmaze_lib.optimize.big import split, tree
    assert split.choose_rule(wallmaze.parse("walls: 4\ns....\n.....\n....f")) == tree.FIRST_FOUND
    monkeypatch.setattr(split, "PROBE_WALLS_LESS", 0)
    seen = set()
    for maze in CORRIDORS + SPLIT_BOARDS:
        boards = [tree.prove(maze, -1, seconds=None, rule=rule).nodes for rule in RULES]
        if boards[0] != boards[1]:
            assert split.choose_rule(maze) == RULES[boards.index(min(boards))], (maze, boards)
            seen.add(boards.index(min(boards)))
    assert seen == {0, 1}, "boards where each rule wins"


@pytest.mark.slow
def test_the_tree_on_two_workers_proves_what_one_does(monkeypatch):
    """Split among two processes (after no time alone), the tree proves the same best, its walls score
    it; on a board it cannot finish, it keeps its time limit, or goes on to ``until`` when on course."""
    from mathmaze_lib.optimize.big import split, tree
    monkeypatch.setattr(split, "ALONE_SECONDS", 0.0)
    maze = SPLIT_BOARDS[-1]
    alone = tree.prove(maze, -1, seconds=60)
    two = split.prove(maze, -1, seconds=60, workers=2)
    assert alone.proven and two.proven and two.moves == alone.moves == wallmaze.score(maze, two.walls)
    assert two.share == 1.0 and not two.gave_up
    big = wallmaze.parse("walls: 12\n" + "\n".join(["s" + "." * 15] + ["." * 16] * 7 + ["." * 15 + "f"]))
    t0 = time.perf_counter()
    timed = split.prove(big, 0, seconds=4, workers=2)
    assert not timed.proven and time.perf_counter() - t0 < 4 + 2.5 and 0 <= timed.share < 1
    assert wallmaze.score(big, timed.walls) == timed.moves
    monkeypatch.setattr(split, "on_course", lambda *pace: True)     # (as if it would finish by ``until``)
    t0 = time.perf_counter()
    later = split.prove(big, 0, seconds=2, workers=2, until=6)
    assert not later.proven and 2 + 2.5 < time.perf_counter() - t0 < 6 + 2.5, "it went on to until, no further"


@needs_solver
def test_prove_proves_and_its_answer_is_the_runners():
    maze = BOARDS[1]
    proof = prove(maze, seconds=30, walls=[], workers=1)      # (from no walls: no search first)
    assert proof.proven and proof.moves == proof.bound == brute_force(maze)
    assert wallmaze.score(maze, proof.walls) == proof.moves and len(proof.walls) <= maze.budget


@needs_solver
def test_a_bound_beyond_the_tree_comes_from_the_model():
    """A board with more walls than the branch and bound takes: the model alone proves it (or bounds it)."""
    maze = wallmaze.parse("walls: 14\n" + "\n".join(["s......", ".......", "......f"]))
    proof = prove(maze, seconds=20, walls=[], workers=1)
    assert proof.how in ("CP-SAT", "count") and proof.bound >= proof.moves
    assert wallmaze.score(maze, proof.walls) == proof.moves


def test_a_board_beyond_the_routes_rules_is_bounded_by_the_count_at_once():
    """On a board of more cells times legs than the route's rules take, prove keeps to the count (the
    model's potentials alone never lowered it) and so to its time, whatever the size."""
    from mathmaze_lib.optimize.prove import ROUTE_RULES_UP_TO

    rows = ["s" + "." * 59] + ["." * 60] * 58 + ["." * 58 + "Af"]
    maze = wallmaze.parse("walls: 40\n" + "\n".join(rows))
    assert 60 * 60 * 2 > ROUTE_RULES_UP_TO
    t0 = time.perf_counter()
    proof = prove(maze, seconds=5, walls=[], workers=1)
    assert time.perf_counter() - t0 < 5
    assert (proof.how, proof.bound, proof.proven) == ("count", count_bound(maze), False)
    assert proof.moves == wallmaze.score(maze) and "CP-SAT: not run" in proof.steps[-1]


@needs_solver
def test_no_bound_is_taken_from_a_solver_that_found_nothing():
    """Stopped before any solution (status UNKNOWN), CP-SAT's best bound means nothing (it said 0 on
    Enormous, and 14,708 was reported "proven" against a published 15,826): no bound then."""
    maze = wallmaze.parse("walls: 6\n" + "\n".join(["s" + "." * 30 + "A"] + ["." * 32] * 20 + ["." * 31 + "f"]))
    out = model_bound(maze, seconds=0.01, workers=1)
    assert out["status"] != "UNKNOWN" or out["bound"] is None
    assert out["bound"] is None or out["bound"] >= out["moves"]


def test_prove_refuses_boards_whose_score_follows_tie_breaks():
    with pytest.raises(ValueError, match="teleports"):
        prove(wallmaze.parse("s.t.f\n..p..\nu...."), seconds=1)
    with pytest.raises(ValueError, match="checkpoint 1 is on 2 cells"):
        prove(wallmaze.parse("sA.\n..A\n..f"), seconds=1)


@needs_solver
def test_walls_prove_json(capsys):
    """A code without walls of its own: a short search first (a tenth of the time), then the proof."""
    assert main(["walls", "prove", "--json", "--seconds", "5", "--workers", "1", "--code",
                 "4.3.2.Tiny...:,s1.3,r1.,s1.3,f1."]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"moves", "walls", "bound", "proven"}
    maze = wallmaze.mapcode.read("4.3.2.Tiny...:,s1.3,r1.,s1.3,f1.").maze
    assert out["proven"] and out["moves"] == out["bound"] == brute_force(maze)


@pytest.mark.parametrize("method", ["anneal", "big"])
def test_a_time_limit_is_kept_on_a_big_board(method):
    """A timed compiled search on a 300 x 300 board ends within its time plus about one scoring of the
    board (the first chunk of steps used to be 1,000 or 200 of them: 7 to 10 s past the limit here)."""
    maze = wallmaze.parse("walls: 20\n" + "\n".join("s" + "." * 298 + "f" for _ in range(300)))
    bits = wallmaze.BitRunner(maze)
    t0 = time.perf_counter()
    bits.score(0)
    one = time.perf_counter() - t0
    seconds = 0.5
    optimize.OPTIMIZERS[method](maze, seconds=seconds, workers=1, compiled=True)   # (loads numba's cache)
    t0 = time.perf_counter()
    optimize.OPTIMIZERS[method](maze, seconds=seconds, workers=1, compiled=True)
    over = time.perf_counter() - t0 - seconds
    assert over <= 3 * one + 2.0, f"{over:.2f} s past the limit (one scoring: {one:.3f} s)"   # (2 s: a busy machine)


@needs_solver
@pytest.mark.parametrize("rows", [["s..", "...", "..f"], ["s...", "....", "...f"], ["s.#.", "....", "f..."],
                                  ["s....", ".....", "....f"]])
def test_the_route_rules_alone_leave_no_detour_on_a_board_without_walls(rows):
    """The route's rules (one step between side-by-side route cells, two round an open cell) with no wall
    allowed: the longest route they allow is the runner's.  A route that turns back needs a wall between
    its rows, so every detour breaks one of them."""
    from ortools.sat.python import cp_model

    from mathmaze_lib.optimize.prove import _Graph, _route_rules

    maze = wallmaze.parse("walls: 0\n" + "\n".join(rows))
    g = _Graph(maze)
    m = cp_model.CpModel()
    w = {v: m.NewBoolVar("") for v in g.wallable}
    m.Add(sum(w.values()) == 0)
    (sources, targets), = g.legs
    m.Maximize(_route_rules(m, g, w, sources, targets))
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    assert solver.Solve(m) == cp_model.OPTIMAL
    assert solver.ObjectiveValue() == wallmaze.score(maze)


def test_a_known_maps_bench_row_holds_it_to_its_time():
    """``make bench``'s proof rows: a Known map meets its goal only when proven within its time (Small 60 s,
    Medium 600 s); a slower proof is shown, not passed; maps beyond the Known ones have no goal."""
    from benchmarks.bench_pathery import proof_rows

    def run(moves, bound, seconds):
        return {"moves": moves, "bound": bound, "proven": moves == bound, "how": "branch and bound",
                "seconds": 4000, "wall_seconds": seconds, "load": 0.0}

    rows = {r.what.split(":")[0]: r for r in proof_rows({
        "Small1": run(43, 43, 1.4), "Medium1": run(84, 84, 2073.8), "Medium2": run(85, 85, 590.0),
        "Medium3": run(135, 189, 600.1), "Large1": run(185, 307, 600.0)})}
    assert [(rows[f"Pathery {m}"].goal, rows[f"Pathery {m}"].ok) for m in ("Small1", "Medium1", "Medium2", "Medium3")] \
        == [("= best in 60 s", True), ("= best in 600 s", False), ("= best in 600 s", True), ("= best in 600 s", False)]
    assert "proven optimal" in rows["Pathery Medium1"].note and "took 2073.8 s" in rows["Pathery Medium1"].note
    assert (rows["Pathery Large1"].goal, rows["Pathery Large1"].ok) == ("", None)


def test_the_window_sweep_puts_each_squares_walls_back_at_their_best():
    """``bench_pathery windows``: on a square board one square is the whole board, so from poor walls the
    sweep reaches the brute-force best with as many walls; from there no smaller square finds more."""
    from benchmarks.bench_pathery import window_sweep
    maze = wallmaze.parse("walls: 3\ns....\n.##..\n.....\n..#..\n....f")
    poor = [(0, 3), (0, 4), (1, 4)]             # 8 moves, as without walls; the best is 12
    out = window_sweep(maze, poor, 5)
    assert out["moves"] == brute_force(maze) > wallmaze.score(maze, poor) and out["longer"]
    assert wallmaze.score(maze, out["walls"]) == out["moves"] and len(out["walls"]) == 3 and out["unfinished"] == 0
    again = window_sweep(maze, out["walls"], 2)
    assert (again["moves"], again["longer"], sorted(again["walls"])) == (out["moves"], [], sorted(out["walls"]))
    assert again["squares"] > 1
    with pytest.raises(ValueError, match="side 6"):
        window_sweep(maze, poor, 6)
