"""The command line: help lists the subcommands, bad input is one clear line."""

import json
import subprocess
import sys

from mathmaze_lib.__main__ import main


def test_help_lists_subcommands():
    out = subprocess.run([sys.executable, "-m", "mathmaze_lib", "--help"], capture_output=True, text=True)
    assert out.returncode == 0
    assert "bfs" in out.stdout and "SUBCOMMAND" in out.stdout


def test_bfs_command_prints_distances(capsys):
    assert main(["bfs", "--rows", "2", "--cols", "3", "--start", "0 1", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"start": [0, 1], "dist": [[1, 0, 1], [2, 1, 2]]}


def test_bad_input_is_one_clear_line_and_exit_code_2(capsys):
    assert main(["bfs", "--rows", "0"]) == 2
    err = capsys.readouterr().err
    assert err.strip() == "error: grid size 0 x 5: rows must be at least 1"
    assert main(["bfs", "--start", "9 9"]) == 2
    assert "off the 4 x 5 grid" in capsys.readouterr().err


def test_a_command_imports_only_what_it_uses():
    """`walls score` loads its own command, not the worksheet's matplotlib or the jump mazes' networkx:
    every command starts in a fraction of a second (the tests run hundreds of them)."""
    code = ("import sys\nfrom mathmaze_lib.__main__ import main\n"
            "assert main(['bfs', '--rows', '2', '--cols', '2', '--json']) == 0\n"
            "print(sorted(m for m in ('matplotlib', 'networkx', 'mathmaze_lib.commands.worksheet') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]"
    code = code.replace("'bfs', '--rows', '2', '--cols', '2', '--json'", "'jump', 'solve', 'chain', '--json'")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip().splitlines()[-1] == "[]", "solving a jumping maze needs no networkx"
    wrong = subprocess.run([sys.executable, "-m", "mathmaze_lib", "wals"], capture_output=True, text=True)
    assert wrong.returncode == 2 and "invalid choice: 'wals'" in wrong.stderr and "'walls'" in wrong.stderr
