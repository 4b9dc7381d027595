"""The set-up a new user follows: `make lab` serves the start notebook."""

import urllib.request

from conftest import NOTEBOOKS


def test_start_notebook_exists():
    assert (NOTEBOOKS / "00_start_here.ipynb").is_file()


def test_jupyterlab_serves_the_start_notebook(lab_server):
    base, token = lab_server
    with urllib.request.urlopen(f"{base}/api/contents/00_start_here.ipynb?token={token}", timeout=30) as r:
        assert r.status == 200
        assert b'"type": "notebook"' in r.read().replace(b'"type":"notebook"', b'"type": "notebook"')
    with urllib.request.urlopen(f"{base}/lab/tree/00_start_here.ipynb?token={token}", timeout=30) as r:
        assert r.status == 200
        assert b"JupyterLab" in r.read()


def test_ci_runs_the_readme_test_command():
    from conftest import ROOT

    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert "make test" in readme and "make lab" in readme
    assert "\nmake test" in ci
