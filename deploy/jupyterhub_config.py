"""JupyterHub for a class on one server: the Math Maze lessons, pulled by an nbgitpuller link.

deploy/README.md is the recipe (install, HTTPS, start on boot, the link, collecting the work);
this file is what it runs: ``jupyterhub -f deploy/jupyterhub_config.py``, as root (the hub starts
each learner's server as that learner, through systemd).  The Littlest JupyterHub brings its own
configuration: there use the ``tljh-config`` lines of deploy/README.md instead of this file.

Settings come from the environment (the file /etc/mathmaze/hub.env of the README's systemd unit),
so this file needs no editing:

MATHMAZE_CLASS_PASSWORD   set: learners log in with a name of their choice and this one password
                          (8 characters or more); the first time a name's server starts, an
                          account ``jupyter-NAME`` is made for it (home /home/jupyter-NAME, as
                          The Littlest JupyterHub does);
                          unset: learners log in with their own account of this machine (PAM),
                          members of the group MATHMAZE_GROUP, their files in their home folders
MATHMAZE_GROUP            the group of the learners' accounts (default ``mathmaze``; accounts mode only)
MATHMAZE_ADMIN            the teacher's user name(s), comma-separated: hub admins, who can collect the
                          class's notebooks; with a class password they log in with MATHMAZE_ADMIN_PASSWORD
                          (32 characters or more: JupyterHub refuses a shorter one), never the class password
MATHMAZE_BIND_URL         where the hub listens (default http://127.0.0.1:8000: only the HTTPS proxy in
                          front of it, Caddy in deploy/Caddyfile, can reach it)
MATHMAZE_ENV              the Python environment with the lessons' packages, jupyterhub and nbgitpuller
                          (default: the one running the hub)
MATHMAZE_CULL_MINUTES     stop a learner's server after this many idle minutes (default 60)
MATHMAZE_MEM_LIMIT        memory per learner at most (default 512M), enforced by systemd (MemoryMax)
MATHMAZE_CPU_LIMIT        cores per learner at most (default 1), enforced by systemd (CPUQuota)
MATHMAZE_SCORES_DIR       the folder of the class's high-score table (default /var/lib/mathmaze-scores; the
                          service runs as the account mathmaze-scores when it exists)
MATHMAZE_SCORES_PORT      the loopback port of the score service (default 8765)
MATHMAZE_SERVER_PORTS     the ports the learners' servers listen on (default 20000-29999), below those the system
                          hands out to any program that asks for a free port, where the learners' kernels
                          take theirs (deploy/learner_ports.py, which this file runs)

Each learner's server runs in a systemd service of its own, as the learner's account
(jupyterhub-systemdspawner), which is what enforces the limits: this needs a machine booted with
systemd (a server or a VM; not a plain Docker container).  Kernel culling and the save hook are
settings of the learners' Jupyter servers: deploy/jupyter_server_config.py, which the README adds
to MATHMAZE_ENV.

The hub's own tests (tests/test_hub.py, tests/hubkit.py) start a hub with this file in each
mode, then swap in a spawner that runs here without systemd; everything else is what they run.
"""

import os
import pwd
import subprocess
import sys

c = globals()["get_config"]()  # JupyterHub defines get_config() for its config files

ENV = os.environ.get("MATHMAZE_ENV", sys.prefix)
CULL_MINUTES = int(os.environ.get("MATHMAZE_CULL_MINUTES", "60"))
CLASS_PASSWORD = os.environ.get("MATHMAZE_CLASS_PASSWORD", "")
ADMINS = {name.strip() for name in os.environ.get("MATHMAZE_ADMIN", "").split(",") if name.strip()}

c.JupyterHub.bind_url = os.environ.get("MATHMAZE_BIND_URL", "http://127.0.0.1:8000")
# a restart of the hub (a changed setting) leaves the learners' servers running, as TLJH does: each is
# a systemd service of its own, and the hub finds them again when it starts
c.JupyterHub.cleanup_servers = False

# --- who logs in ------------------------------------------------------------------------------------
c.Authenticator.admin_users = ADMINS
if CLASS_PASSWORD:
    # one password for the class: any name logs in with it, so anyone with the password can open the
    # work of any learner whose name they know (fine for a lab session, not for graded homework over
    # weeks: use local accounts for that); the admins' names need the admin password instead
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = CLASS_PASSWORD
    c.SharedPasswordAuthenticator.admin_password = os.environ.get("MATHMAZE_ADMIN_PASSWORD") or None
    c.Authenticator.allow_all = True  # without it the shared password lets nobody in
    # names become account names (jupyter-NAME): lowercase letters, digits, - and _, 24 at most
    c.Authenticator.username_pattern = r"^[a-z][a-z0-9_-]{0,23}$"
    c.JupyterHub.template_vars = {"announcement_login": (
        "Your name: lowercase letters and digits, no spaces (for example ada or ada2). "
        "The password: your class's password.")}
    c.SystemdSpawner.username_template = "jupyter-{USERNAME}"

    def make_account(spawner):
        """The learner's account, made the first time their server starts: jupyter-NAME, with a
        home folder only that account can read (TLJH makes its accounts the same way)."""
        account = spawner.username_template.format(USERNAME=spawner.user.name, USERID=spawner.user.id)
        try:
            pwd.getpwnam(account)
        except KeyError:
            subprocess.run(["useradd", "--create-home", "--shell", "/bin/bash", account], check=True,
                           capture_output=True, timeout=60)
            os.chmod(pwd.getpwnam(account).pw_dir, 0o700)

    c.Spawner.pre_spawn_hook = make_account
else:
    # local accounts: `adduser NAME && adduser NAME mathmaze` for each learner (and the teacher);
    # PAM checks their passwords, and each server runs as that account in its home folder
    c.JupyterHub.authenticator_class = "pam"
    c.PAMAuthenticator.allowed_groups = {os.environ.get("MATHMAZE_GROUP", "mathmaze")}

# --- each learner's server: a systemd service of its own, as the learner's account ------------------
c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner"
c.SystemdSpawner.unit_name_template = "jupyter-{USERNAME}"
c.SystemdSpawner.isolate_tmp = True          # a /tmp of its own: no learner sees another's files there
c.SystemdSpawner.disable_user_sudo = True    # no sudo or setuid from a learner's terminal
c.Spawner.cmd = [os.path.join(ENV, "bin", "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
# from benchmarks/bench_hub.py: about 215 MiB per learner with a lesson run (median), 281 MiB at most (PSS)
c.Spawner.mem_limit = os.environ.get("MATHMAZE_MEM_LIMIT", "512M")
c.Spawner.cpu_limit = float(os.environ.get("MATHMAZE_CPU_LIMIT", "1"))
# when 20 learners log in at once on 2 cores, the last server is ready after 35-50 s; give slow
# starts time, but a server that crashes at start is reported to the learner only after http_timeout
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 90
c.JupyterHub.concurrent_spawn_limit = 30  # more starting at once only makes each slower


# --- each learner's server's port: from MATHMAZE_SERVER_PORTS, not from the ports the system hands out ----
# (deploy/learner_ports.py, which The Littlest JupyterHub loads from its jupyterhub_config.d: see the README)
PORTS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "learner_ports.py")
LEARNER_PORTS = {"__name__": "learner_ports"}  # what it defines: SERVER_PORTS, learner_port, ...
with open(PORTS_FILE) as f:
    exec(compile(f.read(), PORTS_FILE, "exec"), LEARNER_PORTS)

# --- idle culling: stop servers nobody has used for a while (jupyterhub-idle-culler) -----------------
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_MINUTES * 60}",
                "--cull-every=300"],
}]
# --- the class's high scores: one table per map, each line named by the learner's hub login -------------
# (mathmaze_lib.hubscores: it asks the hub whose token a request carries and scores the walls itself; only the
# admins set the map of the day). The learners' kernels find it through MATHMAZE_SCORES_URL.
SCORES_URL = f"http://127.0.0.1:{int(os.environ.get('MATHMAZE_SCORES_PORT', '8765'))}"
scores_service = {
    "name": "mathmaze-scores",
    "url": SCORES_URL,
    "command": [sys.executable, "-m", "mathmaze_lib.hubscores"],
    "environment": {"MATHMAZE_SCORES_DIR": os.environ.get("MATHMAZE_SCORES_DIR", "/var/lib/mathmaze-scores"),
                    "MATHMAZE_ADMIN": ",".join(sorted(ADMINS))},
}
try:  # its own account, when the README's useradd made it: the table is then out of reach of the hub's root too
    pwd.getpwnam("mathmaze-scores")
    scores_service["user"] = "mathmaze-scores"
except KeyError:
    pass
c.JupyterHub.services.append(scores_service)
c.Spawner.environment = {"MATHMAZE_SCORES_URL": SCORES_URL}
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
