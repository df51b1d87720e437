"""The chip tray's API: the casino's chips, a table's tray, its counts, fills and credits, and
the drop, each step under dual control. Thin views over ``payouts.services.trays`` and
``payouts.services.slips``; the reads are ``payouts.tray_selectors``."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from functools import partial
from typing import Any

from django.db.models import Model
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.endpoints import (
    decision_views,
    list_view,
    noted_decision_views,
    post_view,
    read_view,
)
from casino.api.idempotency import idempotent
from casino.api.schema import refusals
from casino.api.serializers import MoneyField, NoteField, StrictSerializer
from casino.api.shortcuts import IDEMPOTENCY_HEADER, found, validated
from casino.core.errors import AccessCode, ApiError, DualControlCode, InventoryCode, RequestCode
from payouts import reads
from payouts import tray_selectors as selectors
from payouts.models import (
    ChipSlip,
    ChipSlipVoid,
    DropCount,
    SlipKind,
    SlipStepKind,
    TrayCount,
    TrayCountKind,
)
from payouts.services import slips as slip_services
from payouts.services import trays as tray_services
from tables.models import Casino, Table

#: A count's or a drop's status, and a void's.
COUNT_STATUSES = ("pending", "confirmed", "rejected")
VOID_STATUSES = ("pending", "approved", "rejected")

_CHIPS_HELP = 'Chips by value, each a number of chips: {"5.00": 40, "25.00": 12}.'


def decision_status(subject: Any, *, agreed: str, flag: str) -> str:
    """``pending`` until ``subject`` (a count, a drop, a void) has its decision, then ``agreed``
    where the decision's ``flag`` holds, else ``rejected``."""
    decision = getattr(subject, "decision", None)
    if decision is None:
        return "pending"
    return agreed if getattr(decision, flag) else "rejected"


def _get(model: type[Model], pk: int, *, with_: tuple[str, ...] = ()) -> Any:
    """The row ``pk`` of ``model`` with ``with_`` read alongside, or 404 ``not_found``."""
    with found():
        return model.objects.select_related(*with_).get(pk=pk)  # type: ignore[attr-defined]


def _entered_at_table(
    body: type[serializers.Serializer],  # type: ignore[type-arg]
    enter: Callable[..., Model],
    *,
    read: Callable[[int], Any],
    output: type[serializers.Serializer],  # type: ignore[type-arg]
) -> Callable[[Request, int], Response]:
    """The act of a POST view that enters something at the table its route names: 404
    ``not_found`` for no such table, then ``body`` validated and handed to
    ``enter(table_id=..., actor=..., **body)``; the answer is ``output`` of the row entered as
    ``read`` reads it again by its key."""

    def act(request: Request, table_id: int) -> Response:
        table = _get(Table, table_id)
        data = validated(body, request.data)
        entered = enter(table_id=table.pk, actor=request.user, **data)
        return Response(output(read(entered.pk)).data)

    return act


class ChipsField(serializers.DictField):  # type: ignore[type-arg]
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(
            child=serializers.IntegerField(min_value=0), help_text=_CHIPS_HELP, **kwargs
        )


# --- The casino's chips -------------------------------------------------------------------


class ChipOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    value = serializers.DecimalField(max_digits=12, decimal_places=2, coerce_to_string=True)
    colour = serializers.CharField()


class ChipInputSerializer(StrictSerializer):
    value = MoneyField()
    colour = serializers.CharField(max_length=30)


class CasinoChipsApi(APIView):
    @extend_schema(
        responses={200: ChipOutputSerializer(many=True), **refusals(AccessCode.PERMISSION_DENIED)}
    )
    def get(self, request: Request, casino_id: int) -> Response:
        """The casino's chips, lowest value first: anyone with a role."""
        with found():
            chips = reads.casino_chips(request.user, casino_id)
        return Response(ChipOutputSerializer(chips, many=True).data)

    @extend_schema(
        request=ChipInputSerializer,
        responses={
            201: ChipOutputSerializer,
            **refusals(
                AccessCode.PERMISSION_DENIED, InventoryCode.CHIP_EXISTS, InventoryCode.CHIPS_INVALID
            ),
        },
        parameters=[IDEMPOTENCY_HEADER],
    )
    @idempotent
    def post(self, request: Request, casino_id: int) -> Response:
        """Add a chip to the casino's set (admins)."""
        casino = _get(Casino, casino_id)
        data = validated(ChipInputSerializer, request.data)
        chip = tray_services.chip_add(casino_id=casino.pk, actor=request.user, **data)
        return Response(ChipOutputSerializer(chip).data, status=status.HTTP_201_CREATED)


# --- Counts --------------------------------------------------------------------------------


class TrayCountOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    kind = serializers.ChoiceField(choices=TrayCountKind.choices)
    chips = ChipsField()
    total = serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True)
    gaming_day = serializers.DateField()
    counted_by = serializers.CharField(source="counted_by.username")
    counted_at = serializers.DateTimeField()
    note = serializers.CharField()
    status = serializers.SerializerMethodField()
    decided_by = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ChoiceField(choices=COUNT_STATUSES))
    def get_status(self, count: TrayCount) -> str:
        return decision_status(count, agreed="confirmed", flag="confirmed")

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_decided_by(self, count: TrayCount) -> str | None:
        decision = getattr(count, "decision", None)
        return None if decision is None else decision.decided_by.username


class TrayCountInputSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=TrayCountKind.choices)
    chips = ChipsField()
    note = NoteField()


class DecisionNoteInputSerializer(StrictSerializer):
    note = NoteField()


def _count(count_id: int) -> TrayCount:
    return _get(TrayCount, count_id, with_=("table__pit", "counted_by", "decision__decided_by"))


TrayCountsApi = post_view(
    "TrayCountsApi",
    """Enter an opener or a closer of the table's tray (its dealer, its pit boss, an
    admin); it counts once another person confirms it.""",
    body=TrayCountInputSerializer,
    output=TrayCountOutputSerializer,
    refused=(
        InventoryCode.COUNT_PENDING,
        InventoryCode.COUNT_OUT_OF_ORDER,
        InventoryCode.CHIPS_INVALID,
    ),
    act=_entered_at_table(
        TrayCountInputSerializer,
        tray_services.tray_count_enter,
        read=_count,
        output=TrayCountOutputSerializer,
    ),
    status=status.HTTP_201_CREATED,
)


def _confirm_and_reject_views(
    decide: Callable[..., Any],
    *,
    find: Callable[[int], Any],
    output: type[serializers.Serializer],  # type: ignore[type-arg]
    key: str,
    confirm: tuple[str, str],
    reject: tuple[str, str],
) -> tuple[type[APIView], ...]:
    """The two views that decide a count with a note (:func:`noted_decision_views`), ``decide``
    told ``confirm=True`` by the first and ``confirm=False`` by the second; ``confirm`` and
    ``reject`` are each view's name and description."""
    return noted_decision_views(
        find=find,
        body=DecisionNoteInputSerializer,
        output=output,
        key=key,
        views=[
            (confirm[0], partial(decide, confirm=True), confirm[1]),
            (reject[0], partial(decide, confirm=False), reject[1]),
        ],
    )


TrayCountConfirmApi, TrayCountRejectApi = _confirm_and_reject_views(
    tray_services.tray_count_decide,
    find=_count,
    output=TrayCountOutputSerializer,
    key="count_id",
    confirm=(
        "TrayCountConfirmApi",
        "Confirm a count: a pit boss of the table, or an admin, who did not count it.",
    ),
    reject=(
        "TrayCountRejectApi",
        "Reject a count: it counts for nothing, and the table counts again.",
    ),
)


# --- Fills and credits ---------------------------------------------------------------------


class SlipStepOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    step = serializers.ChoiceField(choices=SlipStepKind.choices)
    actor = serializers.CharField(source="actor.username")
    actor_role = serializers.CharField()
    at = serializers.DateTimeField()


class SlipVoidOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    reason = serializers.CharField()
    requested_by = serializers.CharField(source="requested_by.username")
    requested_at = serializers.DateTimeField()
    status = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ChoiceField(choices=VOID_STATUSES))
    def get_status(self, void: ChipSlipVoid) -> str:
        return decision_status(void, agreed="approved", flag="approved")


class SlipOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    table_code = serializers.CharField(source="table.code")
    kind = serializers.ChoiceField(choices=SlipKind.choices)
    chips = ChipsField()
    amount = serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True)
    requested_by = serializers.CharField(source="requested_by.username")
    requested_at = serializers.DateTimeField()
    gaming_day = serializers.DateField()
    note = serializers.CharField()
    status = serializers.SerializerMethodField()
    steps = SlipStepOutputSerializer(many=True)
    voids = SlipVoidOutputSerializer(many=True)

    @extend_schema_field(serializers.ChoiceField(choices=selectors.SLIP_STATUSES))
    def get_status(self, slip: ChipSlip) -> str:
        return selectors.slip_status(slip)


class SlipInputSerializer(StrictSerializer):
    kind = serializers.ChoiceField(choices=SlipKind.choices)
    chips = ChipsField()
    note = NoteField()


class SlipFilterSerializer(StrictSerializer):
    table = serializers.IntegerField(min_value=1, required=False)
    status = serializers.ChoiceField(choices=selectors.SLIP_STATUSES, required=False)
    limit = serializers.IntegerField(min_value=1, max_value=500, required=False, default=100)


def _slip(slip_id: int) -> ChipSlip:
    with found():
        return selectors.slip_queryset().select_related("table__pit").get(pk=slip_id)


TableSlipsApi = post_view(
    "TableSlipsApi",
    "Ask for a fill or a credit at this table (its dealer, its pit boss, an admin).",
    body=SlipInputSerializer,
    output=SlipOutputSerializer,
    refused=(InventoryCode.CHIPS_INVALID,),
    act=_entered_at_table(
        SlipInputSerializer, slip_services.slip_request, read=_slip, output=SlipOutputSerializer
    ),
    status=status.HTTP_201_CREATED,
)


SlipListApi = list_view(
    "SlipListApi",
    """Fill and credit slips, newest first: the cage, auditors and admins see all; a pit
    boss those of the own pits.""",
    filters=SlipFilterSerializer,
    read=reads.slip_list,
    output=SlipOutputSerializer,
)
SlipDetailApi = read_view(
    "SlipDetailApi", None, read=reads.slip_detail, output=SlipOutputSerializer
)


_STEP_REFUSALS = (
    DualControlCode.SELF_APPROVAL,
    InventoryCode.SLIP_STEP_OUT_OF_ORDER,
    InventoryCode.SLIP_VOIDED,
    InventoryCode.SLIP_VOID_PENDING,
)


def _step(request: Request, slip_id: int, how: SlipStepKind) -> Response:
    slip = _get(ChipSlip, slip_id)
    validated(StrictSerializer, request.data)
    slip_services.slip_step(slip_id=slip.pk, step=how, actor=request.user)
    return Response(SlipOutputSerializer(_slip(slip.pk)).data)


SlipApproveApi, SlipIssueApi, SlipReceiveApi = decision_views(
    body=None,
    output=SlipOutputSerializer,
    refused=_STEP_REFUSALS,
    decide=_step,
    views=[
        (
            "SlipApproveApi",
            SlipStepKind.APPROVED,
            "Approve a slip: a pit boss of the table, or an admin, who did not ask for it.",
        ),
        (
            "SlipIssueApi",
            SlipStepKind.ISSUED,
            "Issue an approved slip: the cage, someone who neither asked for it nor approved it.",
        ),
        (
            "SlipReceiveApi",
            SlipStepKind.RECEIVED,
            "Receive an issued slip: a fill at the table (its dealer, its pit boss), a credit at"
            " the cage; neither its approver nor its issuer.",
        ),
    ],
)


class VoidInputSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=2000)


def _request_void(request: Request, slip_id: int) -> Response:
    slip = _get(ChipSlip, slip_id)
    data = validated(VoidInputSerializer, request.data)
    void = slip_services.slip_void_request(slip_id=slip.pk, actor=request.user, **data)
    void = ChipSlipVoid.objects.select_related("requested_by").get(pk=void.pk)
    return Response(SlipVoidOutputSerializer(void).data)


SlipVoidApi = post_view(
    "SlipVoidApi",
    """Ask for a slip to be voided, with a reason (the table's pit boss, an admin, the
    cage); another person approves it.""",
    body=VoidInputSerializer,
    output=SlipVoidOutputSerializer,
    refused=(RequestCode.INVALID_INPUT, InventoryCode.SLIP_VOIDED, InventoryCode.SLIP_VOID_PENDING),
    act=_request_void,
    status=status.HTTP_201_CREATED,
)


SlipVoidApproveApi, SlipVoidRejectApi = noted_decision_views(
    find=lambda void_id: _get(ChipSlipVoid, void_id),
    body=DecisionNoteInputSerializer,
    output=SlipOutputSerializer,
    key="void_id",
    views=[
        (
            "SlipVoidApproveApi",
            partial(slip_services.slip_void_decide, approve=True),
            "Approve a void: the slip then moves no chips. Someone other than who asked.",
        ),
        (
            "SlipVoidRejectApi",
            partial(slip_services.slip_void_decide, approve=False),
            "Reject a void: the slip stands.",
        ),
    ],
    answered=lambda void: _slip(void.slip_id),
)


# --- The drop ------------------------------------------------------------------------------


class DropOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    shift = serializers.IntegerField(source="shift_id", help_text="The opener of the shift.")
    cash = serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True)
    markers = serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True)
    counted_by = serializers.CharField(source="counted_by.username")
    counted_at = serializers.DateTimeField()
    gaming_day = serializers.DateField()
    status = serializers.SerializerMethodField()

    @extend_schema_field(serializers.ChoiceField(choices=COUNT_STATUSES))
    def get_status(self, drop: DropCount) -> str:
        return decision_status(drop, agreed="confirmed", flag="confirmed")


class DropInputSerializer(StrictSerializer):
    shift = serializers.IntegerField(min_value=1, help_text="The opener of the shift.")
    cash = MoneyField()
    markers = MoneyField(required=False, default=Decimal("0.00"))
    note = NoteField()


#: The drop's fields as the cage names them, for a refusal in words.
_DROP_FIELDS = {
    "shift": "The shift",
    "cash": "The cash counted",
    "markers": "The markers counted",
    "note": "The note",
}


def _validated_in_words(
    serializer_class: type[serializers.Serializer],  # type: ignore[type-arg]
    data: Any,
    labels: dict[str, str],
) -> dict[str, Any]:
    """``data`` validated, or 400 ``invalid_input`` whose message names each field that is
    wrong in the cage's words ("The cash counted: a valid number is required."), with the
    usual ``details.fields``: a person reads the message, a program the fields."""
    serializer = serializer_class(data=data)
    if serializer.is_valid():
        return dict(serializer.validated_data)
    fields = {
        name: [{"code": str(getattr(e, "code", "invalid")), "message": str(e)} for e in problems]
        for name, problems in serializer.errors.items()
        if isinstance(problems, list)
    }
    if not fields:
        serializer.is_valid(raise_exception=True)
    message = " ".join(
        f"{labels.get(name, name)}: {_sentence(problems[0]['message'])}"
        for name, problems in fields.items()
    )
    raise ApiError(RequestCode.INVALID_INPUT, message, fields=fields)


def _sentence(text: str) -> str:
    return text[:1].lower() + text[1:] if text[1:2].islower() else text


def _drop(drop_id: int) -> DropCount:
    return _get(DropCount, drop_id, with_=("table__pit", "counted_by", "decision"))


def _enter_drop(request: Request, table_id: int) -> Response:
    table = _get(Table, table_id)
    data = _validated_in_words(DropInputSerializer, request.data, _DROP_FIELDS)
    drop = tray_services.drop_count_enter(
        table_id=table.pk,
        shift_id=data["shift"],
        cash=data["cash"],
        markers=data["markers"],
        actor=request.user,
        note=data["note"],
    )
    return Response(DropOutputSerializer(_drop(drop.pk)).data)


TableDropsApi = post_view(
    "TableDropsApi",
    "Enter the count of a shift's drop box (the cage); another person confirms it.",
    body=DropInputSerializer,
    output=DropOutputSerializer,
    refused=(
        InventoryCode.DROP_SHIFT_INVALID,
        InventoryCode.COUNT_PENDING,
        InventoryCode.DROP_ALREADY_COUNTED,
        InventoryCode.CHIPS_INVALID,
    ),
    act=_enter_drop,
    status=status.HTTP_201_CREATED,
)


DropConfirmApi, DropRejectApi = _confirm_and_reject_views(
    tray_services.drop_count_decide,
    find=_drop,
    output=DropOutputSerializer,
    key="drop_id",
    confirm=(
        "DropConfirmApi",
        "Confirm a drop count (the cage or the table's pit boss, not its counter); with the"
        " shift's closer confirmed, the shift is reconciled with its rounds.",
    ),
    reject=("DropRejectApi", "Reject a drop count: the cage counts it again."),
)


# --- The tray at a glance ------------------------------------------------------------------


class TrayOutputSerializer(serializers.Serializer):  # type: ignore[type-arg]
    table = serializers.IntegerField()
    shift = TrayCountOutputSerializer(allow_null=True, help_text="The opener of the open shift.")
    counts = TrayCountOutputSerializer(many=True, help_text="The latest counts, newest first.")
    slips = SlipOutputSerializer(many=True, help_text="The slips asked for since the shift opened.")
    awaiting_drop = TrayCountOutputSerializer(
        many=True, help_text="The openers of closed shifts whose drop is still to count."
    )
    drops_pending = DropOutputSerializer(
        many=True, help_text="Drop counts waiting for their confirmation."
    )
    chips = ChipOutputSerializer(many=True, help_text="The casino's chips, lowest value first.")
    recorded_cash_in = serializers.DictField(
        child=serializers.DecimalField(max_digits=16, decimal_places=2, coerce_to_string=True),
        help_text="By the opener of each closed shift waiting for its drop, or whose drop "
        "waits for its confirmation: the currency bought in at the table and recorded there "
        "during the shift, what its drop box should hold.",
    )


TableTrayApi = read_view(
    "TableTrayApi",
    "The table's tray: the open shift, the latest counts, the slips of the shift.",
    read=reads.table_tray,
    output=TrayOutputSerializer,
)
