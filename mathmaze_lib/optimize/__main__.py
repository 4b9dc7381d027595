"""``python -m mathmaze_lib.optimize``: compile the compiled optimizers once (the Makefile and
binder/postBuild run it after installing), so that the first ``walls optimize`` spends its time searching."""

from .compiled import compiled_available, warm

if __name__ == "__main__":                                  # pragma: no cover (run by the Makefile)
    if compiled_available():
        print(f"compiled wall runner ready ({warm():.1f} s)")
    else:
        print("numba is not installed: the wall optimizers use the pure Python runner")
