"""Dual control: a request is decided by someone other than the person who asked (and a step
by someone who took no other step of it), and it is decided once.

Every workflow under dual control (corrections and retractions, limit changes, tray counts and
drops, slips and their voids) refuses with :func:`refuse_decided` and
:func:`refuse_self_approval`, so that the same fault has the same code everywhere
(``DualControlCode``), its details naming the request; and every decision on such a request is
taken the one way :class:`Decision` takes it.
"""

from __future__ import annotations

import datetime as dt
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from enum import StrEnum
from typing import Any, ClassVar, Generic, TypeVar

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Model, QuerySet

from casino.core.errors import ApiError, DualControlCode
from casino.core.models import AuditRecord
from casino.core.permissions import DENIED_MESSAGE, require
from casino.core.roles import role_label
from casino.core.trail.recording import audit_record
from casino.core.transactions import service_transaction

#: What a request's lock is taken on: its table or its round.
Scope = TypeVar("Scope")
#: The request decided.
Pending = TypeVar("Pending", bound=Model)


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


def locked_with_scope(
    requests: QuerySet[Pending], pk: int, *, scope: str, lock: Callable[[Any], Scope]
) -> tuple[Scope, Pending]:
    """The request ``pk`` of ``requests``, read after ``lock`` took the lock of the row its
    field ``scope`` names (its table's or its round's: the lock that serialises every request
    and decision there).

    :raises DoesNotExist: (of the requests' model) for no request ``pk``.
    """
    locked = lock(requests.model._default_manager.values_list(scope, flat=True).get(pk=pk))
    return locked, requests.get(pk=pk)


class Decision(ABC, Generic[Scope, Pending]):
    """One decision on a request under dual control, taken by :meth:`take` in the order every
    workflow takes it, in one transaction: lock the request's scope and the request
    (:meth:`lock`), require the decider's permission (:meth:`require`), refuse a request decided
    already (409 ``not_pending``, :meth:`decided`) and a decision by its requester (403
    ``self_approval``, :meth:`requester_id`), then write the decision — what it does, its audit
    row, its row (:meth:`write`) — push the change (:meth:`push`) and set going what follows
    from it (:meth:`then`).

    A workflow says what is its own in a subclass, made for one decision: ``actor`` decides,
    with ``note`` (stripped), to ``approve`` (confirm) the request or not.
    """

    #: The request, as the refusals name it.
    subject: ClassVar[DualControlled]
    #: The permission a decider holds on the scope (the default :meth:`require`), and the
    #: refusal's message without it.
    perm: ClassVar[str]
    perm_message: ClassVar[str] = DENIED_MESSAGE
    #: The messages of the ``not_pending`` and the ``self_approval`` refusals.
    decided_message: ClassVar[str]
    self_approval_message: ClassVar[str]
    #: The request's field that holds the key of the person who asked (the default
    #: :meth:`requester_id`).
    requester_field: ClassVar[str] = "requested_by_id"

    def __init__(self, *, actor: AbstractBaseUser, note: str, approve: bool) -> None:
        self.actor = actor
        self.note = note.strip()
        self.approve = approve

    def take(self, request_id: int) -> Pending:
        """Decide the request ``request_id`` (see the class's docstring).

        :raises DoesNotExist: (of the request's model) for no such request.
        :raises ApiError: ``permission_denied`` (403), ``not_pending`` (409),
            ``self_approval`` (403), and what the workflow's own :meth:`write` raises.
        """
        with service_transaction():
            scope, request = self.lock(request_id)
            self.require(scope, request)
            decided = self.decided(request)
            if decided is not None:
                raise refuse_decided(self.subject, self.decided_message, **decided)
            if self.refuses_requester and self.requester_id(request) == self.actor.pk:
                raise refuse_self_approval(self.subject, self.self_approval_message)
            self.write(scope, request)
            self.push(scope, request)
            self.then(scope, request)
            return request

    @abstractmethod
    def lock(self, request_id: int) -> tuple[Scope, Pending]:
        """Lock the request's scope (in the workflow's lock order), and read the request."""

    def require(self, scope: Scope, request: Pending) -> None:
        """Refuse a decider without the permission to decide (403 ``permission_denied``)."""
        require(self.actor, self.perm, scope, message=self.perm_message)

    def decided(self, request: Pending) -> Mapping[str, Any] | None:
        """``None`` while the request waits for its decision; once decided, the details the
        refusal names (none: empty). By default, decided once it has its decision row (the
        one-to-one ``decision``), and naming nothing."""
        requests = type(request)._default_manager.filter(pk=request.pk)
        return {} if requests.filter(decision__isnull=False).exists() else None

    def requester_id(self, request: Pending) -> Any:
        """The key of the person who asked, who may not decide."""
        return getattr(request, self.requester_field)

    @property
    def refuses_requester(self) -> bool:
        """Whether the requester is refused this decision (``self_approval``)."""
        return True

    @abstractmethod
    def write(self, scope: Scope, request: Pending) -> None:
        """Write the decision: what it does, its audit row and its row."""

    def push(self, scope: Scope, request: Pending) -> None:
        """Publish the decision (none by default)."""

    def then(self, scope: Scope, request: Pending) -> None:
        """Set going what follows from the decision, once pushed (nothing by default)."""

    def record(self, event_code: str, *, before: Any, after: Any, **scope: Any) -> AuditRecord:
        """The decision's audit row, by the decider with the note as its reason, in the stream
        ``scope`` names (``table=`` or ``round=``, and ``gaming_day=`` where it is not the
        stream's day)."""
        return audit_record(
            event_code=event_code,
            actor=self.actor,
            before=before,
            after=after,
            reason=self.note,
            **scope,
        )

    def decided_fields(
        self, record: AuditRecord, *, at: dt.datetime | None = None
    ) -> dict[str, Any]:
        """The fields every decision row has: who decided, when (``at``, else the audit row's
        moment), the note and the audit row."""
        return {
            "decided_by": self.actor,
            "decided_at": record.occurred_at if at is None else at,
            "note": self.note,
            "audit_record_id": record.pk,
        }


def requested_fields(
    actor: AbstractBaseUser,
    record: AuditRecord,
    *,
    at: dt.datetime | None = None,
    with_role: bool = False,
) -> dict[str, Any]:
    """The fields every request under dual control has: who asked (and in which role, where
    the request keeps it: ``with_role``), when (``at``, else the moment of the audit row that
    recorded the request) and that audit row; the counterpart of
    :meth:`Decision.decided_fields`."""
    fields = {
        "requested_by": actor,
        "requested_at": record.occurred_at if at is None else at,
        "audit_record_id": record.pk,
    }
    if with_role:
        fields["requested_role"] = role_label(actor)
    return fields
