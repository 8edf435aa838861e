import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { TLanguage } from '@fit24/contract';
import type { Plugin } from 'vite';
import { homeFirstScreen } from '../src/app/home/first-screen.ts';
import { welcomeFirstScreen } from '../src/features/welcome/first-screen.ts';
import enCommon from '../src/i18n/locales/en/common.ts';
import enWelcome from '../src/i18n/locales/en/welcome.ts';
import esCommon from '../src/i18n/locales/es/common.ts';
import esWelcome from '../src/i18n/locales/es/welcome.ts';
import { FALLBACK_LANGUAGE } from './route-preloads.ts';

/*
 * Why this exists (issue 15): the app's stylesheet (Ionic's core, the theme: ≈ 52 KB) was render-blocking,
 * so a phone saw nothing until it had arrived, a round trip and its transfer after the HTML (Lighthouse:
 * "eliminate render-blocking resources", ≈ 150 ms of first paint). The first paint needs none of it — only
 * the brand on the page's colour (src/app/shell.css) — so:
 * - shell.css is written into index.html as a `<style data-first-paint>` (the server stamps this answer's
 *   CSP nonce on it, modules/web), painting with the HTML alone;
 * - the app's stylesheet is named as `<link rel="preload" as="style" data-app-styles>`: fetched at once,
 *   at the same priority, without holding the first paint; the entry makes it the page's stylesheet and
 *   renders once it is applied (src/lib/app-styles.ts), so no screen is ever drawn unstyled.
 * And the brand alone was still the page until the scripts (≈ 130 KB brotli) had come and run, ≈ 2.2 s on
 * Lighthouse's phone: a visitor's first screen, welcome, is the same for everyone but for its language, and
 * so is home's frame but for the kept name, so both are written out per language to `first-screens.json`
 * (features/welcome/first-screen.ts, app/home/first-screen.ts), which the server puts in the HTML of `/` and
 * `/tabs/home` in the request's language, where the marker below stands.
 */

/** The file the server reads (apps/server/src/modules/web/first-screens.ts). */
export const FIRST_SCREENS_FILE = 'first-screens.json';

/** Where index.html takes a route's first screen (the server replaces it, with nothing for other routes). */
export const FIRST_SCREEN_MARKER = '<!--FIT24_FIRST_SCREEN-->';

/** The welcome screen's strings in every language the app speaks (a language added fails to compile here). */
const WELCOME_STRINGS: Record<TLanguage, Parameters<typeof welcomeFirstScreen>[0]> = {
  en: { brand: enCommon.brand, ...enWelcome },
  es: { brand: esCommon.brand, ...esWelcome },
};

/** Home's strings in every language the app speaks. */
const HOME_STRINGS: Record<TLanguage, Parameters<typeof homeFirstScreen>[0]> = {
  en: enCommon.home,
  es: esCommon.home,
};

/** The content of first-screens.json. */
export interface FirstScreens {
  /** i18n.ts's fallback language: the one used when the request names none the app speaks. */
  fallbackLanguage: string;
  /** By route pattern, then language: the markup of the route's first screen. */
  routes: Record<string, Record<string, string>>;
}

export function firstScreens(): FirstScreens {
  const byLanguage = <T>(strings: Record<TLanguage, T>, screen: (strings: T) => string) =>
    Object.fromEntries(Object.entries<T>(strings).map(([language, text]) => [language, screen(text)]));
  const home = byLanguage(HOME_STRINGS, homeFirstScreen);
  // `/tabs` shows home too (TabsLayout's redirect).
  return {
    fallbackLanguage: FALLBACK_LANGUAGE,
    routes: { '/': byLanguage(WELCOME_STRINGS, welcomeFirstScreen), '/tabs': home, '/tabs/home': home },
  };
}

/** The marker the server replaces with the nonce-carrying tag (apps/server/src/modules/web). */
export const FIRST_PAINT_STYLE = '<style data-first-paint>';
const SHELL_LINK = /<link rel="stylesheet" href="\/src\/app\/shell\.css" \/>/;
const ENTRY_STYLESHEET = /<link rel="stylesheet"( crossorigin)? href="(\/assets\/index-[^"]+\.css)">/;

/** The shell's styles (Vite minifies an inline <style> of index.html as it does a stylesheet). */
function shellCss(): string {
  return readFileSync(resolve(import.meta.dirname, '../src/app/shell.css'), 'utf8');
}

export function firstPaint(): Plugin[] {
  return [
    {
      name: 'fit24-first-paint:shell',
      apply: 'build',
      transformIndexHtml: {
        order: 'pre',
        handler(html) {
          if (!SHELL_LINK.test(html)) throw new Error('index.html no longer links src/app/shell.css');
          if (!html.includes(FIRST_SCREEN_MARKER))
            throw new Error(`index.html has no ${FIRST_SCREEN_MARKER}`);
          return html.replace(SHELL_LINK, `${FIRST_PAINT_STYLE}${shellCss()}</style>`);
        },
      },
    },
    {
      name: 'fit24-first-paint:first-screens',
      apply: 'build',
      // After Vite's HTML plugin has written index.html into the bundle.
      enforce: 'post',
      generateBundle(_options, bundle) {
        // The service worker's own build (vite-plugin-pwa) has no index.html.
        if (!Object.values(bundle).some((file) => file.fileName === 'index.html')) return;
        this.emitFile({
          type: 'asset',
          fileName: FIRST_SCREENS_FILE,
          source: JSON.stringify(firstScreens()),
        });
      },
    },
    {
      // After Vite has written the entry's tags: its stylesheet becomes a preload the entry applies.
      name: 'fit24-first-paint:app-styles',
      apply: 'build',
      transformIndexHtml: {
        order: 'post',
        handler(html) {
          if (!ENTRY_STYLESHEET.test(html)) throw new Error('the built index.html has no entry stylesheet');
          return html.replace(
            ENTRY_STYLESHEET,
            '<link rel="preload" as="style"$1 href="$2" data-app-styles>',
          );
        },
      },
    },
  ];
}
