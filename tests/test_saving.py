"""Saving a notebook drops widget views that cannot come back, keeping the games' friendly text."""

import json

import nbformat

from conftest import ROOT
from mathmaze_lib.widgets.saving import WIDGET_VIEW, pre_save_hook, strip_widget_views
from mathmaze_lib.widgets.summaze_game import MathMazeGame


def game_output():
    bundle = MathMazeGame(1)._repr_mimebundle_()
    assert WIDGET_VIEW in bundle and "run this in Jupyter to play" in bundle["text/plain"]
    return {"output_type": "execute_result", "execution_count": 1, "metadata": {}, "data": bundle}


def test_widget_views_go_and_the_friendly_text_stays():
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell("MathMazeGame(1)"), nbformat.v4.new_markdown_cell("text")]
    nb.cells[0].outputs = [nbformat.from_dict(game_output()),
                           nbformat.from_dict({"output_type": "display_data", "metadata": {},
                                               "data": {WIDGET_VIEW: {"model_id": "x"}}})]
    content = json.loads(nbformat.writes(nb))
    pre_save_hook({"type": "notebook", "content": content, "path": "a.ipynb"})
    first, second = content["cells"][0]["outputs"]
    assert WIDGET_VIEW not in first["data"] and "run this in Jupyter to play" in "".join(first["data"]["text/plain"])
    assert WIDGET_VIEW in second["data"], "a view with no text form is kept (there would be nothing to show)"
    nbformat.validate(nbformat.from_dict(content))
    assert strip_widget_views(content) == 0


def test_other_files_are_left_alone():
    model = {"type": "file", "content": "MathMazeGame(1)"}
    pre_save_hook(model)
    assert model == {"type": "file", "content": "MathMazeGame(1)"}
    pre_save_hook({"type": "notebook", "content": None})


def test_make_lab_saves_through_the_hook():
    assert "--ContentsManager.pre_save_hook=mathmaze_lib.widgets.saving.pre_save_hook" in (ROOT / "Makefile").read_text()
