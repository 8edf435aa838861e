import { defineConfig } from 'vitest/config';

// Property tests build many trees and the CLI test starts child processes: generous on a loaded machine.
export default defineConfig({
  test: { name: 'reserves', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
});
