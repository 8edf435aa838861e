import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'repo', include: ['*.test.ts'], testTimeout: 120_000 },
});
