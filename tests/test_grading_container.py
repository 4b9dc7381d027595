"""Grading where the teacher's machine has no sandbox (issue 42): the grader in a container
(deploy/grader/), and the refusal that names the real cause when the sandbox cannot start.

There is no Docker engine on the test machine, so the container's situations are built from Linux
namespaces: a fresh user, mount, network and PID namespace with its own ``/proc`` is the container
started as deploy/grader/README.md says; a masked ``/proc`` file (Docker masks several) or a seccomp
rule against new namespaces (Docker's default profile has one) is a container started with
Docker's defaults.
"""

from __future__ import annotations

import csv
import os
import platform
import re
import shlex
import shutil
import struct
import subprocess
import sys
import tempfile
from pathlib import Path

import nbformat
import pytest

from conftest import ROOT
from mathmaze_lib.grading import sandbox

needs_sandbox = pytest.mark.skipif(not sandbox.available(), reason=f"no sandbox here: {sandbox.why_not()}")
PROBE = "from mathmaze_lib.grading import sandbox; print(sandbox.why_not())"
GRADER = ROOT / "deploy" / "grader"


def _unshare_works() -> bool:
    if shutil.which("unshare") is None:
        return False
    done = subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "--pid", "--fork", "--mount-proc",
                           "true"], capture_output=True)
    return done.returncode == 0


needs_namespaces = pytest.mark.skipif(not _unshare_works(),
                                      reason="unshare cannot make a user namespace here (util-linux)")


def container(*command, masked: str = "", env=None, timeout=120) -> subprocess.CompletedProcess:
    """``command`` as root of a fresh user namespace with its own mount, network and PID namespaces and
    ``/proc`` (a container started with the documented options); ``masked``: a ``/proc`` file covered
    by /dev/null first, as Docker covers several by default."""
    inner = shlex.join(str(word) for word in command)
    script = (f"mount --bind /dev/null {masked} && " if masked else "") + f"exec {inner}"
    return subprocess.run(["unshare", "--user", "--map-root-user", "--mount", "--net", "--pid", "--fork",
                           "--mount-proc", "sh", "-c", script], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "container": "docker", **(env or {})}, timeout=timeout)


def test_the_grading_image_is_linux_with_bubblewrap_and_grades_as_an_ordinary_user():
    steps = (GRADER / "Dockerfile").read_text()
    assert re.search(r"^FROM python:3\.1\d", steps, re.M)
    assert "apt-get install --yes --no-install-recommends bubblewrap" in steps
    assert 'pip install --no-cache-dir "/src[lab]"' in steps and "MATHMAZE_WITHOUT_SOLUTIONS=1" in steps
    assert re.search(r"^USER teacher$", steps, re.M) and "useradd" in steps
    assert 'ENTRYPOINT ["python", "-m", "mathmaze_lib", "grade"]' in steps
    guide = " ".join((GRADER / "README.md").read_text().split())
    assert "docker build -f deploy/grader/Dockerfile -t mathmaze-grader ." in guide
    run = re.search(r"docker run .*? mathmaze-grader submissions --csv grades\.csv --feedback feedback",
                    guide.replace("\\ ", "")).group(0)
    assert sandbox.CONTAINER_OPTIONS in run and "--network none" in run and '-v "$PWD:/class"' in run
    teachers = " ".join((ROOT / "docs" / "teachers.md").read_text().split())
    assert "deploy/grader/README.md" in teachers and "Grading on macOS or Windows" in teachers


@needs_sandbox
def test_a_python_inside_the_temporary_folder_is_named_as_the_cause():
    """The sandbox's private /tmp hides a Python installed in /tmp: say that, not "user namespaces"."""
    venv = Path(tempfile.mkdtemp(prefix="mathmaze-venv-", dir="/tmp"))
    try:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=60)
        done = subprocess.run([str(venv / "bin" / "python"), "-c", PROBE], capture_output=True, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd="/", timeout=60)
        said = done.stdout.strip()
        assert said.startswith(f"the Python that runs grade ({venv}/bin/python) is inside the temporary folder /tmp")
        assert "python3 -m venv ~/mathmaze-env" in said and "namespaces" not in said
    finally:
        shutil.rmtree(venv, ignore_errors=True)


def _no_namespaces_filter() -> bytes:
    """A seccomp program (classic BPF) that refuses new namespaces as Docker's default profile does:
    ``unshare`` and ``clone`` with a CLONE_NEW* flag get EPERM, ``clone3`` ENOSYS."""
    ld, jeq, jset, ret = 0x20, 0x15, 0x45, 0x06
    allow, eperm, enosys = 0x7FFF0000, 0x00050001, 0x00050026
    unshare, clone, clone3, namespaces = 272, 56, 435, 0x7E020000
    code = [(ld, 0, 0, 4), (jeq, 1, 0, 0xC000003E), (ret, 0, 0, allow), (ld, 0, 0, 0),
            (jeq, 0, 1, unshare), (ret, 0, 0, eperm),
            (jeq, 0, 1, clone3), (ret, 0, 0, enosys),
            (jeq, 0, 3, clone), (ld, 0, 0, 16), (jset, 0, 1, namespaces), (ret, 0, 0, eperm),
            (ret, 0, 0, allow)]
    return b"".join(struct.pack("<HBBI", *op) for op in code)


@needs_sandbox
def test_a_container_that_refuses_namespaces_is_told_the_options_that_allow_them():
    if platform.machine() != "x86_64":
        pytest.skip("the test's seccomp rule is written for x86-64")
    read, write = os.pipe()
    os.write(write, _no_namespaces_filter())
    os.close(write)
    try:
        done = subprocess.run(["bwrap", "--dev-bind", "/", "/", "--setenv", "container", "docker",
                               "--seccomp", str(read), "--", sys.executable, "-c", PROBE],
                              pass_fds=[read], capture_output=True, text=True, cwd=ROOT, timeout=60)
    finally:
        os.close(read)
    said = done.stdout.strip()
    assert done.returncode == 0, done.stderr
    assert said.startswith("bubblewrap could not make a sandbox here (bwrap: ") and "namespace" in said
    assert f"start it with docker run {sandbox.CONTAINER_OPTIONS}" in said, said


@needs_sandbox
@needs_namespaces
def test_a_container_with_a_masked_proc_is_told_the_options_that_allow_it():
    masked = next(p for p in ("/proc/timer_list", "/proc/keys", "/proc/uptime") if os.path.exists(p))
    done = container(sys.executable, "-c", PROBE, masked=masked)
    said = done.stdout.strip()
    assert done.returncode == 0, done.stderr
    assert "Can't mount proc" in said and f"start it with docker run {sandbox.CONTAINER_OPTIONS}" in said, said


@needs_sandbox
@needs_namespaces
@pytest.mark.slow
def test_in_a_container_started_as_documented_grade_grades_in_the_sandbox(tmp_path):
    from test_grading_sandbox import WRONG_SUM, short

    klass = tmp_path / "class"
    klass.mkdir()
    owned = tmp_path / "owned.txt"
    nbformat.write(short(f"open({str(owned)!r}, 'w').write('owned')", wrong={"q1": WRONG_SUM}), klass / "ada.ipynb")
    done = container(sys.executable, "-m", "mathmaze_lib", "grade", klass, "--csv", tmp_path / "g.csv",
                     "--feedback", tmp_path / "f", "--timeout", "20", timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "in the sandbox" in done.stdout and "NOT isolated" not in done.stderr
    (row,) = list(csv.DictReader((tmp_path / "g.csv").open()))
    assert row["student"] == "ada" and row["total"] == "4" and row["q1 path_sum"] == "0"
    assert "raised FileNotFoundError" in row["notes"] and not owned.exists(), "it wrote outside the sandbox"
