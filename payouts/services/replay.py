"""Replay: rebuild a settled round's settlement from its stored events and compare, to the cent."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from payouts.models import Settlement
from tables.engines import adapter_for
from tables.models import Round


@dataclass(frozen=True)
class ReplayReport:
    """The outcome of one replay: ``matches`` and, if not, each differing path and its values."""

    round_id: int
    matches: bool
    differences: list[dict[str, Any]] = field(default_factory=list)


def round_replay(*, round_id: int) -> ReplayReport:
    """Recompute the settlement of a settled round from its events and compare it with the
    stored one (the engine's full result, line by line).

    :raises Settlement.DoesNotExist: when the round has not been settled.
    """
    round = Round.objects.select_related("table", "rule_set").get(pk=round_id)
    stored = Settlement.objects.get(round=round)
    adapter = adapter_for(round.game)
    if adapter is None:
        raise LookupError(f"no engine for {round.game}")
    plan = adapter.settle(round=round, history=list(round.events.order_by("seq")))
    differences = list(_diff(stored.engine_result, plan.engine_result, path=""))
    return ReplayReport(round_id=round.pk, matches=not differences, differences=differences)


def _diff(stored: Any, replayed: Any, *, path: str) -> Any:
    if isinstance(stored, dict) and isinstance(replayed, dict):
        for key in sorted(set(stored) | set(replayed)):
            yield from _diff(stored.get(key), replayed.get(key), path=f"{path}/{key}")
    elif isinstance(stored, list) and isinstance(replayed, list) and len(stored) == len(replayed):
        for index, (a, b) in enumerate(zip(stored, replayed, strict=True)):
            yield from _diff(a, b, path=f"{path}/{index}")
    elif stored != replayed:
        yield {"path": path or "/", "stored": stored, "replayed": replayed}
