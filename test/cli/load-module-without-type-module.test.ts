/** Tests that `serve` and `call` load TypeScript modules as first tools files are written, and report broken ones in one line. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';

const root = new URL('../..', import.meta.url).pathname;

describe('serve/call load a TypeScript module from a project without "type": "module"', () => {
  it('lists and calls its tools (the file runs as CommonJS, so the package must resolve for require too)', () => {
    const dir = tempPackage('cjs-project-', { typeModule: false });
    writeFileSync(
      join(dir, 'index.ts'),
      `import { defineTool } from 'agent-tools';
export const ping = defineTool({ name: 'ping', mutates: false, description: 'Reply with pong to check the server', params: {}, execute: () => 'pong' });
export const ALL_TOOLS = [ping];
`,
    );
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const list = run('call', 'index.ts', '--list');
    expect(list.stderr).toBe('');
    expect(list.status).toBe(0);
    expect(list.stdout).toContain('ping  Reply with pong to check the server');
    const call = run('call', 'index.ts', 'ping');
    expect(call.status).toBe(0);
    expect(call.stdout.trim()).toBe('"pong"');
  });
});

describe('the shapes a first tools file has (cases re-run: `call` refused both in a project without "type": "module")', () => {
  it('a default export of tools, and a file that only exports its tools by name, are listed and called', () => {
    const dir = tempPackage('cjs-shapes-', { typeModule: false });
    const ping = `import { defineTool } from 'agent-tools';\nexport const ping = defineTool({ name: 'ping', mutates: false, description: 'Reply with pong to check the server', params: {}, execute: () => 'pong' });\n`;
    writeFileSync(
      join(dir, 'named.ts'),
      `${ping}export const pong = defineTool({ name: 'pong', mutates: false, description: 'Reply with ping to check the client', params: {}, execute: () => 'ping' });\nexport const n = 1;\n`,
    );
    writeFileSync(join(dir, 'dflt.ts'), `${ping}export default [ping];\n`);
    const run = (...args: string[]) =>
      spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const named = run('call', 'named.ts', '--list');
    expect([named.status, named.stderr]).toEqual([0, '']);
    expect(named.stdout).toContain('ping  Reply with pong to check the server');
    expect(named.stdout).toContain('pong  Reply with ping to check the client');
    expect(run('call', 'named.ts', 'pong').stdout.trim()).toBe('"ping"');
    const dflt = run('call', 'dflt.ts', 'ping');
    expect([dflt.status, dflt.stdout.trim(), dflt.stderr]).toEqual([0, '"pong"', '']);
  });
});

describe('a tools module with a syntax error', () => {
  it('is reported in one line with the path as given and a 1-based column, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-module-'));
    writeFileSync(join(dir, 'b2.ts'), 'export const x = {\n  a: 1\n);\n');
    const r = spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'call', 'b2.ts', '--list'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe("agent-tools: could not load b2.ts: b2.ts:3:1: ',' expected.\n");
  });
});

describe('a tools module whose imports do not resolve', () => {
  it('names the package that is not installed (no resolver stack), or the missing file, in one line, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'unresolved-module-'));
    writeFileSync(join(dir, 'pkg.ts'), `import { defineTool } from 'agent-tools';\nexport default [defineTool];\n`);
    writeFileSync(join(dir, 'scoped.ts'), `import { z } from '@acme/schemas/zod';\nexport default [z];\n`);
    writeFileSync(join(dir, 'rel.ts'), `import { x } from './nope.js';\nexport default [x];\n`);
    const run = (file: string) =>
      spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'call', file, '--list'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    expect([run('pkg.ts').status, run('pkg.ts').stderr]).toEqual([
      2,
      'agent-tools: could not load pkg.ts: it imports "agent-tools", which is not installed here (npm install agent-tools)\n',
    ]);
    expect(run('scoped.ts').stderr).toBe(
      'agent-tools: could not load scoped.ts: it imports "@acme/schemas/zod", which is not installed here (npm install @acme/schemas)\n',
    );
    expect(run('rel.ts').stderr).toBe("agent-tools: could not load rel.ts: Cannot find module './nope.js'\n");
  });
});

describe('a tools module with no tools', () => {
  it('names the exports it has, not the `default` a CommonJS load adds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'no-tools-module-'));
    writeFileSync(join(dir, 'empty.ts'), 'export const y = 1;\n');
    writeFileSync(join(dir, 'with-default.ts'), 'export default { a: 1 };\nexport const y = 1;\n');
    const run = (file: string) =>
      spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'call', file, '--list'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const hint =
      "no tools found. Export a registry (createRegistry) as 'registry', CORE_TOOLS/EXTENDED_TOOLS/ALL_TOOLS arrays, a default export of tools, or the tools themselves;";
    expect([run('empty.ts').status, run('empty.ts').stderr]).toEqual([2, `agent-tools: empty.ts: ${hint} found exports y\n`]);
    expect(run('with-default.ts').stderr).toBe(`agent-tools: with-default.ts: ${hint} found exports default, y\n`);
  });
});

describe('ES module syntax in a tools module that runs as CommonJS (what npm init -y makes)', () => {
  it('names the package.json and what to change, for import.meta and for top-level await; a "type": "module" project loads', () => {
    const dir = tempPackage('cjs-meta-', { typeModule: false });
    const tool = (body: string) =>
      `import { defineTool } from 'agent-tools';\n${body}\nexport const ping = defineTool({ name: 'ping', mutates: false, description: 'Reply with pong to check the server', params: {}, execute: () => here });\n`;
    writeFileSync(join(dir, 'meta.ts'), tool('const here = import.meta.url;'));
    writeFileSync(join(dir, 'tla.ts'), tool('const here = await Promise.resolve("pong");'));
    const run = (cwd: string, ...args: string[]) =>
      spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
    const hints = {
      none: ' (the file runs as CommonJS: no package.json above it says "type": "module"; add one that does, or name the file .mts)',
      commonjs: ' (the file runs as CommonJS: package.json says "type": "commonjs"; add "type": "module" there, or name the file .mts)',
    };
    for (const [pkg, hint] of Object.entries(hints)) {
      if (pkg === 'commonjs') writeFileSync(join(dir, 'package.json'), '{"name":"app","version":"1.0.0","type":"commonjs"}\n');
      for (const file of ['meta.ts', 'tla.ts']) {
        const r = run(dir, 'call', file, 'ping');
        const last = r.stderr.trim().split('\n').at(-1)!;
        expect([r.status, last.startsWith(`agent-tools: could not load ${file}: `), last.endsWith(hint)]).toEqual([2, true, true]);
      }
    }
    const esm = tempPackage('esm-meta-', { typeModule: true });
    writeFileSync(join(esm, 'meta.ts'), tool('const here = import.meta.url.startsWith("file:") ? "pong" : "no";'));
    const ok = run(esm, 'call', 'meta.ts', 'ping');
    expect([ok.status, ok.stdout.trim()]).toEqual([0, '"pong"']);
  });
});
