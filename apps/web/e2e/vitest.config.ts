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
  },
});
