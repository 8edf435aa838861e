import { describe, expect, it } from 'vitest';
import { firstScreens } from '../../build/first-paint.ts';
import { welcomeFirstScreen } from '../features/welcome/first-screen.ts';
import en from '../i18n/locales/en/welcome.ts';
import es from '../i18n/locales/es/welcome.ts';
import { homeFirstScreen } from './home/first-screen.ts';

/** The markup parsed as the browser will, to read it as a person would. */
function parse(html: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
}

describe('the first screens’ markup (issue 15)', () => {
  it('is written for every language the app speaks, each with its own strings', () => {
    const { routes, fallbackLanguage } = firstScreens();
    expect(fallbackLanguage).toBe('en');
    expect(Object.keys(routes)).toEqual(['/', '/tabs', '/tabs/home']);
    for (const [language, strings] of [
      ['en', en],
      ['es', es],
    ] as const) {
      const screen = parse(routes['/']?.[language] ?? '');
      expect(screen.querySelector('h1')?.textContent).toBe('FIT24 Exchange');
      expect(screen.querySelector('.fit24-first__tagline')?.textContent).toBe(strings.tagline);
      expect([...screen.querySelectorAll('li')].map((li) => li.textContent)).toEqual(
        Object.values(strings.highlights),
      );
      const links = [...screen.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
      expect(links).toEqual([
        [strings.signIn, '/login'],
        [strings.createAccount, '/register'],
        [/<terms>(.*)<\/terms>/.exec(strings.legal)?.[1], '/terms'],
      ]);
      // Every highlight has its icon drawn inline, hidden from assistive technology.
      expect(screen.querySelectorAll('li .fit24-first__icon[aria-hidden="true"] svg')).toHaveLength(3);
    }
  });

  it('writes home’s frame for /tabs and /tabs/home, with the greeting for the kept name to fill', () => {
    const { routes } = firstScreens();
    expect(routes['/tabs']).toEqual(routes['/tabs/home']);
    for (const [language, greeting, anonymous, title] of [
      ['en', 'Welcome back, {{name}}', 'Welcome back', 'Home'],
      ['es', 'Hola de nuevo, {{name}}', 'Hola de nuevo', 'Inicio'],
    ] as const) {
      const screen = parse(routes['/tabs/home']?.[language] ?? '');
      const h1 = screen.querySelector('h1');
      expect(h1?.getAttribute('data-greeting')).toBe(greeting);
      expect(h1?.textContent).toBe(anonymous);
      expect(screen.querySelector('.fit24-first__toolbar')?.textContent).toBe(title);
    }
    const escaped = parse(
      homeFirstScreen({ title: '<i>', greeting: '"><b>{{name}}', greetingAnonymous: '<u>' }),
    );
    expect(escaped.querySelectorAll('i, b, u')).toHaveLength(0);
    expect(escaped.querySelector('h1')?.getAttribute('data-greeting')).toBe('"><b>{{name}}');
  });

  it('escapes its strings: a translation can hold no markup', () => {
    const screen = parse(
      welcomeFirstScreen({
        brand: '<b>x</b>',
        tagline: '"><img src=x onerror=alert(1)>',
        highlights: { trade: 'a & b', stake: '<i>', protected: '</li>' },
        signIn: '<script>',
        createAccount: 'ok',
        legal: 'Read <terms><img src=x></terms> & agree',
      }),
    );
    expect(screen.querySelectorAll('img, script, b, i')).toHaveLength(0);
    expect(screen.querySelector('h1')?.textContent).toBe('<b>x</b>');
    expect(screen.querySelector('.fit24-first__legal')?.textContent).toBe('Read <img src=x> & agree');
    expect(screen.querySelector('.fit24-first__legal a')?.textContent).toBe('<img src=x>');
  });
});
