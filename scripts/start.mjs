// `npm start`: builds the web app and the server when their sources changed since their last build
// (the web app: a hash of its sources kept in its dist; the server: scripts/build-server.mjs), then runs the compiled server on the embedded database (or
// DATABASE_URL). Signals pass through, so Ctrl-C and SIGTERM shut the server down cleanly.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuild } from './build-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const webInputs = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/contract/src',
];
const webHashFile = `${root}apps/web/dist/.sources-hash`;

/** One hash over every file the web app's build reads (names and contents), in a stable order. */
function hashTree(paths) {
  const hash = createHash('sha256');
  const visit = (path) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(join(path, name));
    } else {
      hash.update(`${path}\0`).update(readFileSync(full)).update('\0');
    }
  };
  for (const path of paths) visit(path);
  return hash.digest('hex');
}

const webHash = hashTree(webInputs);
const webCurrent =
  existsSync(`${root}apps/web/dist/index.html`) &&
  existsSync(webHashFile) &&
  readFileSync(webHashFile, 'utf8').trim() === webHash;
if (!webCurrent) {
  console.log('Building the web app (first start, or its sources changed)…');
  const build = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(webHashFile, `${webHash}\n`);
}

await ensureServerBuild();

const server = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
