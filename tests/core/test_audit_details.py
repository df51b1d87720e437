"""An audit row's optional columns are passed by name (``casino.core.trail.recording``): one
the trail does not know is refused, as a misspelt keyword would be, and nothing is recorded."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import transaction

from casino.core.models import AuditRecord
from casino.core.trail.recording import audit_record


@pytest.mark.django_db
def test_an_unknown_column_is_refused_and_nothing_is_recorded() -> None:
    misspelt: dict[str, Any] = {"reson": "a typo of reason"}
    with transaction.atomic(), pytest.raises(TypeError, match="reson"):
        audit_record(event_code="test.event", actor=None, **misspelt)
    assert not AuditRecord.objects.exists()
