"""The command line run in the test's own process: what ``python -m mathmaze_lib ARGS`` prints and the
code it exits with, without starting a new Python (each new one spends about a second importing).

What only a real process shows (which modules a command imports, Ctrl-C, memory limits, ``python -m``
itself, the numba cache of a fresh process) is tested with a real process elsewhere
(test_cli.py, test_faults.py, test_hostile.py, test_optimize_compiled.py).
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import warnings

from mathmaze_lib.__main__ import main


def run(*args, cwd=None) -> subprocess.CompletedProcess:
    """``python -m mathmaze_lib *args`` in folder ``cwd``, as a finished process: returncode, stdout, stderr."""
    args = [str(a) for a in args]
    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        if cwd is not None:
            os.chdir(cwd)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err), warnings.catch_warnings():
            warnings.simplefilter("default")         # each warning once, as in a fresh process
            try:
                code = main(args)
            except SystemExit as exc:                # argparse's errors and --help; sys.exit("text")
                if isinstance(exc.code, str):
                    print(exc.code, file=err)
                code = exc.code if isinstance(exc.code, int) else int(exc.code is not None)
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(["python", "-m", "mathmaze_lib", *args], code, out.getvalue(), err.getvalue())
