"""Words the engines write for people, kept with what they say: a msgid and its parameters.

The engines' views are read by people in English, Russian or Spanish, but the engines know no
language: they write each worded label as :class:`Words`, the English msgid of the scripts'
catalogue (``djangojs``, docs/i18n.md) with its ``{placeholders}`` and their values. A value
is a number, a text that is not translated (a player's name, a card), or :class:`Words` in turn
(the row of cards in "{row} (live)"), translated as well.

A :class:`Words` *is* its English text (a ``str``): every reader of a view in Python, and the
view's JSON, keep the English label as before. Beside it the JSON carries the words as data
(:meth:`Words.as_json`, written under the field's name with ``_words`` appended), from which a
page writes them in its reader's language with ``t(msgid, params)``.

A msgid is one double-quoted literal in the call, ``Words("Box {box}: bet", box=n)``:
``casino.core.catalogues`` gathers them from the engines' modules into the scripts' catalogue,
and a test reads every view the engines produce for a msgid the catalogues lack.

>>> bet = Words("Box {box}: bet", box=2)
>>> bet == "Box 2: bet", bet.msgid, dict(bet.params)
(True, 'Box {box}: bet', {'box': 2})
>>> Words("{row} (live)", row=Words("Over cards")).as_json()
{'msgid': '{row} (live)', 'params': {'row': {'msgid': 'Over cards', 'params': {}}}}
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Final, NoReturn, TypeAlias

#: A parameter's value: a number, a text said as it is (a name, a card), or words in turn.
Param: TypeAlias = "int | str | Words"
#: The JSON of words: ``{"msgid": str, "params": {name: int | str | the JSON of words}}``.
WordsJson: TypeAlias = dict[str, "str | dict[str, int | str | WordsJson]"]

_NO_PARAMS: Final[Mapping[str, Param]] = MappingProxyType({})
#: The words of plain params made so far, by msgid and params (at most _MOST_MADE, then
#: forgotten all at once: the engines' literals and a table's boxes and seats fit many times).
_MADE: dict[object, Words] = {}
_MOST_MADE: Final = 4096


class Words(str):
    """English words as the engines write them (the ``str`` itself), with the ``msgid`` they
    are made from and the ``params`` that fill its ``{placeholders}``. Immutable."""

    msgid: str
    params: Mapping[str, Param]

    def __new__(cls, msgid: str, /, **params: Param) -> Words:
        # A view makes the same words again and again ("Ante", "Seat {seat}" for seat 3): words
        # of plain params are made once and shared (they are immutable). Words with words among
        # their params are made each time: two words may say the same in English.
        key: object = (msgid, *params.items()) if params else msgid
        known = _MADE.get(key)
        if known is not None:
            return known
        # str.format writes a str, a Words (its English) or an int as its text.
        words = super().__new__(cls, msgid.format_map(params) if params else msgid)
        words.__dict__.update(
            msgid=msgid, params=MappingProxyType(params) if params else _NO_PARAMS, _json=None
        )
        if all(type(value) is int or type(value) is str for value in params.values()):
            if len(_MADE) >= _MOST_MADE:
                _MADE.clear()
            _MADE[key] = words
        return words

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"Words are immutable: cannot set {name}")

    def __reduce__(self) -> tuple[object, ...]:
        # Rebuilt from its msgid and params, not from its text (a copy, a pickle).
        return (_rebuild, (self.msgid, dict(self.params)))

    def as_json(self) -> WordsJson:
        """The words as data for a page: the msgid and each param (words as their own JSON).
        Made once, then the same object each time: read it, never change it."""
        made: WordsJson | None = self.__dict__["_json"]
        if made is None:
            made = {
                "msgid": self.msgid,
                "params": {
                    name: value.as_json() if isinstance(value, Words) else value
                    for name, value in self.params.items()
                },
            }
            self.__dict__["_json"] = made
        return made


def _rebuild(msgid: str, params: dict[str, Param]) -> Words:
    return Words(msgid, **params)


def words_json(value: object) -> WordsJson | None:
    """The JSON of ``value``'s words, when it is :class:`Words`; ``None`` for anything else (a
    name, a number, no label): the ``<field>_words`` beside a worded field."""
    return value.as_json() if type(value) is Words else None
