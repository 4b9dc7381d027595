"""Run every ``benchmarks/bench_*.py`` and print one table (``make bench``)."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
import traceback

import benchmarks


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__)
    parser.add_argument("only", nargs="*", help="run only the modules whose name contains one of these words")
    args = parser.parse_args(argv)
    rows, failed = [], []
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        if args.only and not any(word in info.name for word in args.only):
            continue
        print(f"running {info.name} ...", file=sys.stderr, flush=True)
        try:
            module = importlib.import_module(f"benchmarks.{info.name}")
            rows.extend(module.run())
        except Exception:  # a broken benchmark is reported, the others still run
            failed.append(info.name)
            traceback.print_exc()
    header = ("lesson", "what", "value", "goal", "ok", "note")
    table = [header] + [
        (r.lesson, r.what, f"{r.value:.4g} {r.unit}", r.goal,
         "" if r.ok is None else ("yes" if r.ok else "NO"), r.note)
        for r in rows
    ]
    widths = [max(len(str(line[i])) for line in table) for i in range(len(header))]
    for i, line in enumerate(table):
        print("  ".join(str(cell).ljust(w) for cell, w in zip(line, widths)).rstrip())
        if i == 0:
            print("  ".join("-" * w for w in widths))
    if failed:
        print(f"\nbenchmarks that failed to run: {', '.join(failed)}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
