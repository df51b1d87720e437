"""The auditors' round search: every round a user may see, filtered, ordered and paged by a
cursor.

The filters are a django-filter ``FilterSet`` (:class:`RoundFilter`), so each query parameter
is parsed and validated by one form field, and a value that does not parse is refused with
``filter_invalid`` naming the parameter; a parameter the search does not know is refused with
``unknown_field``. What a user sees is decided before any filter (:func:`visible_rounds`), so
no filter can widen it: an auditor or an admin sees every round, a pit boss the rounds of the
own pits, a dealer only the round in play at the table of the current assignment.

Pages are keyset pages: the cursor holds the ordering and the last row's (key, id), and the
next page is the rows after it in that order. A row written between two pages therefore never
shifts a page, and a deep page costs what the first does (the index is entered at the key).

Vocabulary of a row:

- ``status`` is where the round stands now: ``open``; ``voided``, voided before its
  settlement or by an approved void after it (a settled round keeps its own status,
  ``tables.lifecycle``, and the void is a correction beside it); ``corrected``, settled with
  an approved payout correction and not voided; else ``settled``.
- ``corrected`` means at least one approved correction, a void included; ``corrections``
  counts them.
- ``dealer`` is the dealer of record, who opened the round (the one the reports name);
  ``dealers`` lists everyone who recorded an event in it, in the order they first did. The
  ``dealer`` filter is the dealer of record, as in the reports.
- ``paid`` is the settlement's total returned; ``payout_above`` keeps rounds that paid more
  than the amount (an unsettled round paid nothing). Ordering by ``paid`` counts an unsettled
  round as 0.
- ``replay_mismatch`` means a ``replay_mismatch`` alert names the round: its settlement was
  refused because the replay and the kept state disagreed, or the nightly replay found its
  stored settlement different.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import json
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any, NoReturn

import django_filters
from django import forms
from django.contrib.postgres.expressions import ArraySubquery
from django.db.models import (
    Case,
    CharField,
    Count,
    DecimalField,
    Exists,
    F,
    IntegerField,
    Min,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, JSONObject

from casino.core.errors import ApiError, RequestCode, SearchCode
from casino.core.models import Alert, AlertKind
from casino.core.roles import Role, user_role
from payouts.models import Correction, CorrectionKind, CorrectionStatus, PayoutLine
from tables.models import DealerAssignment, Game, Pit, Round, RoundEvent, RoundStatus

#: The statuses a search names: the round's own, and ``corrected``.
CORRECTED = "corrected"
STATUSES = (
    (RoundStatus.OPEN.value, "Open"),
    (RoundStatus.SETTLED.value, "Settled, neither corrected nor voided"),
    (RoundStatus.VOIDED.value, "Voided, before its settlement or after it"),
    (CORRECTED, "Settled, with an approved payout correction"),
)

#: The keys a search orders by, each ascending or descending (``-``); ties by id, the same way.
ORDER_KEYS = ("opened_at", "gaming_day", "paid")
ORDERINGS = tuple((f"{sign}{key}", f"{sign}{key}") for key in ORDER_KEYS for sign in ("", "-"))
DEFAULT_ORDERING = "-opened_at"

DEFAULT_LIMIT = 50
MAX_LIMIT = 200

#: The largest id PostgreSQL's ``bigint`` holds: a larger one can name no row.
MAX_ID = 2**63 - 1
#: What the settlement's totals hold (``payouts.Settlement``): 16 digits, 2 after the point.
AMOUNT_DIGITS, AMOUNT_PLACES = 16, 2

_MONEY = DecimalField(max_digits=AMOUNT_DIGITS, decimal_places=AMOUNT_PLACES)


class StrictBooleanField(forms.Field):
    """``true`` or ``false``, nothing else: a flag that does not read is refused rather than
    read as "no filter" (what a select widget's ``NullBooleanField`` would do)."""

    widget = forms.TextInput
    _VALUES = {"true": True, "false": False}

    def to_python(self, value: Any) -> bool | None:
        if value in (None, ""):
            return None
        if isinstance(value, bool):
            return value
        try:
            return self._VALUES[str(value)]
        except KeyError:
            raise forms.ValidationError("Give true or false.", code="invalid") from None


#: An amount as the API writes one: digits, and at most two after the point (no sign, no
#: exponent), within what the settlement's totals hold.
AMOUNT_PATTERN = rf"^\d{{1,{AMOUNT_DIGITS - AMOUNT_PLACES}}}(\.\d{{1,{AMOUNT_PLACES}}})?$"


class AmountField(forms.DecimalField):
    """An amount of money written as :data:`AMOUNT_PATTERN` says, and nothing else."""

    def to_python(self, value: Any) -> Decimal | None:
        if value not in (None, "") and not re.fullmatch(AMOUNT_PATTERN, str(value)):
            raise forms.ValidationError("Give an amount such as 1000 or 1000.50.", code="invalid")
        return super().to_python(value)  # type: ignore[no-any-return]


class AmountFilter(django_filters.NumberFilter):
    field_class = AmountField


class IdFilter(django_filters.Filter):
    """A row named by its id: a positive integer PostgreSQL can hold."""

    field_class = forms.IntegerField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)


class FlagFilter(django_filters.Filter):
    field_class = StrictBooleanField


def _approved_corrections() -> QuerySet[Correction]:
    return Correction.objects.filter(round=OuterRef("pk"), status=CorrectionStatus.APPROVED)


def _payout_corrected() -> Exists:
    return Exists(_approved_corrections().filter(kind=CorrectionKind.PAYOUT_CORRECTION))


def _voided() -> Q:
    """Voided before its settlement, or by an approved void after it."""
    return Q(status=RoundStatus.VOIDED) | Q(
        Exists(_approved_corrections().filter(kind=CorrectionKind.VOID))
    )


def _corrected_status() -> Q:
    return Q(status=RoundStatus.SETTLED) & Q(_payout_corrected()) & ~_voided()


def _replay_mismatched() -> Exists:
    return Exists(Alert.objects.filter(kind=AlertKind.REPLAY_MISMATCH, round_id=OuterRef("pk")))


class RoundFilter(django_filters.FilterSet):
    """The search's filters, each a query parameter; all given must hold."""

    day_from = django_filters.DateFilter(
        field_name="gaming_day", lookup_expr="gte", help_text="Gaming day, from (inclusive)."
    )
    day_to = django_filters.DateFilter(
        field_name="gaming_day", lookup_expr="lte", help_text="Gaming day, to (inclusive)."
    )
    casino = IdFilter(field_name="table__pit__casino_id", help_text="A casino, by id.")
    pit = IdFilter(field_name="table__pit_id", help_text="A pit, by id.")
    table = IdFilter(field_name="table_id", help_text="A table, by id.")
    game = django_filters.ChoiceFilter(choices=Game.choices)
    dealer = IdFilter(field_name="dealer_id", help_text="The dealer of record, by user id.")
    status = django_filters.ChoiceFilter(choices=STATUSES, method="filter_status")
    payout_above = AmountFilter(
        field_name="settlement__total_returned",
        lookup_expr="gt",
        help_text="The settlement paid more than this amount in total.",
    )
    cap_applied = FlagFilter(method="filter_cap_applied", help_text="The maximum payout cut it.")
    corrected = FlagFilter(method="filter_corrected", help_text="An approved correction.")
    replay_mismatch = FlagFilter(
        method="filter_replay_mismatch", help_text="A replay disagreed with it."
    )
    # Applied by the cursor's keyset (round_search), which it must agree with; validated here.
    ordering = django_filters.ChoiceFilter(choices=ORDERINGS, method="filter_nothing")

    class Meta:
        model = Round
        fields: list[str] = []

    def filter_status(self, rounds: QuerySet[Round], name: str, value: str) -> QuerySet[Round]:
        if value == CORRECTED:
            return rounds.filter(_corrected_status())
        if value == RoundStatus.VOIDED:
            return rounds.filter(_voided())
        if value == RoundStatus.SETTLED:
            return rounds.filter(Q(status=RoundStatus.SETTLED) & ~_voided()).exclude(
                _corrected_status()
            )
        return rounds.filter(status=value)

    def filter_cap_applied(
        self, rounds: QuerySet[Round], name: str, value: bool
    ) -> QuerySet[Round]:
        if value:
            return rounds.filter(settlement__cap_applied=True)
        return rounds.exclude(settlement__cap_applied=True)

    def filter_corrected(self, rounds: QuerySet[Round], name: str, value: bool) -> QuerySet[Round]:
        corrected = Exists(_approved_corrections())
        return rounds.filter(corrected if value else ~corrected)

    def filter_replay_mismatch(
        self, rounds: QuerySet[Round], name: str, value: bool
    ) -> QuerySet[Round]:
        mismatched = _replay_mismatched()
        return rounds.filter(mismatched if value else ~mismatched)

    def filter_nothing(self, rounds: QuerySet[Round], name: str, value: str) -> QuerySet[Round]:
        return rounds


#: Every parameter the search reads: the filters, and the page's.
PAGE_PARAMETERS = ("cursor", "limit")
PARAMETERS = (*RoundFilter.base_filters, *PAGE_PARAMETERS)


def visible_rounds(user: Any) -> QuerySet[Round]:
    """The rounds ``user`` may see, before any filter: all (auditor, admin), the own pits'
    (pit boss), the round in play at the table of the current assignment (dealer), or none."""
    role = user_role(user)
    if role in (Role.AUDITOR, Role.ADMIN):
        return Round.objects.all()
    if role is Role.PIT_BOSS:
        return Round.objects.filter(table__pit__in=Pit.objects.filter(supervisors=user))
    if role is Role.DEALER:
        current = DealerAssignment.objects.filter(dealer=user, ended_at__isnull=True)
        return Round.objects.filter(
            status=RoundStatus.OPEN, table_id__in=current.values("table_id")
        )
    return Round.objects.none()


def search_rows(rounds: QuerySet[Round]) -> QuerySet[Round]:
    """``rounds`` with what a row of the search shows (``row_*`` annotations), for a page of
    them: each annotation is a subquery of one round, run for the page's rows alone."""
    lines = PayoutLine.objects.filter(settlement__round=OuterRef("pk"))
    actors = (
        RoundEvent.objects.filter(round=OuterRef("pk"))
        .values("actor_id", "actor__username")
        .annotate(first=Min("seq"))
        .order_by("first")
        .values(json=JSONObject(id="actor_id", name="actor__username"))
    )
    return rounds.select_related("table__pit__casino", "dealer", "settlement").annotate(
        row_status=Case(
            When(_voided(), then=Value(RoundStatus.VOIDED.value)),
            When(_corrected_status(), then=Value(CORRECTED)),
            default=F("status"),
            output_field=CharField(),
        ),
        row_withheld=Coalesce(
            Subquery(
                lines.filter(paid_amount__lt=F("computed_amount"))
                .values("settlement")
                .annotate(total=Sum(F("computed_amount") - F("paid_amount")))
                .values("total")[:1],
                output_field=_MONEY,
            ),
            Value(Decimal(0)),
            output_field=_MONEY,
        ),
        row_corrections=Coalesce(
            Subquery(
                _approved_corrections()
                .values("round")
                .annotate(count=Count("pk"))
                .values("count")[:1],
                output_field=IntegerField(),
            ),
            Value(0),
        ),
        row_replay_mismatch=_replay_mismatched(),
        row_dealers=ArraySubquery(actors),
    )


#: The columns a row shows (``audit.api.round_serializers.round_row``), and the relations it
#: reaches them through. A round's engine state, options and paytables, and the settlement's
#: engine result, are JSON documents a row does not show: read, they were most of its bytes.
ROW_FIELDS = (
    "number",
    "game",
    "phase",
    "gaming_day",
    "opened_at",
    "closed_at",
    "table",
    "table__code",
    "table__currency",
    "table__pit",
    "table__pit__name",
    "table__pit__casino",
    "table__pit__casino__name",
    "dealer",
    "dealer__username",
    "settlement",
    "settlement__settled_at",
    "settlement__total_staked",
    "settlement__total_returned",
    "settlement__house_result",
    "settlement__cap_applied",
)


@dataclass(frozen=True)
class Page:
    """One page of a search: its rounds (with the row annotations of :func:`search_rows`) and
    the cursor of the next page, or ``None`` on the last."""

    rounds: list[Round]
    next_cursor: str | None


def round_search(*, user: Any, params: Any) -> Page:
    """The page of the rounds ``user`` may see that ``params`` (the query parameters) asks
    for: filtered by :class:`RoundFilter`, ordered by ``ordering`` (default newest opened
    first), after ``cursor``, at most ``limit`` rows.

    :raises ApiError: ``unknown_field`` for a parameter the search does not read;
        ``filter_invalid`` (naming each parameter) for a value that does not parse, a blank
        one, or a cursor that is not one of this ordering's.
    """
    unknown = sorted(set(params) - set(PARAMETERS))
    if unknown:
        raise ApiError(
            RequestCode.UNKNOWN_FIELD,
            "The search has no such parameter.",
            fields={
                name: [{"code": RequestCode.UNKNOWN_FIELD.value, "message": "Unknown field."}]
                for name in unknown
            },
        )
    blank = sorted(name for name in params if params.get(name) == "")
    if blank:
        _refuse({name: [("blank", "Give a value, or leave the parameter out.")] for name in blank})
    filters = RoundFilter(
        {name: params.get(name) for name in RoundFilter.base_filters if name in params},
        queryset=visible_rounds(user),
    )
    if not filters.is_valid():
        _refuse(
            {
                name: [(error.code or "invalid", message) for error, message in _errors(errors)]
                for name, errors in filters.form.errors.as_data().items()
            }
        )
    ordering = filters.form.cleaned_data.get("ordering") or DEFAULT_ORDERING
    limit = _limit(params.get("limit"))
    key = _key_expression(ordering)
    rounds = filters.qs.annotate(sort_key=key)
    descending = ordering.startswith("-")
    cursor = params.get("cursor")
    if cursor is not None:
        after_key, after_id = _cursor_read(cursor, ordering)
        if descending:
            rounds = rounds.filter(
                Q(sort_key__lte=after_key), Q(sort_key__lt=after_key) | Q(pk__lt=after_id)
            )
        else:
            rounds = rounds.filter(
                Q(sort_key__gte=after_key), Q(sort_key__gt=after_key) | Q(pk__gt=after_id)
            )
    order = ("-sort_key", "-pk") if descending else ("sort_key", "pk")
    # The page's ids first, then its rows: the filters and the order alone decide which rows,
    # and the joins and subqueries of a row are paid for the page's rows only (joined before
    # the limit, they were paid for every row that matched).
    keys = list(rounds.order_by(*order).values_list("pk", "sort_key")[: limit + 1])
    more = len(keys) > limit
    keys = keys[:limit]
    page_rounds = Round.objects.filter(pk__in=[k for k, _ in keys])
    rows = {round.pk: round for round in search_rows(page_rounds).only(*ROW_FIELDS)}
    page = [rows[pk] for pk, _ in keys]
    return Page(
        rounds=page,
        next_cursor=_cursor_write(ordering, *keys[-1]) if more else None,
    )


def _errors(errors: list[forms.ValidationError]) -> list[tuple[forms.ValidationError, str]]:
    return [(error, message) for error in errors for message in error.messages]


def _refuse(fields: dict[str, list[tuple[str, str]]]) -> NoReturn:
    named = sorted(fields)
    raise ApiError(
        SearchCode.FILTER_INVALID,
        f"Not a valid value for {', '.join(named)}.",
        field=named[0],
        fields={
            name: [{"code": str(code), "message": str(message)} for code, message in problems]
            for name, problems in fields.items()
        },
    )


def _limit(value: str | None) -> int:
    if value is None:
        return DEFAULT_LIMIT
    if not value.isdigit() or not 1 <= int(value) <= MAX_LIMIT:
        _refuse({"limit": [("invalid", f"Give a whole number from 1 to {MAX_LIMIT}.")]})
    return int(value)


def _key_expression(ordering: str) -> Any:
    key = ordering.lstrip("-")
    if key == "paid":
        return Coalesce(F("settlement__total_returned"), Value(Decimal(0)), output_field=_MONEY)
    return F(key)


def _key_text(value: Any) -> str:
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    return f"{value:f}"


def _key_value(ordering: str, text: str) -> Any:
    """The key a cursor holds, read back as the ordering's type. :raises ValueError:"""
    key = ordering.lstrip("-")
    if key == "opened_at":
        moment = dt.datetime.fromisoformat(text)
        if moment.tzinfo is None:
            raise ValueError("a time without its offset")
        return moment
    if key == "gaming_day":
        return dt.date.fromisoformat(text)
    # Only an amount a settlement can hold: PostgreSQL refuses a larger one with an error.
    if not re.fullmatch(AMOUNT_PATTERN, text):
        raise ValueError("not an amount")
    return Decimal(text)


def _cursor_write(ordering: str, last_id: int, last_key: Any) -> str:
    document = json.dumps([ordering, _key_text(last_key), last_id], separators=(",", ":"))
    return base64.urlsafe_b64encode(document.encode()).decode().rstrip("=")


def _cursor_read(cursor: str, ordering: str) -> tuple[Any, int]:
    """The (key, id) after which a page starts. :raises ApiError: ``filter_invalid``."""
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        written, text, last_id = json.loads(base64.urlsafe_b64decode(padded.encode()))
        if written != ordering:
            raise ValueError("a cursor of another ordering")
        if not isinstance(last_id, int) or isinstance(last_id, bool) or not 0 < last_id <= MAX_ID:
            raise ValueError("not an id")
        return _key_value(ordering, str(text)), last_id
    except (ValueError, TypeError, InvalidOperation, binascii.Error, UnicodeDecodeError):
        _refuse({"cursor": [("invalid", "Not a cursor of this search and ordering.")]})
