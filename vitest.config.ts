import { defineConfig } from 'vitest/config';

// One test command for the whole workspace; each project has its own config beside its code.
export default defineConfig({
  test: {
    projects: ['packages/contract', 'apps/server', 'apps/web'],
  },
});
