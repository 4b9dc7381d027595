"""The jumping-maze generator: design terms against the library's searches, the fast scorer against
design_terms, the incremental cluster count, the annealer's options, and `jump generate`."""

import json
import random
import re
import statistics

import pytest

from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib.puzzles.jumpmaze import objective
from mathmaze_lib.grid import Grid

import commandline

CELL_RULES = ["ortho", "diag8", "rightdown", "wrap", "diag8+wrap"]
STATE_RULES = ["alternate", "toggle", "nouturn", "wildcard", "diag8+nouturn", "toggle+wildcard"]


def random_maze(rng, rows, cols, rule, holes=False):
    """A random maze under ``rule`` with every kind of token the rule allows (and holes if asked)."""
    names = set(jm.check_rule(rule).split("+"))
    top = max(rows, cols) - 1
    cells, circled = [], set()
    for r in range(rows):
        row = []
        for c in range(cols):
            roll = rng.random()
            if holes and roll < 0.08 and (r, c) not in ((0, 0), (rows - 1, cols - 1)):
                row.append(jm.HOLE)
            elif "wildcard" in names and roll < 0.2 and (r, c) != (0, 0):
                row.append(jm.WILD)
            else:
                row.append(rng.randint(0 if roll > 0.95 else 1, max(1, top)))
            if "toggle" in names and rng.random() < 0.25:
                circled.add((r, c))
        cells.append(tuple(row))
    return jm.JumpMaze(rows, cols, tuple(cells), (0, 0), (rows - 1, cols - 1), jm.check_rule(rule),
                       frozenset(circled))


def slow_terms(maze):
    """The design terms through the library's own searches (solve, count_shortest, analyse)."""
    sol, info = jm.solve(maze), jm.analyse(maze)
    return (sol.jumps, jm.count_shortest(maze) if sol.route else 0,
            len(info["black_holes"]) if sol.route else None, len(info["white_holes"]) if sol.route else None,
            len(info["unreachable"]))


@pytest.mark.parametrize("rule", CELL_RULES + STATE_RULES)
def test_design_terms_agree_with_solve_count_and_analyse(rule):
    rng = random.Random(rule)
    for _ in range(25):
        maze = random_maze(rng, rng.randint(2, 6), rng.randint(2, 6), rule, holes=True)
        t = jm.design_terms(maze)
        mine = (t.jumps, t.shortest_routes, t.black_holes if t.jumps is not None else None,
                t.white_holes if t.jumps is not None else None, t.unreachable)
        assert mine == slow_terms(maze), maze.text()


def test_forced_opening_and_clusters_by_hand():
    # 1 -> (0, 1) has one move (down to (1, 1)); (1, 1) holds 1 with three moves
    maze = jm.parse("1 1 3\n3 1 1\n3 3 0")
    t = jm.design_terms(maze)
    assert t.forced == 0, "the start has two moves: right and down"
    # the start's 2 lands only right ((2, 0) is a hole); the 1 there can only go down ((0, 1) is a hole)
    forced = jm.parse("2 # 1\n1 1 1\n# 1 0")
    assert jm.design_terms(forced).forced == 2
    # groups of equal numbers: the five 1s of `forced` touch: (5 - 1)**2; holes and the goal never count
    assert jm.design_terms(forced).clusters == 16
    assert jm.design_terms(jm.parse("1 2\n2 0")).clusters == 0


@pytest.mark.parametrize("rule", CELL_RULES)
def test_the_fast_scorer_agrees_with_design_terms_after_every_change(rule):
    rng = random.Random(rule)
    names = set(jm.check_rule(rule).split("+"))
    for _ in range(6):
        rows, cols = rng.randint(2, 7), rng.randint(2, 7)
        maze = random_maze(rng, rows, cols, rule)
        vals = [v for row in maze.cells for v in row]
        vals[-1] = 0
        scorer = objective._CellScorer(rows, cols, names, 0, rows * cols - 1)
        scorer.load(vals, set())
        for _ in range(30):
            i = rng.randrange(rows * cols - 1)
            vals[i] = rng.randint(1, max(1, max(rows, cols) - 1))
            scorer.changed(i, vals)
            m = objective._StateScorer(rows, cols, jm.check_rule(rule), 0, rows * cols - 1).maze(vals, set())
            t = jm.design_terms(m)
            for whole in (False, True):
                jumps, routes, forced = scorer.route(vals, set())
                black, white, unreachable, reached = scorer.rest(whole)
                assert (jumps, unreachable) == (t.jumps, t.unreachable), m.text()
                if jumps is not None:
                    assert (routes, forced, black) == (t.shortest_routes, t.forced, t.black_holes), m.text()
                    assert white == (t.white_holes if whole else 0), m.text()


def test_clusters_recounted_around_a_changed_cell_match_a_full_count():
    rng = random.Random(5)
    rows, cols = 6, 7
    nbrs = Grid(rows, cols).neighbour_table()
    keys = [(rng.randint(1, 3), False) for _ in range(rows * cols)]
    keys[-1] = None
    total = objective._cluster_penalty(keys, rows, cols)
    for _ in range(300):
        i = rng.randrange(rows * cols - 1)
        old, new = keys[i], (rng.randint(1, 3), rng.random() < 0.2)
        near = [i] + [k for k in nbrs[i] if keys[k] in (old, new)]
        total -= objective._groups_at(keys, near, nbrs)
        keys[i] = new
        total += objective._groups_at(keys, near, nbrs)
        assert total == objective._cluster_penalty(keys, rows, cols)


def test_generate_is_reproducible_and_its_terms_are_the_mazes():
    a, b = jm.generate(7, 5, 5), jm.generate(7, 5, 5)
    assert a.maze == b.maze and a.score == b.score and a.steps == a.budget == jm.default_steps(5, 5)
    assert a.terms == jm.design_terms(a.maze) and a.score == jm.score_terms(a.terms, a.objective)
    assert a.terms.good and a.jumps == jm.solve(a.maze).jumps >= 17
    assert not a.stopped and a.maze.rule == "ortho" and a.maze.end == (4, 4)


@pytest.mark.slow
def test_five_by_five_mazes_reach_the_published_quality():
    made = [jm.generate(i, 5, 5) for i in range(1, 21)]
    assert all(g.shortest_routes == 1 and g.black_holes == 0 for g in made)
    jumps = [g.jumps for g in made]
    assert statistics.median(jumps) >= 18 and max(jumps) >= 19, jumps


def test_generated_mazes_are_unique_and_long_on_seven_and_ten():
    for size, least in ((7, 30), (10, 55)):
        g = jm.generate(1, size, size)
        assert g.terms.good and g.jumps >= least, (size, g.jumps)


@pytest.mark.parametrize("rule", ["diag8", "alternate", "toggle", "nouturn", "wildcard"])
def test_every_rule_gives_a_unique_maze_that_uses_the_rule(rule):
    g = jm.generate(3, 5, 5, rule, steps=8000 if rule == "diag8" else 1500)
    maze = g.maze
    assert maze.rule == jm.check_rule(rule) and g.terms.good and g.jumps >= 8, (g.jumps, maze.text())
    assert g.terms == jm.design_terms(maze)
    route = jm.solve(maze).route
    if rule == "toggle":
        assert any(c in maze.circled for c in route[1:-1]), "the route switches at a circled cell"
    if rule == "wildcard":
        assert any(maze.value(c) == jm.WILD for c in route), "the route repeats a jump on a '*'"
    if rule == "alternate":
        assert jm.solve(maze, "ortho").route != route, "every second jump is diagonal"


def test_objective_weights_change_the_maze():
    plain = [jm.generate(i, 5, 5, steps=6000, objective={"clusters": 0}) for i in (1, 2)]
    tidy = [jm.generate(i, 5, 5, steps=6000, objective={"clusters": 1}) for i in (1, 2)]
    assert sum(g.clusters for g in tidy) < sum(g.clusters for g in plain)
    assert all(g.objective["clusters"] == 1.0 and g.terms.good for g in tidy)
    holes = jm.generate(1, 5, 5, steps=6000, objective={"white_holes": 5})
    assert holes.white_holes == 0 and holes.terms.good


def test_a_band_of_jumps_gives_shorter_good_routes():
    """An easier maze on request: the search climbs to the most jumps asked for and keeps the maze good."""
    for band in [(4, 5), (8, 10)]:
        for pid in (1, 2):
            g = jm.generate(pid, 5, 5, steps=6000, jumps=band)
            assert band[0] <= g.jumps <= band[1] and g.terms.good, (band, pid, g.jumps)
    assert jm.generate(1, 5, 5, steps=6000, jumps=(3, None)).maze == jm.generate(1, 5, 5, steps=6000).maze


def test_annealing_beats_plain_hill_descent():
    for pid in (2, 3):
        hill = jm.generate(pid, 5, 5, steps=4000, temperature=(0, 0))
        anneal = jm.generate(pid, 5, 5, steps=4000)
        assert hill.terms.good and anneal.terms.good
        assert anneal.jumps > hill.jumps, (pid, anneal.jumps, hill.jumps)


def test_the_time_limit_is_a_safety_stop_that_says_so():
    g = jm.generate(1, 12, 12, steps=10**7, seconds=0.3)
    assert g.stopped.startswith("time limit of 0.3 s reached after") and 0 < g.steps < g.budget == 10**7
    assert g.terms == jm.design_terms(g.maze)


def test_progress_reports_steps_in_order_and_ends_at_the_budget():
    calls = []
    g = jm.generate(2, 4, 4, steps=500, progress=lambda step, steps, best: calls.append((step, steps, best)))
    assert calls[-1] == (500, 500, g.jumps)
    assert [c[0] for c in calls] == sorted(c[0] for c in calls) and 50 <= len(calls) <= 102


def test_steps_zero_keeps_the_random_start_and_default_steps_scale_with_size():
    g = jm.generate(3, 4, 4, steps=0)
    assert g.steps == 0 and g.terms == jm.design_terms(g.maze)
    assert jm.default_steps(5, 5) > jm.default_steps(10, 10) > jm.default_steps(30, 30) > jm.default_steps(100, 100)
    assert jm.default_steps(100, 100) * 100 * 100 <= 4_000_000, "a step costs about the cells: bounded time"


@pytest.mark.parametrize("kwargs, message", [
    ({"steps": -5}, "steps -5: must be a whole number >= 0"),
    ({"steps": 2.5}, "steps 2.5"),
    ({"seconds": 0}, "seconds 0: must be a finite number > 0"),
    ({"restarts": 0}, "restarts 0"),
    ({"objective": {"beauty": 1}}, "objective term 'beauty': unknown term"),
    ({"objective": {"clusters": -1}}, "objective term 'clusters' weight -1: must be a finite number >= 0"),
    ({"rule": "zigzag"}, "unknown rule 'zigzag'"),
    ({"temperature": (0.1, 2)}, "temperature (0.1, 2): give (start, end) with start >= end > 0"),
    ({"temperature": (2, 0)}, "or (0, 0) for plain hill climbing"),
    ({"temperature": 3}, "temperature 3"),
    ({"jumps": (7, 4)}, "jumps (7, 4): give (fewest, most) jumps"),
    ({"jumps": (0, None)}, "jumps (0, None)"),
    ({"jumps": 5}, "jumps 5"),
])
def test_bad_options_name_the_option_and_the_rule(kwargs, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        jm.generate(1, 4, 4, **kwargs)


# ---------------------------------------------------------------- the command line

def cli(*args):
    return commandline.run("jump", "generate", *args)


@pytest.mark.parametrize("args, option", [
    (["--steps", "-5"], "--steps -5: must be a whole number >= 0 (the number of annealing steps)"),
    (["--seconds", "0"], "--seconds 0.0: must be a finite number > 0 (the time limit)"),
    (["--rows", "0"], "--rows 0: must be a whole number from 1 to 100 (the number of rows"),
    (["--cols", "101"], "--cols 101: must be a whole number from 1 to 100 "
                        "(the number of cols; the largest board is 100 x 100)"),
    (["--restarts", "0"], "--restarts 0"),
    (["--weight", "beauty=2"], "--weight 'beauty=2': write TERM=WEIGHT"),
    (["--weight", "clusters=-1"], "a weight is a number >= 0"),
    (["--rule", "zigzag"], "--rule: rule 'zigzag': unknown rule"),
])
def test_cli_refuses_bad_values_with_one_line_and_exit_code_2(args, option):
    proc = cli("--id", "1", *args)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and option in proc.stderr


def test_cli_prints_every_design_term_and_a_maze_that_parses():
    proc = cli("--id", "4", "--rows", "4", "--cols", "5", "--steps", "3000")
    assert proc.returncode == 0, proc.stderr
    made = jm.generate(4, 4, 5, steps=3000)
    assert jm.parse(proc.stdout).cells == made.maze.cells
    for term in jm.OBJECTIVE:
        assert f";   {term}" in proc.stdout
    assert f"{made.jumps} jumps" in proc.stdout and "None" not in proc.stdout


def test_cli_says_there_is_no_route_instead_of_none_jumps():
    pid = next(i for i in range(300) if jm.generate(i, 3, 3, steps=0).jumps is None)
    proc = cli("--id", str(pid), "--rows", "3", "--cols", "3", "--steps", "0")
    assert proc.returncode == 0 and "no route from (0, 0) to (2, 2)" in proc.stdout
    assert "None" not in proc.stdout
    data = json.loads(cli("--id", str(pid), "--rows", "3", "--cols", "3", "--steps", "0", "--json").stdout)
    assert data["jumps"] is None and data["parts"] is None


def test_cli_json_and_the_time_limit_note():
    proc = cli("--id", "2", "--rows", "40", "--cols", "40", "--steps", "1000000", "--seconds", "1.5", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert {"maze", "jumps", "score", "terms", "parts", "objective", "steps", "budget", "stopped"} <= set(data)
    assert data["steps"] < data["budget"] and data["stopped"].startswith("time limit of 1.5 s")
    assert "note: time limit of 1.5 s reached" in proc.stderr and "generating: step" in proc.stderr
    assert jm.parse(data["maze"]).rows == 40


def test_cli_makes_the_largest_board_with_one_shortest_route_and_no_black_holes():
    proc = cli("--id", "1", "--rows", "100", "--cols", "100", "--quiet", "--json")
    assert proc.returncode == 0 and proc.stderr == "", proc.stderr
    data = json.loads(proc.stdout)
    terms = data["terms"]
    assert terms["shortest_routes"] == 1 and terms["black_holes"] == 0 and data["steps"] == data["budget"] == 400
    maze = jm.parse(data["maze"])
    assert (maze.rows, maze.cols) == (100, 100) and jm.solve(maze).jumps == data["jumps"] == terms["jumps"]


def test_cli_notes_a_maze_that_falls_short_and_what_may_help():
    state = cli("--id", "1", "--rows", "21", "--cols", "21", "--rule", "nouturn", "--steps", "5", "--quiet")
    assert state.returncode == 0
    assert re.search(r"^note: it has \d+ black holes? .*rules with state are annealed in plain Python.*use a "
                     r"smaller board or a rule on cells", state.stderr, re.M), state.stderr
    bare = cli("--id", "1", "--rows", "5", "--cols", "5", "--steps", "0", "--quiet")
    assert "note: it has no route (a good maze has one shortest route and no black holes): more --steps may find one" \
        in bare.stderr
    assert "note:" not in cli("--id", "1", "--rows", "4", "--cols", "4", "--quiet").stderr
    # a term the weights leave out is not asked for
    assert "note:" not in cli("--id", "1", "--rows", "5", "--cols", "5", "--steps", "30", "--quiet",
                              "--weight", "black_holes=0", "--weight", "unique=0").stderr
