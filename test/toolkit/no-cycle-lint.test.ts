// The lint's import-x/no-cycle rule really follows our `.js` specifiers to `.ts` sources and reports a cycle.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(new URL('../..', import.meta.url).pathname);
const temps: string[] = [];
afterAll(() => temps.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Only the cycle rule, parsed without type information: the other rules need types and are `npm run lint`'s job. */
const cycleOnly = {
  ruleFilter: ({ ruleId }: { ruleId: string }) => ruleId === 'import-x/no-cycle',
  overrideConfig: [{ files: ['src/**/*.{ts,cts}'], languageOptions: { parserOptions: { projectService: false } } }],
};

describe('lint: import-x/no-cycle', () => {
  it('reports two modules of src/util/ that import each other, with the project eslint.config.js', { timeout: 180_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-tools-cycle-'));
    temps.push(dir);
    copyFileSync(join(root, 'eslint.config.js'), join(dir, 'eslint.config.js'));
    copyFileSync(join(root, 'tsconfig.json'), join(dir, 'tsconfig.json'));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    mkdirSync(join(dir, 'src', 'util'), { recursive: true });
    writeFileSync(join(dir, 'src', 'util', 'a.ts'), `import { b } from './b.js';\nexport const a = (): number => b() + 1;\n`);
    writeFileSync(join(dir, 'src', 'util', 'b.ts'), `import { a } from './a.js';\nexport const b = (): number => (a.length ? 1 : 0);\n`);
    const results = await new ESLint({ cwd: dir }).lintFiles(['src/util/a.ts', 'src/util/b.ts']);
    const found = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(dir.length + 1)}:${m.line} ${m.ruleId}`));
    expect(found.sort()).toEqual(['src/util/a.ts:1 import-x/no-cycle', 'src/util/b.ts:1 import-x/no-cycle']);
  });

  it('finds no cycle in the real src/', { timeout: 300_000 }, async () => {
    const results = await new ESLint({ cwd: root, ...cycleOnly }).lintFiles(['src/**/*.{ts,cts}']);
    const found = results.flatMap((r) => r.messages.map((m) => `${r.filePath.slice(root.length + 1)}:${m.line} ${m.ruleId}: ${m.message}`));
    expect(results.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
