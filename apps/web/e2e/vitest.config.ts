import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser tests: a real server (in-process, fresh embedded database) and a real Chromium per file.
export default defineConfig({
  test: {
    name: 'e2e',
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 2,
    // A screen's chunk, a request and Stencil's first draw can take seconds on a loaded machine: polls wait up
    // to 10 s (vitest's default, 1 s, failed CI runs), and pass as soon as what they wait for is there.
    expect: { poll: { timeout: 10_000 } },
  },
});
