import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { buildApp } from '../src/app.ts';
import type { DatabaseTarget } from '../src/db/database.ts';
import { testConfig } from '../src/testing/test-app.ts';

/**
 * The server a database bench runs against: PostgreSQL in a throwaway schema when BENCH_DATABASE_URL or
 * TEST_DATABASE_URL is set, else PGlite; production settings, the real clock. `close` drops the schema and
 * the data folder.
 */
export async function benchApp() {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  const database: DatabaseTarget = url
    ? { kind: 'postgres', url, schema: `bench_${randomBytes(6).toString('hex')}`, dropSchemaOnClose: true }
    : { kind: 'pglite' };
  const config = testConfig({ database, nodeEnv: 'production', testClock: false });
  const { app, ctx } = await buildApp(config, { database, logger: false });
  return {
    app,
    ctx,
    name: url ? 'PostgreSQL' : 'PGlite',
    async close() {
      await app.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}
