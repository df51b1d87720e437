"""No two modules of the project import each other, directly or round a longer cycle: a cycle
makes the order of imports matter and hides which module stands on which."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.structure.imports import import_graph, module_cycles


def test_no_modules_import_each_other_round_a_cycle() -> None:
    assert module_cycles(import_graph()) == []


def _package(root: Path, name: str, modules: dict[str, str]) -> None:
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module, source in modules.items():
        (package / f"{module}.py").write_text(source)


def test_a_planted_cycle_is_found_through_a_function_and_type_checking(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """a imports b at the top, b imports c inside a function, c imports a only for typing:
    one cycle of three; d, which imports a, is in none."""
    _package(
        tmp_path,
        "planted",
        {
            "a": "from planted import b\n",
            "b": "def f():\n    from planted import c\n",
            "c": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from planted import a\n",
            "d": "import planted.a\n",
        },
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = import_graph(["planted"])
    assert module_cycles(graph, ["planted"]) == [["planted.a", "planted.b", "planted.c"]]


def test_modules_that_import_one_way_make_no_cycle(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _package(tmp_path, "oneway", {"a": "from oneway import b\n", "b": "import json\n"})
    monkeypatch.syspath_prepend(str(tmp_path))
    assert module_cycles(import_graph(["oneway"]), ["oneway"]) == []
