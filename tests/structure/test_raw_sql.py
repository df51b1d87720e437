"""Reads across apps go through the owning app (its selectors, or SQL views it owns): raw SQL
naming another app's table is found here (``tests.structure.raw_sql``), and the views each app
publishes are read from its migrations."""

from __future__ import annotations

import os
from pathlib import Path

from django.apps import apps
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.operations import RunSQL, SeparateDatabaseAndState

from tests.structure.imports import PACKAGES
from tests.structure.raw_sql import (
    foreign_tables,
    published_views,
    raw_sql_across_apps,
    sql_strings,
    views_created,
    views_left_by,
)

ROOT = Path(__file__).resolve().parents[2]

#: The modules whose SQL names other apps' tables, and those tables: none. Each app reads another's
#: through its selectors or the views its migrations publish, and none may be added here.
KNOWN_READS_ACROSS_APPS: dict[str, list[str]] = {}


def _owners() -> dict[str, str]:
    return {
        model._meta.db_table: model._meta.app_label
        for model in apps.get_models(include_auto_created=True)
    }


def _modules() -> list[tuple[Path, str]]:
    """Every module of the project with the label of the app it belongs to ("" for the
    composition root's modules outside any app: no table is theirs)."""
    configs = sorted(apps.get_app_configs(), key=lambda config: -len(config.path))
    found = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            app = next((c.label for c in configs if str(path).startswith(c.path + os.sep)), "")
            found.append((path, app))
    return found


def _forward_sql() -> list[str]:
    """Every migration's forward SQL, the migrations in the order they apply."""
    loader = MigrationLoader(None, ignore_no_migrations=True)
    plan: list[tuple[str, str]] = []
    for leaf in sorted(loader.graph.leaf_nodes()):
        plan += [node for node in loader.graph.forwards_plan(leaf) if node not in plan]
    found: list[str] = []
    for node in plan:
        operations = list(loader.graph.nodes[node].operations)
        while operations:
            operation = operations.pop(0)
            if isinstance(operation, SeparateDatabaseAndState):
                operations[:0] = operation.database_operations
            elif isinstance(operation, RunSQL):
                sqls = [operation.sql] if isinstance(operation.sql, str) else operation.sql
                found += [sql if isinstance(sql, str) else sql[0] for sql in sqls]
    return found


def test_no_sql_names_another_apps_table_but_the_known_reads() -> None:
    found = raw_sql_across_apps(_modules(), _owners(), views_left_by(_forward_sql()))
    assert {
        Path(path).relative_to(ROOT).as_posix(): tables for path, tables in found.items()
    } == KNOWN_READS_ACROSS_APPS


def test_a_planted_read_is_found_in_a_statement_and_not_in_a_docstring_or_a_name() -> None:
    owners = {"tables_round": "tables", "payouts_settlement": "payouts"}
    planted = '''
"""Reads tables_round, as its docstring says."""

FIELDS = ("tables_round",)


def read(cursor, round_id):
    """From tables_round."""
    cursor.execute(f"SELECT s.id FROM payouts_settlement s JOIN tables_round r ON {round_id}")
'''
    assert sql_strings(planted) == ["SELECT s.id FROM payouts_settlement s JOIN tables_round r ON "]
    assert foreign_tables(planted, "payouts", owners) == {"tables_round"}
    assert foreign_tables(planted, "tables", owners) == {"payouts_settlement"}
    lower_case = planted.replace("SELECT", "select").replace("FROM", "from").replace("JOIN", "join")
    assert foreign_tables(lower_case, "payouts", owners) == {"tables_round"}


def test_migrations_are_history_and_left_out(tmp_path: Path) -> None:
    module = tmp_path / "app" / "migrations" / "0001.py"
    module.parent.mkdir(parents=True)
    module.write_text('SQL = "SELECT 1 FROM tables_round"\n')
    kept = tmp_path / "app" / "reads.py"
    kept.write_text('SQL = "SELECT 1 FROM tables_round"\n')
    assert raw_sql_across_apps(
        [(module, "payouts"), (kept, "payouts")], {"tables_round": "tables"}
    ) == {kept.as_posix(): ["tables_round"]}


def _migration(root: Path, app: str, sql: str) -> Path:
    module = root / app / "migrations" / "0002_views.py"
    module.parent.mkdir(parents=True, exist_ok=True)
    module.write_text(f"SQL = {sql!r}\nREVERSE = 'DROP VIEW IF EXISTS tables_floor_rounds'\n")
    return module


def test_a_view_a_migration_creates_is_its_apps_and_any_app_reads_it(tmp_path: Path) -> None:
    owners = {"tables_round": "tables", "payouts_settlement": "payouts"}
    created = _migration(
        tmp_path,
        "tables",
        "CREATE VIEW tables_floor_rounds AS SELECT id, table_id FROM tables_round;"
        " create or replace view tables_floor_pits as select 1",
    )
    assert views_created(created.read_text()) == {"tables_floor_rounds", "tables_floor_pits"}
    assert published_views([(created, "tables")]) == {
        "tables_floor_rounds": "tables",
        "tables_floor_pits": "tables",
    }
    reader = tmp_path / "payouts" / "reads.py"
    reader.parent.mkdir()
    reader.write_text(
        'SQL = "SELECT s.id FROM payouts_settlement s JOIN tables_floor_rounds r ON TRUE"\n'
    )
    assert raw_sql_across_apps([(created, "tables"), (reader, "payouts")], owners) == {}
    # The owner's own table beside its view is still another app's table.
    reader.write_text('SQL = "SELECT 1 FROM tables_floor_rounds v JOIN tables_round r ON TRUE"\n')
    assert raw_sql_across_apps([(created, "tables"), (reader, "payouts")], owners) == {
        reader.as_posix(): ["tables_round"]
    }


def test_a_name_no_migration_creates_is_not_a_table_nor_a_view() -> None:
    owners = {"tables_round": "tables"}
    planted = 'SQL = "SELECT 1 FROM tables_rounds_of_today JOIN tables_round r ON TRUE"\n'
    assert foreign_tables(planted, "payouts", owners) == {"tables_round"}
    assert foreign_tables(planted, "payouts", owners, {"tables_rounds_of_today"}) == {
        "tables_round"
    }
    # A published view wins over a model of the same name (an unmanaged model over a view).
    assert foreign_tables(planted, "payouts", owners, {"tables_round"}) == set()


def test_a_view_over_another_apps_table_is_found_in_its_migration(tmp_path: Path) -> None:
    """A view is what the database runs today, not history: the app that creates it reads
    through it, and may name only its own tables (and other apps' views) there."""
    owners = {"tables_round": "tables", "audit_correction": "audit"}
    created = _migration(
        tmp_path,
        "audit",
        "CREATE VIEW audit_rounds AS SELECT r.id FROM tables_round r"
        " JOIN audit_correction c ON c.round_id = r.id",
    )
    assert raw_sql_across_apps([(created, "audit")], owners) == {
        created.as_posix(): ["tables_round"]
    }


def test_every_published_view_is_named_after_its_app() -> None:
    """``<app label>_``: whose contract a view is shows in every statement that reads it."""
    views = published_views(_modules())
    assert views, "no app publishes a view"
    assert {view: app for view, app in views.items() if not view.startswith(app + "_")} == {}


def test_a_view_a_later_migration_drops_is_neither_read_nor_published(tmp_path: Path) -> None:
    """Tables move between apps; the views over them move with them, the old owner dropping
    its own and the new one creating its own. The old view's statement is history then."""
    owners = {"tables_round": "tables", "tables_traycount": "payouts"}
    created = _migration(
        tmp_path, "tables", "CREATE VIEW tables_waiting_counts AS SELECT id FROM tables_traycount"
    )
    live = views_left_by(
        [
            "CREATE VIEW tables_waiting_counts AS SELECT 1; CREATE VIEW tables_floor AS SELECT 1",
            "DROP VIEW IF EXISTS tables_waiting_counts;",
        ]
    )
    assert live == {"tables_floor"}
    assert raw_sql_across_apps([(created, "tables")], owners) == {
        created.as_posix(): ["tables_traycount"]
    }
    assert raw_sql_across_apps([(created, "tables")], owners, live) == {}
    reader = tmp_path / "audit" / "reads.py"
    reader.parent.mkdir()
    reader.write_text('SQL = "SELECT 1 FROM tables_waiting_counts"\n')
    owners["tables_waiting_counts"] = "tables"
    assert raw_sql_across_apps([(created, "tables"), (reader, "audit")], owners, live) == {
        reader.as_posix(): ["tables_waiting_counts"]
    }
