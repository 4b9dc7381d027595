"""``python -m mathmaze_lib play`` and ``make play`` without a browser (tests/test_projector.py drives the
page itself): the page it writes, the Voilà command it runs, and bad input."""

from __future__ import annotations

import subprocess
import sys

import nbformat

from conftest import ROOT
from mathmaze_lib.__main__ import main
from mathmaze_lib.commands import play


def test_write_only_writes_the_one_cell_page(tmp_path, capsys):
    assert main(["play", "--dir", str(tmp_path / "class"), "--write-only"]) == 0
    page = tmp_path / "class" / play.PAGE
    nb = nbformat.read(page, as_version=4)
    assert [c.cell_type for c in nb.cells] == ["code"] and "Projector()" in nb.cells[0].source
    assert nb.metadata["kernelspec"]["name"] == "python3"
    assert "voila/render/" in capsys.readouterr().out


def test_voila_runs_from_this_python_without_code_cells():
    command = play.voila_command(ROOT / play.PAGE, 8866, "127.0.0.1", browser=False)
    assert command[:3] == [sys.executable, "-m", "voila"], "the kernel is this environment's"
    assert "--strip_sources=True" in command and "--no-browser" in command and "--port=8866" in command
    assert "--Voila.port_retries=0" in command, "a busy port is an error, not a silent other address"


def test_a_bad_port_is_one_line(tmp_path, capsys):
    assert main(["play", "--dir", str(tmp_path), "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert "--port 0: a port is a whole number from 1 to 65535" in err and err.count("\n") == 1


def test_make_play_runs_the_play_command():
    dry = subprocess.run(["make", "-n", "--no-print-directory", "play", "PLAY_ARGS=--port 9000"], cwd=ROOT,
                         capture_output=True, text=True)
    assert dry.returncode == 0, dry.stderr
    assert dry.stdout.strip().splitlines()[-1].endswith("/python -m mathmaze_lib play --port 9000")
