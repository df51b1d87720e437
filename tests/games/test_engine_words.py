"""The games' own words, as the tablet translates them (docs/i18n.md, "The games' own words").

Every worded field of a view (a label, a hand, a fact's value, a settlement line's label and
reason) is :class:`~casino.games.words.Words`: its JSON keeps the English text and writes beside
it ``<field>_words``, the msgid and its params. Played through every phase of every game
(:mod:`tests.games.snapshot_cases`), the views must

- say in English, from their words as a page reads them (placeholders filled as
  ``common/i18n.js`` fills them, words in params said in turn), exactly the text beside them:
  the label every API client and test read before the words came;
- have every msgid they can produce translated in each language complete for the tablet.
"""

from __future__ import annotations

import copy
import json
import pickle
import re
from collections.abc import Iterator
from decimal import Decimal as D
from functools import cache
from typing import Any

import pytest

from casino.core.catalogues import TRANSLATED_SURFACES, read_catalogue, surface_script_keys
from casino.games.contract import Fact, Figure, PositionView
from casino.games.tablet_parts import box_position
from casino.games.words import Words
from tests.games.snapshot_cases import GAMES, played

#: A placeholder as the tablet's script fills it (common/i18n.js ``fill``).
PLACEHOLDER = re.compile(r"\{(\w+)\}")
TABLET = next(surface for surface in TRANSLATED_SURFACES if surface.name == "tablet")


def said_in_english(words: dict[str, Any]) -> str:
    """``words`` (a field's ``<name>_words``) as the tablet says them with the msgids as they
    are (English): each placeholder filled, words in a param said first."""
    params = {
        name: said_in_english(value) if isinstance(value, dict) else str(value)
        for name, value in words["params"].items()
    }
    return PLACEHOLDER.sub(lambda match: params.get(match[1], match[0]), words["msgid"])


def worded(data: Any) -> Iterator[tuple[Any, Any]]:
    """Every worded field of a view's JSON: ``(text, words)``, one per label of a list."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key.endswith("_words"):
                text = data[key.removesuffix("_words")]
                if isinstance(value, list) or isinstance(text, list):
                    yield from zip(text or [], value or [], strict=True)
                else:
                    yield text, value
            else:
                yield from worded(value)
    elif isinstance(data, list):
        for item in data:
            yield from worded(item)


def msgids(words: dict[str, Any]) -> Iterator[str]:
    yield words["msgid"]
    for value in words["params"].values():
        if isinstance(value, dict):
            yield from msgids(value)


@cache
def views(game: str) -> tuple[dict[str, Any], ...]:
    """The tablet view's JSON of every state met playing ``game``, through JSON and back."""
    return tuple(
        json.loads(json.dumps(case.restore(case.snapshot).tablet_view().to_dict()))
        for case in played(game)
    )


@pytest.mark.parametrize("game", GAMES)
def test_the_words_say_in_english_the_label_beside_them(game: str) -> None:
    fields = [pair for view in views(game) for pair in worded(view)]
    words = [(text, said) for text, said in fields if said is not None]
    # Most of a view is words: labels, hands, facts; a name or a number is not.
    assert len(words) > len(fields) / 2, (len(words), len(fields))
    wrong = {(text, said_in_english(said)) for text, said in words if said_in_english(said) != text}
    assert wrong == set()


@pytest.mark.parametrize("game", GAMES)
def test_every_words_a_game_writes_is_translated(game: str) -> None:
    produced = {
        msgid for view in views(game) for _, said in worded(view) if said for msgid in msgids(said)
    }
    assert produced
    missing = []
    for language in TABLET.complete:
        catalogue = read_catalogue(language, "djangojs")
        for msgid in sorted(produced):
            message = catalogue.get(msgid)
            if message is None or (language != "en" and (message.fuzzy or not message.string)):
                missing.append(f"{language}: {msgid!r}")
    assert missing == [], "manage.py update_catalogues, then translate (docs/i18n.md)"
    # And the tablet's page carries each of them (it carries the tablet's words alone).
    assert produced - surface_script_keys("tablet") == set()


def test_a_played_round_keeps_its_english_labels() -> None:
    """The labels a dealer read in English before the words came, in a round of each game."""
    texts = {game: {text for view in views(game) for text, _ in worded(view)} for game in GAMES}
    assert {
        "Box 1: bet",
        "Dealer: up card",
        "Box 1: card 1 of 5",
        "Dealer qualifies",
        "pair + Ace-King",
        "Ante",
    } <= texts["russian"]
    assert {"Seat 1: hole cards", "Over cards (live)", "Main pot", "Call", "fixed limit"} <= (
        texts["rubyrun"]
    )
    assert any(
        re.fullmatch(r"(suited|mixed) (red|black) run of \d; .+: .+", t) for t in texts["rubyrun"]
    )
    assert {"Seat the players", "Pot", "Last turned card", "Share of the pot"} <= texts["reddog"]
    assert any(
        re.fullmatch(r"Seat \d (won|lost) against \w\w, showing .+", t) for t in texts["reddog"]
    )


def test_words_are_their_english_text_and_their_msgid() -> None:
    hand = Words("{first} + {second}", first=Words("pair"), second=Words("Ace-King"))
    assert hand == "pair + Ace-King" and isinstance(hand, str)
    assert hand.as_json() == {
        "msgid": "{first} + {second}",
        "params": {
            "first": {"msgid": "pair", "params": {}},
            "second": {"msgid": "Ace-King", "params": {}},
        },
    }
    for again in (pickle.loads(pickle.dumps(hand)), copy.deepcopy(hand)):
        assert (again, again.as_json()) == (hand, hand.as_json())
    with pytest.raises(AttributeError):
        hand.msgid = "pair"


def test_a_worded_field_writes_its_words_beside_it_and_null_for_a_name() -> None:
    box = PositionView(
        box_position(1), "P1", "deciding", True, figures=(Figure("ante", Words("Ante"), D(10)),)
    )
    blind = PositionView(box_position(2), Words("{player} (blind)", player="P1"), "blind", False)
    data, blind_data = box.to_dict(), blind.to_dict()
    assert (data["label"], data["label_words"], data["hand_words"]) == ("P1", None, None)
    assert data["figures"] == [
        {
            "name": "ante",
            "label": "Ante",
            "amount": "10",
            "label_words": {"msgid": "Ante", "params": {}},
        }
    ]
    assert type(blind_data["label"]) is str and blind_data["label"] == "P1 (blind)"
    assert blind_data["label_words"] == {"msgid": "{player} (blind)", "params": {"player": "P1"}}
    fact = Fact("box_to_act", Words("Box to act"), "2").to_dict()
    assert (fact["value"], fact["value_words"]) == ("2", None)
