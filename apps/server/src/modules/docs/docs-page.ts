import { type RouteDef, routeList } from '@fit24/contract';
import { z } from 'zod';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const authLabel: Record<RouteDef['auth'], string> = {
  public: 'API key',
  session: 'signed in (unverified email allowed)',
  user: 'signed in, verified email',
  ops: 'a signed-in operator whose role allows it',
  'ops-open': 'an operator signing in',
  'ops-bootstrap': 'an admin operator (the operator key for the first admin)',
};

function schemaBlock(title: string, schema: z.ZodType | undefined): string {
  if (!schema) return '';
  const json = JSON.stringify(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }), null, 2);
  return `<details><summary>${title}</summary><pre>${escapeHtml(json)}</pre></details>`;
}

/** A readable page of every call, grouped by area, from the same route table as the OpenAPI document. */
export function renderDocsPage(): string {
  const tags = [...new Set(routeList.map((r) => r.tag))];
  const sections = tags.map((tag) => {
    const rows = routeList
      .filter((r) => r.tag === tag)
      .map(
        (r) => `<article>
  <h3><span class="m ${r.method}">${r.method}</span> <code>${escapeHtml(r.path)}</code></h3>
  <p>${escapeHtml(r.summary)}. <em>${authLabel[r.auth]}</em>${r.idempotent ? ' · accepts <code>Idempotency-Key</code>' : ''}</p>
  ${schemaBlock('Query', r.query)}${schemaBlock('Body', r.body)}${schemaBlock('Data', r.data)}
</article>`,
      )
      .join('\n');
    return `<section><h2>${escapeHtml(tag)}</h2>${rows}</section>`;
  });
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>FIT24 Exchange API</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:24px;color:#0f172a}
h1{margin-bottom:4px}h2{text-transform:capitalize;border-bottom:1px solid #e2e8f0;padding-bottom:4px;margin-top:32px}
article{padding:8px 0;border-bottom:1px solid #f1f5f9}h3{font-size:15px;margin:0}
.m{display:inline-block;min-width:48px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:1px 6px}
.GET{background:#0e7490}.POST{background:#15803d}pre{background:#f8fafc;padding:8px;overflow:auto;font-size:12px}
p{margin:4px 0;color:#334155}em{color:#64748b}</style></head><body>
<h1>FIT24 Exchange API</h1><p>Envelope, error codes and conventions: see the OpenAPI document at
<a href="/api/docs/json">/api/docs/json</a>. Send <code>x-api-key</code> on every call and
<code>Authorization: Bearer &lt;token&gt;</code> on signed-in calls.</p>
${sections.join('\n')}</body></html>`;
}
