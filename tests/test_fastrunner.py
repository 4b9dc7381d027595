"""The compiled wall-maze runner (mathmaze_lib.puzzles.wallmaze.fastrunner) against the lesson's runner.

The compiled runner must make exactly the runs of :class:`mathmaze_lib.puzzles.wallmaze.Runner` (the same
moves and the same cells, jumps included), which ``test_wallmaze_tiles`` checks against a networkx
emulation of Pathery's runner; here both are compared on the same random boards.
"""

import random

import pytest

from mathmaze_lib.puzzles.wallmaze import fastrunner, parse, run

from test_wallmaze import random_board   # noqa: E402 (the tests' own board makers)
from test_wallmaze_tiles import boards, oracle

pytestmark = pytest.mark.skipif(not fastrunner.AVAILABLE, reason="numba is not installed")


def numbers(maze, cells):
    return [r * maze.cols + c for r, c in cells]


def test_the_compiled_runner_makes_the_runners_runs_on_3000_boards_with_tiles():
    jumped = blocked = 0
    for rng, maze, walls in boards(3000, seed=160):
        moves, route = fastrunner.run(fastrunner.board(maze), numbers(maze, walls))
        result = run(maze, walls)
        if result.blocked:
            assert moves == -1 and oracle(maze, walls) is None
            blocked += 1
            continue
        assert moves == result.moves == oracle(maze, walls)[0], maze.text()
        assert route == numbers(maze, result.path), maze.text()
        jumped += bool(result.jumps)
    assert jumped > 600 and blocked > 50


def test_the_compiled_runner_makes_the_runners_runs_on_boards_with_checkpoints():
    rng = random.Random(7)
    tie_prone = 0
    for _ in range(1500):
        rows, cols = rng.randint(1, 8), rng.randint(2, 12)
        text = random_board(rng, rows, cols, min(rng.randint(0, 3), rows * cols - 2))
        for letter in "ABC"[:text.count("A") + text.count("B") + text.count("C")]:
            for _ in range(rng.randint(0, 2)):              # more copies of a checkpoint
                spot = rng.choice([i for i, ch in enumerate(text) if ch in ".#"] or [None])
                if spot is not None:
                    text = text[:spot] + letter + text[spot + 1:]
        maze = parse(text)
        walls = [c for c in maze.open_cells() if rng.random() < 0.2]
        moves, route = fastrunner.run(fastrunner.board(maze), numbers(maze, walls))
        result = run(maze, walls)
        assert moves == (-1 if result.blocked else result.moves)
        if not result.blocked:
            assert route == numbers(maze, result.path)
            tie_prone += any(len(cells) > 1 for cells in maze.checkpoints)
    assert tie_prone > 50           # checkpoints with several copies: the runner's tie-break matters


def test_the_board_arrays_follow_the_maze():
    maze = parse("walls: 2\ns.p#A\n.t.u.\n..f..")
    b = fastrunner.board(maze)
    assert b.legs == 2 and b.budget == 2 and list(b.starts) == [0]
    assert b.kind[4] == 0 and b.kind[12] == 1 and b.kind[1] == -1
    assert b.rocks[3] == 1 and b.wallable[2] == 0 and b.wallable[1] == 1   # p takes no wall
    assert b.tele_in[6] == 0 and list(b.tele_out[b.tele_ptr[0]:b.tele_ptr[1]]) == [8]
    assert list(b.nbrs[6]) == [1, 7, 11, 5]                               # Up, Right, Down, Left
    assert list(b.nbrs[0]) == [1, 5, -1, -1]                              # (then -1s: no more)
