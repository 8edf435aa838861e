import type { FastifyInstance } from 'fastify';
import { renderDocsPage } from './docs-page.ts';
import { buildOpenApiDocument } from './openapi.ts';

/** The API documentation is public (no API key): it is how a client developer learns the key is needed. */
export function registerDocsRoutes(app: FastifyInstance, publicUrl: string): void {
  const document = buildOpenApiDocument(publicUrl);
  const page = renderDocsPage();
  app.get('/api/docs/json', async () => document);
  // Its one inline <style> carries this answer's CSP nonce (http/security-headers.ts).
  app.get('/api/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(page.replace('<style>', `<style nonce="${reply.cspNonce.style}">`)),
  );
}
