"""``python -m mathmaze_lib play``: the three games full screen for a projector, served by Voilà."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

#: The page Voilà shows: one code cell (Voilà hides it) that shows the projector's games.
PAGE = "mathmaze-play.ipynb"
SOURCE = "from mathmaze_lib.widgets.projector import Projector\n\nProjector()"
#: Upstream JupyterLab extensions that fail to load inside Voilà (they belong to Notebook 7's own pages).
DENY = ["@jupyter-notebook/lab-extension"]


def register(sub) -> None:
    """Add the ``play`` subcommand to ``sub`` (the command line's subparsers)."""
    p = sub.add_parser(
        "play", help="the race, a jumping maze and Mazer full screen for a projector (Voila, no code cells)",
        description="Write the projector page (a one-cell notebook) into --dir and serve it with Voila from "
                    "this Python: the Math Maze race with rounds, a big clock and a tally saved as CSV next to "
                    "the page, a jumping maze and Mazer. Open the address it prints, press Full screen.")
    p.add_argument("--dir", default="mathmaze-play",
                   help="the folder of the page and of the race tallies (default: mathmaze-play)")
    p.add_argument("--port", type=int, default=8866, help="the port to serve on (default 8866)")
    p.add_argument("--ip", default="127.0.0.1", help="the address to listen on (default 127.0.0.1: this computer)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--write-only", action="store_true",
                   help="only write the page (on a JupyterHub, open it at /user/NAME/voila/render/PAGE)")
    p.set_defaults(func=run)


def write_page(folder) -> Path:
    """Write the projector page into ``folder`` (made if missing); returns its path."""
    import nbformat

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    nb.metadata["title"] = "Math Maze on the projector"
    nb.cells = [nbformat.v4.new_code_cell(SOURCE)]
    path = folder / PAGE
    nbformat.write(nb, path)
    return path


def voila_command(page: Path, port: int, ip: str, browser: bool) -> list:
    """The Voilà command that serves ``page``, from this Python (so its kernel is this environment)."""
    return [sys.executable, "-m", "voila", str(page), f"--port={port}", "--Voila.port_retries=0", f"--Voila.ip={ip}",
            "--theme=light",
            "--strip_sources=True", "--show_tracebacks=False",
            f"--VoilaConfiguration.extension_denylist={json.dumps(DENY)}", *([] if browser else ["--no-browser"])]


def run(args) -> int:
    """Run ``play`` with the parsed ``args``; the exit code (0 when it did what was asked)."""
    if not 1 <= args.port <= 65535:
        raise ValueError(f"--port {args.port}: a port is a whole number from 1 to 65535")
    page = write_page(args.dir)
    if args.write_only:
        try:        # the address is relative to the folder Jupyter serves (on a hub: your home folder)
            where = page.resolve().relative_to(Path.cwd().resolve()).as_posix()
        except ValueError:
            where = f"PATH-FROM-YOUR-HOME/{page.name}"
        print(f"wrote {page}: open it with Voila (on a JupyterHub: https://HUB/user/NAME/voila/render/{where})")
        return 0
    try:
        import voila  # noqa: F401
    except ImportError:
        raise ValueError("play needs Voila: install the lab extras (pip install -e '.[lab]', or make play)") from None
    print(f"The games for the projector: http://{args.ip}:{args.port}/ (press Full screen on the page).")
    print(f"The race's tallies are saved in {page.parent}{os.sep} as race-DATE-TIME.csv. Stop with Ctrl-C.",
          flush=True)
    command = voila_command(page, args.port, args.ip, not args.no_browser)
    # This process becomes Voila (Ctrl-C or a signal stops the server itself, nothing is left behind).
    os.execv(command[0], command)
    return 0        # pragma: no cover (execv does not return)
