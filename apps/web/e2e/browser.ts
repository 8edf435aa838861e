import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** A system Chromium: CHROME_PATH first, then the usual places. Never a downloaded browser. */
export function findChrome(): string {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
    '/usr/bin/google-chrome-stable',
    '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  ].filter((path): path is string => Boolean(path));
  const found = candidates.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Chromium found. Install one (Debian: apt-get install -y chromium) or set CHROME_PATH to its binary.',
    );
  }
  return found;
}

/** The switches every test Chromium starts with. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: findChrome(), headless: true, args: CHROMIUM_ARGS });
}
