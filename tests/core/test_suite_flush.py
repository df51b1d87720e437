"""The suite's flush (the end of every transactional test) leaves the database as the
migrations made it: on an xdist worker, any test may come next, not only transactional ones
(which pytest-django puts last in a single process)."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group
from django.core.management import call_command

from casino.core.roles import Role


@pytest.mark.django_db(transaction=True)
def test_a_flush_keeps_the_role_groups_the_migrations_made() -> None:
    call_command("flush", interactive=False, verbosity=0)
    assert set(Group.objects.values_list("name", flat=True)) == {role.value for role in Role}
