"""Numbers, amounts, dates and instants as a report's reader writes them, in the language the
report is built in (the active one: the renderers run under ``translation.override``).

Every figure reaches here as the JSON document's decimal string and is formatted from a
``Decimal`` (Babel), never a float. English is written as the reports always wrote it: amounts
grouped by thousands (``15,000.00``), dates ISO (``2025-06-12``, the catalogue's date pattern
for English), instants as the document's UTC instant; Russian and Spanish with their own marks
(``1 234,50`` with a no-break space, ``12.345,50``), dates and instants in the casino's zone,
named.
"""

from __future__ import annotations

import copy
import datetime as dt
import re
from decimal import Decimal
from typing import Any

from babel import Locale
from babel.dates import format_date, format_datetime, get_timezone, get_timezone_name
from babel.numbers import get_decimal_symbol, get_minus_sign_symbol
from django.utils import translation
from django.utils.translation import pgettext

#: A decimal figure as the document writes an amount or a percentage: two places.
_AMOUNT = re.compile(r"-?\d+\.\d\d")
#: Any other plain number of the document (a count, a pace, a z): written as it is, with the
#: language's decimal mark.
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")
#: The fewest digits before the decimal mark that are grouped, where not one (CLDR's
#: ``minimumGroupingDigits``, which Babel does not read): Spanish writes 1234,50 but 12.345,50,
#: as the pages' ``common/money.js`` does.
_MINIMUM_GROUPING = {"es": 5}
#: The language English is written in as the reports always were (the msgids).
ENGLISH = "en"


def language() -> str:
    """The language being written (Django's active one), as Babel names it."""
    return (translation.get_language() or ENGLISH).split("-")[0]


def amount(value: Any) -> str:
    """A figure of the document: an amount or percentage (two places) grouped by thousands, any
    other number with the language's decimal mark and its own places; anything else (a name,
    a code) as it is."""
    text = str(value)
    locale = Locale.parse(language())
    if _AMOUNT.fullmatch(text):
        whole = text.lstrip("-").split(".")[0]
        if len(whole) < _MINIMUM_GROUPING.get(locale.language, 4):
            return _plain(text, locale)
        pattern = copy.copy(locale.decimal_formats[None])
        pattern.frac_prec = (2, 2)
        return str(pattern.apply(Decimal(text), locale))
    if _NUMBER.fullmatch(text):
        return _plain(text, locale)
    return text


def _plain(text: str, locale: Locale) -> str:
    """A number's digits as written, with the language's decimal mark and minus sign."""
    return text.replace("-", get_minus_sign_symbol(locale)).replace(".", get_decimal_symbol(locale))


def number(value: Any) -> str:
    """A number of the document with its digits and places as written, ungrouped, and the
    language's decimal mark (a threshold, a z): ``1.96``, ``1,96`` in Russian."""
    text = str(value)
    return _plain(text, Locale.parse(language())) if _NUMBER.fullmatch(text) else text


def percent(value: Any) -> str:
    """A percentage of the document (its decimal string) with its sign, its digits as written
    (``-1697.14 %``; ``12,34 %`` in Russian)."""
    return pgettext("report", "{value} %").format(value=number(value))


def day(iso: str) -> str:
    """A date of the document (ISO) in the language's pattern (English: ISO, as written)."""
    return format_date(
        dt.date.fromisoformat(iso), pgettext("report", "yyyy-MM-dd"), locale=language()
    )


def month(iso: str) -> str:
    """A month of the document (``2025-06``) as the language names it."""
    first = dt.date.fromisoformat(f"{iso}-01")
    return format_date(first, pgettext("report", "yyyy-MM"), locale=language())


def moment(iso: str, time_zone: str) -> str:
    """An instant of the document (UTC, ISO): in English as written, the document's own words;
    in any other language as its clock read in the casino's zone, the zone named."""
    if language() == ENGLISH:
        return iso
    instant = dt.datetime.fromisoformat(iso.replace("Z", "+00:00"))
    zone = get_timezone(time_zone)
    local = instant.astimezone(zone)
    return pgettext("report", "{date} {time} ({zone})").format(
        date=format_date(local.date(), pgettext("report", "yyyy-MM-dd"), locale=language()),
        time=format_datetime(local, "HH:mm:ss", tzinfo=zone, locale=language()),
        zone=get_timezone_name(local, width="long", locale=language()),
    )
