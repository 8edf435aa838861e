// A Hardhat node on a free port for tests. The helpers the development chain shares (clients, the token
// deployment, the well-known accounts) live in modules/chain/evm/local-chain.ts and are re-exported here.
import { createServer } from 'node:net';
import { startHardhatNode } from '../modules/chain/evm/local-chain.ts';

export {
  DEV_MNEMONIC,
  type DeployedTokens,
  deployTokens,
  devAccount,
  LOCAL_CHAIN_ID,
  localClients,
  TEST_WALLET,
} from '../modules/chain/evm/local-chain.ts';

export interface EvmNode {
  rpcUrl: string;
  close(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `hardhat node` on a port (a free one by default); close() kills it and waits for its exit. */
export async function startEvmNode(port?: number, timeoutMs = 60_000): Promise<EvmNode> {
  const node = await startHardhatNode(port ?? (await freePort()), { timeoutMs });
  return { rpcUrl: node.rpcUrl, close: node.close };
}
