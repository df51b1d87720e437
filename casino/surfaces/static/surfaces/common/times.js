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
