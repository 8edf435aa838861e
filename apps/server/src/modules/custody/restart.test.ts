import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createClock } from '../../clock.ts';
import type { EvmConfig } from '../../config-evm.ts';
import { fundHotWallet, startTestChain, type TestChain, testEvmConfig } from '../../testing/custody.ts';
import { createUserWithSession } from '../../testing/fixtures.ts';
import { createOperator } from '../../testing/operators.ts';
import { TEST_API_KEY, TEST_OPS_KEY, testConfig } from '../../testing/test-app.ts';

const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
const DEPOSITS = 40;

let chain: TestChain;
let dataDir: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  chain = await startTestChain();
  dataDir = mkdtempSync(join(tmpdir(), 'fit24-custody-kill-'));
}, 120_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await chain?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The server as `npm run dev` runs it, on the embedded database in `dataDir`, against the test chain. */
async function startServer(
  evm: EvmConfig,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      WEB_DIST: '/nonexistent',
      DEMO: '0',
      API_KEYS: TEST_API_KEY,
      OPS_KEY: TEST_OPS_KEY,
      EVM_RPC_URL: evm.rpcUrl,
      EVM_CHAIN_ID: String(evm.chainId),
      EVM_CONFIRMATIONS: String(evm.confirmations),
      EVM_POLL_MS: '50',
      EVM_TOKENS: Object.entries(evm.tokens)
        .map(([symbol, address]) => `${symbol}:${address}`)
        .join(','),
      CUSTODY_MNEMONIC: evm.mnemonic.reveal(),
      ...(evm.startBlock !== null ? { EVM_START_BLOCK: String(evm.startBlock) } : {}),
    },
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (!/running at (http:\/\/\S+)/.test(output)) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const url = /running at (http:\/\/\S+)/.exec(output)![1]!.replace('localhost', '127.0.0.1');
  return { child, url, output: () => output };
}

describe('a kill -9 of the server while it scans deposits', () => {
  it('resumes where it stopped and credits every deposit exactly once', async () => {
    const funded = testEvmConfig(chain, { confirmations: 2 });
    await fundHotWallet(chain, funded, { ETH: '1' });
    // The scan starts before the deposits: the server first looks once they are all on chain.
    const evm = { ...funded, startBlock: (await chain.clients.publicClient.getBlockNumber()) + 1n };
    // The user and their deposit address, made by the server's own code on the database it will run on.
    const config = testConfig({ dataDir, database: { kind: 'pglite', dataDir }, evm });
    const setup = await buildApp(config, { clock: createClock(), logger: false });
    const { user, token } = await createUserWithSession(setup.ctx);
    const admin = await createOperator(setup.ctx, 'admin');
    const wallet = await setup.app.inject({
      method: 'GET',
      url: '/api/asset/wallet?asset_id=2',
      headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
    });
    const address = wallet.json().data.wallet.address as Address;
    await setup.app.close();

    // Forty deposits, each in a block of its own, before the server first looks.
    for (let i = 0; i < DEPOSITS; i++) await chain.send(address, 'ETH', '0.1');
    await chain.mine(2);

    const seen = async (url: string) => {
      const answer = await fetch(`${url}/api/asset/transactions?asset_id=2`, {
        headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
      }).catch(() => null);
      if (!answer?.ok) return -1;
      const { data } = (await answer.json()) as { data: { total: number } };
      return data.total;
    };
    const killedAt: number[] = [];
    for (let round = 0; round < 5; round++) {
      const { child, url, output } = await startServer(evm);
      let count = await seen(url);
      const until = Date.now() + 30_000;
      while (count < 1) {
        if (Date.now() > until) throw new Error(`no deposit seen:\n${output()}`);
        count = await seen(url);
      }
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      killedAt.push(count);
      if (count < DEPOSITS) break;
    }
    // At least one kill came in the middle of the scan.
    expect(
      killedAt.some((n) => n > 0 && n < DEPOSITS),
      `killed at ${killedAt.join(', ')}`,
    ).toBe(true);

    const { child, url } = await startServer(evm);
    const balance = async () => {
      const answer = await fetch(`${url}/api/asset/balance?symbol=ETH`, {
        headers: { 'x-api-key': TEST_API_KEY, authorization: `Bearer ${token}` },
      });
      return ((await answer.json()) as { data: { balance: { available: string } } }).data.balance.available;
    };
    const deadline = Date.now() + 60_000;
    while ((await balance()) !== '4' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await balance()).toBe('4');
    const audit = (await (
      await fetch(`${url}/ops/audit`, { headers: { authorization: `Bearer ${admin.token}` } })
    ).json()) as {
      data: { ok: boolean };
    };
    expect(audit.data.ok).toBe(true);
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));

    const after = await buildApp(
      { ...config, evm: { ...evm, pollMs: 3_600_000 } },
      { clock: createClock(), logger: false },
    );
    try {
      const deposits = await after.ctx.db
        .selectFrom('deposits')
        .select(['txid', 'status'])
        .where('user_id', '=', BigInt(user.user_id))
        .execute();
      expect(deposits).toHaveLength(DEPOSITS);
      expect(new Set(deposits.map((d) => d.txid)).size).toBe(DEPOSITS);
      expect(deposits.every((d) => d.status === 'CREDITED')).toBe(true);
      const entries = await after.ctx.db
        .selectFrom('journal_entries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('kind', '=', 'DEPOSIT')
        .executeTakeFirstOrThrow();
      expect(Number(entries.n)).toBe(DEPOSITS);
    } finally {
      await after.app.close();
    }
  }, 180_000);
});
