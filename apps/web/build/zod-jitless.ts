import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * Points every `import … from 'zod'` of the build and the dev server at src/lib/zod-config.ts, which sets zod's
 * `jitless` and re-exports zod. Why: once the app is split in chunks, the contract's schemas are built in
 * chunks the entry imports, which run before the entry's first line; a schema built before `jitless` is
 * set probes `new Function`, a Content-Security-Policy violation. Through this module, zod is configured
 * whatever chunk first asks for it. And only then: the first screen imports no schema, so zod is not in
 * its JavaScript (issue 15's budget) and loads with the first screen that validates a form.
 */
export function zodJitless(): Plugin {
  const configFile = fileURLToPath(new URL('../src/lib/zod-config.ts', import.meta.url));
  return {
    name: 'fit24-zod-jitless',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'zod' || importer === configFile) return undefined;
      return configFile;
    },
  };
}
