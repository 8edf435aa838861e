import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { welcomePage } from './app/routes.tsx';
import { startI18n } from './i18n/i18n.ts';
import type { Namespace } from './i18n/resources.ts';
import { applyAppStyles } from './lib/app-styles.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { loadSession } from './lib/session.ts';
import { applyStoredTheme } from './lib/theme.ts';

// The stored light/dark/system choice is painted on <html> before anything renders (no flash of the
// wrong palette); it is synchronous, unlike the session below.
applyStoredTheme();

registerServiceWorker();

// The session is read from device storage once, before the first render, so guards decide synchronously;
// the language's shared strings are ready by then too (English is in this script, Spanish one small file).
// A visitor's first screen is welcome: its page and its strings are fetched now, beside the session,
// rather than after a first render asks for them (one round trip less before its headline, the largest
// paint).
const atWelcome = window.location.pathname === '/';
const firstStrings: Namespace[] = atWelcome ? ['common', 'welcome'] : ['common'];
// The app's stylesheet was fetched beside this script without holding the first paint (index.html);
// it is applied before the first render, so no screen is drawn unstyled.
void Promise.all([
  applyAppStyles(),
  loadSession(),
  startI18n(undefined, firstStrings),
  atWelcome ? welcomePage() : undefined,
]).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
