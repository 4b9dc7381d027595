"""The three recipes of deploy/README.md, run as far as this machine allows without a hub process
(tests/test_hub.py starts real hubs): what each mode's authenticator lets in, what its spawner
enforces, what The Littlest JupyterHub and Zero to JupyterHub make of the lines the README gives,
and the learners' image that repo2docker builds from binder/.

Where a recipe needs what a test machine lacks (systemd as PID 1, TLJH's own package, root for
throwaway accounts, Caddy), the test says what it could not run.
"""

from __future__ import annotations

import asyncio
import importlib.metadata
import json
import os
import pwd
import re
import secrets
import shlex
import shutil
import subprocess
import sys
import types
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
README = DEPLOY / "README.md"
CLASS_PASSWORD = "maze-class-2026"
ADMIN_PASSWORD = "a-teachers-password-of-32-characters-or-more"


# ------------------------------------------------------------------------------ helpers

def mebibytes(text: str, kubernetes: bool = False) -> float:
    """A size in MiB. JupyterHub reads 512M as 512 MiB; Kubernetes reads 512M as 512 * 10**6 bytes (512Mi is MiB)."""
    m = re.fullmatch(r"(\d+(?:\.\d+)?)([KMG])(i?)", str(text))
    assert m, f"cannot read the size {text!r}"
    number, unit, binary = float(m.group(1)), "KMG".index(m.group(2)) + 1, m.group(3)
    size = number * (1024 ** unit if binary or not kubernetes else 1000 ** unit)
    return size / 1024 ** 2


def config_of(monkeypatch, **env):
    """deploy/jupyterhub_config.py as JupyterHub loads it, with these MATHMAZE_... settings only."""
    return config_and_names(monkeypatch, **env)[0]


def config_and_names(monkeypatch, **env):
    """deploy/jupyterhub_config.py as :func:`config_of` loads it, and the names it defines (its functions).
    What it changes in the spawners' modules (the learners' ports) is undone when the test ends."""
    from traitlets.config import Config

    for name in [n for n in os.environ if n.startswith("MATHMAZE_")]:
        monkeypatch.delenv(name)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    keep_random_port(monkeypatch)
    c = Config()
    names = {"get_config": lambda: c, "__name__": "__config__", "__file__": str(DEPLOY / "jupyterhub_config.py")}
    exec(compile((DEPLOY / "jupyterhub_config.py").read_text(), "jupyterhub_config.py", "exec"), names)
    return c, names


def keep_random_port(monkeypatch):
    """The spawners' modules get their own ``random_port`` back when the test ends (deploy/learner_ports.py,
    loaded by a test, replaces it)."""
    import jupyterhub.spawner
    import systemdspawner.systemdspawner

    for module in (jupyterhub.spawner, systemdspawner.systemdspawner):
        monkeypatch.setattr(module, "random_port", module.random_port)


def authenticator(config):
    """JupyterHub's own authenticator class named by the config (an entry point such as 'shared-password'), configured."""
    name = config.JupyterHub.authenticator_class
    found = [ep for ep in importlib.metadata.entry_points(group="jupyterhub.authenticators") if ep.name == name]
    cls = found[0].load() if found else None
    assert cls is not None, f"JupyterHub has no authenticator {name!r}"
    return cls(config=config)


def login(auth, name: str, password: str):
    """What JupyterHub's login does with a name and password: None (refused) or the user model."""
    return asyncio.run(auth.get_authenticated_user(None, {"username": name, "password": password}))


def systemd_run_command(monkeypatch, tmp_path, config, name: str) -> list:
    """The ``systemd-run`` command line jupyterhub-systemdspawner would run to start ``name``'s server
    with ``config`` (systemd itself is not called: it need not be running)."""
    from jupyterhub.objects import Hub, Server
    from systemdspawner import SystemdSpawner, systemd

    commands = []

    class Finished:
        async def wait(self):
            return 0

    async def run(*argv, **kwargs):
        commands.append(list(argv))
        return Finished()

    async def running(unit):
        return bool(commands)

    async def failed(unit):
        return False

    monkeypatch.setattr(systemd.asyncio, "create_subprocess_exec", run)
    monkeypatch.setattr(systemd, "service_running", running)
    monkeypatch.setattr(systemd, "service_failed", failed)
    monkeypatch.setattr(systemd, "RUN_ROOT", str(tmp_path / "run"))
    user = types.SimpleNamespace(name=name, id=7, url=f"/user/{name}/", escaped_name=name, settings={},
                                 server=Server(base_url=f"/user/{name}/"), spawner=None, orm_user=None)
    spawner = SystemdSpawner(user=user, hub=Hub(), config=config, api_token="t", oauth_client_id=f"jupyterhub-user-{name}")
    if callable(config.Spawner.get("pre_spawn_hook")):
        config.Spawner.pre_spawn_hook(spawner)
    asyncio.run(spawner.start())
    assert len(commands) == 1, commands
    return commands[0]


def properties(command: list) -> dict:
    return dict(arg.removeprefix("--property=").split("=", 1) for arg in command if arg.startswith("--property="))


def readme_block(heading: str, language: str = "bash") -> str:
    """The first ``language`` code block after the README heading that starts with ``heading``."""
    text = README.read_text()
    at = text.index(heading)
    block = re.search(rf"```{language}\n(.*?)```", text[at:], re.S)
    assert block, f"no {language} block after {heading!r} in deploy/README.md"
    return block.group(1)


def commands_in(block: str) -> list:
    """The shell commands of a README block, one per line (backslash continuations joined, comments dropped)."""
    lines, out = block.replace("\\\n", " ").splitlines(), []
    for line in lines:
        line = line.split(" #")[0].strip()
        if line and not line.startswith("#"):
            out.append(shlex.split(line))
    return out


def as_root(action: str):
    if os.geteuid() != 0:
        pytest.skip(f"not root: cannot {action} on this machine (run the tests as root, as CI does, to run it)")


def throwaway_account(name: str):
    subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", name], check=True, capture_output=True)


def remove_account(name: str):
    subprocess.run(["userdel", "--remove", name], capture_output=True)


# ------------------------------------------------------------------------------ one server

def test_the_class_password_mode_lets_the_class_and_the_teacher_in_and_nobody_else(monkeypatch):
    c = config_of(monkeypatch, MATHMAZE_CLASS_PASSWORD=CLASS_PASSWORD, MATHMAZE_ADMIN="teacher",
                  MATHMAZE_ADMIN_PASSWORD=ADMIN_PASSWORD)
    assert c.JupyterHub.authenticator_class == "shared-password"
    auth = authenticator(c)
    assert login(auth, "ada", CLASS_PASSWORD)["name"] == "ada"
    assert login(auth, "ada", CLASS_PASSWORD)["admin"] is False
    assert login(auth, "ada", "not-the-class-password") is None
    assert login(auth, "teacher", ADMIN_PASSWORD)["admin"] is True
    assert login(auth, "teacher", CLASS_PASSWORD) is None, "a learner must not log in as the teacher"
    assert login(auth, "ada", ADMIN_PASSWORD) is None, "the admin password is for the admins only"
    # names become account names (jupyter-NAME): a name systemd or useradd would refuse is refused at login
    assert login(auth, "ada lovelace", CLASS_PASSWORD) is None
    assert login(auth, "a" * 25, CLASS_PASSWORD) is None
    assert login(auth, "Grace", CLASS_PASSWORD)["name"] == "grace"  # JupyterHub lowercases names


def test_the_admin_password_must_have_32_characters_as_the_readme_says(monkeypatch):
    c = config_of(monkeypatch, MATHMAZE_CLASS_PASSWORD=CLASS_PASSWORD, MATHMAZE_ADMIN="teacher",
                  MATHMAZE_ADMIN_PASSWORD="x" * 31)
    with pytest.raises(Exception, match="at least 32 characters"):
        authenticator(c)
    assert "32 characters or more" in README.read_text()


def test_without_allow_all_the_class_password_would_let_nobody_in(monkeypatch):
    """The trap of the old TLJH recipe: JupyterHub 5 and later refuse everyone without allow_all."""
    c = config_of(monkeypatch, MATHMAZE_CLASS_PASSWORD=CLASS_PASSWORD)
    assert login(authenticator(c), "ada", CLASS_PASSWORD)
    del c.Authenticator["allow_all"]
    assert login(authenticator(c), "ada", CLASS_PASSWORD) is None


def test_the_accounts_mode_uses_pam_with_the_class_group(monkeypatch):
    c = config_of(monkeypatch, MATHMAZE_GROUP="class7b", MATHMAZE_ADMIN="teacher", MATHMAZE_ENV="/opt/mathmaze")
    assert c.JupyterHub.authenticator_class == "pam"
    assert c.PAMAuthenticator.allowed_groups == {"class7b"}
    assert c.Authenticator.admin_users == {"teacher"}
    assert "allow_all" not in c.Authenticator, "local accounts: only the class group logs in"
    assert c.Spawner.cmd == ["/opt/mathmaze/bin/jupyterhub-singleuser"]
    assert [s["name"] for s in c.JupyterHub.services] == ["idle-culler", "mathmaze-scores"]
    scores = c.JupyterHub.services[1]
    assert scores["command"][1:] == ["-m", "mathmaze_lib.hubscores"] and scores["environment"]["MATHMAZE_ADMIN"] == "teacher"
    assert c.Spawner.environment["MATHMAZE_SCORES_URL"] == scores["url"] == "http://127.0.0.1:8765"
    assert c.JupyterHub.bind_url == "http://127.0.0.1:8000", "behind the HTTPS proxy, the hub listens on loopback"
    assert c.JupyterHub.cleanup_servers is False, "the README says a restart of the hub keeps the servers running"


def test_in_the_accounts_mode_systemd_starts_each_server_as_its_account_with_the_limits(monkeypatch, tmp_path):
    """What the spawner asks of systemd (the command line it would run): the learner's own account and
    home, MemoryMax and CPUQuota from MATHMAZE_MEM_LIMIT and MATHMAZE_CPU_LIMIT, a private /tmp."""
    c = config_of(monkeypatch, MATHMAZE_MEM_LIMIT="768M", MATHMAZE_CPU_LIMIT="0.5")
    account = pwd.getpwnam("nobody")
    command = systemd_run_command(monkeypatch, tmp_path, c, "nobody")
    assert command[:3] == ["systemd-run", "--unit", "jupyter-nobody"]
    assert f"--uid={account.pw_uid}" in command and f"--gid={account.pw_gid}" in command
    assert command[command.index("--working-directory") + 1] == account.pw_dir
    props = properties(command)
    assert props["MemoryMax"] == str(768 * 1024 ** 2) and props["CPUQuota"] == "50%"
    assert props["PrivateTmp"] == "yes" and props["NoNewPrivileges"] == "yes"
    assert props["OOMPolicy"] == "continue", "the README says a learner over the limit loses a process, not the server"
    assert command[-1].endswith("/bin/jupyterhub-singleuser")
    if not Path("/run/systemd/system").is_dir():
        print("systemd is not running here (not PID 1): the systemd-run command is checked, not run")


def test_in_the_class_password_mode_each_name_gets_an_account_of_its_own(monkeypatch, tmp_path):
    """The config's pre-spawn hook makes jupyter-NAME (home only it can read) the first time NAME starts,
    and systemd runs the server as that account, with the limits."""
    as_root("make a throwaway account")
    c = config_of(monkeypatch, MATHMAZE_CLASS_PASSWORD=CLASS_PASSWORD)
    name = "t" + secrets.token_hex(4)
    try:
        command = systemd_run_command(monkeypatch, tmp_path, c, name)
        account = pwd.getpwnam(f"jupyter-{name}")
        assert os.stat(account.pw_dir).st_mode & 0o777 == 0o700
        assert f"--uid={account.pw_uid}" in command
        assert command[command.index("--working-directory") + 1] == account.pw_dir == f"/home/jupyter-{name}"
        assert properties(command)["MemoryMax"] == str(512 * 1024 ** 2)
        systemd_run_command(monkeypatch, tmp_path / "again", c, name)  # a second start keeps the account
    finally:
        remove_account(f"jupyter-{name}")


def test_each_learners_server_gets_a_port_of_its_range_that_no_kernel_can_be_handed(monkeypatch, tmp_path):
    """The spawner's port comes from MATHMAZE_SERVER_PORTS (below the range the system hands out to a
    program asking for any free port, which is where a kernel's ports come from): a port something listens
    on, or one just given to another server, is skipped; a full range says so, and so does a bad setting."""
    import socket

    c, names = config_and_names(monkeypatch, MATHMAZE_SERVER_PORTS="23100-23101")
    names = names["LEARNER_PORTS"]  # deploy/learner_ports.py, as the config ran it
    with socket.socket() as busy:
        busy.bind(("", 23100))
        busy.listen()
        systemd_run_command(monkeypatch, tmp_path, c, "nobody")
        env = (tmp_path / "run" / "jupyter-nobody" / "jupyter-nobody.env").read_text()  # systemd-run reads it
        assert "JUPYTERHUB_SERVICE_URL=http://127.0.0.1:23101/\n" in env, env
        with pytest.raises(RuntimeError, match="MATHMAZE_SERVER_PORTS 23100-23101: no port is free"):
            names["learner_port"]()  # 23100 is taken, 23101 was just given to nobody's server
    assert names["learner_port"](held_for=0.0) in (23100, 23101)  # given long enough ago, it is free again
    system = Path("/proc/sys/net/ipv4/ip_local_port_range")
    if system.exists():
        first = int(system.read_text().split()[0])
        _, default = config_and_names(monkeypatch)
        assert default["LEARNER_PORTS"]["SERVER_PORTS"].stop <= first, "the default range must lie below the system's"
    for bad in ("20000", "2000-1000", "ports", "80-90", "60000-70000"):
        with pytest.raises(ValueError, match=f"MATHMAZE_SERVER_PORTS='{bad}': write two port numbers as LOW-HIGH"):
            config_and_names(monkeypatch, MATHMAZE_SERVER_PORTS=bad)


def test_the_learners_server_settings_load_as_jupyter_loads_them(tmp_path, monkeypatch):
    """deploy/jupyter_server_config.py, added to an environment's etc/jupyter/jupyter_server_config.py as
    the README says (after what is there already), gives the learners' server kernel culling and the save hook."""
    from jupyter_server.serverapp import ServerApp
    from traitlets.utils.importstring import import_item

    from mathmaze_lib.widgets.saving import pre_save_hook

    etc = tmp_path / "etc" / "jupyter"
    etc.mkdir(parents=True)
    (etc / "jupyter_server_config.py").write_text("c.ServerApp.terminals_enabled = False\n")  # already there
    with open(etc / "jupyter_server_config.py", "a") as f:
        f.write((DEPLOY / "jupyter_server_config.py").read_text())
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(etc))
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "nothing"))
    app = ServerApp()
    app.load_config_file()
    assert app.config.MappingKernelManager.cull_idle_timeout == 1200
    assert app.config.MappingKernelManager.cull_connected is False
    assert import_item(app.config.ContentsManager.pre_save_hook) is pre_save_hook
    assert app.config.ServerApp.terminals_enabled is False, "what the file said before is kept"
    # the README adds it to the learners' environment of each recipe: where their servers' Python lives
    targets = re.findall(r"deploy/jupyter_server_config.py \| sudo tee -a (\S+)", README.read_text())
    assert targets == ["/opt/mathmaze/etc/jupyter/jupyter_server_config.py",
                       "/opt/tljh/user/etc/jupyter/jupyter_server_config.py"]
    assert "/opt/mathmaze/bin/jupyterhub" in (DEPLOY / "mathmaze-hub.service").read_text()
    make = (ROOT / "Makefile").read_text()
    assert "SAVE_HOOK = --ContentsManager.pre_save_hook=mathmaze_lib.widgets.saving.pre_save_hook" in make


def test_the_systemd_unit_starts_the_hub_as_the_readme_installs_it(tmp_path):
    unit = (DEPLOY / "mathmaze-hub.service").read_text()
    exec_start = re.search(r"^ExecStart=(.*)$", unit, re.M).group(1).split()
    readme = README.read_text()
    assert exec_start[0] == "/opt/mathmaze/bin/jupyterhub" and "python3 -m venv /opt/mathmaze" in readme
    assert exec_start[-1] == "/opt/mathmaze-src/deploy/jupyterhub_config.py" and "/opt/mathmaze-src" in readme
    assert "EnvironmentFile=/etc/mathmaze/hub.env" in unit and "/etc/mathmaze/hub.env" in readme
    # every setting the README's hub.env gives is one the config reads
    env_block = readme_block("/etc/mathmaze/hub.env", "ini")
    config_text = (DEPLOY / "jupyterhub_config.py").read_text()
    for name in re.findall(r"^(MATHMAZE_\w+)=", env_block, re.M):
        assert f'"{name}"' in config_text, f"the README sets {name}, which jupyterhub_config.py does not read"
    if not shutil.which("systemd-analyze"):
        pytest.skip("systemd-analyze is not installed: the unit's syntax is not checked")
    copy = tmp_path / "mathmaze-hub.service"
    copy.write_text(unit.replace("/opt/mathmaze/bin/jupyterhub", str(Path(sys.executable).with_name("jupyterhub"))))
    out = subprocess.run(["systemd-analyze", "verify", str(copy)], capture_output=True, text=True, timeout=60)
    problems = [line for line in (out.stdout + out.stderr).splitlines() if "mathmaze-hub.service" in line]
    assert not problems, problems


def test_the_caddyfile_is_valid_for_caddy(tmp_path):
    caddyfile = (DEPLOY / "Caddyfile").read_text()
    assert "reverse_proxy 127.0.0.1:8000" in caddyfile
    if not shutil.which("caddy"):
        pytest.skip("Caddy is not installed here (apt-get install caddy): the Caddyfile is not validated")
    (tmp_path / "Caddyfile").write_text(caddyfile.replace("HUB.EXAMPLE.ORG", "hub.example.org"))
    out = subprocess.run(["caddy", "adapt", "--config", str(tmp_path / "Caddyfile")], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr


def test_the_pins_match_what_the_configs_use():
    """jupyterhub 5.3 brought the shared class password; the culler and the spawner the config names are pinned."""
    pins = {}
    for line in (DEPLOY / "requirements-hub.txt").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, bound = re.match(r"([\w.-]+)\s*(.*)", line).groups()
            pins[name.lower()] = bound
    assert pins["jupyterhub"] == ">=5.3"
    assert {"nbgitpuller", "jupyterhub-idle-culler", "jupyterhub-systemdspawner"} <= set(pins)
    config = (DEPLOY / "jupyterhub_config.py").read_text()
    assert "jupyterhub_idle_culler" in config and "systemdspawner.SystemdSpawner" in config
    import tomllib

    test_extra = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    extras = dict(re.match(r"([\w.-]+)\s*(.*)", r).groups() for r in test_extra)
    for name, bound in pins.items():
        assert extras.get(name) == bound, f"pyproject's test extra has {name}{extras.get(name)}, deploy/ has {bound}"
    image = (ROOT / "binder" / "requirements.txt").read_text()
    assert re.search(r"^jupyterhub>=5\.3,<6$", image, re.M), "the learners' image: the chart's JupyterHub major version"


def test_the_memory_limits_cover_the_measured_heaviest_lesson():
    """deploy/README.md's measured maximum (RSS of a learner with a lesson run) fits the limits given."""
    yaml = pytest.importorskip("yaml")
    readme = README.read_text()
    rss = max(int(x) for x in re.search(r"RSS (\d+) to (\d+) MiB", readme).groups())
    text = (DEPLOY / "jupyterhub_config.py").read_text()
    limit = re.search(r'"MATHMAZE_MEM_LIMIT", "(\w+)"', text).group(1)
    assert mebibytes(limit) > rss
    values = yaml.safe_load((DEPLOY / "z2jh" / "config.yaml").read_text())
    assert mebibytes(values["singleuser"]["memory"]["guarantee"], kubernetes=True) >= rss


def test_the_link_recipe_in_the_readme_makes_the_links_the_hub_test_follows(capsys):
    """deploy/README.md's Python recipe prints, for each lesson, the link tests/test_hub.py opens."""
    import hubkit

    readme = README.read_text()
    recipe = next(block for block in re.findall(r"```python\n(.*?)```", readme, re.S) if "git-pull" in block)
    exec(recipe, {})
    links = capsys.readouterr().out.split()
    lessons = sorted(p.name for p in (ROOT / "notebooks").glob("*.ipynb"))
    assert links == [hubkit.pull_link("https://HUB", "https://GIT-HOST/SCHOOL/mathmaze-class", name)
                     for name in lessons]
    assert links[0] in readme.split(), "the link written out in deploy/README.md is not the recipe's first link"
    assert "Until `release --class`" not in readme


# ------------------------------------------------------------------------------ The Littlest JupyterHub

# TLJH's rules (tljh/config_schema.py) for the keys outside auth.* that the recipe sets; auth.CLASS.TRAIT
# keys are checked against JupyterHub's classes themselves.
TLJH_SCHEMA = {
    "users.admin": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
    "limits.memory": lambda v: isinstance(v, str) and re.fullmatch(r"\d+[KMGT]", v),
    "limits.cpu": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0,
    "services.cull.timeout": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "user_environment.default_app": lambda v: v in ("jupyterlab", "classic"),
    "https.enabled": lambda v: isinstance(v, bool),
    "https.letsencrypt.email": lambda v: isinstance(v, str) and "@" in v,
    "https.letsencrypt.domains": lambda v: isinstance(v, list) and all(isinstance(x, str) for x in v),
}


def tljh_value(text: str):
    """How tljh-config reads a value on its command line (tljh.config.parse_value)."""
    if text.lower() == "none":
        return None
    if re.fullmatch(r"\d+", text):
        return int(text)
    if re.fullmatch(r"\d+\.\d*", text):
        return float(text)
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    return text


def tljh_lines():
    """The README's TLJH block: (action, key, value) for each tljh-config line, with the installer's --admin."""
    block = readme_block("## 3. The Littlest JupyterHub")
    out = []
    for words in commands_in(block):
        if "--admin" in words:   # the installer puts its --admin NAME in users.admin
            out.append(("add-item", "users.admin", words[words.index("--admin") + 1]))
        if words[:2] == ["sudo", "tljh-config"] and words[2] in ("set", "add-item"):
            out.append((words[2], words[3], words[4]))
    assert out, "no tljh-config lines in deploy/README.md"
    return out


def tljh_apply(lines) -> tuple:
    """(the TLJH config, the JupyterHub Config) as tljh-config stores the lines and TLJH applies them to
    JupyterHub (tljh.configurer: auth.type, auth.CLASS.TRAIT, users.admin, limits, user_environment)."""
    from traitlets.config import Config

    tljh = {}
    for action, key, text in lines:
        *parents, leaf = key.split(".")
        node = tljh
        for part in parents:
            node = node.setdefault(part, {})
        if action == "set":
            node[leaf] = tljh_value(text)
        else:
            node.setdefault(leaf, []).append(tljh_value(text))
    c = Config()
    auth = tljh.get("auth", {})
    c.JupyterHub.authenticator_class = auth.get("type", "firstuseauthenticator.FirstUseAuthenticator")
    for cls, traits in auth.items():
        if cls != "type":
            for trait, value in traits.items():
                if value is not None:
                    c[cls][trait] = value
    c.Authenticator.admin_users = set(tljh.get("users", {}).get("admin", []))
    limits = tljh.get("limits", {})
    c.Spawner.mem_limit, c.Spawner.cpu_limit = limits.get("memory"), limits.get("cpu")
    if tljh.get("user_environment", {}).get("default_app") == "jupyterlab":
        c.Spawner.default_url = "/lab"
    c.SystemdSpawner.username_template = "jupyter-{USERNAME}"
    # TLJH finds jupyterhub-singleuser in its learners' environment, /opt/tljh/user/bin; here, in this one
    c.SystemdSpawner.extra_paths = [str(Path(sys.executable).parent)]
    return tljh, c


def test_the_tljh_lines_fit_tljhs_schema_and_jupyterhubs_classes():
    from traitlets.config import Configurable

    lines = tljh_lines()
    tljh, c = tljh_apply(lines)
    auth = authenticator(c)
    classes = {cls.__name__: cls for cls in type(auth).mro() if issubclass(cls, Configurable)}
    for _, key, text in lines:
        value = tljh_value(text)
        if key.startswith("auth.") and key != "auth.type":
            _, cls, trait = key.split(".")
            assert cls in classes, f"{key}: {cls} is not {type(auth).__name__} or one of its parents"
            assert trait in classes[cls].class_traits(config=True), f"{key}: {cls} has no setting {trait}"
        elif key != "auth.type":
            assert key in TLJH_SCHEMA, f"{key}: not a TLJH setting this test knows"
            node = tljh
            for part in key.split("."):
                node = node[part]
            assert TLJH_SCHEMA[key](node), f"{key} {text!r}: TLJH's schema refuses {node!r}"
        if "password" in key:
            assert isinstance(value, str), \
                f"{key} {text!r}: tljh-config reads this as {value!r}, not text; write a password with letters"


def test_the_tljh_class_password_logs_learners_in_and_the_teacher_is_an_admin():
    lines = tljh_lines()
    _, c = tljh_apply(lines)
    assert c.JupyterHub.authenticator_class == "shared-password"
    password = c.SharedPasswordAuthenticator.user_password
    admin_password = c.SharedPasswordAuthenticator.admin_password
    auth = authenticator(c)
    teacher, = {auth.normalize_username(name) for name in c.Authenticator.admin_users}  # as JupyterHub does
    auth.admin_users = {teacher}
    assert len(admin_password) >= 32
    assert login(auth, "ada", password)["admin"] is False
    assert login(auth, "ada", "wrong-password") is None
    assert login(auth, teacher, admin_password)["admin"] is True
    assert login(auth, teacher, password) is None


def test_tljh_enforces_its_limits_through_systemd(monkeypatch, tmp_path):
    """TLJH's spawner is jupyterhub-systemdspawner (as the learner's account jupyter-NAME): the README's
    limits.memory and limits.cpu become MemoryMax and CPUQuota."""
    _, c = tljh_apply(tljh_lines())
    as_root("make the throwaway account jupyter-NAME that TLJH would make")
    name = "t" + secrets.token_hex(4)
    throwaway_account(f"jupyter-{name}")
    try:
        props = properties(systemd_run_command(monkeypatch, tmp_path, c, name))
    finally:
        remove_account(f"jupyter-{name}")
    assert props["MemoryMax"] == str(512 * 1024 ** 2) and props["CPUQuota"] == "100%"


def test_tljh_gives_the_learners_servers_the_same_ports_from_its_config_folder(monkeypatch, tmp_path):
    """The README's TLJH block copies deploy/learner_ports.py where TLJH's hub loads extra settings
    (jupyterhub_config.d, each file through traitlets' load_subconfig); so loaded, it gives the spawners
    the ports of MATHMAZE_SERVER_PORTS."""
    import jupyterhub.spawner
    import systemdspawner.systemdspawner
    from traitlets.config.loader import PyFileConfigLoader

    copies = [w for w in commands_in(readme_block("## 3. The Littlest JupyterHub"))
              if w[:2] == ["sudo", "cp"] and w[2].endswith("/deploy/learner_ports.py")]
    assert copies and copies[0][3] == "/opt/tljh/config/jupyterhub_config.d/", copies
    keep_random_port(monkeypatch)
    monkeypatch.setenv("MATHMAZE_SERVER_PORTS", "23200-23209")
    folder = tmp_path / "jupyterhub_config.d"
    folder.mkdir()
    shutil.copy(DEPLOY / "learner_ports.py", folder)
    PyFileConfigLoader("learner_ports.py", path=str(folder)).load_config()
    assert systemdspawner.systemdspawner.random_port() in range(23200, 23210)
    assert jupyterhub.spawner.random_port() in range(23200, 23210)


def test_the_tljh_lines_with_tljhs_own_code(tmp_path):
    """The same lines through TLJH's own tljh-config functions and configurer, when its package is here."""
    tljh_config = pytest.importorskip(
        "tljh.config", reason="The Littlest JupyterHub is not on PyPI (pip install the-littlest-jupyterhub "
                              "finds nothing) and installs from its git repository, which this machine cannot "
                              "reach: pip install git+https://github.com/jupyterhub/the-littlest-jupyterhub "
                              "to run this check")
    from tljh import configurer
    from traitlets.config import Config

    config = {}
    for action, key, text in tljh_lines():
        change = tljh_config.set_item_in_config if action == "set" else tljh_config.add_item_to_config
        config = change(config, key, tljh_config.parse_value(text))
    try:
        from tljh.config_schema import config_schema
        import jsonschema

        jsonschema.validate(config, config_schema)
    except ImportError:
        pass
    c = Config()
    configurer.apply_config(config, c)
    _, ours = tljh_apply(tljh_lines())
    for cls, trait in [("JupyterHub", "authenticator_class"), ("SharedPasswordAuthenticator", "user_password"),
                       ("SharedPasswordAuthenticator", "admin_password"), ("SharedPasswordAuthenticator", "allow_all"),
                       ("Authenticator", "admin_users"), ("Spawner", "mem_limit"), ("Spawner", "cpu_limit")]:
        assert c[cls][trait] == ours[cls][trait], (cls, trait)
    assert login(authenticator(c), "ada", c.SharedPasswordAuthenticator.user_password)


# ------------------------------------------------------------------------------ Zero to JupyterHub

def z2jh_values() -> dict:
    yaml = pytest.importorskip("yaml")
    return yaml.safe_load((DEPLOY / "z2jh" / "config.yaml").read_text())


def test_the_z2jh_values_parse_and_guarantee_no_more_than_they_allow():
    values = z2jh_values()
    single = values["singleuser"]
    assert mebibytes(single["memory"]["guarantee"], True) <= mebibytes(single["memory"]["limit"], True)
    assert 0 < single["cpu"]["guarantee"] <= single["cpu"]["limit"]
    assert values["cull"]["enabled"] is True and values["cull"]["timeout"] > 0
    assert single["defaultUrl"] == "/lab"
    https = values["proxy"]["https"]
    assert https["enabled"] is True and https["hosts"] and "@" in https["letsencrypt"]["contactEmail"]


def test_the_z2jh_recipe_pins_the_chart_and_logs_the_class_and_the_teacher_in():
    """The chart's hub.config becomes JupyterHub's config (plus the README's secret.yaml): the class
    password logs a learner in, the teacher is an admin with the admin password."""
    from traitlets.config import Config

    yaml = pytest.importorskip("yaml")
    values = z2jh_values()
    readme = README.read_text()
    install = next(w for w in commands_in(readme_block("### Install the chart")) if w[:2] == ["helm", "upgrade"])
    assert install[install.index("--version") + 1] == "4.3.3" and "jupyterhub/jupyterhub" in install
    assert "helm repo add jupyterhub https://hub.jupyter.org/helm-chart/" in readme
    assert "--version 4.3.3" in (DEPLOY / "z2jh" / "config.yaml").read_text()
    secret = yaml.safe_load(readme_block("secret.yaml", "yaml"))
    c = Config()
    for part in (values, secret):
        for cls, traits in part["hub"]["config"].items():
            for trait, value in traits.items():
                c[cls][trait] = set(value) if trait == "admin_users" else value
    auth = authenticator(c)
    password = c.SharedPasswordAuthenticator.user_password
    teacher, = {auth.normalize_username(name) for name in c.Authenticator.admin_users}  # as JupyterHub does
    auth.admin_users = {teacher}
    assert login(auth, "ada", password)["name"] == "ada"
    assert login(auth, "ada", "wrong-password") is None
    assert login(auth, teacher, c.SharedPasswordAuthenticator.admin_password)["admin"] is True
    assert login(auth, teacher, password) is None


def repo2docker_dockerfile(argv: list) -> tuple:
    """(the options repo2docker took, the Dockerfile it renders) for ``jupyter-repo2docker ARGV``, without
    building (repo2docker's --no-build: no container engine needed)."""
    pytest.importorskip("repo2docker", reason="jupyter-repo2docker is not installed (pip install '.[test]')")
    code = ("import json, sys\nfrom repo2docker.__main__ import make_r2d\n"
            "r2d = make_r2d(sys.argv[1:])\n"
            "print(json.dumps({'target_repo_dir': r2d.target_repo_dir, 'user_name': r2d.user_name, "
            "'user_id': r2d.user_id, 'output_image_spec': r2d.output_image_spec}))\n"
            "r2d.build()\n")
    out = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr[-3000:]
    first, _, dockerfile = out.stdout.partition("\n")
    return json.loads(first), dockerfile


def image_recipe_problems(dockerfile: str, requirements: str, postbuild: str) -> list:
    """What would make the learners' image fail on a hub: the traps of repo2docker images on Z2JH."""
    problems = []
    if re.search(r"pip install[^\n]*(-e|--editable)\b", dockerfile) or re.search(r"^\s*(-e|--editable)\b", requirements, re.M):
        problems.append("an editable install: the package would import from the repository folder")
    if not re.search(r"^\.\[lab\]\s*$", requirements, re.M):
        problems.append("binder/requirements.txt does not install this repository ('.[lab]')")
    copy, install, run_post = (dockerfile.find("src/ ${REPO_DIR}/"), dockerfile.find('-r "binder/requirements.txt"'),
                               dockerfile.find("./binder/postBuild"))
    if not 0 <= copy < install < run_post:
        problems.append("repo2docker does not copy the repository, then install, then run postBuild")
    if not re.search(r"^cd /$", postbuild, re.M) or postbuild.find("cd /") > postbuild.find("mathmaze_lib.optimize"):
        problems.append("postBuild does not leave the repository folder before importing the package")
    if "python -m mathmaze_lib.optimize" not in postbuild:
        problems.append("postBuild does not compile the wall runner (python -m mathmaze_lib.optimize)")
    if "python -m mathmaze_lib.puzzles.jumpmaze.fast" not in postbuild:
        problems.append("postBuild does not compile the jumping-maze generator (python -m mathmaze_lib.puzzles.jumpmaze.fast)")
    if not re.search(r'cat "\$REPO_DIR/deploy/jupyter_server_config.py" >> '
                     r'"\$NB_PYTHON_PREFIX/etc/jupyter/jupyter_server_config.py"', postbuild):
        problems.append("postBuild does not install the learners' server settings (save hook, kernel culling)")
    return problems


def test_repo2docker_builds_the_learners_image_as_the_readme_says():
    """repo2docker's own build file for the README's command: the package installed from the copied
    repository (not editable), then binder/postBuild; the repository outside the home folder."""
    words = next(w for w in commands_in(readme_block("### The learners' image")) if w[0] == "jupyter-repo2docker")
    argv = [w if w != "REGISTRY/mathmaze-singleuser:TAG" else "registry.example.org/mathmaze-singleuser:test"
            for w in words[1:-1]] + ["--no-build", str(ROOT)]
    assert words[-1] == "." and "--push" not in argv
    options, dockerfile = repo2docker_dockerfile(argv)
    assert options["user_name"] == "jovyan" and options["user_id"] == 1000
    assert options["target_repo_dir"] and not options["target_repo_dir"].startswith("/home")
    assert "ENV NB_PYTHON_PREFIX=${CONDA_DIR}/envs/notebook" in dockerfile and "ENV APP_BASE=/srv" in dockerfile
    requirements = (ROOT / "binder" / "requirements.txt").read_text()
    postbuild = (ROOT / "binder" / "postBuild").read_text()
    assert image_recipe_problems(dockerfile, requirements, postbuild) == []
    # the same check finds the traps of the old recipe
    assert image_recipe_problems(dockerfile, "-e .\njupyterhub>=5.3,<6\n", postbuild)
    assert image_recipe_problems(dockerfile, requirements, postbuild.replace("python -m mathmaze_lib.optimize", ""))
    assert image_recipe_problems(dockerfile, requirements, postbuild.replace("python -m mathmaze_lib.puzzles.jumpmaze.fast", ""))
    dockerignore = (ROOT / ".dockerignore").read_text().split()
    assert ".venv" in dockerignore, "repo2docker would copy a developer's .venv into the image"


def test_the_image_build_script_refuses_an_editable_install_and_sets_up_the_rest(tmp_path):
    """binder/postBuild run here as repo2docker runs it (HOME, REPO_DIR, NB_PYTHON_PREFIX set; python on
    the PATH): with this checkout's editable install inside HOME it stops; otherwise it compiles the wall
    runner, installs the server settings and leaves the solutions out."""
    venv_bin = str(Path(sys.executable).parent)
    repo, prefix = tmp_path / "repo", tmp_path / "prefix"
    (repo / "notebooks" / "solutions").mkdir(parents=True)
    (repo / "deploy").mkdir()
    shutil.copy(DEPLOY / "jupyter_server_config.py", repo / "deploy")
    env = dict(os.environ, PATH=f"{venv_bin}:{os.environ['PATH']}", REPO_DIR=str(repo), NB_PYTHON_PREFIX=str(prefix))
    env.pop("PYTHONPATH", None)
    editable = subprocess.run([str(ROOT / "binder" / "postBuild")], env=dict(env, HOME=str(ROOT.parent)),
                              capture_output=True, text=True, timeout=300)
    assert editable.returncode != 0 and "not editable" in editable.stderr, editable.stdout + editable.stderr
    assert (repo / "notebooks" / "solutions").is_dir() and not prefix.exists()
    run = subprocess.run([str(ROOT / "binder" / "postBuild")], env=dict(env, HOME=str(tmp_path / "home")),
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "compiled wall runner ready" in run.stdout
    settings = prefix / "etc" / "jupyter" / "jupyter_server_config.py"
    assert settings.read_text() == (DEPLOY / "jupyter_server_config.py").read_text()
    assert not (repo / "notebooks" / "solutions").exists()
    assert (ROOT / "mathmaze_lib" / "data" / "solutions.json").exists(), "postBuild removed this checkout's solutions"
