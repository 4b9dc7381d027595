"""Where a submission runs: a bubblewrap sandbox on Linux, or (where there is none) a plain process.

:func:`worker_command` gives the command line that starts one :mod:`.worker`, and
:func:`limits` the resource limits set just before it starts. With bubblewrap (Debian's
``bubblewrap``, the ``bwrap`` command; unprivileged user namespaces, so no root is needed) the
worker gets:

* **no network**: its own network namespace with nothing in it (``--unshare-net``);
* **a read-only view of the Python installation and the package, nothing else**: ``/usr`` (and
  the ``/lib``, ``/bin`` links), a few files of ``/etc`` (the dynamic linker's cache, fonts,
  the time zone), the interpreter's prefix, its site-packages and the ``mathmaze_lib`` package,
  all read-only, with ``mathmaze_lib/data/solutions.json`` masked; no home folder, no other
  submission, no gradebook, no feedback folder (and any of those that lies inside a folder
  shown read-only is masked too);
* **a private temporary folder** (``/tmp``, a size-limited tmpfs, gone when the worker ends),
  which is its working folder and its home;
* **its own process tree**: a new PID namespace and session, killed as a whole when the grader
  kills the worker or dies (``--die-with-parent``); a seccomp filter refuses ``fork``, ``vfork``,
  ``clone`` without ``CLONE_THREAD`` (threads are fine) and a few system calls a notebook never
  needs (``ptrace``, ``keyctl``, ``bpf``, ``unshare``, ``mount``, ...), so a fork bomb cannot start;
* **limits**: address space (``--memory``), file size, CPU seconds and no core files, set by
  :func:`limits`; time and output are limited by the grader, which reads the worker's output
  and kills it when a cell or check runs too long or prints too much.

Processes are limited by the seccomp filter, not by ``RLIMIT_NPROC``: that limit counts every
process of the real user (the teacher's desktop, the other workers; per user namespace only on
recent kernels) and does not hold for root at all, so it would either stop nothing (grading as
root, as in CI) or stop honest workers on a busy desktop. Refusing ``fork`` holds for every user.

Where bubblewrap cannot make a sandbox (macOS, Windows, no bubblewrap, user namespaces turned off,
a container that refuses them, a Python inside ``/tmp``, which the sandbox replaces),
:func:`why_not` says which and what to do, and ``grade`` refuses to run submissions. Only with
``--no-sandbox`` is the worker a plain process in a fresh temporary folder with the same resource
limits: the judge is still outside the learner's code, but the submission can read and write what
the teacher can.

>>> seccomp_filter("x86_64")[:8].hex()
'2000000004000000'
"""

from __future__ import annotations

import errno
import os
import platform
import shutil
import site
import struct
import subprocess
import sys
from pathlib import Path
from typing import Iterable, Optional

__all__ = ["available", "why_not", "refusal_of", "in_private_folder", "in_container", "worker_command", "limits",
           "seccomp_filter", "PACKAGE", "TMP_MB", "ELSEWHERE", "CONTAINER_OPTIONS"]

PACKAGE = Path(__file__).resolve().parent.parent         # the mathmaze_lib folder
TMP_MB = 256            # the private /tmp (and /dev/shm) of a worker
FILE_MB = 64            # largest file a worker may write
_INSIDE = "/opt/mathmaze"                                 # where the package is seen in the sandbox
_ETC = ["ld.so.cache", "ld.so.conf", "ld.so.conf.d", "fonts", "localtime", "alternatives", "mime.types",
        "matplotlibrc"]

_probe: dict = {}


def why_not() -> Optional[str]:
    """None when a bubblewrap sandbox can start here, else why not and what to do, in a teacher's words."""
    if "result" not in _probe:
        _probe["result"] = _try_bwrap()
    return _probe["result"]


def available() -> bool:
    """True when submissions can run in a bubblewrap sandbox on this machine."""
    return why_not() is None


#: Where to read how to grade with a sandbox on a machine that has none (macOS, Windows).
ELSEWHERE = ("grade on the hub's machine, or in the grading container (docs/teachers.md, "
             "\"Grading on macOS or Windows\")")
#: How a container must be started for bubblewrap to work inside it (deploy/grader/README.md).
CONTAINER_OPTIONS = ("--security-opt seccomp=unconfined --security-opt apparmor=unconfined "
                     "--security-opt systempaths=unconfined")


def _try_bwrap() -> Optional[str]:
    if not sys.platform.startswith("linux"):
        return f"bubblewrap, the sandbox, runs only on Linux (this is {platform.system() or sys.platform}): {ELSEWHERE}"
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return ("bubblewrap is not installed: install it (Debian/Ubuntu: sudo apt install bubblewrap; Fedora: "
                f"sudo dnf install bubblewrap), or {ELSEWHERE}")
    if platform.machine() not in _ARCHES:
        return f"no seccomp filter for this processor ({platform.machine()}): {ELSEWHERE}"
    hidden = in_private_folder()
    if hidden is not None:
        return hidden
    argv, fds = worker_command([sys.executable, "-c", "pass"], memory_mb=512, cpu_seconds=30)
    try:
        proc = subprocess.run(argv, pass_fds=fds, capture_output=True, timeout=60, preexec_fn=limits(512, 30))
    except (OSError, subprocess.SubprocessError) as err:
        return f"bubblewrap did not start ({err})"
    finally:
        for fd in fds:
            os.close(fd)
    if proc.returncode != 0:
        said = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        return refusal_of(said[-1][:200] if said else f"exit code {proc.returncode}")
    return None


def in_private_folder() -> Optional[str]:
    """Why not, when the Python that runs the grader lives in a folder the sandbox replaces with a
    private one of its own (``/tmp``, ``/dev/shm``), so that a worker could not start; else None."""
    mine = [Path(sys.executable).parent, *_python_dirs()]
    for private in ("/tmp", "/dev/shm"):
        for folder in (Path(private), Path(private).resolve()):
            inside = next((p for p in mine if Path(os.path.abspath(p)).is_relative_to(folder)
                           or p.resolve().is_relative_to(folder)), None)
            if inside is not None:
                return (f"the Python that runs grade ({sys.executable}) is inside the temporary folder {private}, "
                        f"which the sandbox replaces with a private one of its own, so no submission could start: "
                        f"make the environment in another folder (for example python3 -m venv ~/mathmaze-env, then "
                        f"install the package there)")
    return None


def _setting(name: str) -> Optional[str]:
    try:
        return (Path("/proc/sys") / name).read_text().strip()
    except OSError:
        return None


def in_container() -> bool:
    """Whether this process runs in a container (Docker, Podman, systemd-nspawn, LXC)."""
    return (os.path.exists("/.dockerenv") or os.path.exists("/run/.containerenv")
            or bool(os.environ.get("container")))


def refusal_of(said: str) -> str:
    """Why bubblewrap could not make a sandbox and what to do, from its last line ``said`` and the
    machine's settings: user namespaces turned off (and the setting that does it), Ubuntu's AppArmor
    rule, a container that does not allow them, or bubblewrap's own words.

    >>> refusal_of("bwrap: some new error")
    'bubblewrap could not make a sandbox here (bwrap: some new error)'
    """
    words = f"bubblewrap could not make a sandbox here ({said})"
    namespaces = any(w in said for w in ("new namespace", "uid map", "setting up uid", "unshare",
                                         "Operation not permitted", "Permission denied"))
    if not namespaces:
        return words
    for name, off, on in (("user/max_user_namespaces", "0", "10000"),
                          ("kernel/unprivileged_userns_clone", "0", "1")):
        if _setting(name) == off:
            sysctl = name.replace("/", ".")
            return (f"{words}: unprivileged user namespaces are turned off on this machine ({sysctl} = {off}); "
                    f"turn them on (sudo sysctl -w {sysctl}={on}, and in /etc/sysctl.d/ to keep it), or {ELSEWHERE}")
    if _setting("kernel/apparmor_restrict_unprivileged_userns") == "1":
        return (f"{words}: Ubuntu's AppArmor keeps programs from making user namespaces "
                f"(kernel.apparmor_restrict_unprivileged_userns = 1); load the profile that lets bubblewrap make "
                f"them (docs/teachers.md, \"What is isolated, where\"), or {ELSEWHERE}")
    if in_container():
        return (f"{words}: this is a container whose confinement keeps bubblewrap from making namespaces or "
                f"mounting /proc; start it with docker run {CONTAINER_OPTIONS} (deploy/grader/README.md), or "
                f"grade on the hub's machine")
    return (f"{words}: user namespaces may be turned off, or a security module (AppArmor, SELinux) may refuse "
            f"them; {ELSEWHERE}")


# ------------------------------------------------------------------------------ seccomp

_LD, _JEQ, _JSET, _JGE, _RET = 0x20, 0x15, 0x45, 0x35, 0x06
_ALLOW, _KILL, _ERRNO = 0x7FFF0000, 0x80000000, 0x00050000
_CLONE_THREAD = 0x00010000
_DENIED = ("ptrace", "keyctl", "add_key", "request_key", "perf_event_open", "bpf", "userfaultfd", "unshare",
           "setns", "mount", "umount2", "pivot_root", "kexec_load", "init_module", "finit_module", "acct",
           "swapon", "swapoff", "reboot", "personality")
_ARCHES = {   # audit architecture, then system call numbers
    "x86_64": (0xC000003E, dict(fork=57, vfork=58, clone=56, clone3=435, ptrace=101, keyctl=250, add_key=248,
                                request_key=249, perf_event_open=298, bpf=321, userfaultfd=323, unshare=272,
                                setns=308, mount=165, umount2=166, pivot_root=155, kexec_load=246,
                                init_module=175, finit_module=313, acct=163, swapon=167, swapoff=168,
                                reboot=169, personality=135)),
    "aarch64": (0xC00000B7, dict(clone=220, clone3=435, ptrace=117, keyctl=219, add_key=217, request_key=218,
                                 perf_event_open=241, bpf=280, userfaultfd=282, unshare=97, setns=268, mount=40,
                                 umount2=39, pivot_root=41, kexec_load=104, init_module=105, finit_module=273,
                                 acct=89, swapon=224, swapoff=225, reboot=142, personality=92)),
}


def seccomp_filter(machine: Optional[str] = None) -> bytes:
    """The sandbox's seccomp program (classic BPF, as ``bwrap --seccomp`` reads it): processes cannot
    be made (``fork``, ``vfork``, ``clone`` without ``CLONE_THREAD``: EPERM; ``clone3``: ENOSYS, so the
    C library falls back to ``clone`` for threads), a few system calls are refused (EPERM), other
    processor ABIs are killed, everything else is allowed."""
    audit, nr = _ARCHES[machine or platform.machine()]
    code: list = [(_LD, 0, 0, 4), (_JEQ, 1, 0, audit), (_RET, 0, 0, _KILL), (_LD, 0, 0, 0)]
    if "fork" in nr:                                    # x86-64: the x32 ABI's numbers are refused
        code.append((_JGE, "deny", 0, 0x40000000))
    code += [(_JEQ, "deny", 0, nr[n]) for n in ("fork", "vfork") if n in nr]
    code += [(_JEQ, "nosys", 0, nr["clone3"]), (_JEQ, "clone", 0, nr["clone"])]
    code += [(_JEQ, "deny", 0, nr[n]) for n in _DENIED]
    code.append((_RET, 0, 0, _ALLOW))
    labels = {"clone": len(code)}
    code += [(_LD, 0, 0, 16), (_JSET, "allow", "deny", _CLONE_THREAD)]       # args[0], its low 32 bits
    labels["allow"] = len(code)
    code.append((_RET, 0, 0, _ALLOW))
    labels["deny"] = len(code)
    code.append((_RET, 0, 0, _ERRNO | errno.EPERM))
    labels["nosys"] = len(code)
    code.append((_RET, 0, 0, _ERRNO | errno.ENOSYS))
    out = bytearray()
    for i, (op, jt, jf, k) in enumerate(code):
        jt = labels[jt] - i - 1 if isinstance(jt, str) else jt
        jf = labels[jf] - i - 1 if isinstance(jf, str) else jf
        out += struct.pack("<HBBI", op, jt, jf, k)
    return bytes(out)


def _seccomp_fd() -> int:
    """A pipe's read end holding the filter (it is small enough for the pipe's buffer)."""
    read, write = os.pipe()
    os.write(write, seccomp_filter())
    os.close(write)
    return read


# ------------------------------------------------------------------------------ the command

def limits(memory_mb: int, cpu_seconds: float):
    """A function that sets a worker's resource limits (for ``preexec_fn``): address space, CPU
    seconds, file size, no core files."""
    def apply():
        import resource

        for limit, value in [(resource.RLIMIT_AS, int(memory_mb) * 2 ** 20), (resource.RLIMIT_CORE, 0),
                             (resource.RLIMIT_FSIZE, FILE_MB * 2 ** 20),
                             (resource.RLIMIT_CPU, max(1, int(cpu_seconds)))]:
            soft, hard = resource.getrlimit(limit)
            if hard != resource.RLIM_INFINITY:
                value = min(value, hard)
            resource.setrlimit(limit, (value, value))
    return apply


def _python_dirs() -> list:
    """The folders the interpreter needs (its prefixes and site-packages), never the current folder,
    a home folder or the project around the package."""
    prefixes = {Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()}
    keep = set(prefixes)
    for entry in [*sys.path, *site.getsitepackages(), site.getusersitepackages()]:
        if not entry:
            continue
        path = Path(entry).resolve()
        if not path.is_dir() or path == Path.cwd().resolve():
            continue
        if any(path.is_relative_to(p) for p in prefixes) or path.name in ("site-packages", "dist-packages"):
            keep.add(path)
    out = []          # outermost first, without folders inside folders already kept
    for path in sorted(keep, key=lambda p: len(p.parts)):
        if not any(path.is_relative_to(o) for o in out):
            out.append(path)
    return out


def _extra_path(shown: list) -> list:
    """The grader's import folders that its interpreter would not find by itself (from PYTHONPATH),
    when the sandbox shows them."""
    prefixes = [Path(sys.prefix).resolve(), Path(sys.base_prefix).resolve()]
    out = []
    for entry in sys.path:
        path = Path(entry).resolve() if entry else None
        if path is None or not path.is_dir() or any(path.is_relative_to(p) for p in prefixes):
            continue
        if any(path.is_relative_to(d) for d in shown) and str(path) not in out:
            out.append(str(path))
    return out


def _system() -> list:
    args = []
    for name in ("usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32"):
        path = Path("/") / name
        if path.is_symlink():
            args += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            args += ["--ro-bind", str(path), str(path)]
    for name in _ETC:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    return args


def worker_command(command: list, memory_mb: int = 2048, cpu_seconds: float = 900, sandbox: bool = True,
                   hidden: Iterable = (), shared: Optional[Path] = None) -> tuple:
    """``(argv, fds)``: the command line that runs ``command`` (a worker's ``python -m ...``) in a
    sandbox, and the file descriptors to pass to it (close them in the parent after the start).

    ``hidden`` are paths to mask should they lie inside a folder the sandbox shows (submissions,
    the gradebook, the feedback folder); ``shared`` is a read-only folder of the grader's (the
    matplotlib font cache), seen as ``/opt/mathmaze-cache``. ``sandbox=False`` gives the plain command.
    """
    env = {"HOME": "/tmp/home", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "MPLBACKEND": "Agg",
           "PYTHONHASHSEED": "0", "PYTHONDONTWRITEBYTECODE": "1", "MATHMAZE_DATA_DIR": "/tmp/home/data",
           "IPYTHONDIR": "/tmp/home/.ipython", "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
           "NUMBA_CACHE_DIR": "/tmp/home/numba"}
    if not sandbox:
        return command, []
    python_dirs = _python_dirs()
    args = ["bwrap", "--unshare-all", "--unshare-user", "--disable-userns", "--die-with-parent", "--new-session",
            "--hostname", "mathmaze", "--clearenv", *_system()]
    for path in python_dirs:
        args += ["--ro-bind", str(path), str(path)]
    args += ["--ro-bind", str(PACKAGE), f"{_INSIDE}/mathmaze_lib"]
    masked = [Path(f"{_INSIDE}/mathmaze_lib/data/solutions.json")]
    masked += [p / "mathmaze_lib" / "data" / "solutions.json" for p in python_dirs]
    for path in masked:
        outside = PACKAGE / "data" / "solutions.json" if str(path).startswith(_INSIDE) else path
        if outside.exists():
            args += ["--ro-bind", "/dev/null", str(path)]
    for path in hidden:
        path = Path(path).resolve()
        if any(path.is_relative_to(d) for d in [*python_dirs, PACKAGE]) and path.exists():
            inside = path if not path.is_relative_to(PACKAGE) else Path(_INSIDE, "mathmaze_lib",
                                                                        path.relative_to(PACKAGE))
            args += ["--tmpfs", str(inside)] if path.is_dir() else ["--ro-bind", "/dev/null", str(inside)]
    if shared is not None:
        args += ["--ro-bind", str(shared), "/opt/mathmaze-cache"]
        env["MPLCONFIGDIR"] = "/opt/mathmaze-cache/matplotlib"
    args += ["--proc", "/proc", "--dev", "/dev", "--size", str(TMP_MB * 2 ** 20), "--tmpfs", "/dev/shm",
             "--size", str(TMP_MB * 2 ** 20), "--tmpfs", "/tmp", "--dir", "/tmp/work", "--dir", "/tmp/home",
             "--chdir", "/tmp/work", "--remount-ro", "/"]
    env["PYTHONPATH"] = os.pathsep.join([_INSIDE, *_extra_path(python_dirs)])
    for key, value in env.items():
        args += ["--setenv", key, value]
    seccomp = _seccomp_fd()
    args += ["--seccomp", str(seccomp), "--", *command]
    return args, [seccomp]


def plain_environment(work: Path) -> dict:
    """The environment of a worker without a sandbox (in its own temporary folder ``work``)."""
    env = {key: os.environ[key] for key in ("PATH", "SYSTEMROOT", "LANG", "TMPDIR", "TEMP", "TMP")
           if key in os.environ}
    home = work / "home"
    env.update({"HOME": str(home), "USERPROFILE": str(home), "MPLBACKEND": "Agg", "PYTHONHASHSEED": "0",
                "MATHMAZE_DATA_DIR": str(home / "data"), "IPYTHONDIR": str(home / ".ipython"),
                "PYTHONPATH": str(PACKAGE.parent), "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"})
    return env
