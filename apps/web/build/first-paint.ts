import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

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
 */

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
          return html.replace(SHELL_LINK, `${FIRST_PAINT_STYLE}${shellCss()}</style>`);
        },
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
