"""Values as plain data, and back: how a check's inputs and a learner's answers cross between processes.

The grader never unpickles anything from the process that runs a learner's code. What crosses is
JSON made by :func:`encode`, read back by :func:`decode`, which keeps what the checks compare: a
tuple stays a tuple, a set a set, a dict with tuple keys a dict with tuple keys, a puzzle a puzzle.

* ``None``, ``bool``, ``int``, ``float`` (finite) and ``str`` are themselves; a ``list`` is a JSON list;
* every other kind is a JSON object with one key: ``{"$tuple": [...]}``, ``{"$set": [...]}``,
  ``{"$frozenset": [...]}``, ``{"$dict": [[key, value], ...]}``, ``{"$float": "nan"}``,
  ``{"$numpy": ["int64", 3]}`` (a numpy number), ``{"$obj": ["Puzzle", {field: value}]}`` (a puzzle's
  class, by its name: each kind of the registry names its classes in ``plain``; or one a lesson
  :func:`register` ed), ``{"$generator": [items]}`` (a generator's items);
* anything else is ``{"$opaque": [type name, repr]}``: it decodes to an :class:`Opaque` that equals
  nothing, so a check says "returned <repr> (a <type>)" as it would have in the notebook.

:func:`decode` trusts nothing: a wrong type, an unknown tag, more than :data:`MAX_DEPTH` levels or
:data:`MAX_ITEMS` items is a :class:`PlainError`.

>>> value = {(0, 1): [1, 2.5, None], "s": {3, 4}, "t": (True, frozenset())}
>>> decode(encode(value)) == value and type(decode(encode((1,)))) is tuple
True
>>> encode((1, [2]))
{'$tuple': [1, [2]]}
>>> try:
...     decode({"$tuple": [1, {"$evil": 2}]})
... except PlainError as err:
...     print(err)
at [1]: unknown tag '$evil'
"""

from __future__ import annotations

import dataclasses
import math
import types
from functools import lru_cache
from typing import Any, Callable

__all__ = ["encode", "decode", "register", "library", "Opaque", "PlainError", "MAX_DEPTH", "MAX_ITEMS"]

#: Deepest nesting :func:`decode` accepts (the lessons' answers are a few levels deep).
MAX_DEPTH = 60
#: Most items (every list element, dict entry, ...) in one decoded value.
MAX_ITEMS = 200_000
_MAX_TEXT = 200            # characters of an opaque value's repr that cross
_MAX_STR = 1_000_000       # characters of one string
_MAX_GENERATOR = 100_000   # items taken from a generator

_registered: dict = {}      # tag -> (class, to_plain, from_plain)
_tags: dict = {}            # class -> tag


class PlainError(ValueError):
    """Data that is not a value :func:`encode` could have written; the message names where."""


class Opaque:
    """A value of a kind that does not cross (a function, an object of the learner's own class):
    it keeps the type's name and the start of the repr, and equals nothing.

    >>> o = Opaque("Point", "Point(x=1)")
    >>> o, o == o, o.type_name
    (Point(x=1), False, 'Point')
    """

    __slots__ = ("type_name", "text")

    def __init__(self, type_name: str, text: str):
        self.type_name, self.text = str(type_name), str(text)

    def __repr__(self) -> str:
        return self.text

    def __eq__(self, other) -> bool:
        return False

    def __hash__(self) -> int:
        return hash((self.type_name, self.text))


def register(cls: type, tag: str, to_plain: Callable[[Any], Any], from_plain: Callable[[Any], Any]) -> None:
    """Let objects of ``cls`` cross as ``{"$obj": [tag, to_plain(obj)]}``; ``from_plain`` (given the
    decoded plain value) makes one again. A lesson registers the input objects it hands to learners."""
    _registered[tag] = (cls, to_plain, from_plain)
    _tags[cls] = tag


@lru_cache(maxsize=None)
def library() -> dict:
    """``{tag: class}``: the puzzles' classes that cross as plain data, each tagged with its name, as
    every kind of :data:`~mathmaze_lib.puzzles.PUZZLES` lists them in its ``plain`` (read once).

    >>> sorted(library())
    ['IceMaze', 'JumpMaze', 'LightsOut', 'Puzzle', 'WallMaze']
    """
    from ..puzzles import PUZZLES

    found: dict = {}
    for name in PUZZLES:
        for cls in PUZZLES[name].plain:
            if cls.__name__ in found and found[cls.__name__] is not cls:
                raise ValueError(f"puzzle {name!r}: a class named {cls.__name__} crosses as plain data already "
                                 f"(from {found[cls.__name__].__module__}): give it another name")
            found[cls.__name__] = cls
    return found


def _tag_of(kind: type):
    if kind in _tags:
        return _tags[kind]
    if getattr(kind, "__module__", "").startswith("mathmaze_lib.") and library().get(kind.__name__) is kind:
        return kind.__name__
    return None


def _opaque(value) -> dict:
    try:
        text = repr(value)
    except BaseException:  # noqa: B036 - a learner's broken __repr__
        text = f"<a {type(value).__name__} that cannot be shown>"
    if len(text) > _MAX_TEXT:
        text = text[:_MAX_TEXT] + " ..."
    return {"$opaque": [type(value).__name__, text]}


def encode(value: Any) -> Any:
    """``value`` as JSON-ready plain data (see the module's docstring). Parts nested more than
    :data:`MAX_DEPTH` deep, or past :data:`MAX_ITEMS` items, are written as ``$opaque``."""
    return _encode(value, 0, [MAX_ITEMS])


def _encode(value: Any, depth: int, left: list) -> Any:
    kind = type(value)
    if value is None or kind in (bool, int, str):
        return value
    if kind is float:
        return value if math.isfinite(value) else {"$float": repr(value)}
    if depth >= MAX_DEPTH:
        return {"$opaque": [kind.__name__, "<nested too deeply to show>"]}
    size = len(value) if kind in (list, tuple, dict, set, frozenset) else 1
    left[0] -= size
    if left[0] < 0:
        return {"$opaque": [kind.__name__, f"<more than {MAX_ITEMS:,} items>"]}
    deeper = depth + 1
    if kind is list:
        return [_encode(v, deeper, left) for v in value]
    if kind is tuple:
        return {"$tuple": [_encode(v, deeper, left) for v in value]}
    if kind is dict:
        return {"$dict": [[_encode(k, deeper, left), _encode(v, deeper, left)] for k, v in value.items()]}
    if kind is set or kind is frozenset:
        return {f"${kind.__name__}": [_encode(v, deeper, left) for v in value]}
    if kind is types.GeneratorType:
        items = []
        for item in value:
            if len(items) >= _MAX_GENERATOR:
                return {"$opaque": ["generator", f"<a generator of more than {_MAX_GENERATOR:,} items>"]}
            items.append(_encode(item, deeper, left))
        return {"$generator": items}
    if kind.__module__ == "numpy" and hasattr(value, "dtype") and getattr(value, "shape", None) == ():
        if value.dtype.kind in "iub":
            return {"$numpy": [value.dtype.name, int(value)]}
        if value.dtype.kind == "f":
            return {"$numpy": [value.dtype.name, _encode(float(value), deeper, left)]}
    tag = _tag_of(kind)
    if tag is not None:
        if tag in _registered:
            return {"$obj": [tag, _encode(_registered[tag][1](value), deeper, left)]}
        return {"$obj": [tag, {f.name: _encode(getattr(value, f.name), deeper, left)
                               for f in dataclasses.fields(value)}]}
    return _opaque(value)


class _Budget:
    def __init__(self):
        self.left = MAX_ITEMS

    def take(self, n: int, where: str) -> None:
        self.left -= n
        if self.left < 0:
            raise PlainError(f"at {where or 'the top'}: more than {MAX_ITEMS:,} items")


def decode(data: Any) -> Any:
    """The value that :func:`encode` wrote as ``data``, or :class:`PlainError` naming where it is wrong."""
    return _decode(data, 0, "", _Budget())


def _items(data, where: str, budget: _Budget, depth: int) -> list:
    if type(data) is not list:
        raise PlainError(f"at {where or 'the top'}: expected a list, found {type(data).__name__}")
    budget.take(len(data), where)
    return [_decode(v, depth + 1, f"{where}[{i}]", budget) for i, v in enumerate(data)]


def _hashable(values: list, where: str) -> list:
    for v in values:
        try:
            hash(v)
        except TypeError:
            raise PlainError(f"at {where}: a {type(v).__name__} cannot be a set item or a dict key") from None
    return values


def _decode(data: Any, depth: int, where: str, budget: _Budget) -> Any:
    kind = type(data)
    if data is None or kind in (bool, int):
        return data
    if kind is float:
        if not math.isfinite(data):
            raise PlainError(f"at {where or 'the top'}: a number that is not finite must be tagged")
        return data
    if kind is str:
        if len(data) > _MAX_STR:
            raise PlainError(f"at {where or 'the top'}: a string of more than {_MAX_STR:,} characters")
        return data
    if depth >= MAX_DEPTH + 2:
        raise PlainError(f"at {where or 'the top'}: nested more than {MAX_DEPTH} levels deep")
    if kind is list:
        return _items(data, where, budget, depth)
    if kind is not dict or len(data) != 1:
        raise PlainError(f"at {where or 'the top'}: not plain data ({kind.__name__})")
    (tag, body), = data.items()
    if tag == "$tuple":
        return tuple(_items(body, where, budget, depth))
    if tag in ("$set", "$frozenset"):
        items = _hashable(_items(body, where, budget, depth), where)
        return set(items) if tag == "$set" else frozenset(items)
    if tag == "$dict":
        pairs = _items(body, where, budget, depth)
        if not all(type(p) is list and len(p) == 2 for p in pairs):
            raise PlainError(f"at {where or 'the top'}: a dict is a list of [key, value] pairs")
        _hashable([k for k, _ in pairs], where)
        return {k: v for k, v in pairs}
    if tag == "$float":
        if body not in ("nan", "inf", "-inf"):
            raise PlainError(f"at {where or 'the top'}: $float is nan, inf or -inf, not {str(body)[:20]!r}")
        return float(body)
    if tag == "$generator":
        return (v for v in _items(body, where, budget, depth))
    if tag == "$opaque":
        if not (type(body) is list and len(body) == 2 and all(type(x) is str for x in body)):
            raise PlainError(f"at {where or 'the top'}: $opaque is [type name, text]")
        return Opaque(body[0][:100], body[1][:_MAX_TEXT + 4])
    if tag == "$numpy":
        return _numpy(body, where)
    if tag == "$obj":
        return _object(body, depth, where, budget)
    raise PlainError(f"at {where or 'the top'}: unknown tag {str(tag)[:40]!r}")


def _numpy(body, where: str):
    import numpy

    if not (type(body) is list and len(body) == 2 and type(body[0]) is str):
        raise PlainError(f"at {where or 'the top'}: $numpy is [dtype, number]")
    name, number = body
    try:
        dtype = numpy.dtype(name)
    except TypeError:
        raise PlainError(f"at {where or 'the top'}: {name[:40]!r} is not a numpy number type") from None
    if dtype.kind in "iub" and type(number) in (int, bool):
        try:
            return dtype.type(number)
        except OverflowError:
            raise PlainError(f"at {where or 'the top'}: {number} does not fit a {name}") from None
    if dtype.kind == "f":
        value = number if type(number) is float else float(number["$float"]) if (
            type(number) is dict and number.get("$float") in ("nan", "inf", "-inf")) else None
        if value is not None:
            return dtype.type(value)
    raise PlainError(f"at {where or 'the top'}: $numpy {name[:40]!r} with a {type(number).__name__}")


def _object(body, depth: int, where: str, budget: _Budget):
    if not (type(body) is list and len(body) == 2 and type(body[0]) is str):
        raise PlainError(f"at {where or 'the top'}: $obj is [class tag, fields]")
    tag, fields = body
    if tag in _registered:
        return _registered[tag][2](_decode(fields, depth + 1, where, budget))
    cls = library().get(tag)
    if cls is None:
        raise PlainError(f"at {where or 'the top'}: {tag[:40]!r} is not a class that can cross")
    if type(fields) is not dict:
        raise PlainError(f"at {where or 'the top'}: the fields of a {tag} are an object")
    names = {f.name for f in dataclasses.fields(cls)}
    if not set(fields) <= names:
        extra = sorted(set(fields) - names)[0]
        raise PlainError(f"at {where or 'the top'}: a {tag} has no field {extra[:40]!r}")
    values = {k: _decode(v, depth + 1, f"{where}.{k}", budget) for k, v in fields.items()}
    try:
        return cls(**values)
    except (TypeError, ValueError) as err:
        raise PlainError(f"at {where or 'the top'}: not a {tag} ({err})") from None
