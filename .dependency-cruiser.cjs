/**
 * The direction of every import (issue 12), checked by `npm run lint`:
 * - no import cycles anywhere, type-only imports included;
 * - the server in layers, each importing only its own layer and those below:
 *     base (clock, config, crypto, context, db/, http/) → modules/ → trading/ → realtime/ → demo/, ops/, app.ts, main.ts
 * - the web app: app/ composes features/ and the operators' console (admin/); a feature never imports another
 *   feature; admin/ and features/ never import each other (the console uses lib/ and components/ui/ only);
 *   lib/ and components/ import neither features, admin nor app;
 * - test helpers (testing/) are for tests and benchmarks only.
 */
const server = 'apps/server/src';
const web = 'apps/web/src';
const base = `^${server}/(clock|config|config-values|config-affiliate|config-evm|crypto|context|messenger|chains)\\.ts$|^${server}/(db|http)/`;
const layers = [
  ['base', base],
  ['modules', `^${server}/modules/`],
  ['trading', `^${server}/trading/`],
  ['realtime', `^${server}/realtime/`],
];
const above = {
  base: `^${server}/(modules|trading|realtime|demo|ops)/|^${server}/(app|main)\\.ts$`,
  modules: `^${server}/(trading|realtime|demo|ops)/|^${server}/(app|main)\\.ts$`,
  trading: `^${server}/(realtime|demo|ops)/|^${server}/(app|main)\\.ts$`,
  realtime: `^${server}/(demo|ops)/|^${server}/(app|main)\\.ts$`,
};

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: split the shared part into a module both can import.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layers.map(([name, path]) => ({
      name: `server-${name}-imports-upward`,
      comment: `The server's ${name} layer imports a layer above it.`,
      severity: 'error',
      from: { path, pathNot: '\\.test\\.ts$' },
      to: { path: above[name] },
    })),
    {
      name: 'server-app-imports-demo-or-ops-internals',
      comment: 'demo/ and ops/ sit above everything; only app.ts and main.ts start them.',
      severity: 'error',
      from: { path: `^${server}/(modules|trading|realtime|db|http)/`, pathNot: '\\.test\\.ts$' },
      to: { path: `^${server}/(demo|ops)/` },
    },
    {
      name: 'testing-only-in-tests',
      comment: 'Test helpers are for tests and benchmarks.',
      severity: 'error',
      from: { path: `^${server}/`, pathNot: `\\.test\\.ts$|^${server}/testing/` },
      to: { path: `^${server}/testing/` },
    },
    {
      name: 'web-feature-imports-another-feature',
      comment: 'Features are independent: app/ composes them; shared pieces go to lib/ or components/.',
      severity: 'error',
      from: { path: `^${web}/features/([^/]+)/` },
      to: { path: `^${web}/features/`, pathNot: `^${web}/features/$1/` },
    },
    {
      name: 'web-shared-imports-feature-or-app',
      comment: 'lib/ and components/ are below features, the console and app/.',
      severity: 'error',
      from: { path: `^${web}/(lib|components)/` },
      to: { path: `^${web}/(features|admin|app)/` },
    },
    {
      name: 'web-admin-imports-user-app',
      comment:
        "The operators' console stands apart from the user app: it uses lib/ and components/ui/, never a feature or app/.",
      severity: 'error',
      from: { path: `^${web}/admin/` },
      to: { path: `^${web}/(features|app)/|^${web}/components/(?!ui/)` },
    },
    {
      name: 'web-feature-imports-admin',
      comment:
        "A feature never reaches into the operators' console; shared pieces go to lib/ or components/ui/.",
      severity: 'error',
      from: { path: `^${web}/features/` },
      to: { path: `^${web}/admin/` },
    },
    {
      name: 'web-feature-imports-app',
      comment: 'app/ composes features, never the other way.',
      severity: 'error',
      from: { path: `^${web}/features/` },
      to: { path: `^${web}/app/` },
    },
    {
      name: 'apps-import-each-other',
      comment: 'The server and the web app share only packages/ (the browser tests start the real server).',
      severity: 'error',
      from: { path: '^apps/(server|web)/', pathNot: '^apps/web/e2e/' },
      to: { path: '^apps/(server|web)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'packages-import-apps',
      comment: 'Dependencies point one way: apps → packages, never back.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules|/dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.depcruise.json' },
    combinedDependencies: false,
  },
};
