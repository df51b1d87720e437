"""The import graph of the project's packages, read from the source without importing it
(``grimp``, which ``lint-imports`` builds on), and the cycles in it."""

from __future__ import annotations

from collections.abc import Iterable

import grimp

#: The project's packages: the fixed top level's four.
PACKAGES = ("casino", "tables", "payouts", "audit")


def import_graph(packages: Iterable[str] = PACKAGES) -> grimp.ImportGraph:
    """Every import of ``packages``' modules, at the top of a module, inside a function or
    under ``TYPE_CHECKING`` alike: a cycle through any of them is a cycle."""
    return grimp.build_graph(*packages, cache_dir=None)


def module_cycles(graph: grimp.ImportGraph, packages: Iterable[str] = PACKAGES) -> list[list[str]]:
    """The sets of modules that import each other round a cycle (the strongly connected
    components of more than one module), each sorted, sorted; ``[]`` when there is none.

    Only imports between modules of ``packages`` count. Iterative (Tarjan's algorithm with an
    explicit stack), since a deep import chain would exhaust Python's recursion.
    """
    roots = tuple(packages)
    modules = sorted(m for m in graph.modules if m.split(".")[0] in roots)
    within = set(modules)
    edges = {
        module: sorted(graph.find_modules_directly_imported_by(module) & within)
        for module in modules
    }
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in modules:
        if start in index:
            continue
        work = [(start, 0)]
        while work:
            module, position = work.pop()
            if position == 0:
                index[module] = low[module] = len(index)
                stack.append(module)
                on_stack.add(module)
            targets = edges[module]
            if position < len(targets):
                work.append((module, position + 1))
                target = targets[position]
                if target not in index:
                    work.append((target, 0))
                elif target in on_stack:
                    low[module] = min(low[module], index[target])
                continue
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == module:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return sorted(found)
