"""The breadth-first search on a grid a whole layer at a time, with sets of cells as the bits of
Python integers: the wall-maze runner's fast path (:class:`~mathmaze_lib.puzzles.wallmaze.BitRunner`)
and the optimizers' bounds."""

from __future__ import annotations

from typing import Optional


def bits_spread(cells: int, width: int) -> int:
    """The cells one step Up, Down, Left or Right of ``cells`` (bits as in :func:`bfs_bits`);
    mask the result with the free cells, which also drops steps into the spare column.

    >>> step = bits_spread(1 << 5, 4)                 # from (1, 1) on a grid of width 4
    >>> [divmod(i, 4) for i in range(12) if step >> i & 1]
    [(0, 1), (1, 0), (1, 2), (2, 1)]
    """
    return (cells << 1) | (cells >> 1) | (cells << width) | (cells >> width)


def bfs_bits(free: int, sources: int, goal: int, width: int) -> Optional[list]:
    """The same breadth-first search on a grid, a whole layer at a time, with sets of cells as
    Python integers: bit ``row * width + col`` stands for a cell.  ``width`` is one more than the
    number of columns; that spare column is never in ``free``, so a step right from the last
    column (or left from the first) lands there and is dropped.

    Returns the layers (layer ``d``: the cells first reached in ``d`` moves, as an int) up to and
    including the first layer that meets ``goal``; None when ``goal`` cannot be reached.
    A layer costs a handful of integer operations, whatever its size: 4 to 7 times faster than
    :func:`bfs` on the small boards the wall-maze optimizers run millions of times.

    >>> free = 0b0111_0101_0111            # a 3 x 3 grid (width 4), a rock in the middle
    >>> cells = lambda bits: [divmod(i, 4) for i in range(12) if bits >> i & 1]
    >>> layers = bfs_bits(free, 1 << 0, 1 << 10, 4)    # from (0, 0) to (2, 2)
    >>> [cells(layer) for layer in layers]
    [[(0, 0)], [(0, 1), (1, 0)], [(0, 2), (2, 0)], [(1, 2), (2, 1)], [(2, 2)]]
    >>> bfs_bits(free, 1 << 0, 1 << 3, 4) is None     # the spare column is never reached
    True
    """
    front = sources & free
    left = free & ~front
    layers = [front]
    while not front & goal:
        if not front:
            return None
        # bits_spread(front, width), written out: this loop is the optimizers' hot path
        front = ((front << 1) | (front >> 1) | (front << width) | (front >> width)) & left
        left ^= front
        layers.append(front)
    return layers


def bits_route(layers: list, goal: int, width: int, avoid: int = 0) -> list:
    """One shortest route through the ``layers`` of :func:`bfs_bits`, from a source to a cell of
    ``goal``, as single-bit integers.  Walking back, it takes a cell outside ``avoid`` whenever
    it can (then the lowest bit), so callers can ask for a route through few cells of a kind.

    >>> free, cell = 0b0111_0101_0111, lambda bit: divmod(bit.bit_length() - 1, 4)
    >>> layers = bfs_bits(free, 1, 1 << 10, 4)
    >>> [cell(x) for x in bits_route(layers, 1 << 10, 4)]
    [(0, 0), (0, 1), (0, 2), (1, 2), (2, 2)]
    >>> [cell(x) for x in bits_route(layers, 1 << 10, 4, avoid=1 << 6)]   # not through (1, 2)
    [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2)]
    """
    hit = layers[-1] & goal
    x = hit & -hit
    route = [x]
    for layer in reversed(layers[:-1]):
        near = bits_spread(x, width) & layer
        if near & ~avoid:
            near &= ~avoid
        x = near & -near
        route.append(x)
    route.reverse()
    return route


def bits_distance(free: int, sources: int, goal: int, width: int) -> Optional[int]:
    """The moves of :func:`bfs_bits`'s search from ``sources`` to the nearest cell of ``goal``, without
    keeping the layers (None when ``goal`` cannot be reached): the optimizers' cheapest run.

    >>> free = 0b0111_0101_0111            # a 3 x 3 grid (width 4), a rock in the middle
    >>> bits_distance(free, 1 << 0, 1 << 10, 4), bits_distance(free, 1, 1 << 3, 4)
    (4, None)
    """
    front = sources & free
    left = free & ~front
    moves = 0
    while not front & goal:
        if not front:
            return None
        front = ((front << 1) | (front >> 1) | (front << width) | (front >> width)) & left
        left ^= front
        moves += 1
    return moves


def bits_on_shortest_routes(layers: list, hit: int, width: int) -> int:
    """The cells of every shortest route through the ``layers`` of :func:`bfs_bits` to a cell of
    ``hit`` (a subset of the last layer), as one int.

    >>> free = 0b0111_0101_0111
    >>> layers = bfs_bits(free, 1, 1 << 10, 4)
    >>> bits_on_shortest_routes(layers, 1 << 10, 4) == free     # both ways round the rock
    True
    """
    cur = out = hit
    for layer in reversed(layers[:-1]):
        cur = ((cur << 1) | (cur >> 1) | (cur << width) | (cur >> width)) & layer
        out |= cur
    return out


def bits_region(cells: int, seed: int, width: int) -> int:
    """The cells of ``cells`` joined to ``seed`` (one of them) by steps Up, Down, Left, Right inside
    ``cells``: a flood fill, a layer at a time.

    >>> cells = 0b0011_0000_0011           # two pairs of cells, rows 0 and 2 of a width-4 grid
    >>> bin(bits_region(cells, 1, 4))
    '0b11'
    """
    region = seed & cells
    while True:
        grown = (region | (region << 1) | (region >> 1) | (region << width) | (region >> width)) & cells
        if grown == region:
            return region
        region = grown


def bits_bfs_route(free: str, sources: int, goal: int, width: int) -> list:
    """The route :func:`~mathmaze_lib.search.bfs` finds on the grid of :func:`bfs_bits`, node by node with
    its tie-break (the sources in bit order, neighbours Up, Right, Down, Left, the first cell of ``goal``
    reached), as bit numbers; for a caller that needs that very route, not just a shortest one.
    ``free`` is the free cells as a string, ``free[i] == "1"`` for bit ``i`` (cheaper to test than
    an int's bit); the caller has checked that ``goal`` can be reached.

    >>> free = format(0b0111_0101_0111, "b")[::-1]
    >>> bits_bfs_route(free, 1, 1 << 10, 4)             # Right before Down: along the top row
    [0, 1, 2, 6, 10]
    """
    n = len(free)
    layer, goals = [], set()        # the goal's bit numbers: a set lookup, not a shift of a big int
    while sources:
        low = sources & -sources
        layer.append(low.bit_length() - 1)
        sources ^= low
    while goal:
        low = goal & -goal
        goals.add(low.bit_length() - 1)
        goal ^= low
    parent = dict.fromkeys(layer, -1)
    found = next((v for v in layer if v in goals), -1)
    while found < 0:
        following = []
        append = following.append
        for v in layer:
            for u in (v - width, v + 1, v + width, v - 1):
                if 0 <= u < n and free[u] == "1" and u not in parent:
                    parent[u] = v
                    if u in goals:
                        found = u
                        break
                    append(u)
            if found >= 0:
                break
        layer = following
    route = [found]
    while parent[route[-1]] >= 0:
        route.append(parent[route[-1]])
    route.reverse()
    return route
