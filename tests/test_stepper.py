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
