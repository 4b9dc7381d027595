"""The numbers a teacher and a learner read are true: each plan's times add up to its header and fit
50-minute periods, the guide's plans are the notebooks' plans, the guide's answer key gives every
prediction's answer, and every count in the lessons' text (and in the guide's lesson sections) is
recomputed here from the code."""

from __future__ import annotations

import re
from functools import lru_cache

import nbformat
import pytest

from conftest import NOTEBOOKS, ROOT
from mathmaze_lib.teacher import timing

LESSONS = sorted((NOTEBOOKS / "solutions").glob("*.ipynb"))
GUIDE = (ROOT / "docs" / "teachers.md").read_text()


def opening(path) -> str:
    return nbformat.read(path, as_version=4).cells[0].source


def plan(path) -> tuple:
    """``(core minutes of the header, [(part, minutes or None, label)])`` of a lesson's plan table."""
    text = opening(path)
    header = re.search(r"### Plan \(about (\d+) minutes of core", text)
    assert header, f"{path.name}: the plan's header says how many minutes of core"
    rows = []
    for name, time, label in re.findall(r"^\| ([^|]+?) \| ([^|]+?) \| ([^|]*?) \|$", text, re.M):
        if name in ("Part", "---"):
            continue
        minutes = re.fullmatch(r"(\d+) min", time)
        rows.append((name, int(minutes.group(1)) if minutes else None, label))
    return int(header.group(1)), rows


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_plan_adds_up_to_its_header_and_fits_50_minute_periods(path):
    core_minutes, rows = plan(path)
    core = [(name, minutes, label) for name, minutes, label in rows if label.startswith("core")]
    assert sum(m for _, m, _ in core) == core_minutes
    periods = {}
    for name, minutes, label in core:
        period = re.fullmatch(r"core, period (\d)", label)
        assert period, f"{path.name}: say in which period {name!r} is taught"
        periods[int(period.group(1))] = periods.get(int(period.group(1)), 0) + minutes
    assert sorted(periods) == [1, 2] and all(m <= 50 for m in periods.values()), periods
    assert f"about {core_minutes} minutes: two 50-minute periods" in opening(path)


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_each_plan_states_the_times_estimated_from_the_notebook(path):
    """Every section is a row of the plan, in order, with the minutes :mod:`mathmaze_lib.teacher.timing`
    estimates for it (rounded to 5); the core, counted before rounding, fits two 50-minute periods
    (each period too); and the opening says how the times are estimated."""
    sections = timing.sections(nbformat.read(path, as_version=4))
    _, rows = plan(path)
    assert [int(re.match(r"(\d+)\. ", name).group(1)) for name, _, _ in rows] == [s.number for s in sections]
    periods: dict = {}
    for (name, minutes, label), section in zip(rows, sections):
        assert name.split(" (Exercise")[0] == f"{section.number}. {section.title}", (name, section.title)
        assert label.startswith("core") == section.core, name
        if section.title.startswith("Challenges"):
            assert minutes is None, f"{path.name}: the challenges are open"
            continue
        assert minutes == timing.plan_minutes(section.minutes), (name, section.parts)
        if section.core:
            period = int(label[-1])
            periods[period] = periods.get(period, 0.0) + section.minutes
    assert sum(periods.values()) <= 100 and all(m <= 50 for m in periods.values()), periods
    assert " ".join(timing.HOW.split()) in " ".join(opening(path).split())


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_core_sections_come_first_and_in_order(path):
    sections = timing.sections(nbformat.read(path, as_version=4))
    assert [s.number for s in sections] == list(range(1, len(sections) + 1))
    marks = [s.core for s in sections]
    assert marks == sorted(marks, reverse=True), f"{path.name}: a going-further section comes before a core one"
    assert sections[-1].title.startswith("Challenges") and not sections[-1].core


def guide_plan(lesson: int) -> list:
    """``[(period, start, end, part)]`` of the guide's plan for a lesson."""
    section = GUIDE.split(f"**Lesson {lesson} (")[1].split("\n\n**")[0].split("\n## ")[0]
    return [(int(p), int(a), int(b), part) for p, a, b, part in
            re.findall(r"^\| (\d) \| (\d+)-(\d+) \| ([^|]+?) \|", section, re.M)]


@pytest.mark.parametrize("path", LESSONS, ids=lambda p: p.name)
def test_the_guides_plan_is_the_notebooks_plan(path):
    lesson = int(path.name[:2])
    core_minutes, rows = plan(path)
    assert f"**Lesson {lesson} (" in GUIDE and f"): about {core_minutes} minutes of core**" in GUIDE
    guide = guide_plan(lesson)
    taught = [(p, b - a, part) for p, a, b, part in guide if part != "going further"]
    wanted = [(int(label[-1]), minutes, name) for name, minutes, label in rows if label.startswith("core")]
    assert taught == wanted
    for period in {p for p, *_ in guide}:
        spans = [(a, b) for p, a, b, _ in guide if p == period]
        assert spans[0][0] == 0 and spans[-1][1] <= 50
        assert all(b1 == a2 for (_, b1), (a2, _) in zip(spans, spans[1:])), f"period {period}: {spans}"


def test_the_guides_answer_key_gives_every_predictions_answer(lesson3_empty_board_runs):
    """(``lesson3_empty_board_runs``: made once, for ex.p8's answer here and for the lesson's counts.)"""
    from mathmaze_lib.exercises import lesson1, lesson2, lesson3, start

    key = GUIDE.split("## Answer key for the predictions")[1].split("\n## ")[0]
    for title, module in (("00", start), ("01", lesson1), ("02", lesson2), ("03", lesson3)):
        section = key.split(f"**{title} ")[1].split("\n\n**")[0]
        for name in module.PREDICTIONS:
            p = getattr(module, name)
            row = re.search(rf"^\| `{re.escape(p.name)}` \| (.+?) \| \*\*(.+?)\*\*", section, re.M)
            assert row, f"the answer key has no row for {p.name} of lesson {title}"
            assert row.group(1) == p.question and row.group(2) == str(p.solution), p.name


# ---- every count in the text ---------------------------------------------------------------------

@lru_cache(maxsize=None)
def markdown(name: str) -> str:
    """The markdown of a lesson (``01`` ...), or of the guide's lesson sections (``guide``), one line."""
    if name == "guide":
        text = GUIDE.split("## The two-player race")[0]
    else:
        path = NOTEBOOKS / "00_start_here.ipynb" if name == "00" else next(p for p in LESSONS if p.name[:2] == name)
        text = "\n".join(c.source for c in nbformat.read(path, as_version=4).cells if c.cell_type == "markdown")
    return re.sub(r"\s+", " ", text)


@lru_cache(maxsize=None)
def facts() -> dict:
    """The numbers the text quotes, computed from the code as the notebooks compute them."""
    import random
    from collections import Counter

    from mathmaze_lib.puzzles import jumpmaze as jm
    from mathmaze_lib import optimize, search
    from mathmaze_lib.puzzles import wallmaze
    from mathmaze_lib.puzzles import summaze
    from mathmaze_lib.exercises import lesson2, lesson3
    from mathmaze_lib.grid import Grid

    f = {}
    rng, grid, asked, boxed = random.Random(2026), Grid(4, 5), Counter(), 0
    for _ in range(10_000):                      # lesson 1's walks, drawn as its notebook draws them
        start = (rng.randrange(4), rng.randrange(5))
        length = rng.randint(5, 9)
        walk = summaze.random_walk(grid, start, length, rng)
        asked[length] += 1
        boxed += len(walk) < length
    f["asked about 2000 each"] = all(abs(asked[n] - 2000) < 100 for n in range(5, 10))
    f["boxed"] = boxed

    def from_corner(path):
        return 1 + sum(from_corner(path + [n]) for n in grid.neighbours(path[-1]) if n not in path)
    f["self-avoiding from a corner"] = from_corner([(0, 0)]) - 1
    p42 = summaze.generate(42)
    paths42 = list(search.simple_paths(grid.neighbours, p42.start, p42.end))
    f["simple paths of 42"] = len(paths42)
    f["sums of 42"] = len({summaze.path_sum(p42.numbers, path) for path in paths42})
    counts = Counter(min(summaze.count_solutions(summaze.generate(i)), 5) for i in range(300))
    f["solutions of 300"] = tuple(counts[n] for n in range(1, 6))
    f["solutions of 7, 42"] = (summaze.count_solutions(summaze.generate(7)), summaze.count_solutions(p42))
    unique = [len(summaze.make(i, unique=True).path) - 1 for i in range(1, 101)]
    every = [len(summaze.generate(i).path) - 1 for i in range(300)]
    f["planted moves"] = (round(sum(unique) / 100, 1), round(sum(every) / 300, 1))
    f["far corner"] = search.bfs(grid.neighbours, (0, 0)).dist[(3, 4)]

    chain = jm.CHAIN_REACTION
    f["chain"] = (jm.solve(chain).jumps, jm.solve(chain).expanded, jm.solve(chain, method="tree").expanded)
    reached = {rule: search.bfs(jm.successors(chain, rule), jm.start_state(chain, rule)).dist
               for rule in ("alternate", "nouturn")}
    f["alternate nodes, cells"] = (len(reached["alternate"]), len({jm.cell_of(s) for s in reached["alternate"]}))
    f["nouturn nodes, cells"] = (len(reached["nouturn"]), len({jm.cell_of(s) for s in reached["nouturn"]}))
    sample = lesson2.tree_work_sample()
    f["most tree work"] = max(row[2] for row in sample)
    f["most BFS work on 9 x 9"] = max(row[3] for row in sample if row[0] == 9)

    level1 = wallmaze.level("simple", 1)
    f["level 1"] = (level1.budget, optimize.greedy(level1).moves,
                    optimize.local_search(level1, seed=1, seconds=None, max_iters=4000).moves,
                    optimize.anneal(level1, seed=1, seconds=None, max_iters=4000).moves,
                    wallmaze.goal_moves("simple", 1))
    f["reach bound of level 1"] = optimize.reach_bound(wallmaze.Runner(level1), set())
    open3 = lesson3.OPEN_BOARD
    f["open board"] = (optimize.greedy(open3).moves, optimize.exact(open3, seconds=None).moves)
    tele = lesson3.TELEPORT_BOARD
    plain = wallmaze.parse(tele.text().replace("t", ".").replace("u", "."))
    run = wallmaze.run(tele, [(0, 1)])
    f["teleport"] = (wallmaze.score(tele), wallmaze.score(plain, [(0, 1)]), run.moves,
                     sum(len(leg) - 1 for leg in run.legs[1:]))
    board = lesson3.BOARD
    f["runner from each start"] = tuple(search.bfs(wallmaze.successors(board, ()), start, set(board.ends)).length
                                        for start in board.starts)
    corridor = lesson3.UNLIMITED_BOARD
    best = optimize.exact(corridor, seconds=60)
    route = wallmaze.run(corridor, best.walls).path
    f["corridor"] = (best.moves, len(corridor.open_cells()), len(best.walls), len(route) - 2)
    blocking, building = lesson3.build_and_anneal_on_the_empty_board()
    empty = wallmaze.level("empty")
    f["empty board"] = (empty.rows, empty.cols, len(empty.open_cells()), blocking.moves, building.moves,
                        wallmaze.goal_moves("empty", 1))
    return f


#: ``(where, the words as written, the check)``: every count of the lessons' text and the guide's lesson
#: sections. A new count in the text must come with a line here (the test below finds it).
CLAIMS = [
    ("01", "each of 5 to 9 about 2,000 times", lambda f: f["asked about 2000 each"]),
    ("01", "13,590 self-avoiding paths of at least one move", lambda f: f["self-avoiding from a corner"] == 13_590),
    ("01", "Puzzle 42 has exactly one solution", lambda f: f["solutions of 7, 42"][1] == 1),
    ("01", "Puzzle 7 has three", lambda f: f["solutions of 7, 42"][0] == 3),
    ("02", "the 13-jump route", lambda f: f["chain"][0] == 13),
    ("02", "(at most 81 on a 9 x 9 maze)", lambda f: f["most BFS work on 9 x 9"] <= 81),
    ("03", "the 6 x 13 level 1 with 7 walls", lambda f: f["level 1"][0] == 7),
    ("03", "Annealing found 23 moves here", lambda f: f["level 1"][3] == 23 == f["level 1"][4]),
    ("03", "promises 64 moves when the best is 23", lambda f: f["reach bound of level 1"] == 64),
    ("03", "walk round it in 6 moves", lambda f: f["teleport"][1] == 6),
    ("03", "8 moves. The", lambda f: f["teleport"][2] == 8),
    ("03", "then walks 6 moves", lambda f: f["teleport"][3] == 6),
    ("03", "One wall gives 4 more moves instead of 2", lambda f: f["teleport"][2] - f["teleport"][0] == 4
     and f["teleport"][1] - f["teleport"][0] == 2),
    ("03", "the 25 inner cells are 12 walls and 13 cells of the route",
     lambda f: f["corridor"][1:] == (25, 12, 13)),
    ("03", "whose 130 open cells (10 rows of 13", lambda f: f["empty board"][:3] == (10, 15, 130)),
    ("03", "build's corridors make 72 moves against 45", lambda f: f["empty board"][3:5] == (45, 72)),
    ("03", "best score known for this board is 73 moves", lambda f: f["empty board"][5] == 73),
    ("03", "the best walls beat greedy by 2 moves", lambda f: f["open board"][1] - f["open board"][0] == 2),
    ("guide", "for the same 13-jump route", lambda f: f["chain"][0] == 13),
    ("guide", "7978 expansions, 101 of 300 puzzles", lambda f: f["chain"][2] == 7978 and f["solutions of 300"][0] == 101),
    ("guide", "the route to (3, 4) has 8 cells and 7 moves", lambda f: True),   # (0, 0) to (3, 4): 3 + 4 moves
    ("guide", "(735 of 10,000 walks, 7.3%)", lambda f: f["boxed"] == 735),
    ("guide", "finds 416 paths on puzzle 42", lambda f: f["simple paths of 42"] == 416),
    ("guide", "101 have one solution, 74 two, 31 three, 26 four and 68 five or more",
     lambda f: f["solutions of 300"] == (101, 74, 31, 26, 68)),
    ("guide", "expands 7978 routes, BFS 28 cells", lambda f: f["chain"][1:] == (28, 7978)),
    ("guide", "greedy finds 6 moves and the exact search 8", lambda f: f["open board"] == (6, 8)),
    ("guide", "greedy reaches 15 moves, local search 22 and annealing 23", lambda f: f["level 1"][1:4] == (15, 22, 23)),
    ("guide", "one wall is worth 4 moves instead of 2", lambda f: f["teleport"][2] - f["teleport"][0] == 4),
    ("guide", "the proven best, 14 moves", lambda f: f["corridor"][0] == 14),
    ("guide", "fill all 25 inner cells", lambda f: f["corridor"][1] == f["corridor"][2] + f["corridor"][3] == 25),
    ("guide", "Predict, then run it: 7978 routes", lambda f: f["chain"][2] == 7978),
    ("guide", "compare 28 and 7978 expansions", lambda f: f["chain"][1:] == (28, 7978)),
    ("guide", "A route of 8 cells is 7 moves long", lambda f: True),             # a definition: moves = cells - 1
    ("guide", '"its length in moves: 7" for an 8-cell route', lambda f: f["far corner"] == 7),
    ("guide", "| 3 moves down and 4 to the right", lambda f: f["far corner"] == 7),
    ("guide", "different 13-jump routes", lambda f: f["chain"][0] == 13),
    ("guide", "From row 0 and from row 2 the runner needs 9 moves (row 1: 10",
     lambda f: f["runner from each start"] == (9, 10, 9)),
    ("guide", "the 'short cut' costs it 2 moves", lambda f: f["teleport"][2] - f["teleport"][1] == 2),
    ("guide", "share the 25 inner cells", lambda f: f["corridor"][1] == 25),
    ("guide", 'lesson 1 prints "4 moves (planted)" for a 5-cell path', lambda f: True),  # printed by its cell
    ("guide", "only 101 of the first 300 puzzles", lambda f: f["solutions of 300"][0] == 101),
    ("guide", "yes, after 7978 expansions instead of 28", lambda f: f["chain"][1:] == (28, 7978)),
    ("guide", "reaches 62 nodes on the 36 cells", lambda f: f["alternate nodes, cells"] == (62, 36)),
    ("guide", "(greedy 6 moves, best 8)", lambda f: f["open board"] == (6, 8)),
    ("guide", "(greedy 15, annealing 23)", lambda f: (f["level 1"][1], f["level 1"][3]) == (15, 23)),
    ("guide", "(5.0 moves on average against 5.9 for all puzzles", lambda f: f["planted moves"] == (5.0, 5.9)),
    ("guide", "puzzle 42's 416 paths from Start to End have only 57 different sums",
     lambda f: (f["simple paths of 42"], f["sums of 42"]) == (416, 57)),
    ("guide", "7978 on Chain Reaction, and up to about 18 million",
     lambda f: f["chain"][2] == 7978 and 17_500_000 <= f["most tree work"] < 18_500_000),
    ("guide", "reach 62 nodes on 36 cells", lambda f: f["alternate nodes, cells"] == (62, 36)),
    ("guide", "only 17 such states can be reached, on 14 cells", lambda f: f["nouturn nodes, cells"] == (17, 14)),
    ("guide", "in both modes: 62 nodes on 36 cells", lambda f: f["alternate nodes, cells"] == (62, 36)),
    ("guide", "greedy adds nothing (6 moves), while three walls together make 8", lambda f: f["open board"] == (6, 8)),
    ("guide", "local search stops at 22 moves, annealing reaches 23", lambda f: f["level 1"][2:4] == (22, 23)),
]

#: Numbers before a count word that are not counts of the code's work: sizes and settings the text
#: chooses, the plans' minutes (tested above), and the times ``make bench`` measures.
CHOSEN = [
    ("01", "about 95 minutes"), ("01", "from 5 to 9 cells"), ("01", "asked* for 9 cells"), ("01", "10,000 walks"),
    ("01", "first 300 puzzles"), ("01", "ids 0 to 999"),
    ("02", "about 100 minutes"), ("02", "From a 3 you jump"), ("02", "the start is 0 moves"),
    ("02", "will count shortest routes"), ("02", "exactly `n` cells"), ("02", "mode 0 jumps"),
    ("02", "at least 10 jumps"),
    ("03", "about 100 minutes"), ("03", "with 3 walls to place"), ("03", "in about 15 seconds"),
    ("03", "with at most 3 walls"), ("03", "by **4 moves or more"),
    ("00", "a core of about 100 minutes"),
    ("guide", "about 10 minutes"), ("guide", "about 95 minutes"), ("guide", "about 100 minutes"),
    ("guide", "rounded to 5 minutes"), ("guide", "more than 50 minutes"), ("guide", "(10 minutes, can"), ("guide", "the 10,000 random walks"),
    ("guide", "the count of 300 puzzles"), ("guide", "lesson 2 finds shortest routes"),
    ("guide", "(the start is alone at 0"), ("guide", "even on 36 cells"), ("guide", "the gap is 4 moves"),
    ("guide", "3-minute recap"), ("guide", "lesson 2 counts jumps"), ("guide", "Of the first 300 puzzles"),
    ("guide", "10 jumps longer under"), ("guide", "greedy by 4 moves or more"),
    ("guide", "every cell 1 jump away, then 2"), ("guide", "with 3 walls to place"), ("guide", "of the first 300 puzzles"), ("guide", "only 101 of the first 300"),
]

#: How the plans' times are estimated (a rate, not a count): said in each lesson's opening and in the guide.
CHOSEN += [(where, " ".join(timing.HOW.split())) for where in ("01", "02", "03", "guide")]

_COUNT = re.compile(r"(?<![\w.])(?<!x )\d[\d,]*(?:\.\d+)?(?!\s*x\s*\d)(?:-\w+)?\s+(?:\w+\s+){0,2}?(?:moves?|expansions?|routes?|cells?|"
                    r"jumps?|walks?|puzzles?|solutions?|paths?|nodes?|states?|walls?|runs?|seconds?|minutes?|"
                    r"times)\b")


@pytest.fixture(scope="module")
def computed(lesson3_empty_board_runs):
    """``facts()``, computed once: the tests that read it share one test process (see conftest.py)."""
    return facts()


@pytest.mark.parametrize("where, words, check", CLAIMS, ids=[f"{w}: {t[:40]}" for w, t, _ in CLAIMS])
def test_each_count_in_the_text_is_what_the_code_computes(where, words, check, computed):
    assert words in markdown(where), f"{where}: the text no longer says {words!r} (update CLAIMS)"
    assert check(computed), f"{where}: {words!r} is not what the code computes"


@pytest.mark.parametrize("where", ["00", "01", "02", "03", "guide"])
def test_every_count_in_the_text_is_checked_or_chosen(where):
    text = markdown(where)
    covered = [words for w, words, _ in CLAIMS if w == where] + [words for w, words in CHOSEN if w == where]
    spans = [(m.start(), m.end()) for words in covered for m in re.finditer(re.escape(words), text)]
    for found in _COUNT.finditer(text):
        inside = any(a <= found.start() < b or a < found.end() <= b for a, b in spans)
        context = text[max(0, found.start() - 40):found.end() + 10]
        assert inside, f"{where}: {found.group()!r} ({context!r}) is a count: add it to CLAIMS, computed"


def test_the_counts_in_the_discussions_are_true(computed):
    """The questions to think about quote counts too (shown by ex.q6.solution(), ex.q7.solution())."""
    from mathmaze_lib.exercises import lesson1, lesson3

    discussion = re.sub(r"\s+", " ", lesson1.q6._solution)
    assert "(416 on puzzle 42)" in discussion and "(57 there)" in discussion
    assert (computed["simple paths of 42"], computed["sums of 42"]) == (416, 57)
    question = re.sub(r"\s+", " ", lesson3.q7.question)
    assert "8 moves instead of 6" in question and computed["open board"] == (6, 8)
    assert "s....\n            .....\n            ....f" in lesson3.q7.question
