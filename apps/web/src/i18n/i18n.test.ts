import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { LANGUAGE_COOKIE } from '@fit24/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { findHardcodedStrings, USER_APP_DIRS } from '../../build/hardcoded-strings.ts';
import { formatDateTime } from '../lib/date-time.ts';
import { formatAgo } from '../lib/format.ts';
import { formatAmount, formatUsd } from '../lib/money.ts';
import { i18n, setLanguage } from './i18n.ts';

type Strings = { [key: string]: string | Strings };

const english = import.meta.glob<{ default: Strings }>('./locales/en/*.ts', { eager: true });
const spanish = import.meta.glob<{ default: Strings }>('./locales/es/*.ts', { eager: true });

function leaves(strings: Strings, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(strings)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const namespaces = Object.keys(english).map((file) => file.replace(/^.*\/(\w+)\.ts$/, '$1'));
const catalogue = (language: 'en' | 'es', ns: string): Map<string, string> =>
  leaves((language === 'en' ? english : spanish)[`./locales/${language}/${ns}.ts`]!.default);

/** `{{name}}` interpolations and `<tag>` markup of a string: a translation must keep the same ones. */
const slots = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)\s*\/?>/g)].map((m) => m[0].replace(/\s/g, '')).sort();

/** Words that are the same in Spanish: names, tickers, units and borrowed words. */
const SAME_IN_SPANISH = new Set([
  'FIT24',
  'FIT24 Exchange',
  'English',
  'Español',
  'OK',
  'Insta',
  'Staking',
  'Stop',
  'Stakings',
  'Surge',
  'X',
  'Surge X',
  'Email',
  'Push',
  'Total',
  'Memo',
  'Tx',
  'Google Play',
  'App Store',
]);

/** Whether `text` reads the same in Spanish: what is left without placeholders is a name or a code. */
function sameInSpanish(text: string): boolean {
  const words = text
    .replace(/\{\{\s*\w+\s*\}\}/g, '')
    .replace(/[()]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return words.length <= 3 || SAME_IN_SPANISH.has(words) || /^[\p{Lu}\d\s./:%+-]+$/u.test(words);
}

describe('the app in two languages', () => {
  afterEach(async () => {
    await setLanguage('en');
  });

  it('has no user-facing string written in the code (every one comes from a language file)', () => {
    const src = resolve(import.meta.dirname, '..');
    const found = findHardcodedStrings(src, USER_APP_DIRS);
    expect(found.map((f) => `${f.file}:${f.line} ${f.text}`)).toEqual([]);
  });

  it('counts words between tags of markup written in the code, not its tags and attributes', () => {
    const src = mkdtempSync(join(tmpdir(), 'fit24-strings-'));
    writeFileSync(
      join(src, 'markup.ts'),
      [
        'export const mark = \'<svg viewBox="0 0 64 64" aria-hidden="true"><linearGradient id="Brand Mark"/></svg>\';',
        'export const words = \'<p class="note">Sign in to Continue.</p>\';',
      ].join('\n'),
    );
    const found = findHardcodedStrings(src, ['markup.ts']);
    expect(found.map((f) => f.line)).toEqual([2]);
  });

  it.each(namespaces)('has every %s string in Spanish, with the same placeholders and markup', (ns) => {
    const en = catalogue('en', ns);
    const es = catalogue('es', ns);
    expect([...es.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of en) {
      const translated = es.get(key)!;
      expect(translated.trim(), `${ns}:${key} is empty`).not.toBe('');
      expect(slots(translated), `${ns}:${key} placeholders`).toEqual(slots(text));
    }
  });

  it('translates, not copies: Spanish differs from English wherever a word is to be read', () => {
    const copies: string[] = [];
    let total = 0;
    for (const ns of namespaces) {
      const es = catalogue('es', ns);
      for (const [key, text] of catalogue('en', ns)) {
        total += 1;
        if (es.get(key) === text && !sameInSpanish(text)) copies.push(`${ns}:${key} "${text}"`);
      }
    }
    expect(total).toBeGreaterThan(1000);
    expect(copies).toEqual([]);
  });

  it('writes numbers, money, dates and time words in the language on screen', async () => {
    const moment = Date.UTC(2025, 2, 12, 14, 5) / 1000;
    expect(formatAmount('1250.5')).toBe('1,250.50');
    expect(formatUsd('-80312.4')).toBe('-$80,312.40');
    expect(formatDateTime(moment)).toMatch(/^12 Mar 2025, \d\d:05$/);
    expect(formatAgo(moment - 3 * 86_400, moment)).toBe('3 days ago');

    await setLanguage('es');
    expect(i18n.language).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    // The server reads it to name the Spanish strings in the next page it sends (route-preloads.ts).
    expect(document.cookie).toContain(`${LANGUAGE_COOKIE}=es`);
    expect(formatAmount('1250.5')).toBe('1.250,50');
    expect(formatAmount('0.00012345')).toBe('0,00012345');
    expect(formatUsd('-80312.4')).toBe('-80.312,40\u00a0US$');
    expect(formatDateTime(moment)).toMatch(/^12 mar 2025, \d\d:05$/);
    expect(formatAgo(moment - 3 * 86_400, moment)).toBe('hace 3 días');
    expect(formatAgo(moment - 86_400, moment)).toBe('hace 1 día');
    expect(i18n.t('common:validation.required')).toBe('Es obligatorio');
  });
});
