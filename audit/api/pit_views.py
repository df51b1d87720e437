"""The pit view's API: a pit's tables live with today's figures and the totals, or one table.
Thin views over ``audit.pit_view``; pit bosses of the pit, auditors and admins."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit import reads
from audit.api.pit_serializers import PitViewOutputSerializer, TableViewOutputSerializer
from casino.api.schema import refusals
from casino.api.shortcuts import found
from casino.core.errors import AccessCode


class PitViewApi(APIView):
    @extend_schema(
        responses={200: PitViewOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, pit_id: int) -> Response:
        """The pit now: each table's status, dealer, round in play and today's figures, with
        the pit's and the casino's totals."""
        with found():
            view = reads.pit_view_of(request.user, pit_id)
        return Response(PitViewOutputSerializer(view).data)


class TableViewApi(APIView):
    @extend_schema(
        responses={200: TableViewOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, table_id: int) -> Response:
        """One table now, as the pit view shows it."""
        with found():
            view = reads.table_view_of(request.user, table_id)
        return Response(TableViewOutputSerializer(view).data)
