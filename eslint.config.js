// ESLint (flat config), run by `npm run lint` and so by `npm test`:
// - src/: typescript-eslint's type-checked rules and import-x's no-cycle (no module imports
//   itself back through others; test/toolkit/layers.test.ts holds the map between folders);
// - test/, bench/, soak/, scripts/, examples/: the rules that need no types. Type-aware rules on the whole
//   tree took 4 min 25 s of wall time on this shared 2-core machine (54 s of CPU), src/ alone 2 min 18 s (30 s).
// Every rule turned off below says why.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

// No line over 140 characters (Prettier's printWidth): Prettier does not break strings, template
// literals or comments, so this catches the long lines it leaves, comments included.
const maxLen = ['error', { code: 140, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }];

const unusedVars = [
  'error',
  // `_name` marks a value left out on purpose: an argument an interface passes, a key dropped with `{ _k, ...rest }`
  { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'fixtures/**',
      'data/**',
      'docs/**',
      'templates/**',
      'src/console/page/**',
      'test/**/golden/**',
    ],
  },
  {
    files: ['src/**/*.{ts,cts}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    plugins: { 'import-x': importX },
    settings: {
      // our specifiers end in .js and name .ts sources (NodeNext)
      'import-x/resolver-next': [createNodeResolver({ extensionAlias: { '.js': ['.ts', '.js'] } })],
      // no-cycle follows only files it can parse: without these two, import-x's defaults (.js files, espree)
      // skip every .ts module it resolves and the rule never sees an import, so it reports nothing
      'import-x/extensions': ['.ts', '.cts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.cts'] },
    },
    rules: {
      // A dynamic import() is how a module loads a heavy part on demand (openSkillStore loads the SQLite or
      // PostgreSQL store, which import the store's errors and types back): it is not a load-order cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }],
      'max-len': maxLen,
      '@typescript-eslint/no-unused-vars': unusedVars,
      // Off: `any` is the variance escape hatch of the public generic types (AnyToolDef, a ToolDef of
      // either params or a zod input, the AI SDK's tool across three majors); `unknown` there makes a
      // user's own ToolDef unassignable. Values of unknown shape elsewhere are typed `unknown`.
      '@typescript-eslint/no-explicit-any': 'off',
      // Off, with no-explicit-any: the values typed any come from JSON.parse, the SDKs' own any and those
      // generic types, and are checked at run time (isPlainObject, zod, parseArgs) where they enter.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // Off: an async method of an async interface (the SQLite store, a transport's start/close) turns a
      // synchronous throw into a rejected promise, which its callers rely on; it needs no await to be right.
      '@typescript-eslint/require-await': 'off',
      // Off: internal control-flow signals (static extraction's Leave, the JSON converter's depth
      // sentinel, the JSON reader's parse failure) are thrown as plain values and caught in the same
      // module; what leaves a module is an Error (test/shared holds the error hierarchy).
      '@typescript-eslint/only-throw-error': 'off',
      // Off: messages quote a user's value of unknown type with String() or a template on purpose;
      // the rule cannot tell those from a forgotten field, and their wording is pinned by tests.
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.{ts,js,mjs}', 'soak/**/*.{ts,js}', 'scripts/*.mjs', 'examples/**/*.{ts,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        Buffer: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: {
      'max-len': maxLen,
      '@typescript-eslint/no-unused-vars': unusedVars,
      // Off in tests: fixtures and mock models stand in for SDK types across majors
      '@typescript-eslint/no-explicit-any': 'off',
      // Off in tests: they match terminal escape codes (\x1b[...m) in what a command printed
      'no-control-regex': 'off',
    },
  },
  {
    // type tests declare values only to take their types (expectTypeOf<typeof x>)
    files: ['test/**/*.test-d.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
);
