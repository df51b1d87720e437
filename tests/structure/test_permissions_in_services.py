"""The views authenticate; permission is decided once, by the service or read a view calls
(``casino.core.permissions``): no module of an API package decides one
(``tests.structure.permissions``)."""

from __future__ import annotations

from pathlib import Path

from tests.structure.imports import PACKAGES
from tests.structure.permissions import api_modules, permission_calls, permission_calls_in

ROOT = Path(__file__).resolve().parents[2]

#: Modules of an API package that are services rather than views, and decide the permissions
#: of what they do as every service does: none (sign-in lockouts are identity's service,
#: ``casino/identity/lockouts.py``, outside its API package).
SERVICES_IN_API_PACKAGES: frozenset[str] = frozenset()


def test_no_view_decides_a_permission() -> None:
    modules = [
        path
        for path in api_modules(ROOT, PACKAGES)
        if path.relative_to(ROOT).as_posix() not in SERVICES_IN_API_PACKAGES
    ]
    assert modules, "no module of an API package was read"
    assert permission_calls_in(modules, ROOT) == {}


def test_the_services_in_api_packages_are_still_there() -> None:
    for name in SERVICES_IN_API_PACKAGES:
        assert (ROOT / name).is_file(), f"{name} is gone: take it off the list"


def test_a_planted_decision_is_found_however_it_is_called() -> None:
    planted = '''
"""A view that calls rules.has_perm, as its docstring says."""

import rules
from casino.core import permissions
from casino.core.permissions import DENIED_MESSAGE
from casino.core.permissions import require as must


def get(request, table):
    """require_permission(request, "tables.view_table") is not called here."""
    rules.has_perm("tables.view_table", request.user, table)
    request.user.has_perm("tables.view_table", table)
    must(request.user, "tables.view_table", table)
    permissions.require(request.user, "tables.view_table", table)
    require_permission(request, "tables.view_table", table)
    return DENIED_MESSAGE
'''
    assert permission_calls(planted) == [
        "12: rules.has_perm",
        "13: request.user.has_perm",
        "14: must",
        "15: permissions.require",
        "16: require_permission",
    ]


def test_a_view_that_decides_nothing_passes() -> None:
    clean = """
from casino.core.permissions import DENIED_MESSAGE
from rest_framework.permissions import IsAuthenticated


def require(thing):
    return thing


class Api:
    permission_classes = [IsAuthenticated]

    def has_permission(self, request, view):
        return request.user.is_authenticated

    def get(self, request):
        return require(DENIED_MESSAGE)
"""
    assert permission_calls(clean) == []


def test_a_planted_module_is_found_among_the_api_packages(tmp_path: Path) -> None:
    views = tmp_path / "app" / "api" / "views.py"
    views.parent.mkdir(parents=True)
    views.write_text("import rules\n\n\ndef get(request):\n    rules.has_perm('x', request.user)\n")
    service = tmp_path / "app" / "services" / "things.py"
    service.parent.mkdir(parents=True)
    service.write_text("import rules\n\n\ndef do(user):\n    rules.has_perm('x', user)\n")
    modules = api_modules(tmp_path, ["app"])
    assert modules == [views]
    assert permission_calls_in(modules, tmp_path) == {"app/api/views.py": ["5: rules.has_perm"]}
