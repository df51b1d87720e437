"""Replaying a packaged round with the pure engines, and comparing it with its settlement.

The engines (``casino.games``) need no database: a round's terms (its rule set's settings, its
pinned paytables, its limits and options) and its events, as the package holds them, rebuild
its state with every check an action had, and a settled round's result must equal the
settlement the package holds, line for line and to the cent. The events a retraction retracted
stay in the package, and are left out of the replay, as the table service leaves them out
(``casino.games.retractions``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from casino.games.contract import GameDefinition, GameResult, RoundTerms
from casino.games.errors import GameError
from casino.games.registry import GAMES as REGISTERED_GAMES
from casino.games.retractions import RETRACTION_KIND, retracted_seqs

GAMES: Mapping[str, GameDefinition] = REGISTERED_GAMES

#: Events the rounds service writes itself, not the engine's (``tables.engines``'s
#: ``CORE_EVENT_KINDS``, which this pure module cannot import; a test keeps them equal).
SERVICE_EVENT_KINDS = frozenset({"note", RETRACTION_KIND})


def round_terms(terms: Mapping[str, Any]) -> RoundTerms:
    """The engine's terms from a packaged round's ``terms``, as ``tables.engines`` builds them
    from the round's pinned configuration."""
    return RoundTerms(
        rules=dict(terms["rule_set"]["settings"]),
        paytables={
            kind: {line: Decimal(str(pays)) for line, pays in pinned.get("lines", {}).items()}
            for kind, pinned in (terms.get("paytables") or {}).items()
        },
        limits=dict(terms["limits"]),
        options=dict(terms["options"]),
    )


def replay_problems(round: Mapping[str, Any]) -> tuple[str, list[str]]:
    """Replay one packaged round; returns what was done and what differs (empty when the
    replay reproduces the settlement, or, for a round not settled, when every event is legal).
    """
    game = GAMES.get(round["game"])
    if game is None:
        return "", [f"round {round['id']}: no engine for the game {round['game']!r}"]
    try:
        state = game.new_state(round_terms(round["terms"]))
        retracted = retracted_seqs((e["kind"], e["payload"]) for e in round["events"])
        for event in round["events"]:
            if event["kind"] not in SERVICE_EVENT_KINDS and event["seq"] not in retracted:
                state.apply(game.read_event({"kind": event["kind"], **event["payload"]}))
    except (GameError, KeyError, TypeError, ValueError) as exc:
        return "", [f"round {round['id']}: its events do not replay: {exc}"]
    settlement = round.get("settlement")
    if settlement is None:
        return f"round {round['id']}: {len(round['events'])} events replay (not settled)", []
    if not state.complete:
        return "", [f"round {round['id']}: settled, but its events leave it in {state.phase}"]
    found = _differences(state.result(), settlement)
    return f"round {round['id']}: the replay reproduces its settlement", [
        f"round {round['id']}: {difference}" for difference in found
    ]


def _money(value: Any) -> Decimal | None:
    return None if value is None else Decimal(str(value))


def _differences(result: GameResult, settlement: Mapping[str, Any]) -> list[str]:
    found = []
    for name, replayed in (
        ("staked", result.staked),
        ("returned", result.returned),
        ("house_result", result.house_result),
        ("rake", result.rake),
    ):
        if _money(settlement[name]) != replayed:
            found.append(f"{name} {settlement[name]} settled, {replayed} replayed")
    if bool(settlement["cap_applied"]) != result.cap_applied:
        found.append(
            f"cap_applied {settlement['cap_applied']} settled, {result.cap_applied} replayed"
        )
    settled_lines = [_line(line) for line in settlement["lines"]]
    replayed_lines = [
        (
            line.position.number,
            line.line,
            line.combination,
            line.outcome,
            line.stake,
            line.computed,
            line.paid,
            line.reason,
            line.pot,
        )
        for line in result.lines
    ]
    if settled_lines != replayed_lines:
        found.append(f"payout lines {settled_lines} settled, {replayed_lines} replayed")
    if json.loads(json.dumps(result.detail)) != settlement.get("engine_result"):
        found.append("the engine's settlement detail differs from the one stored")
    return found


def _line(line: Mapping[str, Any]) -> tuple[Any, ...]:
    return (
        line["box"],
        line["line"],
        line["combination"],
        line["outcome"],
        _money(line["stake"]),
        _money(line["computed"]),
        _money(line["paid"]),
        line["reason"],
        line["pot"],
    )
