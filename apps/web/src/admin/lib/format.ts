import { formatDateTime } from '../../lib/date-time.ts';

/** Epoch seconds → "2026-11-26 14:05:09" (local): sortable, exact to the second, for the trail and lists. */
export function stamp(epochSeconds: number | null | undefined): string {
  if (epochSeconds === null || epochSeconds === undefined) return '';
  const d = new Date(epochSeconds * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A recent moment in a narrow column: "11-25 19:53" this year, "2025-11-25" before. */
export function shortStamp(epochSeconds: number, now = new Date()): string {
  const full = stamp(epochSeconds);
  return full.startsWith(String(now.getFullYear())) ? full.slice(5, 16) : full.slice(0, 10);
}

/** The same moment as people read it: "12 Mar 2025, 14:05". */
export function when(epochSeconds: number | null | undefined): string {
  return epochSeconds === null || epochSeconds === undefined ? '—' : formatDateTime(epochSeconds);
}

/** "0.001" → "0.1%": a fee rate (a fraction) as a percentage, moved two places in decimal, never rounded. */
export function percentOf(rate: string): string {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(rate);
  if (!match) return rate;
  const fraction = (match[2] ?? '').padEnd(2, '0');
  const whole = `${match[1]}${fraction.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = fraction.slice(2).replace(/0+$/, '');
  return `${whole}${rest ? `.${rest}` : ''}%`;
}
