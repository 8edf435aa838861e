import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TAuditData } from '@fit24/contract';
import { opsCommands, toRequest } from './commands.ts';

/**
 * `npm run ops -- <command> …`: a thin client of the running server's `/ops` API, so it works against
 * the embedded database (which only the server process may open) and a cluster alike.
 * OPS_URL (default http://localhost:$PORT or 8080) and OPS_KEY (default: the development key in DATA_DIR).
 */
async function main(argv: string[]): Promise<number> {
  const [name, ...words] = argv;
  if (!name || name === 'help' || name === '--help') {
    console.log('Usage: npm run ops -- <command> [arguments]\n');
    for (const [command, def] of Object.entries(opsCommands))
      console.log(`  ${command.padEnd(14)} ${def.help}`);
    return name ? 0 : 2;
  }
  const request = toRequest(name, words);
  const baseUrl = process.env.OPS_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;
  const response = await fetch(new URL(request.path, baseUrl), {
    method: request.method,
    headers: { 'x-ops-key': opsKey(), ...(request.body ? { 'content-type': 'application/json' } : {}) },
    ...(request.body ? { body: JSON.stringify(request.body) } : {}),
  }).catch((error: unknown) => {
    throw new Error(`Cannot reach the server at ${baseUrl} (${String(error)}). Is it running (npm start)?`);
  });
  const envelope = (await response.json()) as { error: boolean; message?: string; data?: unknown };
  if (envelope.error) {
    console.error(`Refused (${response.status}): ${envelope.message}`);
    return 1;
  }
  if (name === 'audit') return printAudit(envelope.data as TAuditData);
  console.log(JSON.stringify(envelope.data, null, 2));
  return 0;
}

function printAudit(audit: TAuditData): number {
  for (const check of audit.checks)
    console.log(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}`);
  console.log(audit.ok ? 'audit clean' : 'AUDIT FAILED');
  return audit.ok ? 0 : 1;
}

function opsKey(): string {
  if (process.env.OPS_KEY) return process.env.OPS_KEY;
  const file = join(resolve(process.env.DATA_DIR ?? './data'), 'dev-keys.json');
  if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { opsKey: string }).opsKey;
  throw new Error('Set OPS_KEY (the server prints its development key at start).');
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(2);
  },
);
