"""The pictures draw what they say: one text per cell, the BFS distances, one arrow per move."""

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import networkx as nx  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from matplotlib.patches import FancyArrowPatch  # noqa: E402

from mathmaze_lib import draw, palette  # noqa: E402
from mathmaze_lib.grid import Grid  # noqa: E402
from mathmaze_lib.search import bfs  # noqa: E402


@pytest.fixture(autouse=True)
def close_figures():
    yield
    plt.close("all")


def test_grid_shows_every_text_and_role_with_colour_and_pattern():
    ax = draw.grid([[1, 2, 3], [4, 5, 6]], roles={(0, 0): "start", (1, 2): "rock"}, legend=True)
    assert [t.get_text() for t in ax.texts] == ["1", "2", "3", "4", "5", "6"]
    rock = ax.patches[5]
    assert matplotlib.colors.to_hex(rock.get_facecolor()) == palette.style("rock")["color"].lower()
    assert rock.get_hatch() == palette.style("rock")["hatch"]
    assert [t.get_text() for t in ax.get_legend().get_texts()] == ["▶ start", "rock"]


def test_an_empty_cell_with_a_role_shows_the_role_mark():
    ax = draw.grid([["", ""]], roles={(0, 1): "goal"})
    assert [t.get_text() for t in ax.texts] == ["★"]


def test_bad_input_is_explained():
    with pytest.raises(ValueError, match="unknown role 'lava'"):
        draw.grid([[1]], roles={(0, 0): "lava"})
    with pytest.raises(ValueError, match="rectangle"):
        draw.grid([[1, 2], [3]])


def test_route_draws_one_arrow_per_move_or_one_line():
    ax = draw.grid([[0] * 3] * 2)
    draw.route(ax, [(0, 0), (0, 2), (1, 2)], arrows=True)
    assert sum(isinstance(p, FancyArrowPatch) for p in ax.patches) == 2
    ax2 = draw.route(draw.grid([[0] * 3] * 2), [(0, 0), (0, 1), (1, 1)])
    xs, ys = ax2.lines[0].get_data()
    assert list(xs) == [0, 1, 1] and list(ys) == [0, 0, 1]


def test_distances_heatmap_holds_the_bfs_layers():
    g = Grid(3, 4)
    result = bfs(g.neighbours, (0, 0))
    ax = draw.distances(result.dist, 3, 4)
    drawn = np.asarray(ax.images[0].get_array())
    expected = np.array([[r + c for c in range(4)] for r in range(3)])
    assert (drawn == expected).all()
    assert [t.get_text() for t in ax.texts][:4] == ["0", "1", "2", "3"]


def test_came_from_points_each_cell_at_its_parent():
    result = bfs(Grid(2, 2).neighbours, (0, 0))
    ax = draw.came_from(result.parent, 2, 2)
    arrows = [p for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert len(arrows) == 3
    for arrow in arrows:
        (x0, y0), (x1, y1) = arrow._posA_posB
        child = (round(y0), round(x0))
        parent = result.parent[child]
        assert np.sign(x1 - x0) == np.sign(parent[1] - child[1]) and np.sign(y1 - y0) == np.sign(parent[0] - child[0])


def test_animate_search_makes_one_frame_per_expansion_and_plays_offline():
    result = bfs(Grid(2, 3).neighbours, (0, 0), goal=(1, 2), trace=True)
    html = draw.animate_search(result, 2, 3, interval=100).data
    assert html.count("data:image/png;base64") == len(result.trace) + 1
    assert "http" not in html and 'class="fa' not in html, "nothing loaded from the network"


def test_jump_graph_highlights_the_route():
    g = nx.DiGraph([((0, 0), (0, 2)), ((0, 2), (1, 2)), ((0, 0), (1, 0))])
    ax = draw.jump_graph(g, 2, 3, route=[(0, 0), (0, 2), (1, 2)])
    red = [p for p in ax.patches if matplotlib.colors.to_hex(p.get_edgecolor()) == "#cc0000"]
    assert len(red) == 2


def test_arrows_along_one_line_the_same_way_get_lanes_of_their_own():
    """Lesson 2's route runs four times along row 3 (two moves each way, overlapping): no two arrows of
    one direction share an arc, and each arc stands out further than the one it overlaps."""
    from mathmaze_lib.puzzles import jumpmaze as jm

    route = bfs(jm.successors(jm.CHAIN_REACTION), (0, 0), goal=(5, 5)).path
    moves = list(zip(route, route[1:]))
    row3 = [m for m in moves if m[0][0] == m[1][0] == 3]
    assert len(row3) == 4
    ax = draw.route(draw.grid([[0] * 6] * 6), route, arrows=True)
    bends = [p.get_connectionstyle().rad for p in ax.patches if isinstance(p, FancyArrowPatch)]
    assert len(bends) == len(moves)
    bulge = {m: draw._bend(moves, m) * abs(m[0][1] - m[1][1]) / 2 for m in row3}      # in cells
    left = [m for m in row3 if m[1][1] < m[0][1]]
    assert len(left) == 2 and abs(bulge[left[0]] - bulge[left[1]]) >= 0.2


def test_the_jump_graph_numbers_its_nodes_as_the_lesson_numbers_cells():
    from mathmaze_lib.puzzles import jumpmaze as jm

    ax = draw.jump_graph(jm.jump_graph(jm.CHAIN_REACTION), 6, 6)
    assert sorted(int(t.get_text()) for t in ax.texts) == list(range(36))


def test_came_from_labels_rows_columns_and_cells():
    g = Grid(2, 3)
    ax = draw.came_from(bfs(g.neighbours, (0, 0)).parent, 2, 3, texts=[["a", "b", "c"], ["d", "e", "f"]])
    assert [t.get_text() for t in ax.get_xticklabels()] == ["0", "1", "2"]
    assert [t.get_text() for t in ax.get_yticklabels()] == ["0", "1"]
    assert [t.get_text() for t in ax.texts] == list("abcdef")
