/** Tests that `export --out`, `validate --report` and `skill export --out` never replace a source file, even with --force. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const REGISTRY =
  "import { defineTool, createRegistry } from 'agent-tools';\n" +
  "export const getTime = defineTool({ name: 'get_time', description: 'Return the current time as an ISO 8601 string, in UTC.', " +
  'mutates: false, params: {}, execute: () => new Date().toISOString() });\n' +
  'export const registry = createRegistry({ core: [getTime], extended: [] });\n';
const HELPER = 'export const helper = () => 1;\n';

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-out-source-'));
  mkdirSync(join(dir, 'toolbox'));
  writeFileSync(join(dir, 'toolbox/registry.ts'), REGISTRY);
  // modules no command reads: a refusal here is the extension rule, not the inputs rule
  for (const f of ['helper.ts', 'helper.mjs', 'helper.cts', 'view.tsx']) writeFileSync(join(dir, f), HELPER);
  return dir;
}

describe('an --out (or --report) that names a source file is refused even with --force, and the file is kept', () => {
  it('skill export --out toolbox/registry.ts --force', () => {
    const dir = project();
    expect(run(dir, 'skill', 'install', `${root}fixtures/skills/tone.json`).status).toBe(0);
    const r = run(dir, 'skill', 'export', '--out', 'toolbox/registry.ts', '--force');
    expect([r.status, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'agent-tools: --out toolbox/registry.ts is a source file (.ts); not overwritten, even with --force (write the output to another file)\n' +
        "(run 'npx agent-tools skill export --help' for usage)\n",
    ]);
    expect(readFileSync(join(dir, 'toolbox/registry.ts'), 'utf8')).toBe(REGISTRY);
    // a catalog file is still written, and replaced with --force
    writeFileSync(join(dir, 'notes.json'), '{}');
    expect(run(dir, 'skill', 'export', '--out', 'notes.json', '--force').status).toBe(0);
  }, 60_000);

  it.each([
    ['export', ['export', 'toolbox', '--out'], '--out'],
    ['validate', ['validate', 'toolbox', '--format', 'markdown', '--report'], '--report'],
  ])(
    '%s, for a module it does not read',
    (command, args, flag) => {
      const dir = project();
      for (const file of ['helper.ts', 'helper.mjs', 'helper.cts', 'view.tsx']) {
        const r = run(dir, ...args, file, '--force');
        expect([r.status, r.stderr.split('\n')[0]]).toEqual([
          2,
          `agent-tools: ${flag} ${file} is a source file (${file.slice(file.lastIndexOf('.'))}); not overwritten, even with --force (write the output to another file)`,
        ]);
        expect(readFileSync(join(dir, file), 'utf8')).toBe(HELPER);
      }
      // the file it reads keeps its own message
      const input = run(dir, ...args, 'toolbox/registry.ts', '--force');
      expect(input.stderr.split('\n')[0]).toBe(
        `agent-tools: ${flag} toolbox/registry.ts is one of the files ${command} reads; not overwritten, even with --force (write the output outside them)`,
      );
      expect(readFileSync(join(dir, 'toolbox/registry.ts'), 'utf8')).toBe(REGISTRY);
    },
    90_000,
  );

  it('export --format dts still replaces a .d.ts with --force (a declaration file is that format’s output)', () => {
    const dir = project();
    writeFileSync(join(dir, 'tools.d.ts'), 'export {};\n');
    const r = run(dir, 'export', 'toolbox', '--format', 'dts', '--out', 'tools.d.ts', '--force');
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'tools.d.ts'), 'utf8')).toContain('get_time');
  }, 60_000);
});
