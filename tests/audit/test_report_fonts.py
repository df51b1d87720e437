"""The report fonts are made once per installation and kept: the next process reads them, and
a kept file that does not read, or a folder that cannot be written, costs only the making."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from fontTools.ttLib import TTFont as FontFile

from audit.services.reports import fonts


@pytest.fixture
def kept_in(settings: Any, tmp_path: Path) -> Path:
    folder = tmp_path / "report-fonts"
    settings.AUDIT_REPORTS = {**settings.AUDIT_REPORTS, "FONT_CACHE_DIR": str(folder)}
    return folder


def _renamed(data: bytes, name: str) -> bytes:
    font = FontFile(io.BytesIO(data))
    fonts._rename(font, name)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _family(data: bytes) -> str:
    return str(FontFile(io.BytesIO(data))["name"].getDebugName(1))


def test_a_font_made_once_is_kept_and_read_by_the_next_process(kept_in: Path) -> None:
    made, covered = fonts.kept_noto_sans(fonts.REGULAR, 400)
    (kept,) = kept_in.glob("*.ttf")
    assert kept.read_bytes() == made
    assert ord("é") in covered and ord("Ж") in covered
    # What the next process reads is the kept file, not a font made again: the kept one is
    # marked here, and the mark comes back.
    kept.write_bytes(_renamed(made, "KeptMark"))
    read, read_covered = fonts.kept_noto_sans(fonts.REGULAR, 400)
    assert _family(read) == "KeptMark"
    assert read_covered == covered
    assert list(kept_in.iterdir()) == [kept]  # nothing half-written is left beside it


def test_a_kept_file_that_does_not_read_is_made_again_and_written_over(kept_in: Path) -> None:
    path = fonts._kept_path(fonts.REGULAR, 400)
    assert path is not None
    kept_in.mkdir()
    path.write_bytes(b"not a font")
    data, covered = fonts.kept_noto_sans(fonts.REGULAR, 400)
    assert _family(data) == fonts.REGULAR and ord("A") in covered
    assert path.read_bytes() == data


def test_each_weight_and_each_making_is_kept_apart(kept_in: Path) -> None:
    regular, bold = fonts._kept_path(fonts.REGULAR, 400), fonts._kept_path(fonts.BOLD, 700)
    assert regular is not None and bold is not None and regular != bold
    assert fonts._kept_path(fonts.REGULAR, 700) != regular


def test_a_folder_that_cannot_be_written_only_costs_the_making(
    settings: Any, tmp_path: Path
) -> None:
    occupied = tmp_path / "a-file"
    occupied.write_text("a file where the folder would be")
    settings.AUDIT_REPORTS = {**settings.AUDIT_REPORTS, "FONT_CACHE_DIR": str(occupied / "fonts")}
    data, covered = fonts.kept_noto_sans(fonts.REGULAR, 400)
    assert _family(data) == fonts.REGULAR and ord("A") in covered
    assert occupied.read_text() == "a file where the folder would be"


def test_without_a_folder_nothing_is_kept(settings: Any) -> None:
    settings.AUDIT_REPORTS = {**settings.AUDIT_REPORTS, "FONT_CACHE_DIR": ""}
    assert fonts._kept_path(fonts.REGULAR, 400) is None
