"""The process that runs one submitted notebook for the grader (``python -m mathmaze_lib.grading.worker``).

It is the only place where learner code runs, and it judges nothing. It talks to the grader over
two pipes with length-prefixed JSON frames (:func:`send`, :func:`receive`): its standard input
brings requests, its standard output takes replies. Before any learner code runs it moves those two
pipes to other descriptors and points descriptors 0, 1 and 2 at /dev/null and at the grader's
output pipe, which the grader counts and throws away (a flood is cut there, never stored).

Requests (each with a number ``n`` that the reply repeats):

* ``{"op": "run", "code": ...}``: run one code cell with IPython (magics work), reply
  ``{"op": "ran", "status": "ok" | "error", "ename": ..., "evalue": ...}``;
* ``{"op": "answers", "q": "q3", "batches": [{"calls": [...], "seconds": 5}], "references": false}``:
  the learner's answer to the lesson's exercise ``q3`` on each batch of calls (plain data, see
  :mod:`mathmaze_lib.exercises.plain`), computed with the exercise's own limits
  (:meth:`~mathmaze_lib.exercises.core.FunctionExercise.compute`); ``references``: with the
  reference versions of the earlier exercises it ``uses`` in the learner's namespace. Reply
  ``{"op": "answers", "facts": ..., "batches": [[outcome, ...], ...]}``;
* ``{"op": "value", "q": "q2"}``: the facts about the variable of an exercise whose answer is a value
  (a value exercise, a put-in-order step's letters, a challenge's answer), judged in the grader;
* ``{"op": "interrupt"}`` (no reply): a KeyboardInterrupt in the running cell; ``{"op": "bye"}``: the
  worker replies with the CPU seconds it used and ends.

A learner's code can write to the reply pipe too (it runs in this process): a forged reply can at
most claim answers, which the grader judges like any other, or break the protocol, which the
grader treats as a dead worker.
"""

from __future__ import annotations

import copy
import json
import os
import queue
import signal
import sys
import threading
import types

__all__ = ["send", "receive", "MAX_FRAME", "main"]

#: The largest frame either side accepts (bytes of JSON).
MAX_FRAME = 32 * 2 ** 20
_HEADER = 11                 # ten digits and a newline


def frame(message: dict) -> bytes:
    """``message`` as one frame: its length in ten digits, a newline, then compact JSON."""
    data = json.dumps(message, separators=(",", ":"), allow_nan=False).encode("utf-8")
    if len(data) > MAX_FRAME:
        raise ValueError(f"a message of {len(data):,} bytes is over the {MAX_FRAME:,}-byte limit")
    return b"%010d\n" % len(data) + data


def send(fd: int, message: dict) -> None:
    """Write one frame to the file descriptor ``fd``."""
    data = frame(message)
    while data:
        data = data[os.write(fd, data):]


def _read_exactly(fd: int, n: int) -> bytes:
    chunks = []
    while n:
        chunk = os.read(fd, min(n, 1 << 20))
        if not chunk:
            raise EOFError("the other side closed the pipe")
        chunks.append(chunk)
        n -= len(chunk)
    return b"".join(chunks)


def parse_header(header: bytes) -> int:
    """The length a frame's header announces, or ValueError."""
    if len(header) != _HEADER or header[-1:] != b"\n" or not header[:-1].isdigit():
        raise ValueError("not a frame header")
    size = int(header[:-1])
    if size > MAX_FRAME:
        raise ValueError(f"a frame of {size:,} bytes is over the limit")
    return size


def receive(fd: int) -> dict:
    """Read one frame from ``fd`` (EOFError when the pipe is closed, ValueError when it is not a frame)."""
    size = parse_header(_read_exactly(fd, _HEADER))
    message = json.loads(_read_exactly(fd, size))
    if not isinstance(message, dict):
        raise ValueError("a frame holds a JSON object")
    return message


# ------------------------------------------------------------------------------ the worker

def _shell():
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    config = Config()
    config.HistoryManager.enabled = False
    config.InteractiveShell.colors = "NoColor"
    config.InteractiveShell.xmode = "Plain"
    return InteractiveShell.instance(config=config)


def _safe_text(value, limit: int = 300) -> str:
    try:
        text = str(value)
    except BaseException:  # noqa: B036 - a learner's exception whose __str__ raises
        text = "<cannot be shown>"
    return text[:limit]


class Worker:
    """The worker's state: the shell, and the lesson's exercises as they were before learner code ran."""

    def __init__(self, lesson: int, requests: int, replies: int):
        import importlib

        from ..exercises import checked, core, plain

        self.core, self.plain = core, plain
        module = importlib.import_module(f"mathmaze_lib.exercises.lesson{int(lesson)}")
        # Copies taken before any learner code runs: patching ex.q1 in a cell does not reach them.
        self.exercises = {name: copy.copy(q) for name, q in checked(module)}
        self.references = {q.name: types.SimpleNamespace(name=q.name, reference=q.reference)
                           for q in self.exercises.values() if hasattr(q, "reference")}
        self.requests, self.replies = requests, replies
        self.inbox: queue.Queue = queue.Queue()
        self.main_thread = threading.main_thread().ident
        self.shell = _shell()

    def listen(self) -> None:
        """The reader thread: requests go to the inbox, an interrupt goes to the running cell at once."""
        while True:
            try:
                message = receive(self.requests)
            except (EOFError, OSError, ValueError):
                self.inbox.put({"op": "bye"})
                return
            if message.get("op") == "interrupt":
                signal.pthread_kill(self.main_thread, signal.SIGINT)
            else:
                self.inbox.put(message)

    def run(self, message: dict) -> dict:
        """Run one cell's ``code`` in the shell; whether it raised, and what."""
        result = self.shell.run_cell(str(message.get("code", "")), store_history=True)
        error = result.error_before_exec or result.error_in_exec
        if error is None:
            return {"op": "ran", "status": "ok"}
        return {"op": "ran", "status": "error", "ename": type(error).__name__, "evalue": _safe_text(error)}

    def facts(self, answer) -> dict:
        """What a check looks at before it calls an answer, as plain data."""
        facts = self.core.describe_answer(answer)
        if "value" in facts:
            facts["value"] = self.plain.encode(facts["value"])
        return facts

    def answers(self, message: dict) -> dict:
        """The answer's facts and its outcomes on the request's calls, as plain data."""
        q = self.exercises.get(str(message.get("q")))
        if q is None or not hasattr(q, "compute"):
            return {"op": "answers", "facts": {"missing": True}, "batches": []}
        fn = self.shell.user_ns.get(q.name)
        facts = self.facts(fn)
        if q.first_look(facts) is not None:
            return {"op": "answers", "facts": facts, "batches": []}
        uses = [self.references[u.name] for u in q.uses if u.name in self.references]
        batches = []
        for batch in message.get("batches", []):
            calls = self.plain.decode(batch["calls"])
            seconds = float(batch.get("seconds", q.seconds))
            if message.get("references"):
                with self.core.references(getattr(fn, "__globals__", {}), uses):
                    outcomes = list(q.compute(fn, calls, seconds=seconds, encode=self.plain.encode))
            else:
                outcomes = list(q.compute(fn, calls, seconds=seconds, encode=self.plain.encode))
            batches.append([self.core.plain_outcome(o) for o in outcomes])
        return {"op": "answers", "facts": facts, "batches": batches}

    def value(self, message: dict) -> dict:
        """The facts of a value exercise's answer."""
        q = self.exercises.get(str(message.get("q")))
        answer = self.shell.user_ns.get(q.name) if q is not None else None
        return {"op": "value", "facts": self.facts(answer)}

    def serve(self) -> None:
        """Answer the grader's requests, one at a time, until it says bye."""
        threading.Thread(target=self.listen, daemon=True).start()
        send(self.replies, {"op": "ready", "n": 0})
        handlers = {"run": self.run, "answers": self.answers, "value": self.value}
        while True:
            try:
                message = self.inbox.get()
                op = message.get("op")
                if op not in handlers:
                    if op == "bye":
                        import resource

                        used = resource.getrusage(resource.RUSAGE_SELF)
                        try:
                            send(self.replies, {"op": "bye", "n": message.get("n"),
                                                "cpu": used.ru_utime + used.ru_stime})
                        except OSError:
                            pass
                    return
                reply = handlers[op](message)
            except KeyboardInterrupt:      # an interrupt that came between two cells
                continue
            reply["n"] = message.get("n")
            send(self.replies, reply)


def _take_pipes() -> tuple:
    """Move the protocol's pipes off descriptors 0 and 1; 0 reads /dev/null, 1 and 2 go to the grader's
    output pipe (descriptor 2 as the worker was started)."""
    requests, replies = os.dup(0), os.dup(1)
    os.set_inheritable(requests, False)
    os.set_inheritable(replies, False)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    os.dup2(2, 1)
    return requests, replies


def main(argv=None) -> int:
    """The worker process (``--lesson N``): serve the grader's requests on the pipes it was started with."""
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 2 or argv[0] != "--lesson" or not argv[1].isdigit():
        print("usage: python -m mathmaze_lib.grading.worker --lesson N (started by the grader)", file=sys.stderr)
        return 2
    requests, replies = _take_pipes()
    sys.stdout = open(1, "w", encoding="utf-8", errors="replace", closefd=False)
    sys.stderr = open(2, "w", encoding="utf-8", errors="replace", closefd=False)
    try:
        worker = Worker(int(argv[1]), requests, replies)
    except Exception as err:       # the package cannot be imported here: tell the grader why
        send(replies, {"op": "failed", "n": 0, "why": f"{type(err).__name__}: {_safe_text(err, 500)}"})
        return 1
    worker.serve()
    return 0


if __name__ == "__main__":
    sys.exit(main())
