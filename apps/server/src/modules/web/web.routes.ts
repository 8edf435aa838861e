import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPagePath } from '../../http/path-guards.ts';
import { deferAppScripts } from './app-start.ts';
import { loadFirstScreens } from './first-screens.ts';
import { loadRoutePreloads } from './route-preloads.ts';

const CONFIG_PLACEHOLDER = '<!--FIT24_CONFIG-->';
/** The first paint's inline styles as the build writes them (apps/web/build/first-paint.ts). */
const FIRST_PAINT_STYLE = '<style data-first-paint>';
/** Where the build's index.html takes a route's first screen (apps/web/build/first-paint.ts). */
const FIRST_SCREEN_MARKER = '<!--FIT24_FIRST_SCREEN-->';
const REVALIDATED_FILES = new Set(['sw.js', 'manifest.webmanifest', 'offline.html']);

/**
 * Serves the built web app on the API's port, with history fallback: a deep link such as
 * `/affiliate` loads the app, whose router shows the page. The page learns its API key from a
 * script the server writes into index.html, so one build serves any deployment.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  clientConfig: { apiKey: string },
): Promise<boolean> {
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web app not built: only the API is served (run npm run build)');
    return false;
  }
  const script = `<script>${clientConfigScript(clientConfig)}</script>`;
  const [headWithStyle = '', body = ''] = readFileSync(indexFile, 'utf8').split(CONFIG_PLACEHOLDER, 2);
  // The first paint's <style> carries this answer's style nonce, as Ionic's do (no 'unsafe-inline').
  const [head = '', afterStyleTag] = headWithStyle.split(FIRST_PAINT_STYLE, 2);
  // The page's own chunks and strings are named with the entry's tags (in the start script's template).
  const headEnd = body.includes('</head>') ? body.indexOf('</head>') : 0;
  const [beforeHeadEnd, fromHeadEnd] = [body.slice(0, headEnd), body.slice(headEnd)];
  // A route's first screen (welcome on `/`, home's frame on `/tabs/home`) goes where the build left its
  // marker, in the body.
  const [beforeFirstScreen = '', afterFirstScreen = ''] = fromHeadEnd.split(FIRST_SCREEN_MARKER, 2);
  // The start script goes last in the body (app-start.ts); a page without `</body>` gets it at its end.
  const bodyEnd = afterFirstScreen.includes('</body>')
    ? afterFirstScreen.lastIndexOf('</body>')
    : afterFirstScreen.length;
  const preloadLinks = loadRoutePreloads(webDist);
  const firstScreen = loadFirstScreens(webDist);

  // Ionic (Stencil) stamps the `csp-nonce` meta's value on every <style> it injects; the nonce is the
  // one of this answer's Content-Security-Policy (http/security-headers.ts), so index.html is per answer.
  // The links depend on the path and the language (the app's cookie, else the browser's languages:
  // route-preloads.ts), never on their text.
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    const { cookie, 'accept-language': acceptLanguage } = request.headers;
    const hints = { cookie, acceptLanguage };
    const links = preloadLinks(request.url, hints);
    const screen = firstScreen(request.url, hints);
    // The app's scripts wait for the first paint (app-start.ts).
    const deferred = deferAppScripts(beforeHeadEnd, links);
    const pageEnd = deferred
      ? `${afterFirstScreen.slice(0, bodyEnd)}${deferred.start}${afterFirstScreen.slice(bodyEnd)}`
      : afterFirstScreen;
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .type('text/html; charset=utf-8')
      .send(
        `${head}${afterStyleTag === undefined ? '' : `<style nonce="${reply.cspNonce.style}">${afterStyleTag}`}` +
          `<meta name="csp-nonce" content="${reply.cspNonce.style}">${script}` +
          `${deferred ? deferred.headTags : `${beforeHeadEnd}${links}`}${beforeFirstScreen}${screen}${pageEnd}`,
      );
  };

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    // A route per file of the build, found at start: any other path goes to the one not-found handler
    // (history fallback or 404 envelope), never to the file server's own 400 and 403 answers.
    wildcard: false,
    // The build's brotli and gzip copies (`x.js.br`, `x.js.gz`) are sent for `x.js` by the request's
    // Accept-Encoding, brotli first, with `Vary: Accept-Encoding`; they get no address of their own.
    // route-preloads.json and first-screens.json are the server's, read at start.
    globIgnore: ['index.html', 'route-preloads.json', 'first-screens.json', '**/*.br', '**/*.gz'],
    preCompressed: true,
    setHeaders(res, path) {
      if (path.includes(`${join(webDist, 'assets')}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      // The service worker and the manifest under fixed names: checked again on every load, or a new
      // build would wait for an old copy to expire.
      if (REVALIDATED_FILES.has(basename(path).replace(/\.(?:br|gz)$/, '')))
        res.header('cache-control', 'no-cache');
    },
  });
  app.get('/', (request, reply) => sendIndex(request, reply));
  app.get('/index.html', (request, reply) => sendIndex(request, reply));
  app.decorate('sendAppIndex', (request: FastifyRequest, reply: FastifyReply) => {
    // Never for a spelling of /api, /ops or /ws (`//api/x`, `/API/x`, `/api;/x`): those answer 403 or 404.
    if (request.method !== 'GET' || !isAppPagePath(request.url)) return false;
    void sendIndex(request, reply);
    return true;
  });
  return true;
}

/**
 * Marks <html> before the body is parsed, from what the device keeps: `data-session` when it keeps a session
 * (lib/session.ts: Capacitor Preferences key `session`, on the web localStorage's `CapacitorStorage.session`),
 * so the first paint shows home's frame or the brand rather than the welcome screen a visitor gets; and
 * `data-theme="light"` when the palette chosen (lib/theme.ts: `fit24.theme`, light or the device's light
 * scheme) is the light one, so the first paint is drawn in it (src/app/shell.css).
 */
const FIRST_PAINT_MARKS =
  'try{var d=document.documentElement,k=localStorage;' +
  'k.getItem("CapacitorStorage.session")&&d.setAttribute("data-session","");' +
  'var m=k.getItem("fit24.theme");' +
  'if(m==="light"||m==="system"&&matchMedia("(prefers-color-scheme: light)").matches)' +
  'd.setAttribute("data-theme","light")}catch(e){}';

/**
 * The body of the inline script that hands the app its configuration and marks what the device keeps. Its text
 * is fixed for the life of the process, so the Content-Security-Policy allows it by its sha256 hash
 * (http/security-headers.ts).
 */
export function clientConfigScript(clientConfig: { apiKey: string }): string {
  const json = JSON.stringify({ apiKey: clientConfig.apiKey, apiBase: '' });
  return `window.__FIT24_CONFIG__=${json.replace(/</g, '\\u003c')};${FIRST_PAINT_MARKS}`;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** History fallback: answers a GET for an app page with index.html; false when it is not one. */
    sendAppIndex?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  }
}
