"""pyproject.toml and environment.yml must list the same packages with the same lower bounds."""

import re
import sys

import pytest

from conftest import NOT_THE_PROJECT, ROOT

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    tomllib = pytest.importorskip("tomli")

REQ = re.compile(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*?)\s*$")


def normalise(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_requirement(text: str):
    name, spec = REQ.match(text).groups()
    return normalise(name), spec.replace(" ", "")


def pyproject_requirements() -> dict:
    data = tomllib.loads((ROOT / "pyproject.toml").read_text())
    project = data["project"]
    reqs = [parse_requirement(r) for r in project["dependencies"]]
    for extra in project["optional-dependencies"].values():
        reqs += [parse_requirement(r) for r in extra]
    out = {}
    for name, spec in reqs:
        assert out.get(name, spec) == spec, f"pyproject.toml gives {name} two different bounds"
        out[name] = spec
    return out


def environment_requirements() -> dict:
    """The conda dependencies of environment.yml (a plain list, read without a YAML library)."""
    out, in_deps, in_pip = {}, False, False
    for line in (ROOT / "environment.yml").read_text().splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if re.match(r"^dependencies:\s*$", line):
            in_deps = True
            continue
        if in_deps and not line.startswith(" "):
            in_deps = False
        if not in_deps:
            continue
        item = line.strip()
        if item == "- pip:":
            in_pip = True
            continue
        if in_pip and line.startswith("      "):
            if item.startswith("- -e"):
                continue  # the pip section installs the project itself
            name, spec = parse_requirement(item[2:])   # and packages that are on PyPI only
            out[name] = spec
            continue
        in_pip = False
        assert item.startswith("- "), f"environment.yml: cannot read dependency line {line!r}"
        name, spec = parse_requirement(item[2:])
        out[name] = spec
    return out


def test_environment_yml_and_pyproject_agree():
    py = pyproject_requirements()
    conda = environment_requirements()
    conda.pop("pip", None)
    python = conda.pop("python")
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["requires-python"]
    assert python == requires.replace(" ", "")
    assert conda == py, (
        "environment.yml and pyproject.toml disagree:\n"
        f"only in pyproject: {sorted(set(py) - set(conda))}\n"
        f"only in environment.yml: {sorted(set(conda) - set(py))}\n"
        f"different bounds: {sorted(n for n in set(py) & set(conda) if py[n] != conda[n])}")


def test_installed_versions_meet_the_lower_bounds():
    from importlib.metadata import PackageNotFoundError, version

    for name, spec in pyproject_requirements().items():
        m = re.search(r">=([0-9][0-9.]*)", spec)
        if not m:
            continue
        try:
            have = version(name)
        except PackageNotFoundError:
            continue  # an extra that is not installed here (for example lab-only packages)
        want = tuple(int(x) for x in m.group(1).split("."))
        got = tuple(int(x) for x in re.findall(r"\d+", have)[: len(want)])
        assert got >= want, f"{name} {have} is older than the tested lower bound {m.group(1)}"


@pytest.mark.slow
def test_the_wheel_ships_the_widget_front_end_and_the_data(tmp_path):
    """Build the wheel as pip does and look inside: the board's JavaScript and CSS and the data files
    (goals, worked solutions) must be in it, or an installed package shows no board."""
    import subprocess
    import sys
    import zipfile

    import shutil

    # Built from a copy: setuptools writes build/ and *.egg-info into the folder it builds, and other
    # tests read the checkout's tree at the same time.
    source = tmp_path / "source"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(*NOT_THE_PROJECT, "*.egg-info"))
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                           "-w", str(tmp_path), str(source)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    wheel = next(tmp_path.glob("mathmaze_lib-*.whl"))
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("mathmaze_lib/widgets/board.js", "mathmaze_lib/widgets/board.css",
                   "mathmaze_lib/data/wall_goals.json", "mathmaze_lib/data/solutions.json",
                   "mathmaze_lib/exercises/guard.py", "mathmaze_lib/puzzles/jumpmaze/fast.py"):
        assert needed in names, f"{needed} is not in {wheel.name}"
