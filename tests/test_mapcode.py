"""Pathery map codes (mathmaze_lib.puzzles.wallmaze.mapcode): read, written back, and scored on Mayulime's public maps.

The maps are ``benchmarks/pathery_maps.txt`` (Mayulime's examples with its published scores; their
``r2`` cells are the published solutions' walls, or, for Enormous, an earlier published solution's).  The
runner's score of each published solution must be its score, and an independent evaluation (networkx's shortest paths, leg by leg: on
these maps every checkpoint has one cell and there is no teleport, so Pathery's runner walks exactly
the sum of the legs' shortest distances) must say the same.
"""

import random

import networkx as nx
import pytest

from benchmarks.pathery_maps import examples
from mathmaze_lib.puzzles.wallmaze import mapcode
from mathmaze_lib.puzzles import wallmaze
from mathmaze_lib.puzzles.wallmaze import parse

from test_wallmaze_tiles import boards, oracle

MAPS = examples()


def legs_by_networkx(maze, walls):
    """The sum of the legs' shortest distances (start, checkpoints in order, a finish), by networkx."""
    g = nx.grid_2d_graph(maze.rows, maze.cols)
    g.remove_nodes_from(set(maze.rocks) | set(walls))
    g.add_edges_from(("starts", s) for s in maze.starts)
    g.add_edges_from((f, "finishes") for f in maze.ends)
    stops = ["starts"] + [cells[0] for cells in maze.checkpoints] + ["finishes"]
    extra = 2               # the edges to the virtual start and finish nodes
    return sum(nx.shortest_path_length(g, a, b) for a, b in zip(stops, stops[1:])) - extra


def test_the_fifteen_public_maps_are_there():
    assert list(MAPS) == ["Small1", "Small2", "Small3", "Medium1", "Medium2", "Medium3", "Large1", "Large2",
                          "Large3", "Huge1", "Huge2", "Huge3", "Adversarial1", "Enormous", "Gargantuan"]
    assert [MAPS[n].published for n in ("Huge1", "Huge2", "Huge3", "Enormous", "Gargantuan")] == [
        487, 683, 700, 15826, 159845]


@pytest.mark.parametrize("name", list(MAPS))
def test_every_public_map_reads_round_trips_and_scores_its_published_walls(name):
    example = MAPS[name]
    code = mapcode.read(example.code)
    maze = code.maze
    assert code.name == name and code.code() == example.code, "written back exactly as published"
    assert wallmaze.parse(example.code) == maze, "wallmaze.parse reads map codes too"
    assert len(code.walls) == maze.budget, "every published solution uses its whole budget"
    if len(maze.checkpoints) <= 26:
        assert parse(maze.text()) == maze, "and the text format holds the same board"
    else:
        with pytest.raises(ValueError, match="98 checkpoints; the text format writes at most 26"):
            maze.text()
    assert not maze.teleports and all(len(cells) == 1 for cells in maze.checkpoints)
    assert wallmaze.score(maze, code.walls) == example.walls_score
    assert legs_by_networkx(maze, code.walls) == example.walls_score


def test_the_runner_agrees_with_the_networkx_runner_on_a_public_map_with_other_walls():
    maze = mapcode.read(MAPS["Large3"].code).maze
    rng = random.Random(3)
    for _ in range(20):
        walls = rng.sample(maze.open_cells(), 8)
        expected = oracle(maze, walls)
        assert wallmaze.score(maze, walls) == (None if expected is None else expected[0])


def test_random_boards_with_every_tile_round_trip_through_map_codes():
    seen = set()
    for rng, maze, walls in boards(400, seed=30):
        code = mapcode.write(maze, walls, name="Random board")
        back = mapcode.read(code)
        assert (back.maze, back.walls, back.name) == (maze, frozenset(walls), "Random board"), code
        assert mapcode.write(back.maze, back.walls, back.name) == code
        seen.update(tile[:1] for tile in code.split(":")[1].replace(",", " ").split())
    assert {"s", "f", "r", "c", "t", "u", "p"} <= seen


def test_the_tiles_as_pathery_defines_them():
    code = mapcode.read("6.2.999.Tiles one by one...:,s1.,r1.,r3.,p1.,t1.,u1.,s1.,c1.,c1.,c2.,r2.,f1.")
    maze = code.maze
    assert maze.rocks == {(0, 1), (0, 2)} and maze.unbuildable == {(0, 3)}
    assert maze.teleports == ((0, ((0, 4),), ((0, 5),)),)
    assert maze.starts == ((0, 0), (1, 0)) and maze.ends == ((1, 5),)
    assert maze.checkpoints == (((1, 1), (1, 2)), ((1, 3),)), "c1 on two cells: two copies of A"
    assert code.walls == {(1, 4)} and maze.budget == wallmaze.UNLIMITED and maze.is_open((1, 4))
    assert maze.text() == "walls: 999\ns##ptu\nsAABWf".replace("W", ".")
    assert wallmaze.parse(" \n6.2.999.Tiles...:\n,s1.4,f1.\n") == wallmaze.parse("walls: 999\ns....f\n......")


def test_a_teleport_colour_numbers_its_letters():
    maze = mapcode.read("6.1.0.T...:,s1.,t3.,u3.,t5.,u5.,f1.").maze
    assert maze.text() == "walls: 0\nsghklf"


@pytest.mark.parametrize("code, message", [
    ("13.6.7.Small1...", "no ':'"),
    ("x.6.7.S...:,s1.,f1.", "COLUMNS (the first field) must be a whole number >= 1, got 'x'"),
    ("3.0.7.S...:,s1.,f1.", "ROWS (the second field) must be a whole number >= 1, got '0'"),
    ("3.1.-1.S...:,s1.,f1.", "WALLS (the third field) must be a whole number >= 0, got '-1'"),
    ("3.1.1:,s1.,f1.", "it needs COLUMNS.ROWS.WALLS.NAME"),
    ("3.1.1.A.b.c.d.e:,s1.,f1.", "8 fields, at most 7"),
    ("2000.1.0.S...:,s1.,f1.", "at most 1000"),
    ("3.1.0.S...:,s1.,f1", "item 2 (',f1'): every item ends with '.'"),
    ("3.1.0.S...:,s1.r1.,f1.", "item 2 ('r1'): an item is SKIP,TILE"),
    ("3.1.0.S...:,s1.,f1.5,r1.", "item 3 ('5,r1'): it reaches cell 8, past the last of the 3 x 1 board's 3"),
    ("3.1.0.S...:,s1.,q1.,f1.", "item 2 (',q1'): 'q1' is not a tile this project knows"),
    ("3.1.0.S...:,s1.,r4.,f1.", "item 2 (',r4'): 'r4' is not a tile"),
    ("3.1.0.S...:,s1.,s2.,f1.", "item 2 (',s2'): a red start belong"),
    ("3.1.0.S...:,s1.,x2.,f1.", "item 2 (',x2'): 'x' cells belong to Pathery's two-runner maps"),
    ("3.1.0.S...:,s1.,z5.,f1.", "item 2 (',z5'): 'z5' is not a tile"),
    ("3.1.0.S...:,s1.,t6.,f1.", "item 2 (',t6'): teleport colours go from 1 to 5, not 6"),
    ("4.1.0.S...:,s1.,t2.,t2.,f1.", "item 2 (',t2'): teleport colour 2 needs an out-cell u2 too"),
    ("3.1.0.S...:,s1.,u1.,f1.", "item 2 (',u1'): teleport colour 1 needs an in-cell t1 too"),
    ("4.1.0.S...:,s1.,c1.,c3.,f1.", "item 3 (',c3'): checkpoint c3 needs c2 too"),
    ("3.1.0.S...:1,c1.,f1.", "no start (s1)"),
    ("3.1.0.S...:,s1.,c1.", "no finish (f1)"),
    ("4.1.1.S...:,s1.,r2.,r2.,f1.", "2 walls (r2) on the board, more than its WALLS, 1"),
])
def test_a_bad_code_names_the_item_and_the_rule(code, message):
    with pytest.raises(ValueError) as info:
        mapcode.read(code)
    assert message in str(info.value)
    if mapcode.is_code(code):           # (a first character that is no digit: the text format's error)
        with pytest.raises(ValueError, match="map code"):
            wallmaze.parse(code)


def test_writing_checks_the_walls_and_the_name():
    maze = parse("walls: 1\ns#.f")
    with pytest.raises(wallmaze.WallError, match="a wall cannot go on a rock"):
        mapcode.write(maze, [(0, 1)])
    with pytest.raises(ValueError, match="over the budget of 1"):
        mapcode.write(parse("walls: 1\ns..f"), [(0, 1), (0, 2)])
    with pytest.raises(ValueError, match=r"may not contain '\.', ':'"):
        mapcode.write(maze, (), name="v1.2")
    assert mapcode.write(maze, [(0, 2)], "Ok") == "4.1.1.Ok...:,s1.,r1.,r2.,f1."


def test_only_text_starting_with_a_digit_is_a_map_code():
    assert mapcode.is_code("  13.6.7.Small1...:,s1.,f1.") and not mapcode.is_code("; a comment\ns.f")
    assert not mapcode.is_code("") and not mapcode.is_code("walls: 3\ns.f")
    with pytest.raises(ValueError, match="a map code is text"):
        mapcode.read(None)


def test_the_formats_page_shows_a_map_code_that_reads_and_round_trips():
    from pathlib import Path
    page = (Path(__file__).resolve().parent.parent / "docs" / "FORMATS.md").read_text()
    code = page.split("~~~text\n")[1].split("~~~")[0].strip()
    assert code == MAPS["Small1"].code and mapcode.read(code).code() == code
