import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { startI18n } from '../i18n/i18n.ts';
import type { Namespace } from '../i18n/resources.ts';

// Ionic reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// Components render in English with every namespace loaded up front: nothing suspends in a test.
const namespaces = Object.keys(import.meta.glob('../i18n/locales/en/*.ts')).map(
  (file) => file.replace(/^.*\/(\w+)\.ts$/, '$1') as Namespace,
);
await startI18n('en', namespaces);
