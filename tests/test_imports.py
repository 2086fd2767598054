"""The rooms' import graph, read with ``ast``: no cycles, and nothing importing upward.

Imports only for the type checker (``if TYPE_CHECKING:``) are not edges: they never run.
Imports inside functions are: they run, and a cycle through one is still a cycle.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("houseway", "bot")


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


MODULES = _modules()


def _target(module: str, node: ast.ImportFrom) -> str:
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if MODULES[module].name != "__init__.py":
        base = base[:-1]
    base = base[: len(base) - node.level + 1]
    return ".".join([*base, *([node.module] if node.module else [])])


def _imports(module: str) -> set[str]:
    """The project modules ``module`` imports when it runs."""
    edges: set[str] = set()

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                visit(node.orelse)
                continue
            if isinstance(node, ast.ImportFrom):
                target = _target(module, node)
                named = [target, *(f"{target}.{alias.name}" for alias in node.names)]
                edges.update(name for name in named if name in MODULES and name != module)
            elif isinstance(node, ast.Import):
                edges.update(alias.name for alias in node.names if alias.name in MODULES)
            visit([child for child in ast.iter_child_nodes(node) if isinstance(child, ast.stmt)])

    visit(ast.parse(MODULES[module].read_text("utf-8")).body)
    return edges


@cache
def graph() -> dict[str, set[str]]:
    """The project's import graph: read when a test asks, not while every worker collects."""
    return {module: _imports(module) for module in MODULES}


def _cycles() -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def strong(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph()[module]):
            if other not in index:
                strong(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for module in sorted(graph()):
        if module not in index:
            strong(module)
    return groups


def test_the_reader_sees_the_imports_it_should() -> None:
    """The graph is not empty by mistake: a few imports known to be there are found."""
    assert "bot.storage.base" in graph()["bot.storage.postgres"]
    assert "houseway.way" in graph()["houseway.learning.explain"]
    assert "bot.cogs.practice.cog" in graph()["bot.cogs.practice"]  # inside setup()
    assert "bot.texts.split_labels" in graph()["bot.pictures.cards_image"]


def test_no_import_cycles() -> None:
    assert _cycles() == []


def edges(below: str, above: str, but: str | None = None) -> set[tuple[str, str]]:
    """Imports from modules under ``below`` (not under ``but``) of modules under ``above``."""
    return {
        (module, other)
        for module, others in graph().items()
        if module.startswith(below) and not (but and module.startswith(but))
        for other in others
        if other.startswith(above)
    }


def test_the_edge_reader_finds_an_edge() -> None:
    """``edges`` can fail: pictures import texts, so that direction is found."""
    assert edges("bot.pictures", "bot.texts")


def test_the_core_never_imports_the_bot() -> None:
    assert edges("houseway", "bot") == set()


def test_only_features_import_features() -> None:
    """Settings, storage, texts and pictures stand below the cogs: none of them imports a
    cog (the client loads the cogs by name, as extensions)."""
    assert edges("bot", "bot.cogs", but="bot.cogs") == set()


def test_texts_never_import_pictures() -> None:
    """Words stand below pictures: a picture is drawn with words and described by them
    (its labels, its alt text), and words need no picture. Pictures import texts; the other
    way (issue 28 found both) would make the two one room again."""
    assert edges("bot.texts", "bot.pictures") == set()


def test_a_cogs_own_module_is_imported_only_by_its_package() -> None:
    """Views, embeds and the rest of a feature are below its cog; only the package's
    setup imports it."""
    for module, others in graph().items():
        for other in others:
            if other.endswith(".cog") and other.startswith("bot.cogs."):
                assert module == other.rsplit(".", 1)[0], (module, other)


def _private_names(source: str) -> list[tuple[int, str]]:
    """(line, name) of every underscored name ``source`` imports (dunders aside)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [part for alias in node.names for part in alias.name.split(".")]
        else:
            continue
        found += [(node.lineno, n) for n in names if n.startswith("_") and not n.startswith("__")]
    return found


def test_no_module_takes_another_modules_private_names() -> None:
    """A leading underscore means "only this module": what modules share is public, named
    and documented once (issue 28 counted 49 such imports across houseway/ and bot/)."""
    taken = [
        f"{module}:{line} imports {name}"
        for module, path in MODULES.items()
        for line, name in _private_names(path.read_text("utf-8"))
    ]
    assert taken == []


def test_the_private_import_check_reads_every_form() -> None:
    """Multi-line, relative, aliased and dotted imports are all read."""
    source = (
        "from .way import (\n    Decision,\n    _groups,\n)\n"
        "from ..words import _cards as cards\n"
        "import houseway._secret\n"
        "from . import __version__\n"
        "from .palette import GOLD as _GOLD\n"
    )
    assert _private_names(source) == [(1, "_groups"), (5, "_cards"), (6, "_secret")]
