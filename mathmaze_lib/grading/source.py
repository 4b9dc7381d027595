"""What the grader reads in a submission's source before any of it runs (in the grader's process).

The worker computes the learner's answers inside the learner's own process, so a determined
learner could make it hand back answers their code did not compute (for example by calling the
library's solver from a patched worker). The judge cannot see that; the source can show the plain
ways to do it:

* :func:`tampering` finds code that reaches into the checks or the grader, which a lesson never
  needs: importing ``mathmaze_lib.grading`` or the check machinery (``exercises.core``, ``guard``,
  ``plain``, ``solutions``) or ``ctypes``, using ``gc.get_objects``/``get_referrers``,
  ``sys.setprofile``/``settrace``/``_getframe``, assigning to the lesson's exercise objects
  (``ex.q1.reference = ...``), to ``builtins`` or to ``sys.modules``. A notebook that does any of this gets no marks, and the
  feedback says where.
* :func:`forbidden_use` finds an exercise's function (with the notebook's own functions it calls)
  naming one of the helpers the exercise forbids (``summaze.count_solutions`` in ``count_paths``,
  ``networkx`` in ``bfs_distances``): that exercise is "write it yourself", as in ``check()``.
* :func:`dynamic_code` lists ``eval``, ``exec``, ``compile``, ``__import__``, ``importlib`` and
  ``getattr`` with a computed name: not wrong in itself, so the grader only notes them for the
  teacher to look at.

None of this can prove that a function computes its own answer: code that builds the names it
calls from pieces at run time passes these checks. ``docs/teachers.md`` says so.

>>> tampering(["import mathmaze_lib.grading as g", "x = 1"])
[(1, 1, 'imports mathmaze_lib.grading')]
>>> forbidden_use(["from mathmaze_lib.puzzles import summaze", "def count_paths(p):\\n    return summaze.count_solutions(p)"],
...               "count_paths", ["count_solutions"])
(2, 2, 'summaze.count_solutions')
"""

from __future__ import annotations

import ast
from typing import Iterable, Optional

__all__ = ["parse_cells", "tampering", "forbidden_use", "dynamic_code", "forbidden_names"]

_MACHINERY = ("mathmaze_lib.grading", "mathmaze_lib.exercises.core", "mathmaze_lib.exercises.feedback",
              "mathmaze_lib.exercises.outcomes", "mathmaze_lib.exercises.guard",
              "mathmaze_lib.exercises.plain", "mathmaze_lib.exercises.solutions", "mathmaze_lib.exercises.visibility")
_MODULES = ("ctypes", "_ctypes")
_ATTRIBUTES = {"setprofile", "settrace", "_getframe", "get_objects", "get_referrers", "get_referents",
               "pthread_kill", "_current_frames"}


def parse_cells(sources: Iterable[str]) -> list:
    """``[(cell number, tree or None), ...]`` for the code cells (IPython magics turned into Python
    first; a cell that is not Python gets None)."""
    try:
        from IPython.core.inputtransformer2 import TransformerManager

        transform = TransformerManager().transform_cell
    except ImportError:          # pragma: no cover - IPython comes with the lab extras
        def transform(text):
            return text
    out = []
    for number, source in enumerate(sources, 1):
        try:
            out.append((number, ast.parse(transform(source))))
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            out.append((number, None))
    return out


def _dotted(node) -> str:
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name):
        parts.append(node.id)
        return ".".join(reversed(parts))
    return ""


def _imports(trees) -> dict:
    """Names bound by imports at the top of the notebook: ``{name: module or module.name}``."""
    bound = {}
    for _, tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Import):
                for alias in node.names:
                    bound[(alias.asname or alias.name).split(".")[0]] = alias.name if alias.asname else \
                        alias.name.split(".")[0]
            elif isinstance(node, ast.ImportFrom) and node.module:
                for alias in node.names:
                    bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
    return bound


def tampering(sources: Iterable[str], trees: Optional[list] = None) -> list:
    """``[(cell, line, what), ...]``: code that reaches into the checks or the grader (see the module)."""
    trees = parse_cells(sources) if trees is None else trees
    bound = _imports(trees)
    lessons = {name for name, module in bound.items() if "mathmaze_lib.exercises.lesson" in module}
    found = []

    def note(cell, node, what):
        found.append((cell, getattr(node, "lineno", 0), what))

    for cell, tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
                for name in names:
                    if name.startswith(_MACHINERY) or name.split(".")[0] in _MODULES:
                        note(cell, node, f"imports {name}")
                        break
            elif isinstance(node, ast.Attribute):
                dotted = _dotted(node)
                full = ".".join([bound.get(dotted.split(".")[0], dotted.split(".")[0])] + dotted.split(".")[1:])
                if node.attr in _ATTRIBUTES:
                    note(cell, node, f"uses {dotted or node.attr}")
                elif full.startswith(_MACHINERY):
                    note(cell, node, f"uses {dotted}")
            targets = node.targets if isinstance(node, ast.Assign) else \
                [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else \
                node.targets if isinstance(node, ast.Delete) else []
            for target in targets:
                base = target.value if isinstance(target, (ast.Attribute, ast.Subscript)) else None
                root = _dotted(base) if base is not None else ""
                if root.split(".")[0] in lessons and root:
                    note(cell, node, f"changes {root}")
                elif root in ("builtins", "sys.modules") or root.startswith(("builtins.", "__builtins__")):
                    note(cell, node, f"changes {root}")
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                    "setattr", "delattr") and node.args:
                root = _dotted(node.args[0])
                if root and (root.split(".")[0] in lessons or root.split(".")[0] in ("builtins", "__builtins__")):
                    note(cell, node, f"changes {root}")
    return sorted(set(found))


def dynamic_code(sources: Iterable[str], trees: Optional[list] = None) -> list:
    """``[(cell, line, what), ...]``: code that runs or looks up code by a computed name."""
    trees = parse_cells(sources) if trees is None else trees
    found = []
    for cell, tree in trees:
        for node in ast.walk(tree) if tree is not None else ():
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                name = node.func.id
                computed = name == "getattr" and len(node.args) > 1 and not isinstance(node.args[1], ast.Constant)
                if name in ("eval", "exec", "compile", "__import__") or computed:
                    found.append((cell, node.lineno, f"calls {name}"))
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                if any(n.split(".")[0] == "importlib" for n in names):
                    found.append((cell, node.lineno, "imports importlib"))
    return sorted(set(found))


def forbidden_names(forbidden: Iterable) -> list:
    """The names under which an exercise's forbidden helpers are called: a function's or class's
    name, or a package name."""
    out = []
    for item in forbidden:
        name = item if isinstance(item, str) else getattr(item, "__name__", None)
        if isinstance(name, str) and name:
            out.append(name)
    return out


def _local_names(fn) -> set:
    names = {a.arg for a in ast.walk(fn.args) if isinstance(a, ast.arg)} if hasattr(fn, "args") else set()
    for node in ast.walk(fn):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and node is not fn:
            names.add(node.name)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


def forbidden_use(sources: Iterable[str], name: str, forbidden: Iterable[str],
                  trees: Optional[list] = None) -> Optional[tuple]:
    """``(cell, line, what)`` where the learner's function ``name`` (its last top-level definition,
    and the notebook's own top-level functions it calls) names one of ``forbidden``; None if it does not.

    A bare name counts when the notebook imports it (or never defines it); ``module.name`` counts
    when ``module`` is imported; a forbidden package counts when the function uses a name bound to
    it or imports it."""
    trees = parse_cells(sources) if trees is None else trees
    forbidden = set(forbidden)
    defs, own = {}, set()
    for cell, tree in trees:
        for node in tree.body if tree is not None else ():
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defs[node.name] = (cell, node)
                own.add(node.name)
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    if isinstance(target, ast.Name):
                        own.add(target.id)
                        if isinstance(node.value, ast.Lambda):
                            defs[target.id] = (cell, node.value)
                        else:
                            defs.pop(target.id, None)
    bound = _imports(trees)
    own -= set(bound)
    todo, seen = [name], set()
    while todo:
        current = todo.pop()
        if current in seen or current not in defs:
            continue
        seen.add(current)
        cell, fn = defs[current]
        local = _local_names(fn)
        for node in ast.walk(fn):
            if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load) and node.id not in local:
                origin = bound.get(node.id, "")
                if node.id in forbidden and node.id not in own:
                    return cell, node.lineno, origin or node.id
                if origin.split(".")[0] in forbidden:
                    return cell, node.lineno, f"{node.id} ({origin.split('.')[0]})"
                if node.id in defs:
                    todo.append(node.id)
            elif isinstance(node, ast.Attribute) and node.attr in forbidden:
                root = _dotted(node.value).split(".")[0]
                if root and root not in local and (root in bound or root == "mathmaze_lib"):
                    return cell, node.lineno, _dotted(node) or node.attr
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                    [node.module or ""] + [a.name for a in node.names]
                hit = next((n for n in names if n.split(".")[0] in forbidden or n in forbidden), None)
                if hit:
                    return cell, node.lineno, f"import {hit}"
    return None
