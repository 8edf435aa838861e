import fastifyMultipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES } from '@fit24/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { type Clock, createClock } from './clock.ts';
import type { AppConfig } from './config.ts';
import { type DatabaseTarget, type OpenDatabase, openDatabase } from './db/database.ts';
import { ensureDemo } from './demo/demo.ts';
import { startMarketMaker } from './demo/market-maker.ts';
import { type HandlerMap, mergeHandlers, registerContractRoutes } from './http/contract-routes.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { loggerOptions, RequestLogAtDebug } from './http/logging.ts';
import { notFoundHandler, unroutableHandler } from './http/path-guards.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { SessionCache } from './http/session-cache.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { accountHandlers } from './modules/account/account.routes.ts';
import { affiliateHandlers } from './modules/affiliate/affiliate.routes.ts';
import { startRewardsScheduler } from './modules/affiliate/rewards.service.ts';
import { apiKeyHandlers } from './modules/api-keys/api-keys.routes.ts';
import * as apiKeys from './modules/api-keys/api-keys.service.ts';
import { authHandlers } from './modules/auth/auth.routes.ts';
import { listenForSessionEnds } from './modules/auth/session-ends.ts';
import * as sessions from './modules/auth/sessions.service.ts';
import { bankHandlers } from './modules/banks/banks.routes.ts';
import { createChainRegistry } from './modules/chain/chain.ts';
import { createEvmChain, isEvmChain } from './modules/chain/evm/evm-chain.ts';
import { contentHandlers, registerShareLinks } from './modules/content/content.routes.ts';
import { custodyHandlers } from './modules/custody/custody.routes.ts';
import { type Custody, startCustody } from './modules/custody/custody.ts';
import { registerDocsRoutes } from './modules/docs/docs.routes.ts';
import { startDevnetMiner } from './modules/funds/devnet-miner.ts';
import { fundsHandlers } from './modules/funds/funds.routes.ts';
import { seedDefaults } from './modules/funds/seed.ts';
import { kycHandlers } from './modules/kyc/kyc.routes.ts';
import { createMessenger } from './modules/messaging/messaging.ts';
import { notificationHandlers } from './modules/notifications/notifications.routes.ts';
import { operatorGuards } from './modules/operators/operator-guards.ts';
import { operatorHandlers } from './modules/operators/operators.routes.ts';
import { startNotificationSender } from './modules/push/notification-sender.ts';
import { pushHandlers } from './modules/push/push.routes.ts';
import { reservesHandlers } from './modules/reserves/reserves.routes.ts';
import { startReservesScheduler } from './modules/reserves/scheduler.ts';
import { moneyControlHandlers } from './modules/security/addresses.routes.ts';
import { startSecurityJanitor } from './modules/security/janitor.ts';
import { protectionHandlers } from './modules/security/protection.routes.ts';
import { securityHandlers } from './modules/security/security.routes.ts';
import { settingsHandlers } from './modules/settings/settings.routes.ts';
import { systemHandlers } from './modules/system/system.routes.ts';
import { APP_START_SCRIPT } from './modules/web/app-start.ts';
import { clientConfigScript, registerWebApp } from './modules/web/web.routes.ts';
import { consoleHandlers } from './ops/console/console.routes.ts';
import { registerKycFileRoute } from './ops/console/kyc-file.ts';
import { opsHandlers } from './ops/ops.routes.ts';
import { registerWebSocket } from './realtime/websocket.ts';
import { createEngineHost } from './trading/cluster/host.ts';
import type { TradingContext } from './trading/context.ts';
import { alertHandlers } from './trading/market/alerts.routes.ts';
import { marketHandlers } from './trading/market/markets.routes.ts';
import { orderHandlers } from './trading/orders/orders.routes.ts';

/** Largest JSON body accepted; uploads have their own limit. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const handlers: HandlerMap<TradingContext> = mergeHandlers(
  systemHandlers,
  authHandlers,
  accountHandlers,
  kycHandlers,
  bankHandlers,
  contentHandlers,
  fundsHandlers,
  notificationHandlers,
  settingsHandlers,
  pushHandlers,
  affiliateHandlers,
  marketHandlers,
  orderHandlers,
  alertHandlers,
  securityHandlers,
  moneyControlHandlers,
  protectionHandlers,
  custodyHandlers,
  reservesHandlers,
  apiKeyHandlers,
  operatorHandlers,
  consoleHandlers,
  opsHandlers,
);

export interface BuiltApp {
  app: FastifyInstance;
  ctx: TradingContext;
  /** The EVM custody loop, when an EVM node is configured. */
  custody: Custody | null;
}

/**
 * Builds the whole service: database (migrated), routes, error handling, the web app. Never listens:
 * tests call `app.inject()` or listen on a free port; `main.ts` listens. Closing the app closes the database.
 */
export async function buildApp(
  config: AppConfig,
  options: { database?: DatabaseTarget; clock?: Clock; logger?: boolean | object } = {},
): Promise<BuiltApp> {
  const app = Fastify({
    logger: options.logger ?? (await loggerOptions(config)),
    logController: new RequestLogAtDebug(),
    bodyLimit: BODY_LIMIT_BYTES,
    // Which proxies may tell the client's address (X-Forwarded-For): none unless TRUST_PROXY says so.
    trustProxy: trustProxyOption(config.trustProxy),
    return503OnClosing: true,
    frameworkErrors: unroutableHandler(config),
  });

  const target = options.database ?? config.database;
  const database: OpenDatabase = await openDatabase(target);
  app.addHook('onClose', async () => {
    await database.close();
  });

  await seedDefaults(database.db);
  const clock = options.clock ?? createClock();
  const messenger = createMessenger(database.db, clock, config);
  app.addHook('onClose', async () => messenger.close());
  const engine = createEngineHost(target);
  const chains = createChainRegistry(
    config.nodeEnv === 'production',
    config.evm ? [createEvmChain(config.evm)] : [],
  );
  const ctx: TradingContext = {
    config,
    db: database.db,
    batchDb: database.batchDb,
    dbKind: database.kind,
    clock,
    log: app.log,
    messenger,
    engine,
    sessions: new SessionCache(),
    chains,
  };
  // A session revoked by any process ends here at once: its cached lookups, its sockets.
  const sessionEnds = await listenForSessionEnds(target, database, app.log, (userId) =>
    ctx.sessions.ended(userId),
  );
  app.addHook('onClose', async () => sessionEnds.close());
  await engine.start(ctx);
  app.addHook('onClose', async () => engine.stop());

  const clientConfig = { apiKey: config.apiKeys[0]! };
  await registerSecurityHeaders(app, config, {
    inlineScripts: [clientConfigScript(clientConfig), APP_START_SCRIPT],
  });
  acceptEmptyJsonBodies(app);
  registerErrorHandler(app);
  // No app-wide guard on the raw URL (`/%61pi/…` is routed to `/api/…`): each route carries its own.

  app.get('/healthz', async () => {
    await database.db.selectNoFrom((eb) => eb.lit(1).as('ok')).execute();
    return { ok: true };
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1 },
  });
  registerDocsRoutes(app, config.publicUrl);
  await registerWebSocket(app, ctx);
  registerContractRoutes(app, ctx, handlers, {
    user: sessions.authenticate,
    operator: operatorGuards,
    personalKey: { isSigned: apiKeys.isSigned, authenticate: apiKeys.authenticateSigned },
  });
  registerShareLinks(app, ctx);
  registerKycFileRoute(app, ctx);

  if (config.webDist) await registerWebApp(app, config.webDist, clientConfig);
  app.setNotFoundHandler(notFoundHandler(ctx));

  const custody = await startJobs(app, ctx);
  await app.ready();
  return { app, ctx, custody };
}

/**
 * What runs beside the requests: the demo, the devnet miner, EVM custody, the janitor, the rewards, the
 * reserves snapshots.
 */
async function startJobs(app: FastifyInstance, ctx: TradingContext): Promise<Custody | null> {
  if (ctx.config.demo) await ensureDemo(ctx);
  if (ctx.config.demo) await startMarketMaker(ctx, app);
  if (ctx.config.devnetBlockSeconds > 0 && ctx.chains.devnetNetworks().length > 0) {
    const miner = startDevnetMiner(ctx, ctx.config.devnetBlockSeconds);
    app.addHook('onClose', async () => miner.stop());
  }

  const evm = ctx.chains.get('ethereum');
  const custody = isEvmChain(evm) ? await startCustody(ctx, evm) : null;
  if (custody) app.addHook('onClose', async () => custody.stop());

  const janitor = startSecurityJanitor(ctx);
  app.addHook('onClose', async () => janitor.stop());

  // Pushes and emails the notifications owe, sent after their transactions commit.
  const sender = startNotificationSender(ctx);
  app.addHook('onClose', async () => sender.stop());

  if (ctx.config.rewardsScheduler) {
    const scheduler = startRewardsScheduler(ctx);
    app.addHook('onClose', async () => scheduler.stop());
  }

  if (ctx.config.reservesSnapshotSeconds > 0) {
    const snapshots = startReservesScheduler(ctx, ctx.config.reservesSnapshotSeconds);
    app.addHook('onClose', async () => snapshots.stop());
  }

  return custody;
}

/** `POST /api/auth/signout` has an empty body (spec §7), even when a client labels it JSON. */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '' || (typeof body === 'string' && body.trim() === '')) return done(null, undefined);
    parseJson(request, body as string, done);
  });
}
