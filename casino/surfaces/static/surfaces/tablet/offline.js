// What the screen shows while entries wait to be sent (offline, or for the instant before the
// server answers): the last view the server gave, with what the waiting entries already tell
// us applied to it, by the view's own structure and nothing game-specific:
//
// - every card an entry names is no longer unseen, nor offered by any field;
// - a position an entry named in a field that offered several (a box's wagers, a box's deal)
//   is no longer offered by that action: each box or seat takes it once in a phase; the other
//   fields of that action lose the one value the last view fixed (the next box's wagers may
//   be asked otherwise than the first's: only the server knows);
// - any other entry (an action of one box's turn, or one that ends a phase, such as "no more
//   bets") moves the round to where only the server knows what comes next: no further action
//   is offered until it answers (the dealer sees the entries waiting, and what to do next as
//   soon as the network is back);
// - each entry is drawn on the box, seat or group it names (``pending``), as entered.

const cardsOf = (value) => (Array.isArray(value) ? value : typeof value === "string" ? [value] : []);

/** The view ``view`` becomes once the ``waiting`` entries (oldest first) are applied. */
export function provisional(view, waiting) {
  if (!waiting.length) return { ...view, pending: new Map() };
  let actions = view.actions.map((action) => ({ ...action, fields: action.fields.map((f) => ({ ...f })) }));
  const used = new Set();
  const pending = new Map();
  for (const entry of waiting) {
    if (!entry.body?.action) continue;
    const { action: name, ...fields } = entry.body;
    const spec = entry.spec || actions.find((a) => a.name === name);
    const cards = [];
    for (const field of spec?.fields || []) {
      if (field.kind === "card" || field.kind === "cards") cards.push(...cardsOf(fields[field.name]));
    }
    cards.forEach((c) => used.add(c));
    const where = whereOf(view, spec, fields);
    if (where) pending.set(where, [...(pending.get(where) || []), { label: entry.label, cards, state: entry.state }]);
    const taken = actions.find((a) => a.name === name && samePosition(a.position, spec?.position));
    const byField = taken?.fields.find((f) => f.kind === "position" && f.positions?.length > 0);
    if (taken && !taken.position && byField) {
      // Its labels go with its positions ("Box 2: five cards" stays box 2's).
      const left = byField.positions.map((p, i) => [p, byField.labels?.[i], byField.labels_words?.[i]]).filter(([p]) => p !== Number(fields[byField.name]));
      byField.positions = left.map(([p]) => p);
      if (byField.labels) byField.labels = left.map(([, label]) => label);
      if (byField.labels_words) byField.labels_words = left.map(([, , said]) => said);
      byField.value = byField.positions.length === 1 ? byField.positions[0] : null;
      for (const field of taken.fields) if (field !== byField && field.kind !== "amount") field.value = null;
      if (!byField.positions.length) actions = actions.filter((a) => a !== taken);
    } else {
      actions = [];
    }
  }
  for (const action of actions) {
    for (const field of action.fields) if (field.cards) field.cards = field.cards.filter((c) => !used.has(c));
  }
  return {
    ...view,
    actions,
    unseen_cards: view.unseen_cards.filter((c) => !used.has(c)),
    provisional: true,
    pending,
  };
}

/** Where an entry is drawn: the box or seat its position field names (or its action's own),
 *  else a box, seat or group its target names ("box:2", "dealer"), else the dealer's group
 *  for an entry of cards that names none. */
function whereOf(view, spec, fields) {
  if (!spec) return null;
  const position = spec.fields.find((f) => f.kind === "position");
  if (position && fields[position.name] !== undefined && fields[position.name] !== null) {
    // A position field's numbers are the kind of the view's boxes or seats (its name says it
    // when the view has none yet).
    const kind = spec.position?.kind || view.positions[0]?.position.kind || position.name;
    return `${kind}:${Number(fields[position.name])}`;
  }
  if (spec.position) return `${spec.position.kind}:${spec.position.number}`;
  const target = spec.fields.find((f) => f.kind === "target");
  if (target && typeof fields[target.name] === "string") return fields[target.name];
  return null;
}

function samePosition(a, b) {
  return (!a && !b) || Boolean(a && b && a.kind === b.kind && a.number === b.number);
}
