import { defineConfig } from 'vitest/config';

/** The AI SDK adapter suite: run once per supported major of the `ai` peer, each with that major's own mock model. */
const AI_SUITE = [
  'test/adapters/ai.test.ts',
  'test/adapters/ai-rich.test.ts',
  'test/adapters/ai-tool-search.test.ts',
  'test/adapters/ai-approval.test.ts',
];

/**
 * One project per AI SDK major: `ai` (and `ai/test`) resolve to the npm alias `ai-v5`,
 * `ai-v6` or `ai-v7` (devDependencies), so src/adapters/ai.ts, one module, runs against each:
 * for Vite by the alias, for Node (the adapter loads `ai` through Node) by the setup file's hook.
 */
const aiProject = (major: 5 | 6 | 7) => ({
  extends: true as const,
  resolve: { alias: [{ find: /^ai(\/.*)?$/, replacement: `ai-v${major}$1` }] },
  test: {
    name: `ai-v${major}`,
    include: AI_SUITE,
    typecheck: { enabled: false },
    env: { AI_MAJOR: String(major) },
    setupFiles: ['test/adapters/ai-major-resolve.ts'],
  },
});

export default defineConfig({
  resolve: {
    // src/analysis/ts-morph.cts is CommonJS that requires ts-morph (see the file); Vite cannot
    // load `import = require`, so tests take the package itself. The compiled wrapper is
    // tested in test/analysis/ts-morph-require.test.ts and runs in every CLI test.
    alias: [{ find: /^(\.\.?\/)+(analysis\/)?ts-morph\.cjs$/, replacement: 'ts-morph' }],
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'default',
          include: ['test/**/*.test.ts', 'examples/**/*.test.ts'],
          exclude: [...AI_SUITE, '**/node_modules/**'],
          typecheck: {
            enabled: true,
            include: ['test/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
      aiProject(5),
      aiProject(6),
      aiProject(7),
    ],
  },
});
