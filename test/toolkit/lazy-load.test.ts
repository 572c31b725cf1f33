/** Tests that `agent-tools/toolkit` loads ts-morph and handlebars only when a function needs them. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'toolkit-lazy-'));
const hooks = join(dir, 'hooks.mjs');
writeFileSync(
  hooks,
  `export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('RESOLVED ' + r.url + '\\n'); return r; }`,
);

/**
 * Runs `body` (module code that may use `t`, the imported `agent-tools/toolkit`) in a fresh
 * node from the package root; returns the packages resolved before the line `MARK` and after it.
 */
function packagesAround(body: string): { before: Set<string>; after: Set<string> } {
  // ESM resolutions come from the hook; packages loaded with require (ts-morph, through
  // src/analysis/ts-morph.cts) are listed from the CommonJS module cache at MARK and at exit.
  const script = `import { createRequire, register } from 'node:module'; import { pathToFileURL } from 'node:url';
register(pathToFileURL(${JSON.stringify(hooks)}).href);
const cached = () => { for (const f of Object.keys(createRequire(import.meta.url).cache)) process.stderr.write('RESOLVED file://' + f + '\\n'); };
process.on('exit', cached);
const t = await import('agent-tools/toolkit');
cached();
process.stderr.write('MARK\\n');
${body}`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const [head, tail = ''] = r.stderr.split('MARK\n');
  const pkgs = (text: string) =>
    new Set(
      text.split('\n').flatMap((l) => (l.startsWith('RESOLVED ') ? (/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(l)?.[1] ?? []) : [])),
    );
  return { before: pkgs(head!), after: pkgs(tail) };
}

describe('agent-tools/toolkit loads ts-morph only when a function needs it', { timeout: 120_000 }, () => {
  it('importing the entry loads no tooling dependency; validate() then loads ts-morph', () => {
    const { before, after } = packagesAround(
      `const r = await t.validate(['tools'], { cwd: 'examples/canvas' }); process.stdout.write(String(r.summary.tools));`,
    );
    expect([...before].filter((p) => /ts-morph|typescript|handlebars|gpt-tokenizer|commander|@inquirer/.test(p))).toEqual([]);
    expect(after.has('ts-morph')).toBe(true);
  });

  it('scaffold() of a fresh toolbox loads handlebars but not ts-morph', () => {
    const out = mkdtempSync(join(tmpdir(), 'toolkit-lazy-scaffold-'));
    const { before, after } = packagesAround(
      `await t.scaffold({ name: 'get_page', description: 'Returns one page of the document.', params: {} }, { cwd: ${JSON.stringify(out)} });`,
    );
    expect(before.has('ts-morph')).toBe(false);
    expect(after.has('handlebars')).toBe(true);
    expect(after.has('ts-morph')).toBe(false);
  });
});
