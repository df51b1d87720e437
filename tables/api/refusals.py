"""Counting a dealer's refused requests at a table after the refusal (``tables.services.refusals``).

The decorator goes outside ``idempotent``: the request's transaction has ended, rolled back,
when a refusal reaches it, so what it writes is not rolled back with the request.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.errors import validation_code
from casino.core.errors import ApiError, status_of
from casino.core.metrics import refusal_counted
from casino.core.roles import Role, user_role
from casino.games.errors import GameError
from tables.models import Round, Table
from tables.services.refusals import refusal_count, refusal_record

Handler = Callable[..., Response]


def refusal_code(exc: Exception) -> str | None:
    """The code of a refusal of what a dealer asked at the table: a 4xx other than 401, 403
    and 404 (who may ask, and whether the round exists, are not the dealer's trouble at this
    table), or ``None``."""
    if isinstance(exc, ApiError | GameError):
        code = exc.code
        status = status_of(code)
    elif isinstance(exc, ValidationError):
        # The code the answer carries (``action_unknown``, ``card_unknown``... or
        # ``invalid_input``), as the dealer saw it.
        code = validation_code(exc.detail)[0]
        status = status_of(code)
    else:
        return None
    return code if 400 <= status < 500 and status not in (401, 403, 404) else None


def table_of_round(kwargs: dict[str, Any]) -> int | None:
    return Round.objects.filter(pk=kwargs["round_id"]).values_list("table_id", flat=True).first()


def table_of_table(kwargs: dict[str, Any]) -> int | None:
    return int(kwargs["table_id"])


def game_of_table(table_id: int) -> str:
    """The game played at the table, or ``""`` for a table that does not exist."""
    return Table.objects.filter(pk=table_id).values_list("game", flat=True).first() or ""


def refusals_counted(
    table_of: Callable[[dict[str, Any]], int | None],
) -> Callable[[Handler], Handler]:
    """Count each refusal of a request at the table ``table_of`` finds in the view's URL
    arguments (the metrics' ``casino_refusals_total``; a dealer's also towards the
    ``dealer_refusals`` alert, and kept for the dealer's accuracy), then let the refusal
    through unchanged."""

    def decorate(handler: Handler) -> Handler:
        @functools.wraps(handler)
        def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
            try:
                return handler(view, request, *args, **kwargs)
            except Exception as exc:
                code = refusal_code(exc)
                table_id = table_of(kwargs) if code is not None else None
                if code is not None and table_id is not None:
                    refusal_counted(game=game_of_table(table_id), code=code)
                    if user_role(request.user) is Role.DEALER:
                        refusal_count(table_id=table_id, code=code)
                        refusal_record(table_id=table_id, dealer_id=request.user.pk, code=code)
                raise

        return wrapper

    return decorate
