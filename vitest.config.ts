import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'electron/**/*.test.ts', 'renderer/**/*.test.ts', 'test/**/*.test.ts', 'scripts/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Vitest's default leaves one core idle (CPUs − 1); the suite's files are independent, and the
    // timing-sensitive ones wait on deadlines far above what a shared core costs them.
    maxWorkers: 2,
  },
});
