"""Rule sets are validated by each game's rules (RULES.md Part A) and stored complete."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from casino.core.models import AuditRecord
from casino.games.errors import GameError
from tables.engines import validate_rule_settings
from tables.models import Game, RuleSet


@pytest.mark.parametrize("game", [g.value for g in Game])
def test_defaults_are_complete_and_stable(game: str) -> None:
    complete = validate_rule_settings(game, {})
    assert complete, "every game has settings"
    assert validate_rule_settings(game, complete) == complete


@pytest.mark.parametrize(
    ("game", "stored", "field"),
    [
        ("russian_poker", {"boxes": 7}, "boxes"),
        ("russian_poker", {"ante_on_win": "double"}, "ante_on_win"),
        ("russian_poker", {"insurance_max_fraction": 0.5}, "insurance_max_fraction"),
        ("russian_poker", {"exchange_min": 3}, "exchange_min"),
        ("russian_poker", {"bonus_paid_in_gold": True}, "bonus_paid_in_gold"),
        ("ruby_run", {"max_players": 16}, "max_players"),
        ("ruby_run", {"betting": "spread_limit"}, "betting"),
        ("ruby_run", {"ante": "0", "big_blind": "0", "small_blind": "0"}, "big_blind"),
        ("ruby_run", {"rake": "percent", "rake_percent": "0"}, "rake_percent"),
        ("red_dog", {"burn_card": "on"}, "burn_card"),
        ("red_dog", {"refill": "sometimes"}, "refill"),
    ],
)
def test_invalid_settings_are_refused_naming_the_field(
    game: str, stored: dict[str, Any], field: str
) -> None:
    with pytest.raises(GameError) as refused:
        validate_rule_settings(game, stored)
    assert refused.value.code == "ruleset_invalid"
    assert refused.value.data["field"] == field


@pytest.mark.django_db
def test_model_validation_completes_settings_and_refuses_bad_ones() -> None:
    good = RuleSet(game=Game.RUSSIAN_POKER, name="x", version=1, settings={"ante_on_win": "pay"})
    good.full_clean()
    assert good.settings["ante_on_win"] == "pay"
    assert good.settings["exchange_min"] == 2
    bad = RuleSet(game=Game.RUSSIAN_POKER, name="x", version=2, settings={"boxes": 9})
    with pytest.raises(ValidationError) as refused:
        bad.full_clean()
    assert "ruleset_invalid" in str(refused.value)


@pytest.mark.django_db
def test_admin_creates_a_version_with_an_audit_row(users: dict[str, Any]) -> None:
    from django.test import Client

    client = Client()
    client.force_login(users["admin"])
    response = client.post(
        "/admin/tables/ruleset/add/",
        {
            "game": "ruby_run",
            "name": "Friday rules",
            "version": "1",
            "settings": '{"betting": "pot_limit"}',
        },
    )
    assert response.status_code == 302, response.content[:2000]
    rule_set = RuleSet.objects.get(name="Friday rules")
    assert rule_set.settings["betting"] == "pot_limit"
    record = AuditRecord.objects.get(event_code="config.rule_set_created")
    assert record.after["settings"]["betting"] == "pot_limit"
    assert record.actor_role == "admin"
