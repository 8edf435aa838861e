import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleTree } from './testing/sample-tree.ts';

const bin = new URL('../bin/fit24-verify-reserves.mjs', import.meta.url).pathname;

/** Runs the CLI as a user would, from a directory outside the repository. */
function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: tmpdir() }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr });
    });
  });
}

describe('fit24-verify-reserves', () => {
  const { tree, published } = sampleTree(5);
  const proof = tree.proof(1);
  // GET /api/reserves as the server answers it (envelope included), with a newer snapshot listed first.
  const listing = {
    error: false,
    data: {
      snapshots: [
        { id: 43, root: { hash: 'f'.repeat(64), sums: ['0', '0', '0'] }, assets: [] },
        {
          id: 42,
          root: { hash: published.hash, sums: published.sums },
          assets: proof.assets.map((asset, i) => ({ asset, decimals: proof.decimals[i] })),
        },
      ],
    },
  };
  let dir = '';
  let server: ReturnType<typeof createServer>;
  let url = '';

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fit24-reserves-'));
    await writeFile(join(dir, 'proof.json'), JSON.stringify(proof, null, 2));
    const tampered = structuredClone(proof);
    tampered.leaf.balances[0] = '1000000';
    await writeFile(join(dir, 'tampered.json'), JSON.stringify(tampered));
    await writeFile(join(dir, 'reserves.json'), JSON.stringify(listing));
    await writeFile(join(dir, 'not-json.json'), 'hello');
    // As the exchange's API: only a call with its app key is answered.
    server = createServer((req, res) => {
      const found = req.url === '/api/reserves' && req.headers['x-api-key'] === 'app-key';
      res.writeHead(found ? 200 : req.url === '/api/reserves' ? 403 : 404, {
        'content-type': 'application/json',
      });
      res.end(found ? JSON.stringify(listing) : '{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('says valid and prints the balances against --root and --sums', async () => {
    const result = await run([
      join(dir, 'proof.json'),
      '--root',
      published.hash,
      '--sums',
      published.sums.join(','),
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`valid: user 1001 is included in snapshot 42 (root ${published.hash})`);
    expect(result.stdout).toContain('BTC 0.00000004');
    expect(result.stdout).toContain('ETH 100.000000000000000000');
    expect(result.stdout).toContain('USDT 0.000000');
  });

  it('finds the snapshot in --root-file and at --url', async () => {
    const fromFile = await run([join(dir, 'proof.json'), '--root-file', join(dir, 'reserves.json')]);
    expect(fromFile).toMatchObject({ code: 0 });
    expect(fromFile.stdout).toMatch(/^valid: user 1001/);
    const fromUrl = await run([join(dir, 'proof.json'), '--url', url, '--api-key', 'app-key']);
    expect(fromUrl).toMatchObject({ code: 0 });
    expect(fromUrl.stdout).toMatch(/^valid: user 1001/);
    // Without the key the API refuses: no verdict, a usage/I-O error.
    expect(await run([join(dir, 'proof.json'), '--url', url])).toMatchObject({ code: 2 });
  });

  it('says NOT valid, exit 1, for a tampered proof or a snapshot that was not published', async () => {
    const tampered = await run([join(dir, 'tampered.json'), '--root-file', join(dir, 'reserves.json')]);
    expect(tampered).toMatchObject({
      code: 1,
      stdout: 'NOT valid: The proof does not lead to the published root.\n',
    });
    const wrongRoot = await run([
      join(dir, 'proof.json'),
      '--root',
      'f'.repeat(64),
      '--sums',
      published.sums.join(','),
    ]);
    expect(wrongRoot.code).toBe(1);
    const notJson = await run([join(dir, 'not-json.json'), '--url', url, '--api-key', 'app-key']);
    expect(notJson).toMatchObject({ code: 1, stdout: 'NOT valid: The proof file is not JSON.\n' });
  });

  it('exits 2 with the usage on a bad command line or an unreadable file', async () => {
    for (const args of [
      [],
      [join(dir, 'proof.json')],
      [join(dir, 'proof.json'), '--root', published.hash],
      ['--bogus'],
    ]) {
      const result = await run(args);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('usage: fit24-verify-reserves');
    }
    expect(await run([join(dir, 'missing.json'), '--url', url])).toMatchObject({ code: 2 });
    expect(await run([join(dir, 'proof.json'), '--url', `${url}/nothing`])).toMatchObject({ code: 2 });
  });
});
