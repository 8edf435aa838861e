import { escapeHtml } from '../../lib/escape-html.ts';

/*
 * Home as plain HTML, for the page's first paint (issue 15): a signed-in user's first screen is home, its
 * largest text the greeting by the name kept with the session on the device. The build writes this frame
 * per language (build/first-paint.ts → first-screens.json) and the server puts it in the HTML of `/tabs`
 * and `/tabs/home` (modules/web): the toolbar, the greeting and the tab bar's place, drawn by
 * src/app/shell.css where HomePage.tsx, PageFrame and the tab bar draw them (the browser suite compares the
 * greeting's box), the rest of the screen arriving with the app. The page's start script writes the kept
 * name into the greeting before the first paint (modules/web/first-screens.ts); a device with no session
 * kept is sent to welcome by the app, so this frame is hidden for it and the brand shown.
 */

/** The strings it shows: common's `home`. */
export interface HomeFirstScreenStrings {
  title: string;
  /** With the name as `{{name}}`, as i18next takes it. */
  greeting: string;
  greetingAnonymous: string;
}

/** Home's first paint in one language. */
export function homeFirstScreen(strings: HomeFirstScreenStrings): string {
  return (
    '<div class="fit24-first fit24-first--home" data-first-screen="home">' +
    `<div class="fit24-first__toolbar">${escapeHtml(strings.title)}</div>` +
    '<div class="fit24-first__page"><div class="fit24-first__narrow">' +
    `<h1 class="fit24-first__greeting" data-greeting="${escapeHtml(strings.greeting)}">` +
    `${escapeHtml(strings.greetingAnonymous)}</h1></div></div>` +
    '<div class="fit24-first__tab-bar"></div></div>'
  );
}
