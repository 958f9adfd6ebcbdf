import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'packages/*/test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel; each uses its own PostgreSQL schema and SQLite file.
    pool: 'forks',
    // As bin/agentapi.js: no native addon behind BullMQ's encoder.
    env: { MSGPACKR_NATIVE_ACCELERATION_DISABLED: 'true' },
  },
});
