import { existsSync, readFileSync, statSync } from 'node:fs';
import { validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { integer } from './config-values.ts';

type Env = Record<string, string | undefined>;

/**
 * A secret read from the environment: it shows as `[redacted]` when logged, printed or serialised, so a
 * configuration dump can never carry it. `reveal()` is called once, where the signer is built.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return '[redacted]';
  }
}

/** The EVM chain the exchange keeps ETH and its ERC-20 tokens on (issue 13). */
export interface EvmConfig {
  /** The network name assets travel on (`assets.network`). */
  network: 'ethereum';
  /** The chain's own coin, paid as gas. */
  nativeSymbol: 'ETH';
  rpcUrl: string;
  chainId: number;
  /** Blocks a deposit waits before it is credited, and a transaction before it is final. */
  confirmations: number;
  /** The BIP-39 mnemonic every custody key is derived from. */
  mnemonic: Secret;
  /** Token contracts by asset symbol (`EVM_TOKENS=USDT:0x…,FIT24:0x…`). */
  tokens: Record<string, `0x${string}`>;
  /** A block explorer's origin (`https://etherscan.io`): transactions link to `<url>/tx/<hash>`. */
  explorerUrl: string | null;
  /** How often the chain is polled for new blocks. */
  pollMs: number;
  /** A transaction not mined after this long is sent again with a higher fee (same nonce). */
  replaceAfterSeconds: number;
  /** The first block scanned on a new database (default: the chain's latest when first started). */
  startBlock: bigint | null;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** `EVM_TOKENS=USDT:0x…,FIT24:0x…`: each ERC-20 asset's contract on the chain. */
export function parseTokens(value: string | undefined, problems: string[]): Record<string, `0x${string}`> {
  const tokens: Record<string, `0x${string}`> = {};
  if (!value?.trim()) return tokens;
  for (const part of value.split(',')) {
    const match = /^\s*([A-Za-z0-9]{2,10})\s*:\s*(0x[0-9a-fA-F]{40})\s*$/.exec(part);
    if (!match) {
      problems.push(`EVM_TOKENS must look like USDT:0x…,FIT24:0x… (got "${part.trim()}").`);
      continue;
    }
    tokens[match[1]!.toUpperCase()] = match[2] as `0x${string}`;
  }
  return tokens;
}

/** The mnemonic from `CUSTODY_MNEMONIC`, or from the file `CUSTODY_MNEMONIC_FILE` (a secret mount). */
function readMnemonic(env: Env, problems: string[]): Secret | null {
  const file = env.CUSTODY_MNEMONIC_FILE?.trim();
  let text = env.CUSTODY_MNEMONIC?.trim() ?? '';
  if (text && file) {
    problems.push('Set CUSTODY_MNEMONIC or CUSTODY_MNEMONIC_FILE, not both.');
    return null;
  }
  if (file) {
    if (!existsSync(file) || !statSync(file).isFile()) {
      problems.push(`CUSTODY_MNEMONIC_FILE names no readable file (${file}).`);
      return null;
    }
    text = readFileSync(file, 'utf8').trim();
  }
  if (!text) {
    problems.push('EVM_RPC_URL needs CUSTODY_MNEMONIC or CUSTODY_MNEMONIC_FILE (the keys of the wallets).');
    return null;
  }
  const words = text.split(/\s+/).join(' ');
  // The message never repeats the mnemonic, nor any word of it.
  if (!validateMnemonic(words, wordlist)) {
    problems.push('The custody mnemonic is not a valid BIP-39 English mnemonic.');
    return null;
  }
  return new Secret(words);
}

/** Reads the EVM settings; null when `EVM_RPC_URL` is unset (ETH and the tokens then stay off chain). */
export function readEvm(env: Env, problems: string[]): EvmConfig | null {
  const rpcUrl = env.EVM_RPC_URL?.trim();
  if (!rpcUrl) return null;
  if (!/^(https?|wss?):\/\/[^\s]+$/.test(rpcUrl))
    problems.push('EVM_RPC_URL must be an http(s):// JSON-RPC URL.');
  const chainIdText = env.EVM_CHAIN_ID?.trim();
  if (!chainIdText)
    problems.push('EVM_CHAIN_ID is required with EVM_RPC_URL (1 for Ethereum, 31337 locally).');
  const chainId = integer(chainIdText ?? '0', 'EVM_CHAIN_ID', 1, 2 ** 40, problems);
  const confirmations = integer(env.EVM_CONFIRMATIONS ?? '12', 'EVM_CONFIRMATIONS', 1, 1000, problems);
  const pollMs = integer(env.EVM_POLL_MS ?? '2000', 'EVM_POLL_MS', 50, 600_000, problems);
  const replaceAfterSeconds = integer(
    env.EVM_REPLACE_AFTER_SECONDS ?? '180',
    'EVM_REPLACE_AFTER_SECONDS',
    1,
    86_400,
    problems,
  );
  const startText = env.EVM_START_BLOCK?.trim();
  if (startText && !/^[0-9]{1,18}$/.test(startText))
    problems.push(`EVM_START_BLOCK must be a block number (got "${startText}").`);
  const explorer = env.EVM_EXPLORER_URL?.trim().replace(/\/+$/, '') || null;
  if (explorer && !/^https?:\/\/[^\s]+$/.test(explorer))
    problems.push('EVM_EXPLORER_URL must be an http(s):// URL such as https://etherscan.io.');
  const tokens = parseTokens(env.EVM_TOKENS, problems);
  for (const [symbol, address] of Object.entries(tokens))
    if (!ADDRESS.test(address)) problems.push(`EVM_TOKENS: ${symbol} is not an address.`);
  const mnemonic = readMnemonic(env, problems);
  return {
    network: 'ethereum',
    nativeSymbol: 'ETH',
    rpcUrl,
    chainId,
    confirmations,
    mnemonic: mnemonic ?? new Secret(''),
    tokens,
    explorerUrl: explorer,
    pollMs,
    replaceAfterSeconds,
    startBlock: startText && /^[0-9]{1,18}$/.test(startText) ? BigInt(startText) : null,
  };
}
