"""The dealers' records: a pit's rotation plans, one row a version.

- ``RotationPlan``: one version of a pit's plan for one shift, with everything it was made and
  checked from (the shift's terms, the tables, the dealers with their qualified games and
  absences) and its strings and slots as ``casino.dealers.rotation.Plan`` holds them. A change
  is a new version (``casino.dealers.plans``); the database refuses to change or delete one.
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from casino.core.fields import user_field
from tables.models import Pit


class RotationPlanSource(models.TextChoices):
    PROPOSED = "proposed", "Proposed by the system"
    EDITED = "edited", "Edited by a pit boss"


class RotationPlan(models.Model):
    """One version of a pit's rotation plan for the shift starting at ``shift_start``.

    ``tables``: ``[{"id", "game", "string"}]``; ``dealers``: ``[{"id", "games", "absences":
    [{"start", "end"}]}]`` (the games they were qualified for at the shift's start);
    ``strings``: ``[{"name", "tables", "push", "reliefs", "slots": [{"dealer", "place",
    "start", "end"}]}]``, ids as strings, a break's place ``"BREAK"``, minutes of the shift.
    """

    pit = models.ForeignKey(Pit, on_delete=models.PROTECT, related_name="+")
    shift_start = models.DateTimeField()
    version = models.PositiveIntegerField()
    length = models.PositiveIntegerField(help_text="The shift's minutes.")
    minutes_on = models.PositiveIntegerField()
    minutes_off = models.PositiveIntegerField()
    min_stint = models.PositiveIntegerField()
    grace = models.PositiveIntegerField()
    tables = models.JSONField()
    dealers = models.JSONField()
    strings = models.JSONField()
    source = models.CharField(max_length=10, choices=RotationPlanSource.choices)
    saved_by = user_field()
    saved_at = models.DateTimeField()
    audit_record_id = models.BigIntegerField(unique=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["pit", "shift_start", "version"], name="rotation_plan_version_unique"
            ),
            models.CheckConstraint(
                condition=Q(version__gte=1), name="rotation_plan_version_from_1"
            ),
        ]

    def __str__(self) -> str:
        start = f"{self.shift_start:%Y-%m-%d %H:%M}"
        return f"Rotation plan of pit {self.pit_id} from {start}, version {self.version}"
