// The pit board: renders the pit view from the API and keeps it current from the push stream.
// No framework and no build step: one page, a handful of elements, redrawn whole on each change
// (a pit is tens of tables, so a redraw costs less than keeping a diff right).

import { get as api, post } from "./common/api.js";
import { el, keepChildren, keyedNodes, show } from "./common/dom.js";
import { eventWords } from "./common/events.js";
import { GAMES } from "./common/games.js";
import { clockTime } from "./common/times.js";
import { cents, isNegative, money } from "./common/money.js";
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
  const ALERTS = {
    payout_capped: "Payout cut to the table maximum",
    large_payout: "Large payout",
    correction_pending: "Correction waiting for approval",
    round_idle: "Round with no action",
    table_no_dealer: "Open table without a dealer",
    dealer_refusals: "Repeated refusals: the dealer may need help",
    replay_mismatch: "Replay does not match the round",
    chain_broken: "Audit trail broken",
    checkpoint_invalid: "Audit checkpoint invalid",
    record_unaudited: "Record without its audit row",
    tray_variance: "Tray does not match the rounds: chips moved that no round recorded",
    edge_mismatch: "A paytable's certified house edge differs from the one computed from its rules",
    aml_threshold: "A player's cash today crossed an anti-money-laundering threshold",
    dealer_unqualified: "A round was dealt by a dealer not qualified for its game",
    dealer_accuracy: "A dealer's voids, corrections or retractions this week are above the casino's limit",
    dealer_past_plan: "A dealer kept at the tables past the break the plan gave",
    relief_late: "A table waits for the relief the plan gave it",
    break_skipped: "A dealer deals without the break the plan gave",
  };
  // A round idle this long is marked, and twice as long, marked as late.
  const IDLE_WARN_S = 120;

  let view = null;
  // The pit's rotation against its plan in force (null without one): by table id for the cards.
  let rotation = null;
  let loadedAt = 0;
  let reloadTimer = null;

  const pct = (value) => (value === null || value === undefined ? "—" : `${value} %`);
  // The theoretical hold speaks only for the stakes that had a price: where some of the day's
  // stakes had none, it says on what share it stands, so that a hold over part of the play is
  // not read as the whole's (nothing priced: no theoretical hold at all).
  const pricedShare = (f) => {
    const priced = cents(f.theoretical_priced_pct);
    if (f.theoretical_hold_pct === null || priced === null || priced >= cents("100")) return null;
    return `${pct(f.theoretical_priced_pct)} of stakes`;
  };
  const theo = (f) => {
    const share = pricedShare(f);
    return share ? `${pct(f.theoretical_hold_pct)} on ${share}` : pct(f.theoretical_hold_pct);
  };
  // Times in the casino's zone (the view names it; the bar says which).
  let zone;
  const clock = (iso) => clockTime(iso, zone);
  const zoneLabel = document.getElementById("zone");
  const duration = (seconds) => {
    if (seconds < 60) return `${seconds} s`;
    const minutes = Math.floor(seconds / 60);
    return minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  };

  function setConnection(state, text) {
    connection.dataset.state = state;
    connection.textContent = text;
  }

  // A refusal in words: the fields it names, each with what is wrong, else its code's words.
  const FIELDS = { note: "Note", reason: "Reason" };
  const refusalText = (error) => explainFields(error, FIELDS);

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
      zoneLabel.textContent = `Times in ${zone}`;
      render();
      if (alerts) renderAlerts(alerts);
      if (!urls.streamUrl) setConnection("static", `As of ${clock(view.as_of)}: reload to update`);
    } catch (error) {
      setConnection("offline", `Offline: ${refusalText(error)}`);
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
      figure("Tables open", `${pit.tables_open} / ${pit.tables}`),
      figure("Rounds in play", pit.rounds_in_play),
      figure("Rounds today", f.rounds_today),
      figure("Wagered", money(f.wagered, pit.currency)),
      figure("Paid", money(f.paid, pit.currency)),
      figure("House result", money(f.house_result, pit.currency), isNegative(f.house_result) ? "loss" : ""),
      figure("Hold", `${pct(f.hold_pct)} · theo ${theo(f)}`),
      figure("Cap hits", f.cap_hits, f.cap_hits ? "warn" : ""),
      figure("Open alerts", f.open_alerts, f.open_alerts ? "alarm" : ""),
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
        f.open_alerts ? el("span", { class: "badge alarm", title: "Open alerts" }, `⚠ ${f.open_alerts}`) : null,
      ),
      el("p", { class: "dealer" }, table.dealer
        ? [el("strong", {}, table.dealer.username), ` since ${clock(table.dealer.since)}`, dealerPace(table.dealer)]
        : el("span", { class: table.status === "open" ? "alarm-text" : "" }, table.status === "open" ? "No dealer" : "Closed")),
      reliefLine(table.relief),
      round
        ? el("p", { class: "round", "data-idle": round.seconds_since_last_action },
            `Round ${round.number} · ${round.phase.replaceAll("_", " ")} · `,
            el("span", { class: "idle" }, ""))
        : el("p", { class: "round none" }, table.status === "open" ? "Between rounds" : "—"),
      el("dl", { class: "figures" },
        el("dt", {}, "Rounds/h"), el("dd", {}, f.rounds_last_hour),
        el("dt", {}, "Today"), el("dd", {}, f.rounds_today),
        el("dt", {}, "Result"), el("dd", { class: isNegative(f.house_result) ? "loss" : "" }, money(f.house_result, "")),
        el("dt", {}, "Hold"), el("dd", {}, `${pct(f.hold_pct)} / ${pct(f.theoretical_hold_pct)}`),
        pricedShare(f) ? [el("dt", {}, "Theo on"), el("dd", {}, pricedShare(f))] : null,
        f.cap_hits ? [el("dt", {}, "Cap hits"), el("dd", { class: "warn" }, f.cap_hits)] : null,
      ),
      waitingList(table),
    );
  }

  // What waits for the pit boss at a table, each with its action: the card is the to-do list.
  const WAITING = {
    count: (w) => ({
      text: `${w.what === "opener" ? "Opener" : "Closer"} ${money(w.amount)} counted by ${w.by}`,
      actions: [["Confirm", `/api/v1/tray-counts/${w.id}/confirm/`], ["Reject", `/api/v1/tray-counts/${w.id}/reject/`]],
    }),
    slip: (w) => ({
      text: `${w.what.replace(/^fill/, "Fill").replace(/^credit/, "Credit")} ${money(w.amount)} asked by ${w.by}`,
      actions: [["Approve", `/api/v1/slips/${w.id}/approve/`]],
    }),
    slip_void: (w) => ({
      text: `Void of ${w.what} (${money(w.amount)}) asked by ${w.by}`,
      actions: [["Void it", `/api/v1/slip-voids/${w.id}/approve/`], ["Keep it", `/api/v1/slip-voids/${w.id}/reject/`]],
    }),
    drop: (w) => ({
      text: `Drop ${money(w.amount)} counted by ${w.by}`,
      actions: [["Confirm", `/api/v1/drops/${w.id}/confirm/`], ["Reject", `/api/v1/drops/${w.id}/reject/`]],
    }),
    // A void is decided here as at the tablet by PIN, and says why it is asked; a payout
    // correction, with its lines to weigh, on the workbench.
    correction: (w) => {
      const correction = urls.correctionUrl.replace("{id}", w.id);
      const isVoid = w.what === "void";
      return {
        text: `${isVoid ? "Void" : "Payout correction"} of a round asked by ${w.by}`,
        actions: isVoid ? [["Void it", `${correction}approve/`], ["Keep it", `${correction}reject/`]] : [],
        link: [isVoid ? "Open the round" : "Decide on the workbench", urls.roundUrl.replace("{id}", w.round)],
        details: isVoid ? [correction, (c) => [el("li", { class: "why" }, `Why: ${c.reason}`)]] : null,
      };
    },
    // A dealer's undo of a round's last entries: decided here, as at the tablet by PIN; the
    // entries it takes back are listed, as the dealer saw them when asking.
    retraction: (w) => ({
      text: `Undo ${w.what} (asked by ${w.by})`,
      actions: [["Approve", `/api/v1/retractions/${w.id}/approve/`], ["Reject", `/api/v1/retractions/${w.id}/reject/`]],
      link: ["Open the round", urls.roundUrl.replace("{id}", w.round)],
      details: [`/api/v1/retractions/${w.id}/`, (r) => r.entries.map((event) => el("li", { "data-entry": event.seq }, `#${event.seq} ${eventWords(event)}`))],
    }),
    limit_change: (w) => ({
      text: `Limits ${w.what} asked by ${w.by}`,
      actions: [["Approve", `/api/v1/limit-changes/${w.id}/approve/`], ["Reject", `/api/v1/limit-changes/${w.id}/reject/`]],
    }),
  };

  // Who the rotation plan sends to the table next, and when; late once past the casino's grace.
  // A late relief still dealing at another table is held there by the string's push: the
  // table to look at is that one's.
  function reliefLine(relief) {
    if (!relief || !relief.relief) return null;
    const who = relief.relief.username;
    if (!relief.relief_late) return el("p", { class: "relief" }, `Relief ${who} at ${clock(relief.relief_at)}`);
    const held = rotation.dealers.find((d) => d.dealer.id === relief.relief.id && d.table);
    const where = held ? ` (held at ${held.table.code})` : "";
    return el("p", { class: "relief late alarm-text" }, `Relief ${who} late${where}: due ${clock(relief.relief_at)}`);
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
      el("h2", {}, "Rotation"),
      el("p", { class: "plan" }, `Plan version ${plan.version} · ${plan.minutes_on} on, ${plan.minutes_off} off · until ${clock(plan.shift_end)}`),
      el("ul", { class: "rotation-dealers" }, ...rotation.dealers.map(dealerNow)),
    );
  }

  function dealerNow(d) {
    const name = el("strong", {}, d.dealer.username);
    if (!d.table) {
      if (!d.next_table) return el("li", { "data-dealer": d.dealer.username, class: "off" }, name, " · off the tables");
      // A slot begun already: the dealer is late to it (as of the rotation's reading).
      if (new Date(d.next_at) <= new Date(rotation.now)) {
        return el("li", { "data-dealer": d.dealer.username, class: "late" }, name, " · ",
          el("span", { class: "alarm-text" }, `late to ${d.next_table.code}, due ${clock(d.next_at)}`));
      }
      return el("li", { "data-dealer": d.dealer.username, class: "off" }, name, ` · on break · next ${d.next_table.code} at ${clock(d.next_at)}`);
    }
    const due = d.break_due === null
      ? "no break planned"
      : d.overdue ? `break due since ${clock(d.break_due)}` : `break at ${clock(d.break_due)}`;
    return el("li", { "data-dealer": d.dealer.username, class: d.overdue ? "overdue" : "" },
      name, ` · ${d.table.code} · ${d.minutes_on} min on · `,
      el("span", { class: d.overdue ? "alarm-text" : "" }, due));
  }

  // The dealer's pace at the table today, by the record: rounds an hour, below the casino's
  // norm marked (a pace is a count, not money: a number is exact enough to compare).
  function dealerPace(dealer) {
    if (dealer.rounds_per_hour === null || dealer.rounds_per_hour === undefined) return null;
    const below = dealer.norm !== null && Number(dealer.rounds_per_hour) < Number(dealer.norm);
    return el("span", { class: `pace${below ? " below-norm" : ""}`, title: dealer.norm ? `Norm ${dealer.norm} an hour` : "" },
      ` · pace ${dealer.rounds_per_hour} an hour`);
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
    return el("section", { class: "waiting", "aria-label": "Waiting for you", onclick: (event) => event.stopPropagation() },
      el("h3", {}, `Waiting for you (${items.length})`), el("ul", {}, ...items), message);
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
      node.querySelector(".idle").textContent = `${duration(seconds)} since last action`;
    }
  }

  const alertNodes = new Map();
  const noAlerts = el("li", { class: "empty" }, "No open alerts");

  function renderAlerts(alerts) {
    const items = Array.isArray(alerts) ? alerts : alerts.results || [];
    const nodes = keyedNodes(alertNodes, items, { key: (alert) => alert.id, make: alertItem });
    keepChildren(alertList, nodes.length ? nodes : [noAlerts]);
  }

  // An alert's figures, in a pit boss's words: what, where, how much.
  function alertFacts(alert) {
    const d = alert.details || {};
    const round = d.round !== undefined ? `Round ${d.round}` : "";
    switch (alert.kind) {
      case "payout_capped": {
        const boxes = [...new Set((d.lines || []).map((line) => line.box))];
        const where = boxes.length ? ` · ${boxes.length > 1 ? "boxes" : "box"} ${boxes.join(", ")}` : "";
        return `${round}${where}: ${money(d.withheld)} withheld`;
      }
      case "large_payout":
        return d.paid ? `${round} · box ${d.box}: ${money(d.paid)} paid (above ${money(d.threshold)})` : round;
      case "correction_pending":
        return `${d.kind === "void" ? "Void" : "Payout correction"} asked by ${d.requested_by}: ${d.reason}`;
      case "round_idle":
        return [round, String(d.phase || "").replaceAll("_", " "), d.last_action_at ? `no action since ${clock(d.last_action_at)}` : ""]
          .filter(Boolean).join(" · ");
      case "table_no_dealer":
        return d.since ? `No dealer since ${clock(d.since)}` : "";
      case "dealer_refusals":
        return `${d.refusals} refusals within ${d.minutes} min`;
      case "replay_mismatch":
        return round;
      case "dealer_past_plan":
        return `${d.dealer} at ${d.table}: break due ${clock(d.due)}`;
      case "relief_late":
        return `${d.dealer} due at ${d.table} at ${clock(d.due)}${d.held ? `; ${d.held} still dealing` : ""}`;
      case "break_skipped":
        return `${d.dealer} at ${d.table}: no break since ${clock(d.due)}`;
      case "tray_variance":
        return d.win === undefined ? "" : `Tray's win ${money(d.win)}, rounds' result ${money(d.house_result)}: ${money(d.difference)} apart`;
      default:
        return "";
    }
  }

  // Where an alert leads: its round on the workbench, or the table's chip tray.
  function alertLink(alert) {
    if (alert.kind === "tray_variance" && alert.table_id) {
      return el("button", { type: "button", class: "link", onclick: () => openDetail(alert.table_id, { tray: true }) }, "Open the chip tray");
    }
    if (alert.round) return el("a", { class: "link", href: urls.roundUrl.replace("{id}", alert.round) }, "Open the round");
    return null;
  }

  // ``old``: the alert's node before its data changed, whose note and refusal carry over.
  function alertItem(alert, old) {
    const typed = old?.querySelector("input[name=note]");
    const note = el("input", { type: "text", name: "note", placeholder: "What was done (required)", "aria-label": "Note: what was done", required: true, value: typed?.value || "" });
    const error = el("span", { class: "error", role: "alert" }, old?.querySelector(".error")?.textContent || "");
    const button = el("button", { type: "submit" }, "Acknowledge");
    const acknowledge = async (event) => {
      event.preventDefault();
      if (!note.value.trim()) {
        error.textContent = "Write a note first: what was done about it.";
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
        el("span", { class: "severity" }, alert.severity),
        el("span", { class: "where" }, alert.table || ""),
        el("time", {}, clock(alert.raised_at))),
      el("p", {}, ALERTS[alert.kind] || alert.kind.replaceAll("_", " ")),
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
    if (edge.status === "not_requested") return "not computed yet for this table's paytables and limits";
    if (edge.status === "pending") return "being computed from the rules";
    if (edge.status === "failed") return `could not be computed: ${edge.failure}`;
    // One line per band of Antes (the table maximum makes the edge grow with the Ante).
    return el("ul", { class: "edge-bands" },
      ...edge.bands.map((band) => el("li", {},
        `Ante ${band.ante_from} and up: ${pct(band.per_ante_pct)} (95 %: ${band.low_pct} to ${band.high_pct})`)),
      el("li", { class: "muted" }, `of the Ante; ${edge.rounds.toLocaleString("en")} rounds a band, ${edge.strategy} strategy`));
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
          el("dt", {}, "Status"), el("dd", {}, table.status),
          el("dt", {}, "Dealer"), el("dd", {}, table.dealer ? `${table.dealer.username} since ${clock(table.dealer.since)}` : "none"),
          el("dt", {}, "Round in play"), el("dd", {}, table.current_round
            ? `${table.current_round.number} (${table.current_round.phase.replaceAll("_", " ")}), opened ${clock(table.current_round.opened_at)}`
            : "none"),
          el("dt", {}, "Rounds last hour / today"), el("dd", {}, `${f.rounds_last_hour} / ${f.rounds_today}`),
          el("dt", {}, "Wagered / paid"), el("dd", {}, `${money(f.wagered, table.currency)} / ${money(f.paid, table.currency)}`),
          el("dt", {}, "House result"), el("dd", {}, money(f.house_result, table.currency)),
          el("dt", {}, "Hold / theoretical"), el("dd", {}, `${pct(f.hold_pct)} / ${theo(f)}`),
          el("dt", {}, "Cap hits / open alerts"), el("dd", {}, `${f.cap_hits} / ${f.open_alerts}`),
          ...(answer.house_edge ? [el("dt", {}, "House edge"), el("dd", { id: "house-edge" }, houseEdgeText(answer.house_edge))] : []),
        ),
        el("h3", {}, "Last rounds"),
        answer.last_rounds.length
          ? el("table", { class: "rounds" },
              el("thead", {}, el("tr", {},
                ...["Round", "Status", "Dealer", "Opened", "Staked", "Paid", "Result", ""].map((h) => el("th", {}, h)))),
              el("tbody", {}, ...answer.last_rounds.map((round) => el("tr", { "data-round": round.number },
                el("td", {}, round.number),
                el("td", {}, round.status),
                el("td", {}, round.dealer),
                el("td", {}, clock(round.opened_at)),
                el("td", { class: "amount" }, money(round.staked, "")),
                el("td", { class: "amount" }, money(round.returned, "")),
                el("td", { class: `amount ${isNegative(round.house_result) ? "loss" : ""}` }, money(round.house_result, "")),
                el("td", { class: "warn" }, round.cap_applied ? "capped" : ""),
              ))))
          : el("p", {}, "No rounds yet."),
        playersNode,
        traySectionNode,
        el("form", { method: "dialog" }, el("button", {}, "Close")),
      );
      if (!detail.open) detail.showModal();
      if (tray) detail.querySelector(".tray")?.scrollIntoView();
    } catch (error) {
      setConnection("offline", `Offline: ${refusalText(error)}`);
    } finally {
      drawing -= 1;
      if (!drawing) detail.removeAttribute("aria-busy");
    }
  }

  // The patrons seated at the table now, each rated exactly from the rounds of the session so
  // far: the house's theoretical win beside the patron's actual result.
  async function playersSection(tableId) {
    const section = el("section", { class: "players", "data-players": tableId }, el("h3", {}, "Players"));
    let players;
    try {
      players = await api(urls.playersUrl.replace("{id}", tableId));
    } catch (error) {
      section.append(el("p", { class: "error" }, refusalText(error)));
      return section;
    }
    if (!players.length) {
      section.append(el("p", {}, "Nobody is seated."));
      return section;
    }
    section.append(el("table", { class: "rounds" },
      el("thead", {}, el("tr", {},
        ...["Place", "Player", "Since", "Minutes", "Rounds", "Staked", "Player's result", "Theo", "Chips by the record"].map((h) => el("th", {}, h)))),
      el("tbody", {}, ...players.map((player) => el("tr", { "data-player": player.session.positions[0] },
        el("td", {}, player.session.positions.join(", ")),
        el("td", {}, player.session.patron.label, player.session.paused ? " (on a break)" : ""),
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
    requested: { label: "Approve", path: "approve" },
    issued: { label: "Received", path: "receive", only: "fill" },
  };

  // The table's chip tray in its detail: the open shift, counts waiting for the pit boss's
  // confirmation, the shift's fills and credits with the step the pit takes next, and the
  // reconciled shifts with their difference. Each button posts to the API and redraws.
  async function traySection(tableId) {
    const section = el("section", { class: "tray", "data-tray": tableId }, el("h3", {}, "Chip tray"));
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
      ? `Shift open since ${clock(tray.shift.counted_at)} · opener ${money(tray.shift.total, "")}`
      : "No shift open"));
    for (const count of tray.counts.filter((c) => c.status === "pending")) {
      section.append(el("p", { class: "pending-count", "data-count": count.id },
        `${count.kind === "opener" ? "Opener" : "Closer"} ${money(count.total, "")} counted by ${count.counted_by} at ${clock(count.counted_at)} `,
        el("button", { type: "button", onclick: act(`/api/v1/tray-counts/${count.id}/confirm/`) }, "Confirm"),
        el("button", { type: "button", class: "secondary", onclick: act(`/api/v1/tray-counts/${count.id}/reject/`) }, "Reject")));
    }
    if (tray.slips.length) {
      section.append(el("table", { class: "slips" },
        el("thead", {}, el("tr", {}, ...["Slip", "Kind", "Amount", "Status", ""].map((h) => el("th", {}, h)))),
        el("tbody", {}, ...tray.slips.map((slip) => {
          const next = SLIP_NEXT[slip.status];
          const button = next && (!next.only || next.only === slip.kind)
            ? el("button", { type: "button", onclick: act(`/api/v1/slips/${slip.id}/${next.path}/`) }, next.label)
            : null;
          return el("tr", { "data-slip": slip.number },
            el("td", {}, `#${slip.number}`), el("td", {}, slip.kind),
            el("td", { class: "amount" }, money(slip.amount, "")), el("td", {}, slip.status.replaceAll("_", " ")),
            el("td", {}, button));
        }))));
    }
    if (reconciled.length) {
      section.append(el("table", { class: "reconciliations" },
        el("thead", {}, el("tr", {}, ...["Day", "Win (tray)", "Rounds' result", "Difference"].map((h) => el("th", {}, h)))),
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
      setConnection("live", "Live");
      reloadSoon();
    };
    stream.onerror = () => setConnection("offline", "Offline: reconnecting…");
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
