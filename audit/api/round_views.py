"""The round search and a round's story: thin views over ``audit.round_search`` and
``audit.round_story``."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit import reads
from audit.api.round_serializers import (
    RoundPageOutputSerializer,
    RoundStoryOutputSerializer,
    round_row,
    round_story_output,
)
from audit.round_search import (
    AMOUNT_PATTERN,
    DEFAULT_LIMIT,
    DEFAULT_ORDERING,
    MAX_LIMIT,
    ORDERINGS,
    STATUSES,
)
from casino.api.schema import refusals
from casino.api.shortcuts import found
from casino.core.errors import AccessCode, SearchCode
from tables.models import Game


def _query(name: str, kind: OpenApiTypes, description: str, **extra: object) -> OpenApiParameter:
    return OpenApiParameter(name, kind, OpenApiParameter.QUERY, description=description, **extra)


SEARCH_PARAMETERS = [
    _query("day_from", OpenApiTypes.DATE, "Gaming day, from (inclusive)."),
    _query("day_to", OpenApiTypes.DATE, "Gaming day, to (inclusive)."),
    _query("casino", OpenApiTypes.INT, "A casino, by id."),
    _query("pit", OpenApiTypes.INT, "A pit, by id."),
    _query("table", OpenApiTypes.INT, "A table, by id."),
    _query("game", OpenApiTypes.STR, "The game.", enum=[value for value, _ in Game.choices]),
    _query("dealer", OpenApiTypes.INT, "The dealer of record (who opened it), by user id."),
    _query(
        "status",
        OpenApiTypes.STR,
        "`corrected`: settled, with an approved payout correction; `settled`: settled, without.",
        enum=[value for value, _ in STATUSES],
    ),
    _query(
        "payout_above",
        OpenApiTypes.STR,
        "The settlement paid more than this amount in total (a decimal string).",
        pattern=AMOUNT_PATTERN,
    ),
    _query("cap_applied", OpenApiTypes.BOOL, "The table's maximum payout cut it."),
    _query("corrected", OpenApiTypes.BOOL, "It has an approved correction (a void included)."),
    _query("replay_mismatch", OpenApiTypes.BOOL, "A replay disagreed with its settlement."),
    _query(
        "ordering",
        OpenApiTypes.STR,
        f"Ascending, or descending with `-`; ties by id. Default `{DEFAULT_ORDERING}`.",
        enum=[value for value, _ in ORDERINGS],
    ),
    _query("cursor", OpenApiTypes.STR, "The `next_cursor` of the page before."),
    _query(
        "limit",
        OpenApiTypes.INT,
        f"Rows per page, 1 to {MAX_LIMIT} (default {DEFAULT_LIMIT}).",
    ),
]


class RoundSearchApi(APIView):
    @extend_schema(
        operation_id="rounds_search",
        parameters=SEARCH_PARAMETERS,
        responses={
            200: RoundPageOutputSerializer,
            **refusals(AccessCode.PERMISSION_DENIED, SearchCode.FILTER_INVALID),
        },
    )
    def get(self, request: Request) -> Response:
        """Rounds, filtered and ordered, a page at a time: auditors and admins see every
        round, a pit boss those of the own pits, a dealer the round in play at the own table."""
        page = reads.round_search_page(request.user, request.query_params)
        return Response(
            {
                "results": [round_row(round) for round in page.rounds],
                "next_cursor": page.next_cursor,
            }
        )


class RoundStoryApi(APIView):
    @extend_schema(
        responses={200: RoundStoryOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, round_id: int) -> Response:
        """A round's whole story: its events (who, when, from which device and request), its
        cards, its settlement beside a replay made now, line by line, its corrections with
        their decisions, and its rows of the audit trail."""
        with found():
            story = reads.round_story_of(request.user, round_id)
        return Response(round_story_output(story))
