// What each refusal means, in its reader's words, by its stable code (casino/core/errors.py and
// the engines' codes): one table for every page. A code the table does not know shows the
// server's own message.
//
// Two readers: the dealer at the tablet, and the desk (the pit boss on the board, the cage, the
// auditor on the workbench). A code said the same way to both has one wording; one said
// otherwise to each has a wording per reader; one worded for the dealer alone shows the desk
// the server's own message, which names the slip, the count or the person concerned.
//
// A wording may be a function of the refusal's details (the limit crossed, the count of cards
// expected): it then says what the server measured, and reads the same as the plain wording
// when the details are absent.

import { CARD, cardName } from "./cards.js";
import { gameName } from "./games.js";
import { t, tn } from "./i18n.js";
import { money } from "./money.js";

export const DEALER = "dealer";
export const DESK = "desk";

const present = (value) => value !== null && value !== undefined && value !== "";

/** "between 5.00 and 100.00", "at least 5.00", "at most 100.00": a limit's bounds in words. */
function bounds({ minimum, maximum }) {
  if (present(minimum) && present(maximum)) return t("between {minimum} and {maximum}", { minimum: money(minimum), maximum: money(maximum) });
  if (present(minimum)) return t("at least {minimum}", { minimum: money(minimum) });
  if (present(maximum)) return t("at most {maximum}", { maximum: money(maximum) });
  return "";
}

/** "above the table's maximum of 2,500.00": the one limit a refusal names as crossed
 *  (``limit``: its name, "bonus_max", "stack_min"), with its value; "" when it names none. */
export function limitCrossed({ limit, minimum, maximum }) {
  if (typeof limit !== "string") return "";
  if (limit.endsWith("_max") && present(maximum)) return t("above the table's maximum of {maximum}", { maximum: money(maximum) });
  if (limit.endsWith("_min") && present(minimum)) return t("below the table's minimum of {minimum}", { minimum: money(minimum) });
  return "";
}

/** A limit crossed: the limit and its value, or what must hold, and what was entered, from the
 *  refusal's details. */
const OWN_CORRECTION = () => t("You requested this correction: another pit boss of the pit must decide it.");

const limited = (what, plain) => (details) => {
  // Both are words (functions of nothing), said in the page's language when used.
  const entered = present(details.amount) ? ` ${t("({amount} entered)", { amount: money(details.amount) })}` : "";
  const crossed = limitCrossed(details);
  if (crossed) return t("{what} is {crossed}{entered}.", { what: what(), crossed, entered });
  const range = bounds(details);
  if (!range) return plain();
  return t("{what} must be {range}{entered}.", { what: what(), range, entered });
};

// Each wording is made when it is used (a function, even of no details), so that it is said in
// the page's language of the moment (common/i18n.js).
const WORDS = {
  // The request.
  invalid_input: {
    dealer: () => t("Something in this entry is missing or not valid."),
    desk: () => t("Some of what was entered does not read."),
  },
  input_invalid: { dealer: () => t("Something in this entry is not valid.") },
  unknown_field: () => t("The request has a field this screen does not know."),
  filter_invalid: ({ field }) => (field ? t("A filter does not read: {field}.", { field }) : t("A filter does not read")),
  not_found: { dealer: () => t("Not found on the server."), desk: () => t("There is no such record.") },
  action_unknown: () => t("The server does not know this action."),
  idempotency_key_reused: { dealer: () => t("This entry was changed after it was sent. Drop it and enter it again.") },
  throttled: {
    dealer: () => t("Too many attempts. Wait a minute, then try again."),
    desk: () => t("Too many requests: wait a moment and try again."),
  },
  server_error: {
    dealer: () => t("The server had a problem. Call the pit boss if it happens again."),
    desk: () => t("The server failed: try again, or give the request id to support."),
  },
  database_unavailable: {
    dealer: () => t("The system is busy. The entry will be sent again."),
    desk: () => t("The database is not answering: try again shortly."),
  },
  broker_unavailable: {
    dealer: () => t("The system is busy. Try again in a moment."),
    desk: () => t("The report workers cannot be reached: try again shortly."),
  },

  // Who may do what.
  not_authenticated: { dealer: () => t("Please sign in again."), desk: () => t("You are signed out: sign in again.") },
  authentication_failed: {
    dealer: () => t("Sign-in failed: check the name and the password or PIN."),
    desk: () => t("Your sign-in is no longer valid: sign in again."),
  },
  permission_denied: { dealer: () => t("You are not the dealer at this table now."), desk: () => t("You may not do this.") },
  csrf_failed: () => t("The page is out of date: reload it and try again."),
  token_expired: { dealer: () => t("Your shift's sign-in has expired. Please sign in again.") },
  sign_in_locked: { dealer: () => t("Sign-in is locked after too many attempts. Call the pit boss.") },
  tablet_revoked: { dealer: () => t("This tablet was revoked. A pit boss must pair it again.") },
  tablet_other_table: { dealer: () => t("This tablet belongs to another table.") },
  pin_wrong: {
    dealer: ({ tries_left: left, locked }) => {
      if (locked) return t("Wrong user name or PIN. The name is now locked: call the pit boss.");
      if (!present(left)) return t("Wrong user name or PIN.");
      return tn("Wrong user name or PIN. {n} try left before the name is locked.", "Wrong user name or PIN. {n} tries left before the name is locked.", left);
    },
  },
  pin_invalid: { dealer: () => t("A PIN is 4 to 8 digits.") },
  dealer_assigned_elsewhere: { dealer: () => t("You are dealing at a table of another pit. Ask that pit boss to relieve you first.") },
  // The desk is told the server's message, which names the dealer.
  dealer_not_qualified: {
    dealer: ({ game }) => t("You are not qualified to deal {game}. Ask the pit boss.", { game: present(game) ? gameName(game) : t("this game") }),
  },

  // A round and its entries.
  card_duplicate: () => t("That card is already on the table in this deck."),
  card_not_seen: () => t("That card has not been dealt in this round."),
  card_unknown: () => t("That is not a card."),
  wrong_card_count: ({ expected, given }) => (present(expected)
    ? t("Wrong number of cards: {expected} expected, {given} given.", { expected, given: given ?? 0 })
    : t("Wrong number of cards.")),
  amount_invalid: () => t("That amount is not allowed here."),
  amount_not_chip_multiple: () => t("The amount must be a whole number of chips."),
  bet_below_minimum: ({ minimum, amount }) => (present(minimum)
    ? t("The bet must be at least {minimum}{entered}.", { minimum: money(minimum), entered: present(amount) ? ` ${t("({amount} entered)", { amount: money(amount) })}` : "" })
    : t("The bet is below the table minimum.")),
  bet_above_pot: limited(() => t("The bet"), () => t("The bet may not be more than the pot.")),
  ante_out_of_limits: limited(() => t("The Ante"), () => t("The Ante is outside the table's limits.")),
  bonus_out_of_limits: limited(() => t("The bonus"), () => t("The bonus is outside the table's limits.")),
  stack_out_of_limits: (details) => limited(
    () => (present(details.seat) ? t("Seat {seat}'s stack", { seat: details.seat }) : t("A stack")),
    () => t("A stack is outside the table's limits."),
  )(details),
  insurance_below_minimum: limited(() => t("Insurance"), () => t("Insurance is below its minimum.")),
  insurance_above_maximum: limited(() => t("Insurance"), () => t("Insurance is above its maximum on this hand.")),
  pot_below_minimum: limited(() => t("The pot"), () => t("The pot is below its minimum.")),
  pot_above_maximum: limited(() => t("The pot"), () => t("The pot is above its maximum.")),
  raise_below_minimum: limited(() => t("The raise"), () => t("The raise is below its minimum.")),
  insufficient_stack: () => t("The player does not have enough chips."),
  limits_invalid: () => t("The amount is outside the table's limits."),
  action_out_of_phase: () => t("That cannot be done at this point of the round."),
  out_of_turn: () => t("It is another box's or seat's turn."),
  position_not_in_play: () => t("That box or seat is not in this round."),
  seat_invalid: () => t("That seat cannot be used."),
  player_count_invalid: () => t("Wrong number of players for this table."),
  round_not_complete: () => t("The round is not finished yet."),
  round_already_open: { dealer: () => t("A round is already open at this table: showing it.") },
  round_not_open: () => t("This round is closed."),
  round_status_invalid: () => t("The round is not in a state that allows this."),
  round_not_settleable: () => t("This round cannot be settled now."),
  stale_event: { dealer: () => t("Someone else recorded on this round first. Check the screen and enter it again.") },
  table_not_open: { dealer: () => t("The table is closed. Ask the pit boss to open it.") },
  settlement_mismatch: { dealer: () => t("The settlement does not match the round. Call the pit boss.") },
  round_payouts_unconfirmed: { dealer: () => t("The last round is not marked paid yet: pay it, then tap Paid.") },
  round_not_settled: { dealer: () => t("The round is not settled yet: settle it first.") },
  retraction_pending: { dealer: () => t("An undo waits for a pit boss: nothing is recorded until it is decided.") },
  retraction_invalid: {
    dealer: ({ retractable }) => (present(retractable)
      ? tn("Only the last {n} entry of this part of the round may be undone.", "Only the last {n} entries of this part of the round may be undone.", retractable)
      : t("Those entries may not be undone now.")),
  },

  // The chip tray.
  chips_invalid: { dealer: () => t("Count the chips again: a number of chips is missing or not valid.") },
  count_pending: { dealer: () => t("A count waits for the pit boss: ask them to confirm it first.") },
  count_out_of_order: { dealer: () => t("Not now: an opener starts a shift, a closer ends it.") },
  slip_step_out_of_order: { dealer: () => t("This slip is not at that step yet.") },
  slip_voided: { dealer: () => t("This slip was voided.") },
  slip_void_pending: { dealer: () => t("A void of this slip waits for approval.") },

  // Players at the table.
  patron_excluded: () => t("This player is excluded from play and may not be seated. Call the pit boss."),
  position_taken: ({ positions }) => (present(positions)
    ? t("Another player holds {positions}.", { positions: positions.join(", ") })
    : t("Another player holds that place.")),
  position_invalid: () => t("Choose free places this table has (one seat in a pot game)."),
  patron_already_seated: () => t("This player is seated already: have the pit boss move them."),
  session_ended: () => t("This player has left the table already."),
  session_paused: () => t("This player is on a break already."),
  session_not_paused: () => t("This player is not on a break."),
  cash_amount_invalid: ({ chip_unit }) => (present(chip_unit)
    ? t("Enter an amount above zero, in whole chips of {unit}.", { unit: chip_unit })
    : t("Enter an amount above zero.")),
  patron_under_age: () => t("The player is under the casino's minimum age."),
  loyalty_number_unknown: () => t("No player has that card here: check the number, or seat them without it."),
  loyalty_number_taken: () => t("That card number belongs to another player."),
  exclusion_already_lifted: () => t("That exclusion is lifted already."),
  points_invalid: () => t("Enter points above zero, within the limit of a comp."),
  points_insufficient: () => t("The player does not have that many points."),
  aml_thresholds_invalid: () => t("Each threshold is above zero, the report's at least the log's."),

  // The dealers' rotation plans: the details name the reason, or each rule broken.
  plan_infeasible: () => t("No rotation covers this shift with these tables and dealers: see why below."),
  plan_violations: ({ violations }) => (present(violations) && violations.length
    ? tn("The plan breaks {n} rule: {first}{more}.", "The plan breaks {n} rules: {first}{more}.", violations.length, { first: violations[0].message, more: violations.length > 1 ? t(", and more") : "" })
    : t("The plan breaks the rotation's rules: nothing was saved.")),
  plan_invalid: () => t("Check the plan's tables, dealers, times and absences: one is not of this pit's shift."),

  // Dual control, the same in every workflow: the details name the request (correction,
  // retraction, limit_change, count, drop, slip, slip_void); a request worded for no reader
  // shows the server's message.
  self_approval: {
    dealer: ({ request }) => (request === "correction" ? OWN_CORRECTION() : t("Someone else must take this step.")),
    desk: ({ request }) => (request === "correction" ? OWN_CORRECTION() : undefined),
  },
  not_pending: ({ request }) => (request === "correction" ? t("This correction has already been decided.") : undefined),

  // Corrections.
  correction_reason_required: () => t("Give the reason for the correction."),
  correction_void_pending: () => t("A void of this round is already waiting for a decision."),
  correction_round_voided: () => t("The round is voided: nothing more can be corrected."),
  correction_round_not_settled: () => t("The round is not settled yet: only a void can be asked."),
  correction_lines_invalid: () => t("The correction's lines do not match the round's boxes and lines."),

  // Reports, the trail and evidence.
  report_not_ready: () => t("The report is not ready yet."),
  report_casino_required: () => t("Choose the casino of the report."),
  report_casino_unknown: () => t("There is no such casino."),
  report_day_in_future: () => t("That gaming day has not begun yet."),
  report_parameters_invalid: () => t("The report's thresholds do not read."),
  report_mixed_currency: () => t("The casino's tables use more than one currency."),
  signing_key_missing: () => t("The server has no checkpoint key: it cannot verify the trail."),
  evidence_nothing_recorded: () => t("The trail holds nothing for this: there is no evidence to package."),
  evidence_checkpoint_unwritten: () => t("The checkpoint the package rests on could not be written: try again later."),
};

/**
 * A refusal (``{code, message, details}``: a Refusal, or one kept with a queued entry) in the
 * words of ``reader`` (DEALER or DESK): the table's wording for its code, else the server's own
 * message, else the code itself. Never empty for a refusal, and never the word "undefined" or
 * "null"; "" for no refusal.
 */
export function explain(error, reader = DESK) {
  if (!error) return "";
  const entry = WORDS[error.code];
  const worded = entry === undefined || typeof entry === "string" || typeof entry === "function" ? entry : entry[reader];
  const words = typeof worded === "function" ? worded(error.details || {}) : worded;
  return words || error.message || t("Refused ({code})", { code: error.code || "unknown" });
}

/** A refusal in the dealer's words (the tablet's). */
export const explainToDealer = (error) => explain(error, DEALER);

/** What a refusal's details add (which card, which field), said under its words; "" if none. */
export function detailOf(error) {
  const details = error?.details || {};
  const parts = [];
  if (details.card) parts.push(t("card {card}", { card: CARD.test(details.card) ? cardName(details.card) : details.card }));
  if (present(details.box)) parts.push(t("box {box}", { box: details.box }));
  if (present(details.seat) && !details.minimum && !details.maximum) parts.push(t("seat {seat}", { seat: details.seat }));
  if (details.field) parts.push(t("field {field}", { field: String(details.field).replaceAll("_", " ") }));
  if (details.fields) parts.push(...Object.keys(details.fields).map((f) => t("field {field}", { field: f.replaceAll("_", " ") })));
  return parts.join(" · ");
}

/**
 * A refusal that names the fields at fault (``details.fields``: each field's problems, as the
 * API's ``invalid_input`` gives them) said field by field, each under its label in ``labels``
 * ("Cash: A valid number is required."); any other refusal as ``explain`` says it.
 */
export function explainFields(error, labels = {}, reader = DESK) {
  const fields = error?.details?.fields;
  if (fields && typeof fields === "object" && !Array.isArray(fields) && Object.keys(fields).length) {
    return Object.entries(fields)
      .map(([name, problems]) => `${labels[name] || name}: ${[].concat(problems).map((p) => p?.message || p).join(" ")}`)
      .join(" ");
  }
  return explain(error, reader);
}
