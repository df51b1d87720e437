"""Every translated surface's words are in the catalogues (docs/i18n.md), run by
``make check``; for each of ``casino.core.catalogues.TRANSLATED_SURFACES``:

- every word its scripts, templates and modules ask for (``t``, ``pt``, ``tn``;
  ``{% translate %}``, ``data-i18n``; ``gettext``; the engines' ``Words``) is in each complete
  language's catalogue,
  translated (English: present, its msgid being its text), and not fuzzy;
- no word its user reads is written into its scripts outside the catalogue, by the heuristic
  of ``unwrapped_literals`` below.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from casino.core.catalogues import (
    COMPLETE_LANGUAGES,
    PYTHON_CALLS,
    ROOT,
    SCRIPTS,
    TRANSLATED_SURFACES,
    WORDS_CALLS,
    TranslatedSurface,
    Word,
    read_catalogue,
    script_words_used,
    template_words_used,
    without_comments,
)

pytestmark = pytest.mark.unit

#: A line the heuristic must not read as words shown to a dealer says why, with this marker:
#: a code, a selector, a developer's message.
NOT_WORDS = "i18n: not words"

#: A string literal: double-quoted, single-quoted or a template literal (its ${} kept).
LITERAL = re.compile(r'"((?:[^"\\\n]|\\.)*)"|\'((?:[^\'\\\n]|\\.)*)\'|`((?:[^`\\]|\\.)*)`')
#: Words as a sentence or a label writes them: a capital letter, then a second word after a
#: space ("Sign out", "Box {n}: bet"), or a sentence's end ("Paid.", "PIN?").
SENTENCE = re.compile(r"^[A-Z][\w'’]*[,:]?\s+[\w${(\"'’]|^[A-Z][\w'’ ]*[.!?]$", re.UNICODE)
#: A single capitalised word shown as an element's child or text: el(..., "Paid"), textContent =.
SHOWN_WORD = re.compile(
    r'(?:,\s*|textContent\s*=\s*|label:\s*|title:\s*)(["`])([A-Z][a-z]+)\1\s*[),;]'
)
#: A literal that is a msgid: the first argument of t(, pt( (its context and msgid) or tn( (both).
MSGID_ARGUMENT = re.compile(r"\b(?:t|pt|tn)\(\s*$|\b(?:pt|tn)\(\s*\"(?:[^\"\\]|\\.)*\"\s*,\s*$")


def _parts_as_words(template: str) -> str:
    """``template`` (a template literal's text) with each ``${...}`` part, nested braces and
    all, written as the word X."""
    out, index = [], 0
    while index < len(template):
        if template.startswith("${", index):
            depth, index = 1, index + 2
            while index < len(template) and depth:
                depth += {"{": 1, "}": -1}.get(template[index], 0)
                index += 1
            out.append("X")
        else:
            out.append(template[index])
            index += 1
    return "".join(out)


def unwrapped_literals(path: Path) -> list[str]:
    """The string literals of the script ``path`` that read as words for people and are not a
    msgid given to ``t``/``pt``/``tn``, as ``path:line: literal``.

    The heuristic: a literal that starts with a capital letter and goes on with another word
    ("Sign out", `Settle round ${n}`), or is a capitalised sentence ending in . ! or ?; and a
    single capitalised word given as an element's child, a textContent, a label or a title
    ("Paid"). It cannot see lower-case words ("or type a name"), an aria-label's words, or
    words built from parts; those are read in review. Its exceptions: import lines, thrown
    developers' errors (``throw new Error``/``TypeError``), ``console`` lines, and a line marked
    ``// i18n: not words`` with its reason.
    """
    raw = path.read_text(encoding="utf-8")
    text = without_comments(raw)
    raw_lines = raw.split("\n")
    found = []
    for match in LITERAL.finditer(text):
        value = next(group for group in match.groups() if group is not None)
        line_number = text.count("\n", 0, match.start()) + 1
        line = raw_lines[line_number - 1]
        if NOT_WORDS in line or re.match(r"\s*(import|export \{|\} from)", line):
            continue
        if re.search(r"throw new \w*Error\(|console\.", line):
            continue
        before = text[max(0, match.start() - 200) : match.start()]
        if MSGID_ARGUMENT.search(before):
            continue
        # A template literal is judged by its own words, each ${} part read as a word that may
        # start a sentence (`${n} entries waiting` is words); one of ${} parts alone, with no
        # word of its own (`${name} ${number}`), puts together words made elsewhere.
        if match.group(3) is not None:
            words = _parts_as_words(value)
            if not re.search(r"[^\W\d_]{2,}", words.replace("X", "")):
                continue
        else:
            words = value
        after = text[match.end() : match.end() + 2]
        single = SHOWN_WORD.search(before[-20:] + text[match.start() : match.end()] + after)
        if SENTENCE.search(words.strip()) or single:
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            found.append(f"{where}:{line_number}: {value}")
    return found


SURFACES = {surface.name: surface for surface in TRANSLATED_SURFACES}
SURFACE_LANGUAGES = [
    (surface.name, language) for surface in TRANSLATED_SURFACES for language in surface.complete
]


#: A surface without a page (the reports' files) has no script to read; its modules' words are
#: held to the catalogue by the test of its complete languages.
@pytest.mark.parametrize("name", [name for name, surface in SURFACES.items() if surface.scripts])
def test_no_word_of_a_surfaces_scripts_is_outside_the_catalogue(name: str) -> None:
    surface = SURFACES[name]
    paths = sorted({path for pattern in surface.scripts for path in ROOT.glob(pattern)})
    assert paths, f"no script matches {surface.scripts}"
    found = [literal for path in paths for literal in unwrapped_literals(path)]
    assert found == [], "wrap these in t(), pt() or tn() (docs/i18n.md):\n" + "\n".join(found)


def _missing(language: str, domain: str, words: list[Word]) -> list[str]:
    catalog = read_catalogue(language, domain)
    missing = []
    for word in words:
        message = catalog.get(word.msgid, context=word.context)
        where = f"{word.msgid!r} ({', '.join(word.places[:2])})"
        if message is None:
            missing.append(f"{language}/{domain}: not in the catalogue: {where}")
        elif language != "en" and (
            message.fuzzy
            or not all(message.string if isinstance(message.string, tuple) else (message.string,))
        ):
            missing.append(f"{language}/{domain}: not translated: {where}")
    return missing


def _words_of(surface: TranslatedSurface) -> tuple[list[Word], list[Word]]:
    """The surface's words for the scripts' catalogue (its Python modules' ``Words`` among them),
    and for the server's."""
    server, marked = template_words_used(surface.templates)
    modules = script_words_used(surface.modules, PYTHON_CALLS)
    said = script_words_used(surface.words_modules, WORDS_CALLS)
    return [*script_words_used(surface.scripts), *marked, *said], [*server, *modules]


@pytest.mark.parametrize(("name", "language"), SURFACE_LANGUAGES)
def test_a_complete_language_has_every_word_of_its_surface(name: str, language: str) -> None:
    surface = SURFACES[name]
    scripts, server = _words_of(surface)
    # The surface's own words are read, not only the common scripts' (a pattern gone wrong
    # would leave nothing to check).
    assert any(surface.own in place for word in [*scripts, *server] for place in word.places)
    missing = _missing(language, SCRIPTS, scripts) + _missing(language, "django", server)
    assert missing == [], (
        "manage.py update_catalogues, then translate (docs/i18n.md):\n" + "\n".join(missing)
    )


def test_the_heuristic_finds_words_outside_the_catalogue(tmp_path: Path) -> None:
    """The check above can fail: words in a script unwrapped are found, wrapped ones are not."""
    # Written apart from the project: a file appearing and vanishing among the served static
    # files would be seen by the site the browser tests drive at the same time.
    script = tmp_path / "heuristic_probe.js"
    script.write_text(
        'el("button", {}, "Settle the round");\n'
        'el("button", {}, "Paid");\n'
        "node.textContent = `Round ${n} settled.`;\n"
        "say(`${count} must be sent first.`);\n"
        'el("button", { class: "take chosen" }, t("Sign out"));\n'
        'tn("{n} try left", "{n} tries left", n);\n'
        'el("span", {}, "Box 1"); // i18n: not words - a probe\n',
        encoding="utf-8",
    )
    found = unwrapped_literals(script)
    assert [entry.split(": ", 1)[1] for entry in found] == [
        "Settle the round",
        "Paid",
        "Round ${n} settled.",
        "${count} must be sent first.",
    ]


@pytest.mark.parametrize("language", sorted(set(COMPLETE_LANGUAGES) - {"en"}))
def test_a_translation_keeps_its_msgids_placeholders(language: str) -> None:
    """A {placeholder} lost or misspelt in a translation would show as written, or drop a
    number the dealer needs (a plural's forms may leave out {n}, as "one" often says it)."""
    wrong = []
    for domain in (SCRIPTS, "django"):
        for message in read_catalogue(language, domain):
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            texts = message.string if isinstance(message.string, tuple) else (message.string,)
            wanted = set(re.findall(r"\{\w+\}", " ".join(ids)))
            for text in texts:
                found = set(re.findall(r"\{\w+\}", text))
                if found - wanted or (not isinstance(message.id, tuple) and found != wanted):
                    wrong.append(f"{language}/{domain}: {ids[0]!r} -> {text!r}")
    assert wrong == []


#: What a template writes that is not its page's words: comments, blocks whose text is code
#: (scripts, styles), and the template language's own tags and variables (whose words, a
#: {% translate %}'s, are the catalogue's).
TEMPLATE_NOT_TEXT = re.compile(
    r"{#.*?#}|{%\s*comment\s*%}.*?{%\s*endcomment\s*%}|<script\b.*?</script>|<style\b.*?</style>"
    r"|{%.*?%}|{{.*?}}",
    re.DOTALL,
)
#: A tag's attributes a person reads.
READ_ATTRIBUTES = re.compile(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"')


def unwrapped_template_words(path: Path) -> list[str]:
    """The words a template writes for people outside ``{% translate %}``, as ``path:line:
    text``: an element's text, or an ``aria-label``, a ``title``, a ``placeholder`` or an
    ``alt``, with at least one word of two letters (a separator such as "·" is not words)."""
    raw = path.read_text(encoding="utf-8")
    # Blanked rather than removed, so that a line number still points at the template's line.
    text = TEMPLATE_NOT_TEXT.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), raw)
    found = []
    pieces = [(m.start(1), m.group(1)) for m in re.finditer(r">([^<>]+)<", text)]
    pieces += [(m.start(1), m.group(1)) for m in READ_ATTRIBUTES.finditer(text)]
    for start, piece in sorted(pieces):
        if re.search(r"[^\W\d_]{2,}", piece):
            line = text.count("\n", 0, start) + 1
            where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path.name
            found.append(f"{where}:{line}: {piece.strip()}")
    return found


@pytest.mark.parametrize("name", SURFACES)
def test_no_word_of_a_surfaces_templates_is_outside_the_catalogue(name: str) -> None:
    found = [
        literal
        for template in SURFACES[name].templates
        for literal in unwrapped_template_words(ROOT / template)
    ]
    assert found == [], "put these in {% translate %} (docs/i18n.md):\n" + "\n".join(found)


def test_the_template_heuristic_finds_words_outside_the_catalogue(tmp_path: Path) -> None:
    """The check above can fail: a template's words outside {% translate %} are found."""
    template = tmp_path / "probe.html"
    template.write_text(
        '{% load i18n %}<h1>{% translate "Pit totals" %}</h1>\n'
        "<p>Nothing to count</p>\n"
        '<button aria-label="Close">{{ name }} · ×</button>\n'
        '<a title="{% translate "Rotation plan" %}">{{ pit.name }}</a>\n'
        "{# A comment's Words #}<script>const x = \"Not the page's words\";</script>\n",
        encoding="utf-8",
    )
    assert [entry.split(": ", 1)[1] for entry in unwrapped_template_words(template)] == [
        "Nothing to count",
        "Close",
    ]


@pytest.mark.parametrize("language", sorted(set(COMPLETE_LANGUAGES) - {"en"}))
def test_a_word_in_both_catalogues_is_translated_once(language: str) -> None:
    """A word a template says and a script says too is in the server's catalogue and in the
    scripts': it reads the same in both, or the same button would have two names. A word that
    means two things takes a context (``pt("until a time", "to")``)."""
    scripts = read_catalogue(language, SCRIPTS)
    twice = []
    for message in read_catalogue(language, "django"):
        other = scripts.get(message.id, context=message.context) if message.id else None
        if other is not None and other.string != message.string:
            twice.append(f"{message.id!r}: {message.string!r} / {other.string!r}")
    assert twice == []
