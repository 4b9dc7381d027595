"""Printable worksheets: page counts, ids and paper size from the PDF itself (poppler), every key
solved again here without the library's solvers, the footer's command run again, the difficulties
measured again, and the rules handouts."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import networkx as nx
import pytest

from conftest import ROOT
from mathmaze_lib.teacher import handout, worksheet
from mathmaze_lib.puzzles import icemaze, jumpmaze, summaze, wallmaze
from mathmaze_lib import optimize
from mathmaze_lib.__main__ import main

POPPLER = all(shutil.which(tool) for tool in ("pdftoppm", "pdftotext", "pdfinfo"))
needs_poppler = pytest.mark.skipif(not POPPLER, reason="needs poppler-utils (pdftoppm, pdftotext, pdfinfo); "
                                                       ".ci/run installs it")


def pdf_pages(path) -> int:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))


def pdf_text(path, layout: bool = True) -> str:
    return subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def flat(text: str) -> str:
    return " ".join(text.split())


def rendered_pages(path, tmp_path) -> list:
    """Render every page to PNG with pdftoppm; return the PNG files (checked non-blank)."""
    prefix = tmp_path / path.stem
    subprocess.run(["pdftoppm", "-r", "20", "-png", str(path), str(prefix)], check=True)
    pngs = sorted(tmp_path.glob(f"{path.stem}-*.png"))
    from matplotlib.image import imread
    for png in pngs:
        pixels = imread(png)
        assert pixels.min() < 0.5 < pixels.max(), f"{png.name} looks blank"
    return pngs


def footer_command(path) -> str:
    """The footer's "Print again:" command as printed on the first page (its lines joined again)."""
    first_page = pdf_text(path, layout=False).split("\f")[0]
    printed = flat(first_page.split("Print again: ", 1)[1])
    return re.sub(r"\s*page \d+ of \d+.*$", "", printed)


def write(tmp_path, kind, ids, *extra):
    out, key = tmp_path / f"{kind}.pdf", tmp_path / f"{kind}-key.pdf"
    assert main(["worksheet", kind, "--ids", ids, "--out", str(out), "--key", str(key), *extra]) == 0
    return out, key


def jump_graph(maze) -> nx.DiGraph:
    """The jump graph built here from the maze's numbers, not by the library."""
    graph = nx.DiGraph()
    for cell in maze.grid.cells():
        n = maze.value(cell)
        if cell == maze.end or not isinstance(n, int) or n == 0:
            continue
        for dr, dc in ((-n, 0), (0, n), (n, 0), (0, -n)):
            nxt = (cell[0] + dr, cell[1] + dc)
            if maze.grid.in_bounds(nxt):
                graph.add_edge(cell, nxt)
    return graph


def summaze_solutions(p) -> list:
    """Every solution, by networkx's simple paths (not the library's DFS)."""
    graph = nx.grid_2d_graph(p.rows, p.cols)
    return [path for path in nx.all_simple_paths(graph, p.start, p.end)
            if summaze.path_sum(p.numbers, path) == p.target]


def test_parse_ids():
    assert worksheet.parse_ids("1-12") == list(range(1, 13))
    assert worksheet.parse_ids("3, 5,8-10") == [3, 5, 8, 9, 10]
    for bad, words in [("x", "'x' is not an id"), ("-3", "is not an id"), ("4-2", "inverted"),
                       ("0-100000", "at most")]:
        with pytest.raises(ValueError, match=words):
            worksheet.parse_ids(bad)


def test_summaze_keys_are_right():
    for item in worksheet.items("summaze", range(1, 13)):
        p = item.puzzle
        assert summaze.check_path(p, item.answer["path"]).ok
        found = summaze_solutions(p)
        assert item.answer["solutions"] == len(found)
        assert item.answer["shortest"] == min(len(path) for path in found) - 1
        assert item.texts[p.end[0]][p.end[1]] == f"={p.target}"
        # the sum written under the drawn path is the path's own
        numbers = " + ".join(str(p.value(c)) for c in item.answer["path"][:-1])
        assert f"{numbers} = {p.target}" in item.key_text


@pytest.fixture(scope="module")
def small_jump_sheet():
    """Jumping mazes 1-6 on 4 x 4 (made once for the tests that read them)."""
    return worksheet.sheet("jump", range(1, 7), size=(4, 4))


def test_jump_keys_are_shortest_routes(small_jump_sheet):
    for item in small_jump_sheet.items:
        maze, route = item.puzzle, item.answer["route"]
        assert route[0] == maze.start and route[-1] == maze.end
        for (r1, c1), (r2, c2) in zip(route, route[1:]):
            n = maze.value((r1, c1))
            assert (abs(r1 - r2), abs(c1 - c2)) in ((n, 0), (0, n)), f"maze {item.id}: bad jump {(r1, c1)}"
        graph = jump_graph(maze)
        assert item.answer["jumps"] == len(route) - 1 == nx.shortest_path_length(graph, maze.start, maze.end)
        assert item.answer["shortest_routes"] == len(list(nx.all_shortest_paths(graph, maze.start, maze.end)))
        listed = " ".join(f"({r},{c})" if i == 0 else f"{i}:({r},{c})" for i, (r, c) in enumerate(route))
        assert listed in item.key_text and item.steps, "the route is listed and numbered on the key"


def test_a_sheet_never_prints_the_same_puzzle_twice(small_jump_sheet):
    """The generator makes only two different 4 x 4 mazes from ids 1-6: the others are left out and say so."""
    made = small_jump_sheet
    assert len(made.items) == 2
    texts = [repr(it.texts) for it in made.items]
    assert len(texts) == len(set(texts)) and len(made.items) + len(made.left_out) == 6
    assert all(why.startswith("the same puzzle as id ") for _, why in made.left_out)


def test_walls_keys_score_what_they_say():
    goals = wallmaze.stored_goals()
    for item in worksheet.items("walls", [1, 2, 3, 5, 13]):
        board, a = item.puzzle, item.answer
        assert len(a["walls"]) <= board.budget
        assert wallmaze.score(board, a["walls"]) == a["moves"] == a["goal"]
        stored = goals.get(f"simple:{item.id}")
        if stored:  # the stored goal is used as it is, not re-optimised
            assert a["moves"] == stored["moves"] and a["walls"] == sorted(map(tuple, stored["walls"]))
            assert a["source"] == "stored"
        else:       # levels 5 and 13: the exact search proves them in a fraction of a second
            assert a["source"] == "exact" and a["optimal"] and "proven best" in item.key_text
        assert a["greedy"] == wallmaze.score(board, optimize.greedy(board).walls)


@pytest.mark.slow
def test_quick_annealing_goals_below_the_best_are_gone():
    """Levels 4, 5, 7, 10 and 12 got goals below the proven best from 3000 steps of annealing. Level 7
    (like 4, 5 and 10) is now proven within the exact search's node budget; level 12 (not proven there)
    gets the best the search finds, which is the best (22, proven by a longer exact run), and says it is
    not proven. (Level 5 is in test_walls_keys_score_what_they_say.)"""
    proven = {7: 24, 12: 22}       # optimize.exact with no limit (1.4 s and 15 s)
    for item in worksheet.items("walls", sorted(proven)):
        assert item.answer["moves"] == proven[item.id], f"level {item.id}"
        assert wallmaze.score(item.puzzle, item.answer["walls"]) == proven[item.id]
        assert ("proven best" in item.key_text) == item.answer["optimal"] == (item.id != 12)
        if item.id == 12:
            assert re.search(r"best found in \d+ s, not proven", item.key_text)


@needs_poppler
def test_summaze_sheet_and_key(tmp_path):
    out, key = write(tmp_path, "summaze", "1-12")
    assert pdf_pages(out) == pdf_pages(key) == 2          # 6 per page
    assert len(rendered_pages(out, tmp_path)) == 2 and len(rendered_pages(key, tmp_path)) == 2
    sheet, answers = pdf_text(out), pdf_text(key)
    assert "Name:" in sheet and "Date:" in sheet and "Name:" not in answers
    assert f"--ids 1-12 --size 4 5 --out {out.name} page" in flat(sheet), "the learners' sheet names no folder"
    assert f"--ids 1-12 --size 4 5 --out {out} --key {key}" in flat(answers)
    assert "--key" not in sheet and str(tmp_path) not in sheet, "nothing on the learners' sheet prints the key"
    for item in worksheet.items("summaze", range(1, 13)):
        p = item.puzzle
        assert f"Puzzle {p.id}: target {p.target}" in sheet and f"Puzzle {p.id}: target {p.target}" in answers
        n = item.answer["solutions"]
        assert (f"{n} solutions" if n > 1 else "1 solution") in answers
    assert "solution" not in sheet.replace("Draw a path", "")


@needs_poppler
def test_the_footer_command_prints_the_same_pdfs_again(tmp_path):
    """The key's footer is the whole command, --out and --key included: run it as printed, in the same
    folder, and both PDFs come out byte for byte the same. The learners' sheet prints only the command of
    the sheet itself, without its folders: nothing there prints the key (issue 42)."""
    first = tmp_path / "first"
    (tmp_path / "teacher only").mkdir()
    first.mkdir()
    args = ["worksheet", "summaze", "--ids", "1-40", "--unique", "--difficulty", "medium", "--count", "5",
            "--paper", "letter", "--out", "my sheet.pdf", "--key", "teacher only/key.pdf"]
    done = subprocess.run([sys.executable, "-m", "mathmaze_lib", *args], cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    for name in ("my sheet.pdf", "teacher only/key.pdf"):
        shutil.move(tmp_path / name, first / Path(name).name)
    command = footer_command(first / "key.pdf")
    assert command == worksheet.command_line(
        "summaze", "1-40", paper="letter", out="my sheet.pdf", key="teacher only/key.pdf", unique=True,
        difficulty="medium", count=5)
    assert "--out 'my sheet.pdf' --key 'teacher only/key.pdf'" in command
    learners = footer_command(first / "my sheet.pdf")
    assert learners == command.split(" --key")[0] and "teacher" not in pdf_text(first / "my sheet.pdf")
    info = subprocess.run(["pdfinfo", str(first / "my sheet.pdf")], capture_output=True, text=True).stdout
    assert "key" not in info.lower(), "nor does the PDF's subject"
    words = shlex.split(command)
    assert words[:3] == ["python", "-m", "mathmaze_lib"]
    again = subprocess.run([sys.executable, *words[1:]], cwd=tmp_path, capture_output=True, text=True)
    assert again.returncode == 0, again.stderr
    for name in ("my sheet.pdf", "teacher only/key.pdf"):
        assert (tmp_path / name).read_bytes() == (first / Path(name).name).read_bytes(), f"{name} differs"


@needs_poppler
def test_unique_sheets_have_one_solution_each(tmp_path, capsys):
    out, key = write(tmp_path, "summaze", "1-6", "--unique", "--json")
    info = json.loads(capsys.readouterr().out)
    assert [p["id"] for p in info["puzzles"]] == list(range(1, 7)) and not info["left_out"]
    for entry in info["puzzles"]:
        p = summaze.make(entry["id"], unique=True)
        assert len(summaze_solutions(p)) == 1 == entry["solutions"]
        assert [tuple(c) for c in entry["path"]] == list(p.path)
    assert "Math Maze (unique): worksheet" in pdf_text(out) and "Unique puzzle 3: target" in pdf_text(key)


def test_summaze_difficulty_is_measured_again():
    def measured(p) -> str:
        found = summaze_solutions(p)
        shortest, count = min(len(path) for path in found) - 1, len(found)
        return "easy" if shortest <= 4 else "hard" if shortest >= 6 and count <= 2 else "medium"

    made = worksheet.sheet("summaze", range(1, 41), difficulty="hard")
    assert made.items and len(made.items) + len(made.left_out) == 40
    assert all(measured(item.puzzle) == item.difficulty == "hard" for item in made.items)
    assert all(measured(summaze.generate(pid)) != "hard" for pid, _ in made.left_out)


def test_jump_difficulty_gives_routes_of_its_length():
    for difficulty, (fewest, most) in jumpmaze.sheet.JUMP_BANDS.items():
        for item in worksheet.items("jump", [1, 2], difficulty=difficulty):
            graph = jump_graph(item.puzzle)
            jumps = nx.shortest_path_length(graph, item.puzzle.start, item.puzzle.end)
            assert fewest <= jumps and (most is None or jumps <= most), f"{difficulty} maze {item.id}: {jumps}"
            assert item.answer["jumps"] == jumps and f"({difficulty};" in item.key_text


def test_wall_difficulty_is_the_gap_over_greedy():
    made = worksheet.sheet("walls", [1, 2, 3, 5, 13], difficulty="easy")
    assert [it.id for it in made.items] == [5]
    assert sorted(pid for pid, _ in made.left_out) == [1, 2, 3, 13]
    for item in made.items:
        gap = item.answer["moves"] - item.answer["greedy"]
        assert 0 <= gap <= 3 and "easy: greedy reaches" in item.key_text


@needs_poppler
def test_walls_sheet_letter_paper_and_goals_only_as_the_key_says(tmp_path, capsys):
    out, key = write(tmp_path, "walls", "1-3", "--per-page", "3", "--paper", "letter", "--json")
    info = json.loads(capsys.readouterr().out)
    assert info["pages"] == info["key_pages"] == pdf_pages(out) == 1
    assert "612 x 792 pts" in subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    sheet, answers = flat(pdf_text(out, layout=False)), flat(pdf_text(key))
    goals = {int(i): int(m) for i, m in re.findall(r"Level (\d+) \(simple\): up to 7 walls, goal (\d+) moves", sheet)}
    assert sorted(goals) == [1, 2, 3]
    for entry in info["puzzles"]:
        assert goals[entry["id"]] == entry["moves"], "a student sheet prints the key's score as the goal"
        walls = " ".join(f"({r},{c})" for r, c in entry["walls"])
        assert f"{entry['moves']} moves: proven best" in answers and walls in answers
        assert wallmaze.score(wallmaze.level("simple", entry["id"]), entry["walls"]) == entry["moves"]
    assert "Teleports" not in sheet and "Checkpoints" not in sheet, "simple boards have neither"


@needs_poppler
def test_teleports_and_checkpoints_are_explained_where_a_sheet_has_them(tmp_path):
    out, _ = write(tmp_path, "walls", "1-2", "--preset", "pathery-complex")
    sheet = flat(pdf_text(out))
    boards = [wallmaze.level("pathery-complex", i) for i in (1, 2)]
    assert any(b.teleports for b in boards) and any(b.checkpoints for b in boards)
    tiles = wallmaze.sheet.TILE_RULES
    assert tiles["teleports"] in sheet and tiles["checkpoints"] in sheet
    assert "carried at once to the out-cell" in sheet


@needs_poppler
@pytest.mark.slow
def test_jump_sheet_twelve_with_numbered_steps(tmp_path, capsys):
    out, key = write(tmp_path, "jump", "1-12", "--json")
    info = json.loads(capsys.readouterr().out)
    assert pdf_pages(out) == pdf_pages(key) == 3           # 4 per page
    assert len(rendered_pages(key, tmp_path)) == 3
    answers = flat(pdf_text(key))
    for entry in info["puzzles"]:
        maze = jumpmaze.parse(entry["text"])                # the maze as printed, solved again by networkx
        jumps = nx.shortest_path_length(jump_graph(maze), maze.start, maze.end)
        assert f"Maze {entry['id']}" in answers and f"{jumps} jumps" in answers and entry["jumps"] == jumps
        last = entry["route"][-1]
        assert f"{jumps}:({last[0]},{last[1]})" in answers, "the last step is numbered in the list"


@pytest.mark.parametrize("args, words", [
    (["worksheet", "sums", "--ids", "1"], "worksheet kind 'sums': choose one of summaze, jump, walls"),
    (["worksheet", "summaze", "--ids", "1", "--difficulty", "extreme"], "--difficulty 'extreme': choose easy"),
    (["worksheet", "summaze", "--ids", "1,3,4", "--difficulty", "hard"],
     "no hard Math Maze among these ids (hard: the shortest solution has 6 or more moves"),
    (["worksheet", "jump", "--ids", "1", "--size", "3", "3", "--difficulty", "hard"],
     "--difficulty hard: impossible on a 3 x 3 jumping maze"),
    (["worksheet", "walls", "--ids", "1", "--unique"], "--unique: a wall level has no single answer"),
    (["worksheet", "walls", "--ids", "1", "--size", "5", "5"], "--size: a wall board's size comes from its --preset"),
    (["worksheet", "summaze", "--ids", "1-x"], "--ids '1-x'"),
    (["worksheet", "summaze", "--ids", "1", "--per-page", "40"], "--per-page 40"),
    (["worksheet", "summaze", "--ids", "1", "--size", "0", "5"], "rows must be at least 1"),
    (["worksheet", "summaze", "--ids", "1", "--count", "0"], "--count 0"),
    (["worksheet", "summaze"], "--ids: give the puzzle ids"),
    (["worksheet", "rules"], "worksheet rules: name the puzzle"),
    (["worksheet", "rules", "maze"], "worksheet rules 'maze': choose one of summaze, jump, walls, ice"),
    (["worksheet", "rules", "jump", "--ids", "3"], "worksheet rules: --ids is for worksheets"),
])
def test_bad_requests_get_one_line_naming_the_rule(tmp_path, capsys, args, words):
    assert main([*args, "--out", str(tmp_path / "x.pdf")]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1, err
    assert not (tmp_path / "x.pdf").exists()


def test_the_key_must_not_overwrite_the_sheet(tmp_path, capsys):
    out = str(tmp_path / "x.pdf")
    assert main(["worksheet", "summaze", "--ids", "1", "--out", out, "--key", out]) == 2
    assert "--key" in capsys.readouterr().err


def test_command_runs_as_a_module(tmp_path):
    out = tmp_path / "one.pdf"
    done = subprocess.run([sys.executable, "-m", "mathmaze_lib", "worksheet", "summaze", "--ids", "7",
                           "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_the_teacher_guide_states_every_difficulty_rule():
    guide = flat((ROOT / "docs" / "teachers.md").read_text())
    for kind, rules in worksheet.DIFFICULTY_RULES.items():
        for level, rule in rules.items():
            assert rule in guide, f"docs/teachers.md does not say what {kind} {level} means: {rule!r}"


# ---- no two words overlap -----------------------------------------------------------------------

def word_boxes(path) -> list:
    """``[(page, (width, height), [(x0, y0, x1, y1, word), ...]), ...]`` from poppler's ``pdftotext -bbox``."""
    out = subprocess.run(["pdftotext", "-bbox", str(path), "-"], capture_output=True, text=True, check=True).stdout
    pages = []
    for number, page in enumerate(out.split("<page ")[1:], 1):
        size = tuple(float(v) for v in re.match(r'width="([\d.]+)" height="([\d.]+)"', page).groups())
        words = [(float(a), float(b), float(c), float(d), w) for a, b, c, d, w in re.findall(
            r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>', page)]
        pages.append((number, size, words))
    return pages


def overlapping_words(path) -> list:
    """Pairs of words whose letters would touch, and words off the page. Poppler's box runs from the
    font's top to its bottom (near twice the font size), so two lines of text 1.3 sizes apart have
    overlapping boxes though their letters never meet: the middle half of each box's height is where
    the letters are, and two of those that share more than half a point both ways overlap."""
    found = []
    for page, (width, height), words in word_boxes(path):
        cores = [(x0, y0 + (y1 - y0) / 4, x1, y1 - (y1 - y0) / 4, w) for x0, y0, x1, y1, w in words]
        for i, (ax0, ay0, ax1, ay1, a) in enumerate(cores):
            if ax0 < 0 or ay0 < 0 or ax1 > width or ay1 > height:
                found.append((page, a, "off the page"))
            for bx0, by0, bx1, by1, b in cores[i + 1:]:
                if min(ax1, bx1) - max(ax0, bx0) > 0.5 and min(ay1, by1) - max(ay0, by0) > 0.5:
                    found.append((page, a, b))
    return found


def layout_cases() -> list:
    """The fewest sheets that take every path of the layout (issue 42): per kind a full page with its
    longest title ("medium", the longest difficulty's name, and "unique", where the kind has them; walls
    with the tiles of pathery-complex in the rules box), in two columns or, for wide boards, in one; and
    boards too big for the kind's puzzles per page, which print fewer to a page (here one, in one
    column, as --per-page 1 does), on Letter. Each is ``(name, kind, ids, size, preset, per page,
    paper, longest title)``."""
    from mathmaze_lib.puzzles import PUZZLES

    cases = [(f"{kind}: a full page, the longest title", kind, list(range(1, PUZZLES[kind].sheet.per_page + 1)),
              None, "pathery-complex", None, "a4", True) for kind in PUZZLES]
    return cases + [("ice, 12 x 12: fewer to a page, Letter", "ice", [1, 2], (12, 12), "simple", None, "letter", False)]


def test_the_longest_title_is_the_medium_unique_one():
    """So that the layouts take the widest title line of every difficulty and option."""
    assert max(worksheet.DIFFICULTIES, key=len) == "medium"


@needs_poppler
@pytest.mark.parametrize("case", layout_cases(), ids=lambda case: case[0])
def test_no_two_words_overlap_on_any_page(tmp_path, case):
    """Every page of the sheet and of its key, read back with poppler: no two words overlap, none is off
    the page. The items are made here, in this process (the same ones as on every core)."""
    from dataclasses import replace

    from mathmaze_lib.puzzles import PUZZLES
    from mathmaze_lib.puzzles.sheet import Asked

    name, kind, ids, size, preset, per_page, paper, longest = case
    rules = PUZZLES[kind].sheet
    rows, cols = (size or PUZZLES[kind].size) if rules.option == "size" else (None, None)
    made = worksheet.Sheet(kind, [rules.item(pid, Asked(kind, size, rows, cols, preset)) for pid in ids])
    if longest:
        made = replace(made, difficulty="medium" if rules.difficulty else None, unique=rules.unique)
    folder = tmp_path / "a folder with a long name, for the footer" / "and another one"
    for key in (False, True):
        command = worksheet.command_line(kind, "1-12", size, preset, per_page, paper, out=folder / "sheet.pdf",
                                         key=folder / "key.pdf" if key else None, unique=made.unique,
                                         difficulty=made.difficulty)
        pdf = tmp_path / f"{'key' if key else 'sheet'}.pdf"
        pages = worksheet.render(made, pdf, key=key, per_page=per_page, paper=paper, command=command)
        boxes = word_boxes(pdf)
        assert len(boxes) == pages and all(words for _, _, words in boxes), f"{name}: a page without words"
        found = overlapping_words(pdf)
        assert not found, f"{name}, {'key' if key else 'sheet'}: {found[:6]}"
    if "fewer" in name:
        assert pages == len(ids), "one to a page, the most that fit"


# ---- the rules handouts -----------------------------------------------------------------------

def test_a_handout_names_the_lessons_section_of_its_puzzle():
    """"Lesson 2, section 11": the solution notebook of that lesson has that section, about that puzzle."""
    for kind, h in handout.HANDOUTS.items():
        found = re.fullmatch(r"Lesson (\d)(?:, section (\d+))?(?: \(going further\))?", h.lesson)
        assert found, f"{kind}: {h.lesson!r}"
        if found[2]:
            notebook = next((ROOT / "notebooks" / "solutions").glob(f"0{found[1]}_*.ipynb"))
            titles = [line for cell in json.loads(notebook.read_text())["cells"] if cell["cell_type"] == "markdown"
                      for line in "".join(cell["source"]).splitlines() if line.startswith(f"## {found[2]}. ")]
            assert titles and h.title.split()[0] in titles[0], f"{kind}: {h.lesson} is {titles}"
            assert ("going further" in h.lesson) == ("(going further)" in titles[0]), f"{kind}: {titles[0]}"


@needs_poppler
@pytest.mark.parametrize("kind", list(handout.HANDOUTS))
def test_a_rules_handout_is_one_page_of_rules_an_example_and_the_idea(tmp_path, kind):
    out = tmp_path / f"{kind} rules.pdf"
    assert main(["worksheet", "rules", kind, "--paper", "letter", "--out", str(out)]) == 0
    assert pdf_pages(out) == 1 and "612 x 792 pts" in subprocess.run(["pdfinfo", str(out)], capture_output=True,
                                                                     text=True).stdout
    assert len(rendered_pages(out, tmp_path)) == 1
    text = flat(pdf_text(out, layout=False))
    h = handout.HANDOUTS[kind]
    for part in (*h.rules, h.idea, *h.example()[0], "A worked example", "The lesson's one idea"):
        assert flat(part) in text, part
    assert footer_command(out) == handout.rules_command(kind, out, "letter")
    assert not overlapping_words(out)
    for _, (width, _), words in word_boxes(out):     # every word inside the page's margins (Lights Out's three
        outside = [word for x0, _, x1, _, word in words if x0 < 0.4 * 72 or x1 > width - 0.4 * 72]   # pictures)
        assert not outside, outside


@needs_poppler
def test_a_new_puzzle_gets_a_rules_handout_from_the_registry(tmp_path, monkeypatch, capsys):
    """A kind without a handout of its own (a route puzzle, and one whose answer is a set of cells)
    gets one made from its rules and its entry points, through the registry."""
    from dataclasses import replace

    from mathmaze_lib import puzzles
    from mathmaze_lib.puzzles import PUZZLES, Registry

    from mathmaze_lib.puzzles.protocol import CELLS, Verdict

    def corners(maze):              # an answer of cells: pick the board's corners that are ice
        return [c for c in ((0, 0), (0, maze.cols - 1), (maze.rows - 1, 0)) if c not in maze.rocks]

    kinds = {"slide": lambda: replace(PUZZLES["ice"], name="slide", title="Slide mazes", handout=None),
             "blocks": lambda: replace(PUZZLES["ice"], name="blocks", title="Block mazes", handout=None,
                                       play=CELLS, solve=corners, rules="Pick the corners. Pick only ice.",
                                       check=lambda maze, cells: Verdict(True, f"{len(cells)} corners picked"))}
    registry = Registry({**{name: (lambda k=name: PUZZLES[k]) for name in PUZZLES}, **kinds})
    monkeypatch.setattr(puzzles, "PUZZLES", registry)
    monkeypatch.setattr(handout, "PUZZLES", registry)
    assert list(handout.HANDOUTS) == [*PUZZLES, "slide", "blocks"]
    for name, words in (("slide", "your route must stop on G"), ("blocks", "Pick only ice.")):
        out = tmp_path / f"{name}.pdf"
        assert main(["worksheet", "rules", name, "--out", str(out)]) == 0, capsys.readouterr().err
        text = flat(pdf_text(out, layout=False))
        made = handout.HANDOUTS[name]
        assert made.title in text and words in text and "A worked example" in text
        assert all(flat(line) in text for line in made.example()[0]) and not overlapping_words(out)
    lines, pictures = handout.HANDOUTS["slide"].example()
    assert "There are 2 shortest ones." in lines[-1] and pictures[1].steps, "ice maze 1: 10 slides, 2 routes"
    lines, pictures = handout.HANDOUTS["blocks"].example()
    assert "3 corners picked" in lines[-1] and not pictures[1].route, "an answer of cells is shown, not walked"


def test_the_handout_examples_are_solved_right():
    p = summaze.generate(2, 3, 3)
    lines, _ = handout.HANDOUTS["summaze"].example()
    assert f"has {len(summaze_solutions(p))} solutions" in lines[-1]
    pid, rows, cols, band = jumpmaze.handout.EXAMPLE
    maze = jumpmaze.generate(pid, rows, cols, jumps=band).maze
    jumps = nx.shortest_path_length(jump_graph(maze), maze.start, maze.end)
    lines, _ = handout.HANDOUTS["jump"].example()
    assert lines[-1].startswith(f"{jumps} jumps, and no route has fewer")
    board = wallmaze.parse(wallmaze.handout.EXAMPLE)
    lines, _ = handout.HANDOUTS["walls"].example()
    assert f"needs {wallmaze.score(board)} moves" in lines[0] and "12 moves, the best possible" in lines[1]
    maze = icemaze.parse(icemaze.handout.EXAMPLE)
    graph = ice_graph(maze)
    lines, _ = handout.HANDOUTS["ice"].example()
    slides = nx.shortest_path_length(graph, maze.start, maze.end)
    assert lines[-1].startswith(f"{slides} slides, and no route has fewer")
    assert len(list(nx.all_shortest_paths(graph, maze.start, maze.end))) == 1 and "the shortest route" in lines[-1]
    assert "passes over G" in lines[1] and maze.end in _straight_line(maze, maze.start, (1, 0))


def _straight_line(maze, cell, direction) -> list:
    """The cells a slide crosses (rocks and the edge stop it), computed here."""
    out = []
    while True:
        nxt = (cell[0] + direction[0], cell[1] + direction[1])
        if not (0 <= nxt[0] < maze.rows and 0 <= nxt[1] < maze.cols) or nxt in maze.rocks:
            return out
        out.append(nxt)
        cell = nxt


def ice_graph(maze) -> nx.DiGraph:
    """The stops of an ice maze and its slides, built here: a slide stops only at a rock or the edge,
    never on the goal it passes over."""
    graph = nx.DiGraph()
    for cell in [(r, c) for r in range(maze.rows) for c in range(maze.cols) if (r, c) not in maze.rocks]:
        for d in ((-1, 0), (0, 1), (1, 0), (0, -1)):
            line = _straight_line(maze, cell, d)
            if line:
                graph.add_edge(cell, line[-1])
    return graph


def test_the_ice_rules_and_key_say_a_route_stops_on_the_goal():
    """Ice maze 1 (issue 42): its start slides straight over G in one slide, which is no route; the
    rules say a route must stop on G, and the key's 10 slides (one of 2 shortest routes) are right."""
    maze = icemaze.make(1, 7, 7)
    assert maze.end in _straight_line(maze, maze.start, (1, 0)), "the first slide down passes over G"
    assert not icemaze.check(maze, [maze.start, maze.end]).ok
    graph = ice_graph(maze)
    (item,) = worksheet.items("ice", [1])
    assert item.answer["route"][-1] == maze.end
    assert len(item.answer["route"]) - 1 == nx.shortest_path_length(graph, maze.start, maze.end) == 10
    count = len(list(nx.all_shortest_paths(graph, maze.start, maze.end)))
    assert item.answer["shortest_routes"] == count == 2 and "(one of 2 shortest routes)" in item.key_text
    assert "must stop on G" in worksheet.rules_text("ice")
    assert any("must stop on the goal G" in rule for rule in handout.HANDOUTS["ice"].rules)


def test_a_jumping_maze_too_small_to_be_hard_says_so():
    """No 4 x 4 jumping maze has a shortest route of more than 12 jumps (every one tried by
    benchmarks/jump_longest.py: 81 s compiled); the 3 x 3 ones are tried here again."""
    from benchmarks.jump_longest import longest

    assert longest(3, 3, compiled=False) == jumpmaze.sheet.LONGEST[(3, 3)] == 6
    with pytest.raises(ValueError, match=r"impossible on a 4 x 4 jumping maze \(hard: .*no 4 x 4 maze has a shortest "
                                         r"route of more than 12 jumps: every one was tried\): use a larger --size"):
        worksheet.sheet("jump", range(1, 9), size=(4, 4), difficulty="hard")
    with pytest.raises(ValueError, match="impossible on a 2 x 2 Math Maze"):
        worksheet.sheet("summaze", [1], size=(2, 2), difficulty="hard")
