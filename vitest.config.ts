import { defineConfig } from 'vitest/config';

// One test command for the whole workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    // PGlite starts a WebAssembly PostgreSQL per server test file: two at a time suit a 2-core machine.
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'packages/engine',
      'packages/reserves',
      'apps/server',
      'apps/web',
      'scripts',
    ],
  },
});
