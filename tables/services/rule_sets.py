"""Rule sets: each a version of a game's settings, validated by the game and never edited."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser

from casino.core.audit_codes import AuditCode
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from tables.engines import game_of
from tables.models import RuleSet


def rule_set_create(
    *, actor: AbstractBaseUser, game: str, name: str, version: int, settings: Any
) -> RuleSet:
    """Create a version of a rule set, its settings validated and completed by the game.

    :raises GameError: ``ruleset_invalid`` (``data["field"]``).
    """
    with service_transaction():
        rule_set = RuleSet.objects.create(
            game=game,
            name=name,
            version=version,
            settings=game_of(game).validate_rules(settings),
            created_by=actor,
        )
        audit_record(
            event_code=AuditCode.RULE_SET_CREATED,
            actor=actor,
            after={
                "name": rule_set.name,
                "version": rule_set.version,
                "game": rule_set.game,
                "settings": rule_set.settings,
            },
        )
        return rule_set
