import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const depcruise = join(root, 'node_modules/.bin/depcruise');
const sources = ['apps/server/src', 'apps/web/src', 'packages/contract/src', 'packages/engine/src'];

/** `npm run lint`'s import check, run on a copy of the sources that a test may break on purpose. */
async function check(copy: string): Promise<{ ok: boolean; output: string }> {
  try {
    const { stdout } = await run(
      depcruise,
      [...sources, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      {
        cwd: copy,
      },
    );
    return { ok: true, output: stdout };
  } catch (error) {
    const failed = error as { stdout: string; stderr: string };
    return { ok: false, output: failed.stdout + failed.stderr };
  }
}

describe('the import rules of npm run lint', () => {
  let copy: string;

  beforeAll(() => {
    copy = mkdtempSync(join(tmpdir(), 'fit24-imports-'));
    for (const file of ['.dependency-cruiser.cjs', 'tsconfig.depcruise.json', 'tsconfig.base.json']) {
      cpSync(join(root, file), join(copy, file));
    }
    for (const dir of sources) cpSync(join(root, dir), join(copy, dir), { recursive: true });
  });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  const append = (file: string, line: string) => writeFileSync(join(copy, file), `${line}\n`, { flag: 'a' });
  const restore = (file: string) => cpSync(join(root, file), join(copy, file));

  it('pass on the repository as it is', async () => {
    const result = await check(copy);
    expect(result.output).toContain('no dependency violations found');
    expect(result.ok).toBe(true);
  });

  it('fail on a new import cycle', async () => {
    // config.ts imports config-values.ts; importing the config back closes a cycle.
    append('apps/server/src/config-values.ts', "export type { AppConfig } from './config.ts';");
    try {
      const result = await check(copy);
      expect(result.ok).toBe(false);
      expect(result.output).toMatch(/no-circular: apps\/server\/src\/config(-values)?\.ts/);
    } finally {
      restore('apps/server/src/config-values.ts');
    }
  });

  it('fail on a lower layer importing a higher one', async () => {
    append(
      'apps/server/src/modules/ledger/ledger.service.ts',
      "export type { TradingContext } from '../../trading/context.ts';",
    );
    try {
      const result = await check(copy);
      expect(result.ok).toBe(false);
      expect(result.output).toContain(
        'server-modules-imports-upward: apps/server/src/modules/ledger/ledger.service.ts',
      );
    } finally {
      restore('apps/server/src/modules/ledger/ledger.service.ts');
    }
  });

  it("fail on a web feature importing another feature's internals", async () => {
    append(
      'apps/web/src/features/wallet/api/get-balances.ts',
      "export * from '../../markets/api/markets.ts';",
    );
    try {
      const result = await check(copy);
      expect(result.ok).toBe(false);
      expect(result.output).toContain(
        'web-feature-imports-another-feature: apps/web/src/features/wallet/api/get-balances.ts',
      );
    } finally {
      restore('apps/web/src/features/wallet/api/get-balances.ts');
    }
  });
});
