import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const CONFIG_PLACEHOLDER = '<!--FIT24_CONFIG-->';
const NOT_APP_PATHS = /^\/(api|ops|ws|healthz)(\/|$|\?)/;

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
  const script = `<script>window.__FIT24_CONFIG__=${JSON.stringify({ apiKey: clientConfig.apiKey, apiBase: '' }).replace(/</g, '\\u003c')}</script>`;
  const index = readFileSync(indexFile, 'utf8').replace(CONFIG_PLACEHOLDER, script);

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(index);

  await app.register(fastifyStatic, {
    root: webDist,
    index: false,
    wildcard: true,
    allowedPath: (path) => path !== '/index.html',
    setHeaders(res, path) {
      if (path.includes(`${join(webDist, 'assets')}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/', (_request, reply) => sendIndex(reply));
  app.get('/index.html', (_request, reply) => sendIndex(reply));
  app.decorate('sendAppIndex', (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || NOT_APP_PATHS.test(request.url)) return false;
    void sendIndex(reply);
    return true;
  });
  return true;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** History fallback: answers a GET for an app page with index.html; false when it is not one. */
    sendAppIndex?: (request: FastifyRequest, reply: FastifyReply) => boolean;
  }
}
