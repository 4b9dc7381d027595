"""Run a learner's function so that a check can never freeze, crash or be fooled by it.

:func:`call` runs ``fn(*args)`` and always comes back with an :class:`Outcome`:

* a **time limit**: on Unix, in the main thread (a Jupyter kernel runs cells there),
  a timer signal every 50 ms stops the learner's code once its time is up, even in a
  ``while True: pass``; elsewhere (Windows, or a check run in another thread) the
  limit is looked at on every function call the learner's code makes, so a loop that
  calls nothing at all cannot be stopped there;
* a **memory limit**: the same timer stops code whose memory grew by more than
  ``memory_mb`` (read from ``/proc``, Linux only), and on Linux one huge allocation
  past about three times that fails at once with ``MemoryError``;
* **any exception**, including ``RecursionError``, ``SystemExit``, ``KeyboardInterrupt``
  and ``GeneratorExit``, is caught and reported with the learner's own line;
* **printing** is captured and cut (a function that prints a megabyte does not flood
  the notebook);
* **forbidden helpers**: calling one of ``forbidden`` (functions, classes or package
  names such as ``"networkx"``) stops the learner's code at that call (also in a thread it
  started), so an exercise about writing a search cannot be answered by calling the library's search.

The kernel stays usable afterwards: the timer, the signal handler, the profiler and
the output streams are restored, and the learner's frames (which may hold a huge
queue) are dropped with the traceback.

>>> def slow(n):
...     while True:
...         n += 1
>>> call(slow, (0,), seconds=0.2).kind
'time'
>>> call(lambda: 1 / 0, ()).kind, call(lambda: 7, ()).value
('error', 7)
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import io
import linecache
import os
import signal
import sys
import sysconfig
import threading
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Optional

__all__ = ["Outcome", "StepLimit", "call", "learner_line", "trusted"]

_LIBRARY = Path(__file__).resolve().parent.parent
#: Where Python's own library and the installed packages live: a learner's code is never there.
_INSTALLED = tuple({Path(p).resolve() for key in ("stdlib", "platstdlib", "purelib", "platlib")
                    if (p := sysconfig.get_paths().get(key))})
_TICK = 0.05          # seconds between looks at the clock and the memory
_KEEP_PRINTED = 300   # characters of the learner's printing kept for the feedback


class _Stop(BaseException):
    """Raised inside the learner's code to stop it (a BaseException: ``except Exception`` cannot keep it)."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(kind, detail)
        self.kind, self.detail = kind, detail


class StepLimit(_Stop):
    """Raised by an exercise's instrumented input (say a successor function) when the learner's code
    used it far more often than the method the lesson teaches needs; ``detail`` says so in words."""

    def __init__(self, detail: str):
        super().__init__("steps", detail)


@dataclass
class Outcome:
    """What happened to one call: ``kind`` is ``value`` (it returned ``value``), ``error`` (it raised
    ``error``, a short text, at ``line``), ``time``, ``memory``, ``steps`` (an input's step budget ran
    out: ``detail``) or ``forbidden`` (it called ``detail``). ``printed`` counts the characters it
    printed, ``shown`` keeps their start, ``seconds`` is how long it ran; ``changed`` is set by a check
    whose call changed its input."""

    kind: str
    value: Any = None
    error: str = ""
    error_type: str = ""
    line: str = ""
    detail: str = ""
    printed: int = 0
    shown: str = ""
    seconds: float = 0.0
    extra: dict = field(default_factory=dict)
    changed: bool = False


class _Capped(io.TextIOBase):
    """A text stream that counts what is written and keeps only the start."""

    def __init__(self):
        self.count, self.kept = 0, []

    def writable(self) -> bool:
        return True

    def write(self, text) -> int:
        text = str(text)
        room = _KEEP_PRINTED - sum(map(len, self.kept))
        if room > 0:
            self.kept.append(text[:room])
        self.count += len(text)
        return len(text)


def _trusted_call(fn, *args, **kwargs):
    return fn(*args, **kwargs)


_TRUSTED = _trusted_call.__code__


def trusted(fn: Callable) -> Callable:
    """``fn`` as a callable inside which :func:`call`'s forbidden helpers may be called: the reference
    version of an earlier exercise put in the learner's namespace, or the grader's encoding of an answer.

    >>> import textwrap
    >>> call(lambda: trusted(textwrap.dedent)("  x"), (), forbidden=[textwrap.dedent]).value
    'x'
    >>> call(lambda: textwrap.dedent("  x"), (), forbidden=[textwrap.dedent]).kind
    'forbidden'
    """
    return functools.partial(_trusted_call, fn)


def _installed(filename: str) -> bool:
    """True for a file of Python's own library or of an installed package (networkx, ...)."""
    return any(Path(filename).resolve().is_relative_to(place) for place in _INSTALLED)


def learner_line(tb) -> str:
    """The innermost line of the learner's code (not this library's) in a traceback, in words.

    The learner's code is the function the library called (the outermost frame outside this library and
    outside installed packages) and whatever it called that shares its namespace (their other cells), not
    a package it called: neither random.py nor the code networkx's decorators compile at run time."""
    frames = []
    while tb is not None:
        frames.append((tb.tb_frame, tb.tb_lineno))
        tb = tb.tb_next
    frames = [(frame, n) for frame, n in frames
              if not Path(frame.f_code.co_filename).resolve().is_relative_to(_LIBRARY)]
    if not frames:
        return ""
    called = next((frame for frame, _ in frames if not _installed(frame.f_code.co_filename)), frames[0][0])
    frame, lineno = [(f, n) for f, n in frames if f.f_globals is called.f_globals][-1]
    # (A time limit's signal can stop the code between two lines, where Python knows no line: None.)
    text = "" if lineno is None else linecache.getline(frame.f_code.co_filename, lineno, frame.f_globals)
    f = traceback.FrameSummary(frame.f_code.co_filename, lineno, frame.f_code.co_name, line=text)
    del frame, called, frames
    where = "your code" if f.filename.startswith("<") or "ipykernel" in f.filename else Path(f.filename).name
    line = (f.line or "").strip()
    at = f"in {f.name} of {where}" if f.lineno is None else f"in {f.name}, line {f.lineno} of {where}"
    return f"{at}: {line}" if line else at


def _statm(field: int) -> Optional[int]:
    """A size from ``/proc/self/statm`` in bytes (0: the address space, 1: resident memory), or None
    where there is no ``/proc`` (not Linux)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[field]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def _rss() -> Optional[int]:
    return _statm(1)


@contextlib.contextmanager
def _address_space(extra: int):
    """Lower the soft address-space limit to the current size + ``extra`` (Linux), then restore it."""
    try:
        import resource
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    except (ImportError, AttributeError, OSError, ValueError):
        yield
        return
    vm = _statm(0)
    target = None if vm is None else vm + extra
    unlimited = resource.RLIM_INFINITY
    if target is None or (soft != unlimited and soft <= target) or (hard != unlimited and hard < target):
        yield
        return
    try:
        resource.setrlimit(resource.RLIMIT_AS, (target, hard))
    except (ValueError, OSError):
        yield
        return
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _codes(forbidden: Iterable) -> tuple:
    """Code objects and file-name prefixes of the forbidden helpers, with a name for each."""
    codes, prefixes = {}, []
    for item in forbidden:
        if isinstance(item, str):
            try:
                module = __import__(item)
            except ImportError:
                continue
            prefixes.append((str(Path(module.__file__).resolve().parent), item))
        elif inspect.isclass(item):
            for value in vars(item).values():
                fn = getattr(value, "__func__", value)
                if getattr(fn, "__code__", None) is not None:
                    codes[fn.__code__] = f"{item.__module__.rsplit('.', 1)[-1]}.{item.__name__}"
        else:
            fn = inspect.unwrap(item)
            if getattr(fn, "__code__", None) is not None:
                codes[fn.__code__] = f"{fn.__module__.rsplit('.', 1)[-1]}.{fn.__name__}"
    return codes, prefixes


def _watchers(codes: dict, prefixes: list, deadline: Optional[float], memory: int, use_signal: bool,
              active: list, tripped: list) -> tuple:
    """The profiler and the alarm handler of one :func:`call`: ``(profile, on_alarm)``.  Each stops the
    call (raises :class:`_Stop`) when it runs over its time or memory while ``active[0]``; the profiler
    also stops a call of a forbidden helper (outside :func:`trusted`) and notes it in ``tripped``, and
    without a timer signal it checks the limits itself every 64 calls."""
    rss0 = _rss()
    calls = [0]
    inside: dict = {}    # per thread, the depth of trusted() calls: the forbidden rule does not hold there

    def stop_if_over():
        if not active[0]:
            return
        if deadline is not None and time.monotonic() > deadline:
            raise _Stop("time")
        if rss0 is not None and memory and (_rss() or 0) - rss0 > memory:
            raise _Stop("memory")

    def profile(frame, event, arg):
        if event == "call":
            code = frame.f_code
            if code is _TRUSTED:
                key = threading.get_ident()
                inside[key] = inside.get(key, 0) + 1
            elif not inside.get(threading.get_ident()):
                name = codes.get(code)
                if name is None and prefixes:
                    filename = code.co_filename
                    name = next((n for p, n in prefixes if filename.startswith(p)), None)
                if name is not None and active[0]:
                    tripped.append(name)
                    raise _Stop("forbidden", name)
        elif event == "return" and frame.f_code is _TRUSTED:
            inside[threading.get_ident()] -= 1
        if not use_signal:
            calls[0] += 1
            if calls[0] % 64 == 0:
                stop_if_over()

    def on_alarm(signum, frame):
        stop_if_over()

    return profile, on_alarm


def _error_outcome(exc: BaseException) -> Outcome:
    """The outcome of a call that raised ``exc`` (a MemoryError is the memory limit)."""
    outcome = Outcome("error", error=_safe_str(exc), error_type=type(exc).__name__,
                      line=learner_line(exc.__traceback__))
    exc.__traceback__ = None
    if isinstance(exc, MemoryError):
        outcome.kind = "memory"
    return outcome


#: The deadlines of the calls running now in the main thread, outermost first (None: no time limit):
#: a call inside another one (the grader's judge around a challenge's check) keeps the outer call's
#: 50 ms timer ticking afterwards, instead of taking its next tick for a deadline.
_RUNNING: list = []


def _restore_alarm(old_handler, outer_end: Optional[float], nested: bool = False) -> None:
    """Stop this call's timer and put back the handler before it; the timer of an outer :func:`call`
    (``nested``) ticks again; another outer timer (``outer_end``) is set again for the time it has left,
    or its handler runs now when that time is up."""
    signal.setitimer(signal.ITIMER_REAL, 0, 0)
    signal.signal(signal.SIGALRM, old_handler if old_handler is not None else signal.SIG_DFL)
    if nested:
        signal.setitimer(signal.ITIMER_REAL, _TICK, _TICK)   # the outer call looks at its own deadline
    elif outer_end is not None:
        left = outer_end - time.monotonic()
        if left <= 0 and callable(old_handler):
            old_handler(signal.SIGALRM, None)   # the outer alarm's time is up: its handler runs now
        else:
            signal.setitimer(signal.ITIMER_REAL, max(left, 1e-4))


def call(fn: Callable, args: tuple, *, seconds: Optional[float] = 5.0, memory_mb: int = 1000,
         forbidden: Iterable = ()) -> Outcome:
    """Run ``fn(*args)`` under the limits; never raises (see the module's docstring)."""
    codes, prefixes = _codes(forbidden)
    start = time.perf_counter()
    deadline = None if seconds is None else time.monotonic() + max(seconds, 0.0)
    memory = memory_mb * 2 ** 20
    use_signal = (hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
                  and threading.current_thread() is threading.main_thread())
    # An outer timer (say a grader's alarm around a whole check) is kept: this call stops at the
    # outer deadline too, and the outer timer is set again afterwards, so it still goes off. Inside
    # another call of this function the timer is that call's tick, and the deadline is its deadline.
    nested = use_signal and bool(_RUNNING)
    outer = signal.getitimer(signal.ITIMER_REAL)[0] if use_signal and not nested else 0.0
    outer_end = _RUNNING[-1] if nested else time.monotonic() + outer if outer > 0 else None
    if outer_end is not None:
        deadline = outer_end if deadline is None else min(deadline, outer_end)
    active = [True]
    tripped: list = []   # forbidden helpers called, in any thread the learner's code started
    profile, on_alarm = _watchers(codes, prefixes, deadline, memory, use_signal, active, tripped)

    out, err = _Capped(), _Capped()
    outcome: Outcome
    old_handler = None
    old_profile, old_threads = sys.getprofile(), threading.getprofile()
    try:
        if use_signal:
            _RUNNING.append(deadline)
            old_handler = signal.signal(signal.SIGALRM, on_alarm)
            signal.setitimer(signal.ITIMER_REAL, _TICK, _TICK)
        with _address_space(3 * memory), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            if codes or prefixes or not use_signal:      # the profiler only when it has work to do
                sys.setprofile(profile)
            if codes or prefixes:                         # and in the threads the learner's code starts
                threading.setprofile(profile)
            try:
                value = fn(*args)
            finally:
                sys.setprofile(old_profile)
                threading.setprofile(old_threads)
                active[0] = False
        outcome = Outcome("value", value=value)
    except _Stop as stop:
        active[0] = False
        outcome = Outcome(stop.kind, detail=stop.detail, line=learner_line(stop.__traceback__))
        stop.__traceback__ = None
    except BaseException as exc:  # noqa: B036 - the learner's SystemExit, KeyboardInterrupt, ... are reported
        active[0] = False
        outcome = _error_outcome(exc)
    finally:
        active[0] = False
        sys.setprofile(old_profile)
        if use_signal:
            _RUNNING.pop()
            _restore_alarm(old_handler, outer_end, nested)
    if tripped and outcome.kind != "forbidden":      # called from another thread: still not written by the learner
        outcome = Outcome("forbidden", detail=tripped[0], line=outcome.line)
    outcome.printed = out.count + err.count
    outcome.shown = ("".join(out.kept) + "".join(err.kept))[:_KEEP_PRINTED]
    outcome.seconds = time.perf_counter() - start
    return outcome


def _safe_str(exc: BaseException) -> str:
    try:
        return str(exc)
    except BaseException:  # noqa: B036 - an exception whose __str__ raises
        return f"<a {type(exc).__name__} that cannot be shown>"
