"""The apps import only downward (ARCHITECTURE.md): a two-way pair or an upward import fails here.

Every ``import`` counts, a function-level one included: a lazy import is still a dependency. Migrations
are history, not code paths, and are left out.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Bottom to top. An app may import the apps before it, never one after it.
LAYERS = [
    "metrics",
    "providers",
    "contacts",
    "webhooks",
    "memories",
    "moods",
    "consolidation",
    "privacy",
    "ingest",
    "context",
    "staff",
    "mcpserver",
]


def _modules_imported(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def _source_files(package: str) -> list[Path]:
    return [path for path in sorted((ROOT / package).rglob("*.py")) if "migrations" not in path.parts]


def _app_imports() -> dict[tuple[str, str], list[str]]:
    """(importer, imported) → the files of the importer that import the other app."""
    edges: dict[tuple[str, str], list[str]] = defaultdict(list)
    for app in LAYERS:
        for path in _source_files(app):
            for other in {module.split(".")[0] for module in _modules_imported(path)}:
                if other in LAYERS and other != app:
                    edges[(app, other)].append(str(path.relative_to(ROOT)))
    return edges


def test_every_app_is_in_a_layer() -> None:
    # given every Django app of ours (a folder with apps.py)
    apps = {path.parent.name for path in ROOT.glob("*/apps.py")}

    # then each has its place, so its imports are checked
    assert apps <= set(LAYERS)


def test_no_two_apps_import_each_other() -> None:
    edges = _app_imports()

    two_way = sorted({tuple(sorted(pair)) for pair in edges if (pair[1], pair[0]) in edges})

    assert two_way == []


@pytest.mark.parametrize("app", LAYERS)
def test_an_app_imports_only_the_layers_below_it(app: str) -> None:
    below = set(LAYERS[: LAYERS.index(app)])

    upward = {
        f"{importer} -> {imported}: {files}"
        for (importer, imported), files in _app_imports().items()
        if importer == app and imported not in below
    }

    assert upward == set()


def test_the_config_modules_apps_use_import_no_app() -> None:
    # given the project modules (config.*) that apps import: infrastructure such as the clock or Redis
    used = {
        module
        for app in LAYERS
        for path in _source_files(app)
        for module in _modules_imported(path)
        if module.startswith("config.") or module == "config"
    }
    infrastructure = {module for module in used if (ROOT / (module.replace(".", "/") + ".py")).exists()}

    # then none of them reaches back up into an app (config.urls, config.run and friends sit on top)
    reaching_up = {
        f"{module} -> {imported}"
        for module in infrastructure
        for imported in _modules_imported(ROOT / (module.replace(".", "/") + ".py"))
        if imported.split(".")[0] in LAYERS
    }
    assert reaching_up == set()
