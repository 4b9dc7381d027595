"""The command line: ``python -m mathmaze_lib SUBCOMMAND ...`` (``--help`` lists them)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import re
import sys

from . import __version__, commands, interrupts


class _Parser(argparse.ArgumentParser):
    """argparse, but a value of thousands of characters is shortened in the error line."""

    def error(self, message):
        super().error(re.sub(r"'([^']{40})[^']{20,}'", r"'\1...'", message))


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand found in :mod:`mathmaze_lib.commands`, or only the
    subcommand ``only`` when there is one of that name (a command then imports only what it uses:
    ``walls score`` starts without matplotlib or networkx)."""
    parser = _Parser(
        prog="python -m mathmaze_lib",
        description="Math Maze: make, solve and check grid puzzles from the command line.")
    parser.add_argument("--version", action="version", version=f"mathmaze_lib {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="SUBCOMMAND")
    names = sorted(info.name for info in pkgutil.iter_modules(commands.__path__))
    for name in [only] if only in names else names:
        module = importlib.import_module(f"{commands.__name__}.{name}")
        module.register(sub)
    return parser


def main(argv=None) -> int:
    """Run ``python -m mathmaze_lib`` with ``argv`` (default: the real command line); the exit code
    (a bad input is one line on standard error, and exit code 2)."""
    if argv is None:                # the real command line (a test passes its own arguments)
        interrupts.redeliver()
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv[0] if argv else None)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 0
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()          # a closed pipe shows up here at the latest
        return code
    except BrokenPipeError:         # `... | head`: the reader has all it wanted; no message
        _quiet_stdout()
        return 141                  # 128 + SIGPIPE, what a shell reports for a command cut off by a pipe
    except KeyboardInterrupt:
        print("\ninterrupted (Ctrl-C)", file=sys.stderr)
        return 130
    except ValueError as err:  # bad input: one clear line, no traceback
        print(f"error: {err}", file=sys.stderr)
        return 2
    except OSError as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    except MemoryError:
        print(f"error: out of memory running '{args.command}': the input is too large for this machine",
              file=sys.stderr)
        return 2


def _quiet_stdout() -> None:
    """Point stdout at /dev/null, so Python's own flush at exit does not fail again on the closed pipe."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
