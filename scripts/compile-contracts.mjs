// Compiles contracts/*.sol with the solc npm package (offline, no Hardhat) into the committed artifact
// the server and the local chain deploy from. `--check` exits 1 when the committed file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const CONTRACTS = ['FIT24', 'TestUSDT'];
export const ARTIFACT_PATH = join(root, 'apps/server/src/modules/chain/evm/erc20-artifacts.json');

function findImport(path) {
  try {
    return { contents: readFileSync(join(root, 'node_modules', path), 'utf8') };
  } catch {
    return { error: `import not found: ${path}` };
  }
}

/** Returns the artifact text: { <contract>: { abi, bytecode } }, stable for a given source. */
export function compileContracts() {
  const sources = Object.fromEntries(
    CONTRACTS.map((name) => [
      `contracts/${name}.sol`,
      { content: readFileSync(join(root, `contracts/${name}.sol`), 'utf8') },
    ]),
  );
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      optimizer: { enabled: true, runs: 200 },
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const artifacts = {};
  for (const name of CONTRACTS) {
    const compiled = output.contracts[`contracts/${name}.sol`][name];
    artifacts[name] = { abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}` };
  }
  return `${JSON.stringify(artifacts, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = compileContracts();
  if (process.argv.includes('--check')) {
    const stale = readFileSync(ARTIFACT_PATH, 'utf8') !== text;
    console.log(
      stale ? 'erc20-artifacts.json is stale: run npm run contracts:compile' : 'artifacts up to date',
    );
    process.exit(stale ? 1 : 0);
  }
  writeFileSync(ARTIFACT_PATH, text);
  console.log(`wrote ${ARTIFACT_PATH}`);
}
