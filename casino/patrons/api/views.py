"""The patrons API: thin views over ``casino.patrons`` (its services and reads), which decide
every permission; the views authenticate, validate and answer."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from casino.api.endpoints import Serializer, list_view, post_view, read_view
from casino.api.shortcuts import found, validated
from casino.core.errors import PatronCode, TableCode
from casino.patrons import aml, cash, enrolment, estimates, exclusions, points, reads, seating
from casino.patrons.api import serializers as shapes
from casino.patrons.models import ExclusionLift, Patron, PlaySession

#: What a POST view answers, from the request, its route's id and what its service returned.
Answer = Callable[[Request, int, Any], Any]


def _as_done(request: Request, pk: int, done: Any) -> Any:
    return done


def _service_view(
    name: str,
    doc: str,
    *,
    service: Callable[..., Any],
    route_id: str,
    body: Serializer | None,
    output: Serializer,
    answer: Answer = _as_done,
    refused: Iterable[str] = (),
    status: int = status.HTTP_200_OK,
) -> type[APIView]:
    """The idempotent POST view (:func:`~casino.api.endpoints.post_view`) of one service:
    ``service(<route_id>=id, actor=user, **fields)``, the fields of the body validated by
    ``body`` (``None``: no body), 404 ``not_found`` for what the service did not find. It
    answers ``output`` of ``answer(request, id, done)``, ``done`` what the service returned
    (by default: ``done`` itself), read after the service so that a row missing then is a
    fault of the server, not of the URL."""

    def act(request: Request, pk: int) -> Response:
        fields = {} if body is None else validated(body, request.data)
        with found():
            done = service(**{route_id: pk}, actor=request.user, **fields)
        return Response(output(answer(request, pk, done)).data)

    return post_view(name, doc, body=body, output=output, refused=refused, act=act, status=status)


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


def _patron_read(request: Request, casino_id: int, patron: Patron) -> Any:
    return reads.patron_detail(request.user, patron.pk)


PatronEnrolApi = _service_view(
    "PatronEnrolApi",
    """Enrol a carded patron of the casino with the personal data the rules need (pit
    bosses, admins).""",
    service=enrolment.patron_enrol_carded,
    route_id="casino_id",
    body=shapes.PatronEnrolInputSerializer,
    output=shapes.PatronOutputSerializer,
    answer=_patron_read,
    refused=(PatronCode.PATRON_UNDER_AGE, PatronCode.LOYALTY_NUMBER_TAKEN),
    status=status.HTTP_201_CREATED,
)

PatronExcludeApi = _service_view(
    "PatronExcludeApi",
    """Exclude a patron from play from now (self-exclusion or barring), until ``ends_at``
    or until lifted (pit bosses, admins). A seated patron is unseated by the floor.""",
    service=exclusions.exclusion_record,
    route_id="patron_id",
    body=shapes.ExclusionInputSerializer,
    output=shapes.ExclusionOutputSerializer,
    status=status.HTTP_201_CREATED,
)


def _lifted_exclusion(request: Request, exclusion_id: int, lift: ExclusionLift) -> Any:
    return lift.exclusion


ExclusionLiftApi = _service_view(
    "ExclusionLiftApi",
    "Lift an exclusion before its time, saying why (pit bosses, admins).",
    service=exclusions.exclusion_lift,
    route_id="exclusion_id",
    body=shapes.ExclusionLiftInputSerializer,
    output=shapes.ExclusionOutputSerializer,
    answer=_lifted_exclusion,
    refused=(PatronCode.EXCLUSION_ALREADY_LIFTED,),
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


def _seated_read(request: Request, pk: int, session: PlaySession) -> Any:
    """The new session as the table's seated patrons read it."""
    [seated] = [s for s in reads.table_seated(request.user, session.table_id) if s.pk == session.pk]
    return seated


TableSeatApi = _service_view(
    "TableSeatApi",
    """Seat a patron at boxes (or a seat) of the table: a known patron by id, a carded one by
    the card's number, or a new anonymous one by description; an excluded patron is
    refused.""",
    service=seating.session_seat,
    route_id="table_id",
    body=shapes.SeatInputSerializer,
    output=shapes.SessionOutputSerializer,
    answer=_seated_read,
    refused=(
        *_SEATING_REFUSALS,
        PatronCode.PATRON_ALREADY_SEATED,
        PatronCode.LOYALTY_NUMBER_UNKNOWN,
    ),
    status=status.HTTP_201_CREATED,
)

SessionMoveApi = _service_view(
    "SessionMoveApi",
    """Move a seated patron to boxes (or a seat) of another table, or other ones of the same,
    in the same visit.""",
    service=seating.session_move,
    route_id="session_id",
    body=shapes.MoveInputSerializer,
    output=shapes.SessionOutputSerializer,
    answer=_seated_read,
    refused=(*_SEATING_REFUSALS, PatronCode.SESSION_ENDED),
    status=status.HTTP_201_CREATED,
)


def _session_now(request: Request, session_id: int, session: PlaySession) -> Any:
    """The session as it is now, with whether it is paused."""
    session.refresh_from_db()
    session.paused = session.pauses.filter(resumed_at__isnull=True).exists()
    return session


def _session_step(
    name: str, doc: str, service: Callable[..., PlaySession], *refused_also: str
) -> type[APIView]:
    """The POST view of a step of a seated patron's session that reads no body (pause,
    resume, leave): ``service(session_id=id, actor=user)``, answering the session as it is
    then; it may refuse ``session_ended`` and ``refused_also``."""
    return _service_view(
        name,
        doc,
        service=service,
        route_id="session_id",
        body=None,
        output=shapes.SessionOutputSerializer,
        answer=_session_now,
        refused=(PatronCode.SESSION_ENDED, *refused_also),
    )


SessionPauseApi = _session_step(
    "SessionPauseApi",
    "Pause a patron's session: the boxes are kept, the time is not played.",
    seating.session_pause,
    PatronCode.SESSION_PAUSED,
)
SessionResumeApi = _session_step(
    "SessionResumeApi",
    "Resume a paused session.",
    seating.session_resume,
    PatronCode.SESSION_NOT_PAUSED,
)
SessionLeaveApi = _session_step(
    "SessionLeaveApi",
    "The patron leaves: the session and the visit end.",
    seating.session_leave,
)

SessionCashApi = _service_view(
    "SessionCashApi",
    """Record at the table a seated patron's buy-in (currency, chips from elsewhere, a
    marker), colour-up, or the chips they leave with; currency is held against the casino's
    anti-money-laundering thresholds.""",
    service=cash.cash_record,
    route_id="session_id",
    body=shapes.CashInputSerializer,
    output=shapes.CashOutputSerializer,
    refused=(PatronCode.SESSION_ENDED, PatronCode.CASH_AMOUNT_INVALID),
    status=status.HTTP_201_CREATED,
)

PatronCashOutApi = _service_view(
    "PatronCashOutApi",
    "Record currency paid out at the cage for a patron's chips (the cage, admins): cash out.",
    service=cash.cash_out_record,
    route_id="patron_id",
    body=shapes.CashOutInputSerializer,
    output=shapes.CashOutputSerializer,
    refused=(PatronCode.CASH_AMOUNT_INVALID,),
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

AmlPolicyApi = _service_view(
    "AmlPolicyApi",
    """Set the casino's anti-money-laundering thresholds from now on (admins); until one is
    set, a log entry from 3,000 and a report above 10,000, no identification threshold.""",
    service=aml.aml_policy_set,
    route_id="casino_id",
    body=shapes.AmlPolicyInputSerializer,
    output=shapes.AmlPolicyOutputSerializer,
    refused=(PatronCode.AML_THRESHOLDS_INVALID,),
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


def _rating_read(request: Request, session_id: int, done: object) -> Any:
    return reads.session_rating(request.user, session_id)


SessionEstimateApi = _service_view(
    "SessionEstimateApi",
    """Keep a floor person's estimate of a session (average bet, minutes played) beside its
    exact rating (a pit boss of the table's pit, an admin); answers the rating.""",
    service=estimates.rating_estimate_record,
    route_id="session_id",
    body=shapes.RatingEstimateInputSerializer,
    output=shapes.SessionRatingOutputSerializer,
    answer=_rating_read,
    status=status.HTTP_201_CREATED,
)

PatronPointsApi = read_view(
    "PatronPointsApi",
    "A patron's points: the balance and the ledger, newest first (pit bosses, auditors, admins).",
    read=reads.patron_points,
    output=shapes.PointsOutputSerializer,
)


def _points_read(request: Request, patron_id: int, done: object) -> Any:
    return reads.patron_points(request.user, patron_id)


def _points_move(name: str, doc: str, service: Callable[..., Any], *refused: str) -> type[APIView]:
    """The POST view of a movement of a patron's points that the floor or the casino makes
    (``points`` and a ``note``): ``service(patron_id=id, actor=user, points=..., note=...)``,
    answering the patron's points then (201); it may refuse ``refused``."""
    return _service_view(
        name,
        doc,
        service=service,
        route_id="patron_id",
        body=shapes.PointsInputSerializer,
        output=shapes.PointsOutputSerializer,
        answer=_points_read,
        refused=refused,
        status=status.HTTP_201_CREATED,
    )


PatronCompApi = _points_move(
    "PatronCompApi",
    """Spend a patron's points on a comp, saying what it is for (pit bosses, admins): at most
    the casino's limit a comp, and the balance. Answers the points.""",
    points.comp_redeem,
    PatronCode.POINTS_INVALID,
    PatronCode.POINTS_INSUFFICIENT,
)
PatronPromotionApi = _points_move(
    "PatronPromotionApi",
    "Award a promotion's points to a patron (admins). Answers the points.",
    points.points_award,
    PatronCode.POINTS_INVALID,
)

EarningPolicyApi = _service_view(
    "EarningPolicyApi",
    """Set the casino's points per unit of theoretical win from now on (admins); until one is
    set, one point per unit.""",
    service=points.earning_policy_set,
    route_id="casino_id",
    body=shapes.EarningPolicyInputSerializer,
    output=shapes.EarningPolicyOutputSerializer,
    status=status.HTTP_201_CREATED,
)
