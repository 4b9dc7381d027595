"""The Math Maze play widget and the two-player race, driven headless through board.click."""

import random

import pytest

from mathmaze_lib.grid import ORTHOGONAL, are_adjacent
from mathmaze_lib.puzzles.summaze import check_path, count_solutions, generate, running_sums, solutions
from mathmaze_lib.widgets.summaze_game import MathMazeGame, MathMazeRace, RoundResult


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
    assert game.board.status.startswith("Cannot load puzzle -5: puzzle id -5: must be a whole number >= 0")
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


class FakeClock:
    """A clock the test moves by hand."""

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def test_race_waits_for_start_then_plays_its_rounds_and_keeps_the_tally(tmp_path):
    clock = FakeClock()
    race = MathMazeRace(1, names=("Ada", "Bo"), rounds=3, seconds=30, clock=clock, save_to=tmp_path)
    assert race.phase == "ready" and not race.timer.running and race.next_button.disabled
    race.games[0].board.click(0, 1)
    assert race.games[0].path == [race.games[0].puzzle.start], "no playing before Start race"
    race.rounds_box.value, race.seconds_box.value = 3, 20
    race.start_button.click()
    assert race.phase == "playing" and race.round == 1 and race.timer.running and race.timer.limit == 20
    assert race.timer.prefix == "Round 1 of 3: " and race.games[0].puzzle == race.games[1].puzzle == generate(1)
    first = race.games[0].puzzle
    trace(race.games[1], first.path[:3])
    loser_path = list(race.games[1].path)
    clock.now += 12.34
    trace(race.games[0], first.path)
    assert race.scores == [1, 0] and race.phase == "between" and not race.timer.running
    assert race.results[0] == RoundResult(1, 1, (1, 0), "Ada", 12.3, "solved") and race.timer.seconds == pytest.approx(12.34)
    assert race.games[0].path == list(first.path) and race.games[0].won, "the winning path stays on screen"
    assert "Ada won round 1 in 12.3 s" in race.news.value and "Ada 1 : 0 Bo" in race.tally_view.value
    race.games[1].board.click(*first.path[3])
    assert race.games[1].path == loser_path and "Next round" in race.games[1].board.status
    # round 2: the time runs out; the boards show one solution
    race.next_button.click()
    assert race.round == 2 and race.phase == "playing" and race.games[1].path == [race.games[1].puzzle.start]
    clock.now += 5
    race.time_up()                       # a message that came too early changes nothing
    assert race.phase == "playing"
    clock.now += 15
    race.timer._on_front_end_msg(race.timer, {"type": "time-up", "started": race.timer.started}, [])
    assert race.phase == "between" and race.results[1].ended == "time up" and race.results[1].points == (0, 0)
    assert all(g.path == list(g.puzzle.path) for g in race.games) and "One solution is shown" in race.news.value
    # round 3 (the last): skipped; the race is over and says so
    race.next_button.click()
    race.next_button.click()
    assert race.phase == "over" and race.results[2].ended == "skipped" and race.next_button.disabled
    assert not race.timer.running and race.timer.prefix == "Round 3: skipped"
    assert "Race over: Ada 1 : 0 Bo. Ada wins the race!" in race.news.value
    assert race.start_button.description == "Start race" and race.id_box.value != 1, "a new race gets new puzzles"
    rows = [line.split(",") for line in race.tally_csv().splitlines()]
    assert rows[0] == ["round", "puzzle", "Ada", "Bo", "winner", "seconds", "ended"]
    assert [r[2:5] + r[6:] for r in rows[1:]] == [["1", "0", "Ada", "solved"], ["0", "0", "", "time up"],
                                                  ["0", "0", "", "skipped"]]
    saved = list(tmp_path.glob("race-*.csv"))
    assert len(saved) == 1 and saved[0].read_text() == race.tally_csv() == race.download.text
    assert race.download.filename == saved[0].name and race.download.ready and "Saved as" in race.saved.value
    assert "total" in race.tally_view.value


def test_a_solution_after_the_time_is_up_does_not_win():
    clock = FakeClock()
    race = MathMazeRace(1, seconds=10, rounds=1, clock=clock)
    race.start()
    clock.now += 13                      # the browser's time-up message never came
    trace(race.games[0], race.games[0].puzzle.path)
    assert race.scores == [0, 0] and race.results[0].ended == "time up" and race.phase == "over"
    assert "a draw" in race.news.value


def test_race_replays_from_its_first_id():
    a, b = MathMazeRace(9, rounds=3), MathMazeRace(9, rounds=3)
    for race in (a, b):
        race.start()
        race.next_round()
        race.next_round()
    assert a.games[0].puzzle == b.games[0].puzzle and a.results[0].puzzle == b.results[0].puzzle == 9


@pytest.mark.parametrize("kwargs, words", [
    ({"rounds": 0}, "a race's rounds 0: must be a whole number from 1 to 20"),
    ({"seconds": 5}, "a race's seconds 5: must be a whole number from 10 to 600"),
    ({"names": ("a", "b", "c")}, "a race has two players"),
])
def test_bad_race_settings_say_the_rule(kwargs, words):
    with pytest.raises(ValueError, match=words):
        MathMazeRace(1, **kwargs)


def test_a_tally_that_cannot_be_saved_says_so_and_the_race_goes_on(tmp_path):
    race = MathMazeRace(1, rounds=2, clock=FakeClock(), save_to=tmp_path / "no such folder")
    race.start()
    trace(race.games[0], race.games[0].puzzle.path)
    assert "Could not save" in race.saved.value and "use Download" in race.saved.value
    assert race.download.ready and race.phase == "between"


def test_race_fuzz_10000_clicks():
    rng = random.Random(2)
    race = MathMazeRace(3, rounds=20, clock=lambda: 0.0)
    race.start()
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
        assert sum(g.won for g in race.games) == (race.phase != "playing"), "one winner per round, then it is over"
        if race.phase == "between":
            race.next_button.click()
        elif race.phase == "over":
            race.start_button.click()
    assert sum(race.scores) == len(race.results) == race.round - (race.phase == "playing")


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
