"""A class release without answers: the setting that hides solution(), and the class copy itself."""

from __future__ import annotations

import datetime
import json
import os
import re

import nbformat

from conftest import NOTEBOOKS, ROOT
from mathmaze_lib.__main__ import main
from mathmaze_lib.exercises import lesson1
from mathmaze_lib.teacher.release import BEGIN, END
from mathmaze_lib.exercises.visibility import ENV, SETTINGS_FILE, solution_notice, write_settings

DAY = datetime.date(2026, 11, 23)


def notice(start, env=None, today=DAY):
    return solution_notice(start=start, environ=env or {}, today=today)


def test_no_setting_shows_solutions(tmp_path):
    assert notice(tmp_path) is None


def test_each_setting_found_from_a_folder_below(tmp_path):
    below = tmp_path / "notebooks" / "deeper"
    below.mkdir(parents=True)
    write_settings(tmp_path, "hidden")
    assert "hidden the solutions for this class" in notice(below)
    write_settings(tmp_path, "shown")
    assert notice(below) is None
    write_settings(tmp_path, "after", "2026-12-01")
    assert notice(below, today=datetime.date(2026, 11, 30)).startswith(
        "Your teacher has hidden the solutions until 2026-12-01; hint() and check() still work")
    assert notice(below, today=datetime.date(2026, 12, 1)) is None


def test_environment_variable_and_the_stricter_wins(tmp_path):
    assert "for this class" in notice(tmp_path, {ENV: "hidden"})
    assert notice(tmp_path, {ENV: "shown"}) is None
    assert "until 2027-01-05" in notice(tmp_path, {ENV: "2027-01-05"})
    write_settings(tmp_path, "after", "2026-12-01")
    assert "until 2027-01-05" in notice(tmp_path, {ENV: "2027-01-05"})      # the later day wins
    assert "until 2026-12-01" in notice(tmp_path, {ENV: "shown"})           # shown cannot undo hidden
    assert "for this class" in notice(tmp_path, {ENV: "hiden"})             # a typo hides


def test_a_broken_setting_hides_and_names_the_file(tmp_path):
    (tmp_path / SETTINGS_FILE).write_text("{not json")
    text = notice(tmp_path)
    assert text.startswith("Solutions are hidden:") and SETTINGS_FILE in text and "hint() and check()" in text
    (tmp_path / SETTINGS_FILE).write_text(json.dumps({"solutions": "sometimes"}))
    assert "'solutions' must be one of hidden, after, shown" in notice(tmp_path)


def test_solution_prints_the_notice_while_hint_and_check_work(tmp_path, monkeypatch, capsys):
    write_settings(tmp_path, "hidden")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv(ENV, raising=False)
    lesson1.q1.solution()
    lesson1.q1.hint(1)
    lesson1.q1.check(lambda numbers, path: sum(numbers[r][c] for r, c in path))
    out = capsys.readouterr().out
    assert "hidden the solutions" in out and "sum(numbers[r][c]" not in out
    assert "Hint 1 of 2" in out and "Correct: path_sum" in out
    monkeypatch.setenv(ENV, "shown")
    write_settings(tmp_path, "shown")
    lesson1.q1.solution()
    assert "sum(numbers[r][c] for r, c in path)" in capsys.readouterr().out


def solution_lines() -> set:
    """Distinctive code lines from the solution blocks of the solution notebooks."""
    lines = set()
    for path in (NOTEBOOKS / "solutions").glob("*.ipynb"):
        for cell in nbformat.read(path, as_version=4).cells:
            for block in re.findall(rf"{BEGIN}\n(.*?){END}", cell.source, re.S):
                lines |= {ln.strip() for ln in block.splitlines() if len(ln.strip()) > 25}
    return lines


def test_class_copy_has_no_answers(tmp_path, capsys):
    target = tmp_path / "class"
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(target), "--until", "2026-12-01"]) == 0
    assert "solutions hidden until 2026-12-01" in capsys.readouterr().out
    files = sorted(str(p.relative_to(target)) for p in target.rglob("*") if p.is_file())
    lessons = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    assert files == sorted([".mathmaze-class.json", "README.md"] + [f"notebooks/{n}" for n in lessons])
    assert not any("solutions" in p.parts for p in target.rglob("*"))
    answers = solution_lines()
    assert len(answers) > 20
    for path in (target / "notebooks").glob("*.ipynb"):
        text = path.read_text()
        assert BEGIN not in text and END not in text
        leaked = [line for line in answers if line in text]
        assert not leaked, f"{path.name} shows solution code: {leaked[:3]}"
    readme = (target / "README.md").read_text()
    assert "00_start_here.ipynb" in readme and "hidden the solutions until 2026-12-01" in readme
    assert json.loads((target / SETTINGS_FILE).read_text())["date"] == "2026-12-01"
    # the lesson notebooks are exactly the committed student notebooks (the same release step)
    for name in lessons:
        assert nbformat.read(target / "notebooks" / name, 4).cells == nbformat.read(NOTEBOOKS / name, 4).cells


def test_release_again_updates_and_refuses_foreign_folders(tmp_path, capsys):
    target = tmp_path / "class"
    (target / ".git").mkdir(parents=True)       # a teacher may git init first
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(target)]) == 0
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(target), "--solutions", "shown"]) == 0
    assert json.loads((target / SETTINGS_FILE).read_text())["solutions"] == "shown"
    (target / "notebooks" / "solutions").mkdir()
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(target)]) == 2
    assert "must not hold the solutions" in capsys.readouterr().err
    other = tmp_path / "other"
    other.mkdir()
    (other / "essay.txt").write_text("mine")
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(other)]) == 2
    assert "not a class copy made by this command" in capsys.readouterr().err
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(tmp_path / "x"), "--until", "soon"]) == 2
    assert "--until 'soon': not a date" in capsys.readouterr().err
    assert main(["release", "--dir", str(NOTEBOOKS), "--until", "2026-12-01"]) == 2


def test_solution_is_hidden_in_a_kernel_of_the_class_copy(tmp_path):
    """A real kernel started in class/notebooks/ (as Jupyter does) finds the setting above it."""
    from nbclient import NotebookClient

    target = tmp_path / "class"
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(target)]) == 0
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(
        "from mathmaze_lib.exercises import lesson2 as ex\nex.q1.solution()\nex.q1.hint()\nex.q1.check()\n"
        "print(ex.q1.solution_code)\n"
        "for _n in dir(ex):\n"
        "    for _k, _v in vars(getattr(ex, _n)).items() if hasattr(getattr(ex, _n), '__dict__') else ():\n"
        "        print(_n, _k, repr(_v)[:2000])\n")])
    env = {k: v for k, v in os.environ.items() if k != ENV}
    client = NotebookClient(nb, timeout=120, kernel_name="python3",
                            resources={"metadata": {"path": str(target / "notebooks")}})
    client.execute(env=env)
    out = "".join(o.get("text", "") for o in nb.cells[0].outputs)
    assert "Your teacher has hidden the solutions for this class" in out
    assert "Hint 1 of 2" in out and "Not attempted yet" in out and "def moves_table" not in out
    leaked = [line for line in solution_lines() if line in out]
    assert not leaked, f"an exercise object holds solution code in the class copy: {leaked[:3]}"
    assert "q1 reference" in out, "the exercise objects' attributes were listed"


def test_the_class_copy_says_how_to_install_the_package_without_solutions(tmp_path):
    target = tmp_path / "class"
    assert main(["release", "--dir", str(NOTEBOOKS), "--class", str(target)]) == 0
    readme = (target / "README.md").read_text()
    assert 'MATHMAZE_WITHOUT_SOLUTIONS=1 pip install "PROJECT-FOLDER[lab]"' in readme
    assert "release --check-install" in readme


def test_a_class_install_leaves_the_solutions_out(tmp_path):
    """setup.py's MATHMAZE_WITHOUT_SOLUTIONS: the files a build installs (build_py, what a wheel holds)."""
    import shutil
    import subprocess
    import sys

    source = tmp_path / "src"
    source.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, source / name)
    shutil.copytree(ROOT / "mathmaze_lib", source / "mathmaze_lib",
                    ignore=shutil.ignore_patterns("__pycache__", "*.nbi", "*.nbc"))
    built = {}
    for value in ("", "1"):
        out = tmp_path / f"build{value or 0}"
        env = dict(os.environ, MATHMAZE_WITHOUT_SOLUTIONS=value)
        proc = subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(out)], cwd=source,
                              env=env, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr[-2000:]
        built[value] = sorted(p.name for p in (out / "mathmaze_lib" / "data").iterdir())
    assert built[""] == ["given.json", "solutions.json", "wall_goals.json", "weights.ini"]
    assert built["1"] == ["given.json", "wall_goals.json", "weights.ini"]


def test_without_the_solutions_file_solution_says_so(tmp_path, monkeypatch, capsys):
    from mathmaze_lib.exercises import solutions

    monkeypatch.delenv(ENV, raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["release", "--check-install"]) == 1
    assert "holds the worked solutions" in capsys.readouterr().out
    monkeypatch.setattr(solutions, "DATA", tmp_path / "none.json")
    assert main(["release", "--check-install"]) == 0
    assert "no worked solutions: ready for a class" in capsys.readouterr().out
    lesson1.q1.solution()
    out = capsys.readouterr().out
    assert "installed without the solutions" in out and "sum(numbers" not in out
    assert lesson1.q1.solution_code == ""
