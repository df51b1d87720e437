"""Raw SQL that names another app's table: a read (or write) behind the owning app's back,
which import contracts cannot see, since SQL names a table and imports nothing.

A string of the code counts as SQL when it has an SQL keyword (``SELECT``, ``FROM``, ``JOIN``...,
in any case): a field or a table named alone is not SQL, nor is a docstring.
Migrations are left out, but for the views they create: they record what was done to the
schema, tables moved between apps included, and are never edited.

An app's tables are its own; what it lets other apps read in SQL it publishes as views, which
its migrations create (``CREATE [OR REPLACE] VIEW <name>``): a view belongs to the app whose
migration creates it, and any app may read it. A view is not history but what the database runs
today, so the statement that creates it is read like code: it names its own app's tables only
(and other apps' views). A view a later migration drops is no longer run, and neither published
nor read (``live``: the views the migrations leave, :func:`views_left_by`).
"""

from __future__ import annotations

import ast
import re
from collections.abc import Collection, Iterable, Mapping
from pathlib import Path

#: What makes a string SQL rather than a name or a sentence.
SQL_KEYWORD = re.compile(r"\b(SELECT|INSERT|UPDATE|DELETE|FROM|JOIN|TRUNCATE|TABLE)\b", re.I)
#: A statement that creates a view, with the view's name.
CREATE_VIEW = re.compile(
    r"\bCREATE\s+(?:OR\s+REPLACE\s+)?(?:MATERIALIZED\s+)?VIEW\s+(?:IF\s+NOT\s+EXISTS\s+)?"
    r'"?([A-Za-z_][A-Za-z0-9_]*)"?',
    re.I,
)


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


def views_created(source: str) -> set[str]:
    """The views the SQL of ``source`` (a migration) creates, by name, in lower case."""
    return {name.lower() for text in sql_strings(source) for name in CREATE_VIEW.findall(text)}


def published_views(modules: Iterable[tuple[Path, str]]) -> dict[str, str]:
    """Every view the migrations among ``modules`` (each a path and its app's label) create,
    mapped to that app's label: the app that publishes it."""
    return {
        view: app
        for path, app in modules
        if "migrations" in path.parts
        for view in views_created(path.read_text())
    }


def _statements_creating(text: str, live: Collection[str] | None) -> list[str]:
    """The statements of ``text`` that create a view (of ``live`` only, unless ``None``)."""
    return [
        statement
        for statement in text.split(";")
        if (found := CREATE_VIEW.search(statement))
        and (live is None or found.group(1).lower() in live)
    ]


def foreign_tables(
    source: str,
    app: str,
    owners: Mapping[str, str],
    views: Collection[str] = (),
    *,
    creating_views: bool = False,
    live: Collection[str] | None = None,
) -> set[str]:
    """The tables of apps other than ``app`` that the SQL of ``source`` names; ``owners`` maps
    each table to its app's label. A name in ``views`` is a published view, which any app may
    read, whoever owns a table of that name (an unmanaged model over a view). With
    ``creating_views``, only the statements that create a view are read (a migration's), and
    of those, with ``live``, only the statements creating a view still in ``live``."""
    names = re.compile(
        r"\b(" + "|".join(sorted(map(re.escape, owners), key=len, reverse=True)) + r")\b"
    )
    published = {view.lower() for view in views}
    return {
        table
        for text in sql_strings(source)
        for statement in (_statements_creating(text, live) if creating_views else [text])
        for table in names.findall(statement)
        if owners[table] != app and table.lower() not in published
    }


def raw_sql_across_apps(
    modules: Iterable[tuple[Path, str]],
    owners: Mapping[str, str],
    live: Collection[str] | None = None,
) -> dict[str, list[str]]:
    """For each module (its path and its app's label) whose SQL names another app's tables,
    those tables, sorted. Of a migration, only the statements that create a view are read;
    the views the migrations create (:func:`published_views`) may be read by any app. With
    ``live``, the views the migrations leave (:func:`views_left_by`), a view dropped since is
    neither read nor published."""
    modules = list(modules)
    views = published_views(modules)
    if live is not None:
        live = {view.lower() for view in live}
        views = {view: app for view, app in views.items() if view in live}
    found: dict[str, list[str]] = {}
    for path, app in modules:
        in_migrations = "migrations" in path.parts
        tables = foreign_tables(
            path.read_text(), app, owners, views, creating_views=in_migrations, live=live
        )
        if tables:
            found[path.as_posix()] = sorted(tables)
    return found


#: A statement that drops views, with their names.
DROP_VIEW = re.compile(r"\bDROP\s+(?:MATERIALIZED\s+)?VIEW\s+(?:IF\s+EXISTS\s+)?([^;]+)", re.I)


def views_left_by(forward_sql: Iterable[str]) -> set[str]:
    """The views that the SQL ``forward_sql`` runs, in its order (each migration's forward
    statements, the migrations in the order they apply), leaves in the database."""
    live: set[str] = set()
    for text in forward_sql:
        for statement in text.split(";"):
            if created := CREATE_VIEW.search(statement):
                live.add(created.group(1).lower())
            elif dropped := DROP_VIEW.search(statement):
                names = (name.strip().strip('"').lower() for name in dropped.group(1).split(","))
                live.difference_update(name.split()[0] for name in names if name)
    return live
