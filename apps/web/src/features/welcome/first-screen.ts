import { flashOutline, lockClosedOutline, trendingUpOutline } from 'ionicons/icons';
import { iconSvg } from '../../components/ui/icon-svg.ts';
import { escapeHtml } from '../../lib/escape-html.ts';

/*
 * The welcome screen as plain HTML, for the page's first paint (issue 15). A visitor's first screen is
 * this one, the same for everyone but for its language, so the build writes it out per language
 * (build/first-paint.ts → first-screens.json) and the server puts it in the HTML it sends for `/`
 * (modules/web): on a slow phone the headline, the highlights and the two ways in are seen with the HTML,
 * ≈ 1.5 s before the app's scripts have come and run, and the two ways in are links that work before
 * they have. It is drawn by src/app/shell.css to the pixel of WelcomePage.tsx and welcome.css (the
 * browser suite compares their boxes), lies over the page, and goes when the app renders into #root, or
 * at once when the device keeps a session (the app goes to home then: the script of modules/web).
 */

/** The strings it shows: welcome.ts's, and common's brand. */
export interface WelcomeFirstScreenStrings {
  brand: string;
  tagline: string;
  highlights: { trade: string; stake: string; protected: string };
  signIn: string;
  createAccount: string;
  /** With the terms' link as `<terms>…</terms>`, as react-i18next's <Trans> takes it. */
  legal: string;
}

const HIGHLIGHT_ICONS = {
  trade: trendingUpOutline,
  stake: flashOutline,
  protected: lockClosedOutline,
} as const;

/** The legal line with its `<terms>` part as a link to the terms (every other character escaped). */
function legalHtml(legal: string): string {
  const match = /^(.*)<terms>(.*)<\/terms>(.*)$/s.exec(legal);
  if (!match) return escapeHtml(legal);
  const [, before = '', terms = '', after = ''] = match;
  return `${escapeHtml(before)}<a href="/terms">${escapeHtml(terms)}</a>${escapeHtml(after)}`;
}

/** BrandMark's SVG at 72 px, with a gradient id of its own (the app's mark is in the page beside it). */
const MARK =
  '<svg width="72" height="72" viewBox="0 0 64 64" aria-hidden="true" focusable="false">' +
  '<defs><linearGradient id="fit24-first-mark" x1="0" y1="0" x2="1" y2="1">' +
  '<stop offset="0" stop-color="#2dd4bf"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs>' +
  '<rect width="64" height="64" rx="16" fill="#111f36" stroke="#22395e"/>' +
  '<path d="M18 46V18h22v6H25v6h13v6H25v10z" fill="url(#fit24-first-mark)"/>' +
  '<circle cx="46" cy="42" r="5" fill="#2dd4bf"/></svg>';

/** The welcome screen's markup in one language. */
export function welcomeFirstScreen(strings: WelcomeFirstScreenStrings): string {
  const highlights = (Object.keys(HIGHLIGHT_ICONS) as Array<keyof typeof HIGHLIGHT_ICONS>)
    .map(
      (key) =>
        `<li><span class="fit24-first__icon" aria-hidden="true">${iconSvg(HIGHLIGHT_ICONS[key])}</span>` +
        `<span>${escapeHtml(strings.highlights[key])}</span></li>`,
    )
    .join('');
  return (
    '<div class="fit24-first fit24-first--welcome" data-first-screen="welcome"><div class="fit24-first__body">' +
    `<div class="fit24-first__brand">${MARK}<h1 class="fit24-first__name">${escapeHtml(strings.brand)}</h1>` +
    `<p class="fit24-first__tagline">${escapeHtml(strings.tagline)}</p></div>` +
    `<ul class="fit24-first__highlights">${highlights}</ul>` +
    '<div class="fit24-first__actions">' +
    `<a class="fit24-first__button" href="/login">${escapeHtml(strings.signIn)}</a>` +
    `<a class="fit24-first__button fit24-first__button--outline" href="/register">${escapeHtml(strings.createAccount)}</a>` +
    `<p class="fit24-first__legal">${legalHtml(strings.legal)}</p></div></div></div>`
  );
}
