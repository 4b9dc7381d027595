"""What one wall on a cell of the runner's route does, as :mod:`.tree` asks it on every board: how many
moves it adds at most where the runner can step round it nearby (:func:`detour`), and whether it does
what a wall on another cell does, in one corridor (:func:`twin`).  Cells are numbered as in
:class:`~.legs.Board`; ``way`` is its neighbours by direction.

>>> import numpy as np
>>> from mathmaze_lib.puzzles.wallmaze import parse
>>> from mathmaze_lib.optimize.big.legs import board
>>> b = board(parse("walls: 2\\ns.....\\n#####.\\n.....f"))     # one corridor, (0, 1) to (1, 5)
>>> none = np.zeros(b.size, np.int32)
>>> twin(b.way, b.wallable, b.rocks, none, 1), twin(b.way, b.wallable, b.rocks, none, 2)
(False, True)
"""

from __future__ import annotations

from ...search.arrays import njit

__all__ = ["detour", "twin", "open_sides"]


@njit(cache=True)
def detour(way, blocked, prv, nxt, twice, stamp, c):
    """At most how many moves a wall on ``c`` (once on the marked routes, ``twice != stamp``) adds: the
    route's cells ``a = prv[c]`` and ``b = nxt[c]`` around it turn a corner whose fourth cell is open (0),
    or run straight past ``c`` with the three cells beside ``a``, ``c`` and ``b`` on one side open (2; as
    :func:`mathmaze_lib.optimize.exact.detour_moves`); else a large number.  ``way``: the neighbours by
    direction (:class:`~.legs.Board`).  (The tree's arrays one by one: a call with the whole tree costs
    more than this search.)"""
    a = prv[c]
    b = nxt[c]
    big = 1 << 30
    if a < 0 or b < 0 or twice[c] == stamp:
        return big
    da = db = -1
    for d in range(4):
        if way[c, d] == a:
            da = d
        elif way[c, d] == b:
            db = d
    if da < 0 or db < 0:
        return big
    if (da + 2) % 4 != db:                  # a corner: a and b share a fourth cell
        o = way[a, db]
        return 0 if o >= 0 and blocked[o] == 0 else big
    for turn in (1, 3):
        side = (da + turn) % 4
        x, p, q = way[c, side], way[a, side], way[b, side]
        if x >= 0 and p >= 0 and q >= 0 and blocked[x] == 0 and blocked[p] == 0 and blocked[q] == 0:
            return 2
    return big


@njit(cache=True)
def open_sides(way, blocked, v):
    """How many of the cell ``v``'s neighbours are open."""
    n = 0
    for d in range(4):
        u = way[v, d]
        if u >= 0 and blocked[u] == 0:
            n += 1
    return n


@njit(cache=True)
def twin(way, allowed, blocked, excl, v):
    """True when a wall on ``v`` does what a wall on another branch does: ``v`` lies in a corridor, a chain
    of cells with two open neighbours each where a wall may go, and some cell of that corridor is left
    out (``excl``) or comes before ``v`` in cell order.  A wall anywhere in a corridor cuts it, and the
    cells of the corridor left on either side are dead ends that no route enters (no stop is in it), so
    every wall set with the one wall scores as the same set with the other: the corridor's first cell
    stands for all of them, and none does where one was left out (its wall sets were searched before)."""
    if open_sides(way, blocked, v) != 2:
        return False
    for d in range(4):
        u = way[v, d]
        if u < 0 or blocked[u] == 1:
            continue
        back = v
        steps = 0
        while u != v and allowed[u] == 1 and open_sides(way, blocked, u) == 2 and steps < len(allowed):
            if excl[u] > 0 or u < v:
                return True
            on = -1
            for e in range(4):
                w = way[u, e]
                if w >= 0 and blocked[w] == 0 and w != back:
                    on = w
            back = u
            u = on
            steps += 1
    return False
