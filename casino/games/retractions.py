"""Retractions: entries of a round's log taken back by a later entry, never erased.

A round is an event log. When a pit boss approves a request to retract the round's last
entries, the table service appends a ``retraction`` event naming the events it retracts
(``{"retracts": [seq, ...], ...}``); the events retracted stay in the log, and in the audit
trail, as they were. The round's state is the replay of its events without those a retraction
names (and without the table service's own events, which are not the engine's): the table
service replays a round this way, and so do the settlement, the replay of a settled round, the
nightly check and the evidence package's verifier, from this one function.

>>> log = [(1, "wagers_placed", {}), (2, "bets_closed", {}), (3, "retraction", {"retracts": [2]})]
>>> sorted(retracted_seqs((kind, payload) for _seq, kind, payload in log))
[2]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Final

#: The kind of the table service's event that retracts earlier ones.
RETRACTION_KIND: Final = "retraction"
#: The member of a retraction's payload that lists the numbers of the events it retracts.
RETRACTS: Final = "retracts"


def retracted_seqs(events: Iterable[tuple[str, Mapping[str, Any]]]) -> frozenset[int]:
    """The numbers of the events that the retractions among ``events`` (kind and payload
    pairs) retract.

    :raises ValueError: for a retraction whose payload does not list event numbers.
    """
    found: set[int] = set()
    for kind, payload in events:
        if kind != RETRACTION_KIND:
            continue
        numbers = payload.get(RETRACTS)
        if not isinstance(numbers, list) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in numbers
        ):
            raise ValueError(f"a retraction lists event numbers, not {numbers!r}")
        found.update(numbers)
    return frozenset(found)
