"""The patrons API: thin views over ``casino.patrons`` (its services and reads), which decide
every permission; the views authenticate, validate and answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response

from casino.api.endpoints import list_view, post_view, read_view
from casino.api.shortcuts import found, validated
from casino.core.errors import PatronCode, TableCode
from casino.patrons import aml, cash, enrolment, estimates, exclusions, points, reads, seating
from casino.patrons.api import serializers as shapes
from casino.patrons.models import PlaySession

PatronFindApi = list_view(
    "PatronFindApi",
    """The casino's carded patron of a loyalty number (a list of at most one, with no
    personal data): how a dealer or the floor finds the patron whose card they hold.""",
    filters=shapes.PatronFindSerializer,
    read=reads.patron_find,
    output=shapes.PatronOutputSerializer,
)

PatronDetailApi = read_view(
    "PatronDetailApi",
    "One patron, named by loyalty number or description, with no personal data.",
    read=reads.patron_detail,
    output=shapes.PatronOutputSerializer,
)

PatronHistoryApi = read_view(
    "PatronHistoryApi",
    """A patron's history: every session (table, boxes, times, latest rating), every cash
    event and the points balance, newest first (pit bosses, auditors, admins; no personal
    data).""",
    read=reads.patron_history,
    output=shapes.PatronHistoryOutputSerializer,
)

PatronIdentityApi = read_view(
    "PatronIdentityApi",
    """A carded patron's personal data: pit bosses and administrators only; 404 for an
    anonymous patron.""",
    read=reads.patron_identity,
    output=shapes.PatronIdentityOutputSerializer,
)

PatronExclusionListApi = read_view(
    "PatronExclusionListApi",
    "The patron's exclusions, newest first, with their liftings (pit bosses, admins).",
    read=reads.patron_exclusions,
    output=shapes.ExclusionOutputSerializer,
    many=True,
)


def _enrol(request: Request, casino_id: int) -> Response:
    data = validated(shapes.PatronEnrolInputSerializer, request.data)
    with found():
        patron = enrolment.patron_enrol_carded(casino_id=casino_id, actor=request.user, **data)
    return Response(
        shapes.PatronOutputSerializer(reads.patron_detail(request.user, patron.pk)).data
    )


PatronEnrolApi = post_view(
    "PatronEnrolApi",
    """Enrol a carded patron of the casino with the personal data the rules need (pit
    bosses, admins).""",
    body=shapes.PatronEnrolInputSerializer,
    output=shapes.PatronOutputSerializer,
    refused=(PatronCode.PATRON_UNDER_AGE, PatronCode.LOYALTY_NUMBER_TAKEN),
    act=_enrol,
    status=status.HTTP_201_CREATED,
)


def _exclude(request: Request, patron_id: int) -> Response:
    data = validated(shapes.ExclusionInputSerializer, request.data)
    with found():
        exclusion = exclusions.exclusion_record(patron_id=patron_id, actor=request.user, **data)
    return Response(shapes.ExclusionOutputSerializer(exclusion).data)


PatronExcludeApi = post_view(
    "PatronExcludeApi",
    """Exclude a patron from play from now (self-exclusion or barring), until ``ends_at``
    or until lifted (pit bosses, admins). A seated patron is unseated by the floor.""",
    body=shapes.ExclusionInputSerializer,
    output=shapes.ExclusionOutputSerializer,
    act=_exclude,
    status=status.HTTP_201_CREATED,
)


def _lift(request: Request, exclusion_id: int) -> Response:
    data = validated(shapes.ExclusionLiftInputSerializer, request.data)
    with found():
        lift = exclusions.exclusion_lift(exclusion_id=exclusion_id, actor=request.user, **data)
    return Response(shapes.ExclusionOutputSerializer(lift.exclusion).data)


ExclusionLiftApi = post_view(
    "ExclusionLiftApi",
    "Lift an exclusion before its time, saying why (pit bosses, admins).",
    body=shapes.ExclusionLiftInputSerializer,
    output=shapes.ExclusionOutputSerializer,
    refused=(PatronCode.EXCLUSION_ALREADY_LIFTED,),
    act=_lift,
)

TableSeatedApi = read_view(
    "TableSeatedApi",
    """The patrons seated at the table now, by their first box or seat (its dealer, a pit
    boss of its pit, auditors, admins).""",
    read=reads.table_seated,
    output=shapes.SessionOutputSerializer,
    many=True,
)

TablePlayersApi = read_view(
    "TablePlayersApi",
    """The patrons seated at the table now, each with the session's exact figures so far:
    rounds, minutes played, staked, the patron's result and the house's theoretical win (its
    dealer, a pit boss of its pit, auditors, admins).""",
    read=reads.table_players,
    output=shapes.RatedPlayerOutputSerializer,
    many=True,
)

#: What seating or moving a patron may be refused with.
_SEATING_REFUSALS = (
    TableCode.TABLE_NOT_OPEN,
    PatronCode.POSITION_INVALID,
    PatronCode.POSITION_TAKEN,
    PatronCode.PATRON_EXCLUDED,
)


def _session_answer(request: Request, session: PlaySession) -> Response:
    [answer] = [s for s in reads.table_seated(request.user, session.table_id) if s.pk == session.pk]
    return Response(shapes.SessionOutputSerializer(answer).data)


def _seat(request: Request, table_id: int) -> Response:
    data = validated(shapes.SeatInputSerializer, request.data)
    with found():
        session = seating.session_seat(
            table_id=table_id,
            positions=data["positions"],
            patron_id=data["patron"],
            loyalty_number=data["loyalty_number"],
            description=data["description"],
            actor=request.user,
        )
    return _session_answer(request, session)


TableSeatApi = post_view(
    "TableSeatApi",
    """Seat a patron at boxes (or a seat) of the table: a known patron by id, a carded one by
    the card's number, or a new anonymous one by description; an excluded patron is
    refused.""",
    body=shapes.SeatInputSerializer,
    output=shapes.SessionOutputSerializer,
    refused=(
        *_SEATING_REFUSALS,
        PatronCode.PATRON_ALREADY_SEATED,
        PatronCode.LOYALTY_NUMBER_UNKNOWN,
    ),
    act=_seat,
    status=status.HTTP_201_CREATED,
)


def _move(request: Request, session_id: int) -> Response:
    data = validated(shapes.MoveInputSerializer, request.data)
    with found():
        session = seating.session_move(
            session_id=session_id,
            table_id=data["table"],
            positions=data["positions"],
            actor=request.user,
        )
    return _session_answer(request, session)


SessionMoveApi = post_view(
    "SessionMoveApi",
    """Move a seated patron to boxes (or a seat) of another table, or other ones of the same,
    in the same visit.""",
    body=shapes.MoveInputSerializer,
    output=shapes.SessionOutputSerializer,
    refused=(*_SEATING_REFUSALS, PatronCode.SESSION_ENDED),
    act=_move,
    status=status.HTTP_201_CREATED,
)


def _session_step(
    how: Callable[..., PlaySession],
) -> Callable[[Request, int], Response]:
    def act(request: Request, session_id: int) -> Response:
        with found():
            session = how(session_id=session_id, actor=request.user)
        session.refresh_from_db()
        session.paused = session.pauses.filter(resumed_at__isnull=True).exists()
        return Response(shapes.SessionOutputSerializer(session).data)

    return act


SessionPauseApi = post_view(
    "SessionPauseApi",
    "Pause a patron's session: the boxes are kept, the time is not played.",
    body=None,
    output=shapes.SessionOutputSerializer,
    refused=(PatronCode.SESSION_ENDED, PatronCode.SESSION_PAUSED),
    act=_session_step(seating.session_pause),
)
SessionResumeApi = post_view(
    "SessionResumeApi",
    "Resume a paused session.",
    body=None,
    output=shapes.SessionOutputSerializer,
    refused=(PatronCode.SESSION_ENDED, PatronCode.SESSION_NOT_PAUSED),
    act=_session_step(seating.session_resume),
)
SessionLeaveApi = post_view(
    "SessionLeaveApi",
    "The patron leaves: the session and the visit end.",
    body=None,
    output=shapes.SessionOutputSerializer,
    refused=(PatronCode.SESSION_ENDED,),
    act=_session_step(seating.session_leave),
)


def _cash(request: Request, session_id: int) -> Response:
    data = validated(shapes.CashInputSerializer, request.data)
    with found():
        event = cash.cash_record(session_id=session_id, actor=request.user, **data)
    return Response(shapes.CashOutputSerializer(event).data)


SessionCashApi = post_view(
    "SessionCashApi",
    """Record at the table a seated patron's buy-in (currency, chips from elsewhere, a
    marker), colour-up, or the chips they leave with; currency is held against the casino's
    anti-money-laundering thresholds.""",
    body=shapes.CashInputSerializer,
    output=shapes.CashOutputSerializer,
    refused=(PatronCode.SESSION_ENDED, PatronCode.CASH_AMOUNT_INVALID),
    act=_cash,
    status=status.HTTP_201_CREATED,
)


def _cash_out(request: Request, patron_id: int) -> Response:
    data = validated(shapes.CashOutInputSerializer, request.data)
    with found():
        event = cash.cash_out_record(patron_id=patron_id, actor=request.user, **data)
    return Response(shapes.CashOutputSerializer(event).data)


PatronCashOutApi = post_view(
    "PatronCashOutApi",
    "Record currency paid out at the cage for a patron's chips (the cage, admins): cash out.",
    body=shapes.CashOutInputSerializer,
    output=shapes.CashOutputSerializer,
    refused=(PatronCode.CASH_AMOUNT_INVALID,),
    act=_cash_out,
    status=status.HTTP_201_CREATED,
)

AmlLogApi = list_view(
    "AmlLogApi",
    """The casino's anti-money-laundering log of a gaming day: each threshold a patron's cash
    in or cash out crossed, with the total then and the cash event that crossed it.""",
    filters=shapes.AmlLogFilterSerializer,
    read=reads.aml_log,
    output=shapes.AmlLogEntryOutputSerializer,
)


def _set_policy(request: Request, casino_id: int) -> Response:
    data = validated(shapes.AmlPolicyInputSerializer, request.data)
    with found():
        policy = aml.aml_policy_set(casino_id=casino_id, actor=request.user, **data)
    return Response(shapes.AmlPolicyOutputSerializer(policy).data)


AmlPolicyApi = post_view(
    "AmlPolicyApi",
    """Set the casino's anti-money-laundering thresholds from now on (admins); until one is
    set, a log entry from 3,000 and a report above 10,000, no identification threshold.""",
    body=shapes.AmlPolicyInputSerializer,
    output=shapes.AmlPolicyOutputSerializer,
    refused=(PatronCode.AML_THRESHOLDS_INVALID,),
    act=_set_policy,
    status=status.HTTP_201_CREATED,
)

SessionRatingApi = read_view(
    "SessionRatingApi",
    """A session's exact rating, from the records of every round it covers: its latest
    version once the session ended, the figures so far while it is open; the floor's latest
    estimate beside it.""",
    read=reads.session_rating,
    output=shapes.SessionRatingOutputSerializer,
)


def _estimate(request: Request, session_id: int) -> Response:
    data = validated(shapes.RatingEstimateInputSerializer, request.data)
    with found():
        estimates.rating_estimate_record(session_id=session_id, actor=request.user, **data)
    return Response(
        shapes.SessionRatingOutputSerializer(reads.session_rating(request.user, session_id)).data
    )


SessionEstimateApi = post_view(
    "SessionEstimateApi",
    """Keep a floor person's estimate of a session (average bet, minutes played) beside its
    exact rating (a pit boss of the table's pit, an admin); answers the rating.""",
    body=shapes.RatingEstimateInputSerializer,
    output=shapes.SessionRatingOutputSerializer,
    act=_estimate,
    status=status.HTTP_201_CREATED,
)

PatronPointsApi = read_view(
    "PatronPointsApi",
    "A patron's points: the balance and the ledger, newest first (pit bosses, auditors, admins).",
    read=reads.patron_points,
    output=shapes.PointsOutputSerializer,
)


def _points_act(how: Callable[..., Any]) -> Callable[[Request, int], Response]:
    def act(request: Request, patron_id: int) -> Response:
        data = validated(shapes.PointsInputSerializer, request.data)
        with found():
            how(patron_id=patron_id, actor=request.user, **data)
        return Response(
            shapes.PointsOutputSerializer(reads.patron_points(request.user, patron_id)).data
        )

    return act


PatronCompApi = post_view(
    "PatronCompApi",
    """Spend a patron's points on a comp, saying what it is for (pit bosses, admins): at most
    the casino's limit a comp, and the balance. Answers the points.""",
    body=shapes.PointsInputSerializer,
    output=shapes.PointsOutputSerializer,
    refused=(PatronCode.POINTS_INVALID, PatronCode.POINTS_INSUFFICIENT),
    act=_points_act(points.comp_redeem),
    status=status.HTTP_201_CREATED,
)
PatronPromotionApi = post_view(
    "PatronPromotionApi",
    "Award a promotion's points to a patron (admins). Answers the points.",
    body=shapes.PointsInputSerializer,
    output=shapes.PointsOutputSerializer,
    refused=(PatronCode.POINTS_INVALID,),
    act=_points_act(points.points_award),
    status=status.HTTP_201_CREATED,
)


def _set_earning(request: Request, casino_id: int) -> Response:
    data = validated(shapes.EarningPolicyInputSerializer, request.data)
    with found():
        policy = points.earning_policy_set(casino_id=casino_id, actor=request.user, **data)
    return Response(shapes.EarningPolicyOutputSerializer(policy).data)


EarningPolicyApi = post_view(
    "EarningPolicyApi",
    """Set the casino's points per unit of theoretical win from now on (admins); until one is
    set, one point per unit.""",
    body=shapes.EarningPolicyInputSerializer,
    output=shapes.EarningPolicyOutputSerializer,
    act=_set_earning,
    status=status.HTTP_201_CREATED,
)
