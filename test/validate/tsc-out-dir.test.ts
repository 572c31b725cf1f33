/** validate and export of a project built with tsc leave out the JavaScript tsc wrote into its outDir: compiled copies, not sources. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../scaffold/project.js';

const root = new URL('../..', import.meta.url).pathname;
let dir: string;

const run = (...args: string[]) => runCli(dir, args);

/** The findings of `validate .` as `file:line rule`, in report order. */
const findings = () => {
  const r = run('validate', '.', '--format', 'json');
  const report = JSON.parse(r.stdout) as { findings: { file: string; line: number; rule: string }[] };
  return { code: r.status, lines: report.findings.map((f) => `${f.file}:${f.line} ${f.rule}`) };
};

const TOOL = `import { createRegistry, defineTool } from 'agent-tools';
export const getTime = defineTool({ name: 'get_time', description: 'Returns the current time as an ISO 8601 string.', mutates: false,
  params: {}, execute: () => new Date().toISOString() });
export const registry = createRegistry({ core: [getTime], extended: [] });
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-tools-outdir-'));
  mkdirSync(join(dir, 'tools'));
  writeFileSync(join(dir, 'tools/registry.ts'), TOOL);
  writeFileSync(
    join(dir, 'tsconfig.json'),
    // a comment and a trailing comma, as tsc --init writes and tsc reads
    '{\n  // tsc writes CommonJS into build/\n  "compilerOptions": { "module": "commonjs", "target": "es2022", "outDir": "build", },\n  "include": ["tools"]\n}\n',
  );
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a project built by tsc into its outDir', { timeout: 120_000 }, () => {
  it('validate . reports the same findings after the build as before it; export . lists the one tool', () => {
    const before = findings();
    // tsc cannot resolve 'agent-tools' here (no node_modules): it reports that and still writes the JavaScript
    spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8', timeout: 60_000 });
    expect(readdirSync(join(dir, 'build'))).toEqual(['registry.js']);
    const after = findings();
    expect(after).toEqual(before);
    expect(after.lines.filter((l) => l.startsWith('build/'))).toEqual([]);
    const exported = run('export', '.', '--format', 'mcp');
    expect(exported.status).toBe(0);
    expect((JSON.parse(exported.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name)).toEqual(['get_time']);
  });

  it('the built folder given by name is still read', () => {
    const r = run('validate', 'build', '--format', 'json');
    const report = JSON.parse(r.stdout) as { findings: { file: string }[] };
    expect(report.findings.some((f) => f.file.startsWith('build/registry.js'))).toBe(true);
  });
});
