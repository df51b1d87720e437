"""What the surfaces' page views share: who may open a page, and the API's URLs handed to the
page's script."""

from __future__ import annotations

from typing import Any

import rules
from django.core.exceptions import PermissionDenied
from django.urls import reverse


def require_page_perm(user: Any, perm: str, obj: Any = None) -> None:
    """Refuse the page unless ``perm`` holds for ``user`` (on ``obj``, when given).

    A page answers a refusal as HTML, not in the API's error shape: this raises Django's
    ``PermissionDenied`` (403), never ``casino.core.permissions.require``'s ``ApiError``.
    """
    if not rules.has_perm(perm, user, obj):
        raise PermissionDenied


def url_template(name: str, argument: str) -> str:
    """The route ``name``'s URL with ``{id}`` where its one id (``argument``) goes, for the
    page's script to fill in (``at(url, id)`` of ``common/api.js``)."""
    return reverse(name, kwargs={argument: 0}).replace("/0/", "/{id}/")
