"""For the one choice pyproject.toml cannot make: ``MATHMAZE_WITHOUT_SOLUTIONS=1 pip install .`` installs
the package without the worked solutions (``mathmaze_lib/data/solutions.json``), for the environment a
class uses (docs/teachers.md, "A class copy without answers"; not with ``pip install -e``, which uses
the source folder itself). Everything else is in pyproject.toml."""

import os

from setuptools import setup
from setuptools.command.build_py import build_py

WITHOUT = os.environ.get("MATHMAZE_WITHOUT_SOLUTIONS", "").strip() not in ("", "0")


class BuildWithoutSolutions(build_py):
    """build_py, then the solutions file taken out of what is installed."""

    def run(self):
        super().run()
        path = os.path.join(self.build_lib, "mathmaze_lib", "data", "solutions.json")
        if os.path.exists(path):
            os.remove(path)


setup(**({"cmdclass": {"build_py": BuildWithoutSolutions},
          "exclude_package_data": {"mathmaze_lib": ["data/solutions.json"]}} if WITHOUT else {}))
