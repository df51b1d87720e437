"""The house edges computed from the rules and kept per table configuration: asked for once per
configuration, computed band by band (the calculator's figures, a few thousand rounds a band
here: ``tests/settings.py``), read through the API and ``manage.py house_edge``, and asked for
when a version is made."""

from __future__ import annotations

import doctest
import io
from collections.abc import Callable
from decimal import Decimal as D
from typing import Any

import pytest
import redis
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client

from casino.core.models import Alert, AlertKind
from casino.games.house_edge import EdgeReport
from casino.games.house_edge.bands import ante_bands
from casino.games.russian import Paytables
from payouts.models import HouseEdgeStatus, Paytable, TablePaytable
from payouts.services import house_edges
from payouts.services.house_edges import (
    band_for,
    house_edge_compute,
    house_edges_request,
    table_configuration,
)
from tables.models import Game, RuleSet
from tests.fixtures import main_paytable, use_paytables

pytestmark = pytest.mark.django_db

#: A small table maximum, so that it binds within a few thousand rounds: the Bet's winnings on
#: a straight (4 to 1) pass 200 from an Ante of 26, on two pairs (2 to 1) from 51.
MAX_PAYOUT = D(200)


@pytest.fixture
def capped_table(floor: dict[str, Any]) -> Any:
    table = floor["table"]
    table.ante_min, table.ante_max, table.max_table_payout = D(10), D(100), MAX_PAYOUT
    table.bonus_min = table.bonus_max = None
    table.save()
    use_paytables(table, main_paytable())
    return table


def test_a_configuration_is_asked_for_once_and_computed_band_by_band(capped_table: Any) -> None:
    asked = house_edges_request()
    assert [edge.rule_set_id for edge in asked] == [capped_table.rule_set_id]
    assert house_edges_request() == []  # asked for, not yet stale: not sent again
    edge = house_edge_compute(asked[0].pk)

    assert edge.status == HouseEdgeStatus.DONE and edge.finished_at is not None
    bands = list(edge.bands.all())
    starts = ante_bands(
        Paytables.standard(), ante_min=D(10), ante_max=D(100), max_payout=MAX_PAYOUT, chip_unit=D(1)
    )
    assert [band.ante_from for band in bands] == list(starts)
    assert D(26) in starts and D(51) in starts
    for band in bands:
        assert band.main_low <= band.main_per_ante <= band.main_high
        assert band.rounds == settings.HOUSE_EDGES["ROUNDS"]
        report = EdgeReport.from_dict(band.report)
        assert report.main_game.per_ante.value == band.main_per_ante
        assert report.terms["ante"] == str(band.ante_from)
    # Computed again, it is the one kept: nothing is computed twice.
    assert house_edge_compute(edge.pk).bands.count() == len(bands)


def test_a_binding_maximum_makes_a_larger_ante_dearer(capped_table: Any) -> None:
    """The bands play the same rounds, so the maximum alone tells them apart: the edge never
    falls as the Ante grows, and the last band's is larger than the first's."""
    edge = house_edge_compute(house_edges_request()[0].pk)
    figures = [band.main_per_ante for band in edge.bands.all()]
    assert figures == sorted(figures)
    assert figures[-1] > figures[0]
    assert band_for(edge, D(60)).ante_from == max(
        s for s in (b.ante_from for b in edge.bands.all()) if s <= 60
    )
    assert band_for(edge, D(5)).ante_from == D(10)  # below the range: the first band


def test_a_configuration_the_calculator_refuses_is_kept_as_failed(capped_table: Any) -> None:
    capped_table.ante_min = D("10.50")  # not a whole number of chips of 1
    capped_table.save()
    edge = house_edge_compute(house_edges_request()[0].pk)
    assert edge.status == HouseEdgeStatus.FAILED
    assert "ante" in edge.failure and edge.bands.count() == 0


def test_a_table_of_a_pot_game_or_without_a_main_paytable_asks_for_nothing(
    floor: dict[str, Any],
) -> None:
    assert table_configuration(floor["table"]) is None  # no paytable yet
    assert house_edges_request() == []


def test_the_api_answers_the_bands_and_the_band_of_an_ante(
    capped_table: Any, client_for: Callable[[str | None], Any]
) -> None:
    edge = house_edge_compute(house_edges_request()[0].pk)
    url = f"/api/v1/rule-sets/{capped_table.rule_set_id}/house-edge/"
    response = client_for("auditor").get(url, {"ante": "60"})
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["ante"] == "60" and body["take"] is None
    [configuration] = body["configurations"]
    assert configuration["status"] == "done" and configuration["max_payout"] == "200.00"
    assert [band["ante_from"] for band in configuration["bands"]] == [
        str(band.ante_from) for band in edge.bands.all()
    ]
    assert configuration["at_ante"]["ante_from"] == str(band_for(edge, D(60)).ante_from)
    assert configuration["at_ante"]["method"] == "simulated"

    refused = client_for("auditor").get(url, {"ante": "-5"})
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "invalid_input"
    assert client_for("dealer").get(url).status_code == 403


def test_a_pot_game_s_rule_set_answers_its_take(client_for: Callable[[str | None], Any]) -> None:
    rule_set = RuleSet.objects.create(game=Game.RED_DOG, name="rd", version=1, settings={})
    response = client_for("pit_boss").get(f"/api/v1/rule-sets/{rule_set.pk}/house-edge/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["configurations"] == [] and body["take"]["game"] == "red_dog"


def test_manage_py_house_edge_computes_and_prints_the_table(capped_table: Any) -> None:
    with pytest.raises(CommandError, match="no house edge"):
        call_command("house_edge", stdout=io.StringIO())
    out = io.StringIO()
    call_command("house_edge", "--compute", "--ante", "60", stdout=out, stderr=io.StringIO())
    text = out.getvalue()
    assert "maximum 200.00" in text and "strategy guide: computed" in text
    assert "from an Ante of 26.00:" in text and "main_game:" in text
    assert "an Ante of 60 is in the band from 51.00" in text


def test_making_a_version_sends_the_refresh_once_it_commits(
    floor: dict[str, Any], settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.HOUSE_EDGES = {**settings.HOUSE_EDGES, "SEND_ON_CHANGE": True}
    broker = redis.Redis.from_url(settings.CELERY_BROKER_URL)
    broker.delete("celery")
    with django_capture_on_commit_callbacks(execute=True) as sent:
        main_paytable("rp-new")
    assert len(sent) == 1
    assert broker.llen("celery") == 1
    broker.delete("celery")


def test_several_changes_in_one_transaction_send_the_refresh_once(
    floor: dict[str, Any], settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """A new paytable, a new rule set and a table's limits changed together (as the demo floor
    and the admin make them) ask for one refresh, not one each: it looks at every table."""
    settings.HOUSE_EDGES = {**settings.HOUSE_EDGES, "SEND_ON_CHANGE": True}
    table = floor["table"]
    with django_capture_on_commit_callbacks() as sent:
        main_paytable("rp-together")
        RuleSet.objects.create(game=Game.RUSSIAN_POKER, name="together", version=1, settings={})
        table.ante_max = D(200)
        table.save(update_fields=["ante_max"])
    assert len(sent) == 1


def test_the_certificate_comparison_s_examples_hold() -> None:
    outcome = doctest.testmod(house_edges)
    assert outcome.attempted > 0 and outcome.failed == 0


def test_a_certified_edge_the_rules_do_not_bear_out_raises_an_alert(capped_table: Any) -> None:
    """The main paytable's certified figure is compared with the first band's main game per
    amount wagered, within its interval: one borne out raises nothing, one outside raises
    ``edge_mismatch`` once, naming both figures."""
    first = house_edge_compute(house_edges_request()[0].pk)
    computed = EdgeReport.from_dict(first.bands.first().report).main_game.per_wagered
    assert computed is not None and computed.low is not None and computed.high is not None

    certified = main_paytable("rp-certified")
    Paytable.objects.filter(pk=certified.pk).update(house_edge=computed.value)
    use_paytables(capped_table, certified)
    house_edge_compute(house_edges_request()[0].pk)
    assert not Alert.objects.filter(kind=AlertKind.EDGE_MISMATCH).exists()

    wrong = main_paytable("rp-wrong")
    Paytable.objects.filter(pk=wrong.pk).update(house_edge=computed.high + D("0.01"))
    use_paytables(capped_table, wrong)
    edge = house_edge_compute(house_edges_request()[0].pk)
    [alert] = Alert.objects.filter(kind=AlertKind.EDGE_MISMATCH)
    assert alert.cause == f"house_edge:{edge.pk}:paytable:{wrong.pk}"
    assert alert.details["certified"] == str(computed.high + D("0.01"))
    assert alert.details["computed"]["low"] == str(computed.low)
    assert alert.details["kind"] == "main"


def test_a_table_s_view_shows_its_edge_with_its_status_and_interval(
    capped_table: Any, client_for: Callable[[str | None], Any]
) -> None:
    def shown() -> dict[str, Any]:
        response = client_for("pit_boss").get(f"/api/v1/tables/{capped_table.pk}/view/")
        assert response.status_code == 200, response.json()
        edge: dict[str, Any] = response.json()["house_edge"]
        return edge

    assert shown() == {
        "status": "not_requested",
        "strategy": "guide",
        "bands": [],
        "rounds": None,
        "failure": "",
    }
    [asked] = house_edges_request()
    assert shown()["status"] == "pending"
    edge = house_edge_compute(asked.pk)
    answer = shown()
    assert (answer["status"], answer["rounds"]) == ("done", settings.HOUSE_EDGES["ROUNDS"])
    bands = list(edge.bands.all())
    assert [band["ante_from"] for band in answer["bands"]] == [str(b.ante_from) for b in bands]
    first = answer["bands"][0]
    # Percentages to two places of the kept fractions, the interval around the value.
    assert D(first["per_ante_pct"]) == (bands[0].main_per_ante * 100).quantize(D("0.01"))
    assert D(first["low_pct"]) <= D(first["per_ante_pct"]) <= D(first["high_pct"])
    assert D(first["low_pct"]) < D(first["high_pct"])  # simulated: an interval, not a point


def test_the_admin_s_paytable_page_shows_its_computed_edges(
    capped_table: Any, users: dict[str, Any]
) -> None:
    main = TablePaytable.objects.get(table=capped_table, kind="main").paytable
    client = Client()
    client.force_login(users["admin"])

    def page() -> str:
        response = client.get(f"/admin/payouts/paytable/{main.pk}/change/")
        assert response.status_code == 200
        return response.content.decode()

    assert "None asked for: no table plays this paytable." in page()
    [asked] = house_edges_request()
    assert "maximum 200.00, guide strategy: being computed" in page()
    edge = house_edge_compute(asked.pk)
    shown = page()
    assert "maximum 200.00, guide strategy: computed" in shown
    for band in edge.bands.all():
        low = (band.main_low * 100).quantize(D("0.01"))
        assert f"from Ante {band.ante_from}: " in shown
        assert f"(95 %: {low} to " in shown
