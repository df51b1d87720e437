"""Every permission the code asks for is one the rules define: a name nobody registered is
refused to everyone, silently, as a moved permission left under its old app's name would be."""

from __future__ import annotations

import ast
from pathlib import Path

import rules
from django.urls import get_resolver

from tests.structure.imports import PACKAGES

ROOT = Path(__file__).resolve().parents[2]
#: The calls that decide a permission by its name, and where the name stands among their
#: arguments.
ASKING = {"require": 1, "require_page_perm": 1, "has_perm": 0}


def permissions_asked(source: str) -> set[str]:
    """The permission names ``source`` asks for: literal names given to ``require`` or
    ``has_perm``, or kept in a variable named ``perm`` for them."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            name = getattr(node.func, "attr", getattr(node.func, "id", None))
            place = ASKING.get(name or "")
            if place is not None and len(node.args) > place:
                argument = node.args[place]
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                    found.add(argument.value)
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant):
            if any(isinstance(t, ast.Name) and t.id == "perm" for t in node.targets):
                if isinstance(node.value.value, str):
                    found.add(node.value.value)
    return found


def test_every_permission_asked_for_is_defined() -> None:
    # The rules are defined as the apps are ready, and the pages' own as their URLs load.
    assert get_resolver().url_patterns
    asked = {
        name: path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in sorted((ROOT / package).rglob("*.py"))
        if "migrations" not in path.parts
        for name in permissions_asked(path.read_text())
    }
    assert asked, "no permission was found asked for"
    assert {name: where for name, where in asked.items() if not rules.perm_exists(name)} == {}


def test_a_planted_name_is_found_however_it_is_asked() -> None:
    planted = """
require(actor, "tables.count_tray", table)
rules.has_perm("audit.decide_correction", user, round)
perm = "tables.work_cage"
require(actor, perm)
"""
    assert permissions_asked(planted) == {
        "tables.count_tray",
        "audit.decide_correction",
        "tables.work_cage",
    }
    assert not rules.perm_exists("tables.count_tray")
