"""Whether a package's rounds are the ones its audit rows record.

The rows are the evidence (their hashes chain to a signed checkpoint); the rounds beside them
are readable copies of the records they describe. Each round must agree with its own rows, as
the services wrote them in the same transactions:

- ``round.opened``: one row, naming the round's number, rule set, paytables and options, by
  its dealer, on its gaming day;
- ``round.action``: the round's events, in order, each with its payload, actor and request
  (a row lists the events of one action);
- ``round.settled``: one row exactly when the round has a settlement, with its totals, whether
  the cap applied and every payout line as paid;
- ``correction.requested`` / ``correction.approved`` / ``correction.rejected``: each
  correction's request and decision, by whom, why, with its lines; no row of a correction the
  package leaves out;
- ``round.voided``: a round voided (or a settled round whose void was approved) has its row;
- ``round.retraction_approved``: each ``retraction`` event (entries retracted, never erased) was
  approved, naming its request and the event, by someone other than the requester, whose
  action the event is.

For a table's day every round whose ``round.opened`` row is on that day must be in the package.

Each round's dealers (format 2 on) are named from its own events: each dealer's event numbers
are exactly the events of the round that user recorded, and a qualification named is one for
the round's game. The qualification and the plan's slot themselves are the site's records
(kept in the casino's stream, not the table's), vouched for by the package's signature.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from decimal import Decimal, InvalidOperation
from typing import Any

from audit.evidence.document import KIND_ROUND, KIND_TABLE_DAY
from casino.core.audit_codes import AuditCode
from casino.games.retractions import RETRACTION_KIND

_CORRECTION_CODES = (
    AuditCode.CORRECTION_REQUESTED,
    AuditCode.CORRECTION_APPROVED,
    AuditCode.CORRECTION_REJECTED,
)


def binding_problems(package: Mapping[str, Any]) -> list[str]:
    """What in ``package``'s rounds its audit rows do not record (empty when all agree)."""
    records: Sequence[Mapping[str, Any]] = package["records"]
    rounds: Sequence[Mapping[str, Any]] = package["rounds"]
    found = _subject_problems(package, records, rounds)
    rows_of: dict[int, list[Mapping[str, Any]]] = defaultdict(list)
    for record in records:
        if record["round_id"] is not None:
            rows_of[record["round_id"]].append(record)
    named = package["format"] >= 2
    for round in rounds:
        found.extend(
            f"round {round['id']}: {problem}"
            for problem in [
                *round_problems(round, rows_of.get(round["id"], [])),
                *dealer_problems(round, required=named),
            ]
        )
    return found


def dealer_problems(round: Mapping[str, Any], *, required: bool) -> list[str]:
    """Where a packaged round's ``dealers`` are not named from its own events (a package of
    format 1 names none: ``required`` false)."""
    dealers = round.get("dealers")
    if dealers is None:
        return ["the round names no dealers"] if required else []
    recorded: dict[Any, list[int]] = defaultdict(list)
    for event in round["events"]:
        recorded[(event["actor"] or {}).get("id")].append(event["seq"])
    found = []
    for dealer in dealers:
        pk = dealer["dealer"]["id"]
        if list(dealer["events"]) != recorded.get(pk, []):
            found.append(
                f"dealer {pk} is named with events {dealer['events']}, "
                f"the round's events recorded by them are {recorded.get(pk, [])}"
            )
        held = dealer["qualification"]
        if held is not None and held["game"] != round["game"]:
            found.append(f"dealer {pk}'s qualification is for {held['game']}, not {round['game']}")
    return found


def _subject_problems(
    package: Mapping[str, Any],
    records: Sequence[Mapping[str, Any]],
    rounds: Sequence[Mapping[str, Any]],
) -> list[str]:
    subject, table = package["subject"], package["table"]
    found = []
    if package["stream"] != f"table:{table['id']}":
        found.append(f"the stream {package['stream']} is not the stream of table {table['id']}")
    if package["kind"] == KIND_ROUND:
        if [round["id"] for round in rounds] != [subject["round"]]:
            found.append(f"a round's package holds round {subject['round']} alone")
    elif package["kind"] == KIND_TABLE_DAY:
        day = subject["gaming_day"]
        if subject["table"] != table["id"]:
            found.append(f"the subject's table {subject['table']} is not table {table['id']}")
        held = {round["id"] for round in rounds}
        for round in rounds:
            if round["gaming_day"] != day:
                found.append(f"round {round['id']} is of {round['gaming_day']}, not of {day}")
        opened = {
            record["round_id"]
            for record in records
            if record["event_code"] == AuditCode.ROUND_OPENED and record["gaming_day"] == day
        }
        for missing in sorted(opened - held):
            found.append(f"round {missing} opened on {day} and is not in the package")
    return found


def round_problems(round: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    """What in one packaged round its own audit rows (``rows``, in order) do not record."""
    by_code: dict[str, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        by_code[row["event_code"]].append(row)
    return [
        *_opened_problems(round, by_code[AuditCode.ROUND_OPENED]),
        *_event_problems(round, by_code[AuditCode.ROUND_ACTION]),
        *_settlement_problems(round, by_code[AuditCode.ROUND_SETTLED]),
        *_correction_problems(
            round, [row for row in rows if row["event_code"] in _CORRECTION_CODES]
        ),
        *_void_problems(round, by_code[AuditCode.ROUND_VOIDED]),
        *_retraction_problems(round, by_code[AuditCode.ROUND_RETRACTION_APPROVED]),
    ]


def _opened_problems(round: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    if len(rows) != 1:
        return [f"{len(rows)} round.opened rows, not one"]
    (row,) = rows
    terms, after = round["terms"], row["after"] or {}
    rule_set = terms["rule_set"]
    expected = {
        "number": round["number"],
        "rule_set": f"{rule_set['name']} v{rule_set['version']}",
        "paytables": {
            kind: f"{pinned['name']} v{pinned['version']}"
            for kind, pinned in (terms["paytables"] or {}).items()
        },
        "options": terms["options"],
    }
    found = [
        f"round.opened records {name} {after.get(name)!r}, the package {value!r}"
        for name, value in expected.items()
        if after.get(name) != value
    ]
    if row["actor_id"] != round["dealer"]["id"]:
        found.append(f"opened by user {row['actor_id']}, not by its dealer {round['dealer']['id']}")
    if row["gaming_day"] != round["gaming_day"]:
        found.append(f"round.opened is of {row['gaming_day']}, the round of {round['gaming_day']}")
    return found


def _event_problems(round: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    recorded = []
    for row in rows:
        for event in (row["after"] or {}).get("events", []):
            recorded.append((event, row["actor_id"], row["request_id"]))
    packaged = [
        (
            {"seq": event["seq"], "kind": event["kind"], **event["payload"]},
            event["actor"]["id"],
            event["request_id"],
        )
        for event in round["events"]
    ]
    if recorded == packaged:
        return []
    for index, (mine, theirs) in enumerate(zip(packaged, recorded, strict=False)):
        if mine != theirs:
            return [
                f"event {index + 1} differs from the trail's: {mine!r} is recorded as {theirs!r}"
            ]
    return [f"{len(packaged)} events in the package, {len(recorded)} in the trail"]


def _money(value: Any) -> Decimal | None:
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def _settlement_problems(round: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    settlement = round["settlement"]
    if settlement is None:
        return [f"{len(rows)} round.settled rows of a round with no settlement"] if rows else []
    if len(rows) != 1:
        return [f"{len(rows)} round.settled rows, not one"]
    (row,) = rows
    after = row["after"] or {}
    found = [
        f"round.settled records {name} {after.get(name)}, the settlement {settlement[name]}"
        for name in ("staked", "returned", "house_result", "rake")
        if _money(after.get(name)) != _money(settlement[name])
    ]
    if after.get("cap_applied") != settlement["cap_applied"]:
        found.append("round.settled and the settlement differ on whether the cap applied")
    recorded = [(box, line, _money(paid)) for box, line, paid in after.get("lines", [])]
    packaged = [(line["box"], line["line"], _money(line["paid"])) for line in settlement["lines"]]
    if recorded != packaged:
        found.append(f"payout lines {packaged} in the package, {recorded} in the trail")
    if row["actor_id"] != settlement["settled_by"]["id"]:
        found.append("settled by someone else than round.settled records")
    return found


def _correction_lines(lines: Sequence[Mapping[str, Any]]) -> list[tuple[Any, Any, Any]]:
    return [(line["box"], line["line"], _money(line["amount"])) for line in lines]


def _correction_problems(round: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    found = []
    packaged = {correction["id"]: correction for correction in round["corrections"]}
    rows_of: dict[Any, list[Mapping[str, Any]]] = defaultdict(list)
    for row in rows:
        rows_of[(row["after"] or {}).get("correction")].append(row)
    for unknown in sorted(set(rows_of) - set(packaged), key=str):
        found.append(f"the trail records correction {unknown}, which the package leaves out")
    for pk, correction in packaged.items():
        mine = rows_of.get(pk, [])
        requests = [r for r in mine if r["event_code"] == AuditCode.CORRECTION_REQUESTED]
        decisions = [r for r in mine if r["event_code"] != AuditCode.CORRECTION_REQUESTED]
        if len(requests) != 1:
            found.append(f"correction {pk}: {len(requests)} correction.requested rows, not one")
        else:
            (request,) = requests
            after = request["after"] or {}
            if (
                after.get("kind") != correction["kind"]
                or request["reason"] != correction["reason"]
                or request["actor_id"] != correction["requested_by"]["id"]
            ):
                found.append(f"correction {pk}: its request is not the one the trail records")
        if correction["status"] == "requested":
            if decisions:
                found.append(f"correction {pk}: pending, but the trail records its decision")
            continue
        if len(decisions) != 1:
            found.append(f"correction {pk}: {len(decisions)} decision rows, not one")
            continue
        (decision,) = decisions
        after = decision["after"] or {}
        expected_code = (
            AuditCode.CORRECTION_APPROVED
            if correction["status"] == "approved"
            else AuditCode.CORRECTION_REJECTED
        )
        if (
            decision["event_code"] != expected_code
            or after.get("status") != correction["status"]
            or after.get("settlement") != correction["settlement"]
            or _correction_lines(after.get("lines", [])) != _correction_lines(correction["lines"])
            or decision["actor_id"] != (correction["decided_by"] or {}).get("id")
            or decision["reason"] != correction["decision_note"]
        ):
            found.append(f"correction {pk}: its decision is not the one the trail records")
    return found


def _void_problems(round: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    approved_voids = [
        correction["id"]
        for correction in round["corrections"]
        if correction["kind"] == "void" and correction["status"] == "approved"
    ]
    recorded = [(row["after"] or {}).get("correction") for row in rows]
    if recorded != approved_voids:
        return [f"voids {approved_voids} in the package, {recorded} in the trail"]
    if round["status"] == "voided" and not rows:
        return ["voided, with no round.voided row"]
    return []


def _retraction_problems(round: Mapping[str, Any], rows: Sequence[Mapping[str, Any]]) -> list[str]:
    approvals = {
        ((row["after"] or {}).get("request"), (row["after"] or {}).get("event")): row
        for row in rows
    }
    found = []
    for event in round["events"]:
        if event["kind"] != RETRACTION_KIND:
            continue
        request = event["payload"].get("request")
        approval = approvals.pop((request, event["seq"]), None)
        if approval is None:
            found.append(f"retraction event {event['seq']} has no approval in the trail")
        elif approval["actor_id"] == event["actor"]["id"]:
            found.append(f"retraction event {event['seq']} was approved by its requester")
    for request, seq in sorted(approvals, key=str):
        found.append(f"the trail approves retraction {request} as event {seq}, not in the round")
    return found
