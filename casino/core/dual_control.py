"""The refusals every dual-control workflow shares: a request is decided by someone other than
the person who asked (and a step by someone who took no other step of it), and it is decided
once. Each workflow (corrections and retractions, limit changes, tray counts and drops, slips
and their voids) refuses with these, so that the same fault has the same code everywhere
(``DualControlCode``), its details naming the request."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from casino.core.errors import ApiError, DualControlCode


class DualControlled(StrEnum):
    """The requests decided under dual control, as a refusal's details name them."""

    CORRECTION = "correction"
    RETRACTION = "retraction"
    LIMIT_CHANGE = "limit_change"
    COUNT = "count"
    DROP = "drop"
    SLIP = "slip"
    SLIP_VOID = "slip_void"


def refuse_decided(request: DualControlled, message: str, **details: Any) -> ApiError:
    """The refusal of a decision on ``request``, which was decided already (409
    ``not_pending``)."""
    return ApiError(DualControlCode.NOT_PENDING, message, request=request.value, **details)


def refuse_self_approval(request: DualControlled, message: str, **details: Any) -> ApiError:
    """The refusal of a decision (or a step) on ``request`` by the person who asked for it, or
    who took another step of it (403 ``self_approval``)."""
    return ApiError(DualControlCode.SELF_APPROVAL, message, request=request.value, **details)
