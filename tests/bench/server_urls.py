"""The project's URLs plus ``bench/insert/``: a bare DRF endpoint that inserts one row.

It is the baseline of the HTTP benchmarks: the cost of Django, DRF, one connection from the pool
and one INSERT, with no authentication, validation or business logic.
"""

from django.db import connection
from django.urls import path
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.urls import urlpatterns as project_urlpatterns

BENCH_TABLE = "bench_insert"


class BareInsertApi(APIView):
    authentication_classes: list[type] = []
    permission_classes = [AllowAny]

    def post(self, request: Request) -> Response:
        with connection.cursor() as cursor:
            cursor.execute(
                f"INSERT INTO {BENCH_TABLE} (payload) VALUES (%s) RETURNING id",
                [str(request.data.get("payload", ""))[:100]],
            )
            (row_id,) = cursor.fetchone()
        return Response({"id": row_id}, status=201)


urlpatterns = [path("bench/insert/", BareInsertApi.as_view()), *project_urlpatterns]
