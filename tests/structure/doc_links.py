"""The relative links of the project's Markdown pages, and those that lead nowhere.

A link leads somewhere when the file it names exists and, for ``#anchor``, the heading it names
is in that file, by the anchor GitHub gives a heading. Links with a scheme (``https:``,
``mailto:``) are the web's, not checked here; text in code (fenced blocks, backticks) is no link.
"""

from __future__ import annotations

import re
from pathlib import Path

#: ``[text](target)`` or ``![alt](target "title")``; the text may run over a line break.
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*([^)\s]+)(?:\s+\"[^\"]*\")?\s*\)")
_FENCE = re.compile(r"^(```|~~~).*?^\1[^\n]*$", re.MULTILINE | re.DOTALL)
_CODE_SPAN = re.compile(r"`[^`]*`")
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_SCHEME = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _prose(text: str) -> str:
    """``text`` without its fenced code blocks."""
    return _FENCE.sub("", text)


def slug(heading: str) -> str:
    """The anchor GitHub gives ``heading``: lower case, the punctuation dropped (backticks,
    apostrophes, colons...), each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """The anchors of every heading of ``text``; a repeated one is numbered as GitHub does
    (``-1``, ``-2``...)."""
    seen: dict[str, int] = {}
    found = set()
    for match in _HEADING.finditer(_prose(text)):
        base = slug(match.group(1))
        count = seen.get(base, 0)
        seen[base] = count + 1
        found.add(base if count == 0 else f"{base}-{count}")
    return found


def relative_links(text: str) -> list[str]:
    """The targets of ``text``'s links that name a file or an anchor of this site, in order."""
    prose = _CODE_SPAN.sub("", _prose(text))
    return [t for t in _LINK.findall(prose) if not _SCHEME.match(t)]


def broken_links(page: Path) -> list[str]:
    """Each relative link of ``page`` that leads nowhere, as ``"<target>: <why>"``."""
    broken = []
    for target in relative_links(page.read_text()):
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(f"{target}: no such file")
        elif anchor and linked.suffix != ".md":
            broken.append(f"{target}: an anchor in a file that is not Markdown")
        elif anchor and anchor not in anchors(linked.read_text()):
            broken.append(f"{target}: no such heading in {linked.name}")
    return broken
