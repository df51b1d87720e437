"""Writing what one dealer action recorded, in one SQL statement.

An action appends its events, the cards they show and the chip movements they make, moves the
round on (its last event number, its phase, the engine's snapshot) and appends its audit row.
Those are five tables but one fact, written on every action of every table: one statement with
data-modifying common table expressions does it in one round trip to the database, where five
ORM calls would take five. The caller holds the round's lock and its table's audit head
(``tables.locks.round_lock_with_audit_head``) and has chained the audit row to that head
(``casino.core.trail.recording.audit_row``).

The engine has already refused a card seen in this deck pass; the unique constraint on (round,
deck pass, card, era) is the database's last word, and its violation ends the action with
``card_duplicate``. A card is stored in the round's current era (``Round.retractions``): an
approved retraction frees the cards of the entries it retracted by starting a new one.

The chip movements are numbered on from the round's last ledger row, in the order the engine
made them: the same numbers as the engine's while no retraction has been approved, and gapless
after one (whose reversing rows take numbers of their own).
"""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Sequence
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, connection
from django.utils import timezone

from casino.core.models import AuditRecord
from casino.core.trail.recording import (
    AUDIT_INSERT_SQL,
    audit_insert_parameters,
    audit_row_stored,
)
from casino.games.codes import GameCode
from casino.games.contract import ChipMovement, JsonObject
from casino.games.errors import GameError
from tables.models import Round, RoundEvent

_CARD_CONSTRAINT = "round_card_once_per_pass"

_STATEMENT = f"""
WITH new_events AS (
    INSERT INTO tables_roundevent
        (round_id, seq, kind, payload, actor_id, request_id, device_token_id, created_at)
    SELECT %(round)s, e.seq, e.kind, e.payload, %(actor)s, %(request_id)s, %(device_token)s,
           %(now)s
    FROM jsonb_to_recordset(%(events)s::jsonb) AS e(seq integer, kind text, payload jsonb)
    RETURNING id, seq, created_at
),
new_cards AS (
    INSERT INTO tables_roundcard (round_id, deck_pass, card, position, event_id, era)
    SELECT %(round)s, c.deck_pass, c.card, c.position, new_events.id, %(era)s
    FROM jsonb_to_recordset(%(cards)s::jsonb)
        AS c(seq integer, deck_pass smallint, card smallint, position text)
    JOIN new_events ON new_events.seq = c.seq
    RETURNING 1
),
new_movements AS (
    INSERT INTO tables_ledgerentry (round_id, seq, source, destination, amount, reason, event_id)
    SELECT %(round)s, last.seq + m.ord, m.source, m.destination, m.amount, m.reason,
           (SELECT id FROM new_events ORDER BY seq DESC LIMIT 1)
    FROM jsonb_to_recordset(%(movements)s::jsonb)
        AS m(ord integer, source text, destination text, amount numeric, reason text)
    CROSS JOIN (
        SELECT coalesce(max(l.seq), 0) AS seq FROM tables_ledgerentry l
        WHERE l.round_id = %(round)s
    ) last
    RETURNING 1
),
new_audit AS (
    {AUDIT_INSERT_SQL}
)
UPDATE tables_round
SET phase = %(phase)s, last_event_seq = %(last_event_seq)s, snapshot = %(snapshot)s::jsonb
WHERE id = %(round)s
RETURNING
    (SELECT json_agg(json_build_array(id, seq, created_at) ORDER BY seq) FROM new_events),
    (SELECT count(*) FROM new_cards),
    (SELECT count(*) FROM new_movements),
    (SELECT id FROM new_audit)
"""


@dataclass(frozen=True)
class PendingEvent:
    """An event an action produced, not yet stored: its kind, payload, and the cards it shows
    (card index and where it went) in deck pass ``deck_pass``."""

    kind: str
    payload: JsonObject
    cards: tuple[tuple[int, str], ...]
    deck_pass: int


def action_record(
    *,
    round: Round,
    actor: AbstractBaseUser,
    request_id: str,
    device_token_id: int | None = None,
    events: Sequence[PendingEvent],
    movements: Sequence[ChipMovement],
    phase: str,
    snapshot: JsonObject,
    audit: AuditRecord,
) -> list[RoundEvent]:
    """Append ``events`` (numbered on from the round's last), their cards and ``movements``,
    set the round's phase and snapshot, and insert ``audit`` (chained to the audit head this
    transaction holds); one statement. Returns the stored events.

    Updates ``round`` and ``audit`` in memory to match. Expects ``round`` locked, inside its
    transaction.

    :raises GameError: ``card_duplicate`` when the database refuses a card seen in this pass.
    """
    first = round.last_event_seq + 1
    numbered = [(first + index, event) for index, event in enumerate(events)]
    parameters = {
        "round": round.pk,
        "actor": actor.pk,
        "request_id": request_id,
        "device_token": device_token_id,
        # The application's clock, not the database's: one clock names every instant.
        "now": timezone.now(),
        "events": json.dumps(
            [{"seq": seq, "kind": event.kind, "payload": event.payload} for seq, event in numbered]
        ),
        "cards": json.dumps(
            [
                {"seq": seq, "deck_pass": event.deck_pass, "card": card, "position": position}
                for seq, event in numbered
                for card, position in event.cards
            ]
        ),
        "movements": json.dumps(
            [
                {
                    "ord": ordinal,
                    "source": move.source,
                    "destination": move.destination,
                    "amount": str(move.amount),
                    "reason": move.reason,
                }
                for ordinal, move in enumerate(movements, start=1)
            ]
        ),
        "era": round.retractions,
        "phase": phase,
        "last_event_seq": first + len(events) - 1,
        "snapshot": json.dumps(snapshot),
        **audit_insert_parameters(audit),
    }
    try:
        with connection.cursor() as cursor:
            cursor.execute(_STATEMENT, parameters)
            stored, _cards, _movements, audit_id = cursor.fetchone()
    except IntegrityError as exc:
        if _CARD_CONSTRAINT in str(exc):
            raise GameError(
                GameCode.CARD_DUPLICATE, "A card was recorded twice in this deck."
            ) from exc
        raise
    round.phase = phase
    round.last_event_seq = parameters["last_event_seq"]  # type: ignore[assignment]
    round.snapshot = snapshot
    audit_row_stored(audit, audit_id)
    ids = {seq: (pk, created) for pk, seq, created in (stored or [])}
    records = []
    for seq, event in numbered:
        pk, created = ids[seq]
        record = RoundEvent(
            pk=pk,
            round=round,
            seq=seq,
            kind=event.kind,
            payload=event.payload,
            actor=actor,
            request_id=request_id,
            device_token_id=device_token_id,
            created_at=dt.datetime.fromisoformat(created),
        )
        record._state.adding = False
        records.append(record)
    return records
