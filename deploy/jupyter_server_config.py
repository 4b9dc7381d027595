# The Math Maze settings of the learners' Jupyter servers, for every recipe of deploy/README.md:
# appended to jupyter_server_config.py in the etc/jupyter folder of the learners' Python environment
# (/opt/mathmaze on one server, /opt/tljh/user with TLJH, the image's by binder/postBuild), where
# every learner's server reads it.  Appending keeps whatever that file already says.
c = get_config()  # noqa: F821 (Jupyter defines get_config() for its config files)
# a kernel left idle for 20 minutes is shut down: it holds about half of a learner's memory
c.MappingKernelManager.cull_idle_timeout = 1200
c.MappingKernelManager.cull_interval = 120
c.MappingKernelManager.cull_connected = False
# a saved notebook says "run this cell to play" where a game was, not a dead widget (the Makefile's SAVE_HOOK)
c.ContentsManager.pre_save_hook = "mathmaze_lib.widgets.saving.pre_save_hook"
