"""The gaming-day report's PDF, read as a person would: its text extracted with pypdf holds the
summary of a known day (worked out here from the rounds the test makes), names and notes in
Cyrillic and Chinese, and on every page "page n of N", the report's id and the SHA-256 of its
data; a game without a house edge says so; every font is embedded. The pages are rendered to
PNG under ``.local/test/screenshots/`` for people to look at."""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import json
import math
from decimal import ROUND_HALF_EVEN
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pypdf
import pypdfium2
import pytest

from audit.models import GamingDayReport, ReportStatus
from audit.services.checkpoints import checkpoint_seal
from audit.services.checks import chain_check
from audit.services.reports.build import report_build, report_request
from audit.services.reports.fonts import printable
from audit.services.reports.render import render_pdf
from casino.core.roles import Role
from casino.demo.floor import RUSSIAN_MAIN_PAYTABLE, _paytable, load_demo_floor
from payouts.models import Paytable
from payouts.services.day_totals_check import day_totals_rebuild
from tables.models import Game
from tests.audit.factories import decided_correction, settled_round
from tests.fixtures import use_paytables

pytestmark = pytest.mark.django_db

DAY = dt.date(2025, 6, 12)
EARLIER = dt.date(2025, 6, 3)
DEALER_NAME = "Дмитрий Иванов"
NOTE = "荷官少付了彩金，补发 15"
SCREENSHOTS = Path(__file__).resolve().parents[2] / ".local" / "test" / "screenshots"

# The rounds of DAY, as the test makes them: (table, stakes, returns).
RP_ROUNDS = {
    # Ante 10, Bet 20; the Bet wins at 2 to 1: 70 back.
    "win": (
        [(1, "ante", "10"), (1, "bet", "20")],
        [(1, "ante", "win", "10", "10", "10"), (1, "bet", "win", "20", "60", "60")],
    ),
    # Ante 20, Bet 40 and a Bonus 10, all lost.
    "lost": (
        [(1, "ante", "20"), (1, "bet", "40"), (1, "bonus", "10")],
        [
            (1, "ante", "lose", "20", "0", "0"),
            (1, "bet", "lose", "40", "0", "0"),
            (1, "bonus", "lose", "10", "0", "0"),
        ],
    ),
    # A straight flush cut by the table's maximum payout: 2000 withheld.
    "capped": (
        [(1, "ante", "25"), (1, "bet", "50")],
        [
            (1, "ante", "win", "25", "25", "25"),
            (1, "bet", "win", "50", "5050", "3050", "max_payout_per_box"),
        ],
    ),
}
RR_STAKES = [(1, "pot", "50"), (2, "pot", "50")]
RR_RETURNS = [(2, "pot", "award", "0", "95", "95")]
#: The audit floor's house edges (tests/audit/conftest.py).
MAIN_EDGE, BONUS_EDGE = D("0.05"), D("0.10")


def pct(part: D, whole: D) -> D:
    return (part * 100 / whole).quantize(D("0.01"), rounding=ROUND_HALF_EVEN)


@pytest.fixture
def cyrillic_dealer(make_user: Any) -> Any:
    return make_user(DEALER_NAME, Role.DEALER)


@pytest.fixture
def known_day(
    audit_floor: dict[str, Any], users: dict[str, Any], cyrillic_dealer: Any
) -> dict[str, Any]:
    """DAY at RP-1 (three rounds by the Cyrillic dealer, one more voided) and RR-1 (one pot),
    a payout correction with a Chinese note, and the figures a person expects, summed here from
    the rounds' own lines."""
    rp1, rr1 = audit_floor["table"], audit_floor["RR-1"]
    rounds = {
        name: settled_round(rp1, cyrillic_dealer, DAY, stakes=stakes, returns=returns)
        for name, (stakes, returns) in RP_ROUNDS.items()
    }
    rounds["pot"] = settled_round(rr1, users["dealer"], DAY, stakes=RR_STAKES, returns=RR_RETURNS)
    rounds["voided"] = settled_round(
        rp1,
        cyrillic_dealer,
        DAY,
        stakes=[(1, "ante", "40")],
        returns=[(1, "ante", "lose", "40", "0", "0")],
    )
    # Earlier in the month, for the trend: 100 staked at RP-1, 40 back.
    settled_round(
        rp1,
        cyrillic_dealer,
        EARLIER,
        stakes=[(1, "ante", "100")],
        returns=[(1, "ante", "win", "100", "40", "40")],
    )
    pit_boss = users["pit_boss"]
    decided_correction(
        rounds["voided"],
        kind="void",
        requested_by=cyrillic_dealer,
        decided_by=pit_boss,
        decided_day=DAY,
    )
    decided_correction(
        rounds["lost"],
        kind="payout_correction",
        requested_by=cyrillic_dealer,
        decided_by=pit_boss,
        decided_day=DAY,
        lines=[(1, "bet", "15")],
        reason=NOTE,
    )
    # The rounds and corrections were written directly: the tables' day totals are derived
    # from them as the services would have kept them.
    day_totals_rebuild()

    played = [*RP_ROUNDS.values(), (RR_STAKES, RR_RETURNS)]
    wagered = sum(D(a) for stakes, _ in played for _, _, a in stakes)
    paid = sum(D(line[5]) for _, returns in played for line in returns)
    rp_theoretical = sum(
        D(a) * (BONUS_EDGE if kind == "bonus" else MAIN_EDGE)
        for stakes, _ in RP_ROUNDS.values()
        for _, kind, a in stakes
    )
    rp_priced = sum(D(a) for stakes, _ in RP_ROUNDS.values() for _, _, a in stakes)
    # The pot is priced by its take: what it did not give back.
    rr_staked = sum(D(a) for _, _, a in RR_STAKES)
    rr_take = rr_staked - sum(D(line[5]) for line in RR_RETURNS)
    theoretical, priced = rp_theoretical + rr_take, rp_priced + rr_staked
    hold, theo = pct(wagered - paid, wagered), pct(theoretical, priced)
    return {
        "rounds": rounds,
        "count": len(played),
        "wagered": wagered,
        "paid": paid,
        "house": wagered - paid,
        "hold": hold,
        "theoretical": theo,
        "rp_theoretical": pct(rp_theoretical, rp_priced),
        "variance": hold - theo,
        "withheld": D("2000.00"),
    }


def built(users: dict[str, Any]) -> GamingDayReport:
    report = report_request(actor=users["auditor"], gaming_day=DAY)
    report = report_build(report_id=report.pk)
    assert report.status == ReportStatus.DONE, report.error
    return report


def pages(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_the_summary_page_holds_the_known_day(
    known_day: dict[str, Any], users: dict[str, Any], settings: Any, tmp_path: Path
) -> None:
    settings.AUDIT_CHECKPOINTS = {**settings.AUDIT_CHECKPOINTS, "TARGET": str(tmp_path / "out")}
    checkpoint = checkpoint_seal(reason="manual")
    chain_check(full=True)
    report = built(users)
    summary = flat(pages(bytes(report.pdf))[0])

    assert "Test Casino: gaming day 2025-06-12" in summary
    # The day's totals row: rounds, wagered, paid, house result, hold, theoretical, variance;
    # every stake was priced (the pot's by its take), so the theoretical hold is unmarked.
    day = known_day
    assert (
        f"Gaming day 2025-06-12 2025-06-12 {day['count']} {day['wagered']:,.2f}"
        f" {day['paid']:,.2f} {day['house']:,.2f} {day['hold']:,} {day['theoretical']}"
        f" {day['variance']:,}"
    ) in summary
    assert "* Theoretical hold over the stakes a house edge priced" not in summary
    # Which edges priced them: no computation is kept here, so certificates and the take.
    assert "house edges computed from the rules priced 0.00 % of the priced stakes" in summary
    # Russian Poker's hold against its theoretical one, flagged (far more than 2 points off).
    rp = RP_ROUNDS.values()
    rp_wagered = sum(D(a) for stakes, _ in rp for _, _, a in stakes)
    rp_paid = sum(D(line[5]) for _, returns in rp for line in returns)
    rp_hold = pct(rp_wagered - rp_paid, rp_wagered)
    assert (
        f"Russian Poker 3 {rp_wagered:,.2f} {rp_wagered - rp_paid:,.2f} {rp_hold:,}"
        f" {day['rp_theoretical']} {rp_hold - day['rp_theoretical']:,} 2.00 FLAG"
    ) in summary
    assert f"Flagged this day: games Russian Poker; tables RP-1; dealers {DEALER_NAME}" in summary
    # Ruby Run's pot is priced by its take, 5 of 100: its hold is its theoretical hold.
    assert "Ruby Run 1 100.00 5.00 5.00 5.00 0.00 2.00" in summary
    # Amounts are grouped by thousands, as people read them.
    assert f"1 payout line(s) cut by a cap; {day['withheld']:,} withheld." in summary
    assert "2,000.00 withheld" in summary
    assert "1 void(s); 1 payout correction(s), 15.00 paid." in summary
    assert "Intact: last verified in full" in summary
    assert f"Last signed checkpoint: no. {checkpoint.number}," in summary


def test_every_page_names_the_report_its_page_and_the_digest_of_its_data(
    known_day: dict[str, Any], users: dict[str, Any]
) -> None:
    report = built(users)
    digest = hashlib.sha256(
        json.dumps(
            report.payload, sort_keys=True, separators=(",", ":"), ensure_ascii=True
        ).encode()
    ).hexdigest()
    assert digest == report.payload_sha256
    texts = pages(bytes(report.pdf))
    assert len(texts) >= 3
    for number, text in enumerate(texts, start=1):
        text = flat(text)
        assert f"page {number} of {len(texts)}" in text
        assert f"Report {report.pk} · Test Casino · 2025-06-12" in text
        assert f"data SHA-256 {digest}" in text


def test_names_and_notes_print_in_cyrillic_and_chinese(
    known_day: dict[str, Any], users: dict[str, Any]
) -> None:
    report = built(users)
    text = flat(" ".join(pages(bytes(report.pdf))))
    assert f"RP-1 {DEALER_NAME} 3 175.00" in text  # per table and dealer
    assert f"{DEALER_NAME} 3 175.00" in text  # per dealer
    assert NOTE in text
    # Every font the PDF uses is embedded (a TrueType file inside it), none left to the reader.
    reader = pypdf.PdfReader(io.BytesIO(bytes(report.pdf)))
    used = {}
    for page in reader.pages:
        for reference in page["/Resources"]["/Font"].values():
            font = reference.get_object()
            descendant = (
                font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            )
            descriptor = descendant.get("/FontDescriptor")
            used[font["/BaseFont"]] = descriptor is not None and "/FontFile2" in descriptor
    assert used and all(used.values()), used
    assert any("ReportCJK" in name for name in used)


def test_a_character_no_font_has_prints_as_its_code_point() -> None:
    assert printable("lucky 🍀 table") == "lucky [U+1F340] table"
    assert printable("Дмитрий 张伟") == "Дмитрий 张伟"


def test_a_table_without_a_house_edge_says_so(
    known_day: dict[str, Any], users: dict[str, Any], audit_floor: dict[str, Any]
) -> None:
    # RP-9 plays under a paytable with no certified house edge, and none is computed for its
    # configuration: nothing prices its stakes. The pot games are priced by their take.
    rp9 = audit_floor["other_table"]
    uncertified = _paytable(
        "uncertified", Game.RUSSIAN_POKER, "main", RUSSIAN_MAIN_PAYTABLE, house_edge=None
    )
    use_paytables(rp9, uncertified)
    settled_round(
        rp9,
        users["other_dealer"],
        DAY,
        stakes=[(1, "ante", "20"), (1, "bet", "40")],
        returns=[(1, "ante", "lose", "20", "0", "0"), (1, "bet", "lose", "40", "0", "0")],
    )
    report = built(users)
    rows = {r["table"]: r for r in report.payload["rows"] if r["level"] == "table"}
    assert rows["RP-9"]["day"]["house_edge_coverage"] == "unpriced"
    assert (rows["RP-9"]["day"]["theoretical_hold_pct"], rows["RP-9"]["day"]["variance_pp"]) == (
        None,
        None,
    )
    assert rows["RR-1"]["day"]["house_edge_coverage"] == "priced"
    assert rows["RR-1"]["day"]["theoretical_hold_pct"] == "5.00"  # its take
    assert rows["RP-1"]["day"]["house_edge_coverage"] == "priced"
    total = next(r for r in report.payload["rows"] if r["level"] == "total")
    assert total["day"]["house_edge_coverage"] == "partly_priced"
    text = flat(" ".join(pages(bytes(report.pdf))))
    # The totals' theoretical hold is over the priced stakes alone, and the page says which.
    assert (
        "* Theoretical hold over the stakes a house edge priced (gaming day 275.00 of 335.00;"
    ) in text
    assert "RP-9 Russian Poker 1 60.00 0.00 60.00 100.00 no house edge" in text
    assert ",unpriced,\n" in report.csv
    assert "\nday,table,RP-9,russian_poker,,1,60.00,0.00,60.00,100.00,,,,,," in report.csv


def test_the_month_trend_comes_from_the_table_day_totals(
    known_day: dict[str, Any], users: dict[str, Any]
) -> None:
    report = built(users)
    trend = {day["day"]: day for day in report.payload["month_trend"]}
    assert list(trend) == [f"2025-06-{n:02d}" for n in range(1, 13)]
    assert (trend["2025-06-03"]["wagered"], trend["2025-06-03"]["hold_pct"]) == ("100.00", "60.00")
    assert trend["2025-06-04"] == {
        "day": "2025-06-04",
        "rounds": 0,
        "wagered": "0.00",
        "house_result": "0.00",
        "hold_pct": None,
        "theoretical_hold_pct": None,
    }
    # DAY as its rounds stand now: the voided round is out, the correction's 15 paid is in.
    today = trend["2025-06-12"]
    paid = known_day["paid"] + 15
    assert (today["rounds"], today["wagered"]) == (
        known_day["count"],
        f"{known_day['wagered']:.2f}",
    )
    assert today["house_result"] == f"{known_day['wagered'] - paid:.2f}"
    assert "\nmonth_trend,day,rounds,wagered,house_result,hold_pct,theoretical_hold_pct\n" in (
        report.csv
    )


def test_the_pages_rendered_to_images(known_day: dict[str, Any], users: dict[str, Any]) -> None:
    """Saves every page as a PNG for people to look at; each must show more than a blank."""
    report = built(users)
    assert render_pdf(report.payload) == bytes(report.pdf)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    document = pypdfium2.PdfDocument(bytes(report.pdf))
    for number in range(len(document)):
        image = document[number].render(scale=1.6).to_pil()
        image.save(SCREENSHOTS / f"report-page-{number + 1}.png")
        grey = image.convert("L")
        dark = sum(1 for value in grey.get_flattened_data() if value < 128)
        assert dark > 0.002 * image.width * image.height, number
    assert len(document) == len(pages(bytes(report.pdf)))


def test_the_demo_paytables_carry_their_house_edge() -> None:
    """Each demo paytable with a figure a certificate could state carries it; the main game's,
    which no source states, carries none: it is computed from the rules."""
    load_demo_floor()
    edges = dict(Paytable.objects.values_list("name", "house_edge"))
    assert edges["Russian Poker standard"] is None
    assert all(edge is not None for name, edge in edges.items() if name != "Russian Poker standard")
    # The bonus pays on the five cards as dealt: its edge follows from the 2,598,960 hands.
    hands = math.comb(52, 5)
    counts = {
        "royal_flush": 4,
        "straight_flush": 36,
        "quads": 13 * 48,
        "full_house": 13 * 12 * 4 * 6,
        "flush": 4 * math.comb(13, 5) - 40,
        "straight": 10 * 4**5 - 40,
    }
    pays = {
        "royal_flush": 1000,
        "straight_flush": 500,
        "quads": 200,
        "full_house": 70,
        "flush": 50,
        "straight": 40,
    }
    won = sum(counts[k] * pays[k] for k in counts)
    lost = hands - sum(counts.values())
    edge = (D(lost - won) / D(hands)).quantize(D("0.000001"))
    assert edges["Russian Poker bonus"] == edge
    # The pot games keep only their rake, which the demo's house rules do not take.
    assert edges["Ruby Run pot, no rake"] == D(0)
    assert edges["Red Dog pot, no commission"] == D(0)


def test_a_worker_makes_the_report_fonts_when_it_starts() -> None:
    """The fonts are made at the worker's start (``worker_init``), not in its first report."""
    from celery.signals import worker_init

    from audit.services.reports import fonts

    # Sending the signal itself would also run Celery's own start-up hooks in this process.
    receivers = worker_init._live_receivers(sender=None)
    assert fonts.prepare_at_worker_start in receivers
    fonts.base_fonts.cache_clear()
    fonts.prepare_at_worker_start(sender=None)
    made = fonts.base_fonts.cache_info()
    assert (made.misses, made.currsize) == (1, 1)
    assert {fonts.REGULAR, fonts.BOLD} <= set(fonts.pdfmetrics.getRegisteredFontNames())


def _chart_pixels(trend: list[dict[str, Any]]) -> dict[str, int]:
    """The month chart drawn alone and rendered: how many pixels of each series' colour lie
    inside its plot (the legend's swatches left out)."""
    from reportlab.graphics import renderPDF

    from audit.services.reports import charts, fonts

    fonts.base_fonts()
    width, height = 500, 200
    drawing = charts.month_trend(trend, width=width, height=height)
    image = pypdfium2.PdfDocument(renderPDF.drawToString(drawing))[0].render(scale=2).to_pil()
    # The plot: 40 points in from the left, 30 up from the bottom, 30 below the top.
    plot = image.convert("RGB").crop((2 * 40, 2 * 30, 2 * (width - 20), 2 * (height - 30)))
    found = {}
    for name, colour in (("hold", charts.HOLD), ("theoretical", charts.THEORETICAL)):
        rgb = tuple(round(255 * c) for c in (colour.red, colour.green, colour.blue))
        found[name] = sum(
            1
            for pixel in plot.get_flattened_data()
            if all(abs(a - b) < 40 for a, b in zip(pixel, rgb, strict=True))
        )
    return found


def test_the_month_chart_shows_a_single_day_of_play() -> None:
    """The first day of play in a month (the twelfth here): both its hold and its theoretical
    hold are marked where a person sees them, not a dot lost on the axis."""
    quiet = {"rounds": 0, "wagered": "0.00", "house_result": "0.00"}
    trend = [
        {"day": f"2025-06-{n:02d}", **quiet, "hold_pct": None, "theoretical_hold_pct": None}
        for n in range(1, 12)
    ]
    trend.append(
        {
            "day": "2025-06-12",
            "rounds": 3,
            "wagered": "100.00",
            "house_result": "5.00",
            "hold_pct": "5.00",
            "theoretical_hold_pct": "4.00",
        }
    )
    found = _chart_pixels(trend)
    assert found["hold"] > 60, found
    assert found["theoretical"] > 40, found


def test_a_single_day_s_figures_are_said_once_beside_its_marks() -> None:
    """The note that says a lone day's figures in words is drawn once, not twice on itself."""
    from reportlab.graphics.shapes import String

    from audit.services.reports import charts, fonts

    fonts.base_fonts()
    trend = [
        {
            "day": "2025-06-01",
            "rounds": 3,
            "wagered": "100.00",
            "house_result": "5.00",
            "hold_pct": "5.00",
            "theoretical_hold_pct": "4.00",
        }
    ]
    drawing = charts.month_trend(trend, width=500, height=200)
    notes = [
        shape.text
        for shape in drawing.getContents()
        if isinstance(shape, String) and "one day of play so far" in shape.text
    ]
    assert notes == ["2025-06-01: hold 5.00 %, theoretical 4.00 % (one day of play so far)"]
