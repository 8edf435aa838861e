// `node --import tsx scripts/app-icons.ts`: draws the app's icons and splash screens from the FIT24 mark
// (the monogram of apps/web/src/components/ui/BrandMark.tsx) in the system Chromium, and writes them as
// PNG files: the web app's (apps/web/public: install icons, maskable icons, apple-touch-icon) and the
// native shells' (Android launcher icons and splash screens, the iOS app icon and splash). Run it again
// after changing the mark; the files are committed.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../apps/web/e2e/browser.ts';
import { opaquePng } from './png-rgb.ts';

const web = 'apps/web';
const NAVY = '#0a1628';
const TILE = '#111f36';
const TILE_EDGE = '#22395e';

/** The monogram in a 64-unit box, its centre at (32, 32). */
const MONOGRAM = `
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="#2dd4bf"/><stop offset="1" stop-color="#0ea5e9"/>
  </linearGradient></defs>
  <g transform="translate(-2.5 -0.5)">
    <path d="M18 46V18h22v6H25v6h13v6H25v10z" fill="url(#g)"/><circle cx="46" cy="42" r="5" fill="#2dd4bf"/>
  </g>`;

type Look =
  /** The mark's rounded tile on a transparent ground ("any" icons, Android's legacy icon). */
  | { kind: 'tile' }
  /** The monogram at `scale` of its 64-unit box on a full navy square (maskable, Apple) or a circle. */
  | { kind: 'full' | 'round'; scale: number }
  /** The monogram alone on transparency (Android's adaptive foreground). */
  | { kind: 'bare'; scale: number }
  /** A navy screen of any shape with the monogram `scale` × its shorter side, centred (splashes). */
  | { kind: 'splash'; scale: number };

function svg(look: Look, width: number, height: number): string {
  if (look.kind === 'tile') {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="${width}" height="${height}">
      <rect x="1" y="1" width="62" height="62" rx="15" fill="${TILE}" stroke="${TILE_EDGE}" stroke-width="1"/>
      ${MONOGRAM.replace('translate(-2.5 -0.5)', 'translate(0 0)')}</svg>`;
  }
  const side = Math.min(width, height);
  const size = look.kind === 'splash' ? side * look.scale : side * look.scale;
  const ground =
    look.kind === 'full' || look.kind === 'splash'
      ? `<rect width="${width}" height="${height}" fill="${NAVY}"/>`
      : look.kind === 'round'
        ? `<circle cx="${width / 2}" cy="${height / 2}" r="${side / 2}" fill="${NAVY}"/>`
        : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${ground}
    <svg x="${(width - size) / 2}" y="${(height - size) / 2}" width="${size}" height="${size}" viewBox="0 0 64 64">${MONOGRAM}</svg></svg>`;
}

async function render(page: Page, look: Look, width: number, height: number, path: string): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg(look, width, height)}</body></html>`,
  );
  const png = await page.screenshot({ omitBackground: true, type: 'png' });
  // Opaque looks are written without an alpha channel: the App Store refuses an app icon that has one.
  writeFileSync(path, look.kind === 'full' || look.kind === 'splash' ? opaquePng(png) : png);
  console.log(`${path} (${width}×${height})`);
}

/** Width and height of a PNG file (its IHDR chunk), to redraw a generated splash at its own size. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

async function webIcons(page: Page): Promise<void> {
  for (const size of [192, 512]) {
    await render(page, { kind: 'tile' }, size, size, join(web, `public/icons/icon-${size}.png`));
    // Maskable: the platform crops to its shape inside the middle 80%; the monogram stays within it.
    await render(
      page,
      { kind: 'full', scale: 0.62 },
      size,
      size,
      join(web, `public/icons/maskable-${size}.png`),
    );
  }
  await render(page, { kind: 'full', scale: 0.72 }, 180, 180, join(web, 'public/apple-touch-icon.png'));
}

const ANDROID_DENSITIES = { mdpi: 1, hdpi: 1.5, xhdpi: 2, xxhdpi: 3, xxxhdpi: 4 } as const;

async function androidIcons(page: Page): Promise<void> {
  const res = join(web, 'android/app/src/main/res');
  if (!existsSync(res)) return;
  for (const [density, factor] of Object.entries(ANDROID_DENSITIES)) {
    const dir = join(res, `mipmap-${density}`);
    await render(page, { kind: 'tile' }, 48 * factor, 48 * factor, join(dir, 'ic_launcher.png'));
    await render(
      page,
      { kind: 'round', scale: 0.7 },
      48 * factor,
      48 * factor,
      join(dir, 'ic_launcher_round.png'),
    );
    // Adaptive icons show the middle 72 of 108 dp, masked to the launcher's shape (safe within 66 dp).
    const foreground = 108 * factor;
    await render(
      page,
      { kind: 'bare', scale: 0.5 },
      foreground,
      foreground,
      join(dir, 'ic_launcher_foreground.png'),
    );
  }
  for (const dir of readdirSync(res).filter((name) => name.startsWith('drawable'))) {
    const splash = join(res, dir, 'splash.png');
    if (!existsSync(splash)) continue;
    const { width, height } = pngSize(splash);
    await render(page, { kind: 'splash', scale: 0.22 }, width, height, splash);
  }
}

async function iosIcons(page: Page): Promise<void> {
  const assets = join(web, 'ios/App/App/Assets.xcassets');
  if (!existsSync(assets)) return;
  await render(
    page,
    { kind: 'full', scale: 0.72 },
    1024,
    1024,
    join(assets, 'AppIcon.appiconset/AppIcon-512@2x.png'),
  );
  for (const name of readdirSync(join(assets, 'Splash.imageset')).filter((n) => n.endsWith('.png'))) {
    await render(page, { kind: 'splash', scale: 0.16 }, 2732, 2732, join(assets, 'Splash.imageset', name));
  }
}

const browser = await launchBrowser();
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  await webIcons(page);
  await androidIcons(page);
  await iosIcons(page);
} finally {
  await browser.close();
}
