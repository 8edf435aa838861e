// The server, compiled: `apps/server/src/main.ts` and the workspace packages it imports (TypeScript
// sources) bundled by esbuild into `apps/server/dist/main.js`; everything in node_modules stays external
// and is loaded from there at run time.
//
// `npm run build:server` builds. `npm start` builds only when the build is missing or stale: beside the
// bundle, `build-inputs.json` records a hash of every source file that went into it (and of this script),
// so after a `git pull` or an edit the next start rebuilds instead of running old code.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const self = fileURLToPath(import.meta.url);
const SELF = 'scripts/build-server.mjs';
export const defaultOutDir = join(root, 'apps/server/dist');
const INPUTS_FILE = 'build-inputs.json';

/** The hash of a file named relative to the repository's root. */
const hashOf = (file) => {
  const path = join(root, file);
  return existsSync(path) ? createHash('sha256').update(readFileSync(path)).digest('hex') : 'missing';
};

/** Bare imports (`fastify`, `pg`, …) stay external, except the workspace packages: they are sources. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@fit24/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** Bundles the server into `outDir` and records what went into it. */
export async function buildServer(outDir = defaultOutDir) {
  // Loaded here: a deployment that ships a current build runs without the devDependencies.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['apps/server/src/main.ts'],
    outfile: join(outDir, 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    // Functions and classes keep their names (esbuild renames clashing ones): stack traces read as the sources.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [nodeModulesExternal],
  });
  const inputs = { [SELF]: hashOf(SELF) };
  for (const input of Object.keys(result.metafile.inputs)) inputs[input] = hashOf(input);
  writeFileSync(join(outDir, INPUTS_FILE), `${JSON.stringify(inputs, null, 2)}\n`);
}

/** True when `outDir` holds a bundle built from the sources as they are now. */
export function isBuildCurrent(outDir = defaultOutDir) {
  const record = join(outDir, INPUTS_FILE);
  if (!existsSync(join(outDir, 'main.js')) || !existsSync(record)) return false;
  const inputs = JSON.parse(readFileSync(record, 'utf8'));
  if (inputs[SELF] === undefined) return false;
  return Object.entries(inputs).every(([file, hash]) => hashOf(file) === hash);
}

/** Builds unless the build is current; says which it did. */
export async function ensureServerBuild(outDir = defaultOutDir) {
  if (isBuildCurrent(outDir)) return false;
  console.log('Building the server (first start, or its sources changed)…');
  await buildServer(outDir);
  return true;
}

// `node scripts/build-server.mjs [--if-stale] [--outdir DIR]`
if (process.argv[1] && resolve(process.argv[1]) === self) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--outdir');
  const outDir = at === -1 ? defaultOutDir : resolve(args[at + 1]);
  if (!args.includes('--if-stale')) await buildServer(outDir);
  else if (!(await ensureServerBuild(outDir))) console.log('The server build is up to date.');
}
