"""The architecture's rules about imports and file sizes, read from the source with ``ast``.

Imports run one way: core ← saves ← net ← tui; themes stand alone; seeds are data (see
CONTRIBUTING.md). Every import counts, also one inside a function or a method (it runs
when called, and makes a circle all the same); only imports under ``if TYPE_CHECKING:``
are left out (they never run). A failure names the modules: the circle's members with one
path round it, or the imports that cross a layer, or the files that are too long.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

ALLOWED: dict[str, frozenset[str]] = {
    "core": frozenset({"core"}),
    "themes": frozenset({"themes"}),
    "saves": frozenset({"core", "saves"}),
    "net": frozenset({"core", "saves", "net"}),
    "tui": frozenset({"core", "saves", "themes", "net", "tui"}),
}
"""Each package of code and the packages its modules may import."""

PACKAGES = tuple(ALLOWED)
OWN = frozenset({*PACKAGES, "seeds", "bench", "tests"})
"""Top-level names of this repository (an import of anything else is a library's)."""

CODE_FOLDERS = (*PACKAGES, "tests", "bench")
MAX_LINES = 1000


def module_name(path: Path) -> str:
    """``core/ai/search.py`` -> ``core.ai.search``; a package's ``__init__`` is the package."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every module of the packages of code, by name."""
    return {module_name(path): path for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))}


def _type_checking_only(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement under ``node``, at any depth, but those that only run for a
    type checker (the body of ``if TYPE_CHECKING:``; its ``else`` runs)."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            yield child
        elif isinstance(child, ast.If) and _type_checking_only(child):
            for other in child.orelse:
                if isinstance(other, (ast.Import, ast.ImportFrom)):
                    yield other
                else:
                    yield from _imports(other)
        else:
            yield from _imports(child)


def _own(name: str) -> str | None:
    """The module of this repository that importing ``name`` runs (the longest known
    prefix), or None for a library's."""
    if name.split(".")[0] not in OWN:
        return None
    known = modules()
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(name: str) -> dict[str, int]:
    """The modules of this repository that module ``name`` imports, each with the line of
    its first import."""
    path = modules()[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: dict[str, int] = {}
    for node in _imports(tree):
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        else:
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            # ``from package import module`` runs that module; ``from module import name``
            # only the module.
            targets = [f"{base}.{alias.name}" for alias in node.names]
        for target in targets:
            own = _own(target)
            if own is not None and own != name:
                found.setdefault(own, node.lineno)
    return found


@cache
def graph() -> dict[str, dict[str, int]]:
    return {name: imports_of(name) for name in modules()}


def strongly_connected(edges: dict[str, dict[str, int]]) -> list[list[str]]:
    """Tarjan's components of more than one module (each a circle of imports), sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(start: str) -> None:
        # Iterative, so a long chain of imports cannot reach the recursion limit.
        work = [(start, iter(sorted(edges.get(start, {}))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges.get(target, {})))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    members = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        members.append(member)
                        if member == node:
                            break
                    if len(members) > 1:
                        found.append(sorted(members))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return sorted(found)


def path_round(members: list[str], edges: dict[str, dict[str, int]]) -> list[str]:
    """One way round a circle: from its first module back to it, inside the component."""
    inside = set(members)
    start = members[0]
    came_from: dict[str, str] = {}
    frontier = [start]
    while frontier:  # breadth first: the shortest way back
        following = []
        for node in frontier:
            for target in sorted(edges[node]):
                if target not in inside:
                    continue
                if target == start:
                    way = [node]
                    while way[-1] != start:
                        way.append(came_from[way[-1]])
                    return [start, *reversed(way[:-1]), start]
                if target not in came_from:
                    came_from[target] = node
                    following.append(target)
        frontier = following
    return members


def describe_circle(members: list[str], edges: dict[str, dict[str, int]]) -> str:
    way = path_round(members, edges)
    steps = " -> ".join(
        f"{a} (line {edges[a][b]})" for a, b in zip(way, way[1:])) + f" -> {way[-1]}"
    return f"{len(members)} modules: {', '.join(members)}\n    e.g. {steps}"


def circles_in(package: str) -> list[list[str]]:
    """The circles whose modules are all in ``package`` ("" for those across packages)."""
    found = strongly_connected(graph())
    if package:
        return [c for c in found if {m.split(".")[0] for m in c} == {package}]
    return [c for c in found if len({m.split(".")[0] for m in c}) > 1]


@pytest.mark.parametrize("package", [*PACKAGES, ""], ids=[*PACKAGES, "across-packages"])
def test_no_import_circles(package: str) -> None:
    """No module imports itself through others, also not through an import in a function."""
    found = circles_in(package)
    edges = graph()
    assert not found, f"{len(found)} import circle(s) in {package or 'more than one package'}:\n  " + (
        "\n  ".join(describe_circle(c, edges) for c in found))


@pytest.mark.parametrize("package", PACKAGES)
def test_imports_run_one_way(package: str) -> None:
    """A module imports only its own package and the layers below it."""
    allowed = ALLOWED[package]
    crossed = [
        f"{name} (line {line}) imports {target}"
        for name, targets in graph().items() if name.split(".")[0] == package
        for target, line in sorted(targets.items()) if target.split(".")[0] not in allowed
    ]
    assert not crossed, (
        f"{package} may import only {', '.join(sorted(allowed))}; these cross a layer:\n  "
        + "\n  ".join(crossed))


@pytest.mark.parametrize("folder", CODE_FOLDERS)
def test_no_code_file_over_a_thousand_lines(folder: str) -> None:
    """Split a long file by concern (and keep one public entry point)."""
    long = [
        f"{path.relative_to(ROOT)}: {count} lines"
        for path in sorted((ROOT / folder).rglob("*.py"))
        if (count := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    ]
    assert not long, f"over {MAX_LINES} lines:\n  " + "\n  ".join(long)


# --- the checker itself ---------------------------------------------------------------


def test_the_checker_sees_imports_in_functions_and_skips_type_checking_blocks(tmp_path: Path) -> None:
    source = (
        "from typing import TYPE_CHECKING\n"
        "import os\n"
        "from tui.text import plain\n"
        "if TYPE_CHECKING:\n"
        "    from tui.app import MeepleApp\n"
        "else:\n"
        "    from tui import crash\n"
        "def f():\n"
        "    from tui.screens import menu\n"
        "    class A:\n"
        "        def g(self):\n"
        "            import core.engine\n"
    )
    seen = [ast.unparse(node) for node in _imports(ast.parse(source))]
    assert seen == ["from typing import TYPE_CHECKING", "import os", "from tui.text import plain",
                    "from tui import crash", "from tui.screens import menu", "import core.engine"]


def test_the_checker_resolves_names_to_modules() -> None:
    assert _own("tui.screens.menu.MenuScreen") == "tui.screens.menu"
    assert _own("core.__version__") == "core"
    assert _own("textual.app") is None
    assert "tui.text" in graph()["tui.screens.menu"]


def test_the_checker_finds_a_circle_and_a_way_round_it() -> None:
    edges = {"a": {"b": 1}, "b": {"c": 2, "d": 3}, "c": {"a": 4}, "d": {}, "e": {"e": 5}}
    assert strongly_connected(edges) == [["a", "b", "c"]]
    assert path_round(["a", "b", "c"], edges) == ["a", "b", "c", "a"]
    assert describe_circle(["a", "b", "c"], edges) == (
        "3 modules: a, b, c\n    e.g. a (line 1) -> b (line 2) -> c (line 4) -> a")
