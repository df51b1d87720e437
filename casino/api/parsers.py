"""The API's one request parser: JSON, strictly, and never nested deeper than a client needs.

Python's ``json`` module recurses once per level of nesting: a body nested a few thousand levels
deep exhausts the interpreter's stack (``RecursionError``) before any serializer sees it. The
nesting is therefore measured first, without recursing, and a body deeper than
:data:`MAX_DEPTH` is refused with 400 ``nesting_too_deep``; what passes is parsed as DRF's
strict JSON parser does (``NaN`` and ``Infinity`` refused: JSON has no such numbers).
"""

from __future__ import annotations

import codecs
import json
import re
from typing import IO, Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.utils.json import strict_constant

from casino.core.errors import ApiError, RequestCode

#: The deepest nesting of objects and arrays a body may have. The deepest the API takes is a
#: correction's lines (an object in an array in the body); this leaves ample room.
MAX_DEPTH = 32

# A JSON string, escapes included: what is inside one is never a bracket of the structure.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKETS = re.compile(r"[\[\]{}]")


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in the JSON ``text``, found without recursion.

    Brackets inside strings do not count; malformed text gets a number all the same (the
    parser then refuses it).

    >>> nesting_depth('{"a": [1, {"b": "]]]"}]}')
    3
    >>> nesting_depth("7")
    0
    """
    depth = deepest = 0
    for bracket in _BRACKETS.findall(_STRING.sub("", text)):
        if bracket in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


class SafeJSONParser(JSONParser):
    """DRF's JSON parser, refusing before it parses a body nested deeper than :data:`MAX_DEPTH`.

    :raises ApiError: ``nesting_too_deep`` (400).
    :raises ParseError: ``parse_error`` (400), for a body that is not JSON, not UTF-8 (or the
        charset it names), or holds ``NaN`` or ``Infinity``.
    """

    def parse(
        self, stream: IO[bytes], media_type: str | None = None, parser_context: Any = None
    ) -> Any:
        # DRF's own choice of charset: text encodings only (a compressing codec would inflate
        # the body past the size limit checked on the bytes).
        encoding = get_encoding(parser_context or {})
        try:
            text = codecs.getreader(encoding)(stream).read()
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
        if nesting_depth(text) > MAX_DEPTH:
            raise ApiError(
                RequestCode.NESTING_TOO_DEEP,
                f"The body is nested more than {MAX_DEPTH} levels deep.",
                max_depth=MAX_DEPTH,
            )
        try:
            return json.loads(text, parse_constant=strict_constant)
        except ValueError as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
