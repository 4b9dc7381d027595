"""The ice maze (mathmaze_lib.puzzles.icemaze), the fourth puzzle: its rules written out again
independently, and what it gets from the registry alone (the game, the worksheet, the command line)."""

import json
import random

import networkx as nx
import pytest

from mathmaze_lib.__main__ import main
from mathmaze_lib.puzzles import PUZZLES, icemaze
from mathmaze_lib.widgets.game import Game
from mathmaze_lib.teacher.worksheet import render, sheet


def _random_maze(rng, rows, cols):
    rocks = frozenset((r, c) for r in range(rows) for c in range(cols) if rng.random() < 0.25)
    ice = [(r, c) for r in range(rows) for c in range(cols) if (r, c) not in rocks]
    start, goal = rng.choice(ice), rng.choice(ice)
    return icemaze.IceMaze(rows, cols, rocks - {start, goal}, start, goal)


def _stops(maze, cell):
    """The slides written out again: step while the next cell is on the board and not a rock."""
    out = []
    for dr, dc in [(-1, 0), (0, 1), (1, 0), (0, -1)]:
        r, c = cell
        while 0 <= r + dr < maze.rows and 0 <= c + dc < maze.cols and (r + dr, c + dc) not in maze.rocks:
            r, c = r + dr, c + dc
        if (r, c) != cell and (r, c) not in out:
            out.append((r, c))
    return out


def test_the_slides_stop_only_at_rocks_and_edges():
    rng = random.Random(1)
    for _ in range(200):
        maze = _random_maze(rng, rng.randint(1, 6), rng.randint(2, 6))
        succ = icemaze.successors(maze)
        for cell in maze.grid.cells():
            if cell not in maze.rocks:
                assert succ(cell) == _stops(maze, cell)


def test_bfs_on_the_stops_finds_the_shortest_route_networkx_finds():
    rng = random.Random(2)
    solved = 0
    for _ in range(200):
        maze = _random_maze(rng, rng.randint(2, 6), rng.randint(2, 6))
        graph = nx.DiGraph([(u, v) for u in maze.grid.cells() if u not in maze.rocks for v in _stops(maze, u)])
        graph.add_nodes_from([maze.start, maze.end])
        try:
            want = nx.shortest_path_length(graph, maze.start, maze.end)
        except nx.NetworkXNoPath:
            want = None
        route = icemaze.solve(maze)
        assert (None if route is None else len(route) - 1) == want
        if route:
            solved += 1
            assert icemaze.check(maze, route).reason.endswith("a shortest route")
    assert solved > 50


def test_check_names_the_first_bad_slide_and_says_when_a_route_is_not_the_shortest():
    m = icemaze.parse("s..#\n.#..\n...g")
    assert icemaze.check(m, []).reason == "the route is empty: it must begin at the start (0, 0)"
    v = icemaze.check(m, [(0, 0), (0, 1)])
    assert (v.ok, v.cell, v.step) == (False, (0, 1), 1) and v.reason.startswith("slide 1: from (0, 0)")
    v = icemaze.check(m, [(0, 0), (2, 0), (2, 3)])
    assert v.ok and v.reason == "the route reaches the goal in 2 slides: a shortest route"
    v = icemaze.check(m, [(0, 0), (0, 2), (0, 0), (2, 0), (2, 3)])
    assert v.ok and v.reason == "the route reaches the goal in 4 slides; the shortest route takes 2"
    assert icemaze.check(m, [(0, 0), (2, 0)]).reason == "the route stops at (2, 0) but the goal is (2, 3)"
    assert not icemaze.check(m, [(2, 0)]).ok


def test_refusal_is_none_exactly_on_the_stops_and_says_why_in_the_lesson_s_words():
    rng = random.Random(3)
    for _ in range(100):
        maze = _random_maze(rng, rng.randint(2, 5), rng.randint(2, 5))
        for cell in maze.grid.cells():
            reason = icemaze.refusal(maze, [maze.start], cell)
            assert (reason is None) == (cell in _stops(maze, maze.start)), (maze.text(), cell, reason)
    m = icemaze.parse("s.#\n...\n..g")
    rock = "(0, 2) is a rock: a slide stops on the ice before a rock, never on it."
    assert icemaze.refusal(m, [(0, 0)], (0, 2)) == rock
    assert icemaze.refusal(m, [(0, 0)], (1, 1)).startswith("(1, 1) is not in a straight line")
    assert icemaze.refusal(m, [(0, 0)], (1, 0)).startswith("You cannot stop on (1, 0): sliding down")
    assert icemaze.refusal(m, [(0, 0)], (9, 9)) == "(9, 9) is off the 3 x 3 board."


def test_the_text_format_round_trips_and_names_the_place_of_an_error():
    for pid in range(10):
        maze = icemaze.make(pid)
        assert icemaze.parse(maze.text()) == maze and icemaze.make(pid) == maze
    with pytest.raises(ValueError, match="line 2, column 2: .*a second start"):
        icemaze.parse("s.\n.s\n.g")
    with pytest.raises(ValueError, match="no start"):
        icemaze.parse("..\n.g")
    with pytest.raises(ValueError, match="id"):
        icemaze.parse("id: x\ns.\n.g")
    with pytest.raises(ValueError, match="maze id -1: must be a whole number >= 0"):
        icemaze.make(-1)


def test_made_mazes_are_solvable_and_take_several_slides():
    slides = [icemaze.shortest_slides(icemaze.make(pid)) for pid in range(30)]
    assert all(s is not None and s >= 3 for s in slides) and max(slides) >= 8


def test_the_registry_gives_the_ice_maze_the_whole_shape():
    kind = PUZZLES["ice"]
    maze = kind.make(5)
    assert kind.module is icemaze and kind.parse(kind.text(maze)) == maze
    assert kind.successors(maze, maze.start) == _stops(maze, maze.start)


def test_the_one_game_plays_an_ice_maze(tmp_path):
    game = Game("ice", 4)
    maze, route = game.puzzle, icemaze.solve(game.puzzle)
    rock = sorted(maze.rocks)[0]
    game.board.click(*rock)
    assert game.board.status == icemaze.refusal(maze, [maze.start], rock) and game.answer == [maze.start]
    for cell in route[1:]:
        game.board.click(*cell)
    assert game.won and game.board.status == "Well done! " + icemaze.check(maze, route).reason.capitalize() + "."
    assert "Ice mazes, puzzle 4, 7 rows by 7 columns" in repr(game)


def test_a_worksheet_of_ice_mazes_has_their_keys(tmp_path):
    s = sheet("ice", [1, 2, 3])
    assert [it.title for it in s.items] == ["Puzzle 1", "Puzzle 2", "Puzzle 3"]
    for item in s.items:
        assert icemaze.check(item.puzzle, item.answer["route"]).ok
        assert item.key_text.startswith(icemaze.check(item.puzzle, item.route).reason)
    assert render(s, tmp_path / "ice.pdf") == 1 and render(s, tmp_path / "key.pdf", key=True) == 1


def test_the_command_line_generates_solves_and_prints_worksheets(capsys, tmp_path):
    assert main(["generate", "ice", "--id", "6"]) == 0
    path = tmp_path / "ice.txt"
    path.write_text(capsys.readouterr().out)
    assert main(["solve", "ice", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and [tuple(c) for c in data["answer"]] == icemaze.solve(icemaze.make(6))
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "ice", "--ids", "1-4", "--out", str(out), "--key", str(tmp_path / "k.pdf")]) == 0
    assert out.read_bytes().startswith(b"%PDF") and "4 puzzles" in capsys.readouterr().out
