"""The one-server recipe with local accounts (deploy/jupyterhub_config.py without a class password):
PAM checks each account's own password, only the class group gets in, each server runs as its
learner, and the teacher collects from the home folders.  The accounts are throwaway accounts of
this machine, made as root and removed at the end; not root: these tests say so and skip.
"""

from __future__ import annotations

import os
import pwd
import secrets
import subprocess
import sys
import time
from pathlib import Path

import nbformat
import pytest

import hubkit
from test_hub import LESSON, RIGHT, collected, mathmaze, needs, set_cell

pytestmark = [pytest.mark.slow, pytest.mark.hub]


def run_as_root(*cmd: str, stdin: str = "") -> None:
    for attempt in range(5):  # another process may hold the lock on /etc/passwd for a moment
        out = subprocess.run(cmd, input=stdin, capture_output=True, text=True, timeout=60)
        if out.returncode == 0:
            return
        time.sleep(1)
    raise RuntimeError(f"{' '.join(cmd)} failed: {out.stderr.strip()}")


@pytest.fixture(scope="module")
def accounts():
    """Throwaway accounts of this machine, as the README makes them: two learners and the teacher in a
    class group (homes only their owners can read), and one account outside the group."""
    if os.geteuid() != 0:
        pytest.skip("not root: cannot make the throwaway accounts that PAM checks, so the local accounts "
                    "mode is not run here (CI runs as root)")
    stem = "mm" + secrets.token_hex(3)
    group = f"{stem}class"
    people = {f"{stem}{role}": f"Pw-{role}-{secrets.token_hex(6)}" for role in ("a", "b", "t", "x")}
    made = []
    try:
        run_as_root("groupadd", group)
        for name, password in people.items():
            groups = [] if name.endswith("x") else ["-G", group]
            run_as_root("useradd", "--create-home", "--shell", "/bin/bash", *groups, name)
            made.append(name)
            run_as_root("chpasswd", stdin=f"{name}:{password}\n")
            os.chmod(pwd.getpwnam(name).pw_dir, 0o700)
        yield {"group": group, "learners": [f"{stem}a", f"{stem}b"], "teacher": f"{stem}t",
               "outsider": f"{stem}x", "passwords": people}
    finally:
        for name in made:
            subprocess.run(["userdel", "--remove", name], capture_output=True, timeout=60)
        subprocess.run(["groupdel", group], capture_output=True, timeout=60)


@pytest.fixture(scope="module")
def accounts_hub(accounts, tmp_path_factory):
    """deploy/jupyterhub_config.py without a class password (local accounts, PAM), for the class group."""
    needs("configurable-http-proxy", "npm install -g configurable-http-proxy")
    env = {"MATHMAZE_GROUP": accounts["group"], "MATHMAZE_ADMIN": accounts["teacher"]}
    python = hubkit.python_for_accounts(accounts["learners"][1])
    with hubkit.Hub(tmp_path_factory.mktemp("accounts-hub"), mode="local-accounts", env=env,
                    singleuser_python=python) as running:
        running.learner_python = python
        yield running


def test_local_accounts_log_in_with_their_own_password_and_the_teacher_collects_from_the_homes(
        accounts, accounts_hub, tmp_path):
    """PAM checks each account's own password and only the class group gets in; the teacher (an admin,
    with their own password) makes a token and collects from the home folders, as root."""
    hub = accounts_hub
    a, b = accounts["learners"]
    passwords, teacher = accounts["passwords"], accounts["teacher"]
    with pytest.raises(RuntimeError, match="refused the login"):
        hub.learner(a).login(password=passwords[b], start=False)  # someone else's password
    with pytest.raises(RuntimeError, match="refused the login"):  # a real account, not in the class group
        hub.learner(accounts["outsider"]).login(password=passwords[accounts["outsider"]], start=False)
    assert hub.learner(a).login(password=passwords[a], start=False).status_code == 302
    assert hub.server_state(a)["admin"] is False
    # what a's server writes when a saves lesson 1 (test_a_learners_server_runs_as_their_account checks
    # that the server does write it so): a file of a's in a's home
    account = pwd.getpwnam(a)
    folder = Path(account.pw_dir) / hubkit.CLASS_DIR / "notebooks"
    folder.mkdir(parents=True, exist_ok=True)
    nb = nbformat.read(hubkit.NOTEBOOKS / LESSON, as_version=4)
    set_cell(nb, "def path_sum(", RIGHT)
    nbformat.write(nb, folder / LESSON)
    for path in (folder.parent, folder, folder / LESSON):
        os.chown(path, account.pw_uid, account.pw_gid)

    me = hub.learner(teacher)
    me.login(password=passwords[teacher], start=False)
    token = me.new_token()
    assert hub.server_state(teacher)["admin"] is True
    out = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "collected",
                   "--from-homes", "/home/{username}", token=token)
    assert out.returncode == 0, out.stderr
    table = collected(tmp_path / "collected")
    assert set(table) == {a}, "the hub knows those who logged in (b never did); the teacher is an admin"
    assert table[a] == ("collected", f"not handed in: the working copy, from /home/{a}")
    assert (tmp_path / "collected" / a / LESSON).read_bytes() == (folder / LESSON).read_bytes(), "the file as it is"
    out = mathmaze("collect", 1, "--hub", hub.url, "--out", tmp_path / "again", "--from-homes",
                   "/home/{username}", "--users", a, b, token=token)
    assert out.returncode == 2 and f"{b} is not a user of the hub" in out.stderr


def test_a_learners_server_runs_as_their_account(accounts, accounts_hub):
    """Each server runs as its learner (here LocalProcessSpawner, where the config has systemd start it):
    what the learner saves through it belongs to the learner's account."""
    b = accounts["learners"][1]
    if not accounts_hub.learner_python:
        pytest.skip(f"no Python with this environment's packages that other accounts can run ({sys.executable} "
                    f"lives where only root can enter, and there is no system Python of its version), so no "
                    f"learner's server can start as the learner's account here")
    learner = accounts_hub.learner(b)
    learner.login(password=accounts["passwords"][b])
    learner.wait_ready(timeout=180)
    assert learner.api("PUT", "/contents/handed-in.ipynb", json={"type": "notebook"}).status_code == 201
    assert os.stat(f"{pwd.getpwnam(b).pw_dir}/handed-in.ipynb").st_uid == pwd.getpwnam(b).pw_uid
