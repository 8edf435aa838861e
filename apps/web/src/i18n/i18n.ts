import { LANGUAGE_COOKIE, LANGUAGES, type TLanguage } from '@fit24/contract';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from './locales/en/common.ts';
import { rememberTranslations } from './remembered.ts';
import type { Namespace } from './resources.ts';
import './resources.ts';

/**
 * The app's languages (issue 15): English, the source, and Spanish, complete. Each screen's strings are a
 * namespace of their own, fetched with the screen's chunk; English `common` is in the first script, so
 * the shell, the offline banner and the first spinner never wait on a file. Components read strings with
 * `useTranslation('<namespace>')`; code outside React (lib/) with `i18n.t`.
 */

/** Device storage key of the language, read before the first render like the theme. */
export const LANGUAGE_STORAGE_KEY = 'fit24.language';

/** Each language's locale for numbers and dates. */
const LOCALE: Record<TLanguage, string> = { en: 'en-GB', es: 'es-ES' };

type Loader = () => Promise<{ default: object }>;
const files = import.meta.glob<{ default: object }>('./locales/*/*.ts');

/** Reads a namespace from its own chunk: `./locales/<language>/<namespace>.ts`. */
const chunks: BackendModule = {
  type: 'backend',
  init: () => {},
  read(language: string, namespace: string, done: ReadCallback) {
    const load: Loader | undefined = files[`./locales/${language}/${namespace}.ts`];
    if (!load) {
      done(new Error(`no strings for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => done(null, module.default as Record<string, unknown>),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

export function isLanguage(value: unknown): value is TLanguage {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language kept on this device, else the device's own when we speak it, else English. */
export function initialLanguage(): TLanguage {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_STORAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked: fall through to the device's language.
  }
  const device = (globalThis.navigator?.language ?? 'en').slice(0, 2).toLowerCase();
  return isLanguage(device) ? device : 'en';
}

export const i18n = i18next.createInstance();

/** The language on screen now. */
export function currentLanguage(): TLanguage {
  return isLanguage(i18n.language) ? i18n.language : 'en';
}

/** The locale numbers, dates and names are written in for a language ("en-GB", "es-ES"). */
export function localeOf(language: string): string {
  return isLanguage(language) ? LOCALE[language] : LOCALE.en;
}

/** The locale of the language on screen. */
export function currentLocale(): string {
  return LOCALE[currentLanguage()];
}

/**
 * Says which language is on screen: to assistive technology (`<html lang>`) and to the server, which
 * names that language's strings in the next page it sends (a cookie for a year, never sent elsewhere).
 */
function announceLanguage(language: TLanguage): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  const secure = globalThis.location?.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: one of two fixed words; the Cookie Store API is async and missing in older WebViews
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/**
 * Starts i18next in `language` with `namespaces` ready (English `common` is bundled; the rest load from
 * their chunks). Called once before the first render.
 */
export async function startI18n(
  language: TLanguage = initialLanguage(),
  namespaces: Namespace[] = ['common'],
): Promise<void> {
  await i18n
    .use(chunks)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: 'en',
      supportedLngs: [...LANGUAGES],
      ns: namespaces,
      defaultNS: 'common',
      resources: { en: { common } },
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
    });
  rememberTranslations(i18n);
  announceLanguage(language);
}

/** Switches the language on screen and keeps it on this device (the account keeps it too: Settings). */
export async function setLanguage(language: TLanguage): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage blocked: the choice lasts until reload, and the account still has it.
  }
  if (language === i18n.language) return;
  await i18n.changeLanguage(language);
  announceLanguage(language);
}
