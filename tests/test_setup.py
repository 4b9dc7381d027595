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
