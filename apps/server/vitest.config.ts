import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // PGlite starts a WebAssembly PostgreSQL per test file: two at a time suit a 2-core machine.
    maxWorkers: 2,
  },
});
