"""The seam between the rounds and the pure game engines: one contract for every game.

Each game is a ``casino.games.contract.GameDefinition``; this module names them, builds a
round's :class:`~casino.games.contract.RoundTerms` from what the round pinned when it opened,
and gives a round's engine state two ways:

* :func:`current_state`, the fast path: the state restored from the snapshot stored with the
  round's last event (constant cost, whatever the length of the round);
* :func:`replayed_state`, the proof: the state rebuilt from every stored event, with every
  check, which the settlement and the nightly check compare with the fast path.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from decimal import Decimal

from casino.core.row_caches import row_cache
from casino.games.codes import GameCode
from casino.games.contract import GameState, JsonObject, RoundTerms
from casino.games.errors import GameError

# The games' own registry, which the apps read through this seam.
from casino.games.registry import GAMES as GAMES
from casino.games.registry import game_of as game_of
from casino.games.retractions import RETRACTION_KIND, retracted_seqs
from tables.models import Round, RoundEvent, RuleSet

#: Events of a round's log that are not the engine's: the rounds service writes them itself.
CORE_EVENT_KINDS = frozenset({"note", RETRACTION_KIND})


def round_terms(round: Round) -> RoundTerms:
    """What ``round`` is played under, as pinned when it opened (its rule set is a version that
    is never edited; its paytables' lines and limits are copies)."""
    paytables = {
        kind: {line: Decimal(str(pays)) for line, pays in pinned.get("lines", {}).items()}
        for kind, pinned in (round.paytables or {}).items()
    }
    return RoundTerms(
        rules=rule_set_settings(round.rule_set_id),
        paytables=paytables,
        limits=dict(round.limits),
        options=dict(round.options),
    )


@row_cache(maxsize=1024)
def _settings_text(rule_set_id: int) -> str:
    return json.dumps(RuleSet.objects.values_list("settings", flat=True).get(pk=rule_set_id))


def rule_set_settings(rule_set_id: int) -> JsonObject:
    """The settings of rule-set version ``rule_set_id``, read once per process: a version is
    never edited (the database refuses it), so what was read stays true."""
    settings: JsonObject = json.loads(_settings_text(rule_set_id))
    return settings


def current_state(round: Round, *, terms: RoundTerms | None = None) -> GameState:
    """The engine's state after ``round``'s last event, restored from its snapshot.

    A round whose snapshot is missing or no longer reads (written by an older engine) is
    replayed instead; the caller stores the fresh snapshot with its next write.
    """
    game = game_of(round.game)
    terms = terms if terms is not None else round_terms(round)
    if round.snapshot:
        try:
            return game.restore(terms, round.snapshot)
        except GameError as error:
            if error.code != GameCode.SNAPSHOT_INVALID:
                raise
    return replayed_state(round, RoundEvent.objects.filter(round=round).order_by("seq"))


def replayed_state(round: Round, events: Iterable[RoundEvent]) -> GameState:
    """The engine's state rebuilt from ``events`` (the round's stored events, in order), those
    a retraction retracted left out (``casino.games.retractions``).

    :raises GameError: when a stored event does not read or is not legal where it stands (a
        log altered behind the service's back).
    """
    game = game_of(round.game)
    state = game.new_state(round_terms(round))
    for stored in live_events(events):
        state.apply(game.read_event(stored_event_data(stored)))
    return state


def live_events(events: Iterable[RoundEvent]) -> list[RoundEvent]:
    """The engine's events among a round's stored ``events`` (in order), without those a
    retraction retracted: what its state is the replay of."""
    listed = list(events)
    retracted = retracted_seqs((event.kind, event.payload) for event in listed)
    return [
        event
        for event in listed
        if event.kind not in CORE_EVENT_KINDS and event.seq not in retracted
    ]


def stored_event_data(stored: RoundEvent) -> JsonObject:
    """A stored event as its engine's ``to_dict()`` wrote it."""
    return {"kind": stored.kind, **stored.payload}


def initial_snapshot(round: Round) -> JsonObject:
    """The snapshot of a round that has just opened."""
    return game_of(round.game).new_state(round_terms(round)).snapshot()


def validate_rule_settings(game: str, settings: JsonObject) -> JsonObject:
    """A rule set's settings for ``game``, validated and completed with the game's defaults.

    :raises GameError: ``ruleset_invalid`` (``data["field"]``).
    """
    return game_of(game).validate_rules(settings)
