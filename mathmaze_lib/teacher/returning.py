"""Give each learner their feedback: ``release-feedback`` puts the file ``grade`` wrote for a learner into
that learner's home folder on the hub, ``~/mathmaze-feedback/LESSON-feedback.txt`` (:data:`FOLDER`), where
only they (and the hub's admin) can read it.

Two ways, as ``collect`` has:

- through the hub (the default): the learner's running server writes the file (the hub lets only the
  learner and its admins reach a server), so it belongs to the learner; a stopped server is started for a
  moment with ``start``;
- with ``to_homes`` (a template such as ``/home/jupyter-{username}``, as root on the hub machine): the file is
  written into the home folder directly, made the home owner's and readable by them alone (mode 600, in a
  folder of mode 700), without following any symbolic link the learner may have put there.

Which file is whose comes from the feedback folder's ``index.csv`` (``grade`` writes it): the student's name
there is the learner's hub name when the work was collected from the hub (:func:`hub_login`).
"""

from __future__ import annotations

import csv
import os
import re
import stat
import urllib.parse
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Optional

from .collecting import HubClient, check_options

__all__ = ["FOLDER", "Released", "release_feedback", "hub_login", "write_into_home", "read_index"]

#: The folder in each learner's home where their feedback goes.
FOLDER = "mathmaze-feedback"


@dataclass
class Released:
    """What happened to one learner's feedback: ``status`` is ``released``, ``not released`` or ``error``."""

    learner: str
    status: str
    detail: str


def hub_login(student: str, file: str) -> str:
    """The hub name of the learner a feedback file is for: the student's name ``grade`` gave the submission,
    which for work ``collect`` fetched is the learner's hub name. (One place, so that naming can change here.)"""
    return student


def read_index(folder) -> list:
    """``[(login, feedback file, lesson)]`` from a feedback folder's ``index.csv``; ValueError says what is wrong."""
    from ..grading.gradebook import FEEDBACK_INDEX

    folder = Path(folder)
    try:
        with open(folder / FEEDBACK_INDEX, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except FileNotFoundError:
        raise ValueError(f"{folder}: no {FEEDBACK_INDEX} here: give the folder grade --feedback wrote") from None
    except (OSError, csv.Error, UnicodeDecodeError) as err:
        raise ValueError(f"{folder / FEEDBACK_INDEX}: cannot read it ({err})") from None
    out = []
    for row in rows:
        name = Path(row.get("feedback") or "").name
        if name and (folder / name).is_file():
            out.append((hub_login(row.get("student", ""), row.get("file", "")), folder / name, row.get("lesson", "")))
    return out


def target_name(lesson: str) -> str:
    """The feedback's file name in the learner's folder: ``01_math_maze-feedback.txt``."""
    from ..grading.gradebook import LESSON_FILES

    base = LESSON_FILES[int(lesson)] if str(lesson).isdigit() and int(lesson) < len(LESSON_FILES) else "lesson"
    return f"{base}-feedback.txt"


def write_into_home(home: str, relfolder: str, name: str, data: bytes) -> Path:
    """Write ``data`` as ``home/relfolder/name``, owned by the home's owner, mode 600 (folder 700), written whole
    (a new file, then renamed over the old one); no symbolic link below ``home`` is followed.  ValueError when
    something in the way is not a plain folder of the home's owner."""
    fd = os.open(home, os.O_RDONLY | os.O_DIRECTORY)
    try:
        owner = os.fstat(fd)
        for part in Path(relfolder).parts:
            try:
                os.mkdir(part, 0o700, dir_fd=fd)
                os.chown(part, owner.st_uid, owner.st_gid, dir_fd=fd, follow_symlinks=False)
            except FileExistsError:
                pass
            try:
                inner = os.open(part, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW, dir_fd=fd)
            except OSError:
                raise ValueError(f"{part} in {home} is not a folder (a link?): feedback not written") from None
            if os.fstat(inner).st_uid != owner.st_uid:
                os.close(inner)
                raise ValueError(f"{part} in {home} belongs to another account: feedback not written")
            os.close(fd)
            fd = inner
        os.fchmod(fd, 0o700)
        tmp = f".{name}.{os.getpid()}.tmp"
        out = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o600, dir_fd=fd)
        try:
            os.fchown(out, owner.st_uid, owner.st_gid)
            os.fchmod(out, 0o600)
            os.write(out, data)
            os.fsync(out)
        finally:
            os.close(out)
        os.rename(tmp, name, src_dir_fd=fd, dst_dir_fd=fd)
        return Path(home) / relfolder / name
    finally:
        os.close(fd)


def _put(hub: HubClient, server: dict, relpath: str, text: str) -> None:
    """Write a text file through a running server's contents API (its folders made first)."""
    base = f"{hub.origin}{server['url'].rstrip('/')}/api/contents"
    parent = str(Path(relpath).parent)
    if parent not in ("", "."):
        status, _ = hub.request("PUT", f"{base}/{urllib.parse.quote(parent)}", {"type": "directory"})
        if status not in (200, 201):
            raise RuntimeError(f"the server did not make the folder {parent} (HTTP {status})")
    status, raw = hub.request("PUT", f"{base}/{urllib.parse.quote(relpath)}",
                              {"type": "file", "format": "text", "content": text})
    if status not in (200, 201):
        raise RuntimeError(f"the server did not write {relpath} (HTTP {status}: {raw[:200].decode(errors='replace')})")


def release_feedback(hub_url: str, token: str, feedback, to_homes: Optional[str] = None, start: bool = False,
                     users=None, jobs: int = 4, start_timeout: float = 180.0, folder: str = FOLDER,
                     progress: Optional[Callable] = None) -> list:
    """Put each learner's feedback file into their home folder on the hub (see the module's text); one
    :class:`Released` per feedback file.  ValueError for bad input (no token, not a hub, no index)."""
    check_options(token, to_homes, start, "--to-homes", "writes")
    if re.search(r"(^|/)\.\.(/|$)", folder) or folder.startswith("/"):
        raise ValueError(f"--folder {folder!r}: give a folder inside the learners' home folders")
    entries = read_index(feedback)
    if users:
        entries = [e for e in entries if e[0] in set(users)]
    hub = HubClient(hub_url, token)
    hub.check(["list:users", "read:servers"] + ([] if to_homes else ["access:servers"])
              + (["servers"] if start else []))
    everyone = {u["name"]: u for u in hub.users() if isinstance(u, dict) and u.get("name")}

    def one(entry) -> Released:
        login, path, lesson = entry
        result = _release_one(hub, everyone.get(login), login, path, f"{folder}/{target_name(lesson)}", to_homes,
                              start, start_timeout)
        if progress:
            progress(result)
        return result

    with ThreadPoolExecutor(max(1, min(jobs, len(entries) or 1))) as pool:
        return list(pool.map(one, entries))


def _release_one(hub, user, login, path: Path, relpath: str, to_homes, start, start_timeout) -> Released:
    if user is None:
        return Released(login, "not released", f"{login} is not a user of the hub (was this notebook collected "
                                               f"from it?)")
    data = path.read_bytes()
    try:
        if to_homes is not None:
            home = to_homes.format(username=login)
            if not os.path.isdir(home):
                return Released(login, "not released", f"no home folder {home}")
            where = write_into_home(home, str(Path(relpath).parent), Path(relpath).name, data)
            return Released(login, "released", f"{where}, readable by {login} alone")
        server = (user.get("servers") or {}).get("")
        started = not (server and server.get("ready"))
        if started and not start:
            return Released(login, "not released", "the server is stopped (add --start, or --to-homes on the hub "
                                                   "machine)")
        try:
            if started:
                server = hub.start(login, start_timeout)
            _put(hub, server, relpath, data.decode("utf-8"))
        finally:
            if started:
                hub.stop(login)
        return Released(login, "released", f"~/{relpath}, through the learner's server")
    except PermissionError as err:
        return Released(login, "error", f"permission denied ({err.filename}): --to-homes needs root (sudo -E)")
    except (ValueError, RuntimeError, OSError) as err:
        return Released(login, "error", str(err))


def mode_of(path) -> str:
    """``'600'``: a file's permission bits in octal (for the table and the tests)."""
    return oct(stat.S_IMODE(os.lstat(path).st_mode))[2:]
