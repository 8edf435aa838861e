import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
// @ts-expect-error plain .mjs script without types
import { ARTIFACT_PATH, compileContracts } from './compile-contracts.mjs';

test('the committed ERC-20 artifact equals a fresh solc compile of contracts/*.sol', () => {
  const fresh = compileContracts() as string;
  expect(readFileSync(ARTIFACT_PATH, 'utf8')).toBe(fresh);
  const artifacts = JSON.parse(fresh);
  expect(Object.keys(artifacts).sort()).toEqual(['FIT24', 'TestUSDT']);
  expect(artifacts.FIT24.bytecode).toMatch(/^0x[0-9a-f]{100,}$/);
  expect(artifacts.TestUSDT.abi.map((e: { name?: string }) => e.name)).toEqual(
    expect.arrayContaining(['mint', 'addBlackList', 'removeBlackList', 'isBlackListed', 'Blacklisted']),
  );
});
