import { useSyncExternalStore } from 'react';

/** What the user chose: a fixed palette, or whatever the device's `prefers-color-scheme` says. */
export type ThemeMode = 'dark' | 'light' | 'system';
/** The palette actually shown. */
export type EffectiveTheme = 'dark' | 'light';

/**
 * Device storage key of the chosen mode. Plain localStorage (Capacitor Preferences is asynchronous on
 * native), read synchronously at the top of main.tsx, so the first render has the right palette, and by the
 * page's first script (apps/server/src/modules/web/web.routes.ts), so the first paint has it too.
 */
export const THEME_STORAGE_KEY = 'fit24.theme';

/** The browser colour of the status bar / tab strip for each palette (the header's background). */
const THEME_COLOR: Record<EffectiveTheme, string> = { dark: '#0a1628', light: '#f5f7fb' };

const DARK_QUERY = '(prefers-color-scheme: dark)';

let mode: ThemeMode = 'dark';
let effective: EffectiveTheme = 'dark';
let systemQuery: MediaQueryList | null = null;
const listeners = new Set<() => void>();

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === 'dark' || value === 'light' || value === 'system';
}

/** The mode kept on this device, or 'dark' (the app's original look) when none or an unreadable one. */
export function readStoredThemeMode(): ThemeMode {
  try {
    const value = globalThis.localStorage?.getItem(THEME_STORAGE_KEY);
    return isThemeMode(value) ? value : 'dark';
  } catch {
    return 'dark';
  }
}

function systemPrefersDark(): boolean {
  // No media query support (old WebView, jsdom): dark, the app's default.
  if (typeof globalThis.matchMedia !== 'function') return true;
  return globalThis.matchMedia(DARK_QUERY).matches;
}

function resolve(chosen: ThemeMode): EffectiveTheme {
  if (chosen === 'system') return systemPrefersDark() ? 'dark' : 'light';
  return chosen;
}

function setMeta(name: string, content: string): void {
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`);
  if (meta) meta.content = content;
}

/** Paints the palette on <html>: theme.css keys its variables on `data-theme`, Ionic on its class. */
function paint(next: EffectiveTheme): void {
  const root = document.documentElement;
  root.dataset.theme = next;
  root.classList.toggle('ion-palette-dark', next === 'dark');
  root.style.colorScheme = next;
  setMeta('color-scheme', next);
  setMeta('theme-color', THEME_COLOR[next]);
  effective = next;
}

function emit(): void {
  for (const listener of listeners) listener();
}

function onSystemChange(): void {
  if (mode !== 'system') return;
  const before = effective;
  paint(resolve('system'));
  if (effective !== before) emit();
}

/** Listens to the device's scheme only while the mode is 'system', so a fixed choice never flips. */
function followSystem(on: boolean): void {
  if (typeof globalThis.matchMedia !== 'function') return;
  if (on && !systemQuery) {
    systemQuery = globalThis.matchMedia(DARK_QUERY);
    systemQuery.addEventListener('change', onSystemChange);
  } else if (!on && systemQuery) {
    systemQuery.removeEventListener('change', onSystemChange);
    systemQuery = null;
  }
}

/**
 * Shows `next` now, keeps it on this device for the next start, and with 'system' follows the device's
 * light/dark setting live. Safe to call again with the same mode.
 */
export function applyTheme(next: ThemeMode): void {
  const before = { mode, effective };
  mode = next;
  try {
    globalThis.localStorage?.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // Storage full or blocked: the theme still applies for this run.
  }
  followSystem(next === 'system');
  paint(resolve(next));
  if (mode !== before.mode || effective !== before.effective) emit();
}

/** Applies the stored mode; main.tsx calls it before React renders so the first paint is right. */
export function applyStoredTheme(): ThemeMode {
  const stored = readStoredThemeMode();
  applyTheme(stored);
  return stored;
}

/** The chosen mode (what a Settings control shows as selected). */
export function getThemeMode(): ThemeMode {
  return mode;
}

/** The palette on screen now. */
export function getEffectiveTheme(): EffectiveTheme {
  return effective;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The palette on screen, re-rendering when it changes (a new choice, or the device's scheme in 'system'). */
export function useEffectiveTheme(): EffectiveTheme {
  return useSyncExternalStore(subscribe, getEffectiveTheme, getEffectiveTheme);
}

/** The chosen mode, re-rendering when it changes. */
export function useThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, getThemeMode, getThemeMode);
}
