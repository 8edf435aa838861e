import { describe, expect, it, vi } from 'vitest';
import {
  api,
  expectPage,
  newPhonePage,
  plantSession,
  shootBothSizes,
  shooter,
  suiteStack,
  visibleText,
} from './harness.ts';
import { demoTour, visit } from './tour.ts';

const shot = shooter('language');
const eventually = (check: () => Promise<void> | void) =>
  vi.waitFor(check, { timeout: 15_000, interval: 100 });

type Strings = { [key: string]: string | Strings };
const englishFiles = import.meta.glob<{ default: Strings }>('../src/i18n/locales/en/*.ts', { eager: true });
const spanishFiles = import.meta.glob<{ default: Strings }>('../src/i18n/locales/es/*.ts', { eager: true });

function leaves(strings: Strings, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(strings)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else leaves(value, path, out);
  }
  return out;
}

/**
 * The English sentences a Spanish screen must not show: every English string of the app of three words
 * or more (placeholders and markup cut out, each piece long enough to be telling) that Spanish writes
 * differently.
 */
function englishSentences(): string[] {
  const sentences = new Set<string>();
  for (const [file, module] of Object.entries(englishFiles)) {
    const spanish = leaves(spanishFiles[file.replace('/en/', '/es/')]!.default);
    for (const [key, text] of leaves(module.default)) {
      if (spanish.get(key) === text) continue;
      for (const piece of text.split(/\{\{\s*\w+\s*\}\}|<\/?\w+\s*\/?>/)) {
        const words = piece.trim();
        if (words.split(/\s+/).length >= 3 && words.length >= 16) sentences.add(words);
      }
    }
  }
  return [...sentences];
}

/**
 * Issue 15: Settings switches the language; the choice survives a reload and follows the account to
 * another device; in Spanish, no screen of the app shows an English sentence of the app's own, and
 * numbers and dates are written the Spanish way.
 */
describe('the app in Spanish', () => {
  const stack = suiteStack({ demo: true });

  it('switches to Spanish in Settings, keeps it on the account, and every screen speaks it', {
    timeout: 300_000,
  }, async () => {
    const tour = await demoTour(stack);
    const { context, page } = await newPhonePage(stack);
    await plantSession(page, tour.session);
    await page.goto('/settings');
    await expectPage(page, 'settings', '/settings');
    await page.getByTestId('settings-language-es').click();
    await eventually(async () => {
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      const saved = await api(stack, 'GET', '/api/settings', { token: tour.session.token });
      expect(saved.body.data.settings.language).toBe('es');
    });
    await eventually(async () => expect(await visibleText(page)).toContain('Idioma'));
    await shootBothSizes(page, shot, 'settings-es');

    // A reload starts in Spanish (kept on this device), numbers the Spanish way.
    await page.goto('/tabs/wallet');
    await expectPage(page, 'tabs/wallet', '/tabs/wallet');
    await eventually(async () => {
      const text = await visibleText(page);
      expect(text).toContain('Billetera');
      expect(text).toMatch(/\d{1,3}(\.\d{3})*,\d{2}/);
    });
    await shootBothSizes(page, shot, 'wallet-es');

    const english = englishSentences();
    expect(english.length).toBeGreaterThan(300);
    const leftovers: string[] = [];
    for (const screen of [...tour.signedIn]) {
      await visit(page, screen);
      const text = await visibleText(page);
      for (const sentence of english) if (text.includes(sentence)) leftovers.push(`${screen}: "${sentence}"`);
    }
    await visit(page, '/tabs/home');
    await shootBothSizes(page, shot, 'home-es');
    await visit(page, tour.signedIn.find((s) => s.startsWith('/trade'))!);
    await shootBothSizes(page, shot, 'trade-es');
    expect(leftovers.join('\n')).toBe('');
    await context.close();

    // Another device, nothing stored on it: signing in brings the account's language.
    const other = await newPhonePage(stack);
    await plantSession(other.page, tour.session);
    await other.page.goto('/tabs/home');
    await expectPage(other.page, 'tabs/home', '/tabs/home');
    await eventually(async () =>
      expect(await other.page.evaluate(() => document.documentElement.lang)).toBe('es'),
    );
    await eventually(async () => expect(await visibleText(other.page)).toContain('Valor de la cartera'));
    await other.context.close();
    await api(stack, 'POST', '/api/settings', { token: tour.session.token, body: { language: 'en' } });
  });

  it('shows the visitor screens in Spanish on a Spanish device', async () => {
    const context = await stack.browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: stack.baseUrl,
      locale: 'es-ES',
    });
    const page = await context.newPage();
    const english = englishSentences();
    const leftovers: string[] = [];
    for (const screen of ['/', '/login', '/register', '/forgot', '/terms']) {
      await visit(page, screen);
      const text = await visibleText(page);
      for (const sentence of english) if (text.includes(sentence)) leftovers.push(`${screen}: "${sentence}"`);
    }
    await visit(page, '/');
    expect(await visibleText(page)).toContain('Iniciar sesión');
    await shot(page, 'welcome-es-390');
    expect(leftovers.join('\n')).toBe('');
    await context.close();
  });
});
