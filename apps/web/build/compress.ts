import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin, ResolvedConfig } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text the server sends as it is, which compresses well; images, fonts and source maps are left alone. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this a compressed copy saves less than its headers cost (@fastify/static skips such files too). */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file of `dir`. */
export async function compressDir(dir: string): Promise<number> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  for (const file of files) {
    if ((await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gz(content, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
    written += 1;
  }
  return written;
}

/**
 * Brotli and gzip copies of the build, made once at build time at the best ratio, which the server sends
 * by the request's Accept-Encoding (issue 15: the app used to go out uncompressed). Runs last, after the
 * service worker is written.
 */
export function compress(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'fit24-compress',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const outDir = resolve(config.root, config.build.outDir);
        const count = await compressDir(outDir);
        config.logger.info(`compressed ${count} files (.br, .gz) in ${outDir}`);
      },
    },
  };
}
