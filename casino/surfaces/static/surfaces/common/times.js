// Times as the casino reads them: in its own zone, which the page names beside them (a time
// without its zone was read in the zone of whoever looked). Plain ES module, no build step.

/** ``iso`` (an instant the API answers) as "YYYY-MM-DD HH:MM:SS" in ``zone``; "—" for none. */
export function dateTime(iso, zone) {
  if (!iso) return "—";
  const parts = Object.fromEntries(new Intl.DateTimeFormat("en-GB", {
    timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit",
    hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23",
  }).formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** ``iso`` as "HH:MM" in ``zone``; "—" for none. */
export function clockTime(iso, zone) {
  if (!iso) return "—";
  return new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: zone }).format(new Date(iso));
}

const wallParts = (ms, zone) => Object.fromEntries(new Intl.DateTimeFormat("en-GB", {
  timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
}).formatToParts(new Date(ms)).map((part) => [part.type, Number(part.value)]));

/** The instant (ISO, UTC) at which the clocks of ``zone`` show the wall time ``local``
 *  ("YYYY-MM-DDTHH:MM", as a datetime-local field gives it): what a user types is read in the
 *  casino's zone, never in the zone of the browser. As Python reads a wall time (``fold=0``): a
 *  time a clock change repeats is its first pass, one it skips (02:30 when 02:00 becomes 03:00)
 *  is read at the offset before the change, an hour on (03:30). */
export function instantAt(local, zone) {
  const [y, mo, d, h, mi] = local.split(/[-T:]/).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const DAY = 86_400_000;
  // The zone's offset (its wall clock ahead of UTC) at the instant ``ms``, to the minute.
  const offset = (ms) => {
    const p = wallParts(ms, zone);
    return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(ms / 60_000) * 60_000;
  };
  // A change of offset lies at most a day away in any zone's rules: the offsets around the
  // wall time are the candidates, and an instant fits when the clock shows that wall time then.
  const before = offset(wall - DAY);
  const fitting = [...new Set([before, offset(wall), offset(wall + DAY)])]
    .map((o) => wall - o)
    .filter((ms) => offset(ms) === wall - ms)
    .sort((a, b) => a - b);
  return new Date(fitting.length ? fitting[0] : wall - before).toISOString();
}

/** ``iso``'s wall time in ``zone`` as "YYYY-MM-DDTHH:MM" (a datetime-local field's value). */
export function wallTime(iso, zone) {
  const p = wallParts(Date.parse(iso), zone);
  const two = (n) => String(n).padStart(2, "0");
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}
