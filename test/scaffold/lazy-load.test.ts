/** Tests that scaffold loads handlebars, ts-morph, typescript and @inquirer only when it needs them. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { root } from './project.js';

const hooksDir = mkdtempSync(join(tmpdir(), 'scaffold-hooks-'));
const hooks = join(hooksDir, 'hooks.mjs');
const register = join(hooksDir, 'register.mjs');
writeFileSync(
  hooks,
  `export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('RESOLVED ' + r.url + '\\n'); return r; }`,
);
// ESM resolutions come from the hook; packages loaded with require (ts-morph, through
// src/analysis/ts-morph.cts) are listed from the CommonJS module cache at exit.
writeFileSync(
  register,
  `import { createRequire, register } from 'node:module'; register(${JSON.stringify(pathToFileURL(hooks).href)});
process.on('exit', () => { for (const f of Object.keys(createRequire(import.meta.url).cache)) process.stderr.write('RESOLVED file://' + f + '\\n'); });`,
);

/** The packages the CLI resolved while running `args` in `cwd`. */
function loadedPackages(cwd: string, args: string[], input = ''): Set<string> {
  const r = spawnSync(process.execPath, ['--import', pathToFileURL(register).href, join(root, 'bin/agent-tools.js'), ...args], {
    cwd,
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  expect(r.status).toBe(0);
  const urls = r.stderr
    .split('\n')
    .filter((l) => l.startsWith('RESOLVED '))
    .map((l) => l.slice('RESOLVED '.length));
  return new Set(urls.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? []));
}

describe('scaffold loads its heavy dependencies only when it needs them', () => {
  const spec = JSON.stringify({ name: 'get_node', description: 'Returns a node.', params: {} });

  it('--help loads none of handlebars, ts-morph, typescript or @inquirer', () => {
    const pkgs = loadedPackages(mkdtempSync(join(tmpdir(), 'scaffold-lazy-')), ['scaffold', '--help']);
    expect([...pkgs].filter((p) => /handlebars|ts-morph|typescript|@inquirer/.test(p))).toEqual([]);
  });

  it('a fresh toolbox loads handlebars but not ts-morph; editing an existing tier file loads ts-morph', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scaffold-lazy-'));
    const first = loadedPackages(dir, ['scaffold'], spec);
    expect(first.has('handlebars')).toBe(true);
    expect([...first].filter((p) => /ts-morph|typescript|@inquirer/.test(p))).toEqual([]);
    const second = loadedPackages(dir, ['scaffold'], JSON.stringify({ name: 'get_page', description: 'Returns a page.', params: {} }));
    expect(second.has('ts-morph')).toBe(true);
  });
});
