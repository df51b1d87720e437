// The pit board: renders the pit view from the API and keeps it current from the push stream.
// No framework and no build step: one page, a handful of elements, redrawn whole on each change
// (a pit is tens of tables, so a redraw costs less than keeping a diff right).

import { get as api, post } from "./common/api.js";
import { el, keepChildren, keyedNodes, show } from "./common/dom.js";
import { eventWords, words } from "./common/events.js";
import { GAMES } from "./common/games.js";
import { numberSymbols, pt, t, tn } from "./common/i18n.js";
import { clockTime } from "./common/times.js";
import { cents, isNegative, money, number } from "./common/money.js";
import { explainFields } from "./common/words.js";

(() => {
  const board = document.getElementById("board");
  const connection = document.getElementById("connection");
  const totals = document.getElementById("totals");
  const tables = document.getElementById("tables");
  const alertList = document.getElementById("alert-list");
  const rotationPanel = document.getElementById("rotation");
  const detail = document.getElementById("table-detail");
  const urls = board.dataset;
  // What each alert means, in a pit boss's words.
  // (A function: each word is read in the page's language when it is shown.)
  const ALERTS = {
    payout_capped: () => t("Payout cut to the table maximum"),
    large_payout: () => t("Large payout"),
    correction_pending: () => t("Correction waiting for approval"),
    round_idle: () => t("Round with no action"),
    table_no_dealer: () => t("Open table without a dealer"),
    dealer_refusals: () => t("Repeated refusals: the dealer may need help"),
    replay_mismatch: () => t("Replay does not match the round"),
    chain_broken: () => t("Audit trail broken"),
    checkpoint_invalid: () => t("Audit checkpoint invalid"),
    record_unaudited: () => t("Record without its audit row"),
    tray_variance: () => t("Tray does not match the rounds: chips moved that no round recorded"),
    edge_mismatch: () => t("A paytable's certified house edge differs from the one computed from its rules"),
    aml_threshold: () => t("A player's cash today crossed an anti-money-laundering threshold"),
    dealer_unqualified: () => t("A round was dealt by a dealer not qualified for its game"),
    dealer_accuracy: () => t("A dealer's voids, corrections or retractions this week are above the casino's limit"),
    dealer_past_plan: () => t("A dealer kept at the tables past the break the plan gave"),
    relief_late: () => t("A table waits for the relief the plan gave it"),
    break_skipped: () => t("A dealer deals without the break the plan gave"),
  };
  // The severities, the statuses and kinds the API names (a table's, a round's, a slip's) and
  // the house edge's strategy, in the catalogue as "name"s, which words() shows in the page's
  // language: this list is how they are in it (common/events.js GAME_NAMES); never called.
  // eslint-disable-next-line no-unused-vars
  const BOARD_NAMES = () => [
    pt("name", "info"), pt("name", "warning"), pt("name", "critical"),
    pt("name", "open"), pt("name", "closed"), pt("name", "settled"), pt("name", "voided"),
    pt("name", "fill"), pt("name", "credit"), pt("name", "requested"), pt("name", "approved"), pt("name", "issued"),
    pt("name", "received"), pt("name", "void pending"), pt("name", "guide"),
  ];
  // A round idle this long is marked, and twice as long, marked as late.
  const IDLE_WARN_S = 120;

  let view = null;
  // The pit's rotation against its plan in force (null without one): by table id for the cards.
  let rotation = null;
  let loadedAt = 0;
  let reloadTimer = null;

  // A decimal the API writes ("12.34", "-5.00", "250.00") with the page's language's decimal
  // mark, its digits and places as written: read as text, never as a number, and in English
  // exactly as the API wrote it.
  const decimal = (text) => String(text).replace(".", numberSymbols().decimal);
  const pct = (value) => (value === null || value === undefined ? "—" : t("{value} %", { value: decimal(value) }));
  // The theoretical hold speaks only for the stakes that had a price: where some of the day's
  // stakes had none, it says on what share it stands, so that a hold over part of the play is
  // not read as the whole's (nothing priced: no theoretical hold at all).
  const pricedShare = (f) => {
    const priced = cents(f.theoretical_priced_pct);
    if (f.theoretical_hold_pct === null || priced === null || priced >= cents("100")) return null;
    return t("{percent} of stakes", { percent: pct(f.theoretical_priced_pct) });
  };
  const theo = (f) => {
    const share = pricedShare(f);
    return share ? t("{percent} on {share}", { percent: pct(f.theoretical_hold_pct), share }) : pct(f.theoretical_hold_pct);
  };
  // Times in the casino's zone (the view names it; the bar says which).
  let zone;
  const clock = (iso) => clockTime(iso, zone);
  const zoneLabel = document.getElementById("zone");
  const duration = (seconds) => {
    if (seconds < 60) return t("{n} s", { n: seconds });
    const minutes = Math.floor(seconds / 60);
    return minutes < 60
      ? t("{n} min", { n: minutes })
      : t("{hours} h {minutes} min", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
  };

  function setConnection(state, text) {
    connection.dataset.state = state;
    connection.textContent = text;
  }

  // A refusal in words: the fields it names, each with what is wrong, else its code's words.
  const refusalText = (error) => explainFields(error, { note: t("Note"), reason: t("Reason") });

  // Each load reads the view and the alerts at once; a load that finishes after a newer one
  // started is dropped, so the board never goes back to an older picture.
  let loads = 0;

  async function load() {
    const mine = ++loads;
    try {
      const [fresh, alerts, plan] = await Promise.all([
        api(urls.viewUrl),
        urls.alertsUrl ? api(urls.alertsUrl) : null,
        urls.rotationUrl ? api(urls.rotationUrl) : null,
      ]);
      if (mine !== loads) return;
      view = fresh;
      rotation = plan && plan.plan ? plan : null;
      loadedAt = Date.now();
      zone = view.time_zone;
      zoneLabel.textContent = t("Times in {zone}", { zone });
      render();
      if (alerts) renderAlerts(alerts);
      if (!urls.streamUrl) setConnection("static", t("As of {time}: reload to update", { time: clock(view.as_of) }));
    } catch (error) {
      setConnection("offline", t("Offline: {reason}", { reason: refusalText(error) }));
    }
  }

  // At most one load every 150 ms however fast the floor changes: a busy pit sends tens of
  // changes a second, and one load shows them all.
  function reloadSoon() {
    if (reloadTimer !== null) return;
    reloadTimer = setTimeout(() => {
      reloadTimer = null;
      load();
    }, 150);
  }

  let detailTimer = null;
  function detailSoon() {
    if (detailTimer !== null) return;
    detailTimer = setTimeout(() => {
      detailTimer = null;
      if (detail.open && detailTable !== null) openDetail(detailTable, { refresh: true });
    }, 150);
  }

  function render() {
    const pit = view.pit.totals;
    const f = pit.figures;
    totals.replaceChildren(
      figure(t("Tables open"), `${pit.tables_open} / ${pit.tables}`),
      figure(t("Rounds in play"), pit.rounds_in_play),
      figure(t("Rounds today"), f.rounds_today),
      figure(t("Wagered"), money(f.wagered, pit.currency)),
      figure(t("Paid"), money(f.paid, pit.currency)),
      figure(t("House result"), money(f.house_result, pit.currency), isNegative(f.house_result) ? "loss" : ""),
      figure(t("Hold"), t("{hold} · theo {theo}", { hold: pct(f.hold_pct), theo: theo(f) })),
      figure(t("Cap hits"), f.cap_hits, f.cap_hits ? "warn" : ""),
      figure(t("Open alerts"), f.open_alerts, f.open_alerts ? "alarm" : ""),
    );
    // Cards and alerts are made again only when their data changed: the board reloads on every
    // change of the floor, and a card tapped or a note being typed must not be swapped under
    // the pit boss's finger.
    const reliefs = new Map((rotation ? rotation.tables : []).map((t) => [t.table.id, t]));
    const withReliefs = view.tables.map((table) => ({ ...table, relief: reliefs.get(table.id) || null }));
    keepChildren(tables, keyedNodes(cards, withReliefs, {
      key: (table) => table.id,
      make: tableCard,
      signature: cardSignature,
      refresh: (node, table) => {
        const round = node.querySelector(".round[data-idle]");
        if (round) round.dataset.idle = table.current_round.seconds_since_last_action;
      },
    }));
    renderRotation();
    tick();
  }

  const cards = new Map();
  // A card's data but the seconds since its round's last action, which the card counts itself.
  const cardSignature = (table) => JSON.stringify({
    ...table,
    current_round: table.current_round && { ...table.current_round, seconds_since_last_action: null },
  });

  function figure(label, value, tone = "") {
    return el("div", { class: `figure ${tone}` }, el("span", { class: "label" }, label), el("span", { class: "value" }, value));
  }

  function tableCard(table) {
    const f = table.figures;
    const round = table.current_round;
    return el(
      "article",
      {
        class: `table-card status-${table.status}`,
        "data-table": table.code,
        tabIndex: 0,
        onclick: () => openDetail(table.id),
        onkeydown: (event) => event.key === "Enter" && openDetail(table.id),
      },
      el("header", {},
        el("span", { class: "code" }, table.code),
        el("span", { class: "game" }, GAMES[table.game] || table.game),
        f.open_alerts ? el("span", { class: "badge alarm", title: t("Open alerts") }, `⚠ ${f.open_alerts}`) : null,
      ),
      el("p", { class: "dealer" }, table.dealer
        ? [el("strong", {}, table.dealer.username), ` ${t("since {time}", { time: clock(table.dealer.since) })}`, dealerPace(table.dealer)]
        : el("span", { class: table.status === "open" ? "alarm-text" : "" }, table.status === "open" ? t("No dealer") : t("Closed"))),
      reliefLine(table.relief),
      round
        ? el("p", { class: "round", "data-idle": round.seconds_since_last_action },
            `${t("Round {number}", { number: round.number })} · ${words(round.phase)} · `,
            el("span", { class: "idle" }, ""))
        : el("p", { class: "round none" }, table.status === "open" ? t("Between rounds") : "—"),
      el("dl", { class: "figures" },
        el("dt", {}, t("Rounds/h")), el("dd", {}, f.rounds_last_hour),
        el("dt", {}, t("Today")), el("dd", {}, f.rounds_today),
        el("dt", {}, t("Result")), el("dd", { class: isNegative(f.house_result) ? "loss" : "" }, money(f.house_result, "")),
        el("dt", {}, t("Hold")), el("dd", {}, `${pct(f.hold_pct)} / ${pct(f.theoretical_hold_pct)}`),
        pricedShare(f) ? [el("dt", {}, t("Theo on")), el("dd", {}, pricedShare(f))] : null,
        f.cap_hits ? [el("dt", {}, t("Cap hits")), el("dd", { class: "warn" }, f.cap_hits)] : null,
      ),
      waitingList(table),
    );
  }

  // What waits for the pit boss at a table, each with its action: the card is the to-do list.
  // The view says which slip as "fill #12" or "credit #3", and which entries an undo takes back
  // as "2 entries of round 7: <reason>" (pit_view's ``what``): read back into their parts, so
  // that each language says them in its own order; anything else is shown as the view wrote it.
  const slipOf = (what) => /^(fill|credit) #(\d+)$/.exec(what);
  const entriesOf = (what) => /^(\d+) entr(?:y|ies) of round (\d+): ([\s\S]*)$/.exec(what);
  const WAITING = {
    count: (w) => ({
      text: (w.what === "opener" ? t("Opener {amount} counted by {by}", { amount: money(w.amount), by: w.by })
        : t("Closer {amount} counted by {by}", { amount: money(w.amount), by: w.by })),
      actions: [[t("Confirm"), `/api/v1/tray-counts/${w.id}/confirm/`], [t("Reject"), `/api/v1/tray-counts/${w.id}/reject/`]],
    }),
    slip: (w) => {
      const [, kind, number] = slipOf(w.what) || [];
      const params = { number, what: w.what, amount: money(w.amount), by: w.by };
      return {
        text: kind === "fill" ? t("Fill #{number} {amount} asked by {by}", params)
          : kind === "credit" ? t("Credit #{number} {amount} asked by {by}", params)
            : t("{what} {amount} asked by {by}", params),
        actions: [[t("Approve"), `/api/v1/slips/${w.id}/approve/`]],
      };
    },
    slip_void: (w) => {
      const [, kind, number] = slipOf(w.what) || [];
      const params = { number, what: w.what, amount: money(w.amount), by: w.by };
      return {
        text: kind === "fill" ? t("Void of fill #{number} ({amount}) asked by {by}", params)
          : kind === "credit" ? t("Void of credit #{number} ({amount}) asked by {by}", params)
            : t("Void of {what} ({amount}) asked by {by}", params),
        actions: [[t("Void it"), `/api/v1/slip-voids/${w.id}/approve/`], [t("Keep it"), `/api/v1/slip-voids/${w.id}/reject/`]],
      };
    },
    drop: (w) => ({
      text: t("Drop {amount} counted by {by}", { amount: money(w.amount), by: w.by }),
      actions: [[t("Confirm"), `/api/v1/drops/${w.id}/confirm/`], [t("Reject"), `/api/v1/drops/${w.id}/reject/`]],
    }),
    // A void is decided here as at the tablet by PIN, and says why it is asked; a payout
    // correction, with its lines to weigh, on the workbench.
    correction: (w) => {
      const correction = urls.correctionUrl.replace("{id}", w.id);
      const isVoid = w.what === "void";
      return {
        text: isVoid ? t("Void of a round asked by {by}", { by: w.by }) : t("Payout correction of a round asked by {by}", { by: w.by }),
        actions: isVoid ? [[t("Void it"), `${correction}approve/`], [t("Keep it"), `${correction}reject/`]] : [],
        link: [isVoid ? t("Open the round") : t("Decide on the workbench"), urls.roundUrl.replace("{id}", w.round)],
        details: isVoid ? [correction, (c) => [el("li", { class: "why" }, t("Why: {reason}", { reason: c.reason }))]] : null,
      };
    },
    // A dealer's undo of a round's last entries: decided here, as at the tablet by PIN; the
    // entries it takes back are listed, as the dealer saw them when asking.
    retraction: (w) => {
      const [, n, round, reason] = entriesOf(w.what) || [];
      return {
        text: n === undefined ? t("Undo {what} (asked by {by})", { what: w.what, by: w.by })
          : tn("Undo {n} entry of round {round}: {reason} (asked by {by})", "Undo {n} entries of round {round}: {reason} (asked by {by})",
            Number(n), { round, reason, by: w.by }),
        actions: [[t("Approve"), `/api/v1/retractions/${w.id}/approve/`], [t("Reject"), `/api/v1/retractions/${w.id}/reject/`]],
        link: [t("Open the round"), urls.roundUrl.replace("{id}", w.round)],
        details: [`/api/v1/retractions/${w.id}/`, (r) => r.entries.map((event) => el("li", { "data-entry": event.seq }, `#${event.seq} ${eventWords(event)}`))],
      };
    },
    limit_change: (w) => ({
      text: t("Limits {what} asked by {by}", { what: w.what, by: w.by }),
      actions: [[t("Approve"), `/api/v1/limit-changes/${w.id}/approve/`], [t("Reject"), `/api/v1/limit-changes/${w.id}/reject/`]],
    }),
  };

  // Who the rotation plan sends to the table next, and when; late once past the casino's grace.
  // A late relief still dealing at another table is held there by the string's push: the
  // table to look at is that one's.
  function reliefLine(relief) {
    if (!relief || !relief.relief) return null;
    const who = relief.relief.username;
    if (!relief.relief_late) return el("p", { class: "relief" }, t("Relief {who} at {time}", { who, time: clock(relief.relief_at) }));
    const held = rotation.dealers.find((d) => d.dealer.id === relief.relief.id && d.table);
    const time = clock(relief.relief_at);
    return el("p", { class: "relief late alarm-text" }, held
      ? t("Relief {who} late (held at {table}): due {time}", { who, table: held.table.code, time })
      : t("Relief {who} late: due {time}", { who, time }));
  }

  // The plan's dealers now: where each deals and for how long, when their break is due (late
  // marked), or, off the tables, where and when they go next.
  function renderRotation() {
    if (!rotationPanel) return;
    if (!rotation) {
      rotationPanel.hidden = true;
      return;
    }
    rotationPanel.hidden = false;
    const plan = rotation.plan;
    rotationPanel.replaceChildren(
      el("h2", {}, t("Rotation")),
      el("p", { class: "plan" }, t("Plan version {version} · {on} on, {off} off · until {time}", {
        version: plan.version, on: plan.minutes_on, off: plan.minutes_off, time: clock(plan.shift_end),
      })),
      el("ul", { class: "rotation-dealers" }, ...rotation.dealers.map(dealerNow)),
    );
  }

  function dealerNow(d) {
    const name = el("strong", {}, d.dealer.username);
    if (!d.table) {
      if (!d.next_table) return el("li", { "data-dealer": d.dealer.username, class: "off" }, name, ` · ${t("off the tables")}`);
      // A slot begun already: the dealer is late to it (as of the rotation's reading).
      if (new Date(d.next_at) <= new Date(rotation.now)) {
        return el("li", { "data-dealer": d.dealer.username, class: "late" }, name, " · ",
          el("span", { class: "alarm-text" }, t("late to {table}, due {time}", { table: d.next_table.code, time: clock(d.next_at) })));
      }
      return el("li", { "data-dealer": d.dealer.username, class: "off" }, name, ` · ${t("on break · next {table} at {time}", { table: d.next_table.code, time: clock(d.next_at) })}`);
    }
    const due = d.break_due === null
      ? t("no break planned")
      : d.overdue ? t("break due since {time}", { time: clock(d.break_due) }) : t("break at {time}", { time: clock(d.break_due) });
    return el("li", { "data-dealer": d.dealer.username, class: d.overdue ? "overdue" : "" },
      name, ` · ${d.table.code} · ${t("{n} min on", { n: d.minutes_on })} · `,
      el("span", { class: d.overdue ? "alarm-text" : "" }, due));
  }

  // The dealer's pace at the table today, by the record: rounds an hour, below the casino's
  // norm marked (a pace is a count, not money: a number is exact enough to compare).
  function dealerPace(dealer) {
    if (dealer.rounds_per_hour === null || dealer.rounds_per_hour === undefined) return null;
    const below = dealer.norm !== null && Number(dealer.rounds_per_hour) < Number(dealer.norm);
    return el("span", { class: `pace${below ? " below-norm" : ""}`, title: dealer.norm ? t("Norm {n} an hour", { n: decimal(dealer.norm) }) : "" },
      ` · ${t("pace {n} an hour", { n: decimal(dealer.rounds_per_hour) })}`);
  }

  function waitingList(table) {
    if (!table.waiting || !table.waiting.length) return null;
    const message = el("p", { class: "error", role: "alert" });
    const items = table.waiting.map((w) => {
      const { text, actions = [], link, details } = WAITING[w.subject](w);
      const buttons = actions.map(([label, url], i) => el("button", {
        type: "button",
        class: i ? "secondary" : "",
        onclick: async (event) => {
          event.stopPropagation();
          // One decision per tap, however fast the taps: the row's buttons wait for the answer.
          const row = [...event.currentTarget.parentElement.querySelectorAll("button")];
          for (const b of row) b.disabled = true;
          try {
            await post(url, urls.csrf, {});
            message.textContent = "";
            reloadSoon();
          } catch (error) {
            message.textContent = refusalText(error);
            for (const b of row) b.disabled = false;
          }
        },
      }, label));
      return el("li", { "data-waiting": `${w.subject}:${w.id}` },
        el("span", { class: "what" }, `${text} · ${clock(w.at)}`),
        details ? detailsOf(...details) : null,
        el("span", { class: "actions" },
          ...buttons,
          link ? el("a", { href: link[1], onclick: (event) => event.stopPropagation() }, link[0]) : null));
    });
    return el("section", { class: "waiting", "aria-label": t("Waiting for you"), onclick: (event) => event.stopPropagation() },
      el("h3", {}, t("Waiting for you ({n})", { n: items.length })), el("ul", {}, ...items), message);
  }

  // What a to-do says beyond its line (the entries an undo takes back, why a void is asked),
  // read from the request itself once its row is drawn.
  function detailsOf(url, lines) {
    const list = el("ul", { class: "details" });
    api(url).then(
      (found) => show(list, lines(found)),
      (error) => show(list, el("li", { class: "error" }, refusalText(error))),
    );
    return list;
  }

  // The seconds since each round's last action run on between loads, from the view's own
  // figure and the time it was loaded.
  function tick() {
    const elapsed = Math.floor((Date.now() - loadedAt) / 1000);
    for (const node of tables.querySelectorAll(".round[data-idle]")) {
      const seconds = Number(node.dataset.idle) + elapsed;
      const card = node.closest(".table-card");
      card.classList.toggle("idle-warn", seconds >= IDLE_WARN_S && seconds < 2 * IDLE_WARN_S);
      card.classList.toggle("idle-late", seconds >= 2 * IDLE_WARN_S);
      node.querySelector(".idle").textContent = t("{time} since last action", { time: duration(seconds) });
    }
  }

  const alertNodes = new Map();
  const noAlerts = el("li", { class: "empty" }, t("No open alerts"));

  function renderAlerts(alerts) {
    const items = Array.isArray(alerts) ? alerts : alerts.results || [];
    const nodes = keyedNodes(alertNodes, items, { key: (alert) => alert.id, make: alertItem });
    keepChildren(alertList, nodes.length ? nodes : [noAlerts]);
  }

  // An alert's figures, in a pit boss's words: what, where, how much.
  function alertFacts(alert) {
    const d = alert.details || {};
    const round = d.round !== undefined ? t("Round {number}", { number: d.round }) : "";
    switch (alert.kind) {
      case "payout_capped": {
        const boxes = [...new Set((d.lines || []).map((line) => line.box))];
        const where = boxes.length ? ` · ${tn("box {boxes}", "boxes {boxes}", boxes.length, { boxes: boxes.join(", ") })}` : "";
        return t("{round}{where}: {amount} withheld", { round, where, amount: money(d.withheld) });
      }
      case "large_payout":
        return d.paid ? t("{round} · box {box}: {paid} paid (above {threshold})", { round, box: d.box, paid: money(d.paid), threshold: money(d.threshold) }) : round;
      case "correction_pending":
        return d.kind === "void" ? t("Void asked by {by}: {reason}", { by: d.requested_by, reason: d.reason })
          : t("Payout correction asked by {by}: {reason}", { by: d.requested_by, reason: d.reason });
      case "round_idle":
        return [round, d.phase ? words(d.phase) : "", d.last_action_at ? t("no action since {time}", { time: clock(d.last_action_at) }) : ""]
          .filter(Boolean).join(" · ");
      case "table_no_dealer":
        return d.since ? t("No dealer since {time}", { time: clock(d.since) }) : "";
      case "dealer_refusals":
        return tn("{n} refusal within {minutes} min", "{n} refusals within {minutes} min", d.refusals, { minutes: d.minutes });
      case "replay_mismatch":
        return round;
      case "dealer_past_plan":
        return t("{dealer} at {table}: break due {time}", { dealer: d.dealer, table: d.table, time: clock(d.due) });
      case "relief_late":
        return d.held
          ? t("{dealer} due at {table} at {time}; {held} still dealing", { dealer: d.dealer, table: d.table, time: clock(d.due), held: d.held })
          : t("{dealer} due at {table} at {time}", { dealer: d.dealer, table: d.table, time: clock(d.due) });
      case "break_skipped":
        return t("{dealer} at {table}: no break since {time}", { dealer: d.dealer, table: d.table, time: clock(d.due) });
      case "tray_variance":
        return d.win === undefined ? "" : t("Tray's win {win}, rounds' result {result}: {difference} apart", {
          win: money(d.win), result: money(d.house_result), difference: money(d.difference),
        });
      default:
        return "";
    }
  }

  // Where an alert leads: its round on the workbench, or the table's chip tray.
  function alertLink(alert) {
    if (alert.kind === "tray_variance" && alert.table_id) {
      return el("button", { type: "button", class: "link", onclick: () => openDetail(alert.table_id, { tray: true }) }, t("Open the chip tray"));
    }
    if (alert.round) return el("a", { class: "link", href: urls.roundUrl.replace("{id}", alert.round) }, t("Open the round"));
    return null;
  }

  // ``old``: the alert's node before its data changed, whose note and refusal carry over.
  function alertItem(alert, old) {
    const typed = old?.querySelector("input[name=note]");
    const note = el("input", { type: "text", name: "note", placeholder: t("What was done (required)"), "aria-label": t("Note: what was done"), required: true, value: typed?.value || "" });
    const error = el("span", { class: "error", role: "alert" }, old?.querySelector(".error")?.textContent || "");
    const button = el("button", { type: "submit" }, t("Acknowledge"));
    const acknowledge = async (event) => {
      event.preventDefault();
      if (!note.value.trim()) {
        error.textContent = t("Write a note first: what was done about it.");
        note.focus();
        return;
      }
      const url = urls.acknowledgeUrl.replace("{id}", alert.id);
      button.disabled = true;
      try {
        await post(url, urls.csrf, { note: note.value });
        reloadSoon();
      } catch (failure) {
        error.textContent = refusalText(failure);
        button.disabled = false;
      }
    };
    const form = el("form", { class: "acknowledge", onsubmit: acknowledge, noValidate: true }, note, button, error);
    const facts = alertFacts(alert);
    return el("li", { class: `alert severity-${alert.severity}`, "data-alert": alert.id },
      el("header", {},
        el("span", { class: "severity" }, words(alert.severity)),
        el("span", { class: "where" }, alert.table || ""),
        el("time", {}, clock(alert.raised_at))),
      el("p", {}, ALERTS[alert.kind] ? ALERTS[alert.kind]() : words(alert.kind)),
      facts ? el("p", { class: "facts" }, facts) : null,
      alertLink(alert),
      form);
  }

  // The table whose detail is open: a change of its tray, pushed, redraws it.
  let detailTable = null;

  // ``refresh``: the open detail drawn again for a change pushed; if the pit boss closed it (or
  // opened another table's) while the answer was on its way, it stays as they left it.
  // The detail says it is being drawn (``aria-busy``) while any drawing of it is on its way.
  let drawing = 0;

  // The computed house edge of the configuration a table plays, with its status and its 95 %
  // interval per Ante band, in the pit boss's words. The figures arrive as percentages already
  // (text): nothing is computed here.
  function houseEdgeText(edge) {
    if (edge.status === "not_requested") return t("not computed yet for this table's paytables and limits");
    if (edge.status === "pending") return t("being computed from the rules");
    if (edge.status === "failed") return t("could not be computed: {failure}", { failure: edge.failure });
    // One line per band of Antes (the table maximum makes the edge grow with the Ante).
    return el("ul", { class: "edge-bands" },
      ...edge.bands.map((band) => el("li", {},
        t("Ante {ante} and up: {percent} (95 %: {low} to {high})", {
          ante: decimal(band.ante_from), percent: pct(band.per_ante_pct), low: decimal(band.low_pct), high: decimal(band.high_pct),
        }))),
      el("li", { class: "muted" }, t("of the Ante; {rounds} rounds a band, {strategy} strategy", {
        rounds: number(edge.rounds), strategy: words(edge.strategy),
      })));
  }

  async function openDetail(tableId, { tray = false, refresh = false } = {}) {
    detailTable = tableId;
    drawing += 1;
    detail.setAttribute("aria-busy", "true");
    try {
      const answer = await api(urls.tableUrl.replace("{id}", tableId));
      const [traySectionNode, playersNode] = await Promise.all([traySection(tableId), playersSection(tableId)]);
      if (refresh && (!detail.open || detailTable !== tableId)) return;
      const table = answer.table;
      const f = table.figures;
      detail.replaceChildren(
        el("h2", {}, `${table.code} · ${GAMES[table.game] || table.game}`),
        el("dl", { class: "figures wide" },
          el("dt", {}, t("Status")), el("dd", {}, words(table.status)),
          el("dt", {}, t("Dealer")), el("dd", {}, table.dealer
            ? t("{dealer} since {time}", { dealer: table.dealer.username, time: clock(table.dealer.since) })
            : t("none")),
          el("dt", {}, t("Round in play")), el("dd", {}, table.current_round
            ? t("{number} ({phase}), opened {time}", {
              number: table.current_round.number, phase: words(table.current_round.phase), time: clock(table.current_round.opened_at),
            })
            : t("none")),
          el("dt", {}, t("Rounds last hour / today")), el("dd", {}, `${f.rounds_last_hour} / ${f.rounds_today}`),
          el("dt", {}, t("Wagered / paid")), el("dd", {}, `${money(f.wagered, table.currency)} / ${money(f.paid, table.currency)}`),
          el("dt", {}, t("House result")), el("dd", {}, money(f.house_result, table.currency)),
          el("dt", {}, t("Hold / theoretical")), el("dd", {}, `${pct(f.hold_pct)} / ${theo(f)}`),
          el("dt", {}, t("Cap hits / open alerts")), el("dd", {}, `${f.cap_hits} / ${f.open_alerts}`),
          ...(answer.house_edge ? [el("dt", {}, t("House edge")), el("dd", { id: "house-edge" }, houseEdgeText(answer.house_edge))] : []),
        ),
        el("h3", {}, t("Last rounds")),
        answer.last_rounds.length
          ? el("table", { class: "rounds" },
              el("thead", {}, el("tr", {},
                ...[t("Round"), t("Status"), t("Dealer"), t("Opened"), t("Staked"), t("Paid"), t("Result"), ""].map((h) => el("th", {}, h)))),
              el("tbody", {}, ...answer.last_rounds.map((round) => el("tr", { "data-round": round.number },
                el("td", {}, round.number),
                el("td", {}, words(round.status)),
                el("td", {}, round.dealer),
                el("td", {}, clock(round.opened_at)),
                el("td", { class: "amount" }, money(round.staked, "")),
                el("td", { class: "amount" }, money(round.returned, "")),
                el("td", { class: `amount ${isNegative(round.house_result) ? "loss" : ""}` }, money(round.house_result, "")),
                el("td", { class: "warn" }, round.cap_applied ? t("capped") : ""),
              ))))
          : el("p", {}, t("No rounds yet.")),
        playersNode,
        traySectionNode,
        el("form", { method: "dialog" }, el("button", {}, t("Close"))),
      );
      if (!detail.open) detail.showModal();
      if (tray) detail.querySelector(".tray")?.scrollIntoView();
    } catch (error) {
      setConnection("offline", t("Offline: {reason}", { reason: refusalText(error) }));
    } finally {
      drawing -= 1;
      if (!drawing) detail.removeAttribute("aria-busy");
    }
  }

  // The patrons seated at the table now, each rated exactly from the rounds of the session so
  // far: the house's theoretical win beside the patron's actual result.
  async function playersSection(tableId) {
    const section = el("section", { class: "players", "data-players": tableId }, el("h3", {}, t("Players")));
    let players;
    try {
      players = await api(urls.playersUrl.replace("{id}", tableId));
    } catch (error) {
      section.append(el("p", { class: "error" }, refusalText(error)));
      return section;
    }
    if (!players.length) {
      section.append(el("p", {}, t("Nobody is seated.")));
      return section;
    }
    section.append(el("table", { class: "rounds" },
      el("thead", {}, el("tr", {},
        ...[t("Place"), t("Player"), t("Since"), t("Minutes"), t("Rounds"), t("Staked"), t("Player's result"), t("Theo"), t("Chips by the record")]
          .map((h) => el("th", {}, h)))),
      el("tbody", {}, ...players.map((player) => el("tr", { "data-player": player.session.positions[0] },
        el("td", {}, player.session.positions.join(", ")),
        el("td", {}, player.session.patron.label, player.session.paused ? ` ${t("(on a break)")}` : ""),
        el("td", {}, clock(player.session.started_at)),
        el("td", { class: "amount" }, player.minutes_played),
        el("td", { class: "amount" }, player.rounds),
        el("td", { class: "amount" }, money(player.total_staked, "")),
        el("td", { class: `amount ${isNegative(player.actual_result) ? "loss" : ""}` }, money(player.actual_result, "")),
        el("td", { class: "amount" }, money(player.theoretical_win, "")),
        el("td", { class: "amount" }, money(player.chips_expected, "")),
      )))));
    return section;
  }

  const SLIP_NEXT = {
    requested: { label: () => t("Approve"), path: "approve" },
    issued: { label: () => t("Received"), path: "receive", only: "fill" },
  };

  // The table's chip tray in its detail: the open shift, counts waiting for the pit boss's
  // confirmation, the shift's fills and credits with the step the pit takes next, and the
  // reconciled shifts with their difference. Each button posts to the API and redraws.
  async function traySection(tableId) {
    const section = el("section", { class: "tray", "data-tray": tableId }, el("h3", {}, t("Chip tray")));
    let tray, reconciled;
    try {
      [tray, reconciled] = await Promise.all([
        api(urls.trayUrl.replace("{id}", tableId)),
        api(urls.reconciliationsUrl.replace("{id}", tableId)),
      ]);
    } catch (error) {
      section.append(el("p", { class: "error" }, refusalText(error)));
      return section;
    }
    const message = el("p", { class: "error", role: "alert" });
    const counted = (count) => ({ amount: money(count.total, ""), by: count.counted_by, time: clock(count.counted_at) });
    const act = (url, body) => async (event) => {
      // One step per tap: the button waits for the answer (the redraw replaces it).
      event.currentTarget.disabled = true;
      const button = event.currentTarget;
      try {
        await post(url, urls.csrf, body);
        await openDetail(tableId);
      } catch (error) {
        message.textContent = refusalText(error);
        button.disabled = false;
      }
    };
    section.append(el("p", { class: "shift" }, tray.shift
      ? t("Shift open since {time} · opener {amount}", { time: clock(tray.shift.counted_at), amount: money(tray.shift.total, "") })
      : t("No shift open")));
    for (const count of tray.counts.filter((c) => c.status === "pending")) {
      section.append(el("p", { class: "pending-count", "data-count": count.id },
        `${count.kind === "opener" ? t("Opener {amount} counted by {by} at {time}", counted(count)) : t("Closer {amount} counted by {by} at {time}", counted(count))} `,
        el("button", { type: "button", onclick: act(`/api/v1/tray-counts/${count.id}/confirm/`) }, t("Confirm")),
        el("button", { type: "button", class: "secondary", onclick: act(`/api/v1/tray-counts/${count.id}/reject/`) }, t("Reject"))));
    }
    if (tray.slips.length) {
      section.append(el("table", { class: "slips" },
        el("thead", {}, el("tr", {}, ...[t("Slip"), t("Kind"), t("Amount"), t("Status"), ""].map((h) => el("th", {}, h)))),
        el("tbody", {}, ...tray.slips.map((slip) => {
          const next = SLIP_NEXT[slip.status];
          const button = next && (!next.only || next.only === slip.kind)
            ? el("button", { type: "button", onclick: act(`/api/v1/slips/${slip.id}/${next.path}/`) }, next.label())
            : null;
          return el("tr", { "data-slip": slip.number },
            el("td", {}, `#${slip.number}`), el("td", {}, words(slip.kind)),
            el("td", { class: "amount" }, money(slip.amount, "")), el("td", {}, words(slip.status)),
            el("td", {}, button));
        }))));
    }
    if (reconciled.length) {
      section.append(el("table", { class: "reconciliations" },
        el("thead", {}, el("tr", {}, ...[t("Day"), t("Win (tray)"), t("Rounds' result"), t("Difference")].map((h) => el("th", {}, h)))),
        el("tbody", {}, ...reconciled.map((row) => el("tr", { "data-shift": row.opener, class: row.within_tolerance ? "" : "alarm-row" },
          el("td", {}, row.gaming_day),
          el("td", { class: "amount" }, money(row.win, "")),
          el("td", { class: "amount" }, money(row.house_result, "")),
          el("td", { class: `amount ${row.within_tolerance ? "" : "loss"}` }, money(row.difference, "")))))));
    }
    section.append(message);
    return section;
  }

  function listen() {
    if (!urls.streamUrl) return;
    const stream = new EventSource(urls.streamUrl);
    stream.onopen = () => {
      setConnection("live", t("Live"));
      reloadSoon();
    };
    stream.onerror = () => setConnection("offline", t("Offline: reconnecting…"));
    stream.onmessage = (message) => {
      reloadSoon();
      // The open detail follows its table's tray and rounds as they change.
      const change = JSON.parse(message.data);
      if (detail.open && change.table === detailTable) detailSoon();
    };
    detail.addEventListener("close", () => { detailTable = null; });
    for (const kind of ["ready", "resync"]) stream.addEventListener(kind, reloadSoon);
  }

  load();
  listen();
  setInterval(tick, 1000);
  // Minutes on and breaks due move with the clock, not with the floor's changes.
  if (urls.rotationUrl) setInterval(reloadSoon, 60 * 1000);
})();
