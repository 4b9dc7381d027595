"""Subcommands of ``python -m mathmaze_lib``.

Each module here defines ``register(subparsers)``, which adds one subcommand
whose ``func(args)`` prints its answer and returns an exit code.  The command
line finds the modules by itself, so a lesson adds a command by adding a file.
"""
