// The local development chain: a Hardhat node, its well-known accounts and the tokens deployed on it.
// `npm run chain` (scripts/chain.ts) and the EVM tests (testing/evm-node.ts) use it; the exchange never does.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import {
  type Abi,
  type Account,
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  type Hash,
  type Hex,
  http,
} from 'viem';
import { type HDAccount, mnemonicToAccount } from 'viem/accounts';
import artifacts from './erc20-artifacts.json' with { type: 'json' };

/** Hardhat's default development mnemonic; account 0 is 0xf39F…2266. Never use it off the local chain. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const LOCAL_CHAIN_ID = 31337;
/** Hardhat's account 1 (10,000 ETH at start): its key is published with Hardhat, so anybody holds it. */
export const TEST_WALLET = {
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
} as const satisfies { address: Address; privateKey: Hex };
/** The assets on the local chain and their decimals. */
export const LOCAL_ASSETS = { ETH: 18, USDT: 6, FIT24: 18 } as const;
export type LocalAsset = keyof typeof LOCAL_ASSETS;
export type LocalToken = Exclude<LocalAsset, 'ETH'>;
export type DeployedTokens = Record<LocalToken, Address>;

const REPO_ROOT = join(import.meta.dirname, '../../../../../..');
const devAccounts = new Map<number, HDAccount>();

/** Hardhat's account `index` of the development mnemonic (derived once, then cached). */
export function devAccount(index = 0): HDAccount {
  let account = devAccounts.get(index);
  if (!account) {
    account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: index });
    devAccounts.set(index, account);
  }
  return account;
}

/** Clients for the node at `rpcUrl`; the wallet client signs as `account` (Hardhat's account 0 by default). */
export function localClients(rpcUrl: string, account: Account = devAccount(0)) {
  const chain = defineChain({
    id: LOCAL_CHAIN_ID,
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const transport = http(rpcUrl);
  return {
    // Blocks come at once (automine) or every few seconds: poll for receipts more often than viem's 4 s.
    publicClient: createPublicClient({ chain, transport, pollingInterval: 250 }),
    walletClient: createWalletClient({ chain, account, transport }),
    testClient: createTestClient({ chain, mode: 'hardhat', transport }),
  };
}

export interface HardhatNode {
  rpcUrl: string;
  /** Stops the node (SIGTERM, SIGKILL after 5 s) and waits for its exit. */
  close(): Promise<void>;
  /** Settles when the node exits, for whatever reason. */
  exited: Promise<void>;
}

export interface HardhatNodeOptions {
  /** 'inherit' shows Hardhat's own log (every JSON-RPC call); by default it is kept quiet. */
  output?: 'ignore' | 'inherit';
  timeoutMs?: number;
}

/** Starts `hardhat node` on 127.0.0.1:`port` and resolves once its JSON-RPC answers. */
export async function startHardhatNode(port: number, options: HardhatNodeOptions = {}): Promise<HardhatNode> {
  const rpcUrl = `http://127.0.0.1:${port}`;
  // Else another node already there (an earlier `npm run chain`) would answer in this one's place.
  await assertPortFree(port);
  const output = options.output ?? 'ignore';
  const child = spawn(
    join(REPO_ROOT, 'node_modules/.bin/hardhat'),
    ['node', '--hostname', '127.0.0.1', '--port', String(port)],
    { cwd: REPO_ROOT, stdio: ['ignore', output, output === 'inherit' ? 'inherit' : 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
  try {
    await waitForRpc(rpcUrl, child, options.timeoutMs ?? 60_000);
  } catch (error) {
    await close();
    const detail = stderr.trim() ? `\n${stderr.trim()}` : '';
    throw new Error(`${(error as Error).message}${detail}`);
  }
  return { rpcUrl, close, exited };
}

async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `127.0.0.1:${port} is in use (another chain still running?): stop it or pick another port.`,
            )
          : error,
      ),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}

async function waitForRpc(rpcUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`hardhat node exited with ${child.exitCode ?? child.signalCode}`);
    }
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
        signal: AbortSignal.timeout(2000),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`hardhat node did not answer at ${rpcUrl} within ${timeoutMs} ms`);
}

/** Deploys TestUSDT (6 decimals) and FIT24 (18 decimals), 10^9 of each to the deployer. */
export async function deployTokens(
  rpcUrl: string,
  deployer: Account = devAccount(0),
): Promise<DeployedTokens> {
  const { publicClient, walletClient } = localClients(rpcUrl, deployer);
  const deploy = async (name: 'TestUSDT' | 'FIT24', supply: bigint) => {
    const hash = await walletClient.deployContract({
      abi: artifacts[name].abi,
      bytecode: artifacts[name].bytecode as Hex,
      args: [supply],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} deployment has no address`);
    return getAddress(receipt.contractAddress);
  };
  const USDT = await deploy('TestUSDT', 1_000_000_000n * 10n ** BigInt(LOCAL_ASSETS.USDT));
  const FIT24 = await deploy('FIT24', 1_000_000_000n * 10n ** BigInt(LOCAL_ASSETS.FIT24));
  return { USDT, FIT24 };
}

/** Sends `amount` base units of ETH or a token from `from` to `to`; resolves with the mined transaction. */
export async function sendAsset(
  rpcUrl: string,
  tokens: DeployedTokens,
  transfer: { from: Account; to: Address; asset: LocalAsset; amount: bigint },
): Promise<{ hash: Hash; blockNumber: bigint }> {
  const { publicClient, walletClient } = localClients(rpcUrl, transfer.from);
  const hash =
    transfer.asset === 'ETH'
      ? await walletClient.sendTransaction({ to: transfer.to, value: transfer.amount })
      : await walletClient.writeContract({
          address: tokens[transfer.asset],
          // The contract's own ABI, so that a revert names its error (TestUSDT's Blacklisted).
          abi: (transfer.asset === 'USDT' ? artifacts.TestUSDT.abi : artifacts.FIT24.abi) as Abi,
          functionName: 'transfer',
          args: [transfer.to, transfer.amount],
        });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`);
  return { hash, blockNumber: receipt.blockNumber };
}

/** The address's balances in base units. */
export async function balancesOf(
  rpcUrl: string,
  tokens: DeployedTokens,
  address: Address,
): Promise<Record<LocalAsset, bigint>> {
  const { publicClient } = localClients(rpcUrl);
  const token = (name: LocalToken) =>
    publicClient.readContract({
      address: tokens[name],
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [address],
    });
  const [ETH, USDT, FIT24] = await Promise.all([
    publicClient.getBalance({ address }),
    token('USDT'),
    token('FIT24'),
  ]);
  return { ETH, USDT, FIT24 };
}
