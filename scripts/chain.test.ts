import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { hdWallet } from '../apps/server/src/modules/chain/evm/hd-wallet.ts';
import {
  balancesOf,
  type DeployedTokens,
  localClients,
  TEST_WALLET,
} from '../apps/server/src/modules/chain/evm/local-chain.ts';
import { freePort } from '../apps/server/src/testing/evm-node.ts';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, 'chain.ts');
const USDT = 10n ** 6n;
const ETH = 10n ** 18n;

let port: number;
let dataDir: string;
let env: NodeJS.ProcessEnv;
let chain: ChildProcess;
let exited: Promise<number | null>;
let output = '';
let rpcUrl: string;
let tokens: DeployedTokens;

function chainCli(...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', SCRIPT, ...args], { env });
}

/** Lines like NAME=value from chain.env. */
function readEnvFile(): Record<string, string> {
  const text = readFileSync(join(dataDir, 'chain.env'), 'utf8');
  return Object.fromEntries(
    text
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function hardhatProcesses(): string[] {
  const lines = execFileSync('ps', ['-eo', 'pid,args']).toString().split('\n');
  return lines.filter((line) => line.includes('hardhat') && line.includes(`--port ${port}`));
}

beforeAll(async () => {
  port = await freePort();
  dataDir = mkdtempSync(join(tmpdir(), 'fit24-chain-'));
  env = { ...process.env, EVM_PORT: String(port), CHAIN_DATA_DIR: dataDir };
  delete env.CUSTODY_MNEMONIC;
  chain = spawn(process.execPath, ['--import', 'tsx', SCRIPT], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  chain.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  chain.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  exited = new Promise((resolve) => chain.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 60_000;
  while (!existsSync(join(dataDir, 'chain.env'))) {
    if (chain.exitCode !== null) throw new Error(`npm run chain exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`no chain.env within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const written = readEnvFile();
  rpcUrl = written.EVM_RPC_URL!;
  const entries = written.EVM_TOKENS!.split(',').map((entry) => entry.split(':'));
  tokens = Object.fromEntries(entries) as DeployedTokens;
}, 90_000);

afterAll(async () => {
  if (chain?.exitCode === null && chain.signalCode === null) chain.kill('SIGKILL');
  for (const line of hardhatProcesses()) {
    // a failed test may leave the node behind: end it by its pid
    const pid = Number(line.trim().split(/\s+/)[0]);
    if (pid > 0) process.kill(pid, 'SIGTERM');
  }
  rmSync(dataDir, { recursive: true, force: true });
});

test('it writes chain.env for npm start: the node, the chain, confirmations, the custody mnemonic, the tokens, a data folder of its own', () => {
  const written = readEnvFile();
  expect(written).toEqual({
    EVM_RPC_URL: `http://127.0.0.1:${port}`,
    EVM_CHAIN_ID: '31337',
    EVM_CONFIRMATIONS: '3',
    CUSTODY_MNEMONIC_FILE: join(dataDir, 'custody-mnemonic'),
    EVM_TOKENS: expect.stringMatching(/^USDT:0x[0-9a-fA-F]{40},FIT24:0x[0-9a-fA-F]{40}$/),
    DATA_DIR: join(dataDir, 'exchange'),
  });
  expect(statSync(join(dataDir, 'custody-mnemonic')).mode & 0o777).toBe(0o600);
  expect(readFileSync(join(dataDir, 'custody-mnemonic'), 'utf8').trim().split(' ')).toHaveLength(12);
  for (const line of Object.entries(written).map(([name, value]) => `${name}=${value}`)) {
    expect(output).toContain(line);
  }
  expect(output).toContain(TEST_WALLET.address);
  expect(output).toContain(TEST_WALLET.privateKey);
  expect(output).toMatch(/private key is public/);
});

test('the hot wallet of the custody mnemonic holds 100 ETH, 1,000,000 USDT and 1,000,000 FIT24', async () => {
  const mnemonic = readFileSync(join(dataDir, 'custody-mnemonic'), 'utf8');
  const hot = hdWallet(mnemonic).address('hot');
  expect(output).toContain(hot);
  expect(await balancesOf(rpcUrl, tokens, hot)).toEqual({
    ETH: 100n * ETH,
    USDT: 1_000_000n * USDT,
    FIT24: 1_000_000n * ETH,
  });
  const { publicClient } = localClients(rpcUrl);
  expect(await publicClient.getChainId()).toBe(31337);
});

test('the test wallet holds its 10,000 ETH and 1,000,000 USDT and FIT24', async () => {
  expect(await balancesOf(rpcUrl, tokens, TEST_WALLET.address)).toEqual({
    ETH: 10_000n * ETH,
    USDT: 1_000_000n * USDT,
    FIT24: 1_000_000n * ETH,
  });
});

test('send moves exact amounts from the test wallet; balance shows them; an inexact amount sends nothing', async () => {
  const to: Address = privateKeyToAddress(generatePrivateKey());
  const before = await balancesOf(rpcUrl, tokens, TEST_WALLET.address);
  const sent = await chainCli('send', to, '12.345678', 'USDT');
  const hash = /tx (0x[0-9a-f]{64})/.exec(sent.stdout)?.[1] as `0x${string}`;
  const { publicClient } = localClients(rpcUrl);
  const receipt = await publicClient.getTransactionReceipt({ hash });
  expect(receipt.from.toLowerCase()).toBe(TEST_WALLET.address.toLowerCase());
  expect(receipt.status).toBe('success');
  await chainCli('send', to.toLowerCase(), '0.000000000000000001', 'fit24');
  await chainCli('send', to, '1.5', 'ETH');
  expect(await balancesOf(rpcUrl, tokens, to)).toEqual({
    ETH: 1_500_000_000_000_000_000n,
    USDT: 12_345_678n,
    FIT24: 1n,
  });
  const after = await balancesOf(rpcUrl, tokens, TEST_WALLET.address);
  expect(before.USDT - after.USDT).toBe(12_345_678n);
  expect(before.FIT24 - after.FIT24).toBe(1n);

  const inexact = chainCli('send', to, '0.0000001', 'USDT');
  await expect(inexact).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringMatching(/USDT has 6 decimals/),
  });
  expect((await balancesOf(rpcUrl, tokens, to)).USDT).toBe(12_345_678n);

  const shown = await chainCli('balance', to);
  expect(shown.stdout).toMatch(/ETH\s+1\.5\n/);
  expect(shown.stdout).toMatch(/USDT\s+12\.345678\n/);
  expect(shown.stdout).toMatch(/FIT24\s+0\.000000000000000001\n/);
}, 30_000);

test('blocks keep coming with nothing sent (interval mining), automine still on', async () => {
  const { publicClient, testClient } = localClients(rpcUrl);
  expect(await testClient.getAutomine()).toBe(true);
  const first = await publicClient.getBlockNumber({ cacheTime: 0 });
  await new Promise((r) => setTimeout(r, 4500));
  expect(await publicClient.getBlockNumber({ cacheTime: 0 })).toBeGreaterThanOrEqual(first + 2n);
}, 15_000);

test('SIGTERM stops the chain and its hardhat node', async () => {
  expect(hardhatProcesses()).toHaveLength(1);
  chain.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(hardhatProcesses()).toEqual([]);
}, 15_000);

test('npm run chain starts again with the same custody mnemonic, and SIGTERM to npm stops everything', async () => {
  const mnemonicFile = join(dataDir, 'custody-mnemonic');
  const mnemonic = readFileSync(mnemonicFile, 'utf8');
  rmSync(join(dataDir, 'chain.env'));
  // What an exchange saw of the last chain: gone with it.
  mkdirSync(join(dataDir, 'exchange/db'), { recursive: true });
  writeFileSync(join(dataDir, 'exchange/db/PG_VERSION'), '17');
  const npm = spawn('npm', ['run', 'chain'], { cwd: join(import.meta.dirname, '..'), env, stdio: 'ignore' });
  const npmExited = new Promise((resolve) => npm.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!existsSync(join(dataDir, 'chain.env'))) {
    if (npm.exitCode !== null || Date.now() > deadline) throw new Error('npm run chain wrote no chain.env');
    await new Promise((r) => setTimeout(r, 200));
  }
  expect(readFileSync(mnemonicFile, 'utf8')).toBe(mnemonic);
  expect(existsSync(join(dataDir, 'exchange'))).toBe(false);
  expect((await balancesOf(rpcUrl, tokens, hdWallet(mnemonic).address('hot'))).USDT).toBe(1_000_000n * USDT);

  // npm runs the script through `sh -c`, which does not pass SIGTERM on: the script notices its parent go.
  const [node] = hardhatProcesses();
  const nodePid = Number(node?.trim().split(/\s+/)[0]);
  const scriptPid = Number(
    execFileSync('ps', ['-o', 'ppid=', '-p', String(nodePid)])
      .toString()
      .trim(),
  );
  expect(alive(scriptPid)).toBe(true);
  npm.kill('SIGTERM');
  await npmExited;
  const stopBy = Date.now() + 10_000;
  while ((alive(scriptPid) || alive(nodePid)) && Date.now() < stopBy)
    await new Promise((r) => setTimeout(r, 200));
  expect([alive(scriptPid), alive(nodePid)]).toEqual([false, false]);
  expect(hardhatProcesses()).toEqual([]);
}, 90_000);
