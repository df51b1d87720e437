"""Replay: rebuild a settled round's settlement from its stored events and compare, to the cent,
with the settlement stored and with the state the round's actions kept (its snapshot)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from payouts.models import Settlement
from tables.engines import current_state, replayed_state
from tables.models import Round, RoundEvent


@dataclass(frozen=True)
class ReplayReport:
    """The outcome of one replay: ``matches`` and, if not, each differing path and its values.

    A difference with the stored settlement is at a path of the engine's result (``/...``); a
    difference with the kept state at a path under ``/kept/``.
    """

    round_id: int
    matches: bool
    differences: list[dict[str, Any]] = field(default_factory=list)


def round_replay(*, round_id: int) -> ReplayReport:
    """Recompute the settlement of a settled round from its events and compare it with the
    stored one (the engine's full result, line by line) and with the kept state's.

    :raises Settlement.DoesNotExist: when the round has not been settled.
    """
    round = Round.objects.select_related("table", "rule_set").get(pk=round_id)
    stored = Settlement.objects.get(round=round)
    replayed = replayed_state(
        round, RoundEvent.objects.filter(round=round).order_by("seq")
    ).result()
    kept = current_state(round).result()
    differences = list(_diff(stored.engine_result, replayed.detail, path=""))
    differences += _diff(kept.to_dict(), replayed.to_dict(), path="/kept")
    return ReplayReport(round_id=round.pk, matches=not differences, differences=differences)


def _diff(stored: Any, replayed: Any, *, path: str) -> Iterator[dict[str, Any]]:
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed)):
            yield from _diff(stored.get(key), replayed.get(key), path=f"{path}/{key}")
    elif isinstance(stored, list) and isinstance(replayed, list) and len(stored) == len(replayed):
        for index, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            yield from _diff(a, b, path=f"{path}/{index}")
    elif stored != replayed:
        yield {"path": path or "/", "stored": stored, "replayed": replayed}
