// Formatting of dates, numbers, limits and key data for display.

const nf = new Intl.NumberFormat('en');

export const num = (n) => nf.format(n ?? 0);

export function date(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  return d.toLocaleDateString('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
}

export function dateTime(iso) {
  if (!iso) return '—';
  const d = new Date(iso);
  return `${d.toLocaleDateString('en-CA', { timeZone: 'UTC' })} ${d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** "3 minutes ago", "in 6 days", "never". */
export function relative(iso, never = 'never') {
  if (!iso) return never;
  const diff = new Date(iso).getTime() - Date.now();
  const abs = Math.abs(diff);
  const units = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ];
  const rtf = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const [unit, ms] of units) if (abs >= ms) return rtf.format(Math.round(diff / ms), unit);
  return diff < 0 ? 'just now' : 'in a moment';
}

const WINDOWS = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
  [1, 'second'],
];

/** {limit: 60, windowSeconds: 60} → "60 / minute"; odd windows → "100 / 90 s". */
export function rate(r) {
  if (!r) return '—';
  for (const [secs, name] of WINDOWS) if (r.windowSeconds === secs) return `${num(r.limit)} / ${name}`;
  return `${num(r.limit)} / ${num(r.windowSeconds)} s`;
}

/** The units a rate-limit window can be written in, largest first. */
export const WINDOW_UNITS = WINDOWS.map(([seconds, name]) => ({ seconds, name }));

/**
 * Any window the API accepts (1–86,400 s) as an amount of the largest unit that divides it exactly:
 * 86400 → 1 day, 120 → 2 minutes, 90 → 90 seconds. So a form shows the stored window as it is.
 */
export function splitWindow(windowSeconds) {
  const unit = WINDOW_UNITS.find((u) => windowSeconds % u.seconds === 0) || WINDOW_UNITS.at(-1);
  return { amount: windowSeconds / unit.seconds, unit: unit.seconds };
}

/** "Pro trial" while a trial runs, else "Free plan": the same words in the sidebar, on the keys and usage pages. */
export function planLabel(me) {
  return me.trial && me.trial.active ? `${me.plan.name} trial` : `${me.plan.name} plan`;
}

export function percent(part, whole) {
  if (!whole) return '0%';
  const p = (100 * part) / whole;
  return `${p < 10 && p > 0 ? p.toFixed(1) : Math.round(p)}%`;
}
