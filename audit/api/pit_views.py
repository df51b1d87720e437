"""The pit view's API: a pit's tables live with today's figures and the totals, or one table.
Thin views over ``audit.pit_view``; pit bosses of the pit, auditors and admins."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from audit.api.pit_serializers import PitViewOutputSerializer, TableViewOutputSerializer
from audit.pit_view import pit_view, table_view
from casino.api.schema import refusals
from casino.api.shortcuts import require_permission
from casino.core.errors import AccessCode
from tables.models import Pit, Table


class PitViewApi(APIView):
    @extend_schema(
        responses={200: PitViewOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, pit_id: int) -> Response:
        """The pit now: each table's status, dealer, round in play and today's figures, with
        the pit's and the casino's totals."""
        pit = get_object_or_404(Pit, pk=pit_id)
        require_permission(request, "audit.view_pit", pit)
        return Response(PitViewOutputSerializer(pit_view(pit_id=pit.pk)).data)


class TableViewApi(APIView):
    @extend_schema(
        responses={200: TableViewOutputSerializer, **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, table_id: int) -> Response:
        """One table now, as the pit view shows it."""
        table = get_object_or_404(Table.objects.select_related("pit"), pk=table_id)
        require_permission(request, "audit.view_pit", table)
        return Response(TableViewOutputSerializer(table_view(table_id=table.pk)).data)
