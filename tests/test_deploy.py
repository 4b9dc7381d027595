"""The files a hub administrator gets in deploy/ agree with each other and with the test hub."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"


def mebibytes(text: str, kubernetes: bool = False) -> float:
    """A size in MiB. JupyterHub reads 512M as 512 MiB; Kubernetes reads 512M as 512 * 10**6 bytes (512Mi is MiB)."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG])(i?)", str(text))
    assert m, f"cannot read the size {text!r}"
    number, unit, binary = float(m.group(1)), "KMG".index(m.group(2)) + 1, m.group(3)
    size = number * (1024 ** unit if binary or not kubernetes else 1000 ** unit)
    return size / 1024 ** 2


def test_the_z2jh_values_parse_and_guarantee_no_more_than_they_allow():
    yaml = pytest.importorskip("yaml")
    values = yaml.safe_load((DEPLOY / "z2jh" / "config.yaml").read_text())
    single = values["singleuser"]
    assert mebibytes(single["memory"]["guarantee"], True) <= mebibytes(single["memory"]["limit"], True)
    assert 0 < single["cpu"]["guarantee"] <= single["cpu"]["limit"]
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0
    assert single["defaultUrl"] == "/lab"
    kernel_args = values["hub"]["config"]["KubeSpawner"]["args"]
    assert any(a.startswith("--MappingKernelManager.cull_idle_timeout=") for a in kernel_args)


def config_of(monkeypatch, **env):
    from traitlets.config import Config

    for name in ("MATHMAZE_CLASS_PASSWORD", "MATHMAZE_ENV", "MATHMAZE_MEM_LIMIT"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    c = Config()
    exec(compile((DEPLOY / "jupyterhub_config.py").read_text(), "jupyterhub_config.py", "exec"),
         {"get_config": lambda: c, "__name__": "__config__"})
    return c


def test_the_one_server_config_has_both_ways_to_log_in(monkeypatch):
    shared = config_of(monkeypatch, MATHMAZE_CLASS_PASSWORD="a-long-class-password")
    assert shared.JupyterHub.authenticator_class == "shared-password"
    assert shared.SharedPasswordAuthenticator.user_password == "a-long-class-password"
    assert shared.JupyterHub.spawner_class == "systemdspawner.SystemdSpawner"
    local = config_of(monkeypatch, MATHMAZE_ENV="/opt/mathmaze", MATHMAZE_MEM_LIMIT="1G")
    assert local.JupyterHub.authenticator_class == "pam"
    assert local.Spawner.cmd == ["/opt/mathmaze/bin/jupyterhub-singleuser"]
    assert local.Spawner.mem_limit == "1G"
    assert [s["name"] for s in local.JupyterHub.services] == ["idle-culler"]


def test_the_memory_limits_cover_the_measured_heaviest_lesson():
    """deploy/README.md's measured maximum (RSS of a learner with a lesson run) fits the limits given."""
    readme = (DEPLOY / "README.md").read_text()
    rss = max(int(x) for x in re.search(r"RSS (\d+) to (\d+) MiB", readme).groups())
    text = (DEPLOY / "jupyterhub_config.py").read_text()
    limit = re.search(r'"MATHMAZE_MEM_LIMIT", "(\w+)"', text).group(1)
    assert mebibytes(limit) > rss
    yaml = pytest.importorskip("yaml")
    values = yaml.safe_load((DEPLOY / "z2jh" / "config.yaml").read_text())
    assert mebibytes(values["singleuser"]["memory"]["guarantee"], kubernetes=True) >= rss


def test_the_link_recipe_in_the_readme_makes_the_links_the_hub_test_follows(capsys):
    """deploy/README.md's Python recipe prints, for each lesson, the link tests/test_hub.py opens."""
    import hubkit

    readme = (DEPLOY / "README.md").read_text()
    recipe = next(block for block in re.findall(r"```python\n(.*?)```", readme, re.S) if "git-pull" in block)
    exec(recipe, {})
    links = capsys.readouterr().out.split()
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert links == [hubkit.pull_link("https://HUB", "https://GIT-HOST/SCHOOL/mathmaze-class", name)
                     for name in lessons]
    assert links[0] in readme.split(), "the link written out in deploy/README.md is not the recipe's first link"
