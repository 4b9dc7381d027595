"""Wall-maze tiles: unbuildable cells and teleports, checked against an independent networkx runner.

The rules follow a public Pathery emulator, the community solver "midnighttherapy" by Jeff Wu:
repository WuTheFWasThat/midnighttherapy, file ``analyst.js`` (commit a34fa7a3; functions
``PatheryGraph.find_path``, ``PatheryGraph.teleport`` and ``find_full_path``).  What we took from it:

* ``p`` ("patch"): the path may pass, no wall may go there; teleport colours are the letter pairs
  ``t``/``u``, ``m``/``n``, ``g``/``h``, ``i``/``j``, ``k``/``l`` (in-cell, out-cell), its own letters.
* Each leg is one breadth-first search from its sources "in order of priority" (starts and a
  colour's out-cells in row order), neighbours in the order Up, Right, Down, Left, stopping at the
  first target discovered; teleports are ordinary cells for that search.
* The planned path is then walked cell by cell; on an in-cell whose colour is not used yet the
  colour is marked used and the same leg is searched again from all that colour's out-cells
  (``cur = out_blocks``, the leg index is not advanced).  Used colours are kept for the whole run,
  across checkpoints' legs; out-cells do nothing; the jump is not counted as a move
  (``fullpath.length - 1 - num_teleports_used``).
* The cells that matter to a wall are every planned path's cells (its ``relevant_blocks``), walked or
  cut off by a jump: our optimizers try those (``BitRunner.unwalked``).

One difference we keep on purpose: its search never counts a source as a target; ours would, but
on our boards a source (a start, the last checkpoint, an out-cell) is never a target of its leg.

The oracle below rebuilds that with networkx's own breadth-first search (``nx.bfs_edges`` from a
virtual source whose edges go to the sources in priority order, on a directed grid graph whose
edges are inserted Up, Right, Down, Left), not with the library's search.
"""

import random

import networkx as nx
import pytest

from mathmaze_lib import optimize
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.grid import GridParseError
from mathmaze_lib.puzzles.wallmaze import TELEPORTS, parse, run, score

UP_RIGHT_DOWN_LEFT = ((-1, 0), (0, 1), (1, 0), (0, -1))


def grid_digraph(maze, walls):
    g = nx.DiGraph()
    blocked = set(maze.rocks) | set(walls)
    for r in range(maze.rows):
        for c in range(maze.cols):
            if (r, c) in blocked:
                continue
            g.add_node((r, c))
            for dr, dc in UP_RIGHT_DOWN_LEFT:
                n = (r + dr, c + dc)
                if 0 <= n[0] < maze.rows and 0 <= n[1] < maze.cols and n not in blocked:
                    g.add_edge((r, c), n)
    return g


def planned_route(g, sources, targets):
    """networkx BFS from a virtual node linked to ``sources`` in order; the route to the first target met."""
    g.add_node("virtual")
    for s in sources:
        g.add_edge("virtual", s)
    parent = {}
    try:
        for u, v in nx.bfs_edges(g, "virtual"):
            parent[v] = u
            if v in targets:
                route = [v]
                while parent[route[-1]] != "virtual":
                    route.append(parent[route[-1]])
                return route[::-1]
        return None
    finally:
        g.remove_node("virtual")


def oracle(maze, walls):
    """(moves, pieces) of Pathery's runner, or None when blocked."""
    g = grid_digraph(maze, walls)
    colour_of = {cell: k for k, ins, outs in maze.teleports for cell in ins}
    outs_of = {k: list(outs) for k, ins, outs in maze.teleports}
    used, pieces, sources = set(), [], list(maze.starts)
    legs = [set(c) for c in maze.checkpoints] + [set(maze.ends)]
    i = 0
    while i < len(legs):
        route = planned_route(g, sources, legs[i])
        if route is None:
            return None
        for j, cell in enumerate(route):
            k = colour_of.get(cell)
            if k is not None and k not in used:
                used.add(k)
                pieces.append(route[:j + 1])
                sources = outs_of[k]
                break
        else:
            pieces.append(route)
            sources = [route[-1]]
            i += 1
    return sum(len(p) - 1 for p in pieces), pieces


def random_tile_board(rng, rows, cols, checkpoints=0, colours=2):
    """A random board with rocks, some extra starts/finishes, unbuildable cells and teleports."""
    cells = [(r, c) for r in range(rows) for c in range(cols)]
    rng.shuffle(cells)
    chars = {cells[0]: "s", cells[1]: "f"}
    for i in range(checkpoints):
        chars[cells[2 + i]] = "ABC"[i]
    rest = cells[2 + checkpoints:]
    for k in rng.sample(range(len(TELEPORTS)), colours):
        for side in (0, 1):
            for _ in range(rng.choice((1, 1, 2))):
                if rest:
                    chars[rest.pop()] = TELEPORTS[k][side]
    for cell in rest:
        x = rng.random()
        if x < 0.18:
            chars[cell] = "#"
        elif x < 0.28:
            chars[cell] = "p"
        elif x < 0.32:
            chars[cell] = rng.choice("sf")
    text = "\n".join("".join(chars.get((r, c), ".") for c in range(cols)) for r in range(rows))
    for k, (tin, tout) in enumerate(TELEPORTS):     # a colour cut short by a small board: drop it
        if (tin in text) != (tout in text):
            text = text.replace(tin, ".").replace(tout, ".")
    return text


def boards(n, seed):
    rng = random.Random(seed)
    for _ in range(n):
        rows, cols = rng.randint(1, 7), rng.randint(2, 9)
        cps = min(rng.randint(0, 2), rows * cols - 2)
        colours = min(rng.randint(1, 3), max(0, (rows * cols - 2 - cps) // 2))
        maze = parse(random_tile_board(rng, rows, cols, cps, colours))
        walls = [c for c in maze.open_cells() if rng.random() < rng.choice((0.1, 0.25))]
        yield rng, maze, walls


def test_the_runner_agrees_with_a_networkx_pathery_runner_on_3000_boards_with_tiles():
    jumped = blocked = 0
    for rng, maze, walls in boards(3000, seed=16):
        result = run(maze, walls)
        want = oracle(maze, walls)
        if want is None:
            assert result.blocked
            blocked += 1
            continue
        assert (result.moves, result.legs) == want, maze.text()
        jumped += bool(result.jumps)
        for a, b in result.jumps:                     # a jump goes from an in-cell to its colour's out-cell
            colour = [k for k, ins, outs in maze.teleports if a in ins][0]
            assert b in dict((k, outs) for k, ins, outs in maze.teleports)[colour]
        assert not set(result.path) & (set(walls) | maze.rocks)
    assert jumped > 600 and blocked > 50          # the boards really exercise teleports and blocking


def test_the_bit_runner_and_score_agree_with_the_runner_on_boards_with_tiles():
    handed = fast = 0
    for rng, maze, walls in boards(1500, seed=61):
        bits = wallmaze.BitRunner(maze)
        mask = bits.mask(walls)
        moves = score(maze, walls)
        assert bits.score(mask) == moves == wallmaze.Runner(maze).score(
            {r * maze.cols + c for r, c in walls})
        found = bits.route(mask)
        if moves is None:
            assert found is None
        elif run(maze, walls).jumps:                  # the runner's jumps; between them any shortest routes
            path = [bits.cells(x)[0] for x in found[1]]
            jumps, pairs = list(run(maze, walls).jumps), list(zip(path, path[1:]))
            outs = {cell: k for k, _, cells in maze.teleports for cell in cells}
            ins = {cell: k for k, cells, _ in maze.teleports for cell in cells}
            for a, b in pairs:                        # each pair a step, or the runner's next jump (to an
                if jumps and a == jumps[0][0] and outs.get(b) == ins[a]:  # out-cell of its colour, maybe
                    jumps.pop(0)                      # another as near as the runner's)
                else:
                    assert abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
            assert not jumps and found[0] == moves == len(pairs) - len(run(maze, walls).jumps)
            handed += 1
        else:                                         # one shortest route, no teleport on it
            assert found[0] == moves and len(found[1]) == moves + 1
            path = [bits.cells(x)[0] for x in found[1]]
            assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in zip(path, path[1:]))
            assert not set(path) & {cell for _, ins, _ in maze.teleports for cell in ins}
            fast += 1
        assert bits.wallable == bits.mask(maze.open_cells())
    assert handed > 200 and fast > 200            # runs with and without a jump are exercised


def test_a_teleport_can_make_the_walk_longer_and_is_used_once():
    maze = parse("s.t.f\n..p..\nu....")
    r = run(maze)
    assert (r.moves, r.jumps) == (8, [((0, 2), (2, 0))])
    # after the jump the runner walks back over the used in-cell: an ordinary cell now
    assert r.legs[1] == [(2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    assert r.path == [(0, 0), (0, 1), (0, 2), (2, 0), (1, 0), (0, 0), (0, 1), (0, 2), (0, 3), (0, 4)]
    assert score(maze, [(1, 1)]) == 8 and score(maze, [(2, 1), (1, 1)]) == 8


def test_the_walk_both_python_runners_share_cuts_at_an_unused_in_cell_and_plans_the_leg_again():
    """`runner.walk` with a made-up plan: the first route meets in-cell 1 (colour 0): cut there, planned
    again from colour 0's out-cell 10; that route passes in-cell 2, also colour 0, now used: walked whole.
    A route that may not jump (`may_jump` False: no unused in-cell on any shortest route) is never cut."""
    from mathmaze_lib.puzzles.wallmaze.runner import walk

    routes = {0: [0, 1, 2, 3], 10: [10, 2, 3]}

    def plan(sources, k, may_jump=True):
        route = routes[sources[0]]
        return route, len(route) - 1, (route[-1],), may_jump

    assert walk(plan, (0,), 1, colours={1: 0, 2: 0}, outs={0: (10,)}) == [([0, 1], 1, True), ([10, 2, 3], 2, True)]
    assert walk(lambda s, k: plan(s, k, False), (0,), 1, {1: 0}, {0: (10,)}) == [([0, 1, 2, 3], 3, False)]
    assert walk(lambda s, k: None, (0,), 1, {1: 0}, {0: (10,)}) is None


def test_a_used_colour_stays_used_over_the_next_checkpoints_legs():
    maze = parse("stA\n...\nu.f")
    # leg 1: s -> t (jump to u) -> A; leg 2: A -> f passes nothing new
    r = run(maze)
    assert r.jumps == [((0, 1), (2, 0))]
    assert r.legs[0] == [(0, 0), (0, 1)] and r.legs[1][0] == (2, 0) and r.legs[1][-1] == (0, 2)
    maze2 = parse("sAt\n...\nu.f")            # leg 2 (A -> f) goes over t: the jump happens there
    r2 = run(maze2)
    assert r2.jumps == [((0, 2), (2, 0))] and r2.moves == 1 + 1 + 2


def test_several_out_cells_are_searched_from_at_once_in_row_order():
    # two out-cells, both 2 moves from f: the one first in row order wins the tie
    maze = parse("st....\n.....u\n......\n....f.\n......\nu.....")
    r = run(maze)
    assert r.jumps == [((0, 1), (1, 5))]
    assert oracle(maze, [])[0] == r.moves


def test_unbuildable_and_teleport_cells_take_no_wall():
    maze = parse("walls: 5\nsp.tf\nu....")
    assert maze.open_cells() == [(0, 2), (1, 1), (1, 2), (1, 3), (1, 4)]
    with pytest.raises(ValueError, match=r"wall 1 at cell \(0, 1\): a wall cannot go on an unbuildable cell 'p'"):
        maze.check_walls([(0, 1)])
    with pytest.raises(ValueError, match=r"wall 2 at cell \(1, 0\): a wall cannot go on a teleport out-cell 'u' "
                                         r"\(colour 1\)"):
        maze.check_walls([(0, 2), (1, 0)])
    assert not wallmaze.check(maze, [(0, 3)]).ok


def test_the_text_round_trips_with_every_tile():
    text = "walls: 7\ns.tm.ghA\np..ik..f\nu.nhjl#f"
    maze = parse(text)
    assert maze.text() == text and parse(maze.text()) == maze
    assert maze.unbuildable == {(1, 0)}
    assert [k for k, _, _ in maze.teleports] == [0, 1, 2, 3, 4]
    assert maze.teleports[0] == (0, ((0, 2),), ((2, 0),))
    assert wallmaze.show(maze) == text.split("\n", 1)[1]


@pytest.mark.parametrize("text, message", [
    ("s.t\n..f", "line 1, column 3: cell (0, 2): teleport in-cell 't' (colour 1) needs at least one out-cell 'u'"),
    ("walls: 2\ns..\n.nf", "line 3, column 2: cell (1, 1): teleport out-cell 'n' (colour 2) needs at least one "
                           "in-cell 'm'"),
    ("s.x\n..f", "line 1, column 3"),
])
def test_bad_tiles_name_line_and_column(text, message):
    with pytest.raises(GridParseError) as err:
        parse(text)
    assert str(err.value).startswith(message)
    if "x" in text:
        assert "'p' unbuildable" in str(err.value) and "'t'/'u'" in str(err.value)


def test_roles_of_tiles_have_a_colour_and_a_mark():
    from mathmaze_lib import palette
    maze = parse("sptf\nu...")
    texts, roles = wallmaze.view(maze)
    assert roles[(0, 1)] == "unbuildable" and roles[(0, 2)] == "tele_in" and roles[(1, 0)] == "tele_out"
    assert texts[0][1] == "•" and texts[0][2] == "→1" and texts[1][0] == "1→"   # the path crosses p
    for role in ("unbuildable", "tele_in", "tele_out"):
        st = palette.style(role)
        assert st["color"].startswith("#") and st["mark"]


def test_the_picture_shows_tiles_in_the_legend_and_the_jump_dotted():
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from mathmaze_lib import draw
    maze = parse("walls: 1\ns...f\n.t...\nu....")
    r = run(maze, [(0, 1)])
    ax = draw.grid(*wallmaze.view(maze, [(0, 1)]), legend=True)
    labels = [t.get_text() for t in ax.get_legend().get_texts()]
    assert "⇩ teleport in" in labels and "⇧ teleport out" in labels
    draw.route(ax, r.path, jumps=r.jumps)
    dotted = [line for line in ax.lines if line.get_linestyle() == ":"]
    assert len(dotted) == 1 and list(dotted[0].get_xdata()) == [1, 0] and list(dotted[0].get_ydata()) == [1, 2]
    plt.close(ax.figure)


@pytest.mark.parametrize("method", ["greedy", "local", "anneal"])
def test_optimizers_leave_tiles_alone_and_score_teleports_right(method):
    rng = random.Random(7)
    for _ in range(15):
        maze = parse("walls: 4\n" + random_tile_board(rng, 5, 7, 1, 2))
        if score(maze) is None:
            continue
        kwargs = {} if method == "greedy" else dict(seed=1, seconds=None, max_iters=150)
        result = optimize.OPTIMIZERS[method](maze, **kwargs)
        assert set(result.walls) <= set(maze.open_cells())
        assert result.moves == score(maze, result.walls) == oracle(maze, result.walls)[0]


def test_the_exact_search_refuses_teleports():
    with pytest.raises(ValueError, match="only on boards without teleports"):
        optimize.exact(parse("walls: 1\nst.\nu.f"))
    r = optimize.exact(parse("walls: 1\nsp.\n..f"))        # unbuildable cells alone are fine
    assert r.optimal and (0, 1) not in r.walls


def test_route_candidates_include_the_planned_cells_a_jump_cut_off():
    maze = parse("s.t.f\n.....\n....u")
    bits = wallmaze.BitRunner(maze)
    moves, route = bits.route(0)
    assert moves == 4 and [bits.cells(x)[0] for x in route] == [(0, 0), (0, 1), (0, 2), (2, 4), (1, 4), (0, 4)]
    assert bits.cells(bits.unwalked) == [(0, 3)]          # planned s -> f straight on, cut at t
    cands = [bits.cells(c)[0] for c in optimize.route_candidates(bits, route, 0)]
    assert cands == [(0, 1), (1, 4), (0, 3)]
    assert bits.score(bits.mask([(0, 3)])) == score(maze, [(0, 3)]) == oracle(maze, [(0, 3)])[0]
    bits.score(0)
    assert bits.unwalked == 0                              # only the last route's
