"""Dealers' qualifications: recorded with their evidence and audited, held through the gaming
day they expire on and refused the day after, revoked with a reason (never while the dealer
deals the game), append-only in the database."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.db import DatabaseError, transaction
from django.utils import timezone

from casino.core.errors import ApiError
from casino.core.models import AuditRecord
from casino.core.roles import Role
from casino.identity.models import Qualification, QualificationRevocation
from casino.identity.qualifications import (
    dealer_qualified,
    qualification_record,
    qualification_revoke,
)
from tables.models import DealerAssignment, Game
from tables.services.tables import dealer_assign
from tests.owner import as_owner

pytestmark = pytest.mark.django_db

#: An expiry, for the tests that do not travel to it.
EXPIRES_ON = dt.date(2027, 2, 11)
#: When the evidence was obtained: a day every clock has reached.
QUALIFIED_ON = dt.date(2025, 3, 1)


def _local(floor: dict[str, Any], day: dt.date, hour: int, minute: int = 0, second: int = 0) -> Any:
    """The instant of ``day`` at ``hour:minute:second`` on the test casino's wall clock."""
    zone = ZoneInfo(floor["casino"].time_zone)
    return dt.datetime(day.year, day.month, day.day, hour, minute, second, tzinfo=zone)


def _recorded(dealer: Any, actor: Any, **terms: Any) -> Qualification:
    fields = {
        "game": Game.RUSSIAN_POKER,
        "evidence_kind": "training",
        "evidence_reference": "RP course 12",
        "qualified_on": QUALIFIED_ON,
        **terms,
    }
    return qualification_record(dealer_id=dealer.pk, actor=actor, **fields)


def _state() -> tuple[int, int, int, int]:
    return (
        Qualification.objects.count(),
        QualificationRevocation.objects.count(),
        DealerAssignment.objects.count(),
        AuditRecord.objects.count(),
    )


def test_a_qualification_is_recorded_with_its_evidence_and_audited(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    recorded = _recorded(trainee, users["pit_boss"], evidence_kind="test", expires_on=EXPIRES_ON)
    stored = Qualification.objects.get(pk=recorded.pk)
    assert (stored.dealer, stored.game, stored.evidence_kind, stored.evidence_reference) == (
        trainee,
        "russian_poker",
        "test",
        "RP course 12",
    )
    assert (stored.qualified_on, stored.expires_on, stored.recorded_by) == (
        QUALIFIED_ON,
        EXPIRES_ON,
        users["pit_boss"],
    )
    audit = AuditRecord.objects.get(event_code="dealer.qualification_recorded")
    assert (audit.actor_id, audit.after["dealer"], audit.after["game"]) == (
        users["pit_boss"].pk,
        "trainee",
        "russian_poker",
    )
    assert audit.occurred_at == stored.recorded_at


@pytest.mark.parametrize(
    ("terms", "field"),
    [
        ({"qualified_on": dt.date(2999, 1, 1)}, "qualified_on"),
        ({"expires_on": QUALIFIED_ON - dt.timedelta(days=1)}, "expires_on"),
        ({"evidence_reference": "   "}, "evidence_reference"),
        ({"evidence_kind": "hearsay"}, "evidence_kind"),
        ({"game": "blackjack"}, "game"),
    ],
    ids=["date-to-come", "expires-before-qualified", "no-evidence", "unknown-evidence", "no-game"],
)
def test_bad_dates_or_evidence_are_refused_and_nothing_written(
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    terms: dict[str, Any],
    field: str,
) -> None:
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    before = _state()
    with pytest.raises(ApiError) as refused:
        _recorded(trainee, users["pit_boss"], **terms)
    assert (refused.value.code, refused.value.details["field"]) == ("qualification_invalid", field)
    assert _state() == before


@pytest.mark.parametrize("actor", ["dealer", "auditor", "cage", "no_role"])
def test_only_pit_bosses_and_admins_record_qualifications(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any], actor: str
) -> None:
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    before = _state()
    with pytest.raises(ApiError) as refused:
        _recorded(trainee, users[actor])
    assert refused.value.code == "permission_denied"
    assert _state() == before


def test_a_pit_boss_of_another_pit_qualifies_a_dealer_new_to_the_floor_and_not_a_pit_boss(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    """A dealer new to the floor belongs to no pit until first assigned: any pit boss records
    the qualification that assignment needs. Only a dealer is qualified."""
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    _recorded(trainee, users["other_pit_boss"])
    with pytest.raises(ApiError) as refused:
        _recorded(users["pit_boss"], users["admin"])
    assert refused.value.code == "not_a_dealer"
    qualified = Qualification.objects.filter(dealer__username__in=["trainee", "pit_boss"])
    assert list(qualified.values_list("dealer__username", "recorded_by__username")) == [
        ("trainee", "other_pit_boss")
    ]


def test_a_qualification_holds_through_its_expiry_gaming_day_and_not_the_day_after(
    floor: dict[str, Any],
    users: dict[str, Any],
    make_user: Callable[..., Any],
    gaming_day: dt.date,
    time_machine: Any,
) -> None:
    """Expiring on a gaming day (two days ahead of the casino's today): held at its last second
    (05:59:59 the next morning, the casino's gaming day starting at 06:00), not at the first
    second of the next; so a dealer is seated at 05:59:59 and refused at 06:00, whatever the
    machine's date."""
    day = gaming_day + dt.timedelta(days=2)
    next_day = day + dt.timedelta(days=1)
    time_machine.move_to(_local(floor, day, 9), tick=False)
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    _recorded(trainee, users["pit_boss"], expires_on=day)
    clock = floor["casino"].clock
    last_second = _local(floor, next_day, 5, 59, 59)
    first_second_after = _local(floor, next_day, 6)
    assert clock.day_of(last_second) == day and clock.day_of(first_second_after) == next_day
    assert dealer_qualified(trainee.pk, Game.RUSSIAN_POKER, last_second, clock=clock)
    assert not dealer_qualified(trainee.pk, Game.RUSSIAN_POKER, first_second_after, clock=clock)
    # Not before it was recorded, nor for another game.
    assert not dealer_qualified(trainee.pk, Game.RUSSIAN_POKER, _local(floor, day, 8), clock=clock)
    assert not dealer_qualified(trainee.pk, Game.RED_DOG, _local(floor, day, 10), clock=clock)

    table = floor["table"]
    time_machine.move_to(last_second, tick=False)
    dealer_assign(table_id=table.pk, dealer=trainee, actor=users["pit_boss"])
    # Relieved as the gaming day turns, and seated again a second later: refused.
    time_machine.move_to(first_second_after, tick=False)
    dealer_assign(table_id=table.pk, dealer=users["dealer"], actor=users["pit_boss"])
    time_machine.move_to(first_second_after + dt.timedelta(seconds=1), tick=False)
    before = _state()
    with pytest.raises(ApiError) as refused:
        dealer_assign(table_id=table.pk, dealer=trainee, actor=users["pit_boss"])
    assert refused.value.code == "dealer_not_qualified"
    assert refused.value.details == {"dealer": "trainee", "game": "russian_poker"}
    assert _state() == before


def test_a_revoked_qualification_no_longer_holds_from_its_revocation(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    qualification = _recorded(trainee, users["pit_boss"])
    clock = floor["casino"].clock
    before_revocation = timezone.now()
    revocation = qualification_revoke(
        qualification_id=qualification.pk, reason="failed the audit", actor=users["admin"]
    )
    assert dealer_qualified(trainee.pk, Game.RUSSIAN_POKER, before_revocation, clock=clock)
    assert not dealer_qualified(trainee.pk, Game.RUSSIAN_POKER, revocation.revoked_at, clock=clock)
    audit = AuditRecord.objects.get(event_code="dealer.qualification_revoked")
    assert (audit.reason, audit.before["qualification"], audit.occurred_at) == (
        "failed the audit",
        qualification.pk,
        revocation.revoked_at,
    )
    with pytest.raises(ApiError) as refused:
        qualification_revoke(
            qualification_id=qualification.pk, reason="again", actor=users["admin"]
        )
    assert refused.value.code == "qualification_already_revoked"


def test_revoking_the_game_the_dealer_deals_now_is_refused_until_relieved(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any]
) -> None:
    """The dealer deals Russian Poker at RP-1: that qualification is not revoked under the
    dealer's hands (the relief comes first); another game's is."""
    dealer = users["dealer"]
    russian = Qualification.objects.get(dealer=dealer, game=Game.RUSSIAN_POKER)
    before = _state()
    with pytest.raises(ApiError) as refused:
        qualification_revoke(qualification_id=russian.pk, reason="lapsed", actor=users["pit_boss"])
    assert refused.value.code == "dealer_dealing_game"
    assert refused.value.details == {"dealer": "dealer", "game": "russian_poker", "table": "RP-1"}
    assert _state() == before

    red_dog = Qualification.objects.get(dealer=dealer, game=Game.RED_DOG)
    qualification_revoke(qualification_id=red_dog.pk, reason="lapsed", actor=users["pit_boss"])
    spare = make_user("spare", Role.DEALER)
    dealer_assign(table_id=floor["table"].pk, dealer=spare, actor=users["pit_boss"])
    qualification_revoke(qualification_id=russian.pk, reason="lapsed", actor=users["pit_boss"])
    assert set(QualificationRevocation.objects.values_list("qualification__game", flat=True)) == {
        "red_dog",
        "russian_poker",
    }


@pytest.mark.parametrize(
    "sql",
    [
        "UPDATE identity_qualification SET expires_on = NULL WHERE id = %(q)s",
        "DELETE FROM identity_qualification WHERE id = %(q)s",
        "UPDATE identity_qualificationrevocation SET reason = 'x' WHERE qualification_id = %(q)s",
        "DELETE FROM identity_qualificationrevocation WHERE qualification_id = %(q)s",
    ],
    ids=["update", "delete", "update-revocation", "delete-revocation"],
)
def test_qualifications_and_revocations_are_append_only(
    floor: dict[str, Any], users: dict[str, Any], make_user: Callable[..., Any], sql: str
) -> None:
    """Not even the owner changes one: a correction is a new record."""
    trainee = make_user("trainee", Role.DEALER, qualified=False)
    qualification = _recorded(trainee, users["pit_boss"], expires_on=EXPIRES_ON)
    qualification_revoke(qualification_id=qualification.pk, reason="r", actor=users["pit_boss"])
    with pytest.raises(DatabaseError, match="append-only"), transaction.atomic():
        with as_owner() as cursor:
            cursor.execute(sql, {"q": qualification.pk})
    assert Qualification.objects.get(pk=qualification.pk).expires_on == EXPIRES_ON
    assert QualificationRevocation.objects.get(qualification=qualification).reason == "r"
