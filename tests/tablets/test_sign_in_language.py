"""The language a PIN sign-in at a tablet answers: the user's own, kept by the server, so that a
dealer's choice follows them from one table's tablet to another's; and the dealer's token of the
tablet may choose it, as the tablet does when the dealer taps another on the PIN pad."""

from __future__ import annotations

from typing import Any

import pytest

from casino.identity.languages import language_choose, language_of
from casino.identity.models import LanguageChoice
from casino.identity.pins import pin_set
from tests.tablets.conftest import Registered, pin_sign_in, token_client

pytestmark = pytest.mark.django_db

LANGUAGE_URL = "/api/v1/auth/language/"
DECISION_URL = "/api/v1/tablets/decision-sign-in/"


def test_a_dealer_with_no_choice_signs_in_with_none(
    floor: dict[str, Any], tablet: Registered, pins: dict[str, str], address: str
) -> None:
    answer = pin_sign_in(tablet.client(address), floor["table"].pk, "dealer", pins["dealer"])

    assert answer.status_code == 201, answer.content
    assert answer.json()["language"] is None


def test_the_dealers_choice_at_one_tablet_is_answered_at_another(
    floor: dict[str, Any],
    users: dict[str, Any],
    tablet: Registered,
    other_tablet: Registered,
    pins: dict[str, str],
    address: str,
) -> None:
    """The dealer chooses Russian with the token of RP-1's tablet; at RP-9's tablet the
    sign-in answers it."""
    here = pin_sign_in(tablet.client(address), floor["table"].pk, "dealer", pins["dealer"])
    chosen = token_client(here.json()["token"]).put(LANGUAGE_URL, {"language": "ru"}, format="json")
    assert chosen.status_code == 200, chosen.content
    assert language_of(users["dealer"]) == "ru"

    # The other pit's dealer, whose own is kept apart, signs in at the other table's tablet.
    language_choose(user=users["other_dealer"], language="es", actor=users["other_dealer"])
    there = pin_sign_in(
        other_tablet.client(address),
        floor["other_table"].pk,
        "other_dealer",
        pins["other_dealer"],
    )
    assert there.json()["language"] == "es"
    again = pin_sign_in(tablet.client(address), floor["table"].pk, "dealer", pins["dealer"])
    assert again.json()["language"] == "ru"


def test_a_pit_bosss_decision_sign_in_answers_their_language_and_chooses_none(
    floor: dict[str, Any], users: dict[str, Any], tablet: Registered, address: str
) -> None:
    pin_set(user_id=users["pit_boss"].pk, pin="9999", actor=users["admin"])
    language_choose(user=users["pit_boss"], language="es", actor=users["pit_boss"])
    body = {"table": floor["table"].pk, "username": "pit_boss", "pin": "9999"}

    signed = tablet.client(address).post(DECISION_URL, body, format="json")

    assert signed.status_code == 201, signed.content
    assert signed.json()["language"] == "es"
    # A decision's sign-in decides, and nothing else: its token chooses no language.
    refused = token_client(signed.json()["token"]).put(
        LANGUAGE_URL, {"language": "ru"}, format="json"
    )
    assert refused.status_code == 403
    assert LanguageChoice.objects.filter(user=users["pit_boss"]).count() == 1
