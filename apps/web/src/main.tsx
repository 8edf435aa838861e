import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { startI18n } from './i18n/i18n.ts';
import { registerServiceWorker } from './lib/service-worker.ts';
import { loadSession } from './lib/session.ts';
import { applyStoredTheme } from './lib/theme.ts';

// The stored light/dark/system choice is painted on <html> before anything renders (no flash of the
// wrong palette); it is synchronous, unlike the session below.
applyStoredTheme();

registerServiceWorker();

// The session is read from device storage once, before the first render, so guards decide synchronously;
// the language's shared strings are ready by then too (English is in this script, Spanish one small file).
void Promise.all([loadSession(), startI18n()]).then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
