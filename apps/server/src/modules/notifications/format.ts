import type { TLanguage } from '@fit24/contract';
import { type RawBuilder, sql } from 'kysely';

/** How a notification writes numbers and dates in one language. */
export interface Formatter {
  /** A decimal string as the API gives it ("1250.5") written for people: es "1.250,5". */
  amount(decimal: string): string;
  /** A moment to the minute, in UTC (the server knows no one's time zone). */
  dateTime(date: Date): string;
  /** A calendar day given as "YYYY-MM-DD". */
  day(isoDay: string): string;
}

/** Separators by language, as the app writes numbers: en "61,000.5", es "61.000,5". */
const SEPARATORS: Record<TLanguage, { group: string; decimal: string }> = {
  en: { group: ',', decimal: '.' },
  es: { group: '.', decimal: ',' },
};

const ES_MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

function formatDecimal(language: TLanguage, decimal: string): string {
  const { group, decimal: point } = SEPARATORS[language];
  const [whole = '', fraction] = decimal.split('.');
  const grouped = group ? whole.replace(/\B(?=(\d{3})+$)/g, group) : whole;
  return fraction === undefined ? grouped : `${grouped}${point}${fraction}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "27 Nov 2026", as the app writes a day in English (never ISO in a sentence). */
function enDay(year: number, month: number, day: number): string {
  return `${day} ${EN_MONTHS[month - 1]} ${year}`;
}

function esDay(year: number, month: number, day: number): string {
  return `${day} de ${ES_MONTHS[month - 1]} de ${year}`;
}

/** How each language writes a calendar day: "27 Nov 2026", "27 de noviembre de 2026". */
const DAY: Record<TLanguage, (year: number, month: number, day: number) => string> = { en: enDay, es: esDay };

function formatterOf(language: TLanguage): Formatter {
  const writeDay = DAY[language];
  return {
    amount: (decimal) => formatDecimal(language, decimal),
    dateTime: (date) =>
      `${writeDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate())}, ` +
      `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`,
    day: (isoDay) => {
      const [year, month, day] = isoDay.split('-').map(Number);
      return writeDay(year!, month!, day!);
    },
  };
}

const FORMATTERS: Record<TLanguage, Formatter> = { en: formatterOf('en'), es: formatterOf('es') };

export const formatterFor = (language: TLanguage): Formatter => FORMATTERS[language];

/** A digit followed by whole groups of three to the end: where a group separator goes. */
const GROUPS_OF_THREE = '(\\d)(?=(\\d{3})+$)';

/**
 * `amount` in SQL, for texts a statement writes itself (a fired price alert's price): `decimal` is a text
 * expression such as `trim_scale(x)::text`; the same separators as `Formatter.amount`.
 */
export function sqlAmount(language: TLanguage, decimal: RawBuilder<unknown>): RawBuilder<string> {
  const { group, decimal: point } = SEPARATORS[language];
  const whole = group
    ? sql`regexp_replace(split_part(${decimal}, '.', 1), ${GROUPS_OF_THREE}::text, ${`\\1${group}`}::text, 'g')`
    : sql`split_part(${decimal}, '.', 1)`;
  return sql<string>`(${whole} || case when strpos(${decimal}, '.') > 0
    then ${point}::text || split_part(${decimal}, '.', 2) else '' end)`;
}
