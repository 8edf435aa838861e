// `npm run chain`: a local EVM chain for development, in a terminal of its own. It starts `hardhat node`
// on 127.0.0.1:${EVM_PORT:-8545}, deploys TestUSDT and FIT24, funds the exchange's hot wallet and a test
// wallet, mines a block every 2 s, and writes the variables `npm start` needs to data/chain/chain.env.
// While it runs:
//   npm run chain -- send <to-address> <amount> <ETH|USDT|FIT24>   (from the test wallet)
//   npm run chain -- balance <address>
// Environment: EVM_PORT (8545), CHAIN_DATA_DIR (data/chain), CUSTODY_MNEMONIC (else the file
// <CHAIN_DATA_DIR>/custody-mnemonic, created on first run), CHAIN_VERBOSE=1 to show Hardhat's own log
// and whole errors.
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import {
  type Address,
  BaseError,
  formatUnits,
  getAddress,
  HttpRequestError,
  isAddress,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hdWallet, isValidMnemonic } from '../apps/server/src/modules/chain/evm/hd-wallet.ts';
import {
  balancesOf,
  type DeployedTokens,
  deployTokens,
  devAccount,
  type HardhatNode,
  LOCAL_ASSETS,
  LOCAL_CHAIN_ID,
  type LocalAsset,
  localClients,
  sendAsset,
  startHardhatNode,
  TEST_WALLET,
} from '../apps/server/src/modules/chain/evm/local-chain.ts';

const REPO_ROOT = join(import.meta.dirname, '..');
const PORT = Number(process.env.EVM_PORT || 8545);
const DATA_DIR = resolve(process.env.CHAIN_DATA_DIR ?? join(REPO_ROOT, 'data/chain'));
const ENV_FILE = join(DATA_DIR, 'chain.env');
/**
 * The exchange's own data while it runs on this chain. The chain starts anew each time, so its database
 * does too: a database that had scanned another chain's blocks would wait for heights this one never had.
 */
const EXCHANGE_DIR = join(DATA_DIR, 'exchange');
const MNEMONIC_FILE = join(DATA_DIR, 'custody-mnemonic');
const CONFIRMATIONS = 3;
const BLOCK_INTERVAL_SECONDS = 2;
const HOT_WALLET_FUNDS = { ETH: '100', USDT: '1000000', FIT24: '1000000' } as const;
const TEST_WALLET_FUNDS = { USDT: '1000000', FIT24: '1000000' } as const;
const ASSETS = Object.keys(LOCAL_ASSETS) as LocalAsset[];

class UsageError extends Error {}

/** The custody mnemonic: CUSTODY_MNEMONIC, else the file, written with a fresh mnemonic on first run. */
function custodyMnemonic(): { mnemonic: string; file: string | null } {
  const fromEnv = process.env.CUSTODY_MNEMONIC?.trim();
  if (fromEnv) {
    if (!isValidMnemonic(fromEnv))
      throw new UsageError('CUSTODY_MNEMONIC is not a valid BIP-39 English mnemonic.');
    return { mnemonic: fromEnv, file: null };
  }
  if (!existsSync(MNEMONIC_FILE)) {
    mkdirSync(DATA_DIR, { recursive: true });
    writeFileSync(MNEMONIC_FILE, `${generateMnemonic(wordlist, 128)}\n`, { mode: 0o600, flag: 'wx' });
    console.log(`Created a custody mnemonic for this machine: ${MNEMONIC_FILE} (mode 0600).`);
  }
  chmodSync(MNEMONIC_FILE, 0o600);
  const mnemonic = readFileSync(MNEMONIC_FILE, 'utf8').trim();
  if (!isValidMnemonic(mnemonic)) {
    throw new UsageError(`${MNEMONIC_FILE} does not hold a valid BIP-39 English mnemonic: fix or delete it.`);
  }
  return { mnemonic, file: MNEMONIC_FILE };
}

/** A decimal string to base units, exactly: more decimals than the asset has is an error, not a rounding. */
function toBaseUnits(amount: string, asset: LocalAsset): bigint {
  const decimals = LOCAL_ASSETS[asset];
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!match) throw new UsageError(`"${amount}" is not an amount: write digits, with a dot for decimals.`);
  if ((match[2] ?? '').replace(/0+$/, '').length > decimals) {
    throw new UsageError(`${asset} has ${decimals} decimals: ${amount} cannot be sent exactly.`);
  }
  const units = parseUnits(amount, decimals);
  if (units === 0n) throw new UsageError('The amount must be more than zero.');
  return units;
}

function parseAddress(text: string | undefined): Address {
  if (!text || !isAddress(text, { strict: false })) {
    throw new UsageError(`"${text ?? ''}" is not an EVM address (0x and 40 hex digits).`);
  }
  return getAddress(text);
}

function parseAsset(text: string | undefined): LocalAsset {
  const asset = text?.toUpperCase();
  if (!ASSETS.includes(asset as LocalAsset))
    throw new UsageError(`The asset is one of ${ASSETS.join(', ')}.`);
  return asset as LocalAsset;
}

/** A value as `sh` reads it back from `. chain.env`: quoted only when it must be (a path with a space). */
function shellValue(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

function envLines(rpcUrl: string, tokens: DeployedTokens, mnemonicFile: string | null): string[] {
  return [
    `EVM_RPC_URL=${rpcUrl}`,
    `EVM_CHAIN_ID=${LOCAL_CHAIN_ID}`,
    `EVM_CONFIRMATIONS=${CONFIRMATIONS}`,
    mnemonicFile
      ? `CUSTODY_MNEMONIC_FILE=${shellValue(mnemonicFile)}`
      : '# CUSTODY_MNEMONIC: the one set in your environment (keep it set for npm start)',
    `EVM_TOKENS=USDT:${tokens.USDT},FIT24:${tokens.FIT24}`,
    `DATA_DIR=${shellValue(EXCHANGE_DIR)}`,
  ];
}

function writeEnvFile(lines: string[]): void {
  const text = [
    `# Written by npm run chain at ${new Date().toISOString()}. The node keeps its state in memory: every`,
    '# start deploys the tokens anew and rewrites this file.',
    ...lines,
    '',
  ].join('\n');
  writeFileSync(`${ENV_FILE}.tmp`, text);
  renameSync(`${ENV_FILE}.tmp`, ENV_FILE);
}

/** Reads EVM_RPC_URL and EVM_TOKENS from chain.env, which a running `npm run chain` wrote. */
function readEnvFile(): { rpcUrl: string; tokens: DeployedTokens } {
  if (!existsSync(ENV_FILE))
    throw new UsageError(`${ENV_FILE} is missing: start the chain with npm run chain.`);
  const values = new Map<string, string>();
  for (const line of readFileSync(ENV_FILE, 'utf8').split('\n')) {
    const eq = line.indexOf('=');
    if (eq > 0 && !line.startsWith('#')) values.set(line.slice(0, eq).trim(), line.slice(eq + 1).trim());
  }
  const tokens = Object.fromEntries(
    (values.get('EVM_TOKENS') ?? '').split(',').map((entry) => entry.split(':') as [string, string]),
  );
  const rpcUrl = values.get('EVM_RPC_URL');
  if (!rpcUrl || !tokens.USDT || !tokens.FIT24)
    throw new UsageError(`${ENV_FILE} lacks EVM_RPC_URL or EVM_TOKENS.`);
  return { rpcUrl, tokens: { USDT: parseAddress(tokens.USDT), FIT24: parseAddress(tokens.FIT24) } };
}

async function fund(
  rpcUrl: string,
  tokens: DeployedTokens,
  to: Address,
  funds: Partial<Record<LocalAsset, string>>,
) {
  for (const asset of ASSETS) {
    const amount = funds[asset];
    if (amount)
      await sendAsset(rpcUrl, tokens, { from: devAccount(0), to, asset, amount: toBaseUnits(amount, asset) });
  }
}

/** A path as short as it reads well: relative to here when below here, else whole. */
function shownPath(path: string): string {
  const shown = relative(process.cwd(), path);
  return shown.startsWith('..') || isAbsolute(shown) || shown === '' ? path : shown;
}

function printStarted(rpcUrl: string, tokens: DeployedTokens, hotWallet: Address, lines: string[]): void {
  const envPath = shownPath(ENV_FILE);
  console.log(`
Local chain running at ${rpcUrl} (chain id ${LOCAL_CHAIN_ID}), a block every ${BLOCK_INTERVAL_SECONDS} s.

Start the exchange on it, in another terminal:

  set -a; . ${shellValue(envPath)}; set +a; npm start

which sets (also written to ${ENV_FILE}):

${lines.map((line) => `  ${line}`).join('\n')}

Hot wallet ${hotWallet} (m/44'/60'/0'/0/0 of the custody mnemonic)
  holds 100 ETH, 1,000,000 USDT and 1,000,000 FIT24.

Tokens: USDT ${tokens.USDT} (6 decimals), FIT24 ${tokens.FIT24} (18 decimals).

Your test wallet is Hardhat's account 1. Its private key is public (every Hardhat node prints it, the same
for everyone): use it on this local chain only, never with real funds.
  address      ${TEST_WALLET.address}
  private key  ${TEST_WALLET.privateKey}
  holds        10,000 ETH, 1,000,000 USDT, 1,000,000 FIT24
Send from it to a deposit address the exchange shows you, and look at any address:
  npm run chain -- send <to-address> <amount> <ETH|USDT|FIT24>     e.g. send 0x… 250.5 USDT
  npm run chain -- balance <address>
Or import the key into a wallet such as MetaMask (network: RPC ${rpcUrl}, chain id ${LOCAL_CHAIN_ID},
currency ETH) and add the two tokens by address.

Ctrl-C stops the chain. Its state lives in memory: the next start deploys anew, rewrites chain.env and
empties the exchange's database for it (${shownPath(EXCHANGE_DIR)}).
`);
}

async function start(): Promise<void> {
  if (!Number.isInteger(PORT) || PORT < 1 || PORT > 65_535)
    throw new UsageError('EVM_PORT is not a port number.');
  const { mnemonic, file } = custodyMnemonic();
  const hotWallet = hdWallet(mnemonic).address('hot');
  mkdirSync(DATA_DIR, { recursive: true });
  rmSync(ENV_FILE, { force: true }); // the last run's addresses are gone with its node
  rmSync(EXCHANGE_DIR, { recursive: true, force: true }); // and so is everything the exchange saw of it

  let node: HardhatNode | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (!node) return; // still starting: the start below sees `stopping` and closes the node
    await node.close();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  // `npm run` starts this through `sh -c`, and sh does not pass npm's SIGTERM on: when the parent goes, stop.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) void stop(0);
  }, 500).unref();

  console.log(`Starting hardhat node on 127.0.0.1:${PORT}…`);
  node = await startHardhatNode(PORT, { output: process.env.CHAIN_VERBOSE === '1' ? 'inherit' : 'ignore' });
  if (stopping) {
    stopping = false;
    return stop(0);
  }
  void node.exited.then(() => {
    // Ctrl-C reaches the node too: give this process's own SIGINT handler a moment to run first.
    setTimeout(() => {
      if (stopping) return;
      console.error('hardhat node stopped unexpectedly.');
      void stop(1);
    }, 250);
  });
  try {
    const tokens = await deployTokens(node.rpcUrl, devAccount(0));
    await fund(node.rpcUrl, tokens, hotWallet, HOT_WALLET_FUNDS);
    await fund(node.rpcUrl, tokens, TEST_WALLET.address, TEST_WALLET_FUNDS);
    // Automine stays on (a transaction is mined at once); interval mining adds a block every 2 s, so
    // confirmations climb while nothing happens. viem's hardhat mode takes seconds and sends milliseconds.
    await localClients(node.rpcUrl).testClient.setIntervalMining({ interval: BLOCK_INTERVAL_SECONDS });
    const lines = envLines(node.rpcUrl, tokens, file);
    writeEnvFile(lines);
    printStarted(node.rpcUrl, tokens, hotWallet, lines);
  } catch (error) {
    console.error(error);
    await stop(1);
  }
}

async function send(args: string[]): Promise<void> {
  if (args.length !== 3)
    throw new UsageError('Usage: npm run chain -- send <to-address> <amount> <ETH|USDT|FIT24>');
  const to = parseAddress(args[0]);
  const asset = parseAsset(args[2]);
  const amount = toBaseUnits(args[1]!, asset);
  const { rpcUrl, tokens } = readEnvFile();
  const from = privateKeyToAccount(TEST_WALLET.privateKey);
  const { hash, blockNumber } = await sendAsset(rpcUrl, tokens, { from, to, asset, amount });
  console.log(`Sent ${formatUnits(amount, LOCAL_ASSETS[asset])} ${asset} from the test wallet to ${to}.`);
  console.log(`tx ${hash} (block ${blockNumber})`);
}

async function balance(args: string[]): Promise<void> {
  if (args.length !== 1) throw new UsageError('Usage: npm run chain -- balance <address>');
  const address = parseAddress(args[0]);
  const { rpcUrl, tokens } = readEnvFile();
  const balances = await balancesOf(rpcUrl, tokens, address);
  console.log(address);
  for (const asset of ASSETS)
    console.log(`  ${asset.padEnd(6)}${formatUnits(balances[asset], LOCAL_ASSETS[asset])}`);
}

const [mode, ...args] = process.argv.slice(2);
const run = mode === 'send' ? send(args) : mode === 'balance' ? balance(args) : mode ? null : start();
if (!run) {
  console.error(
    `Unknown mode "${mode}". Usage: npm run chain [-- send <to> <amount> <asset> | balance <address>]`,
  );
  process.exitCode = 2;
} else {
  run.catch((error: unknown) => {
    if (error instanceof UsageError) console.error(error.message);
    else if (error instanceof BaseError) {
      const offline = error.walk((cause) => cause instanceof HttpRequestError);
      console.error(`Failed: ${error.shortMessage}${offline ? ' Is npm run chain running?' : ''}`);
    } else if (error instanceof Error && process.env.CHAIN_VERBOSE !== '1') {
      console.error(`${error.message}\n(CHAIN_VERBOSE=1 shows more.)`);
    } else console.error(error);
    process.exitCode = 1;
  });
}
