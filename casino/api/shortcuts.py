"""What every view of the API does the same way: check a permission, validate input, document
the ``Idempotency-Key`` header."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import rules
from django.core.exceptions import ObjectDoesNotExist
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers
from rest_framework.exceptions import PermissionDenied
from rest_framework.request import Request

from casino.core.errors import ApiError, RequestCode

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Makes a retry harmless: the same key and body return the first response.",
)


def require_permission(request: Request, perm: str, obj: Any = None) -> None:
    """Refuse with 403 ``permission_denied`` unless ``perm`` holds for the user on ``obj``.

    The ``rules`` predicates decide, with no superuser shortcut: an administrator does not deal.
    """
    if not rules.has_perm(perm, request.user, obj):
        raise PermissionDenied("Your role does not allow this here.")


def validated(serializer_class: type[serializers.Serializer], data: Any) -> dict[str, Any]:  # type: ignore[type-arg]
    """``data`` validated by ``serializer_class``; a 400 in the one error shape if not."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def not_found() -> ApiError:
    """The 404 ``not_found`` refusal, for a service that did not find what a URL names."""
    return ApiError(RequestCode.NOT_FOUND, "Not found.")


@contextmanager
def found() -> Iterator[None]:
    """Answer 404 ``not_found`` for a row the read or service called within did not find
    (``Model.DoesNotExist``). Wrap the call alone: a row missing while the answer is built is
    a fault of the server, not of the URL."""
    try:
        yield
    except ObjectDoesNotExist:
        raise not_found() from None
