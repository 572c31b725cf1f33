/** Tests that config `ignore` and CLI path globs mean what they mean in .gitignore and ESLint. */

import { spawnSync } from 'node:child_process';
import pc from 'picocolors';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { globList } from '../../src/util/glob.js';
import { runValidate as validate } from '../../src/cli/run-validate.js';
import { writeSources } from '../validate/helpers.js';

// Config `ignore` and CLI path globs mean what they mean in .gitignore and ESLint.
const bin = new URL('../../bin/agent-tools.js', import.meta.url).pathname;
const noColor = pc.createColors(false);
// A tool whose name breaks snake-case: one error finding per file, so the findings list the files not ignored.
const bad = (name: string) =>
  `import { defineTool } from 'agent-tools';\n/** x */\nexport const t = defineTool({ name: '${name}', description: 'Sets the font family of a text node.', mutates: true, destructive: false, params: {}, execute: () => ({}) });\n`;
const files = {
  'tools/a.font.ts': bad('aFont'),
  'tools/b.font.ts': bad('bFont'),
  'tools/c.font.ts': bad('cFont'),
  'tools/keep.ts': bad('keepFont'),
  'tools/x.test.ts': bad('xTest'),
  'tools/deep/y.spec.ts': bad('ySpec'),
};

function run(ignore: string[]) {
  const dir = writeSources({ ...files, 'agent-tools.config.json': JSON.stringify({ profile: 'tools', ignore }) });
  const { result, notices } = validate({ cwd: dir, format: 'json', colors: noColor, stdout: () => {} });
  return { files: [...new Set(result.findings.map((f) => f.file))], notices };
}

describe('C-19: ignore globs', () => {
  it('brace sets: **/*.{test,spec}.ts drops the test and spec files at any depth', () => {
    expect(run(['**/*.{test,spec}.ts'])).toEqual({
      files: ['tools/a.font.ts', 'tools/b.font.ts', 'tools/c.font.ts', 'tools/keep.ts'],
      notices: [],
    });
  });

  it('character classes: tools/[ab].*.ts drops a and b, keeps c', () => {
    expect(run(['tools/[ab].*.ts']).files).toEqual(['tools/c.font.ts', 'tools/deep/y.spec.ts', 'tools/keep.ts', 'tools/x.test.ts']);
  });

  it('negated character classes: tools/[!ab].*.ts (as in .gitignore) and tools/[^ab].*.ts drop c and x, keep a and b', () => {
    for (const pattern of ['tools/[!ab].*.ts', 'tools/[^ab].*.ts', 'tools/[!a-b].*.ts'])
      expect(run([pattern]).files).toEqual(['tools/a.font.ts', 'tools/b.font.ts', 'tools/deep/y.spec.ts', 'tools/keep.ts']);
    expect(['!.ts', 'a.ts', 'c.ts'].map((p) => globList(['[!ab].ts']).matches(p))).toEqual([true, false, true]);
  });

  it('negation: ["**/*.ts", "!tools/keep.ts"] drops everything but keep.ts', () => {
    expect(run(['**/*.ts', '!tools/keep.ts'])).toEqual({ files: ['tools/keep.ts'], notices: [] });
  });

  it('a pattern that matches no analyzed file is a notice naming it and the config file', () => {
    expect(run(['tools/[pq].*.ts', '**/*.{test,spec}.ts']).notices).toEqual([
      'warning: ignore pattern "tools/[pq].*.ts" in agent-tools.config.json matches no analyzed file',
    ]);
  });

  it('.gitignore meaning: a bare name matches at any depth, a folder matches what is under it, the last match decides', () => {
    const g = globList(['deep', '*.spec.ts', '/top.ts', 'gen/', '!gen/keep.ts']);
    expect(['tools/deep/y.ts', 'a/b.spec.ts', 'top.ts', 'sub/top.ts', 'gen/x.ts', 'gen/keep.ts', 'gen'].map((p) => g.matches(p))).toEqual([
      true,
      true,
      true,
      false,
      true,
      false,
      false,
    ]);
    expect(g.unmatched(['top.ts'])).toEqual(['deep', '*.spec.ts', 'gen/', '!gen/keep.ts']);
  });
});

describe('C-19: CLI path globs', () => {
  it('a quoted glob on the command line selects files by picomatch; a !glob drops some', () => {
    const dir = writeSources(files);
    const names = (paths: string[]) => analyze(paths, { cwd: dir }).tools.map((t) => t.name);
    expect(names(['tools/*.{test,spec}.ts'])).toEqual(['xTest']);
    expect(names(['tools/**/*.ts', '!**/*.{test,spec}.ts', '!tools/[bc].*'])).toEqual(['aFont', 'keepFont']);
    expect(analyze(['tools/*.nope.ts', 'tools/keep.ts'], { cwd: dir }).unmatchedGlobs).toEqual(['tools/*.nope.ts']);
  });

  it('validate and export name a path glob that matches no file on stderr (exit code from the findings alone)', () => {
    const dir = writeSources(files);
    const env = { ...process.env, NO_COLOR: '1' };
    const v = spawnSync(process.execPath, [bin, 'validate', '--profile', 'tools', '--format', 'json', 'tools/keep.ts', 'tools/*.nope.ts'], {
      cwd: dir,
      encoding: 'utf8',
      env,
    });
    expect(v.stderr).toBe('agent-tools: warning: path "tools/*.nope.ts" matches no file\n');
    // keepFont is not snake_case: a warning (a naming convention is a quality heuristic), so exit 0
    expect(v.status).toBe(0);
    expect(JSON.parse(v.stdout).findings.map((f: { file: string }) => f.file)).toEqual(['tools/keep.ts']);
    const e = spawnSync(process.execPath, [bin, 'export', '--format', 'json', 'tools/[ab].*.ts', 'tools/*.nope.ts'], {
      cwd: dir,
      encoding: 'utf8',
      env,
    });
    expect(e.stderr).toBe('agent-tools: warning: path "tools/*.nope.ts" matches no file\n');
    expect(Object.keys(JSON.parse(e.stdout).properties)).toEqual(['aFont', 'bFont']);
    expect(e.status).toBe(0);
  });
});
