"""docs/ARCHITECTURE.md tells a newcomer where things are: every name it gives must still be there.

Each `backticked` file or folder must exist, and each backticked code name (``bfs``,
``Runner.legs``, ``search.bfs(graph, source, goal)``) must be defined in the package: a module,
or a function, class, method or constant of that name in the module the name starts with (or, for a
bare name, anywhere in the package). What is not a name of ours (a command-line flag, a Python
builtin, a name from ipywidgets) is listed in ``NOT_OURS``.
"""

from __future__ import annotations

import ast
import os
import re
from functools import lru_cache
from pathlib import Path

import pytest

from conftest import NOT_THE_PROJECT, ROOT

DOC = ROOT / "docs" / "ARCHITECTURE.md"
PACKAGE = ROOT / "mathmaze_lib"
#: Backticked words in the document that are not names in this project.
NOT_OURS = {"ValueError", "IntSlider", "ipywidgets.Play", "ipywidgets.Stack", "analyst.js", "PRAGMA quick_check",
            "body.mm-projector", "numba", "networkx", "numpy", "anywidget", "asyncio", "bwrap", "runuser",
            "random.Random(seed)", "repr(game)", "to_jshtml",     # Python's and matplotlib's
            "ex.q1.check()",                                      # `ex`: what the notebooks call a lesson module
            "__del__"}                                            # Python's finalizer method
PATH = re.compile(r"^[\w*./-]+(\.(py|js|css|json|md|toml|yml|ipynb|cfg)|/)$")
NAME = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)(?:\(.*\))?(?:\s*->.*)?$")


@lru_cache(maxsize=None)
def project_files() -> tuple:
    """Every file of the checkout outside NOT_THE_PROJECT's folders, which are not descended into (a
    build folder can appear and vanish while another test builds the wheel)."""
    found = []
    for folder, subfolders, files in os.walk(ROOT, onerror=lambda error: None):
        subfolders[:] = [d for d in subfolders if d not in NOT_THE_PROJECT and not d.endswith(".egg-info")]
        found += [Path(folder) / f for f in files]
    return tuple(found)


def tokens() -> list:
    return sorted(set(re.findall(r"`([^`\n]+)`", DOC.read_text(encoding="utf-8"))))


@lru_cache(maxsize=None)
def modules() -> dict:
    """{dotted module name relative to the package, and its last part: [parsed trees]}."""
    found: dict = {}
    for path in PACKAGE.rglob("*.py"):
        rel = path.relative_to(PACKAGE).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for key in {".".join(parts), parts[-1] if parts else "mathmaze_lib"}:
            found.setdefault(key, []).append(tree)
    return found


def defined(tree) -> set:
    """Every name a module defines: functions, classes, methods, assignments, attributes of self."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Name, ast.Attribute)) and isinstance(node.ctx, ast.Store):
            names.add(node.id if isinstance(node, ast.Name) else node.attr)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.alias):
            names.add((node.asname or node.name).split(".")[0])
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return names


@lru_cache(maxsize=None)
def everywhere() -> set:
    return set().union(*(defined(t) for trees in modules().values() for t in trees)) | set(modules())


def exists(name: str) -> bool:
    if re.fullmatch(r"MATHMAZE_[A-Z_]+", name):          # an environment variable the package reads
        return any(name in p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))
    name = name.removeprefix("mathmaze_lib.").replace("lessonN", "lesson1")
    parts = name.split(".")
    for i in range(len(parts), 0, -1):      # the longest start that is a module of ours
        head = ".".join(parts[:i])
        if head in modules():
            rest = parts[i:]
            if not rest:
                return True
            return any(rest[0] in defined(t) for t in modules()[head]) and all(p in everywhere() for p in rest[1:])
    return all(p in everywhere() for p in parts)


def test_the_document_names_files_and_code():
    words = tokens()
    assert sum(bool(PATH.match(w)) for w in words) > 20 and sum(bool(NAME.match(w)) for w in words) > 50


@pytest.mark.parametrize("word", [w for w in tokens() if w not in NOT_OURS and PATH.match(w)])
def test_every_file_it_names_exists(word):
    pattern = word.rstrip("/").replace("lessonN", "lesson*")
    if pattern.startswith("."):                            # a file the package writes, by that name
        assert any(pattern in p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py")), word
        return
    hits = [p for base in (ROOT, PACKAGE) for p in base.glob(pattern)]
    hits += [p for p in project_files() if str(p.relative_to(ROOT)).endswith(pattern)]
    hits = [p for p in hits if not NOT_THE_PROJECT & set(p.relative_to(ROOT).parts)]
    assert hits, f"docs/ARCHITECTURE.md names {word}, which is not in the repository"


@pytest.mark.parametrize("word", [w for w in tokens() if w not in NOT_OURS and not PATH.match(w) and NAME.match(w)
                                  and len(NAME.match(w).group(1)) > 2])
def test_every_name_it_gives_is_defined(word):
    name = NAME.match(word).group(1)
    assert exists(name), f"docs/ARCHITECTURE.md names {word}, but the package defines no {name}"


#: The size a newcomer can read at once: lines of a module, lines of a function (its decorators included).
MODULE_LINES, FUNCTION_LINES = 500, 80


def sizes() -> tuple:
    """``({module path: lines}, {"path:line name": lines of the function})`` over the package."""
    lines, functions = {}, {}
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        rel = str(path.relative_to(ROOT))
        lines[rel] = text.count("\n")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                functions[f"{rel}:{node.lineno} {node.name}"] = node.end_lineno - first + 1
    return lines, functions


def test_no_module_or_function_is_too_long_to_read_at_once():
    lines, functions = sizes()
    assert len(lines) > 50 and max(functions.values()) > 40          # it measured the package
    assert {m: n for m, n in lines.items() if n > MODULE_LINES} == {}
    assert {f: n for f, n in functions.items() if n > FUNCTION_LINES} == {}


@pytest.mark.parametrize("old, new", [("mathmaze_lib.worksheet", "mathmaze_lib.teacher.worksheet"),
                                      ("mathmaze_lib.exercises.release", "mathmaze_lib.teacher.release"),
                                      ("mathmaze_lib.summaze", "mathmaze_lib.puzzles.summaze")])
def test_a_moved_module_keeps_its_old_name(old, new):
    """Scripts and saved notebooks that import a module by the name it had before it moved get the
    module itself (`_MOVED` in mathmaze_lib/__init__.py), which keeps its own name."""
    import importlib

    module = importlib.import_module(old)
    assert module is importlib.import_module(new) and module.__spec__.name == new
    parent, _, leaf = old.rpartition(".")
    assert getattr(importlib.import_module(parent), leaf) is module
    with pytest.raises(ImportError):
        importlib.import_module("mathmaze_lib.no_such_module")


@lru_cache(maxsize=None)
def parsed() -> dict:
    """``{path: syntax tree}`` of every module of the package, read once for the tests below."""
    return {path: ast.parse(path.read_text(encoding="utf-8")) for path in sorted(PACKAGE.rglob("*.py"))}


def import_graph() -> dict:
    """``{module: set of the package's modules it imports}``, every import counted (those inside
    functions too: they only put a circle off until run time); a module imported from outside its
    package imports the package's ``__init__`` as well, and ``from . import x`` imports the module ``x``."""
    names = {}
    for path in parsed():
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        names[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    graph: dict = {name: set() for name in names}
    for name, (path, is_package) in names.items():
        base = name if is_package else name.rpartition(".")[0]
        for node in ast.walk(parsed()[path]):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                module = node.module or ""
                if node.level:
                    up = base.rsplit(".", node.level - 1)[0] if node.level > 1 else base
                    module = f"{up}.{module}" if node.module else up
                subs = [f"{module}.{a.name}" for a in node.names if f"{module}.{a.name}" in names]
                targets = subs + ([module] if len(subs) < len(node.names) else [])
            else:
                continue
            for target in (t for t in targets if t in names and t != name):
                graph[name].add(target)
                parts = target.split(".")
                graph[name].update(p for p in (".".join(parts[:i]) for i in range(1, len(parts)))
                                   if p in names and not name.startswith(p + "."))
    return graph


def circles(graph: dict) -> list:
    """The import circles of ``graph``: its strongly connected parts of more than one module."""
    import networkx as nx

    return [set(part) for part in nx.strongly_connected_components(nx.DiGraph(
        [(a, b) for a, bs in graph.items() for b in bs])) if len(part) > 1]


#: The one circle left, inside the big-board search (its driver and its iterated local search import each
#: other inside functions): issue 45 reworks that package.
LEFT = {"mathmaze_lib.optimize.big.driver", "mathmaze_lib.optimize.big.ils"}


def test_no_import_circle():
    """No module of the package imports itself back, directly or round a circle (the wall maze does not
    import the optimizers that import it: the registry names the function above both that puts its kind
    together; a lesson finds the exercises a puzzle brings through the registry)."""
    graph = import_graph()
    assert "mathmaze_lib.puzzles.wallmaze" in graph["mathmaze_lib.optimize.exact"]     # it read the imports
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]
    assert [part for part in circles(graph) if not part <= LEFT] == []


def undocumented() -> list:
    """The public functions, classes and methods of the package without a docstring: ``path:line name``.
    A method that overrides a documented method of its base class (a game's hook, a play's move) says
    what the base says."""
    trees = parsed()
    classes: dict = {}           # class name -> (names of its bases, {method: has a docstring})
    for tree in trees.values():
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                bases = [b.attr if isinstance(b, ast.Attribute) else getattr(b, "id", "") for b in node.bases]
                methods = {f.name: ast.get_docstring(f) is not None for f in node.body
                           if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef))}
                classes.setdefault(node.name, (bases, methods))

    def inherited(bases, name, seen=()) -> bool:
        for base in bases:
            if base in classes and base not in seen:
                parents, methods = classes[base]
                if methods.get(name) or inherited(parents, name, seen + (base,)):
                    return True
        return False
    found = []
    for path, tree in trees.items():
        where = str(path.relative_to(ROOT))
        for node in tree.body:
            defined = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
            if defined and not node.name.startswith("_"):
                if ast.get_docstring(node) is None:
                    found.append(f"{where}:{node.lineno} {node.name}")
                if isinstance(node, ast.ClassDef):
                    bases = classes[node.name][0]
                    found += [f"{where}:{f.lineno} {node.name}.{f.name}" for f in node.body
                              if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and not f.name.startswith("_")
                              and ast.get_docstring(f) is None and not inherited(bases, f.name)]
    return found


def test_every_public_function_class_and_method_has_a_docstring():
    assert undocumented() == []
