"""Stored events keep their form: every engine writes and reads its events as it always has.

``data/stored_events.json`` holds, for every event type of every game, events in the form their
``to_dict`` wrote them (optional fields present and absent, empty card lists, amounts with
decimals), and for the first of each type the stored forms that are refused, each with the
refusal given: a wrong value of each field, a missing and an unexpected field, several bad
fields at once (which one is reported), and kinds no engine knows. Events already in the
database were written in these forms and must keep loading, and refusing, the same way.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest

from casino.games.errors import GameError
from casino.games.reddog import events as reddog
from casino.games.rubyrun import events as rubyrun
from casino.games.russian import events as russian

DATA: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "stored_events.json").read_text(encoding="utf-8")
)
READERS: dict[str, Callable[[Mapping[str, Any]], Any]] = {
    "russian": russian.event_from_dict,
    "rubyrun": rubyrun.event_from_dict,
    "reddog": reddog.event_from_dict,
}
EVENT_TYPES: dict[str, tuple[type, ...]] = {
    "russian": russian._EVENT_TYPES,
    "rubyrun": rubyrun._EVENT_TYPES,
    "reddog": reddog._EVENT_TYPES,
}

STORED = [
    pytest.param(game, case["type"], case["stored"], id=f"{game}-{n}-{case['type']}")
    for game, data in DATA.items()
    for n, case in enumerate(data["events"])
]
REFUSED = [
    pytest.param(game, refusal, id=f"{game}-{case['type']}-{n}")
    for game, data in DATA.items()
    for case in data["events"]
    for n, refusal in enumerate(case["refusals"])
] + [
    pytest.param(game, refusal, id=f"{game}-kind-{n}")
    for game, data in DATA.items()
    for n, refusal in enumerate(data["refusals"])
]


def test_every_event_type_is_recorded() -> None:
    for game, types in EVENT_TYPES.items():
        recorded = {case["type"] for case in DATA[game]["events"]}
        assert recorded == {t.__name__ for t in types}
        refused = {case["type"] for case in DATA[game]["events"] if case["refusals"]}
        assert refused == recorded


@pytest.mark.parametrize(("game", "type_name", "stored"), STORED)
def test_a_stored_event_loads_and_is_written_back_the_same(
    game: str, type_name: str, stored: dict[str, Any]
) -> None:
    event = READERS[game](stored)
    assert type(event).__name__ == type_name
    written = event.to_dict()
    assert list(written.items()) == list(stored.items())
    assert json.loads(json.dumps(written)) == written
    assert READERS[game](json.loads(json.dumps(written))) == event


@pytest.mark.parametrize(("game", "refusal"), REFUSED)
def test_a_bad_stored_event_is_refused_as_before(game: str, refusal: dict[str, Any]) -> None:
    with pytest.raises(GameError) as caught:
        READERS[game](refusal["data"])
    err = caught.value
    assert (err.code, err.message, err.data) == (
        refusal["code"],
        refusal["message"],
        refusal["error"],
    )
