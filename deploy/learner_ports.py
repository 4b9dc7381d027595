"""Each learner's server on a port of its own range, not on one the system hands out (a JupyterHub setting).

JupyterHub's spawners ask the system for any free port (``random_port()``: bind port 0, let it go) and
start the learner's server on it a moment later.  A kernel starting meanwhile (the learners' kernels get
their ports the same way) can be handed the same port: the server then cannot bind it, and the hub waits
its whole ``http_timeout`` because the kernel's socket answers there, then says "Spawn failed" (seen on a
test hub with a class running; a retry worked).  The system hands out ports from
/proc/sys/net/ipv4/ip_local_port_range (32768-60999 on Linux); this file gives the learners' servers ports
below it:

MATHMAZE_SERVER_PORTS     the ports the learners' servers listen on, LOW-HIGH (default 20000-29999)

deploy/jupyterhub_config.py runs this file; on The Littlest JupyterHub, copy it into
/opt/tljh/config/jupyterhub_config.d/ (deploy/README.md, part 3).  It needs no ``c``: it replaces the
``random_port`` that the spawners' modules call for each start (SystemdSpawner always; the others when
``Spawner.port`` is 0, its default).
"""

import itertools
import os
import random
import socket
import sys
import time

import jupyterhub.spawner
import systemdspawner.systemdspawner


def port_range(text):
    """``"20000-29999"`` as range(20000, 30000); ValueError naming the setting and the rule otherwise."""
    low, _, high = text.strip().partition("-")
    try:
        ports = range(int(low), int(high) + 1)
    except ValueError:
        ports = None
    if not ports or ports.start < 1024 or ports.stop > 65536:
        raise ValueError(f"MATHMAZE_SERVER_PORTS={text!r}: write two port numbers as LOW-HIGH, "
                         "1024 <= LOW <= HIGH <= 65535 (for example 20000-29999)")
    return ports


SERVER_PORTS = port_range(os.environ.get("MATHMAZE_SERVER_PORTS", "20000-29999"))
try:
    with open("/proc/sys/net/ipv4/ip_local_port_range") as f:
        _first, _last = map(int, f.read().split())
    if _first <= SERVER_PORTS.stop - 1 and SERVER_PORTS.start <= _last:
        print(f"MATHMAZE_SERVER_PORTS {SERVER_PORTS.start}-{SERVER_PORTS.stop - 1} overlaps the ports this "
              f"system hands out ({_first}-{_last}): a kernel may take a learner's port", file=sys.stderr)
except (OSError, ValueError):
    pass  # not Linux: nothing to check
_given = {}  # port -> when it was given: a server takes a few seconds to bind the port it was given


def learner_port(ports=SERVER_PORTS, held_for=300.0):
    """A port of ``ports`` that nothing listens on and that no server was given in the last ``held_for``
    seconds, picked at random (several hubs may share the range); RuntimeError when there is none."""
    now = time.monotonic()
    for port, when in list(_given.items()):
        if now - when > held_for:
            del _given[port]
    tries = itertools.chain(random.sample(ports, min(len(ports), 64)), ports)  # then every port in turn
    for port in (p for p in tries if p not in _given):
        with socket.socket() as s:
            try:
                s.bind(("", port))
            except OSError:
                continue
        _given[port] = now
        return port
    raise RuntimeError(f"MATHMAZE_SERVER_PORTS {ports.start}-{ports.stop - 1}: no port is free "
                       "for another learner's server; give the learners' servers a wider range")


jupyterhub.spawner.random_port = learner_port
systemdspawner.systemdspawner.random_port = learner_port
