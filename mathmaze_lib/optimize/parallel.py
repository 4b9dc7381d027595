"""The parallel driver: N runs of one search at once, each with its own seed, in "spawn" processes
(worker 0 in this process), and the best result."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time

from .. import checks, interrupts
from .clock import OptResult, check_limits


def _worker_seed(seed, k: int):
    """Worker ``k``'s seed: worker 0 keeps ``seed`` (so one worker is the single-process run)."""
    return seed if k == 0 else f"{seed}/worker {k}"


def worker_index(seed) -> int:
    """The worker's number ``k`` that :func:`_worker_seed` gave ``seed`` (0 for the seed given).

    >>> worker_index(7), worker_index(_worker_seed(7, 3))
    (0, 3)
    """
    if isinstance(seed, str) and "/worker " in seed:
        return int(seed.rsplit(" ", 1)[1])
    return 0


def _worker(conn, started, search, kwargs, seed, origin, seconds, max_iters) -> None:
    """One worker process of :func:`run_workers`: ``search`` of its own, its result sent on ``conn``.
    Its clock counts from ``origin`` (the ``time.time()`` when the whole run started), so its time
    limit and the times of its ``history`` are the whole run's.  It sets ``started`` once a Ctrl-C
    can no longer interrupt its imports (a worker still starting is ended without one)."""
    try:
        interrupts.redeliver()
        started.set()
        t0 = time.perf_counter() - (time.time() - origin)
        result = search(seed=seed, seconds=seconds, max_iters=max_iters, progress=None, t0=t0, **kwargs)
        conn.send(result)
    except KeyboardInterrupt:       # pragma: no cover (a Ctrl-C before the search started)
        pass
    finally:
        conn.close()


def run_workers(search, kwargs, seed, seconds, max_iters, progress, t0, workers: int) -> OptResult:
    """``workers`` runs of ``search`` at once, each with its own seed (worker 0 in this process, with
    the seed given and the progress bar; the others in fresh "spawn" processes, which also works
    in Jupyter and under pytest), and the best result (ties: the lowest worker).  ``search`` is a
    module-level function called as ``search(seed=, seconds=, max_iters=, progress=, t0=,
    **kwargs)`` that returns an :class:`OptResult`.  With ``max_iters`` each worker makes that
    many iterations, so the result is the same on every machine; with a time limit, a worker that has
    not answered soon after worker 0 (as long past the limit as worker 0 took, at least 1 s) is ended
    and left out.  Ctrl-C ends every worker, each giving its best so far."""
    check_limits(seconds, max_iters, need_one=True)
    checks.whole(workers, "workers", low=1, note="the number of processes")
    if workers == 1:
        return search(seed=seed, seconds=seconds, max_iters=max_iters, progress=progress, t0=t0, **kwargs)
    ctx = multiprocessing.get_context("spawn")
    origin = time.time() - (time.perf_counter() - t0)
    procs = []
    try:
        for k in range(1, workers):
            recv, send = ctx.Pipe(duplex=False)
            started = ctx.Event()
            proc = ctx.Process(target=_worker, daemon=True,
                               args=(send, started, search, kwargs, _worker_seed(seed, k), origin, seconds, max_iters))
            proc.start()
            send.close()
            procs.append((proc, recv, started))
        results = [search(seed=seed, seconds=seconds, max_iters=max_iters, progress=progress, t0=t0, **kwargs)]
        if results[0].stopped == "interrupted":       # (in a terminal they had the Ctrl-C too)
            for proc, _, started in procs:
                if not proc.is_alive():
                    continue
                if started.is_set():
                    os.kill(proc.pid, signal.SIGINT)
                else:                                 # still importing: nothing found yet, nothing to say
                    proc.terminate()
        wait_until = None
        if seconds is not None and max_iters is None and results[0].stopped != "interrupted":
            # A worker gets as long past the limit as this one took (at least 1 s): one still starting
            # (spawning and loading take seconds on a busy machine) or in a long step is ended, its
            # result dropped, so that the run keeps its time limit.
            wait_until = time.perf_counter() + max(1.0, time.perf_counter() - t0 - seconds)
        for proc, recv, _ in procs:
            if wait_until is not None and not recv.poll(max(0.0, wait_until - time.perf_counter())):
                proc.terminate()
                proc.join()
                continue
            try:
                results.append(recv.recv())
            except EOFError:                          # pragma: no cover (a worker that died)
                pass
            proc.join()
    except KeyboardInterrupt:
        for proc, _, _ in procs:
            proc.terminate()
        raise
    finally:
        for proc, recv, _ in procs:
            recv.close()
            if proc.is_alive():                       # pragma: no cover
                proc.terminate()
    best = max(results, key=lambda r: -1 if r.moves is None else r.moves)   # first of the best
    history, top = [], None
    for t, moves in sorted(h for r in results for h in r.history):
        if top is None or moves > top:
            history.append((t, moves))
            top = moves
    return OptResult(best.walls, best.moves, False, sum(r.evaluations for r in results),
                     time.perf_counter() - t0, history, results[0].method, results[0].stopped, results[0].compiled)
