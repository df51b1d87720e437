"""A row read once per process by its id stays true only while ids are never given twice: after
a flush, which starts every id again, the next row with that id is read anew."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from tables.engines import rule_set_settings, validate_rule_settings
from tables.models import Game, RuleSet


def _rule_set(game: str, name: str) -> RuleSet:
    return RuleSet.objects.create(
        game=game, name=name, version=1, settings=validate_rule_settings(game, {})
    )


@pytest.mark.django_db(transaction=True)
def test_a_rule_set_read_before_a_flush_is_not_taken_for_the_next_with_its_id() -> None:
    call_command("flush", interactive=False, verbosity=0)
    russian = _rule_set(Game.RUSSIAN_POKER, "before")
    assert rule_set_settings(russian.pk) == russian.settings
    call_command("flush", interactive=False, verbosity=0)
    ruby = _rule_set(Game.RUBY_RUN, "after")
    assert ruby.pk == russian.pk, "the flush did not start the ids again"
    assert ruby.settings != russian.settings
    assert rule_set_settings(ruby.pk) == ruby.settings
