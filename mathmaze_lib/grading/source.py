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


class _InOrder(ast.NodeVisitor):
    """Visits a notebook's code as it runs, cell after cell and statement after statement, keeping
    the names that imports bound at each point (``bound``: name -> module or module.name): a name
    assigned anything else is no longer the module, and a function's body sees the names as they
    were where it was defined, less its own local names. ``see(cell, node, bound)`` is called for
    every node."""

    def __init__(self, see):
        self.see, self.bound, self.cell = see, {}, 0

    def run(self, trees) -> None:
        for cell, tree in trees:
            self.cell = cell
            if tree is not None:
                self.visit(tree)

    def visit(self, node):
        self.see(self.cell, node, self.bound)
        return super().visit(node)

    def _rebind(self, target, value=None) -> None:
        for name in ast.walk(target):
            if isinstance(name, ast.Name) and isinstance(name.ctx, (ast.Store, ast.Del)):
                alias = self.bound.get(value.id) if isinstance(value, ast.Name) and name is target else None
                if alias:
                    self.bound[name.id] = alias           # another name for the same module
                else:
                    self.bound.pop(name.id, None)

    def visit_Import(self, node):
        for alias in node.names:
            self.bound[(alias.asname or alias.name).split(".")[0]] = alias.name if alias.asname else \
                alias.name.split(".")[0]

    def visit_ImportFrom(self, node):
        for alias in node.names:
            if node.module:
                self.bound[alias.asname or alias.name] = f"{node.module}.{alias.name}"
            else:
                self.bound.pop(alias.asname or alias.name, None)

    def visit_Assign(self, node):
        self.visit(node.value)
        for target in node.targets:
            self.visit(target)
            self._rebind(target, node.value)

    def visit_AnnAssign(self, node):
        for part in (node.value, node.annotation, node.target):
            if part is not None:
                self.visit(part)
        if node.value is not None:
            self._rebind(node.target, node.value)

    def visit_AugAssign(self, node):
        self.visit(node.value)
        self.visit(node.target)
        self._rebind(node.target)

    def visit_NamedExpr(self, node):
        self.visit(node.value)
        self.visit(node.target)
        self._rebind(node.target)

    def visit_For(self, node):
        self.visit(node.iter)
        self.visit(node.target)
        self._rebind(node.target)
        for statement in node.body + node.orelse:
            self.visit(statement)

    visit_AsyncFor = visit_For

    def visit_With(self, node):
        for item in node.items:
            self.visit(item.context_expr)
            if item.optional_vars is not None:
                self.visit(item.optional_vars)
                self._rebind(item.optional_vars)
        for statement in node.body:
            self.visit(statement)

    visit_AsyncWith = visit_With

    def visit_Delete(self, node):
        for target in node.targets:
            self.visit(target)
            self._rebind(target)

    def _function(self, node):
        for part in [*getattr(node, "decorator_list", []), *getattr(node.args, "defaults", []),
                     *[d for d in getattr(node.args, "kw_defaults", []) if d is not None]]:
            self.visit(part)
        outside = self.bound
        self.bound = {k: v for k, v in outside.items() if k not in _local_names(node)}
        body = node.body if isinstance(node.body, list) else [node.body]
        for statement in body:
            self.visit(statement)
        self.bound = outside
        if not isinstance(node, ast.Lambda):
            self.bound.pop(node.name, None)

    visit_FunctionDef = visit_AsyncFunctionDef = visit_Lambda = _function

    def visit_ClassDef(self, node):
        for part in [*node.decorator_list, *node.bases, *node.keywords]:
            self.visit(part)
        outside = self.bound
        self.bound = dict(outside)
        for statement in node.body:
            self.visit(statement)
        self.bound = outside
        self.bound.pop(node.name, None)


def tampering(sources: Iterable[str], trees: Optional[list] = None) -> list:
    """``[(cell, line, what), ...]``: code that reaches into the checks or the grader (see the module).

    A name is what it was bound to where the code runs, so a lesson's own ``g = summaze.grade(p)``
    is not the module a learner imports as ``g`` in a later cell: that import is what is named.

    >>> tampering(["g = 1\\nprint(g.near_misses)", "import mathmaze_lib.grading as g"])
    [(2, 1, 'imports mathmaze_lib.grading')]
    """
    trees = parse_cells(sources) if trees is None else trees
    found = []

    def see(cell, node, bound):
        def note(what):
            found.append((cell, getattr(node, "lineno", 0), what))

        lessons = {name for name, module in bound.items() if "mathmaze_lib.exercises.lesson" in module}
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] + [f"{node.module}.{a.name}" for a in node.names]
            for name in names:
                if name.startswith(_MACHINERY) or name.split(".")[0] in _MODULES:
                    note(f"imports {name}")
                    break
        elif isinstance(node, ast.Attribute):
            dotted = _dotted(node)
            full = ".".join([bound.get(dotted.split(".")[0], dotted.split(".")[0])] + dotted.split(".")[1:])
            if node.attr in _ATTRIBUTES:
                note(f"uses {dotted or node.attr}")
            elif full.startswith(_MACHINERY):
                note(f"uses {dotted}")
        targets = node.targets if isinstance(node, ast.Assign) else \
            [node.target] if isinstance(node, (ast.AugAssign, ast.AnnAssign)) else \
            node.targets if isinstance(node, ast.Delete) else []
        for target in targets:
            base = target.value if isinstance(target, (ast.Attribute, ast.Subscript)) else None
            root = _dotted(base) if base is not None else ""
            if root.split(".")[0] in lessons and root:
                note(f"changes {root}")
            elif root in ("builtins", "sys.modules") or root.startswith(("builtins.", "__builtins__")):
                note(f"changes {root}")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in (
                "setattr", "delattr") and node.args:
            root = _dotted(node.args[0])
            if root and (root.split(".")[0] in lessons or root.split(".")[0] in ("builtins", "__builtins__")):
                note(f"changes {root}")

    _InOrder(see).run(trees)
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
