"""The set-up a new user follows: `make lab` serves the start notebook; CI runs `make test`."""

import re
import urllib.request

from conftest import NOTEBOOKS, ROOT, jupyter_server


def test_start_notebook_exists():
    assert (NOTEBOOKS / "00_start_here.ipynb").is_file()


def test_make_lab_serves_the_start_notebook():
    """Run the README's first command for real and ask the server on loopback for the notebook.

    Given a notebook path, JupyterLab serves the folder of that notebook, so the
    start notebook is at the top of the file browser, beside the lessons.
    """
    with jupyter_server(via_make=True, timeout=300) as (base, token):
        url = f"{base}/api/contents/00_start_here.ipynb?token={token}&content=0"
        with urllib.request.urlopen(url, timeout=30) as r:
            assert r.status == 200
            assert b'"type":"notebook"' in r.read().replace(b" ", b"")
        with urllib.request.urlopen(f"{base}/lab/tree/00_start_here.ipynb?token={token}", timeout=30) as r:
            assert r.status == 200
            assert b"JupyterLab" in r.read()


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in readme and "make lab" in readme
    assert re.search(r"^(?:[A-Z_]+=\S+ )*make test\s*$", ci, re.M), "CI must call the README's `make test`"
