"""Each user's language: the one the pages read in for them (docs/i18n.md, "Who reads which
language"), kept by the server so that it follows them from page to page and from one table's
tablet to another's.

A choice is a row of :class:`~casino.identity.models.LanguageChoice`, append-only: the latest
of a user is in force (:func:`language_of`), none (or a choice of none) leaves the browser's
language in force. Every choice writes an ``auth.language_set`` audit row, as a PIN set does:
both are what a user sets of their own sign-in.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import timezone

from casino.core.audit_codes import AuditCode
from casino.core.errors import ApiError, TabletCode
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction
from casino.identity.models import LanguageChoice


def offered_languages() -> list[tuple[str, str]]:
    """The languages a user may choose, ``(code, name in its own words)``, as
    ``settings.LANGUAGES`` lists them."""
    return [(str(code), str(name)) for code, name in settings.LANGUAGES]


def language_of(user: Any) -> str | None:
    """The language ``user`` chose last, or ``None`` (none chosen, the last choice was none,
    or no signed-in user): one query. A code no longer offered counts as none."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    chosen = (
        LanguageChoice.objects.filter(user_id=user.pk)
        .order_by("-chosen_at", "-id")
        .values_list("language", flat=True)
        .first()
    )
    offered = {code for code, _ in offered_languages()}
    return chosen if chosen in offered else None


def language_choose(*, user: Any, language: str | None, actor: Any) -> LanguageChoice:
    """Record ``language`` (a code of ``settings.LANGUAGES``, or ``None`` for the browser's
    again) as ``user``'s choice from now on, chosen by ``actor`` (the user themself: the API
    lets nobody choose for another). A new row every time, never an edit; audited
    (``auth.language_set``).

    :raises ApiError: ``language_unknown`` (400) for a code the pages are not written in;
        nothing is written then.
    """
    offered = [code for code, _ in offered_languages()]
    if language is not None and language not in offered:
        raise ApiError(
            TabletCode.LANGUAGE_UNKNOWN,
            f"The pages are not written in the language {language!r}: one of "
            f"{', '.join(offered)}, or null for the browser's.",
            field="language",
            language=language,
            languages=offered,
        )
    with service_transaction():
        before = language_of(user)
        choice = LanguageChoice.objects.create(
            user=user, language=language or "", chosen_at=timezone.now(), chosen_by=actor
        )
        audit_record(
            event_code=AuditCode.LANGUAGE_SET,
            actor=actor,
            before={"language": before},
            after={"user": user.get_username(), "language": language},
        )
        return choice
