import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // src/analysis/ts-morph.cts is CommonJS that requires ts-morph (see the file); Vite cannot
    // load `import = require`, so tests take the package itself. The compiled wrapper is
    // tested in test/analysis/ts-morph-require.test.ts and runs in every CLI test.
    alias: [{ find: /^(\.\.?\/)+(analysis\/)?ts-morph\.cjs$/, replacement: 'ts-morph' }],
  },
  test: {
    include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    typecheck: {
      enabled: true,
      include: ['test/**/*.test-d.ts'],
      tsconfig: './tsconfig.json',
    },
  },
});
