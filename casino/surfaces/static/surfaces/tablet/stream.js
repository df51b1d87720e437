// The pit's push stream, read with the dealer's token: what changes at this table reaches the
// tablet without a reload (the tray's steps, an undo decided on the pit board, the payouts
// confirmed by the pit boss). ``EventSource`` cannot send the Authorization header, so the
// stream is read with fetch, split into events at each empty line, and read again after it ends
// with the last version seen (``Last-Event-ID``), as docs/pit-board.md "Push" describes.

const RETRY_MS = 1000;
// A refusal (the dealer moved away, the token ended) is not worth retrying soon.
const REFUSED_RETRY_MS = 30000;

/**
 * Follow ``url`` with ``token()`` (read at each connection) until ``stop()`` is called.
 * ``onEvent({kind, data, table, name})`` gets each change (``name`` "message"), and the
 * stream's own ``ready`` and ``resync`` (``name`` set, no kind): reload what is shown.
 * ``onState(live)`` says whether the stream is connected. Answers ``{stop}``.
 */
export function follow(url, { token, onEvent, onState = () => {} }) {
  let stopped = false;
  let lastId = null;
  let controller = null;
  let timer = null;

  const later = (ms) => {
    if (stopped) return;
    timer = setTimeout(connect, ms);
  };

  async function connect() {
    timer = null;
    const key = token();
    if (stopped || !key) return;
    controller = new AbortController();
    const headers = { Authorization: `Token ${key}`, Accept: "text/event-stream" }; // i18n: not words - headers
    if (lastId) headers["Last-Event-ID"] = lastId;
    let retry = RETRY_MS;
    try {
      const response = await fetch(url, { headers, signal: controller.signal, cache: "no-store", credentials: "omit" });
      if (!response.ok || !response.body) {
        onState(false);
        later(response.status >= 400 && response.status < 500 ? REFUSED_RETRY_MS : RETRY_MS);
        return;
      }
      onState(true);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value.replaceAll("\r\n", "\n");
        let end;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parse(block);
          if (event.retry) retry = event.retry;
          if (event.id) lastId = event.id;
          if (event.data === null && !["ready", "resync"].includes(event.name)) continue;
          deliver(event);
        }
      }
    } catch {
      // The network dropped, or stop() aborted it.
    }
    onState(false);
    later(retry);
  }

  function deliver(event) {
    let payload = {};
    try { payload = event.data ? JSON.parse(event.data) : {}; } catch { return; }
    onEvent({ name: event.name, kind: payload.kind, data: payload.data || {}, table: payload.table });
  }

  connect();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    },
  };
}

/** One event's lines: ``id``, ``event`` (its name, "message" when none), ``data``, ``retry``;
 *  a line starting with ":" is a heartbeat. */
function parse(block) {
  const event = { id: null, name: "message", data: null, retry: null };
  for (const line of block.split("\n")) {
    if (!line || line.startsWith(":")) continue;
    const at = line.indexOf(":");
    const field = at < 0 ? line : line.slice(0, at);
    const value = at < 0 ? "" : line.slice(at + 1).replace(/^ /, "");
    if (field === "id") event.id = value;
    else if (field === "event") event.name = value;
    else if (field === "data") event.data = event.data === null ? value : `${event.data}\n${value}`;
    else if (field === "retry" && /^\d+$/.test(value)) event.retry = Number(value);
  }
  return event;
}
