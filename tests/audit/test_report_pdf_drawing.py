"""The parts of the report's PDF that stand in for reportlab's own table machinery, held to it:
``pdf.cell_styles`` leaves every cell the style ``Table.setStyle`` would, and the report's
tables (``pdf._grid``) put on the page exactly the bytes reportlab's ``Table`` puts there from
the same cells and styles, over several pages, spans, font and colour changes, characters PDF
escapes, text no base font has, and more characters than one font subset holds. And
``fonts.plain`` answers as a look-up of every character would."""

from __future__ import annotations

import io
from typing import Any

import pytest
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.platypus import SimpleDocTemplate, Table, TableStyle

from audit.services.reports import fonts, pdf
from audit.services.reports.fonts import BOLD, REGULAR

ATTRIBUTES = (
    "fontname",
    "fontsize",
    "leading",
    "color",
    "alignment",
    "valign",
    "topPadding",
    "bottomPadding",
    "leftPadding",
    "rightPadding",
)

#: More distinct characters than one subset of a TrueType font holds (256, less the codes
#: reportlab keeps), all in the base font: a cell of them switches subsets within its text.
MANY = "".join(
    chr(code)
    for first, last in ((0x0100, 0x017F), (0x0391, 0x03A9), (0x03B1, 0x03C9), (0x0410, 0x044F))
    for code in range(first, last + 1)
    if code != 0x03A2
)


@pytest.fixture(autouse=True)
def base_fonts() -> None:
    fonts.base_fonts()


def test_cell_styles_are_those_reportlab_s_set_style_leaves() -> None:
    commands: list[tuple[Any, ...]] = [
        ("FONTNAME", (0, 0), (-1, -1), REGULAR),
        ("FONTSIZE", (0, 0), (-1, -1), 7.2),
        ("LEADING", (0, 0), (-1, -1), 8.64),
        ("TEXTCOLOR", (0, 0), (-1, -1), pdf.INK),
        ("FONTNAME", (0, 0), (-1, 0), BOLD),
        ("TEXTCOLOR", (0, 0), (-1, 0), colors.white),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("VALIGN", (0, 0), (-1, 0), "BOTTOM"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("ALIGN", (0, 0), (0, -1), "LEFT"),
        ("ALIGN", (1, 0), (1, -1), "RIGHT"),
        ("ALIGN", (-2, 0), (-1, -1), "CENTER"),
        # One row's cells, a block counted from the end, and a range beyond the table.
        ("TEXTCOLOR", (2, 3), (3, 3), pdf.MUTED),
        ("FONTNAME", (-2, -3), (-1, -2), BOLD),
        ("ALIGN", (1, 5), (9, 9), "LEFT"),
        ("TEXTCOLOR", (2, 3), (2, 3), pdf.FLAG),
        ("FONTSIZE", (0, 1), (-1, 1), 8),
    ]
    rows, columns = 40, 5
    table = Table([["x"] * columns for _ in range(rows)])
    table.setStyle(TableStyle(commands))
    ours = pdf.cell_styles(rows, columns, commands)
    for i in range(rows):
        for j in range(columns):
            expected = {name: getattr(table._cellStyles[i][j], name) for name in ATTRIBUTES}
            got = {name: getattr(ours[i][j], name) for name in ATTRIBUTES}
            assert got == expected, (i, j)
    # Rows no command singles out share their cells' styles.
    assert all(ours[i][j] is ours[2][j] for i in range(10, rows - 3) for j in range(columns))


def _rows(count: int) -> list[list[Any]]:
    names = ["RP-1", "Дмитрий Иванов", "Zoë (night) \\ shift", "王小明", MANY, "", "Ann"]
    out: list[list[Any]] = []
    for n in range(count):
        out.append(
            [
                names[n % len(names)],
                pdf._amount(f"{n * 1234.5:.2f}"),
                "" if n % 5 else "-",
                "FLAG" if n % 3 == 0 else "within",
                f"{n}",
            ]
        )
    return out


def _page(table: Table) -> bytes:
    out = io.BytesIO()
    doc = SimpleDocTemplate(
        out, pagesize=landscape(A4), invariant=1, initialFontName=REGULAR, initialFontSize=7
    )
    doc.build([table])
    return out.getvalue()


def _as_reportlab_draws_it(table: Table) -> Table:
    """The same cells, sizes and styles in a plain reportlab table."""
    plain = Table(
        table._cellvalues,
        colWidths=table._argW,
        rowHeights=table._argH,
        repeatRows=1,
        hAlign="LEFT",
        cellStyles=table._cellStyles,
    )
    plain.setStyle(TableStyle(table._bkgrndcmds + table._linecmds + table._spanCmds))
    return plain


def test_the_report_s_tables_draw_what_reportlab_draws() -> None:
    columns: list[Any] = [
        ("Name", 150, "L", None),
        ("Amount", 70, "R", None),
        ("Note", 60, "C", None),
        ("Flag", 40, "C", None),
        ("No.", 30, "R", None),
    ]
    data: list[list[Any]] = [["Name", "Amount\nin EUR", "Note", "Flag", "No."], *_rows(150)]
    extra: list[tuple[Any, ...]] = []
    for index in range(1, len(data)):
        if index % 7 == 0:
            extra += [
                ("SPAN", (2, index), (3, index)),
                ("TEXTCOLOR", (2, index), (3, index), pdf.MUTED),
            ]
        if index % 3 == 1:
            extra += [
                ("TEXTCOLOR", (3, index), (3, index), pdf.FLAG),
                ("BACKGROUND", (3, index), (3, index), pdf.FLAG_FILL),
                ("FONTNAME", (3, index), (3, index), BOLD),
            ]
    grid = pdf._grid([list(row) for row in data], columns, extra)
    assert isinstance(grid, pdf._Grid)
    # Text no base font has became a paragraph, which reportlab draws in both.
    assert not all(isinstance(cell, str) for row in grid._cellvalues for cell in row)
    reference = _as_reportlab_draws_it(grid)
    drawn = _page(grid)
    assert drawn == _page(reference)
    assert drawn.count(b"/Type /Page\n") > 2


def test_a_table_of_growing_rows_draws_what_reportlab_draws() -> None:
    columns: list[Any] = [("Note", 200, "L", None), ("Amount", 60, "R", None)]
    data: list[list[Any]] = [["Note", "Amount"]]
    data += [[f"note {n} " * (n % 9 + 1), pdf._amount(f"{n}.50")] for n in range(80)]
    grid = pdf._grid(data, columns, [], fixed_rows=False)
    assert _page(grid) == _page(_as_reportlab_draws_it(grid))


@pytest.mark.parametrize(
    "text", ["", "RP-12", "15,000.00 ~ {}|", "tab\there", "line\nbreak", "Zoë", "Ж", "王", "😀"]
)
@pytest.mark.parametrize("bold", [False, True])
def test_plain_answers_as_a_look_up_of_each_character(text: str, bold: bool) -> None:
    covered = fonts.base_fonts()[BOLD if bold else REGULAR]
    assert fonts.plain(text, bold=bold) == all(ord(ch) in covered for ch in text)


@pytest.mark.parametrize(
    "command",
    [
        ("BACKGROUND", (0, 0), (-1, 0), pdf.HEADER),
        ("FONT", (0, 0), (-1, -1), REGULAR, 7),
    ],
)
def test_cell_styles_take_only_the_commands_they_apply(command: tuple[Any, ...]) -> None:
    """A command the table keeps, or one reportlab would apply to cells that these styles do
    not know, is refused rather than lost."""
    with pytest.raises(ValueError, match="Not a command"):
        pdf.cell_styles(3, 3, [command])


def test_a_font_subset_keeps_its_font_s_date() -> None:
    """A Chinese subset made now carries the date of the font it was cut from, not the time it
    was made: the same report renders to the same bytes in any process, at any time."""
    from fontTools.ttLib import TTFont as FontFile

    original = FontFile(fonts._cjk_path(), lazy=True)["head"].modified
    subset = FontFile(io.BytesIO(fonts._cjk_subset("张伟", "ReportCJKTest")))
    assert subset["head"].modified == original
