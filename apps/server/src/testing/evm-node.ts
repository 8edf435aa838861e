import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { type Address, createPublicClient, createWalletClient, defineChain, type Hex, http } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import artifacts from '../modules/chain/evm/erc20-artifacts.json' with { type: 'json' };

/** Hardhat's default development mnemonic; account 0 is 0xf39F…2266. Never use it off the local chain. */
export const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
export const LOCAL_CHAIN_ID = 31337;
const REPO_ROOT = join(import.meta.dirname, '../../../..');

export interface EvmNode {
  rpcUrl: string;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForRpc(rpcUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`hardhat node exited with ${child.exitCode}`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`hardhat node did not answer at ${rpcUrl} within ${timeoutMs} ms`);
}

/** Starts `hardhat node` on a port (a free one by default); close() kills it and waits for its exit. */
export async function startEvmNode(port?: number, timeoutMs = 60_000): Promise<EvmNode> {
  const p = port ?? (await freePort());
  const rpcUrl = `http://127.0.0.1:${p}`;
  const child = spawn(
    join(REPO_ROOT, 'node_modules/.bin/hardhat'),
    ['node', '--hostname', '127.0.0.1', '--port', String(p)],
    { cwd: REPO_ROOT, stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    await waitForRpc(rpcUrl, child, timeoutMs);
  } catch (error) {
    await close();
    throw error;
  }
  return { rpcUrl, close };
}

export function localClients(rpcUrl: string) {
  const chain = defineChain({
    id: LOCAL_CHAIN_ID,
    name: 'Hardhat',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const deployer = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 0 });
  return {
    publicClient: createPublicClient({ chain, transport: http(rpcUrl) }),
    walletClient: createWalletClient({ chain, account: deployer, transport: http(rpcUrl) }),
  };
}

export interface DeployedTokens {
  USDT: Address;
  FIT24: Address;
}

/** Deploys TestUSDT (6 decimals) and FIT24 (18 decimals) from Hardhat's account 0. */
export async function deployTokens(rpcUrl: string): Promise<DeployedTokens> {
  const { publicClient, walletClient } = localClients(rpcUrl);
  const deploy = async (name: 'TestUSDT' | 'FIT24', supply: bigint) => {
    const hash = await walletClient.deployContract({
      abi: artifacts[name].abi,
      bytecode: artifacts[name].bytecode as Hex,
      args: [supply],
    });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error(`${name} deployment has no address`);
    return receipt.contractAddress;
  };
  const USDT = await deploy('TestUSDT', 1_000_000_000n * 10n ** 6n);
  const FIT24 = await deploy('FIT24', 1_000_000_000n * 10n ** 18n);
  return { USDT, FIT24 };
}
