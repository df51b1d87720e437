"""The one way a permission is decided: by the service or selector that does the work, once.

The ``rules`` predicates of each app (``tables.rules``, ``audit.rules``...) say who may do what
to which object; a write decides its permission inside its transaction, on the row it has just
locked, so what was allowed is what is written; a read decides it in the selector the view
calls. Views authenticate and nothing more (``tests/structure/test_permissions_in_services``).

There is no superuser shortcut: the predicates decide for every user (an administrator does not
deal).
"""

from __future__ import annotations

from typing import Any

import rules

from casino.core.errors import AccessCode, ApiError

#: What a refusal for want of a permission says, whatever was asked.
DENIED_MESSAGE = "Your role does not allow this here."


def require(
    user: Any,
    perm: str,
    obj: Any = None,
    *,
    message: str = DENIED_MESSAGE,
) -> None:
    """Refuse unless ``perm`` holds for ``user`` on ``obj`` (a row the caller has locked, for a
    write). Every workflow refuses a missing permission with this one code.

    :raises ApiError: ``permission_denied`` (403) with ``message``.
    """
    if not rules.has_perm(perm, user, obj):
        raise ApiError(AccessCode.PERMISSION_DENIED, message)
