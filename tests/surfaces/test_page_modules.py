"""The pages' shared modules (``casino/surfaces/static/surfaces/common/``), run by Node as the
browser runs them: money exact from the decimal string (never through a float), and every
refusal said in its reader's words by its code.

Node is what the browser tests install Chromium with; these tests need it too.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from django.http import HttpRequest

from casino.core.errors import all_codes
from casino.surfaces import context
from tests.surfaces.page_node import run_module

COMMON = Path(__file__).resolve().parents[2] / "casino/surfaces/static/surfaces/common"


def _page() -> str:
    """A module that gives Node what every page has before its modules run: the games the
    server writes into it (``<script id="games">``, from ``casino.surfaces.context``)."""
    written = json.dumps(json.dumps(context.games(HttpRequest())["games"]))
    script = (
        "globalThis.document = {getElementById: (id) => "
        f'id === "games" ? {{textContent: {written}}} : null}};'
    )
    return "data:text/javascript," + quote(script)


def evaluate(expression: str) -> Any:
    """``expression`` evaluated by Node with ``money``, ``words`` and ``games`` (the modules)
    imported into a page as the server writes it; its value as JSON (``undefined`` answers
    None)."""
    imports = f"import {json.dumps(_page())};" + "".join(
        f"import * as {name} from {json.dumps((COMMON / f'{name}.js').as_uri())};"
        for name in ("money", "words", "games")
    )
    return run_module(f"{imports} console.log(JSON.stringify({expression}) ?? 'null');")


# -- money ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "currency", "shown"),
    [
        ("12345678901234.99", "", "12,345,678,901,234.99"),
        # Beyond what a float holds (it would be 123456789012345680.00).
        ("123456789012345678.91", "EUR", "123,456,789,012,345,678.91 EUR"),
        ("-1234.5", "", "−1,234.50"),
        ("1000", "", "1,000.00"),
        ("0.10", "", "0.10"),
        ("007.50", "", "7.50"),
        ("-0.00", "", "0.00"),
        ("2.345", "", "2.345"),
        (None, "EUR", "—"),
        ("", "", "—"),
        ("n/a", "", "n/a"),
    ],
)
def test_an_amount_is_shown_from_its_decimal_string(
    text: str | None, currency: str, shown: str
) -> None:
    assert evaluate(f"money.money({json.dumps(text)}, {json.dumps(currency)})") == shown


def test_sums_are_exact_in_cents() -> None:
    assert evaluate('money.amount(money.cents("0.10") + money.cents("0.20"))') == "0.30"
    tenths = "Array.from({ length: 10 }, () => money.cents('0.10')).reduce((a, b) => a + b, 0)"
    assert evaluate(f"money.amount({tenths})") == "1.00"
    assert evaluate('money.cents("12345678901234.99")') == 1234567890123499
    assert evaluate('money.amount(money.cents("12345678901234.99") + 1)') == "12345678901235.00"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("12.5", 1250),
        ("12,5", 1250),
        (" 7 ", 700),
        ("0.05", 5),
        ("1.234", None),
        ("-1.00", None),
        ("ten", None),
        (None, None),
        # Too many cents to count exactly: refused, never rounded.
        ("123456789012345678.91", None),
    ],
)
def test_cents_reads_an_amount_a_dealer_may_enter(text: str | None, value: int | None) -> None:
    assert evaluate(f"money.cents({json.dumps(text)})") == value


def test_amounts_go_back_to_the_decimal_string_the_api_reads() -> None:
    assert evaluate("[0, 5, 100, 1250, -250].map(money.amount)") == [
        "0.00",
        "0.05",
        "1.00",
        "12.50",
        "-2.50",
    ]


def test_a_sign_is_read_from_the_string() -> None:
    values = ["-2.50", "2.50", "-0.00", "0.00", None, "-0.01"]
    assert evaluate(f"{json.dumps(values)}.map(money.isNegative)") == [
        True,
        False,
        False,
        False,
        False,
        True,
    ]


# -- refusals in words ----------------------------------------------------------------------

#: What the tablet said to the dealer for each code before the pages shared one table.
DEALER_WORDS = {
    "card_duplicate": "That card is already on the table in this deck.",
    "card_not_seen": "That card has not been dealt in this round.",
    "card_unknown": "That is not a card.",
    "wrong_card_count": "Wrong number of cards.",
    "amount_invalid": "That amount is not allowed here.",
    "amount_not_chip_multiple": "The amount must be a whole number of chips.",
    "bet_below_minimum": "The bet is below the table minimum.",
    "insufficient_stack": "The player does not have enough chips.",
    "limits_invalid": "The amount is outside the table's limits.",
    "action_out_of_phase": "That cannot be done at this point of the round.",
    "out_of_turn": "It is another box's or seat's turn.",
    "position_not_in_play": "That box or seat is not in this round.",
    "seat_invalid": "That seat cannot be used.",
    "player_count_invalid": "Wrong number of players for this table.",
    "round_not_complete": "The round is not finished yet.",
    "round_already_open": "A round is already open at this table: showing it.",
    "round_not_open": "This round is closed.",
    "stale_event": (
        "Someone else recorded on this round first. Check the screen and enter it again."
    ),
    "table_not_open": "The table is closed. Ask the pit boss to open it.",
    "permission_denied": "You are not the dealer at this table now.",
    "not_authenticated": "Please sign in again.",
    "authentication_failed": "Sign-in failed: check the name and the password or PIN.",
    "token_expired": "Your shift's sign-in has expired. Please sign in again.",
    "sign_in_locked": "Sign-in is locked after too many attempts. Call the pit boss.",
    "throttled": "Too many attempts. Wait a minute, then try again.",
    "tablet_revoked": "This tablet was revoked. A pit boss must pair it again.",
    "tablet_other_table": "This tablet belongs to another table.",
    "pin_wrong": "Wrong user name or PIN.",
    "pin_invalid": "A PIN is 4 to 8 digits.",
    "dealer_assigned_elsewhere": (
        "You are dealing at a table of another pit. Ask that pit boss to relieve you first."
    ),
    "invalid_input": "Something in this entry is missing or not valid.",
    "input_invalid": "Something in this entry is not valid.",
    "action_unknown": "The server does not know this action.",
    "idempotency_key_reused": (
        "This entry was changed after it was sent. Drop it and enter it again."
    ),
    "settlement_mismatch": "The settlement does not match the round. Call the pit boss.",
    "round_not_settleable": "This round cannot be settled now.",
    "database_unavailable": "The system is busy. The entry will be sent again.",
    "broker_unavailable": "The system is busy. Try again in a moment.",
    "server_error": "The server had a problem. Call the pit boss if it happens again.",
    "not_found": "Not found on the server.",
    "chips_invalid": "Count the chips again: a number of chips is missing or not valid.",
    "count_pending": "A count waits for the pit boss: ask them to confirm it first.",
    "count_out_of_order": "Not now: an opener starts a shift, a closer ends it.",
    "slip_step_out_of_order": "This slip is not at that step yet.",
    "slip_voided": "This slip was voided.",
    "slip_void_pending": "A void of this slip waits for approval.",
}

OWN_CORRECTION = "You requested this correction: another pit boss of the pit must decide it."

#: What the workbench said to an auditor or a pit boss for each code before then.
DESK_WORDS = {
    "not_authenticated": "You are signed out: sign in again.",
    "authentication_failed": "Your sign-in is no longer valid: sign in again.",
    "permission_denied": "You may not do this.",
    "csrf_failed": "The page is out of date: reload it and try again.",
    "not_found": "There is no such record.",
    "invalid_input": "Some of what was entered does not read.",
    "unknown_field": "The request has a field this screen does not know.",
    "filter_invalid": "A filter does not read",
    "throttled": "Too many requests: wait a moment and try again.",
    "server_error": "The server failed: try again, or give the request id to support.",
    "database_unavailable": "The database is not answering: try again shortly.",
    "broker_unavailable": "The report workers cannot be reached: try again shortly.",
    "correction_reason_required": "Give the reason for the correction.",
    "correction_void_pending": "A void of this round is already waiting for a decision.",
    "correction_round_voided": "The round is voided: nothing more can be corrected.",
    "correction_round_not_settled": "The round is not settled yet: only a void can be asked.",
    "correction_lines_invalid": "The correction's lines do not match the round's boxes and lines.",
    "round_status_invalid": "The round is not in a state that allows this.",
    "report_not_ready": "The report is not ready yet.",
    "report_casino_required": "Choose the casino of the report.",
    "report_casino_unknown": "There is no such casino.",
    "report_day_in_future": "That gaming day has not begun yet.",
    "report_parameters_invalid": "The report's thresholds do not read.",
    "report_mixed_currency": "The casino's tables use more than one currency.",
    "signing_key_missing": "The server has no checkpoint key: it cannot verify the trail.",
    "evidence_nothing_recorded": (
        "The trail holds nothing for this: there is no evidence to package."
    ),
    "evidence_checkpoint_unwritten": (
        "The checkpoint the package rests on could not be written: try again later."
    ),
}


def explained(codes: list[str], reader: str) -> list[str]:
    refusals = [{"code": code, "message": "the server's own message"} for code in codes]
    return evaluate(f"{json.dumps(refusals)}.map((e) => words.explain(e, words.{reader}))")  # type: ignore[no-any-return]


@pytest.mark.parametrize(("reader", "said"), [("DEALER", DEALER_WORDS), ("DESK", DESK_WORDS)])
def test_every_wording_each_reader_had_is_kept(reader: str, said: dict[str, str]) -> None:
    assert dict(zip(said, explained(list(said), reader), strict=True)) == said


def test_a_code_worded_for_the_dealer_alone_shows_the_desk_the_servers_message() -> None:
    assert explained(["self_approval", "slip_voided"], "DESK") == ["the server's own message"] * 2


@pytest.mark.parametrize(
    ("code", "request_", "reader", "words"),
    [
        ("self_approval", "slip", "DEALER", "Someone else must take this step."),
        ("self_approval", "count", "DEALER", "Someone else must take this step."),
        ("self_approval", "retraction", "DEALER", "Someone else must take this step."),
        ("self_approval", "correction", "DESK", OWN_CORRECTION),
        ("self_approval", "correction", "DEALER", OWN_CORRECTION),
        ("self_approval", "limit_change", "DESK", "the server's own message"),
        ("not_pending", "correction", "DESK", "This correction has already been decided."),
        ("not_pending", "slip_void", "DEALER", "the server's own message"),
        ("not_pending", "limit_change", "DESK", "the server's own message"),
    ],
)
def test_a_dual_control_refusal_is_worded_by_its_request(
    code: str, request_: str, reader: str, words: str
) -> None:
    """One code for each fault of every dual-control workflow: the words follow the request
    its details name, as each code had its own words before."""
    refusal = {
        "code": code,
        "message": "the server's own message",
        "details": {"request": request_},
    }
    assert evaluate(f"words.explain({json.dumps(refusal)}, words.{reader})") == words


def test_a_dealer_not_qualified_is_told_the_game_by_its_name_and_the_desk_whom() -> None:
    refusal = {
        "code": "dealer_not_qualified",
        "message": "trainee is not qualified to deal Ruby Run.",
        "details": {"dealer": "trainee", "game": "ruby_run"},
    }
    bare = {"code": "dealer_not_qualified", "message": "Not qualified."}
    assert evaluate(
        f"[{json.dumps(refusal)}, {json.dumps(bare)}].map((e) => words.explain(e, words.DEALER))"
    ) == [
        "You are not qualified to deal Ruby Run. Ask the pit boss.",
        "You are not qualified to deal this game. Ask the pit boss.",
    ]
    assert evaluate(f"words.explain({json.dumps(refusal)}, words.DESK)") == refusal["message"]


def test_a_code_no_one_worded_shows_the_servers_message_or_its_code() -> None:
    refusals = [
        {"code": "no_such_code", "message": "Said by the server."},
        {"code": "no_such_code"},
        {"code": "http_502", "message": ""},
        {"message": "Failed to fetch"},
    ]
    for reader in ("DEALER", "DESK"):
        assert evaluate(f"{json.dumps(refusals)}.map((e) => words.explain(e, words.{reader}))") == [
            "Said by the server.",
            "Refused (no_such_code)",
            "Refused (http_502)",
            "Failed to fetch",
        ]
    assert evaluate("words.explain(null)") == ""


def test_a_filter_refused_names_the_filter() -> None:
    refusal = {"code": "filter_invalid", "message": "x", "details": {"field": "payout_above"}}
    assert (
        evaluate(f"words.explain({json.dumps(refusal)})") == "A filter does not read: payout_above."
    )


def test_a_refusals_details_name_the_card_and_the_fields() -> None:
    refusals = [
        {"code": "card_duplicate", "details": {"card": "Qs"}},
        {"code": "invalid_input", "details": {"fields": {"stake_amount": ["x"], "box": ["y"]}}},
        {"code": "invalid_input", "details": None},
        {"code": "invalid_input"},
    ]
    assert evaluate(f"{json.dumps(refusals)}.map(words.detailOf)") == [
        "card Q♠",
        "field stake amount · field box",
        "",
        "",
    ]


def test_a_limit_crossed_is_named_with_its_value() -> None:
    """The engines' refusal of an amount names the limit it crosses (``limit``): the words say
    that limit and its value, thousands separated, and what was entered."""
    refusals = [
        {
            "code": "bonus_out_of_limits",
            "details": {
                "limit": "bonus_max",
                "minimum": "5.00",
                "maximum": "2500.00",
                "amount": "50000",
            },
        },
        {
            "code": "stack_out_of_limits",
            "details": {"limit": "stack_min", "minimum": "1000", "maximum": None, "amount": "20"},
        },
        # Without the limit's name, both bounds.
        {"code": "ante_out_of_limits", "details": {"minimum": "10", "maximum": "1000"}},
    ]
    assert evaluate(f"{json.dumps(refusals)}.map((e) => words.explain(e, words.DEALER))") == [
        "The bonus is above the table's maximum of 2,500.00 (50,000.00 entered).",
        "A stack is below the table's minimum of 1,000.00 (20.00 entered).",
        "The Ante must be between 10.00 and 1,000.00.",
    ]


def test_every_code_worded_is_one_the_server_answers() -> None:
    text = (COMMON / "words.js").read_text()
    start = text.index("const WORDS = {")
    table = text[start : text.index("\n};", start)]
    worded = re.findall(r"^  (\w+):", table, re.MULTILINE)
    assert len(worded) >= len(set(DEALER_WORDS) | set(DESK_WORDS))
    assert set(worded) - {str(code) for code in all_codes()} == set()


def test_the_games_are_named() -> None:
    assert evaluate(
        '["russian_poker", "ruby_run", "red_dog", "blackjack"].map(games.gameName)'
    ) == [
        "Russian Poker",
        "Ruby Run",
        "Red Dog",
        "blackjack",
    ]


# -- the tablet kept for offline ------------------------------------------------------------

STATIC = COMMON.parent.parent


def imported(module: Path) -> set[Path]:
    """``module`` and every module it imports, itself or through another."""
    seen: set[Path] = set()
    todo = [module.resolve()]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for name in re.findall(r'^import [^;]*? from "([^"]+)";', path.read_text(), re.MULTILINE):
            todo.append((path.parent / name).resolve())
    return seen


def test_the_tablets_service_worker_keeps_every_module_the_app_imports() -> None:
    from casino.surfaces.tablet import APP_FILES

    modules = {
        str(path.relative_to(STATIC)) for path in imported(STATIC / "surfaces/tablet/app.js")
    }
    assert "surfaces/common/words.js" in modules
    assert modules - set(APP_FILES) == set()
