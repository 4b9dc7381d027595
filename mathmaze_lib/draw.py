"""Pictures with matplotlib: a grid with roles, a route, BFS distances, came-from arrows,
a search animation and a jump graph.

Colours and patterns come from :mod:`mathmaze_lib.palette`, the same as the
board widget's, and every role also has a hatch or a mark, so no picture relies
on colour alone.  Each function draws on ``ax`` (a new small figure when None)
and returns the Axes, except :func:`animate_search`, which returns HTML.

>>> import matplotlib
>>> matplotlib.use("Agg")
>>> ax = grid([[1, 2], [3, 4]], roles={(0, 0): "start", (1, 1): "end"})
>>> [t.get_text() for t in ax.texts][:4]
['1', '2', '3', '4']
>>> len(route(ax, [(0, 0), (0, 1), (1, 1)], arrows=True).patches) - 4
2
"""

from __future__ import annotations

import re
from typing import Callable, Optional

import matplotlib.pyplot as plt
from matplotlib.patches import FancyArrowPatch, Rectangle

from . import palette, replay

__all__ = ["grid", "route", "distances", "came_from", "animate_search", "jump_graph"]

# matplotlib's player loads its button icons from a CDN; a classroom may be offline, so the
# icons become plain characters and the link goes.
_ICONS = {"fa-minus": "−", "fa-fast-backward": "⏮", "fa-step-backward": "⏴|", "fa-play fa-flip-horizontal": "◀",
          "fa-pause": "⏸", "fa-play": "▶", "fa-step-forward": "|⏵", "fa-fast-forward": "⏭", "fa-plus": "+"}
_CDN_LINK = re.compile(r'<link rel="stylesheet"\s+href="https?://[^"]*font-awesome[^"]*">')


def _axes(ax, rows: int, cols: int, title: Optional[str] = None, scale: float = 0.6, numbered: bool = False):
    if ax is None:
        _, ax = plt.subplots(figsize=(min(6.0, max(2.0, cols * scale)), min(6.0, max(1.5, rows * scale))))
    ax.set_xlim(-0.5, cols - 0.5)
    ax.set_ylim(rows - 0.5, -0.5)
    ax.set_aspect("equal")
    if numbered:        # row numbers on the left, column numbers below: a cell reads as (row, column)
        ax.set_xticks(range(cols))
        ax.set_yticks(range(rows))
        ax.tick_params(length=0, labelsize=8, colors="#555555")
    else:
        ax.set_xticks([])
        ax.set_yticks([])
    if title:
        ax.set_title(title)
    return ax


def _shape(texts) -> tuple:
    rows = len(texts)
    cols = len(texts[0]) if rows else 0
    if any(len(row) != cols for row in texts):
        raise ValueError("texts must be a rectangle: every row as long as the first")
    return rows, cols


def _cell(ax, cell, role: str, text: str = "", fontsize: float = 11) -> None:
    r, c = cell
    st = palette.style(role)
    ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor=st["color"], edgecolor="#444444",
                           hatch=st["hatch"] or None, linewidth=0.8))
    label = text if text != "" else st["mark"]
    if label != "":
        ax.text(c, r, label, ha="center", va="center", color=st["ink"], fontsize=fontsize,
                fontweight="bold" if role != "plain" else "normal")


def grid(texts, roles: Optional[dict] = None, ax=None, title: Optional[str] = None, legend: bool = False,
         numbered: bool = False):
    """Draw a grid of texts (a list of rows of numbers or strings), each cell coloured by its role.

    ``roles`` maps cells to role names (others are ``plain``); ``legend=True`` adds a legend of
    the roles used; ``numbered=True`` writes the row numbers on the left and the column numbers below.
    """
    rows, cols = _shape(texts)
    roles = roles or {}
    for cell, role in roles.items():
        palette.check_role(role, where=f"cell {cell!r}")
    ax = _axes(ax, rows, cols, title, numbered=numbered)
    for r in range(rows):
        for c in range(cols):
            _cell(ax, (r, c), roles.get((r, c), "plain"), str(texts[r][c]))
    if legend:
        used = [role for role in palette.ROLES if role in set(roles.values())]
        handles = [Rectangle((0, 0), 1, 1, facecolor=palette.style(x)["color"], edgecolor="#444444",
                             hatch=palette.style(x)["hatch"] or None,
                             label=f"{palette.style(x)['mark']} {palette.style(x)['label']}".strip()) for x in used]
        ax.legend(handles=handles, loc="upper left", bbox_to_anchor=(1.01, 1), fontsize=8, frameon=False)
    return ax


def route(ax, cells, arrows: bool = False, color: str = "#CC0000", jumps=()):
    """Overlay a route: a line through the cell centres; ``arrows=True`` puts an arrow on each move.
    ``jumps`` (pairs of cells, like a wall maze's ``RunResult.jumps``) are teleport jumps, not
    moves: drawn as thin dotted lines.

    >>> fig, ax = plt.subplots()
    >>> ax = route(ax, [(0, 0), (0, 1), (2, 0), (1, 0)], jumps=[((0, 1), (2, 0))])
    >>> [line.get_linestyle() for line in ax.lines]
    ['-', '-', ':', 'None']
    >>> plt.close(fig)
    """
    cells = [tuple(c) for c in cells]
    if len(cells) < 2:
        return ax
    jumps = {(tuple(a), tuple(b)) for a, b in jumps}
    if arrows:
        moves = list(zip(cells, cells[1:]))
        for (r1, c1), (r2, c2) in moves:
            jump = ((r1, c1), (r2, c2)) in jumps
            ax.add_patch(FancyArrowPatch((c1, r1), (c2, r2), arrowstyle="-|>", mutation_scale=14,
                                         color=color, linewidth=1 if jump else 2, shrinkA=6, shrinkB=6,
                                         linestyle=":" if jump else "-",
                                         connectionstyle=f"arc3,rad={_bend(moves, ((r1, c1), (r2, c2))):.3f}"))
    else:
        runs, gaps = [[cells[0]]], []
        for a, b in zip(cells, cells[1:]):
            if (a, b) in jumps:
                runs.append([b])
                gaps.append((a, b))
            else:
                runs[-1].append(b)
        for run in runs:
            if len(run) > 1:
                ax.plot([c for _, c in run], [r for r, _ in run], color=color, linewidth=2.5, alpha=0.8)
        for (r1, c1), (r2, c2) in gaps:
            ax.plot([c1, c2], [r1, r2], color=color, linewidth=1.2, linestyle=":", alpha=0.8)
    ax.plot(cells[0][1], cells[0][0], "o", color=color, markersize=6)
    return ax


def _lane(moves: list, move: tuple) -> int:
    """How many moves before ``move`` run along the same row or column, the same way, over some of the
    same cells: each gets an arc of its own (a lane), further out, so that no two arrows lie on top of
    each other."""
    (r1, c1), (r2, c2) = move

    def line(m):
        (a, b), (c, d) = m
        if a == c:
            return ("row", a, (d > b) - (d < b)), (min(b, d), max(b, d))
        if b == d:
            return ("col", b, (c > a) - (c < a)), (min(a, c), max(a, c))
        return None, None

    key, (lo, hi) = line(move)[0], line(move)[1] or (0, 0)
    if key is None:
        return 0
    earlier = moves[:moves.index(move)]
    return sum(1 for m in earlier if line(m)[0] == key and line(m)[1][0] < hi and lo < line(m)[1][1])


def _bend(moves: list, move: tuple) -> float:
    """The ``arc3`` bend of a move's arrow: its arc stands out by a set part of a cell, further for each
    lane (:func:`_lane`); arrows the opposite way bend to the other side.

    >>> moves = [((3, 5), (3, 0)), ((3, 0), (3, 2)), ((3, 4), (3, 1))]
    >>> [round(_bend(moves, m), 3) for m in moves]
    [0.12, 0.3, 0.367]
    """
    (r1, c1), (r2, c2) = move
    length = max(1.0, ((r1 - r2) ** 2 + (c1 - c2) ** 2) ** 0.5)
    out = 0.15 + 0.25 * _lane(moves, move) + (0.15 if length > 1 else 0.0)   # in cells
    return min(0.9, 2 * out / length)


def distances(dist: dict, rows: int, cols: int, ax=None, texts=None, title: Optional[str] = None,
              cell_of: Optional[Callable] = None):
    """A heatmap of BFS distances (the layers of the search); unreached cells stay white.

    ``dist`` maps nodes to distances (``cell_of`` maps a node to its cell; the smallest
    distance wins when several nodes share a cell).  Each cell shows its distance,
    or ``texts[r][c]`` when given.
    """
    import numpy as np

    cell_of = cell_of or (lambda node: node)
    values = np.full((rows, cols), np.nan)
    for node, d in dist.items():
        r, c = cell_of(node)
        if np.isnan(values[r, c]) or d < values[r, c]:
            values[r, c] = d
    ax = _axes(ax, rows, cols, title)
    image = ax.imshow(np.ma.masked_invalid(values), cmap="viridis_r", origin="upper",
                      extent=(-0.5, cols - 0.5, rows - 0.5, -0.5))
    for r in range(rows):
        for c in range(cols):
            label = texts[r][c] if texts is not None else ("" if np.isnan(values[r, c]) else int(values[r, c]))
            ax.text(c, r, str(label), ha="center", va="center", fontsize=9,
                    color="white" if not np.isnan(values[r, c]) and values[r, c] > np.nanmax(values) / 2
                    else "black")
    ax.figure.colorbar(image, ax=ax, shrink=0.8, label="moves from the start")
    return ax


def came_from(parent: dict, rows: int, cols: int, ax=None, title: Optional[str] = None, texts=None):
    """Arrows from each reached cell to the cell it was discovered from (its parent); the start (whose
    parent is None) is a star. Row and column numbers label the edges; ``texts[r][c]``, when given, is
    written small in each cell's corner (the maze's own numbers, say)."""
    ax = _axes(ax, rows, cols, title, numbered=True)
    for r in range(rows):
        for c in range(cols):
            ax.add_patch(Rectangle((c - 0.5, r - 0.5), 1, 1, facecolor="white", edgecolor="#BBBBBB"))
            if texts is not None:
                ax.text(c - 0.42, r - 0.42, str(texts[r][c]), ha="left", va="top", fontsize=7, color="#777777")
    for node, par in parent.items():
        if par is None:
            ax.plot(node[1], node[0], "*", color="#009E73", markersize=14)
            continue
        (r1, c1), (r2, c2) = node, par
        far = abs(r1 - r2) + abs(c1 - c2) > 1   # long jumps along one line would lie on top of each other
        ax.add_patch(FancyArrowPatch((c1, r1), (c2, r2), connectionstyle=f"arc3,rad={0.35 if far else 0}",
                                     shrinkA=7, shrinkB=9, arrowstyle="-|>", mutation_scale=10, color="#0072B2"))
    return ax


def animate_search(result, rows: int, cols: int, texts=None, cell_of: Optional[Callable] = None,
                   interval: int = 300, title: str = "Breadth-first search"):
    """An animation of a traced BFS (``bfs(..., trace=True)``), one frame per expansion,
    as HTML with its own play controls (``FuncAnimation.to_jshtml``; works offline)."""
    from IPython.display import HTML
    from matplotlib.animation import FuncAnimation

    texts = texts or [["" for _ in range(cols)] for _ in range(rows)]
    count = replay.frame_count(result)
    ax = _axes(None, rows, cols, title, scale=0.5)
    fig = ax.figure
    fig.set_dpi(72)  # one PNG per frame is stored in the notebook: keep them small

    def draw(index: int):
        ax.clear()
        _axes(ax, rows, cols)
        f = replay.frame(result, index, cell_of)
        grid(texts, f.roles, ax=ax)
        ax.set_title(replay.describe(f), fontsize=9)
        return []

    anim = FuncAnimation(fig, draw, frames=count, interval=interval, blit=False)
    html = _CDN_LINK.sub("", anim.to_jshtml(default_mode="once"))
    for icon, char in _ICONS.items():
        html = html.replace(f'<i class="fa {icon}"></i>', char)
    plt.close(fig)
    return HTML(html)


def jump_graph(graph, rows: int, cols: int, ax=None, route=None, title: Optional[str] = None):
    """Draw a graph whose nodes are cells (or states with a ``cell`` attribute) at their grid
    positions, each numbered as the lessons number cells (``row * cols + col``); each jump arcs out
    by a part of its length, so that long and short jumps along one row or column stay apart. The
    edges of ``route`` (a list of nodes) are drawn thick and red.

    >>> import networkx as nx
    >>> ax = jump_graph(nx.DiGraph([((0, 0), (0, 2))]), 1, 3)
    >>> sorted(t.get_text() for t in ax.texts)
    ['0', '2']
    >>> plt.close(ax.figure)
    """
    import networkx as nx

    ax = _axes(ax, rows, cols, title, scale=1.0)

    def cell(node):
        return graph.nodes[node].get("cell", node)

    pos = {n: (cell(n)[1], cell(n)[0]) for n in graph.nodes}
    size = 300
    nx.draw_networkx_nodes(graph, pos, ax=ax, node_size=size, node_color="#B9DDF3", edgecolors="#444444")
    labels = {n: cell(n)[0] * cols + cell(n)[1] for n in graph.nodes}
    nx.draw_networkx_labels(graph, pos, labels, ax=ax, font_size=8)
    bend = "arc3,rad=0.2"       # a jump bulges by a fifth of its length: long and short jumps stay apart
    nx.draw_networkx_edges(graph, pos, ax=ax, arrows=True, arrowsize=8, edge_color="#999999", width=0.8,
                           connectionstyle=bend, node_size=size)
    if route:
        edges = list(zip(route, route[1:]))
        nx.draw_networkx_edges(graph, pos, edgelist=edges, ax=ax, arrows=True, arrowsize=14, width=2.5,
                               edge_color="#CC0000", connectionstyle=bend, node_size=size)
    margin = 0.5 + 0.1 * max(rows, cols)      # room for the arcs of the longest jumps
    ax.set_xlim(-margin, cols - 1 + margin)
    ax.set_ylim(rows - 1 + margin, -margin)
    return ax
