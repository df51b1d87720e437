"""The house edge a rule set gives, computed from its rules: ``GET
/api/v1/rule-sets/{id}/house-edge/?ante=``. Per table configuration that uses the rule set (its
paytables, Ante range, table maximum and chip unit), the table of edges by Ante band with their
95 % intervals, the player strategy, how each figure was obtained and the computation's status;
with ``ante``, the band that Ante falls in. A pot game's rule set answers what it takes, which
is exact (``docs/house-edge.md``)."""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.schema import refusals
from casino.api.shortcuts import found
from casino.core.errors import AccessCode
from casino.games.house_edge import red_dog_take, ruby_run_take
from casino.games.reddog.rules import RedDogRules
from casino.games.rubyrun.rules import RubyRunRules
from payouts import reads
from payouts.models import HouseEdge, HouseEdgeBand
from payouts.services.house_edges import band_for
from tables.models import Game, RuleSet

#: An Ante as the API writes amounts: digits, at most two after the point, no sign.
ANTE_PATTERN = r"^\d{1,12}(\.\d{1,2})?$"


class EdgeFigureSerializer(serializers.Serializer):  # type: ignore[type-arg]
    value = serializers.CharField(help_text="A fraction of one (0.052 is 5.2 %).")
    low = serializers.CharField(allow_null=True, help_text="The 95 % interval's low end.")
    high = serializers.CharField(allow_null=True, help_text="The 95 % interval's high end.")


class EdgeBandSerializer(serializers.Serializer):  # type: ignore[type-arg]
    ante_from = serializers.CharField(help_text="The band's first Ante, where it is computed.")
    main_per_ante = EdgeFigureSerializer(help_text="The main game per initial Ante.")
    main_per_wagered = serializers.CharField(help_text="The main game per amount wagered.")
    method = serializers.CharField(help_text="`simulated` (with `rounds`) or `exact`.")
    rounds = serializers.IntegerField()
    report = serializers.JSONField(
        help_text="Every wager type's figures, how each was obtained, the strategy, the seed."
    )


class EdgeConfigurationSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "done", "failed"])
    failure = serializers.CharField()
    strategy = serializers.CharField()
    half_width = serializers.CharField(help_text="The aimed 95 % half-width, of the Ante.")
    main_paytable = serializers.CharField()
    bonus_paytable = serializers.CharField(allow_null=True)
    ante_min = serializers.CharField()
    ante_max = serializers.CharField()
    max_payout = serializers.CharField(allow_null=True)
    chip_unit = serializers.CharField()
    requested_at = serializers.CharField()
    finished_at = serializers.CharField(allow_null=True)
    bands = EdgeBandSerializer(many=True)
    at_ante = EdgeBandSerializer(allow_null=True, help_text="The band of the asked Ante, if asked.")


class HouseEdgeOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    rule_set = serializers.DictField(help_text="`id`, `name`, `version` and `game`.")
    ante = serializers.CharField(allow_null=True)
    configurations = EdgeConfigurationSerializer(many=True)
    take = serializers.DictField(
        allow_null=True, help_text="A pot game's take (exact); null for Russian Poker."
    )


class RuleSetHouseEdgeApi(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "ante",
                OpenApiTypes.STR,
                OpenApiParameter.QUERY,
                description="An Ante: the answer names the band it falls in.",
                pattern=ANTE_PATTERN,
            )
        ],
        responses={
            200: HouseEdgeOutputSerializer,
            **refusals(AccessCode.PERMISSION_DENIED, "invalid_input"),
        },
    )
    def get(self, request: Request, rule_set_id: int) -> Response:
        """The house edge of a rule set, per table configuration that uses it, by Ante band."""
        with found():
            rule_set, edges = reads.rule_set_house_edges(request.user, rule_set_id)
        ante = _ante(request.query_params.get("ante"))
        return Response(
            {
                "rule_set": {
                    "id": rule_set.pk,
                    "name": rule_set.name,
                    "version": rule_set.version,
                    "game": rule_set.game,
                },
                "ante": None if ante is None else str(ante),
                "configurations": [_configuration(edge, ante) for edge in edges],
                "take": _take(rule_set),
            }
        )


def _ante(text: str | None) -> Decimal | None:
    if text is None:
        return None
    if not re.fullmatch(ANTE_PATTERN, text):
        raise serializers.ValidationError({"ante": ["Give an Ante such as 25 or 25.50."]})
    return Decimal(text)


def _configuration(edge: HouseEdge, ante: Decimal | None) -> dict[str, Any]:
    at_ante = None if ante is None else band_for(edge, ante)
    return {
        "id": edge.pk,
        "status": edge.status,
        "failure": edge.failure,
        "strategy": edge.strategy,
        "half_width": str(edge.half_width),
        "main_paytable": str(edge.main_paytable),
        "bonus_paytable": None if edge.bonus_paytable is None else str(edge.bonus_paytable),
        "ante_min": str(edge.ante_min),
        "ante_max": str(edge.ante_max),
        "max_payout": None if edge.max_payout is None else str(edge.max_payout),
        "chip_unit": str(edge.chip_unit),
        "requested_at": edge.requested_at.isoformat(),
        "finished_at": None if edge.finished_at is None else edge.finished_at.isoformat(),
        "bands": [_band(band) for band in edge.bands.all()],
        "at_ante": None if at_ante is None else _band(at_ante),
    }


def _band(band: HouseEdgeBand) -> dict[str, Any]:
    return {
        "ante_from": str(band.ante_from),
        "main_per_ante": {
            "value": str(band.main_per_ante),
            "low": str(band.main_low),
            "high": str(band.main_high),
        },
        "main_per_wagered": str(band.main_per_wagered),
        "method": band.report["main_game"]["method"],
        "rounds": band.rounds,
        "report": band.report,
    }


def _take(rule_set: RuleSet) -> dict[str, Any] | None:
    if rule_set.game == Game.RUBY_RUN:
        take = ruby_run_take(RubyRunRules.from_dict(rule_set.settings))
    elif rule_set.game == Game.RED_DOG:
        take = red_dog_take(RedDogRules.from_dict(rule_set.settings))
    else:
        return None
    return {
        name: value if value is None or isinstance(value, str) else str(value)
        for name, value in dataclasses.asdict(take).items()
    }
