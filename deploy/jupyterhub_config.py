"""JupyterHub for a class on one server: the Math Maze lessons, pulled by an nbgitpuller link.

Run it with ``jupyterhub -f deploy/jupyterhub_config.py`` (as root, so the hub can start each
learner's server as that learner).  The Littlest JupyterHub brings its own spawner, culler and
limits: there use the ``tljh-config`` lines of deploy/README.md instead of this file.
deploy/README.md also says what to install first and how much memory and how many cores a class needs.

Settings come from the environment, so this file does not need editing:

MATHMAZE_CLASS_PASSWORD   set it: learners log in with any name and this one password (each name
                          gets its own account, made by systemd when it first logs in);
                          leave it unset: learners log in as local users of this machine (PAM),
                          members of the group MATHMAZE_GROUP (default ``mathmaze``)
MATHMAZE_ENV              the Python environment with the lessons' packages, jupyterhub and
                          nbgitpuller (default: the one running the hub)
MATHMAZE_CULL_MINUTES     stop a learner's server after this many idle minutes (default 60)
MATHMAZE_MEM_LIMIT        memory limit per learner (default 512M; enforced by systemd)
MATHMAZE_CPU_LIMIT        cores per learner at most (default 1; enforced by systemd)

The hub's own test (tests/test_hub.py) starts a hub with this file, then swaps in a spawner
that needs no system accounts; everything else here is what the test runs.
"""

import os
import sys

c = globals()["get_config"]()  # JupyterHub defines get_config() for its config files

ENV = os.environ.get("MATHMAZE_ENV", sys.prefix)
CULL_MINUTES = int(os.environ.get("MATHMAZE_CULL_MINUTES", "60"))

# --- who logs in ------------------------------------------------------------------------------------
CLASS_PASSWORD = os.environ.get("MATHMAZE_CLASS_PASSWORD", "")
if CLASS_PASSWORD:
    # one password for the class (at least 8 characters); any name logs in with it, so anyone with the
    # password can open anyone's work: fine for a lab session, not for graded homework over weeks
    c.JupyterHub.authenticator_class = "shared-password"
    c.SharedPasswordAuthenticator.user_password = CLASS_PASSWORD
    c.Authenticator.allow_all = True
    # learners are not accounts of this machine: systemd makes one per name (pip install jupyterhub-systemdspawner)
    c.JupyterHub.spawner_class = "systemdspawner.SystemdSpawner"
    c.SystemdSpawner.dynamic_users = True
else:
    # local users: `adduser NAME && adduser NAME mathmaze` for each learner; PAM checks their passwords
    c.JupyterHub.authenticator_class = "pam"
    c.PAMAuthenticator.allowed_groups = {os.environ.get("MATHMAZE_GROUP", "mathmaze")}
    c.JupyterHub.spawner_class = "localprocess"

# --- each learner's server --------------------------------------------------------------------------
c.Spawner.cmd = [os.path.join(ENV, "bin", "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.args = [
    # a kernel left idle for 20 minutes is shut down: it holds about half of a learner's memory
    "--MappingKernelManager.cull_idle_timeout=1200",
    "--MappingKernelManager.cull_interval=120",
    "--MappingKernelManager.cull_connected=False",
]
# from benchmarks/bench_hub.py: about 210 MiB per learner with a lesson run (median), 280 MiB at most
c.Spawner.mem_limit = os.environ.get("MATHMAZE_MEM_LIMIT", "512M")
c.Spawner.cpu_limit = float(os.environ.get("MATHMAZE_CPU_LIMIT", "1"))
# when 20 learners log in at once on 2 cores, the last server is ready after 35-50 s; give slow
# starts time, but a server that crashes at start is reported to the learner only after http_timeout
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 90
c.JupyterHub.concurrent_spawn_limit = 30  # more starting at once only makes each slower

# --- idle culling: stop servers nobody has used for a while (pip install jupyterhub-idle-culler) ------
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler", f"--timeout={CULL_MINUTES * 60}",
                "--cull-every=300"],
}]
c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
    "services": ["idle-culler"],
}]
