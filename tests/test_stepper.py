"""The step-through search widget: frames on the board, queue panel, counts, buttons, fuzz."""

import random

import pytest

from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib import replay
from mathmaze_lib.grid import Grid
from mathmaze_lib.search import bfs
from mathmaze_lib.widgets import Board, SearchStepper


def grid_result():
    return bfs(Grid(3, 4).neighbours, (0, 0), goal=(2, 3), trace=True)


def test_stepping_to_the_end_marks_the_goal_path():
    result = grid_result()
    s = SearchStepper(result, rows=3, cols=4)
    for _ in range(s.count + 5):
        s.step_button.click()
    assert s.frame_index == s.count - 1
    assert s.board.route == result.path and s.board.get_role((2, 3)) == "goal"
    # the search ends by taking the goal from the queue: the goal is the current node, the route is path
    assert s.board.cells_with_role("current") == []
    assert set(s.board.cells_with_role("path")) == set(result.path[:-1])
    assert s.board.status.startswith(f"Step {s.count - 1}: took the goal (2, 3) from the queue")
    assert s.counts.value.startswith(f"expanded {result.expanded} · ")


def test_reset_restores_the_board():
    board = Board(3, 4, roles=[["start"] + ["plain"] * 3, ["plain"] * 4, ["plain"] * 3 + ["end"]])
    s = SearchStepper(grid_result(), board=board)
    first = board.roles
    assert first == [["frontier"] + ["plain"] * 3, ["plain"] * 4, ["plain"] * 3 + ["end"]]
    s.last()
    assert board.roles != first
    s.reset_button.click()
    assert s.frame_index == 0 and board.route == [] and board.roles == first


@pytest.mark.parametrize("index", [0, 1, 4, 7])
def test_queue_panel_and_counts_match_the_frame(index):
    result = grid_result()
    s = SearchStepper(result, rows=3, cols=4)
    s.slider.value = index
    f = replay.frame(result, index)
    for node in f.frontier:
        assert str(node) in s.queue.value
    assert s.queue.value.count("<span") == len(f.frontier) + (f.current is not None)
    assert s.counts.value.startswith(f"expanded {f.expanded} · in the queue {len(f.frontier)}")


def test_it_works_for_state_graphs_through_cell_of():
    maze = jm.CHAIN_REACTION
    sol = jm.solve(maze, "alternate", trace=True)
    s = SearchStepper(sol.result, rows=6, cols=6, texts=maze.texts(), cell_of=jm.cell_of)
    s.last()
    assert s.board.route == sol.route and s.board.get_role(maze.end) == "goal"


def test_a_result_without_trace_is_refused_with_a_reason():
    with pytest.raises(ValueError, match="no trace"):
        SearchStepper(bfs(Grid(2, 2).neighbours, (0, 0)), rows=2, cols=2)
    with pytest.raises(ValueError, match="needs a board, or rows and cols"):
        SearchStepper(grid_result())


def test_fuzz_10000_presses():
    result = grid_result()
    s = SearchStepper(result, rows=3, cols=4)
    rng = random.Random(1)
    actions = [s.step_button.click, s.reset_button.click, s.last,
               lambda: setattr(s.slider, "value", rng.randrange(s.count))]
    for _ in range(10_000):
        rng.choice(actions)()
        assert 0 <= s.frame_index < s.count
        assert len(s.board.cells_with_role("current")) == (0 < s.frame_index < s.count - 1)
        assert (s.board.route == result.path) == (s.frame_index == s.count - 1)


# ---- the learner's own search beside the lesson's (exercises/stepping.py) --------------------------

LITTLE = jm.parse("2 1 2 2\n1 2 3 1\n3 1 3 2\n1 1 1 0")      # lesson 2's 4 x 4 maze


def bfs_right(succ, start):
    from collections import deque

    dist, queue = {start: 0}, deque([start])
    while queue:
        node = queue.popleft()
        for nxt in succ(node):
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist


def test_a_learners_bfs_is_replayed_from_its_calls_and_its_first_difference_marked():
    from mathmaze_lib.exercises import lesson2, stepping

    stepper = stepping.step_bfs_distances(bfs_right, LITTLE)
    assert stepper.beside.first is None and stepper.first_button.disabled
    assert "all 15 distances agree" in stepper.beside.summary
    assert "agree" not in repr(stepper)        # a saved notebook says nothing about a learner it has not seen
    stepper.last()
    assert stepper.counts.value == "your search: expanded 15 · reached, not yet expanded 0"
    for slip in [s for rule in lesson2.Q2_RULES for s in rule.slips]:     # a stack, the start missing or at 1
        stepper = stepping.step_bfs_distances(slip, LITTLE)
        first = stepper.beside.first
        assert first is not None and not stepper.first_button.disabled, stepper.beside.summary
        stepper.first_button.click()
        assert stepper.frame_index == first and stepper.note.value and "Step" in stepper.note.value
        assert stepper.board.cells_with_role("highlight") == [stepper.beside.marks[first]]
    stack = lesson2.Q2_RULES[1].slips[0]
    run, beside = stepping.watch_bfs_distances(stack, LITTLE)
    assert [s.current for s in run.trace][:2] == [(0, 0), (2, 0)] and beside.marks[2] == (0, 2)


def test_a_learners_search_that_raises_loops_or_calls_the_library_is_told_so(monkeypatch):
    from mathmaze_lib.exercises import stepping
    from mathmaze_lib.search import bfs

    monkeypatch.setattr(stepping, "CALL_SECONDS", 0.3)
    monkeypatch.setattr(stepping, "ALL_SECONDS", 0.6)

    def raises(succ, start):
        succ(start)
        return {}[start]

    def forever(succ, start):
        while True:
            succ(start)

    _, beside = stepping.watch_bfs_distances(raises, LITTLE)
    assert "raised KeyError" in beside.summary and "return {}[start]" in beside.summary and beside.first == 1
    _, beside = stepping.watch_bfs_distances(forever, LITTLE)
    assert "was stopped" in beside.summary and beside.first == 2       # it expands the start a second time
    _, beside = stepping.watch_bfs_distances(lambda succ, start: bfs(succ, start).dist, LITTLE, forbidden=[bfs])
    assert "write the search yourself" in beside.summary
    from mathmaze_lib.exercises import lesson3

    def runs_forever(maze, walls):
        while True:
            pass

    beside = stepping.ask_runner_moves(runs_forever, lesson3.BOARD)
    assert "ran out of time" in beside.summary and beside.first == 1 and "not asked" in beside.notes[-1]


def test_a_learners_count_and_runner_are_asked_at_each_step_of_the_lessons_search():
    from mathmaze_lib.exercises import lesson1, lesson3, stepping
    from mathmaze_lib.puzzles import summaze, wallmaze

    tiny = summaze.generate(2, 3, 3)                   # lesson 1's tiny puzzle
    agree = stepping.ask_count_paths(lambda p: sum(1 for _ in summaze.solutions(p)), tiny)
    assert agree.first is None and "agrees every time" in agree.summary
    for rule in lesson1.Q4_RULES:
        for slip in rule.slips:
            assert stepping.ask_count_paths(slip, tiny).first is not None, rule.text
    unmark = stepping.ask_count_paths(lesson1.Q4_RULES[1].slips[1], tiny)
    assert "every step one further the answers agree" in unmark.notes[unmark.first]
    board = lesson3.BOARD
    agree = stepping.ask_runner_moves(lambda maze, walls: wallmaze.score(maze, walls), board)
    assert agree.first is None and "the runner walks 9 moves" in agree.summary
    first_start_only = lesson3.Q1_RULES[0].slips[0]
    beside = stepping.ask_runner_moves(first_start_only, board)
    assert beside.first == 2 and beside.marks[2] == (1, 0)
    stepper = stepping.step_runner_moves(first_start_only, board)
    assert stepper.board.get_role((0, 7)) == "rock"


def test_the_rest_of_a_route_is_a_puzzle_whose_solutions_go_on_from_it():
    from mathmaze_lib.exercises.stepping import rest_of_route
    from mathmaze_lib.puzzles import summaze

    for pid in range(12):
        p = summaze.generate(pid, 3, 4, lengths=(2, 8))
        steps = summaze.dfs_steps(p)
        for step in (s for s in steps if s.action == "extend"):
            below = sum(1 for t in steps if t.action == "found" and t.route[:len(step.route)] == step.route)
            assert summaze.count_solutions(rest_of_route(p, step.route)) == below


def test_a_function_not_written_yet_is_not_attempted():
    from mathmaze_lib.exercises import lesson3, stepping
    from mathmaze_lib.puzzles import summaze

    def bfs_distances(succ, start):
        return None

    stepper = stepping.step_bfs_distances(bfs_distances, LITTLE)
    assert stepper.beside.summary.startswith("Not attempted yet: write your bfs_distances (Exercise 2)")
    assert stepper.count == 1 and stepper.first_button.disabled
    for ask, board in ((stepping.ask_count_paths, summaze.generate(2, 3, 3)), (stepping.ask_runner_moves, lesson3.BOARD)):
        beside = ask(lambda *args: None, board)
        assert beside.summary.startswith("Not attempted yet") and beside.first is None
