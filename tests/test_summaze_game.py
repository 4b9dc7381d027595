"""The Math Maze play widget and the two-player race, driven headless through board.click."""

import random

import pytest

from mathmaze_lib.grid import ORTHOGONAL, are_adjacent
from mathmaze_lib.summaze import check_path, count_solutions, generate, running_sums, solutions
from mathmaze_lib.widgets.summaze_game import MathMazeGame, MathMazeRace


def trace(game, path):
    for cell in path[1:]:
        game.board.click(*cell)


def test_the_planted_path_wins_and_the_end_shows_the_running_sum():
    game = MathMazeGame(42)
    p = game.puzzle
    game.board.click(*p.path[1])
    assert game.board.get_text(p.end) == f"{running_sums(p, p.path[:2])[-1]}/{p.target}"
    assert game.board.get_role(p.path[1]) == "path" and game.board.get_role(p.start) == "start"
    trace(game, p.path[1:])
    assert game.won and game.board.status.startswith("Solved!")
    assert game.board.get_role(p.end) == "goal"


def test_any_other_solution_wins_too():
    pid = next(i for i in range(100) if count_solutions(generate(i)) > 1)
    game = MathMazeGame(pid)
    other = next(s for s in solutions(game.puzzle) if tuple(s) != game.puzzle.path)
    trace(game, other)
    assert game.won


@pytest.mark.parametrize("clicks, message", [
    ([(3, 4)], "(3, 4) is not next to (0, 0): move one cell up, right, down or left."),
    ([(0, 1), (0, 0)], "(0, 0) is already on your path: a path never visits a cell twice."),
    ([(0, 0)], "This is Start, where every path begins: click a neighbouring cell."),
])
def test_a_wrong_click_says_why_and_changes_nothing(clicks, message):
    game = MathMazeGame(1)
    for cell in clicks[:-1]:
        game.board.click(*cell)
    before = list(game.path)
    game.board.click(*clicks[-1])
    assert game.board.status == message and game.path == before


def test_reaching_end_with_the_wrong_sum_is_not_a_win():
    game = MathMazeGame(1)          # Start (0, 0), End (2, 0), target 21
    trace(game, [(0, 0), (1, 0), (2, 0)])
    assert not game.won and game.board.status == ("Wrong sum: the numbers add up to 11, the target is 21. "
                                                  "Click the last cell to undo.")


def test_clicking_the_last_cell_undoes_and_buttons_work():
    game = MathMazeGame(1)
    trace(game, [(0, 0), (0, 1), (1, 1)])
    game.board.click(1, 1)
    assert game.path == [(0, 0), (0, 1)]
    game.undo_button.click()
    assert game.path == [(0, 0)]
    trace(game, [(0, 0), (0, 1)])
    game.reset_button.click()
    assert game.path == [(0, 0)] and game.board.route == []


def test_a_puzzle_id_can_be_typed_in_and_replayed():
    game = MathMazeGame(1)
    game.id_box.value = 42
    game.play_button.click()
    assert game.puzzle == generate(42) and game.path == [generate(42).start]
    game.new_button.click()
    assert game.id_box.value == game.puzzle.id


def test_a_bad_id_is_explained_on_the_status_line():
    game = MathMazeGame(1)
    game.load(-5)
    assert game.board.status.startswith("Cannot load puzzle -5: puzzle id -5: an id must be 0 or more")
    assert game.puzzle == generate(1)


def fuzz_invariants(game):
    p, path = game.puzzle, game.path
    assert path[0] == p.start and len(set(path)) == len(path)
    assert all(are_adjacent(a, b, ORTHOGONAL) for a, b in zip(path, path[1:]))
    assert game.board.get_text(p.end) == f"{running_sums(p, path)[-1]}/{p.target}"
    assert set(game.board.cells_with_role("path")) == set(path) - {p.start, p.end}
    assert game.won == check_path(p, path).ok


def test_fuzz_10000_random_clicks_and_presses():
    rng = random.Random(0)
    game = MathMazeGame(5, rng=random.Random(1))
    buttons = [game.undo_button, game.reset_button, game.new_button]
    wins = 0
    for _ in range(10_000):
        if rng.random() < 0.02:
            rng.choice(buttons).click()
        elif rng.random() < 0.01:        # now and then the player knows the answer
            game.reset()
            trace(game, game.puzzle.path)
        else:
            # mostly neighbours of the last cell, so paths get long and sometimes win
            last = game.path[-1]
            near = [(last[0] + dr, last[1] + dc) for dr, dc in ORTHOGONAL]
            cell = rng.choice(near) if rng.random() < 0.8 else (rng.randrange(4), rng.randrange(5))
            if not (0 <= cell[0] < 4 and 0 <= cell[1] < 5):
                continue
            game.board.click(*cell)
        wins += game.won
        fuzz_invariants(game)
    assert game.board.last_error is None
    assert wins > 0, "random play should solve some puzzle now and then"


def test_race_a_win_stops_the_clock_keeps_the_path_and_next_round_deals():
    times = iter(range(0, 1000, 7))
    race = MathMazeRace(1, names=("Ada", "Bo"), clock=lambda: next(times))
    assert race.timer.running and race.timer.prefix == "round 1: ", "the clock runs from the deal"
    first = race.games[0].puzzle
    trace(race.games[1], first.path[:3])
    loser_path = list(race.games[1].path)
    trace(race.games[0], first.path)
    assert race.scores == [1, 0] and race.rounds[0][:2] == (1, "Ada") and race.round == 1
    assert race.over and not race.timer.running and race.timer.seconds == race.rounds[0][2]
    assert race.games[0].path == list(first.path) and race.games[0].won, "the winning path stays on screen"
    assert "Well done, Ada" in race.news.value and "Ada 1 : 0 Bo" in race.scoreboard.value
    assert race.next_button.description == "Next round"
    race.games[1].board.click(*first.path[3])
    assert race.games[1].path == loser_path and "Next round" in race.games[1].board.status
    race.next_button.click()
    assert race.round == 2 and not race.over and race.timer.running and race.timer.prefix == "round 2: "
    assert race.games[0].puzzle == race.games[1].puzzle != first
    assert race.games[1].path == [race.games[1].puzzle.start], "the loser's board starts the new round too"
    race.next_button.click()
    assert race.round == 3 and race.scores == [1, 0] and "Round 2 skipped" in race.news.value


def test_race_replays_from_its_first_id():
    a, b = MathMazeRace(9), MathMazeRace(9)
    a.next_round(), b.next_round()
    assert a.games[0].puzzle == b.games[0].puzzle


def test_race_fuzz_10000_clicks():
    rng = random.Random(2)
    race = MathMazeRace(3, clock=lambda: 0.0)
    for _ in range(10_000):
        g = race.games[rng.randrange(2)]
        last = g.path[-1]
        dr, dc = rng.choice(ORTHOGONAL)
        cell = (last[0] + dr, last[1] + dc)
        if 0 <= cell[0] < 4 and 0 <= cell[1] < 5:
            g.board.click(*cell)
        assert race.games[0].puzzle == race.games[1].puzzle
        for game in race.games:
            fuzz_invariants(game)
        assert sum(g.won for g in race.games) == race.over, "one winner per round, and the round is over"
        if race.over:
            race.next_button.click()
    assert sum(race.scores) == len(race.rounds) == race.round - 1


def test_typing_an_id_and_pressing_enter_plays_it():
    game = MathMazeGame(1)
    game.board.click(0, 1)
    game.id_box.value = 42          # what Enter (or leaving the box) sends from the browser
    assert game.puzzle.id == 42 and game.path == [game.puzzle.start]
    assert game.board.label == f"Math Maze, puzzle 42, 4 rows by 5 columns, target {game.puzzle.target}"


def test_a_win_is_praised():
    game = MathMazeGame(1)
    trace(game, game.puzzle.path)
    assert game.board.status.startswith("Solved! Well done") and f"in {len(game.puzzle.path) - 1} moves." in game.board.status
