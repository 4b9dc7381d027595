"""What a check keeps of an answer and of each call, as plain facts: :func:`describe_answer` (what a
check looks at before it calls an answer), :func:`plain_outcome` / :func:`outcome_of` (one call's
outcome as JSON-ready data and back: the grader's worker sends them), the content snapshot that sees a
changed input, and :func:`references` (the earlier exercises' reference functions in the learner's
namespace while a check runs).
"""

from __future__ import annotations

import contextlib
import dis
import inspect
from typing import Any, Callable, Iterable

from . import guard
from .plain import PlainError, decode

__all__ = ["describe_answer", "plain_outcome", "outcome_of", "references"]


def _is_placeholder(fn: Callable) -> bool:
    """True for a function whose body only returns None (``pass``, ``return None``, a docstring)."""
    if getattr(fn, "__code__", None) is None:
        return False
    steps = [(i.opname, i.argval) for i in dis.get_instructions(fn) if i.opname not in ("RESUME", "NOP")]
    return steps in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)])


def _fingerprint(value: Any, depth: int = 0) -> Any:
    """A comparable snapshot of a value's content (private ``_`` attributes left out)."""
    if depth > 30:
        return "..."
    if value is None or isinstance(value, (bool, int, float, str, bytes, complex)):
        return (type(value), value)
    if isinstance(value, (list, tuple)):
        return (type(value), tuple(_fingerprint(v, depth + 1) for v in value))
    if isinstance(value, dict):
        return (dict, tuple((_fingerprint(k, depth + 1), _fingerprint(v, depth + 1)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return (type(value), frozenset(_fingerprint(v, depth + 1) for v in value))
    if callable(value) and not hasattr(value, "__dict__"):
        return ("callable", id(value))
    fields = getattr(value, "__dict__", None)
    if fields is not None and not inspect.isroutine(value) and not inspect.ismodule(value):
        return (type(value), tuple((k, _fingerprint(v, depth + 1)) for k, v in fields.items()
                                   if not k.startswith("_")))
    return ("object", id(value))


def describe_answer(answer: Any) -> dict:
    """What a check looks at before it calls an answer, as plain facts (the grader's worker sends the
    same facts back): ``missing`` (None), ``callable``, ``placeholder`` (the untouched exercise),
    ``library`` (``module.name`` when it is the library's own function), ``value`` (a value that is not
    callable).

    >>> describe_answer(len)["callable"], describe_answer(None), describe_answer(3)["value"]
    (True, {'missing': True}, 3)
    """
    if answer is None:
        return {"missing": True}
    if not callable(answer):
        return {"missing": False, "callable": False, "value": answer}
    try:
        module = getattr(answer, "__module__", None) or ""
        qualname = getattr(answer, "__qualname__", None) or getattr(answer, "__name__", "?")
    except BaseException:  # noqa: B036 - a learner's object whose attributes raise
        module, qualname = "", "?"
    ours = isinstance(module, str) and module.split(".")[0] == "mathmaze_lib"
    return {"missing": False, "callable": True, "placeholder": _is_placeholder(answer),
            "library": f"{module}.{qualname}" if ours else ""}


_KINDS = ("value", "error", "time", "memory", "steps", "forbidden")
_TEXTS = {"error": 1000, "error_type": 100, "line": 400, "detail": 1000}


def plain_outcome(outcome: guard.Outcome) -> dict:
    """One call's outcome as JSON-ready plain data (its value already encoded by :func:`.plain.encode`)."""
    return {"kind": outcome.kind, "value": outcome.value if outcome.kind == "value" else None,
            "error": outcome.error, "error_type": outcome.error_type, "line": outcome.line,
            "detail": outcome.detail, "printed": outcome.printed, "seconds": outcome.seconds,
            "changed": outcome.changed}


def outcome_of(data: Any) -> guard.Outcome:
    """The :class:`~.guard.Outcome` that :func:`plain_outcome` wrote, its value decoded; anything else
    (a wrong kind, a field of the wrong type) is a :class:`~.plain.PlainError`.

    >>> outcome_of(plain_outcome(guard.Outcome("value", value={"$tuple": [1, 2]}))).value
    (1, 2)
    """
    if type(data) is not dict or data.get("kind") not in _KINDS:
        raise PlainError("an outcome is an object whose kind is one of " + ", ".join(_KINDS))
    texts = {}
    for key, limit in _TEXTS.items():
        text = data.get(key, "")
        if type(text) is not str:
            raise PlainError(f"an outcome's {key} is text, not {type(text).__name__}")
        texts[key] = text[:limit]
    printed, seconds, changed = data.get("printed", 0), data.get("seconds", 0.0), data.get("changed", False)
    if type(printed) is not int or printed < 0 or type(seconds) not in (int, float) or not 0 <= seconds < 1e9 \
            or type(changed) is not bool:
        raise PlainError("an outcome's printed, seconds and changed are a count, a time and a bool")
    value = decode(data.get("value")) if data["kind"] == "value" else None
    return guard.Outcome(data["kind"], value=value, printed=printed, seconds=float(seconds), changed=changed,
                         **texts)


@contextlib.contextmanager
def references(namespace: dict, exercises: Iterable):
    """Put the reference version of each exercise's function into ``namespace`` (where the learner's
    functions look up the earlier ones), and put the learner's back afterwards, whatever happens.

    >>> ns = {"double": "mine"}
    >>> from mathmaze_lib.exercises.core import FunctionExercise
    >>> q = FunctionExercise("double", reference=lambda x: 2 * x, cases=lambda rng: [(1,)])
    >>> with references(ns, [q]):
    ...     ns["double"](4)
    8
    >>> ns
    {'double': 'mine'}
    """
    saved = {q.name: namespace[q.name] for q in exercises if q.name in namespace}
    try:
        for name in saved:
            namespace[name] = guard.trusted(next(q.reference for q in exercises if q.name == name))
        yield sorted(saved)
    finally:
        namespace.update(saved)


def _names_used(fn: Callable) -> set:
    """The global names ``fn`` uses, with those of its inner functions and of the functions of the
    same namespace that it calls (so: which earlier exercises' functions it may call).

    >>> def a(x): return b(x) + 1
    >>> def b(x): return len(x)
    >>> sorted(_names_used(a) & {"b", "len", "c"})
    ['b', 'len']
    """
    namespace = getattr(fn, "__globals__", {})
    names: set = set()
    todo, seen = [getattr(fn, "__code__", None)], set()
    while todo:
        code = todo.pop()
        if code is None or id(code) in seen or len(seen) > 500:
            continue
        seen.add(id(code))
        names.update(code.co_names)
        todo += [c for c in code.co_consts if inspect.iscode(c)]
        for name in code.co_names:
            other = namespace.get(name) if isinstance(namespace, dict) else None
            if inspect.isfunction(other) and other.__globals__ is namespace:
                todo.append(other.__code__)
    return names


def _encoded(fn: Callable, encode: Callable) -> Callable:
    """``fn`` whose answer is turned into plain data inside the same time limit (outside the
    forbidden-helper rule: showing a networkx graph is not calling networkx)."""
    plain = guard.trusted(encode)

    def run(*args):
        return plain(fn(*args))
    return run
