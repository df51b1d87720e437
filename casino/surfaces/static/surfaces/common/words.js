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
import { money } from "./money.js";

export const DEALER = "dealer";
export const DESK = "desk";

const present = (value) => value !== null && value !== undefined && value !== "";

/** "between 5.00 and 100.00", "at least 5.00", "at most 100.00": a limit's bounds in words. */
function bounds({ minimum, maximum }) {
  if (present(minimum) && present(maximum)) return `between ${money(minimum)} and ${money(maximum)}`;
  if (present(minimum)) return `at least ${money(minimum)}`;
  if (present(maximum)) return `at most ${money(maximum)}`;
  return "";
}

/** "above the table's maximum of 2,500.00": the one limit a refusal names as crossed
 *  (``limit``: its name, "bonus_max", "stack_min"), with its value; "" when it names none. */
export function limitCrossed({ limit, minimum, maximum }) {
  if (typeof limit !== "string") return "";
  if (limit.endsWith("_max") && present(maximum)) return `above the table's maximum of ${money(maximum)}`;
  if (limit.endsWith("_min") && present(minimum)) return `below the table's minimum of ${money(minimum)}`;
  return "";
}

/** A limit crossed: the limit and its value, or what must hold, and what was entered, from the
 *  refusal's details. */
const OWN_CORRECTION = "You requested this correction: another pit boss of the pit must decide it.";

const limited = (what, plain) => (details) => {
  const entered = present(details.amount) ? ` (${money(details.amount)} entered)` : "";
  const crossed = limitCrossed(details);
  if (crossed) return `${what} is ${crossed}${entered}.`;
  const range = bounds(details);
  if (!range) return plain;
  return `${what} must be ${range}${entered}.`;
};

const WORDS = {
  // The request.
  invalid_input: {
    dealer: "Something in this entry is missing or not valid.",
    desk: "Some of what was entered does not read.",
  },
  input_invalid: { dealer: "Something in this entry is not valid." },
  unknown_field: "The request has a field this screen does not know.",
  filter_invalid: ({ field }) => (field ? `A filter does not read: ${field}.` : "A filter does not read"),
  not_found: { dealer: "Not found on the server.", desk: "There is no such record." },
  action_unknown: "The server does not know this action.",
  idempotency_key_reused: { dealer: "This entry was changed after it was sent. Drop it and enter it again." },
  throttled: {
    dealer: "Too many attempts. Wait a minute, then try again.",
    desk: "Too many requests: wait a moment and try again.",
  },
  server_error: {
    dealer: "The server had a problem. Call the pit boss if it happens again.",
    desk: "The server failed: try again, or give the request id to support.",
  },
  database_unavailable: {
    dealer: "The system is busy. The entry will be sent again.",
    desk: "The database is not answering: try again shortly.",
  },
  broker_unavailable: {
    dealer: "The system is busy. Try again in a moment.",
    desk: "The report workers cannot be reached: try again shortly.",
  },

  // Who may do what.
  not_authenticated: { dealer: "Please sign in again.", desk: "You are signed out: sign in again." },
  authentication_failed: {
    dealer: "Sign-in failed: check the name and the password or PIN.",
    desk: "Your sign-in is no longer valid: sign in again.",
  },
  permission_denied: { dealer: "You are not the dealer at this table now.", desk: "You may not do this." },
  csrf_failed: "The page is out of date: reload it and try again.",
  token_expired: { dealer: "Your shift's sign-in has expired. Please sign in again." },
  sign_in_locked: { dealer: "Sign-in is locked after too many attempts. Call the pit boss." },
  tablet_revoked: { dealer: "This tablet was revoked. A pit boss must pair it again." },
  tablet_other_table: { dealer: "This tablet belongs to another table." },
  pin_wrong: {
    dealer: ({ tries_left: left, locked }) => {
      if (locked) return "Wrong user name or PIN. The name is now locked: call the pit boss.";
      if (!present(left)) return "Wrong user name or PIN.";
      return `Wrong user name or PIN. ${left} ${left === 1 ? "try" : "tries"} left before the name is locked.`;
    },
  },
  pin_invalid: { dealer: "A PIN is 4 to 8 digits." },
  dealer_assigned_elsewhere: { dealer: "You are dealing at a table of another pit. Ask that pit boss to relieve you first." },
  // The desk is told the server's message, which names the dealer.
  dealer_not_qualified: {
    dealer: ({ game }) => `You are not qualified to deal ${present(game) ? gameName(game) : "this game"}. Ask the pit boss.`,
  },

  // A round and its entries.
  card_duplicate: "That card is already on the table in this deck.",
  card_not_seen: "That card has not been dealt in this round.",
  card_unknown: "That is not a card.",
  wrong_card_count: ({ expected, given }) => (present(expected)
    ? `Wrong number of cards: ${expected} expected, ${given ?? 0} given.`
    : "Wrong number of cards."),
  amount_invalid: "That amount is not allowed here.",
  amount_not_chip_multiple: "The amount must be a whole number of chips.",
  bet_below_minimum: ({ minimum, amount }) => (present(minimum)
    ? `The bet must be at least ${money(minimum)}${present(amount) ? ` (${money(amount)} entered)` : ""}.`
    : "The bet is below the table minimum."),
  bet_above_pot: limited("The bet", "The bet may not be more than the pot."),
  ante_out_of_limits: limited("The Ante", "The Ante is outside the table's limits."),
  bonus_out_of_limits: limited("The bonus", "The bonus is outside the table's limits."),
  stack_out_of_limits: (details) => limited(present(details.seat) ? `Seat ${details.seat}'s stack` : "A stack", "A stack is outside the table's limits.")(details),
  insurance_below_minimum: limited("Insurance", "Insurance is below its minimum."),
  insurance_above_maximum: limited("Insurance", "Insurance is above its maximum on this hand."),
  pot_below_minimum: limited("The pot", "The pot is below its minimum."),
  pot_above_maximum: limited("The pot", "The pot is above its maximum."),
  raise_below_minimum: limited("The raise", "The raise is below its minimum."),
  insufficient_stack: "The player does not have enough chips.",
  limits_invalid: "The amount is outside the table's limits.",
  action_out_of_phase: "That cannot be done at this point of the round.",
  out_of_turn: "It is another box's or seat's turn.",
  position_not_in_play: "That box or seat is not in this round.",
  seat_invalid: "That seat cannot be used.",
  player_count_invalid: "Wrong number of players for this table.",
  round_not_complete: "The round is not finished yet.",
  round_already_open: { dealer: "A round is already open at this table: showing it." },
  round_not_open: "This round is closed.",
  round_status_invalid: "The round is not in a state that allows this.",
  round_not_settleable: "This round cannot be settled now.",
  stale_event: { dealer: "Someone else recorded on this round first. Check the screen and enter it again." },
  table_not_open: { dealer: "The table is closed. Ask the pit boss to open it." },
  settlement_mismatch: { dealer: "The settlement does not match the round. Call the pit boss." },
  round_payouts_unconfirmed: { dealer: "The last round is not marked paid yet: pay it, then tap Paid." },
  round_not_settled: { dealer: "The round is not settled yet: settle it first." },
  retraction_pending: { dealer: "An undo waits for a pit boss: nothing is recorded until it is decided." },
  retraction_invalid: {
    dealer: ({ retractable }) => (present(retractable)
      ? `Only the last ${retractable} ${retractable === 1 ? "entry" : "entries"} of this part of the round may be undone.`
      : "Those entries may not be undone now."),
  },

  // The chip tray.
  chips_invalid: { dealer: "Count the chips again: a number of chips is missing or not valid." },
  count_pending: { dealer: "A count waits for the pit boss: ask them to confirm it first." },
  count_out_of_order: { dealer: "Not now: an opener starts a shift, a closer ends it." },
  slip_step_out_of_order: { dealer: "This slip is not at that step yet." },
  slip_voided: { dealer: "This slip was voided." },
  slip_void_pending: { dealer: "A void of this slip waits for approval." },

  // Players at the table.
  patron_excluded: "This player is excluded from play and may not be seated. Call the pit boss.",
  position_taken: ({ positions }) => (present(positions)
    ? `Another player holds ${positions.join(", ")}.`
    : "Another player holds that place."),
  position_invalid: "Choose free places this table has (one seat in a pot game).",
  patron_already_seated: "This player is seated already: have the pit boss move them.",
  session_ended: "This player has left the table already.",
  session_paused: "This player is on a break already.",
  session_not_paused: "This player is not on a break.",
  cash_amount_invalid: ({ chip_unit }) => (present(chip_unit)
    ? `Enter an amount above zero, in whole chips of ${chip_unit}.`
    : "Enter an amount above zero."),
  patron_under_age: "The player is under the casino's minimum age.",
  loyalty_number_unknown: "No player has that card here: check the number, or seat them without it.",
  loyalty_number_taken: "That card number belongs to another player.",
  exclusion_already_lifted: "That exclusion is lifted already.",
  points_invalid: "Enter points above zero, within the limit of a comp.",
  points_insufficient: "The player does not have that many points.",
  aml_thresholds_invalid: "Each threshold is above zero, the report's at least the log's.",

  // The dealers' rotation plans: the details name the reason, or each rule broken.
  plan_infeasible: "No rotation covers this shift with these tables and dealers: see why below.",
  plan_violations: ({ violations }) => (present(violations) && violations.length
    ? `The plan breaks ${violations.length} ${violations.length === 1 ? "rule" : "rules"}: ${violations[0].message}${violations.length > 1 ? ", and more" : ""}.`
    : "The plan breaks the rotation's rules: nothing was saved."),
  plan_invalid: "Check the plan's tables, dealers, times and absences: one is not of this pit's shift.",

  // Dual control, the same in every workflow: the details name the request (correction,
  // retraction, limit_change, count, drop, slip, slip_void); a request worded for no reader
  // shows the server's message.
  self_approval: {
    dealer: ({ request }) => (request === "correction" ? OWN_CORRECTION : "Someone else must take this step."),
    desk: ({ request }) => (request === "correction" ? OWN_CORRECTION : undefined),
  },
  not_pending: ({ request }) => (request === "correction" ? "This correction has already been decided." : undefined),

  // Corrections.
  correction_reason_required: "Give the reason for the correction.",
  correction_void_pending: "A void of this round is already waiting for a decision.",
  correction_round_voided: "The round is voided: nothing more can be corrected.",
  correction_round_not_settled: "The round is not settled yet: only a void can be asked.",
  correction_lines_invalid: "The correction's lines do not match the round's boxes and lines.",

  // Reports, the trail and evidence.
  report_not_ready: "The report is not ready yet.",
  report_casino_required: "Choose the casino of the report.",
  report_casino_unknown: "There is no such casino.",
  report_day_in_future: "That gaming day has not begun yet.",
  report_parameters_invalid: "The report's thresholds do not read.",
  report_mixed_currency: "The casino's tables use more than one currency.",
  signing_key_missing: "The server has no checkpoint key: it cannot verify the trail.",
  evidence_nothing_recorded: "The trail holds nothing for this: there is no evidence to package.",
  evidence_checkpoint_unwritten: "The checkpoint the package rests on could not be written: try again later.",
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
  return words || error.message || `Refused (${error.code || "unknown"})`;
}

/** A refusal in the dealer's words (the tablet's). */
export const explainToDealer = (error) => explain(error, DEALER);

/** What a refusal's details add (which card, which field), said under its words; "" if none. */
export function detailOf(error) {
  const details = error?.details || {};
  const parts = [];
  if (details.card) parts.push(`card ${CARD.test(details.card) ? cardName(details.card) : details.card}`);
  if (present(details.box)) parts.push(`box ${details.box}`);
  if (present(details.seat) && !details.minimum && !details.maximum) parts.push(`seat ${details.seat}`);
  if (details.field) parts.push(`field ${String(details.field).replaceAll("_", " ")}`);
  if (details.fields) parts.push(...Object.keys(details.fields).map((f) => `field ${f.replaceAll("_", " ")}`));
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
