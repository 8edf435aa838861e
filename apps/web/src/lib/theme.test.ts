import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  applyStoredTheme,
  applyTheme,
  getThemeMode,
  readStoredThemeMode,
  THEME_STORAGE_KEY,
  useEffectiveTheme,
  useThemeMode,
} from './theme.ts';

/** A device whose colour scheme the test flips, as the OS settings would. */
function fakeDevice(prefersDark: boolean) {
  const listeners = new Set<() => void>();
  const device = { dark: prefersDark };
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return query.includes('dark') ? device.dark : !device.dark;
      },
      media: query,
      addEventListener: (_: string, listener: () => void) => listeners.add(listener),
      removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
    }) as unknown as MediaQueryList;
  return {
    listeners,
    flip(dark: boolean) {
      device.dark = dark;
      for (const listener of [...listeners]) listener();
    },
  };
}

const original = window.matchMedia;
const html = document.documentElement;

describe("theme: light, dark or the device's", () => {
  beforeEach(() => {
    document.head.innerHTML =
      '<meta name="color-scheme" content="dark"><meta name="theme-color" content="#0a1628">';
  });
  afterEach(() => {
    applyTheme('dark');
    window.matchMedia = original;
  });

  it('paints the palette on <html>, its meta tags, and keeps the choice on the device', () => {
    applyTheme('light');
    expect(html.dataset.theme).toBe('light');
    expect(html.classList.contains('ion-palette-dark')).toBe(false);
    expect(html.style.colorScheme).toBe('light');
    expect(document.querySelector('meta[name="theme-color"]')?.getAttribute('content')).toBe('#f5f7fb');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    applyTheme('dark');
    expect(html.dataset.theme).toBe('dark');
    expect(html.classList.contains('ion-palette-dark')).toBe(true);
    expect(document.querySelector('meta[name="color-scheme"]')?.getAttribute('content')).toBe('dark');
  });

  it('starts from the stored mode, and from dark when nothing or nonsense is stored', () => {
    expect(readStoredThemeMode()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(applyStoredTheme()).toBe('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    expect(applyStoredTheme()).toBe('light');
    expect(getThemeMode()).toBe('light');
    expect(html.dataset.theme).toBe('light');
  });

  it("follows the device's scheme live in system mode, and stops when a fixed mode is chosen", () => {
    const device = fakeDevice(true);
    const { result } = renderHook(() => ({ effective: useEffectiveTheme(), mode: useThemeMode() }));
    act(() => applyTheme('system'));
    expect(result.current).toEqual({ effective: 'dark', mode: 'system' });
    act(() => device.flip(false));
    expect(html.dataset.theme).toBe('light');
    expect(result.current).toEqual({ effective: 'light', mode: 'system' });
    act(() => device.flip(true));
    expect(result.current.effective).toBe('dark');

    act(() => applyTheme('light'));
    expect(device.listeners.size).toBe(0);
    act(() => device.flip(false));
    act(() => device.flip(true));
    expect(html.dataset.theme).toBe('light');
    expect(result.current).toEqual({ effective: 'light', mode: 'light' });
  });

  it('re-renders a reader of the mode even when the palette on screen stays the same', () => {
    fakeDevice(true);
    applyTheme('dark');
    const { result } = renderHook(() => useThemeMode());
    act(() => applyTheme('system'));
    expect(result.current).toBe('system');
    expect(html.dataset.theme).toBe('dark');
  });
});
