import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { byRouteAndLanguage, type PageMarkup } from './route-preloads.ts';

/**
 * The web build's `first-screens.json` (apps/web/build/first-paint.ts): for a route whose first screen is
 * the same for everyone but for its language (welcome on `/`, home's frame on `/tabs/home`), its markup in
 * each language the app speaks, which index.html shows until the app renders (issue 15: the content painted
 * with the HTML, not ≈ 1.5 s later on a slow phone, after the scripts). The markup is the build's own,
 * written from the app's strings; a request only picks one.
 */
const FILE = 'first-screens.json';

const ZLanguage = z.string().regex(/^[a-z]{2}$/);
const ZFirstScreens = z.object({
  fallbackLanguage: ZLanguage,
  routes: z.record(z.string().regex(/^\/[\w/*-]*$/), z.record(ZLanguage, z.string())),
});

/** Reads first-screens.json once; a build without it (development, an older build) gets none. */
export function loadFirstScreens(webDist: string): PageMarkup {
  const file = join(webDist, FILE);
  if (!existsSync(file)) return () => '';
  const { routes, fallbackLanguage } = ZFirstScreens.parse(JSON.parse(readFileSync(file, 'utf8')));
  return byRouteAndLanguage(routes, {}, fallbackLanguage);
}
