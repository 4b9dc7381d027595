"""Random numbers for compiled code (numba): splitmix64, whose whole state is one unsigned 64-bit
number kept in a one-element array, so that a compiled search draws from a generator it is handed,
never from numba's global ``np.random``.  :func:`generator` seeds one from the caller's own
``random.Random``: as everywhere in the package, randomness goes through ``random.Random`` objects
passed down, and the same seed gives the same numbers on every machine.

>>> import random
>>> rng = generator(random.Random(7))
>>> draws = [below(rng, 10) for _ in range(5)]
>>> again = generator(random.Random(7))
>>> draws == [below(again, 10) for _ in range(5)], 0.0 <= uniform(rng) < 1.0
(True, True)
"""

from __future__ import annotations

import random

import numpy as np

from .search.arrays import njit

__all__ = ["generator", "next_u64", "uniform", "below"]


def generator(rng: random.Random) -> np.ndarray:
    """A splitmix64 state for compiled code, seeded from ``rng`` (64 of its random bits)."""
    return np.array([rng.getrandbits(64)], np.uint64)


@njit(cache=True)
def next_u64(state):
    """The next 64 random bits of the generator ``state`` (splitmix64), which it moves on."""
    z = state[0] + np.uint64(0x9E3779B97F4A7C15)
    state[0] = z
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


@njit(cache=True)
def uniform(state):
    """A float in [0, 1)."""
    return np.float64(next_u64(state) >> np.uint64(11)) * (1.0 / 9007199254740992.0)


@njit(cache=True)
def below(state, m):
    """A whole number in [0, m)."""
    return np.int64(next_u64(state) % np.uint64(m))
