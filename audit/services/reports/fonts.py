"""The fonts a report's PDF embeds, and the runs of text each one sets.

Every font comes from a Python package the project installs (``pyproject.toml``), never from
the machine, so a PDF renders the same everywhere:

- **Noto Sans** (``fontpkg-noto-sans``): Latin, Greek and Cyrillic; the package ships it as a
  variable font, of which the regular and the bold instance are made (for the scripts below
  only, which keeps that quick) by the first process of an installation and kept on disk for
  the others (``AUDIT_REPORTS["FONT_CACHE_DIR"]``): making them takes seconds of each web
  process, worker and test run that builds a report.
- **Noto Sans CJK** (``cvttf-notosanscjk-regular``): Chinese, Japanese and Korean. It ships
  with PostScript outlines, which reportlab cannot embed, so each document gets a subset of
  the characters it uses, converted to TrueType outlines.

A character neither font has (emoji, for one: no monochrome emoji font is installable from the
package index) is printed as its code point, ``[U+1F600]``, so nothing is lost silently.
"""

from __future__ import annotations

import functools
import hashlib
import io
import logging
import os
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

logger = logging.getLogger(__name__)

REGULAR = "ReportSans"
BOLD = "ReportSans-Bold"
#: Noto Sans's default weight (and width 100): what its variable font's outlines are.
_DEFAULT_WEIGHT = 400

#: The code points the regular and bold instances keep: Latin (with its extensions), Greek,
#: Cyrillic, general punctuation, currency signs, letterlike symbols, arrows and maths.
_RANGES = (
    (0x0020, 0x024F),
    (0x0370, 0x03FF),
    (0x0400, 0x052F),
    (0x1E00, 0x1EFF),
    (0x2000, 0x206F),
    (0x20A0, 0x20CF),
    (0x2100, 0x21FF),
    (0x2200, 0x22FF),
    (0x25A0, 0x25FF),
)


@dataclass(frozen=True)
class Run:
    """A stretch of text set in one font."""

    font: str
    text: str


@functools.cache
def base_fonts() -> dict[str, frozenset[int]]:
    """Register the regular and bold fonts (once per process); their names and what each
    covers."""
    covered = {}
    for name, weight in ((REGULAR, 400), (BOLD, 700)):
        data, cmap = kept_noto_sans(name, weight)
        pdfmetrics.registerFont(TTFont(name, io.BytesIO(data)))
        covered[name] = cmap
    return covered


def prepare_at_worker_start(**_signal: Any) -> None:
    """Make the base fonts when a Celery worker starts (its ``worker_init`` signal, connected by
    ``audit.apps``), not in the first report the worker builds: making them takes seconds.

    The signal comes in the worker's main process before its pool forks, so the children
    inherit the fonts and a node pays once. A worker that cannot make them still starts (it has
    other tasks), and says why; its reports then fail with the same error."""
    try:
        base_fonts()
    except Exception:
        logger.exception("The report fonts could not be made; reports will fail until they are.")


def runs(text: str, *, bold: bool = False) -> list[Run]:
    """``text`` cut into runs by the font that has each character: the base font (bold or
    regular), else the regular one, else a CJK subset; a character none has becomes its code
    point."""
    fonts = base_fonts()
    chain = [BOLD, REGULAR] if bold else [REGULAR]
    wide = sorted({ch for ch in text if not any(ord(ch) in fonts[f] for f in chain)})
    cjk = cjk_font(frozenset(ch for ch in wide if ord(ch) in _cjk_cmap()))
    out: list[Run] = []
    for ch in text:
        font = next((f for f in chain if ord(ch) in fonts[f]), None)
        piece = ch
        if font is None and cjk is not None and ord(ch) in _cjk_cmap():
            font = cjk
        elif font is None:
            font, piece = chain[0], f"[U+{ord(ch):04X}]"
        if out and out[-1].font == font:
            out[-1] = Run(font, out[-1].text + piece)
        else:
            out.append(Run(font, piece))
    return out


def markup(text: str, *, bold: bool = False) -> str:
    """``text`` as a reportlab paragraph's markup: each run in the font that sets it
    (``runs``), its characters escaped, so that a name with ``&`` or ``<`` prints as written."""
    return "".join(
        f'<font name="{run.font}">{escape(run.text)}</font>' for run in runs(text, bold=bold)
    )


def plain(text: str, *, bold: bool = False) -> bool:
    """Whether the base font alone sets ``text`` (the common case: no runs needed)."""
    font = BOLD if bold else REGULAR
    # Figures, codes and most names are printable ASCII, which the base fonts cover whole:
    # known without a look-up per character.
    if text.isascii() and text.isprintable() and _sets_printable_ascii(font):
        return True
    covered = base_fonts()[font]
    return all(ord(ch) in covered for ch in text)


@functools.cache
def _sets_printable_ascii(font: str) -> bool:
    """Whether base font ``font`` has every printable ASCII character (space to tilde)."""
    return all(code in base_fonts()[font] for code in range(0x20, 0x7F))


def printable(text: str) -> str:
    """``text`` as it prints: each character no font has replaced by its code point."""
    return "".join(run.text for run in runs(text))


@functools.lru_cache(maxsize=64)
def cjk_font(characters: frozenset[str]) -> str | None:
    """The name of a registered font holding ``characters`` from Noto Sans CJK (a subset made
    and registered once per set of characters), or ``None`` for none."""
    if not characters:
        return None
    text = "".join(sorted(characters))
    name = "ReportCJK-" + hashlib.sha256(text.encode()).hexdigest()[:12]
    pdfmetrics.registerFont(TTFont(name, io.BytesIO(_cjk_subset(text, name))))
    return name


def code_points(ranges: Iterable[tuple[int, int]]) -> Iterator[int]:
    for first, last in ranges:
        yield from range(first, last + 1)


def kept_noto_sans(name: str, weight: int) -> tuple[bytes, frozenset[int]]:
    """The instance :func:`_noto_sans` makes, read from the font cache
    (``AUDIT_REPORTS["FONT_CACHE_DIR"]``) when a process of this installation made it before,
    else made and kept there for the next.

    The cache is a saving, never a source of truth: a file is named by a digest of everything
    the instance is made from (the packaged font's bytes, the weight, the name, the code points,
    fontTools' version and :data:`_MAKING`), so a change of any makes a new one, and a file that
    cannot be read or written is made again in memory and said in the log.
    """
    path = _kept_path(name, weight)
    if path is not None and path.exists():
        try:
            data = path.read_bytes()
            return data, _cmap_of(data)
        except Exception:  # unreadable or damaged: made again below, and written over
            logger.warning("The kept report font %s does not read; making it again.", path)
    data, cmap = _noto_sans(name, weight)
    if path is not None:
        _keep(path, data)
    return data, cmap


#: How the instances are made (:func:`_noto_sans`); a change of it changes this number, so that
#: a font kept by the code before is not read as one made by the code now.
_MAKING = 1


def _kept_path(name: str, weight: int) -> Path | None:
    from django.conf import settings
    from fontTools import version as fonttools_version

    folder = settings.AUDIT_REPORTS.get("FONT_CACHE_DIR", "")
    if not folder:
        return None
    digest = hashlib.sha256(_noto_sans_path().read_bytes())
    digest.update(repr((name, weight, _RANGES, fonttools_version, _MAKING)).encode())
    return Path(folder) / f"{name}-{digest.hexdigest()[:32]}.ttf"


def _keep(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: another process reading the cache meanwhile
    sees no file, or the whole font (a rename within one folder is atomic)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".part", delete=False) as part:
            part.write(data)
        os.replace(part.name, path)
    except OSError as error:
        logger.info("The report font is not kept (%s): each process makes it.", error)


def _cmap_of(data: bytes) -> frozenset[int]:
    from fontTools.ttLib import TTFont as FontFile

    return frozenset(FontFile(io.BytesIO(data), lazy=True).getBestCmap())


def _noto_sans_path() -> Path:
    import fontpkg_noto_sans

    return Path(fontpkg_noto_sans.ROOT) / "files" / "NotoSans[wdth,wght].ttf"


def _noto_sans(name: str, weight: int) -> tuple[bytes, frozenset[int]]:
    from fontTools import subset
    from fontTools.ttLib import TTFont as FontFile
    from fontTools.varLib import instancer

    font = FontFile(_noto_sans_path(), recalcTimestamp=False)  # as the CJK subset's
    subsetter = subset.Subsetter(_subset_options())
    subsetter.populate(unicodes=list(code_points(_RANGES)))
    subsetter.subset(font)
    if weight == _DEFAULT_WEIGHT:
        # The variable font's own outlines are its default instance: dropping the variations
        # gives the regular weight at once.
        for table in ("fvar", "gvar", "avar", "cvar", "HVAR", "MVAR", "STAT"):
            if table in font:
                del font[table]
        static = font
    else:
        static = instancer.instantiateVariableFont(font, {"wght": weight, "wdth": 100})
    _rename(static, name)
    out = io.BytesIO()
    static.save(out)
    return out.getvalue(), frozenset(static.getBestCmap())


@functools.cache
def _cjk_cmap() -> frozenset[int]:
    from fontTools.ttLib import TTFont as FontFile

    return frozenset(FontFile(_cjk_path(), lazy=True).getBestCmap())


def _cjk_path() -> str:
    import cvttf_NotoSansCJK_Regular

    return cvttf_NotoSansCJK_Regular.get_TTF_path()


def _cjk_subset(text: str, name: str) -> bytes:
    """Noto Sans CJK cut down to ``text``'s characters, its PostScript (CFF) outlines turned
    into TrueType ones (quadratic curves within a unit of the originals), which reportlab
    embeds."""
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont as FontFile
    from fontTools.ttLib import newTable

    # The subset keeps the font's own date: saved with the time of saving, the same report
    # rendered in another process would differ in those bytes alone.
    font = FontFile(_cjk_path(), recalcTimestamp=False)
    subsetter = subset.Subsetter(_subset_options())
    subsetter.populate(text=text)
    subsetter.subset(font)
    order = font.getGlyphOrder()
    glyphs = font.getGlyphSet()
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for glyph in order:
        pen = TTGlyphPen(glyphs)
        glyphs[glyph].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyf[glyph] = pen.glyph()
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    font["glyf"] = glyf
    font["loca"] = newTable("loca")
    maxp = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for field in (
        "maxTwilightPoints",
        "maxStorage",
        "maxFunctionDefs",
        "maxInstructionDefs",
        "maxStackElements",
        "maxSizeOfInstructions",
        "maxComponentElements",
    ):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["maxp"] = maxp
    font["head"].indexToLocFormat = 0
    font["head"].glyphDataFormat = 0
    post = font["post"]
    post.formatType = 2.0
    post.extraNames = []
    post.mapping = {}
    post.glyphOrder = order
    font.sfntVersion = "\x00\x01\x00\x00"
    _rename(font, name)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _rename(font: Any, name: str) -> None:
    """Give ``font`` its own family, full and PostScript name: reportlab keeps one font per
    PostScript name, and the instances and subsets of one font would otherwise share one."""
    for record in font["name"].names:
        if record.nameID in (1, 3, 4, 6, 16):
            record.string = name


def _subset_options() -> Any:
    from fontTools import subset

    options = subset.Options()
    options.layout_features = []
    options.notdef_outline = True
    options.name_IDs = ["*"]
    options.hinting = False
    options.desubroutinize = True
    return options
