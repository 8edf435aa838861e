import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chrome 136 and later; a plain comment to every other engine). It must be the
 * file's first line.
 *
 * Why (issue 15): V8 compiles a function lazily, on the main thread, the first time it is called. Nearly
 * everything in this app's chunks runs when the chunk loads — the entry's start, Ionic's and Preact's first
 * render, a page's render when its route opens, the chart's first paint — so each first call paid a compile
 * inside the start's long tasks. With the hint V8 compiles the whole file eagerly, on a background thread
 * as it streams in, and the main thread only runs it. Measured with Lighthouse on the same build with and
 * without the hint (README, "Speed of the web app").
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * Writes the hint at the top of every JavaScript chunk, once the bundle is otherwise final: after Vite has
 * put its preload map (`__vite__mapDeps`) at the top of the chunks that import others lazily, which
 * `output.postBanner` would come before. The source map gains an empty first line, so every mapping stays
 * on its line.
 */
export function compileHints(): Plugin {
  return {
    name: 'fit24-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === 'asset') {
            const map = JSON.parse(String(mapFile.source)) as { mappings: string };
            if (!chunk.map || map.mappings !== chunk.map.mappings) map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
        }
      },
    },
  };
}
