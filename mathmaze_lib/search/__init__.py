"""The one search core: traced BFS, the naive tree search, path counting and DFS.

Every function takes either a networkx graph or a *successor function*
``succ(node) -> iterable of nodes``, so a huge maze needs no graph object.
Successors are explored in the order they are given; the puzzles give them
in the fixed direction order of :mod:`mathmaze_lib.grid`, so ties are broken
the same way everywhere.

:func:`bfs` (:mod:`.core`) is the one breadth-first loop.  Its fast paths do the same search a
layer at a time and are public, for the packages that need speed: :func:`bfs_dense` (:mod:`.dense`:
numpy arrays, nodes numbered ``0 .. n-1``, for big jump mazes) and :func:`bfs_bits`,
:func:`bits_route`, :func:`bits_spread`, :func:`bits_distance`, :func:`bits_region` (:mod:`.bits`:
a grid's cell sets as the bits of Python integers, for the wall-maze runner and its optimizers); the
tests prove them equal to :func:`bfs` (same layers, same discovery order, a shortest route).
:mod:`.tree` holds the naive tree search, :mod:`.paths` the counting of shortest routes and the
depth-first search of simple routes.

>>> import networkx as nx
>>> g = nx.path_graph(4)
>>> r = bfs(g, 0, 3)
>>> r.length, r.path
(3, [0, 1, 2, 3])
>>> bfs(lambda n: [n + 1] if n < 5 else [], 0, 5).length
5
"""

from ..naming import set_module
from .core import SearchResult, Step, bfs, goal_test, route_to, successor_function
from .dense import DenseMap, bfs_dense
from .bits import bfs_bits, bits_bfs_route, bits_distance, bits_on_shortest_routes, bits_region, bits_route, bits_spread
from .tree import TreeSearchResult, TreeStep, count_routes, tree_search
from .paths import DfsStep, all_shortest_paths, count_shortest_paths, simple_paths

__all__ = [
    "successor_function", "goal_test", "bfs", "Step", "SearchResult",
    "route_to", "tree_search", "TreeSearchResult", "TreeStep", "count_routes", "count_shortest_paths",
    "all_shortest_paths", "simple_paths", "DfsStep",
    "bfs_dense", "DenseMap", "bfs_bits", "bits_route", "bits_spread",
    "bits_distance", "bits_on_shortest_routes", "bits_region", "bits_bfs_route",
]


# The public names say they are the package's: a learner's feedback names ``mathmaze_lib.search.bfs``
# (and the exercises' "you called search.bfs"), not the module inside it.
set_module(__name__, globals(), __all__)
