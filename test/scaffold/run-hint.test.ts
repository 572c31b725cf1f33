/** Scaffold in a project with no tsconfig.json: it says how to run what it wrote, and it follows a registry's `.ts` imports. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';
import { runCli } from './project.js';

const NOTE = /^note: these files import each other as '\.\/x\.js' .* no tsconfig\.json was found for tools: run your agent with tsx/m;
const spec = (name: string) =>
  JSON.stringify({ name, description: `Does ${name} for the run-hint tests.`, mutates: true, params: { 'id!': 'Note id' } });
/** Runs `code` as an ES module with plain node (Node 22.18+/24 strip types) in `dir`. */
const node = (dir: string, code: string) =>
  spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: dir, encoding: 'utf8' });

describe('scaffold in a project with no tsconfig.json', () => {
  it('says that plain node cannot run the ./x.js imports it wrote (and plain node indeed cannot)', () => {
    const dir = tempPackage('scaffold-hint-');
    const r = runCli(dir, ['scaffold'], spec('archive_note'));
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(NOTE);
    const run = node(dir, "await import('./tools/registry.ts')");
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('ERR_MODULE_NOT_FOUND');
  });

  it('says nothing of it when a tsconfig.json governs the folder', () => {
    const dir = tempPackage('scaffold-hint-');
    writeFileSync(join(dir, 'tsconfig.json'), '{}');
    const r = runCli(dir, ['scaffold'], spec('archive_note'));
    expect(r.status).toBe(0);
    expect(r.stderr).not.toMatch(/^note:/m);
  });

  it("imports a new tool as './x.ts' into a registry that imports its tools so, and plain node runs it", () => {
    const dir = tempPackage('scaffold-hint-');
    mkdirSync(join(dir, 'tools/read'), { recursive: true });
    writeFileSync(
      join(dir, 'tools/read/get-note.ts'),
      "import { defineTool } from 'agent-tools';\nexport const getNote = defineTool({ name: 'get_note', description: 'Return a note by its id.', mutates: false, params: {}, execute: () => ({ text: 'a' }) });\n",
    );
    writeFileSync(
      join(dir, 'tools/registry.ts'),
      "import { createRegistry } from 'agent-tools';\nimport { getNote } from './read/get-note.ts';\nexport const registry = createRegistry({ core: [getNote], extended: [] });\n",
    );
    const r = runCli(dir, ['scaffold'], spec('archive_note'));
    expect(r.status).toBe(0);
    const registry = readFileSync(join(dir, 'tools/registry.ts'), 'utf8');
    expect(registry).toMatch(/from '\.\/modify\/archive-note\.ts';/);
    expect(r.stderr).not.toMatch(/^note:/m);
    const run = node(
      dir,
      "const { registry } = await import('./tools/registry.ts'); console.log(registry.all.map((t) => t.name).join(','))",
    );
    expect(run.stderr).toBe('');
    expect(run.stdout.trim().split(',').sort()).toEqual(['archive_note', 'get_note']);
  });
});
