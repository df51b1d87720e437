"""The JSON document of a gaming-day report, built from the SQL figures (read only).

Amounts are strings with two decimals, percentages strings with two, counts integers, and a
figure that cannot be computed is ``null``: the document has no floats, so its canonical
serialisation (sorted keys, no spaces) and therefore its SHA-256 survive a round trip through
PostgreSQL's ``jsonb`` unchanged.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Count, Q, Sum

from audit.models import Checkpoint, GamingDayReport
from audit.services.dealt_unqualified import rounds_dealt_unqualified
from audit.services.reports.figures import (
    LEVEL_ORDER,
    Key,
    corrections_of,
    figures,
    hit_lines,
    month_trend,
    periods_of,
)
from audit.services.reports.variance import VarianceRule, percent, sample_sd, variance
from casino.core.audit_codes import AuditCode
from casino.core.errors import ReportCode
from casino.core.gaming_day import gaming_day_of
from casino.core.models import AuditRecord
from casino.core.trail.canonical import utc_iso
from casino.core.trail.recording import SITE_STREAM
from casino.dealers.accuracy import dealer_accuracy
from casino.dealers.pace import dealer_pace
from payouts.models import CorrectionLine, ShiftReconciliation
from tables.models import Round, RoundStatus, Table

#: 2: each figure says how much of its stakes a house edge priced (``theoretical_base``,
#: ``house_edge_coverage``); the document carries the audit chain's status (``chain``) and the
#: month's daily hold (``month_trend``).
#: 3: the chip tray's win of each table's reconciled shifts beside its rounds' house result
#: (``tray``).
#: 4: the theoretical figures are the rounds' theoretical wins as their settlements keep them,
#: a pot game's being its take; each figure says how much of what was priced was priced by
#: house edges computed from the rules (``theoretical_computed_pct``); ``house_edge_coverage``
#: says ``priced``, ``partly_priced`` or ``unpriced`` (a certificate is no longer the only
#: source of an edge).
#: 5: the rounds of the day dealt by a dealer not qualified for their game
#: (``rounds_dealt_unqualified``, which must be 0).
#: 6: the dealers' day (``dealers``): each dealer's pace per game, and accuracy.
#: 7: each dealer's accuracy counts the entries refused to them (``refused_entries``, by code
#: in ``refused_by_code``, and per 1,000 rounds).
PAYLOAD_FORMAT = 7
CENT = Decimal("0.01")

#: ``house_edge_coverage``: a house edge priced every stake, some, or none.
PRICED = "priced"
PARTLY_PRICED = "partly_priced"
UNPRICED = "unpriced"


class ReportError(Exception):
    """The report cannot be built as asked; ``code`` is stable, the message is for people."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def canonical_payload(payload: Mapping[str, Any]) -> bytes:
    """The bytes whose SHA-256 the audit trail records for a report's JSON."""
    return json.dumps(payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode()


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def report_payload(*, report: GamingDayReport, generated_at: dt.datetime) -> dict[str, Any]:
    """The report's document. Runs read-only queries; must run inside a transaction.

    :raises ReportError: ``report_mixed_currency`` when the casino's tables use several
        currencies, whose amounts cannot be added.
    """
    casino = report.casino
    day = report.gaming_day
    parameters = report.parameters
    tables = {
        table["id"]: table
        for table in Table.objects.filter(pit__casino=casino).values("id", "code", "currency")
    }
    currencies = sorted({t["currency"] for t in tables.values()})
    if len(currencies) > 1:
        raise ReportError(
            ReportCode.REPORT_MIXED_CURRENCY,
            f"The casino's tables use several currencies ({', '.join(currencies)}).",
        )
    large = Decimal(parameters["large_payout_threshold"])
    sums = figures(tables=list(tables), day=day, large_payout=large)
    hits = hit_lines(tables=list(tables), day=day, large_payout=large)
    corrections = corrections_of(tables=list(tables), day=day)
    names = _usernames(
        {key[3] for key in sums}
        | {hit["dealer_id"] for hit in hits}
        | {c[f] for c in corrections for f in ("dealer_id", "requested_by_id", "decided_by_id")}
    )
    rule = VarianceRule(
        mode=parameters["variance_mode"],
        threshold_pp=Decimal(parameters["variance_threshold_pp"]),
        z=Decimal(parameters["confidence_z"]),
    )
    round_sd = {game: Decimal(sd) for game, sd in parameters.get("round_sd", {}).items()}
    code = {table_id: table["code"] for table_id, table in tables.items()}

    def label(key: Key) -> tuple[int, str, str, str]:
        level, table_id, game, dealer_id = key
        return (
            LEVEL_ORDER.index(level),
            code.get(table_id, "") if table_id else "",
            game or "",
            names.get(dealer_id, "") if dealer_id else "",
        )

    rows = [
        {
            "level": key[0],
            "table": code[key[1]] if key[1] else None,
            "game": key[2],
            "dealer": names[key[3]] if key[3] else None,
            **{
                period.name: _figures(
                    sums[key], period=period.name, game=key[2], rule=rule, round_sd=round_sd
                )
                for period in periods_of(day)
            },
        }
        for key in sorted(sums, key=label)
    ]
    return {
        "format": PAYLOAD_FORMAT,
        "report": report.pk,
        "casino": {"id": casino.pk, "name": casino.name},
        "gaming_day": day.isoformat(),
        "periods": {
            p.name: {"from": p.start.isoformat(), "to": p.end.isoformat()} for p in periods_of(day)
        },
        "currency": currencies[0] if currencies else None,
        "generated_at": utc_iso(generated_at),
        "provisional": gaming_day_of(
            generated_at, time_zone=casino.time_zone, start_hour=casino.gaming_day_start_hour
        )
        <= day,
        "open_rounds": Round.objects.filter(
            table_id__in=list(tables), gaming_day=day, status=RoundStatus.OPEN
        ).count(),
        "rounds_dealt_unqualified": rounds_dealt_unqualified(tables=list(tables), day=day),
        "parameters": parameters,
        "rows": rows,
        "large_payouts": [_hit(hit, code, names) for hit in hits if hit["large"]],
        "cap_hits": [_hit(hit, code, names) for hit in hits if hit["cap_hit"]],
        "voids": [_correction(c, code, names) for c in corrections if c["kind"] == "void"],
        "corrections": [_correction(c, code, names) for c in corrections if c["kind"] != "void"],
        "month_trend": [_trend_day(values) for values in month_trend(tables=list(tables), day=day)],
        "chain": chain_status(),
        "tray": tray_lines(tables=code, day=day),
        "dealers": dealer_lines(casino_id=casino.pk, day=day),
    }


def dealer_lines(*, casino_id: int, day: dt.date) -> dict[str, list[dict[str, Any]]]:
    """The dealers' day: ``pace``, each dealer's per game dealt, against the casino's norm
    (``casino.dealers.pace``); ``accuracy``, each dealer's over every game: what a second
    person approved, also per 1,000 rounds (``casino.dealers.accuracy``). By dealer name."""
    return {
        "pace": [
            {
                "dealer": pace.dealer_name,
                "game": pace.game,
                "rounds": pace.rounds,
                "rounds_per_hour": _text(pace.rounds_per_hour),
                "norm": _text(pace.norm),
                "of_norm": _text(pace.of_norm),
                "seconds_per_round": _text(pace.seconds_per_round),
                "seconds_between": _text(pace.seconds_between),
            }
            for pace in dealer_pace(casino_id=casino_id, first=day, last=day)
            if pace.table is None
        ],
        "accuracy": [
            {
                "dealer": record.dealer_name,
                "rounds": record.rounds,
                "voids": record.voids,
                "payout_corrections": record.payout_corrections,
                "corrected_owed": _money(record.corrected_owed),
                "corrected_recovered": _money(record.corrected_recovered),
                "entries_retracted": record.entries_retracted,
                "voids_per_1000": _text(record.voids_per_1000),
                "payout_corrections_per_1000": _text(record.payout_corrections_per_1000),
                "entries_retracted_per_1000": _text(record.entries_retracted_per_1000),
                "refused_entries": record.refused_entries,
                "refused_by_code": record.refused_by_code,
                "refused_entries_per_1000": _text(record.refused_entries_per_1000),
            }
            for record in dealer_accuracy(casino_id=casino_id, first=day, last=day)
        ],
    }


def tray_lines(*, tables: Mapping[int, str], day: dt.date) -> list[dict[str, Any]]:
    """Per table, the shifts reconciled on ``day`` (``payouts.services.reconciliation``): the
    win from the tray and the drop beside the house result of the rounds of those shifts, the
    difference, and whether every shift was within its tolerance."""
    totals = (
        ShiftReconciliation.objects.filter(table_id__in=list(tables), gaming_day=day)
        .values("table_id")
        .annotate(
            shifts=Count("pk"),
            win=Sum("win"),
            house_result=Sum("house_result"),
            difference=Sum("difference"),
            beyond=Count("pk", filter=Q(within_tolerance=False)),
        )
    )
    lines = [
        {
            "table": tables[row["table_id"]],
            "shifts": row["shifts"],
            "tray_win": _money(row["win"]),
            "rounds_house_result": _money(row["house_result"]),
            "difference": _money(row["difference"]),
            "shifts_beyond_tolerance": row["beyond"],
        }
        for row in totals
    ]
    return sorted(lines, key=lambda line: line["table"])


def chain_status() -> dict[str, Any]:
    """The audit chain as the report found it: the outcome of the last verification (the
    ``audit.chain_verified`` or ``audit.chain_broken`` row of the checks) and the last signed
    checkpoint; ``None`` for what has not happened yet."""
    verification = (
        AuditRecord.objects.filter(
            stream=SITE_STREAM,
            event_code__in=(AuditCode.CHAIN_VERIFIED, AuditCode.CHAIN_BROKEN),
        )
        .order_by("-seq")
        .values("event_code", "occurred_at", "after")
        .first()
    )
    checkpoint = (
        Checkpoint.objects.order_by("-number")
        .values("number", "sealed_at", "reason", "root", "key_id")
        .first()
    )
    return {
        "last_verification": None
        if verification is None
        else {
            "intact": verification["event_code"] == AuditCode.CHAIN_VERIFIED,
            "at": utc_iso(verification["occurred_at"]),
            "full": bool((verification["after"] or {}).get("full")),
            "checkpoint": (verification["after"] or {}).get("checkpoint"),
            "findings": len((verification["after"] or {}).get("findings") or []),
        },
        "last_checkpoint": None
        if checkpoint is None
        else {
            "number": checkpoint["number"],
            "sealed_at": utc_iso(checkpoint["sealed_at"]),
            "reason": checkpoint["reason"],
            "root": checkpoint["root"],
            "key_id": checkpoint["key_id"],
        },
    }


def _trend_day(values: Mapping[str, Any]) -> dict[str, Any]:
    wagered = Decimal(values["wagered"])
    house = Decimal(values["house_result"])
    return {
        "day": values["gaming_day"].isoformat(),
        "rounds": int(values["rounds"]),
        "wagered": _money(wagered),
        "house_result": _money(house),
        "hold_pct": _text(percent(house, wagered)),
        "theoretical_hold_pct": _text(
            percent(Decimal(values["theoretical_result"]), Decimal(values["theoretical_base"]))
        ),
    }


def _figures(
    values: Mapping[str, Any],
    *,
    period: str,
    game: str | None,
    rule: VarianceRule,
    round_sd: Mapping[str, Decimal],
) -> dict[str, Any]:
    def count(name: str) -> int:
        return int(values.get(f"{period}_{name}") or 0)

    def amount(name: str) -> Decimal:
        return Decimal(values.get(f"{period}_{name}") or 0)

    rounds = count("rounds")
    wagered, paid = amount("wagered"), amount("paid")
    house = wagered - paid
    hold = percent(house, wagered)
    priced = amount("theo_base")
    theoretical = percent(amount("theo_result"), priced)
    sd = round_sd.get(game) if game else None
    if sd is None:
        sd = sample_sd(
            count("hold_n"), values.get(f"{period}_hold_sx"), values.get(f"{period}_hold_sxx")
        )
    tested = variance(hold_pct=hold, theoretical_pct=theoretical, rounds=rounds, sd=sd, rule=rule)
    adjusted_wagered = wagered - amount("reversed_wagered")
    adjusted_paid = paid - amount("reversed_paid") + amount("corrections_paid")
    adjusted_house = adjusted_wagered - adjusted_paid
    return {
        "rounds": rounds,
        "wagered": _money(wagered),
        "paid": _money(paid),
        "house_result": _money(house),
        "hold_pct": _text(hold),
        "theoretical_hold_pct": _text(theoretical),
        "theoretical_result": _money(amount("theo_result")) if theoretical is not None else None,
        "theoretical_base": _money(priced),
        "house_edge_coverage": _coverage(wagered=wagered, priced=priced),
        "theoretical_computed_pct": _text(percent(amount("theo_computed_base"), priced)),
        "variance_pp": _text(tested.variance_pp),
        "variance_threshold_pp": _text(tested.threshold_pp),
        "variance_flag": tested.flagged,
        "cap_hits": count("cap_hits"),
        "withheld": _money(amount("withheld")),
        "large_payouts": count("large_payouts"),
        "voids": count("voids"),
        "corrections": count("corrections"),
        "corrections_paid": _money(amount("corrections_paid")),
        "adjusted_rounds": rounds - count("reversed_rounds"),
        "adjusted_wagered": _money(adjusted_wagered),
        "adjusted_paid": _money(adjusted_paid),
        "adjusted_house_result": _money(adjusted_house),
        "adjusted_hold_pct": _text(percent(adjusted_house, adjusted_wagered)),
    }


def _coverage(*, wagered: Decimal, priced: Decimal) -> str | None:
    """How much of what was wagered a house edge priced; ``None`` when nothing was."""
    if not wagered:
        return None
    if not priced:
        return UNPRICED
    return PRICED if priced >= wagered else PARTLY_PRICED


def _hit(
    hit: Mapping[str, Any], code: Mapping[int, str], names: Mapping[int, str]
) -> dict[str, Any]:
    return {
        "table": code[hit["table_id"]],
        "game": hit["game"],
        "dealer": names.get(hit["dealer_id"]),
        "round": hit["round_id"],
        "round_number": hit["round_number"],
        "box": hit["box"],
        "line": hit["line"],
        "combination": hit["combination"],
        "outcome": hit["outcome"],
        "stake": _money(hit["stake"]),
        "computed": _money(hit["computed_amount"]),
        "paid": _money(hit["paid_amount"]),
        "withheld": _money(hit["computed_amount"] - hit["paid_amount"]),
        "reason": hit["reason"],
    }


def _correction(
    row: Mapping[str, Any], code: Mapping[int, str], names: Mapping[int, str]
) -> dict[str, Any]:
    lines = CorrectionLine.objects.filter(correction_id=row["id"]).order_by("id")
    reverses_settlement = row["kind"] == "void" and row["total_staked"] is not None
    return {
        "correction": row["id"],
        "table": code[row["table_id"]],
        "game": row["game"],
        "dealer": names.get(row["dealer_id"]),
        "round": row["round_id"],
        "round_number": row["round_number"],
        "round_gaming_day": row["round_gaming_day"].isoformat(),
        "requested_by": names.get(row["requested_by_id"]),
        "decided_by": names.get(row["decided_by_id"]),
        "reason": row["reason"],
        "decision_note": row["decision_note"],
        "amount": _money(row["amount"]),
        "reversed_wagered": _money(row["total_staked"]) if reverses_settlement else None,
        "reversed_paid": _money(row["total_returned"]) if reverses_settlement else None,
        "lines": [
            {"box": line.box, "line": line.line, "amount": _money(line.amount)} for line in lines
        ],
    }


def _usernames(ids: set[int | None]) -> dict[int, str]:
    wanted = [i for i in ids if i is not None]
    users = get_user_model().objects.filter(pk__in=wanted)
    return {user.pk: user.get_username() for user in users}


def _money(value: Decimal) -> str:
    return str(Decimal(value).quantize(CENT))


def _text(value: Decimal | None) -> str | None:
    return None if value is None else str(value)
