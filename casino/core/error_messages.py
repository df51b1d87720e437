"""Each refusal's message in the languages the API answers in (docs/i18n.md, "The API's
refusals").

Every code of the vocabulary (``casino.core.errors.all_codes``) has ONE message here: its
English template, with ``{placeholders}`` named after the refusal's details. The template is
the msgid of the code's message in each language's ``django`` catalogue (under the context
``"error"``, apart from the pages' words), where Russian and Spanish translate it.

English answers keep the message written where the refusal is raised, which often says more
than the template (the card, the phase, the slip): the template is only the msgid. A request in
another language gets the template's translation, its placeholders filled from the details.
``tests/api/test_error_messages.py`` (``make check``) fails when a code has no template here, or
no translation in a complete language, or a translation whose placeholders differ.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from django.conf import settings
from django.utils import translation

#: The context of the refusals' messages in the catalogues (``msgctxt "error"``).
CONTEXT = "error"

#: The languages every code's message is translated into (the check of ``make check``).
COMPLETE_FOR_ERRORS = ("ru", "es")

_TEMPLATES: dict[str, str] = {
    # GameCode
    "card_unknown": "Not a card.",
    "card_duplicate": "The card {card} has already been dealt.",
    "card_not_seen": "The card was never dealt from the stock.",
    "wrong_card_count": "The wrong number of cards: {expected} expected, {given} given.",
    "hand_size_invalid": "A hand of this size cannot be ranked.",
    "hand_value_invalid": "Not a hand value.",
    "amount_invalid": "The amount must be a positive decimal number.",
    "amount_not_chip_multiple": "The amount is not a whole number of chip units.",
    "insufficient_stack": "The player's chips do not cover the amount.",
    "bet_below_minimum": "The bet is below the minimum of {minimum}.",
    "stack_out_of_limits": "The player's chips are outside the table's limits.",
    "action_out_of_phase": "This action is not allowed in the round's current phase.",
    "out_of_turn": "Another box or seat acts first.",
    "round_not_complete": "The round is not complete.",
    "position_not_in_play": "This box or seat takes no part in the round.",
    "seat_invalid": "Not a valid seat.",
    "player_count_invalid": "The number of players is outside what the rules allow.",
    "input_invalid": "The action's input is not valid.",
    "event_invalid": "A stored event cannot be read.",
    "event_kind_unknown": "A stored event is of an unknown kind.",
    "snapshot_invalid": "A stored snapshot cannot be read.",
    "ruleset_invalid": "The rule set's settings are not valid for this game.",
    "options_invalid": "The options agreed for this round are not valid.",
    "limits_invalid": "The table's limits cannot work.",
    # RussianPokerCode
    "settlement_invalid": "A stored settlement cannot be read.",
    "paytable_invalid": "The paytable is not valid.",
    "box_unknown": "Not a box of this table.",
    "box_taken": "This box already carries wagers this round.",
    "box_folded": "This box has folded.",
    "player_invalid": "The player's name is empty or too long.",
    "no_wagers": "No box is in play.",
    "ante_out_of_limits": "The Ante is outside the table's limits.",
    "bet_not_twice_ante": "The Bet must be twice the Ante.",
    "bonus_not_offered": "This table offers no bonus bet.",
    "bonus_out_of_limits": "The bonus bet is outside the table's limits.",
    "too_many_open_boxes": "The player has as many open boxes as allowed: further boxes are blind.",
    "blind_box_needs_open_box": "A blind box needs an open box of the same player.",
    "blind_box_stake_mismatch": "A blind box's Ante must equal the player's open box.",
    "blind_box_no_bonus": "A blind box takes no bonus bet.",
    "target_invalid": "The card goes to the dealer or to a box.",
    "box_already_dealt": "This box already holds cards.",
    "sixth_card_not_bought": "This box holds its five cards and bought no sixth.",
    "dealer_hand_complete": "The dealer already holds five cards.",
    "dealer_cards_face_down": "Only the dealer's face-up card is recorded before the reveal.",
    "blind_box_cannot_decide": "A blind box does not decide.",
    "bonus_not_declared": "The box's bonus must be declared first.",
    "bonus_not_placed": "This box has no bonus bet.",
    "bonus_already_declared": "The bonus is already declared.",
    "exchange_size_invalid": "The rules do not allow exchanging this many cards.",
    "exchange_card_not_held": "The box does not hold this card.",
    "exchange_already_made": "This box has already exchanged.",
    "sixth_card_already_bought": "This box has already bought a sixth card.",
    "exchange_and_sixth_card_exclusive": "A box may exchange or buy a sixth card, not both.",
    "insurance_not_eligible": "Insurance needs three of a kind or better.",
    "insurance_below_minimum": "The insurance is below its minimum of {minimum}.",
    "insurance_above_maximum": "The insurance is above its maximum.",
    "insurance_already_placed": "This box is already insured.",
    "insured_box_must_bet": "An insured box must Bet.",
    "blind_box_may_not_buy": "The rules do not let a blind box buy a game.",
    "dealer_has_game": "The dealer has a game.",
    "second_straight_rule_unknown": "Unknown rule for a second straight.",
    # RubyRunCode
    "hole_cards_already_dealt": "This seat's hole cards are already recorded.",
    "under_cards_face_down": (
        "The under cards are dealt face down: they are recorded only when shown."
    ),
    "under_cards_required": "The under cards must be recorded.",
    "check_facing_bet": "There is a bet to call: no check.",
    "nothing_to_call": "There is no bet to call: check instead.",
    "bet_facing_bet": "A bet is already out: raise instead.",
    "no_bet_to_raise": "There is no bet to raise: bet instead.",
    "bet_above_limit": "The bet is above the limit.",
    "raise_below_minimum": "The raise is below the minimum raise.",
    "raise_above_limit": "The raise is above the limit.",
    "raise_cap_reached": "No more raises this betting round.",
    "raise_not_reopened": "The betting is not reopened: call or fold.",
    "no_active_opponent": "Every other player is all-in: no bet or raise.",
    # RedDogCode
    "not_enough_players": "Not enough players can cover a hand.",
    "hand_already_dealt": "This seat's hand is already recorded.",
    "bet_above_pot": "The bet is above what the pot holds.",
    "pot_below_minimum": "The pot is below the minimum.",
    "pot_above_maximum": "The pot is above the maximum.",
    "stock_empty": "The stock is empty: record the reshuffle first.",
    "stock_not_empty": "Face-down cards remain in the stock: no reshuffle yet.",
    "nothing_to_reshuffle": "There are no cards to reshuffle.",
    "stock_needed_for_deal": "The stock would be too short to finish the deal.",
    # RequestCode
    "invalid_input": "The request body is not valid.",
    "unknown_field": "The request has a field this endpoint does not take.",
    "parse_error": "The request body cannot be read.",
    "nesting_too_deep": "The request body is nested too deep.",
    "bad_request": "The request is not valid.",
    "request_too_large": "The request body is too large.",
    "unsupported_media_type": "The request body's media type is not supported.",
    "not_acceptable": "The server cannot answer in a format the request accepts.",
    "method_not_allowed": "This method is not allowed here.",
    "not_found": "Not found.",
    "throttled": "Too many requests: wait and try again.",
    "action_unknown": "This table's game has no such action.",
    "idempotency_key_invalid": "The idempotency key is not valid.",
    "idempotency_key_reused": "This idempotency key was used for another request.",
    "server_error": "The server failed.",
    # AccessCode
    "not_authenticated": "Sign in first.",
    "authentication_failed": "The credentials are not valid.",
    "permission_denied": "You may not do this.",
    "token_expired": "The sign-in has expired: sign in again.",
    "sign_in_locked": "Too many failed sign-ins: this name is locked until a supervisor lifts it.",
    "lockout_not_active": "This name is not locked.",
    "csrf_failed": "The request's CSRF check failed: reload the page.",
    # TableCode
    "table_not_open": "The table is not open.",
    "table_already_open": "The table is already open.",
    "table_already_closed": "The table is already closed.",
    "table_has_open_round": "The table has a round in progress.",
    "not_a_dealer": "This user is not a dealer.",
    "rule_set_game_mismatch": "The rule set is for another game.",
    "paytable_game_mismatch": "The paytable is for another game.",
    "paytable_kind_mismatch": "The paytable is of another kind.",
    "change_noop": "Nothing would change.",
    "dealer_assignment_changed": "The table's dealer has changed since this was loaded.",
    "limits_approval_required": "A change of limits this large needs a second person's approval.",
    # TabletCode
    "tablet_revoked": "This tablet has been revoked.",
    "tablet_already_revoked": "This tablet is already revoked.",
    "tablet_other_table": "This tablet belongs to another table.",
    "pin_invalid": "The PIN is not valid.",
    "pin_wrong": "Wrong name or PIN.",
    "password_wrong": "The password is wrong.",
    "language_unknown": "The pages are not written in the language {language}.",
    "dealer_assigned_elsewhere": "The dealer is assigned to another table.",
    # RoundCode
    "round_already_open": "A round is already open at this table.",
    "round_not_open": "The round is not open.",
    "stale_event": (
        "The round has changed since this screen was "
        "loaded (it is at event {last_event}); reload it."
    ),
    "round_status_invalid": "The round's status does not allow this.",
    "round_not_settled": "The round is not settled.",
    "round_not_settleable": "The round cannot be settled now.",
    "settlement_unbalanced": "The settlement does not balance.",
    "settlement_mismatch": "The settlement does not match the record.",
    "round_payouts_unconfirmed": "The last round's payouts are not confirmed yet.",
    "retraction_pending": "A retraction is waiting for a pit boss.",
    "retraction_invalid": "There is nothing to retract.",
    # DualControlCode
    "self_approval": "Another person must decide this request.",
    "not_pending": "This request has already been decided.",
    # CorrectionCode
    "correction_reason_required": "A correction needs a reason.",
    "correction_void_pending": "A void of this round is already waiting.",
    "correction_round_voided": "The round is voided.",
    "correction_round_not_settled": "Only a settled round can be corrected.",
    "correction_lines_invalid": "The correction's lines are not valid.",
    # ReportCode
    "report_not_ready": "The report is not ready yet.",
    "report_casino_required": "Name the casino of the report.",
    "report_casino_unknown": "There is no such casino.",
    "report_day_in_future": "The gaming day has not come yet.",
    "report_parameters_invalid": "The report's parameters are not valid.",
    "report_mixed_currency": "The report mixes currencies.",
    # InventoryCode
    "chips_invalid": "The chips are not valid.",
    "chip_exists": "This chip already exists.",
    "count_out_of_order": "This count is out of order for the tray.",
    "count_pending": "A count is already waiting for approval.",
    "slip_step_out_of_order": "This step of the slip is out of order.",
    "slip_voided": "The slip is voided.",
    "slip_void_pending": "A void of this slip is already waiting.",
    "drop_shift_invalid": "The drop's shift is not valid.",
    "drop_already_counted": "The drop is already counted.",
    # AlertCode
    "alert_already_acknowledged": "The alert is already acknowledged.",
    # ServiceCode
    "database_unavailable": "The database is unavailable. Nothing was done; try again shortly.",
    "broker_unavailable": "Redis is unavailable. Nothing was done; try again shortly.",
    # AuditTrailCode
    "signing_key_missing": "The server has no signing key for the audit checkpoints.",
    # EvidenceCode
    "evidence_nothing_recorded": "Nothing was recorded for this table that day.",
    "evidence_checkpoint_unwritten": "The checkpoint could not be written: try again later.",
    # OperationsCode
    "metrics_not_allowed": "The metrics are not served to this address.",
    # SearchCode
    "filter_invalid": "A filter does not read.",
    # PatronCode
    "patron_excluded": "The patron is excluded.",
    "loyalty_number_taken": "This loyalty number is taken.",
    "position_taken": "Another patron holds this place.",
    "position_invalid": "The table has no such place.",
    "patron_already_seated": "The patron is already seated.",
    "session_ended": "The session has ended.",
    "session_paused": "The session is paused.",
    "session_not_paused": "The session is not paused.",
    "exclusion_already_lifted": "The exclusion is already lifted.",
    "patron_under_age": "The patron is under the minimum age.",
    "loyalty_number_unknown": "No patron has this loyalty number.",
    "cash_amount_invalid": "The amount must be above zero and a whole number of chip units.",
    "aml_thresholds_invalid": "The thresholds are not valid.",
    "points_invalid": "The points are not valid.",
    "points_insufficient": "The patron does not have enough points.",
    # QualificationCode
    "dealer_not_qualified": "The dealer is not qualified for this game.",
    "dealer_dealing_game": "The dealer is dealing this game now: relieve the dealer first.",
    "qualification_already_revoked": "The qualification is already revoked.",
    "qualification_invalid": "The qualification is not valid.",
    # DealerCode
    "plan_infeasible": "No rotation covers the shift with these tables and dealers.",
    "plan_violations": "The plan breaks the rotation's rules.",
    "plan_invalid": "The plan is not valid.",
}

#: Each code's message template, by code: the English msgid of its translations.
MESSAGES: Mapping[str, str] = MappingProxyType(_TEMPLATES)


def placeholders(template: str) -> frozenset[str]:
    """The names of ``template``'s ``{placeholders}``.

    >>> sorted(placeholders("Expected {expected} cards, {given} given."))
    ['expected', 'given']
    """
    return frozenset(name for _, name, _, _ in string.Formatter().parse(template) if name)


def message_in(language: str, code: str, details: Mapping[str, Any], default: str) -> str:
    """The message of the refusal ``code`` with ``details`` in ``language``.

    ``default`` (the message written where the refusal was raised) when the language is the
    project's default (English), when the code has no template or the language no translation
    of it, or when the details lack one of the translation's placeholders (or the translation
    does not read as a template): a message is never shown with a placeholder left unfilled.
    """
    template = MESSAGES.get(str(code))
    if template is None or language == settings.LANGUAGE_CODE:
        return default
    with translation.override(language):
        text = translation.pgettext(CONTEXT, template)
    if text == template:
        return default
    # The translation's own placeholders: one misspelt in a catalogue (which make check
    # refuses) must cost the translation, never the answer.
    try:
        names = placeholders(text)
        if not names <= details.keys():
            return default
        return text.format_map({name: details[name] for name in names})
    except (ValueError, IndexError):
        return default
