"""A Ctrl-C that lands in a finalizer is delivered again.

Python runs ``__del__`` methods between any two steps of a program; a KeyboardInterrupt raised in one
(numba's compiler frees its LLVM objects there) cannot leave it: Python prints "Exception ignored in
..." with a traceback, and the Ctrl-C is lost, so a search goes on to its time limit. With
:func:`redeliver` installed, such an interrupt arrives again a moment later, from another thread, as
if Ctrl-C had been pressed again. Installed by the command line and the optimizer's workers.
"""

from __future__ import annotations

import _thread
import sys
import threading

#: Seconds before the interrupt is made pending again: long enough to be out of the finalizer (made
#: pending at once, Python would raise it inside this hook, where it is lost again), too short to notice.
AGAIN_AFTER = 0.05


def _hook(unraisable) -> None:
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        threading.Timer(AGAIN_AFTER, _thread.interrupt_main).start()
    else:
        sys.__unraisablehook__(unraisable)


def redeliver() -> None:
    """Install the hook (once; the default hook stays for every other exception)."""
    sys.unraisablehook = _hook
