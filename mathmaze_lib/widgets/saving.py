"""Save notebooks so that a reopened one says "run this cell to play" instead of
"Error displaying widget: model not found".

A widget lives in the kernel that made it; a saved notebook keeps only a pointer to it (the
``application/vnd.jupyter.widget-view+json`` output), which a later session cannot follow.
:func:`pre_save_hook` drops that pointer from outputs that also have a plain-text form, so the
reopened notebook shows the games' own text (``<Math Maze puzzle 1 ...: run this in Jupyter
to play>``).  ``make lab`` starts JupyterLab with it::

    jupyter lab --ContentsManager.pre_save_hook=mathmaze_lib.widgets.saving.pre_save_hook

>>> nb = {"cells": [{"cell_type": "code", "outputs": [{"output_type": "execute_result", "data": {
...     "application/vnd.jupyter.widget-view+json": {"model_id": "abc"}, "text/plain": "run this cell to play"}}]}]}
>>> pre_save_hook({"type": "notebook", "content": nb})
>>> nb["cells"][0]["outputs"][0]["data"]
{'text/plain': 'run this cell to play'}
"""

from __future__ import annotations

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


def strip_widget_views(notebook: dict) -> int:
    """Remove widget views that have a plain-text form from every output; returns how many went.

    >>> strip_widget_views({"cells": [{"cell_type": "markdown", "source": "hi"}]})
    0
    """
    removed = 0
    for cell in notebook.get("cells") or []:
        for output in cell.get("outputs") or []:
            data = output.get("data")
            if isinstance(data, dict) and WIDGET_VIEW in data and data.get("text/plain"):
                del data[WIDGET_VIEW]
                removed += 1
    return removed


def pre_save_hook(model=None, **kwargs) -> None:
    """A Jupyter server ``ContentsManager.pre_save_hook``: strips widget views from notebooks being saved
    (other files are left alone)."""
    if isinstance(model, dict) and model.get("type") == "notebook" and isinstance(model.get("content"), dict):
        strip_widget_views(model["content"])
