"""The translation catalogues: their languages, their compilation, and the pages' words.

Each language's words are in ``casino/locale/<language>/LC_MESSAGES/``: ``django.po`` for the
templates and the server, ``djangojs.po`` for the pages' scripts. Git keeps the ``.po`` files
only; the ``.mo`` files Django reads are compiled from them here, in pure Python (Babel), because
a fresh machine has no GNU gettext: ``stack.py run`` compiles them before it starts the servers,
the test suite at its start (``tests/conftest.py``), and the image at its build
(``manage.py compile_catalogues``). Only a catalogue whose ``.mo`` is missing or older than its
``.po`` is compiled again.
"""

from __future__ import annotations

import dataclasses
import gettext
import io
import json
import re
from functools import cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

#: Where the project's catalogues are (``settings.LOCALE_PATHS``).
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"

#: The languages people may read the pages in, as ``settings.LANGUAGES`` names them: each in
#: its own words, as a language picker shows it.
LANGUAGES = (("en", "English"), ("ru", "Русский"), ("es", "Español"))

#: The domain of the pages' scripts' words.
SCRIPTS = "djangojs"


def catalogues() -> list[Path]:
    """Every ``.po`` file of the project, in a stable order."""
    return sorted(LOCALE_DIR.glob("*/LC_MESSAGES/*.po"))


def compile_catalogues(*, force: bool = False) -> list[Path]:
    """Writes the ``.mo`` beside each ``.po`` that has none or an older one (each, with
    ``force``); answers the ``.mo`` files written.

    Fuzzy entries are left out, as ``msgfmt`` leaves them: a translation nobody confirmed is
    not shown. The ``.mo`` is written whole to a temporary name and then renamed, so a server
    reading it meanwhile reads the old one or the new one, never half of one.
    """
    written = []
    for po in catalogues():
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as source:
            catalog = read_po(source, locale=po.parts[-3])
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        partial = mo.with_suffix(".mo.partial")
        partial.write_bytes(buffer.getvalue())
        partial.replace(mo)
        written.append(mo)
    return written


@cache
def script_words(language: str) -> dict[str, object]:
    """The words of the pages' scripts in ``language``, as ``static/surfaces/common/i18n.js``
    reads them: ``{"plural": <the Plural-Forms expression in n>, "messages": {msgid: text, or
    [text per plural form] for a plural (keyed by its singular), "context\\x04msgid" for a
    word with a context}}``. Untranslated words are left out (the script shows the msgid).

    Read from the compiled catalogue (``compile_catalogues`` first); cached for the process,
    as Django caches its own catalogues.
    """
    try:
        with (LOCALE_DIR / language / "LC_MESSAGES" / f"{SCRIPTS}.mo").open("rb") as handle:
            translation = gettext.GNUTranslations(handle)
    except FileNotFoundError:
        return {"plural": "n != 1", "messages": {}}
    raw: dict[object, str] = translation._catalog  # type: ignore[attr-defined]  # noqa: SLF001 - the parsed catalogue; gettext has no public reader
    messages: dict[str, object] = {}
    plurals: dict[str, dict[int, str]] = {}
    for key, text in raw.items():
        if key == "":
            continue
        if isinstance(key, tuple):
            msgid, index = key
            plurals.setdefault(msgid, {})[index] = text
        elif text:
            messages[str(key)] = text
    for msgid, forms in plurals.items():
        if any(forms.values()):
            messages[msgid] = [forms[index] for index in sorted(forms)]
    header = raw.get("", "")
    plural = "n != 1"
    for line in header.splitlines():
        if line.lower().startswith("plural-forms:"):
            plural = line.split("plural=", 1)[1].strip().rstrip(";").strip()
    return {"plural": plural, "messages": messages}


ROOT = LOCALE_DIR.parents[1]


@dataclasses.dataclass(frozen=True)
class TranslatedSurface:
    """One user's pages translated (docs/i18n.md): their scripts and templates (patterns
    relative to the project), the Python modules whose ``gettext`` words they show (the
    reports'), the languages complete for them, which ``make check`` holds to every word
    (tests/surfaces/test_catalogues.py), and ``own``, a file of theirs whose words must be
    found (a pattern gone wrong would leave nothing to check).

    ``words_modules`` are the Python modules whose ``Words("msgid", ...)`` the pages' scripts
    translate (``casino.games.words``: the games' views' labels), gathered into the scripts'
    catalogue with the scripts' own words."""

    name: str
    scripts: tuple[str, ...]
    templates: tuple[str, ...]
    complete: tuple[str, ...]
    own: str
    modules: tuple[str, ...] = ()
    words_modules: tuple[str, ...] = ()


#: The scripts every page reads its words through.
COMMON_SCRIPTS = "casino/surfaces/static/surfaces/common/*.js"


def _page_surface(
    name: str,
    script: str | None,
    *templates: str,
    own: str | None = None,
    words_modules: tuple[str, ...] = (),
) -> TranslatedSurface:
    """A surface of pages: its ``script`` pattern (under ``static/surfaces/``, with the common
    ones; ``None``: the common ones alone) and its ``templates`` (under ``templates/surfaces/``,
    with the bar's ``base.html`` last), complete in every language. ``own``, the file whose
    words must be found, is ``script`` (the first template where there is none) unless named:
    name it where ``script`` is a pattern."""
    return TranslatedSurface(
        name,
        scripts=(
            *((f"casino/surfaces/static/surfaces/{script}",) if script else ()),
            COMMON_SCRIPTS,
        ),
        templates=(
            *(f"casino/surfaces/templates/surfaces/{template}" for template in templates),
            "casino/surfaces/templates/surfaces/base.html",
        ),
        complete=("en", "ru", "es"),
        own=own or script or templates[0],
        words_modules=words_modules,
    )


#: The surfaces translated so far, in the order their words were added to the catalogues (a
#: surface added later adds its new words at the catalogues' end).
TRANSLATED_SURFACES = (
    _page_surface(
        "tablet",
        "tablet/*.js",
        "tablet.html",
        "tablet_pair.html",
        own="tablet/app.js",
        # The round's view the tablet draws: the engines' labels, and the note every game takes.
        words_modules=("casino/games/**/*.py", "tables/services/rounds.py"),
    ),
    # The pit boss's pages: a pit's live board, and the list of pits that leads to it, with
    # their bar (``base.html``).
    _page_surface("board", "pit-board.js", "pit_board.html", "pit_index.html"),
    # The auditor's workbench: the round search, a round's story, the reports, the patrons'
    # histories and the trail's verification, with their bar (``base.html``).
    _page_surface(
        "workbench",
        "workbench-*.js",
        "workbench.html",
        "workbench_base.html",
        "workbench_nav.html",
        "workbench_patrons.html",
        "workbench_reports.html",
        "workbench_round.html",
        "workbench_verify.html",
        own="workbench-round.js",
    ),
    # The auditors' files: the gaming-day report (its PDF's and its CSV's words) and the
    # anti-money-laundering export; no page, so no scripts or templates.
    TranslatedSurface(
        "reports",
        scripts=(),
        templates=(),
        modules=("audit/services/reports/*.py", "audit/services/aml_export.py"),
        complete=("en", "ru", "es"),
        own="audit/services/reports/pdf.py",
    ),
    # The cage's page: the slips to issue, the credits to take back in, the drops to count.
    _page_surface("cage", "cage.js", "cage.html"),
    # The dealer's own page: their games, their pace and their accuracy of a week.
    _page_surface("dealer", "dealer.js", "dealer.html"),
    # The pit boss's rotation plan page, each rule a plan breaks worded by its code.
    _page_surface("rotation", "pit-rotation.js", "pit_rotation.html"),
    # The sign-in page (Django's own words for a refused sign-in are in Django's catalogues).
    _page_surface("sign-in", None, "sign_in.html"),
)
#: Every translated surface's scripts, templates and modules, each pattern once: the words
#: ``update_catalogues`` gathers.
TRANSLATED_SCRIPTS = tuple(
    dict.fromkeys(pattern for surface in TRANSLATED_SURFACES for pattern in surface.scripts)
)
TRANSLATED_TEMPLATES = tuple(
    dict.fromkeys(pattern for surface in TRANSLATED_SURFACES for pattern in surface.templates)
)
TRANSLATED_MODULES = tuple(
    dict.fromkeys(pattern for surface in TRANSLATED_SURFACES for pattern in surface.modules)
)
TRANSLATED_WORDS_MODULES = tuple(
    dict.fromkeys(pattern for surface in TRANSLATED_SURFACES for pattern in surface.words_modules)
)
#: The languages complete for some surface.
COMPLETE_LANGUAGES = tuple(
    dict.fromkeys(code for surface in TRANSLATED_SURFACES for code in surface.complete)
)

_STRING = r'"((?:[^"\\\n]|\\.)*)"'
_SPACE = r"\s*"
#: t("msgid"...), pt("context", "msgid"...), tn("singular", "plural", ...) in the scripts; a
#: msgid is one double-quoted literal (never a template literal, whose ${} the catalogue could
#: not hold).
SCRIPT_CALLS = re.compile(
    rf"\b(?:(?P<t>t)\({_SPACE}{_STRING}"
    rf"|(?P<pt>pt)\({_SPACE}{_STRING}{_SPACE},{_SPACE}{_STRING}"
    rf"|(?P<tn>tn)\({_SPACE}{_STRING}{_SPACE},{_SPACE}{_STRING})"
)
#: {% translate "msgid" %} in the templates, and the msgids of elements a script translates
#: again when the dealer changes language (data-i18n="msgid").
TEMPLATE_CALLS = re.compile(r'{%\s*translate\s+"([^"]*)"|data-i18n(?:-label)?="([^"]*)"')

#: gettext("msgid"), pgettext("context", "msgid"), ngettext("singular", "plural", ...) (and
#: their _lazy forms) in the Python modules of a translated surface (its reports' words).
PYTHON_CALLS = re.compile(
    rf"\b(?:(?P<t>gettext(?:_lazy)?)\({_SPACE}{_STRING}"
    rf"|(?P<pt>pgettext(?:_lazy)?)\({_SPACE}{_STRING}{_SPACE},{_SPACE}{_STRING}"
    rf"|(?P<tn>ngettext(?:_lazy)?)\({_SPACE}{_STRING}{_SPACE},{_SPACE}{_STRING})"
)


#: Words("msgid", ...) in the Python modules whose words a page's scripts translate
#: (``casino.games.words.Words``): a msgid is one double-quoted literal, as in the scripts.
WORDS_CALLS = re.compile(rf"\b(?P<t>Words)\({_SPACE}{_STRING}")


@dataclasses.dataclass(frozen=True)
class Word:
    """One word to translate: ``msgid`` (with ``plural`` for a count, and ``context`` for a word
    said apart), and where it is used (``path:line``)."""

    msgid: str
    plural: str | None = None
    context: str | None = None
    places: tuple[str, ...] = ()


def without_comments(text: str) -> str:
    """``text`` with its comments blanked (line count kept): /* */ blocks and // to the end of
    a line, unless inside a literal (a URL's //)."""
    text = re.sub(r"/\*.*?\*/", lambda m: re.sub(r"[^\n]", " ", m.group()), text, flags=re.DOTALL)
    lines = []
    for line in text.split("\n"):
        kept, quote, index = [], "", 0
        while index < len(line):
            char = line[index]
            if quote:
                if char == "\\":
                    kept.append(line[index : index + 2])
                    index += 2
                    continue
                if char == quote:
                    quote = ""
            elif char in "\"'`":
                quote = char
            elif line.startswith("//", index):
                break
            kept.append(char)
            index += 1
        lines.append("".join(kept))
    return "\n".join(lines)


def _unescape(literal: str) -> str:
    return json.loads(f'"{literal}"')


def script_words_used(
    patterns: tuple[str, ...], calls: re.Pattern[str] = SCRIPT_CALLS
) -> list[Word]:
    """Every word the scripts matching ``patterns`` (relative to the project) ask for, once each
    (keyed by context and msgid), with the places it is used; with ``calls`` ``PYTHON_CALLS``
    or ``WORDS_CALLS``, the words of Python modules."""
    found: dict[tuple[str | None, str], Word] = {}
    for pattern in patterns:
        for path in sorted(ROOT.glob(pattern)):
            text = path.read_text(encoding="utf-8")
            # A comment's example is no word of the page.
            if path.suffix == ".js":
                text = without_comments(text)
            for match in calls.finditer(text):
                place = f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, match.start()) + 1}"
                groups = [g for g in match.groups() if g is not None]
                if match.group("t"):
                    word = Word(_unescape(groups[1]))
                elif match.group("pt"):
                    word = Word(_unescape(groups[2]), context=_unescape(groups[1]))
                else:
                    word = Word(_unescape(groups[1]), plural=_unescape(groups[2]))
                key = (word.context, word.msgid)
                old = found.get(key)
                found[key] = dataclasses.replace(word, places=(*(old.places if old else ()), place))
    return list(found.values())


def template_words_used(paths: tuple[str, ...]) -> tuple[list[Word], list[Word]]:
    """The words of the templates ``paths``: those the server translates ({% translate %}), and
    those the scripts translate again (``data-i18n``), each once."""
    server: dict[str, Word] = {}
    scripts: dict[str, Word] = {}
    for name in paths:
        path = ROOT / name
        text = path.read_text(encoding="utf-8")
        for match in TEMPLATE_CALLS.finditer(text):
            place = f"{name}:{text.count(chr(10), 0, match.start()) + 1}"
            translated, marked = match.groups()
            into, msgid = (server, translated) if translated is not None else (scripts, marked)
            old = into.get(msgid)
            into[msgid] = Word(msgid, places=(*(old.places if old else ()), place))
    return list(server.values()), list(scripts.values())


def error_words() -> list[Word]:
    """The refusals' messages (``casino.core.error_messages``): one word per code, its English
    template, said in the context ``"error"``."""
    # Imported here: the settings import this module, and the error vocabulary imports the
    # engines and Django's translation, which need the settings.
    from casino.core.error_messages import CONTEXT, MESSAGES  # noqa: PLC0415

    place = "casino/core/error_messages.py:1"
    return [Word(template, context=CONTEXT, places=(place,)) for template in MESSAGES.values()]


def read_catalogue(language: str, domain: str) -> Catalog:
    """The ``.po`` catalogue of ``language`` and ``domain`` (an empty one if there is none)."""
    po = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
    if not po.exists():
        return Catalog(locale=language, domain=domain)
    with po.open("rb") as source:
        return read_po(source, locale=language, domain=domain)


@cache
def surface_script_keys(name: str) -> frozenset[str]:
    """The keys of ``script_words``' messages that the translated surface ``name`` reads: the
    words its scripts ask for, those its templates mark for the scripts (``data-i18n``), and
    those of its ``words_modules`` (the games' views' labels); a word with a context keyed as
    ``script_words`` keys it. Read from the project's files once a process."""
    surface = next(surface for surface in TRANSLATED_SURFACES if surface.name == name)
    _, marked = template_words_used(surface.templates)
    used = [
        *script_words_used(surface.scripts),
        *marked,
        *script_words_used(surface.words_modules, WORDS_CALLS),
    ]
    return frozenset(f"{w.context}\x04{w.msgid}" if w.context else w.msgid for w in used)


@cache
def surface_script_words(language: str, name: str) -> dict[str, object]:
    """``script_words(language)`` with only the words the surface ``name`` reads: what a page
    of that surface carries, rather than every page's words."""
    every = script_words(language)
    keys = surface_script_keys(name)
    messages = every["messages"]
    assert isinstance(messages, dict)
    return {
        "plural": every["plural"],
        "messages": {key: text for key, text in messages.items() if key in keys},
    }


def update_catalogues() -> list[Path]:
    """Adds every word the translated surfaces use (``TRANSLATED_SCRIPTS``,
    ``TRANSLATED_TEMPLATES``, ``TRANSLATED_MODULES``), and every refusal's message
    (``error_words``), to each language's catalogues (``.po``), keeps the translations already
    made, marks as obsolete the words no longer used, and writes them back: ``manage.py
    update_catalogues``, what ``makemessages`` does with GNU gettext. The Python modules' words
    for the scripts (``TRANSLATED_WORDS_MODULES``) go after the scripts' own."""
    scripts = [
        *script_words_used(TRANSLATED_SCRIPTS),
        *script_words_used(TRANSLATED_WORDS_MODULES, WORDS_CALLS),
    ]
    server, marked = template_words_used(TRANSLATED_TEMPLATES)
    server = [*server, *script_words_used(TRANSLATED_MODULES, PYTHON_CALLS), *error_words()]
    written = []
    for language, _ in LANGUAGES:
        for domain, words in ((SCRIPTS, [*scripts, *marked]), ("django", server)):
            template = Catalog(locale=language, domain=domain)
            for word in words:
                msgid: str | tuple[str, str] = (
                    (word.msgid, word.plural) if word.plural else word.msgid
                )
                template.add(
                    msgid,
                    locations=[
                        (place.rsplit(":", 1)[0], int(place.rsplit(":", 1)[1]))
                        for place in word.places
                    ],
                    context=word.context,
                    flags=("python-brace-format",)
                    if "{" in word.msgid and (domain == SCRIPTS or word.context)
                    else (),
                )
            catalog = read_catalogue(language, domain)
            # The header keeps its date: a date of each run would make every change of two
            # branches to a catalogue collide on that line.
            template.creation_date = catalog.creation_date
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            catalog.project, catalog.version, catalog.fuzzy = "casino-tables", "", False
            po = LOCALE_DIR / language / "LC_MESSAGES" / f"{domain}.po"
            po.parent.mkdir(parents=True, exist_ok=True)
            with po.open("wb") as target:
                write_po(target, catalog, width=100, include_lineno=False, include_previous=False)
            written.append(po)
    return written
