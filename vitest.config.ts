import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    // Downloaded packages (the smoke corpus) and lint fixtures hold other projects' test files.
    exclude: ['**/node_modules/**', 'tests/smoke/.cache/**', 'tests/**/fixtures/**', 'bench/corpus/**'],
    setupFiles: ['tests/setup.ts'],
    typecheck: { enabled: true, include: ['tests/types/**/*.test-d.ts'], tsconfig: './tsconfig.json' },
    testTimeout: 30_000,
  },
});
