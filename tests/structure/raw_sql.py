"""Raw SQL that names another app's table: a read (or write) behind the owning app's back,
which import contracts cannot see, since SQL names a table and imports nothing.

A string of the code counts as SQL when it has an SQL keyword (``SELECT``, ``FROM``, ``JOIN``...,
in any case): a field or a table named alone is not SQL, nor is a docstring.
Migrations are left out: they record what was done to the schema, tables moved between apps
included, and are never edited.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

#: What makes a string SQL rather than a name or a sentence.
SQL_KEYWORD = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|TRUNCATE|TABLE)\b", re.I)


def sql_strings(source: str) -> list[str]:
    """The strings of ``source`` (f-strings by their literal parts) that are SQL, docstrings
    left out."""
    tree = ast.parse(source)
    # Docstrings, and the literal parts of f-strings (read with their f-string), are not read
    # on their own.
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                skipped.add(id(body[0].value))
        elif isinstance(node, ast.JoinedStr):
            skipped.update(id(part) for part in node.values)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            text = "".join(
                part.value
                for part in node.values
                if isinstance(part, ast.Constant) and isinstance(part.value, str)
            )
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in skipped:
                continue
            text = node.value
        else:
            continue
        if SQL_KEYWORD.search(text):
            found.append(text)
    return found


def foreign_tables(source: str, app: str, owners: Mapping[str, str]) -> set[str]:
    """The tables of apps other than ``app`` that the SQL of ``source`` names; ``owners`` maps
    each table to its app's label."""
    names = re.compile(
        r"\b(" + "|".join(sorted(map(re.escape, owners), key=len, reverse=True)) + r")\b"
    )
    return {
        table
        for text in sql_strings(source)
        for table in names.findall(text)
        if owners[table] != app
    }


def raw_sql_across_apps(
    modules: Iterable[tuple[Path, str]], owners: Mapping[str, str]
) -> dict[str, list[str]]:
    """For each module (its path and its app's label) whose SQL names another app's tables,
    those tables, sorted; migrations left out."""
    found: dict[str, list[str]] = {}
    for path, app in modules:
        if "migrations" in path.parts:
            continue
        tables = foreign_tables(path.read_text(), app, owners)
        if tables:
            found[path.as_posix()] = sorted(tables)
    return found
