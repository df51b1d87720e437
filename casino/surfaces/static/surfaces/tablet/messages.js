// What each refusal means, in a dealer's words, by its stable code; a code this table does not
// know yet shows the server's own message.

const MESSAGES = {
  card_duplicate: "That card is already on the table in this deck.",
  card_not_seen: "That card has not been dealt in this round.",
  card_unknown: "That is not a card.",
  wrong_card_count: "Wrong number of cards.",
  amount_invalid: "That amount is not allowed here.",
  amount_not_chip_multiple: "The amount must be a whole number of chips.",
  bet_below_minimum: "The bet is below the table minimum.",
  insufficient_stack: "The player does not have enough chips.",
  limits_invalid: "The amount is outside the table's limits.",
  action_out_of_phase: "That cannot be done at this point of the round.",
  out_of_turn: "It is another box's or seat's turn.",
  position_not_in_play: "That box or seat is not in this round.",
  seat_invalid: "That seat cannot be used.",
  player_count_invalid: "Wrong number of players for this table.",
  round_not_complete: "The round is not finished yet.",
  round_already_open: "A round is already open at this table: showing it.",
  round_not_open: "This round is closed.",
  stale_event: "Someone else recorded on this round first. Check the screen and enter it again.",
  table_not_open: "The table is closed. Ask the pit boss to open it.",
  permission_denied: "You are not the dealer at this table now.",
  not_authenticated: "Please sign in again.",
  authentication_failed: "Sign-in failed: check the name and the password or PIN.",
  token_expired: "Your shift's sign-in has expired. Please sign in again.",
  sign_in_locked: "Sign-in is locked after too many attempts. Call the pit boss.",
  throttled: "Too many attempts. Wait a minute, then try again.",
  tablet_revoked: "This tablet was revoked. A pit boss must pair it again.",
  tablet_other_table: "This tablet belongs to another table.",
  pin_wrong: "Wrong user name or PIN.",
  pin_invalid: "A PIN is 4 to 8 digits.",
  dealer_assigned_elsewhere: "You are dealing at a table of another pit. Ask that pit boss to relieve you first.",
  invalid_input: "Something in this entry is missing or not valid.",
  input_invalid: "Something in this entry is not valid.",
  action_unknown: "The server does not know this action.",
  idempotency_key_reused: "This entry was changed after it was sent. Drop it and enter it again.",
  settlement_mismatch: "The settlement does not match the round. Call the pit boss.",
  round_not_settleable: "This round cannot be settled now.",
  database_unavailable: "The system is busy. The entry will be sent again.",
  broker_unavailable: "The system is busy. Try again in a moment.",
  server_error: "The server had a problem. Call the pit boss if it happens again.",
  not_found: "Not found on the server.",
  chips_invalid: "Count the chips again: a number of chips is missing or not valid.",
  count_pending: "A count waits for the pit boss: ask them to confirm it first.",
  count_out_of_order: "Not now: an opener starts a shift, a closer ends it.",
  same_person: "Someone else must take this step.",
  slip_step_out_of_order: "This slip is not at that step yet.",
  slip_voided: "This slip was voided.",
  slip_void_pending: "A void of this slip waits for approval.",
};

/** A refusal in a dealer's words: the table's message for its code, else the server's own. */
export function explain(error) {
  if (!error) return "";
  return MESSAGES[error.code] || error.message || `Refused (${error.code || "unknown"})`;
}

/** What a field's details add (which field, which card), shown under the message. */
export function detailOf(error) {
  const details = error?.details || {};
  const parts = [];
  if (details.card) parts.push(`card ${details.card}`);
  if (details.field) parts.push(`field ${String(details.field).replaceAll("_", " ")}`);
  if (details.fields) parts.push(...Object.keys(details.fields).map((f) => `field ${f.replaceAll("_", " ")}`));
  return parts.join(" · ");
}
