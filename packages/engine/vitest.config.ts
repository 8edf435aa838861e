import { defineConfig } from 'vitest/config';

// Property tests run thousands of commands; a shared, loaded machine must not turn them into timeouts.
export default defineConfig({ test: { name: 'engine', include: ['src/**/*.test.ts'], testTimeout: 60_000 } });
