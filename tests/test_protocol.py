"""One shape for every puzzle, reached through the registry PUZZLES: make, parse/text, check -> Verdict,
refusal, successors, view, tested against each puzzle's own independent machinery (check_path, solve,
score, the search core)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from mathmaze_lib import palette, search
from mathmaze_lib.puzzles import jumpmaze, summaze, wallmaze
from mathmaze_lib.puzzles import PUZZLES, protocol
from mathmaze_lib.puzzles.protocol import Verdict

SIZES = {"summaze": {}, "jump": {"rows": 4, "cols": 4}, "walls": {}}


@pytest.mark.parametrize("name", sorted(PUZZLES))
def test_every_puzzle_kind_has_the_whole_shape_and_round_trips(name):
    kind = PUZZLES[name]
    assert protocol.missing(kind) == [] and kind.name == name
    for pid in range(3):
        puzzle = kind.make(pid, **SIZES.get(name, {}))
        assert kind.make(pid, **SIZES.get(name, {})) == puzzle, "the same id gives the same puzzle"
        again = kind.parse(kind.text(puzzle))
        assert kind.text(again) == kind.text(puzzle)
        texts, roles = kind.view(puzzle)
        assert len(texts) == puzzle.rows and all(len(row) == puzzle.cols for row in texts)
        assert all(palette.check_role(role) for role in roles.values())


def test_summaze_check_agrees_with_check_path_and_names_the_cell():
    rng = random.Random(1)
    for pid in range(30):
        p = summaze.generate(pid)
        for path in [list(p.path)] + [summaze.random_walk(p.grid, p.start, rng.randint(1, 9), rng) for _ in range(5)]:
            v = summaze.check(p, path)
            assert isinstance(v, Verdict) and v.ok == summaze.check_path(p, path).ok
            assert v.reason == summaze.check_path(p, path).reason
            assert v.ok or v.cell in set(path)
        for solution in summaze.solutions(p):
            assert summaze.check(p, solution).ok
    assert summaze.check(summaze.generate(1), []).cell is None


def test_summaze_successors_count_the_solutions_through_the_search_core():
    for pid in range(20):
        p = summaze.generate(pid, 3, 4)
        too_big = lambda route, p=p: sum(p.value(c) for c in route) > p.target  # noqa: E731
        found = [r for r in search.simple_paths(summaze.successors(p), p.start, p.end, prune=too_big)
                 if sum(p.value(c) for c in r) == p.target]
        assert len(found) == summaze.count_solutions(p)


def test_summaze_parse_names_the_line_and_the_rule():
    with pytest.raises(ValueError, match="line 2.*end"):
        summaze.parse("start: 0 0\nend: 5 5\ntarget: 3\n1 0")
    with pytest.raises(ValueError, match="missing"):
        summaze.parse("start: 0 0\ntarget: 3\n1 0")


@pytest.mark.parametrize("rule", ["ortho", "diag8", "alternate", "nouturn", "wrap"])
def test_jumpmaze_check_accepts_every_legal_walk_and_names_the_first_bad_jump(rule):
    rng = random.Random(rule)
    for _ in range(40):
        maze = jumpmaze.random_maze(rng, rng.randint(2, 5), rng.randint(2, 5))
        best = jumpmaze.solve(maze, rule)
        if best.route:
            v = jumpmaze.check(maze, best.route, rule)
            assert v.ok and v.reason.endswith("a shortest route")
        # a random legal walk through the states: legal all the way, right only when it ends at the goal
        succ, state, walk = jumpmaze.successors(maze, rule), jumpmaze.start_state(maze, rule), [maze.start]
        for _ in range(rng.randint(0, 6)):
            options = succ(state)
            if not options:
                break
            state = rng.choice(options)
            walk.append(jumpmaze.cell_of(state))
        v = jumpmaze.check(maze, walk, rule)
        assert v.ok == (walk[-1] == maze.end)
        if not v.ok:
            assert v.cell == walk[-1] and "goal" in v.reason
        # one landing moved to a cell no jump reaches: named, with its cell
        landings = {jumpmaze.cell_of(s) for s in succ(jumpmaze.start_state(maze, rule))}
        off = next((c for c in maze.grid.cells() if c not in landings), None)
        if off is not None:
            bad = jumpmaze.check(maze, [maze.start, off], rule)
            assert not bad.ok and bad.cell == off and bad.reason.startswith("jump 1:")


def test_jumpmaze_successors_are_what_bfs_solves():
    rng = random.Random(3)
    for _ in range(20):
        maze = jumpmaze.random_maze(rng, 5, 5)
        dist = search.bfs(jumpmaze.successors(maze), maze.start).dist
        assert dist == jumpmaze.distances_from_start(maze)


def test_wallmaze_check_agrees_with_the_runner_and_names_a_bad_wall():
    rng = random.Random(5)
    maze = wallmaze.level("simple", 1)
    for _ in range(30):
        walls = rng.sample(maze.open_cells(), rng.randint(0, maze.budget))
        v = wallmaze.check(maze, walls)
        moves = wallmaze.score(maze, walls)
        assert v.ok == (moves is not None)
        if v.ok:
            assert v.reason.startswith(f"the runner walks {moves} moves")
    rock = sorted(maze.rocks)[0]
    bad = wallmaze.check(maze, [maze.open_cells()[0], rock])
    assert not bad.ok and bad.cell == rock and "rock" in bad.reason
    too_many = wallmaze.check(maze, maze.open_cells()[:maze.budget + 1])
    assert not too_many.ok and "budget" in too_many.reason


def test_wallmaze_successors_give_the_runners_moves():
    rng = random.Random(8)
    for k in range(1, 4):
        maze = wallmaze.level("simple", k)
        walls = rng.sample(maze.open_cells(), 3)
        result = search.bfs(wallmaze.successors(maze, walls), sources=list(maze.starts),
                            goal=lambda cell, m=maze: cell in m.ends)
        assert result.length == wallmaze.score(maze, walls)


# ---- why a click is refused: each puzzle module says it, from the same rules as its check ----------

def test_summaze_refusal_agrees_with_check_path_on_every_click():
    rng = random.Random(11)
    for pid in range(15):
        p = summaze.generate(pid)
        path = [p.start]
        for _ in range(12):
            for cell in p.grid.cells():
                reason = summaze.refusal(p, path, cell)
                # a legal click keeps the path free of broken steps (it may still be short or off target)
                step = summaze.check_path(p, path + [cell]).step
                assert (reason is None) == (step is None or step > len(path)), (p.id, path, cell, reason)
                assert (reason is None) == summaze.legal_step(p, path, cell)
            options = [c for c in p.grid.cells() if summaze.refusal(p, path, c) is None]
            if not options:
                break
            path.append(rng.choice(options))
    assert summaze.refusal(summaze.generate(1), [], (0, 1)) == "A path begins at Start (0, 0), not at (0, 1)."


@pytest.mark.parametrize("rule", ["ortho", "diag8", "alternate", "toggle", "nouturn", "wrap", "wildcard"])
def test_jumpmaze_refusal_is_none_exactly_on_the_landings(rule):
    rng = random.Random(rule)
    for _ in range(20):
        maze = jumpmaze.random_maze(rng, rng.randint(2, 5), rng.randint(2, 5))
        state = jumpmaze.start_state(maze, rule)
        for _ in range(4):
            landings = jumpmaze.landings(maze, state, rule)
            assert landings == {jumpmaze.cell_of(s): s for s in jumpmaze.successors(maze, rule)(state)}
            for cell in maze.grid.cells():
                reason = jumpmaze.refusal(replace(maze, rule=rule), [state], cell)
                assert (reason is None) == (cell in landings)
                assert reason is None or str(cell) in reason or str(jumpmaze.cell_of(state)) in reason
            if not landings:
                break
            state = rng.choice(list(landings.values()))


def test_wallmaze_refusal_agrees_with_check():
    rng = random.Random(12)
    maze = wallmaze.level("simple", 1)
    walls: list = []
    for _ in range(60):
        cell = (rng.randrange(maze.rows), rng.randrange(maze.cols))
        reason = PUZZLES["walls"].refusal(maze, walls, cell)
        if cell in walls:           # a click on a wall takes it off again
            assert reason is None
            continue
        verdict = wallmaze.check(maze, walls + [cell])
        assert (reason is None) == verdict.ok, (walls, cell, reason, verdict)
        if reason is None:
            walls.append(cell)
    assert PUZZLES["walls"].refusal(maze, [], (maze.rows, 0)).endswith("is off the 6 x 13 board.")


@pytest.mark.parametrize("rule", ["ortho", "alternate", "nouturn", "wrap+nouturn"])
def test_jumpmaze_refusal_reads_a_route_of_cells_as_the_game_reads_its_states(rule):
    rng = random.Random(rule)
    for _ in range(20):
        maze = replace(jumpmaze.random_maze(rng, rng.randint(2, 5), rng.randint(2, 5)), rule=rule)
        states = [jumpmaze.start_state(maze)]
        for _ in range(4):
            cells = [jumpmaze.cell_of(s) for s in states]
            for cell in maze.grid.cells():
                assert jumpmaze.refusal(maze, cells, cell) == jumpmaze.refusal(maze, states, cell)
            landings = jumpmaze.landings(maze, states[-1])
            if not landings:
                break
            states.append(landings[rng.choice(sorted(landings))])
    with pytest.raises(ValueError, match="jump 1"):
        jumpmaze.refusal(replace(jumpmaze.CHAIN_REACTION, rule="alternate"), [(0, 0), (1, 1)], (2, 2))


def test_every_kind_s_successors_are_its_search_moves():
    """The registry's successors(puzzle, state) are the moves the search core follows."""
    for name, puzzle, state in [("summaze", summaze.make(42), (0, 0)), ("jump", jumpmaze.CHAIN_REACTION, (0, 0)),
                                ("walls", wallmaze.level("simple", 1), wallmaze.level("simple", 1).starts[0])]:
        kind = PUZZLES[name]
        assert kind.successors(puzzle, state) == list(kind.successor_function(puzzle)(state))
        assert kind.successors(puzzle, state)
    assert PUZZLES["jump"].successors(replace(jumpmaze.CHAIN_REACTION, rule="alternate"),
                                      ((0, 0), 0, None, None)) == [((0, 4), 1, None, None), ((4, 0), 1, None, None)]


def test_every_kind_s_key_is_a_right_answer():
    for name, puzzle in [("summaze", summaze.make(7)), ("jump", jumpmaze.make(3, 4, 4))]:
        kind = PUZZLES[name]
        answer = kind.solve(puzzle)
        assert kind.check(puzzle, answer).ok
        assert all(kind.refusal(puzzle, answer[:k], answer[k]) is None for k in range(1, len(answer)))


def test_the_registry_names_its_kinds_and_refuses_others():
    assert list(PUZZLES)[:3] == ["summaze", "jump", "walls"] and len(PUZZLES) == len(list(PUZZLES))
    assert all(PUZZLES[name].name == name and protocol.missing(PUZZLES[name]) == [] for name in PUZZLES)
    with pytest.raises(KeyError, match="no puzzle kind 'chess'"):
        PUZZLES["chess"]
    assert PUZZLES["jump"].module is jumpmaze and PUZZLES["walls"].module is wallmaze
    bad = protocol.Kind("x", "X", "", None, *(lambda *a: None,) * 7)
    assert protocol.missing(bad) == [] and protocol.missing(object()) == list(protocol.VOCABULARY)


def test_the_formats_page_shows_texts_that_parse_and_round_trip():
    """docs/FORMATS.md's examples are real: each puzzle's parses and writes itself back unchanged."""
    import re
    from pathlib import Path
    page = (Path(__file__).resolve().parent.parent / "docs" / "FORMATS.md").read_text()
    sections = re.findall(r"^## [^\n]*?\(`(\w+)\.parse`[^\n]*\n\n```\n(.*?)```", page, re.S | re.M)
    modules = {PUZZLES[name].module.__name__.rpartition(".")[2]: name for name in PUZZLES}
    assert sorted(module for module, _ in sections) == sorted(modules)        # every puzzle, once
    for module, text in sections:
        kind = PUZZLES[modules[module]]
        assert kind.text(kind.parse(text)) == text.strip(), module


def test_notebooks_saved_before_the_move_still_import_the_puzzles():
    """`from mathmaze_lib import summaze` (learners' saved notebooks, class copies released before the
    puzzles moved into mathmaze_lib.puzzles) gives the same packages."""
    import mathmaze_lib
    from mathmaze_lib import jumpmaze as old_jm, summaze as old_summaze

    assert old_summaze is summaze and old_jm is jumpmaze
    with pytest.raises(AttributeError, match="no attribute 'chess'"):
        mathmaze_lib.chess
