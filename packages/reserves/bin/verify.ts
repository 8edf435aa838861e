/**
 * Verifies a proof of reserves file against the root FIT24 published, without trusting the exchange's code:
 *   fit24-verify-reserves proof.json --root <hash> --sums <a,b,c>
 *   fit24-verify-reserves proof.json --root-file reserves.json   (the JSON of GET /api/reserves)
 *   fit24-verify-reserves proof.json --url https://exchange.example --api-key <key>   (fetches /api/reserves)
 * The exchange's API answers only calls that carry its public app key (`x-api-key`; the web app's key,
 * shown on its Proof of reserves page): `--api-key`, or FIT24_API_KEY in the environment.
 * Prints "valid" and the user's balances, or "NOT valid: <reason>". Exit code 0 valid, 1 not valid,
 * 2 usage or I/O error (the verdict could not be reached).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { type PublishedRoot, parseProof, verifyProof } from '../src/index.ts';

const USAGE = `usage: fit24-verify-reserves <proof.json> (--root <hash> --sums <a,b,c> | --root-file <reserves.json> | --url <http://host:port> [--api-key <key>])`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      root: { type: 'string' },
      sums: { type: 'string' },
      'root-file': { type: 'string' },
      url: { type: 'string' },
      'api-key': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const sources = [values.root ?? values.sums, values['root-file'], values.url].filter(
    (v) => v !== undefined,
  );
  if (positionals.length !== 1 || sources.length !== 1) throw new UsageError(USAGE);

  const file = safeJson(await readText(positionals[0]!));
  if (file === undefined) return notValid('The proof file is not JSON.');
  // The proof may come bare (the downloaded file) or as the API answered it ({ data: { proof } }).
  const parsed = parseProof(JSON.stringify(unwrap(file, 'proof')));
  if (!parsed.ok) return notValid(parsed.reason);
  const { proof } = parsed;

  let published: PublishedRoot | string;
  if (values.root !== undefined || values.sums !== undefined) {
    if (values.root === undefined || values.sums === undefined) {
      throw new UsageError('--root and --sums go together');
    }
    published = { hash: values.root, sums: values.sums.split(',').map((sum) => sum.trim()) };
  } else {
    const listing =
      values.url !== undefined
        ? await fetchReserves(values.url, values['api-key'] ?? process.env.FIT24_API_KEY)
        : await readJson(values['root-file']!);
    published = publishedRootOf(listing, proof.snapshot_id);
  }
  if (typeof published === 'string') return notValid(published);

  const result = verifyProof(proof, published);
  if (!result.ok) return notValid(result.reason);
  console.log(
    `valid: user ${result.userId} is included in snapshot ${result.snapshotId} (root ${result.rootHash})`,
  );
  for (const { asset, decimals, amount } of result.balances) {
    console.log(`  ${asset} ${formatUnits(amount, decimals)}`);
  }
  return 0;
}

function notValid(reason: string): number {
  console.log(`NOT valid: ${reason}`);
  return 1;
}

/** The published root of one snapshot in a GET /api/reserves answer (with or without its envelope). */
function publishedRootOf(listing: unknown, snapshotId: string): PublishedRoot | string {
  const snapshots = (unwrap(listing, 'snapshots') ?? []) as unknown;
  if (!Array.isArray(snapshots)) return 'The reserves listing has no snapshots.';
  const snapshot = snapshots.find((s) => String(s?.id) === snapshotId);
  if (snapshot === undefined) return `Snapshot ${snapshotId} is not in the published list.`;
  const assets = Array.isArray(snapshot.assets)
    ? snapshot.assets.map((a: { asset?: unknown }) => a?.asset)
    : [];
  return { ...snapshot.root, snapshot_id: snapshotId, assets };
}

/** `{ error: false, data: { key } }` or `{ key }` → the value of key; anything else is returned unchanged. */
function unwrap(value: unknown, key: string): unknown {
  let inner = value as Record<string, unknown> | null;
  if (inner?.data !== undefined && typeof inner.data === 'object') {
    inner = inner.data as Record<string, unknown>;
  }
  return inner !== null && typeof inner === 'object' && key in inner ? inner[key] : value;
}

async function readText(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${path}: ${(error as Error).message}`);
  }
}

async function readJson(path: string): Promise<unknown> {
  const value = safeJson(await readText(path));
  if (value === undefined) throw new UsageError(`${path} is not JSON`);
  return value;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

async function fetchReserves(base: string, apiKey: string | undefined): Promise<unknown> {
  const url = base.endsWith('/api/reserves') ? base : `${base.replace(/\/+$/, '')}/api/reserves`;
  const headers: Record<string, string> = apiKey ? { 'x-api-key': apiKey } : {};
  const response = await fetch(url, { headers }).catch((error: Error) => {
    throw new UsageError(`cannot fetch ${url}: ${error.message}`);
  });
  if (!response.ok) throw new UsageError(`cannot fetch ${url}: HTTP ${response.status}`);
  return response.json();
}

function formatUnits(amount: bigint, decimals: number): string {
  if (decimals === 0) return amount.toString();
  const digits = amount.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const usage =
      error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
    console.error(usage ? `${(error as Error).message}\n${USAGE}` : `error: ${(error as Error).message}`);
    process.exitCode = 2;
  },
);
