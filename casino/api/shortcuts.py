"""What every view of the API does the same way: validate input, answer 404 for what a read or
service did not find, document the ``Idempotency-Key`` header. Permissions are not decided
here: the services and reads the views call decide them (``casino.core.permissions``)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from drf_spectacular.utils import OpenApiParameter
from rest_framework import serializers

from casino.core.errors import ApiError, RequestCode

IDEMPOTENCY_HEADER = OpenApiParameter(
    "Idempotency-Key",
    str,
    OpenApiParameter.HEADER,
    required=False,
    description="Makes a retry harmless: the same key and body return the first response.",
)


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
