"""Printable worksheets: page counts, ids and paper size from the PDF itself (poppler), and every key checked."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import networkx as nx
import pytest

from mathmaze_lib import jumpmaze, summaze, wallmaze, worksheet
from mathmaze_lib.__main__ import main

POPPLER = all(shutil.which(tool) for tool in ("pdftoppm", "pdftotext", "pdfinfo"))
needs_poppler = pytest.mark.skipif(not POPPLER, reason="needs poppler-utils (pdftoppm, pdftotext, pdfinfo); "
                                                       ".ci/run installs it")


def pdf_pages(path) -> int:
    out = subprocess.run(["pdfinfo", str(path)], capture_output=True, text=True, check=True).stdout
    return int(re.search(r"^Pages:\s+(\d+)", out, re.M).group(1))


def pdf_text(path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


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


def write(tmp_path, kind, ids, *extra):
    out, key = tmp_path / f"{kind}.pdf", tmp_path / f"{kind}-key.pdf"
    assert main(["worksheet", kind, "--ids", ids, "--out", str(out), "--key", str(key), *extra]) == 0
    return out, key


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
        # counted again by networkx's simple paths, not by the library's DFS
        graph = nx.grid_2d_graph(p.rows, p.cols)
        count = sum(1 for path in nx.all_simple_paths(graph, p.start, p.end)
                    if summaze.path_sum(p.numbers, path) == p.target)
        assert item.answer["solutions"] == count
        assert item.texts[p.end[0]][p.end[1]] == f"={p.target}"


def test_jump_keys_are_shortest_routes():
    for item in worksheet.items("jump", range(1, 7), size=(4, 4)):
        maze, route = item.puzzle, item.answer["route"]
        assert route[0] == maze.start and route[-1] == maze.end
        for (r1, c1), (r2, c2) in zip(route, route[1:]):
            n = maze.value((r1, c1))
            assert (abs(r1 - r2), abs(c1 - c2)) in ((n, 0), (0, n)), f"maze {item.id}: bad jump {(r1, c1)}"
        graph = nx.DiGraph()
        for cell in maze.grid.cells():
            n = maze.value(cell)
            if cell == maze.end or not isinstance(n, int) or n == 0:
                continue
            for dr, dc in ((-n, 0), (0, n), (n, 0), (0, -n)):
                nxt = (cell[0] + dr, cell[1] + dc)
                if maze.grid.in_bounds(nxt):
                    graph.add_edge(cell, nxt)
        assert item.answer["jumps"] == len(route) - 1 == nx.shortest_path_length(graph, maze.start, maze.end)
        assert item.answer["shortest_routes"] == len(list(nx.all_shortest_paths(graph, maze.start, maze.end)))


def test_walls_keys_score_what_they_say():
    goals = wallmaze.stored_goals()
    for item in worksheet.items("walls", range(1, 6)):
        board, a = item.puzzle, item.answer
        assert len(a["walls"]) <= board.budget
        assert wallmaze.score(board, a["walls"]) == a["moves"] == a["goal"]
        stored = goals.get(f"simple:{item.id}")
        if stored:  # the stored goal is used as it is, not re-optimised
            assert a["moves"] == stored["moves"] and a["walls"] == sorted(map(tuple, stored["walls"]))
        else:
            assert a["moves"] >= wallmaze.score(board)


@needs_poppler
def test_summaze_sheet_and_key(tmp_path):
    out, key = write(tmp_path, "summaze", "1-12")
    assert pdf_pages(out) == pdf_pages(key) == 2          # 6 per page
    assert len(rendered_pages(out, tmp_path)) == 2 and len(rendered_pages(key, tmp_path)) == 2
    sheet, answers = pdf_text(out), pdf_text(key)
    assert "Name:" in sheet and "Date:" in sheet and "Name:" not in answers
    assert "--ids 1-12 --size 4 5" in sheet
    for item in worksheet.items("summaze", range(1, 13)):
        p = item.puzzle
        assert f"Puzzle {p.id}: target {p.target}" in sheet and f"Puzzle {p.id}: target {p.target}" in answers
        n = item.answer["solutions"]
        assert (f"{n} solutions" if n > 1 else "1 solution,") in answers
    assert "solution" not in sheet.replace("Draw a path", "")


@needs_poppler
def test_walls_sheet_letter_paper(tmp_path, capsys):
    out, key = write(tmp_path, "walls", "1-3", "--per-page", "3", "--paper", "letter", "--json")
    info = json.loads(capsys.readouterr().out)
    assert info["pages"] == info["key_pages"] == pdf_pages(out) == 1
    assert "612 x 792 pts" in subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True).stdout
    sheet, answers = pdf_text(out), pdf_text(key)
    for entry in info["puzzles"]:
        assert f"Level {entry['id']} (simple): up to 7 walls, goal {entry['moves']} moves" in sheet
        walls = " ".join(f"({r},{c})" for r, c in entry["walls"])
        assert f"{entry['moves']} moves" in answers and walls in answers.replace("\n", " ")
        assert wallmaze.score(wallmaze.level("simple", entry["id"]), entry["walls"]) == entry["moves"]


@needs_poppler
@pytest.mark.slow
def test_jump_sheet_twelve(tmp_path):
    out, key = write(tmp_path, "jump", "1-12")
    assert pdf_pages(out) == pdf_pages(key) == 3           # 4 per page
    assert len(rendered_pages(key, tmp_path)) == 3
    answers = pdf_text(key)
    for item in worksheet.items("jump", range(1, 13)):
        assert f"Maze {item.id}" in answers
        assert f"{item.answer['jumps']} jumps" in answers
        assert jumpmaze.solve(item.puzzle).jumps == item.answer["jumps"]


def test_bad_requests_name_the_option(tmp_path, capsys):
    out = str(tmp_path / "x.pdf")
    assert main(["worksheet", "walls", "--ids", "1", "--size", "5", "5", "--out", out]) == 2
    assert "--size" in capsys.readouterr().err
    assert main(["worksheet", "summaze", "--ids", "1-x", "--out", out]) == 2
    assert "--ids '1-x'" in capsys.readouterr().err
    assert main(["worksheet", "summaze", "--ids", "1", "--per-page", "40", "--out", out]) == 2
    assert "--per-page 40" in capsys.readouterr().err
    assert main(["worksheet", "summaze", "--ids", "1", "--out", out, "--key", out]) == 2
    assert main(["worksheet", "summaze", "--ids", "1", "--size", "0", "5", "--out", out]) == 2
    assert "rows must be at least 1" in capsys.readouterr().err


def test_command_runs_as_a_module(tmp_path):
    out = tmp_path / "one.pdf"
    done = subprocess.run([sys.executable, "-m", "mathmaze_lib", "worksheet", "summaze", "--ids", "7",
                           "--out", str(out)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert out.read_bytes().startswith(b"%PDF")
