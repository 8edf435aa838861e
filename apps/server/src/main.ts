import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_OPERATOR, DEMO_USER } from './demo/demo.ts';

const webDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Reads the configuration, builds the app, listens; on SIGTERM finishes in-flight requests and closes. */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, { webDist });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const { app, ctx } = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string, code = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await app.close();
      process.exit(code);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Another process may run this one's markets now: restart (the supervisor starts it again) rather than
  // stay up refusing their orders.
  ctx.engine.onLocksLost(() => void shutdown('lost the market locks', 1));

  const address = await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${new URL(address).port}`;
  const banner = [
    '',
    `  FIT24 Exchange is running at ${url}`,
    `  Database: ${config.database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'}`,
    `  API key (x-api-key):  ${config.apiKeys[0]}`,
    `  Ops key (x-ops-key):  ${config.nodeEnv === 'production' ? '(from OPS_KEY)' : config.opsKey}`,
    `  API documentation:    ${url}/api/docs`,
    ...(config.demo
      ? [
          `  Demo sign-in:         ${DEMO_USER.email} / ${DEMO_USER.password} (transaction password ${DEMO_USER.txnPassword})`,
          `  Operators' console:   ${url}/admin as ${DEMO_OPERATOR.email} / ${DEMO_OPERATOR.password} (an authenticator app is enrolled at the first sign-in)`,
        ]
      : []),
    '',
  ];
  console.log(banner.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
