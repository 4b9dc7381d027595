"""What every optimizer shares: its result (:class:`OptResult`), its limits (time, iterations) and
clock, the checks of its settings, and the progress bar of the command line."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass, field
from typing import Callable, Optional

from .. import checks
from ..puzzles.wallmaze import UNLIMITED, BitRunner, WallMaze


def default_workers() -> int:
    """The processes ``walls optimize`` runs at once: the cores this process may use, at most 8."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):       # pragma: no cover (not Linux)
        n = os.cpu_count() or 1
    return max(1, min(8, n))


@dataclass
class OptResult:
    """What an optimizer found: ``walls`` (sorted cells), ``moves`` (None when
    even the empty board is blocked), ``optimal`` (True only when proven),
    ``evaluations`` (runner calls), ``seconds``, ``history`` (a list of
    ``(seconds, best moves)`` each time the best improved), ``method`` and ``stopped``
    (``"time"``, ``"iterations"`` or ``"interrupted"`` when a limit or Ctrl-C ended the run,
    ``""`` when it ended by itself), ``compiled`` (True when the compiled runner of
    :mod:`mathmaze_lib.optimize.compiled` made the runs).
    """

    walls: list
    moves: Optional[int]
    optimal: bool = False
    evaluations: int = 0
    seconds: float = 0.0
    history: list = field(default_factory=list)
    method: str = ""
    stopped: str = ""
    compiled: bool = False


#: :func:`checked_moves` leaves the lesson's runner for the bit-set runner on boards of more cells than this.
CHECK_BY_LESSON_UP_TO = 40_000


def checked_moves(maze: WallMaze, walls) -> Optional[int]:
    """The moves of ``walls`` on ``maze`` as an optimizer's answer gives them: by the lesson's runner, which
    has the last word, or on boards of more than :data:`CHECK_BY_LESSON_UP_TO` cells by the bit-set runner
    (the same moves, tested equal), as building the lesson's runner's tables there takes seconds, past a
    short time limit.

    >>> from mathmaze_lib.puzzles.wallmaze import parse
    >>> checked_moves(parse("s..\\n..f"), [(0, 1)])
    3
    """
    if maze.rows * maze.cols <= CHECK_BY_LESSON_UP_TO:
        from ..puzzles.wallmaze import score
        return score(maze, walls)
    bits = BitRunner(maze)
    return bits.score(bits.mask(maze.check_walls(walls)))


def _budget(maze: WallMaze, bits: BitRunner) -> int:
    spots = bits.wallable.bit_count()
    return spots if maze.budget == UNLIMITED else min(maze.budget, spots)


def check_limits(seconds, max_iters, *, need_one: bool = False) -> None:
    """Refuse a time limit that is not a number of seconds > 0 (nan, 0, negative) or an
    iteration limit that is not a whole number >= 1; None means no limit.

    >>> check_limits(float("nan"), None)
    Traceback (most recent call last):
    ...
    ValueError: seconds nan: must be a finite number > 0 (or None for no limit)
    """
    if seconds is not None:
        checks.seconds(seconds, note="or None for no limit")
    if max_iters is not None:
        checks.whole(max_iters, "max_iters", low=1, note="or None for no limit")
    if need_one and seconds is None and max_iters is None:
        raise ValueError("seconds and max_iters are both None: give at least one, or the search never stops")


class _Clock:
    """Stops a run at ``seconds`` (counted from ``t0``) or ``max_iters`` and calls ``progress``
    about 20 times (and at least every half second)."""

    def __init__(self, seconds, max_iters, progress, t0=None):
        self.t0 = time.perf_counter() if t0 is None else t0
        self.seconds, self.max_iters, self.progress = seconds, max_iters, progress
        self.iters = 0
        self.stopped = ""
        self._next_report = 0.0
        self._last_report = self.t0

    def elapsed(self) -> float:
        return time.perf_counter() - self.t0

    def fraction(self) -> float:
        fr = []
        if self.seconds is not None:
            fr.append(self.elapsed() / self.seconds)
        if self.max_iters is not None:
            fr.append(self.iters / self.max_iters)
        return min(1.0, max(fr)) if fr else 0.0

    def out_of_time(self) -> bool:
        """True (and ``stopped`` set) once the time limit has passed; checked before each runner call."""
        if self.stopped:
            return True
        if self.seconds is not None and self.elapsed() >= self.seconds:
            self.stopped = "time"
            return True
        return False

    def tick(self, best) -> bool:
        """Count one iteration; True while the run may go on."""
        self.iters += 1
        if self.max_iters is not None and self.iters >= self.max_iters:
            self.stopped = self.stopped or "iterations"
            return False
        if self.out_of_time():
            return False
        if self.progress is not None:
            now = time.perf_counter()
            if (self.iters & 255) == 0 or now - self._last_report > 0.5:
                f = self.fraction()
                if f >= self._next_report or now - self._last_report > 0.5:
                    self._next_report, self._last_report = f + 0.05, now
                    self.progress(f, best)
        return True

    def next_chunk(self, chunk: int, took: float, low: int = 1, high: int = 100_000) -> int:
        """The size of the next chunk of compiled steps after ``chunk`` of them took ``took`` seconds: about
        20 ms of steps (from ``low`` to ``high``), and no more than the time left is expected to hold, so a
        timed run ends within one step (one scoring of the board) of its limit.  Without a time limit
        ``chunk`` stays (a counted run is the same on every machine).

        >>> c = _Clock(10.0, None, None)
        >>> c.next_chunk(100, 0.002), c.next_chunk(100, 2.0, low=100)
        (1000, 100)
        >>> c.t0 -= 9.9            # just under 0.1 s left, a step takes 0.02 s: 4 more fit
        >>> c.next_chunk(100, 2.0, low=100)
        4
        >>> _Clock(None, 500, None).next_chunk(100, 2.0)
        100
        """
        if self.seconds is None or self.max_iters is not None:
            return chunk
        return chunk_size(chunk, took, self.seconds - self.elapsed(), low=low, high=high)

    def done(self, best) -> None:
        if self.progress is not None:
            self.progress(1.0, best)


def chunk_size(chunk: int, took: float, left: float, *, aim: float = 0.02, low: int = 1,
               high: int = 100_000) -> int:
    """The size of the next chunk of compiled steps after ``chunk`` of them took ``took`` seconds: about
    ``aim`` seconds of steps (from ``low`` to ``high``), and no more than the ``left`` seconds are expected
    to hold (at least one).

    >>> chunk_size(100, 0.002, 10.0), chunk_size(100, 0.002, 0.001), chunk_size(1_000, 0.001, 10.0, aim=0.05)
    (1000, 50, 50000)
    """
    per = max(took, 1e-7) / max(chunk, 1)
    want = max(low, min(high, round(aim / per)))
    return max(1, min(want, int(left / per)))


def _result(bits: BitRunner, walls: int, moves, method, clock, history, optimal=False) -> OptResult:
    cells = bits.cells(walls)
    return OptResult(cells, moves, optimal, bits.evaluations, clock.elapsed(), history, method, clock.stopped)


def _temperature(cooling):
    """The temperature ``T(fraction)`` cooling from ``t_start`` to ``t_end`` of ``cooling = (t_start,
    t_end)``, or None (hill climbing)."""
    if cooling is None:
        return None
    t_start, ratio = cooling[0], cooling[1] / cooling[0]
    return lambda f: t_start * ratio ** f


def _check_temperatures(t_start, t_end) -> None:
    for name, t in (("t_start", t_start), ("t_end", t_end)):
        checks.temperature(t, name)


def _check_rounds(rounds, explore=0.0, anywhere=0.0) -> None:
    checks.whole(rounds, "rounds", low=1)
    checks.number(anywhere, "anywhere", 0, 1, note="the chance of a wall off the route")
    checks.number(explore, "explore", 0, 1, note="the share of rounds from new random walls")


def compiled_available() -> bool:
    """True when numba is there for ``compiled=True`` (it is installed with the package); the first
    call imports it (about half a second), which importing :mod:`mathmaze_lib.optimize` does not."""
    from ..search import arrays
    return arrays.AVAILABLE


def need_compiled() -> None:
    """Refuse ``compiled=True`` without numba."""
    if not compiled_available():        # pragma: no cover (numba is installed with the package)
        raise RuntimeError("compiled=True needs numba (pip install numba); without it, use compiled=False")


def text_progress(stream, width: int = 30) -> Callable:
    """A ``progress(fraction, best)`` that draws a one-line bar on ``stream`` (for the command line).

    >>> import io
    >>> s = io.StringIO(); p = text_progress(s, width=10); p(0.5, 12); s.getvalue()
    '\\r[#####     ]  50% best 12'
    """
    finished = [False]

    def progress(fraction: float, best) -> None:
        if finished[0]:
            return
        n = int(round(fraction * width))
        stream.write(f"\r[{'#' * n}{' ' * (width - n)}] {int(fraction * 100):3d}% best {best}")
        if fraction >= 1.0:
            finished[0] = True
            stream.write("\n")
        stream.flush()
    return progress
