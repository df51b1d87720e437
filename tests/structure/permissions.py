"""Permission decided outside the services: a call, in a module of an API package, that decides
a permission (``rules.has_perm``, a user's ``has_perm``, the former ``require_permission``, or
the core's ``require``), found by reading the module's source with ``ast``.

The views authenticate; the services and reads they call decide what the user may do
(``casino.core.permissions``).
"""

from __future__ import annotations

import ast
from collections.abc import Iterable
from pathlib import Path

#: The module of the one helper that decides a permission, and the helper's name.
HELPER_MODULE = "casino.core.permissions"
HELPER = "require"
#: Callables that decide a permission whatever they were imported from.
DECIDERS = frozenset({"has_perm", "require_permission"})


def permission_calls(source: str) -> list[str]:
    """The permission-deciding calls of ``source``, each as ``line: callable``, in order."""
    tree = ast.parse(source)
    helpers = _helper_names(tree)
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _called_name(node.func)
        if name is None:
            continue
        last = name.rsplit(".", 1)[-1]
        if last in DECIDERS or name in helpers:
            found.append((node.lineno, name))
    return [f"{line}: {name}" for line, name in sorted(found)]


def _helper_names(tree: ast.Module) -> set[str]:
    """The names by which ``tree`` may call the helper: imported by name (under any alias), or
    as an attribute of its module, imported whole or from its package."""
    package, leaf = HELPER_MODULE.rsplit(".", 1)
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == HELPER_MODULE:
            names.update(alias.asname or alias.name for alias in node.names if alias.name == HELPER)
        elif isinstance(node, ast.ImportFrom) and node.module == package:
            names.update(
                f"{alias.asname or alias.name}.{HELPER}"
                for alias in node.names
                if alias.name == leaf
            )
        elif isinstance(node, ast.Import):
            names.update(
                f"{alias.asname or alias.name}.{HELPER}"
                for alias in node.names
                if alias.name == HELPER_MODULE
            )
    return names


def _called_name(func: ast.expr) -> str | None:
    """``a.b.c`` for a call of ``a.b.c(...)``; ``None`` for anything else called."""
    parts: list[str] = []
    while isinstance(func, ast.Attribute):
        parts.append(func.attr)
        func = func.value
    if isinstance(func, ast.Name):
        parts.append(func.id)
    elif parts:
        # ``self.request.user.has_perm`` reached through a call or a subscript: its last name
        # still says what is called.
        parts.append("?")
    else:
        return None
    return ".".join(reversed(parts))


def api_modules(root: Path, packages: Iterable[str]) -> list[Path]:
    """Every module of an ``api`` package under ``packages``."""
    return sorted(
        path
        for package in packages
        for path in (root / package).rglob("*.py")
        if "api" in path.relative_to(root).parts[:-1]
    )


def permission_calls_in(modules: Iterable[Path], root: Path) -> dict[str, list[str]]:
    """For each module with permission-deciding calls, those calls."""
    found: dict[str, list[str]] = {}
    for path in modules:
        calls = permission_calls(path.read_text())
        if calls:
            found[path.relative_to(root).as_posix()] = calls
    return found
