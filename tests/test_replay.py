"""Frames of a traced search: one per expansion, the queue in FIFO order, the strongest role per cell."""

import pytest

from mathmaze_lib.puzzles import jumpmaze as jm
from mathmaze_lib import replay
from mathmaze_lib.grid import Grid
from mathmaze_lib.search import bfs


def test_one_frame_per_expansion_and_the_queue_follows_the_trace():
    result = bfs(Grid(3, 3).neighbours, (0, 0), goal=(2, 2), trace=True)
    assert replay.frame_count(result) == len(result.trace) + 1
    start = replay.frame(result, 0)
    assert (start.current, start.frontier, start.visited) == (None, ((0, 0),), set())
    for k, step in enumerate(result.trace, start=1):
        f = replay.frame(result, k)
        taken_goal = k == len(result.trace)     # the last step takes the goal: it is not expanded
        assert (f.current, f.frontier, f.expanded, f.at_goal) == (step.current, step.frontier, k - taken_goal,
                                                                  taken_goal)
        assert f.visited == {s.current for s in result.trace[:k - 1]}
        assert f.distance == result.dist[step.current]


def test_the_last_frame_shows_the_route_and_the_goal():
    result = bfs(Grid(2, 3).neighbours, (0, 0), goal=(1, 2), trace=True)
    last = replay.frame(result, replay.frame_count(result) - 1)
    assert last.path == result.path and last.roles[(1, 2)] == "goal" and last.current == (1, 2)
    assert replay.describe(last).endswith(f"it is {result.length} moves away, and the search stops.")
    assert last.expanded == result.expanded == len(result.trace) - 1


def test_states_on_one_cell_show_the_strongest_role():
    sol = jm.solve(jm.CHAIN_REACTION, "alternate", trace=True)
    shared = 0
    for k in range(replay.frame_count(sol.result)):
        f = replay.frame(sol.result, k, cell_of=jm.cell_of)
        for cell, role in f.roles.items():
            roles_here = [r for node, r in
                          [(n, "visited") for n in f.visited] + [(n, "frontier") for n in f.frontier]
                          + ([(f.current, "current")] if f.current is not None else [])
                          if jm.cell_of(node) == cell]
            if roles_here and role not in ("path", "goal"):
                assert role == max(roles_here, key=replay.PRIORITY.get)
                shared += len(set(roles_here)) > 1
    assert shared > 0, "some cell must hold states with different roles, or this test shows nothing"


def test_untraced_results_and_missing_frames_are_explained():
    with pytest.raises(ValueError, match="run bfs\\(..., trace=True\\)"):
        replay.frame_count(bfs(Grid(2, 2).neighbours, (0, 0)))
    result = bfs(Grid(2, 2).neighbours, (0, 0), trace=True)
    with pytest.raises(ValueError, match="frame -1: must be a whole number from 0 to 4"):
        replay.frame(result, -1)


def test_depth_first_frames_follow_the_search_and_find_every_solution():
    from mathmaze_lib.puzzles import summaze
    from mathmaze_lib.replay import describe_dfs, dfs_frame

    for pid in range(20):
        p = summaze.generate(pid, 3, 4)
        steps = summaze.dfs_steps(p)
        found = [s.route for s in steps if s.action == "found"]
        assert sorted(map(list, found)) == sorted(summaze.solutions(p)), pid
        assert len(found) == summaze.count_solutions(p)
        for i, step in enumerate(steps, start=1):
            f = dfs_frame(steps, i)
            assert f.current == step.route[-1] and f.distance == len(step.route) - 1
            assert all(f.roles[c] == "path" for c in step.route[:-1])
            assert f.roles[step.route[-1]] == {"extend": "current", "back": "visited", "cut": "cut",
                                               "miss": "visited", "found": "goal"}[step.action]
            if step.action == "cut":   # pruned: the total passed the target just now
                assert sum(p.value(c) for c in step.route) > p.target >= sum(p.value(c) for c in step.route[:-1])
            assert describe_dfs(steps, i).startswith(f"Step {i}:")
        unpruned = summaze.dfs_steps(p, prune=False)
        assert not any(s.action == "cut" for s in unpruned) and len(unpruned) >= len(steps)


def test_tree_search_frames_replay_its_queue():
    """The queue the tree-search frames rebuild is the queue the search had (checked by running it again
    step by step here), and the last frame takes the route it returned."""
    from collections import deque

    from mathmaze_lib.puzzles import jumpmaze as jm
    from mathmaze_lib.replay import tree_frame

    maze = jm.parse("2 1 2 2\n1 2 3 1\n3 1 3 2\n1 1 1 0")
    result = jm.solve(maze, method="tree", trace=True).result
    succ = jm.successors(maze)
    queue = deque([(maze.start,)])
    for k in range(1, len(result.trace) + 1):
        route = queue.popleft()
        if route[-1] != maze.end:
            queue.extend(route + (n,) for n in succ(route[-1]))
        f = tree_frame(result, k)
        assert f.path == list(route) and f.frontier == tuple(r[-1] for r in queue)
    last = tree_frame(result, len(result.trace))      # the search stops when it takes the goal's route
    assert last.path == result.route and last.at_goal and last.roles[maze.end] == "goal"
    assert result.route[-1] == maze.end and len(result.trace) == result.expanded + 1
