import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

/** Imports `specifier` from the package root in a fresh node and returns every module URL it resolved. */
export function resolvedModules(specifier: string): { urls: string[]; exports: string[] } {
  const dir = mkdtempSync(join(tmpdir(), 'entry-'));
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write('RESOLVED ' + r.url + '\\n'); return r; }`,
  );
  const script = `import { register } from 'node:module'; import { pathToFileURL } from 'node:url';
register(pathToFileURL(${JSON.stringify(hooks)}).href);
const m = await import(${JSON.stringify(specifier)});
process.stdout.write(JSON.stringify(Object.keys(m).sort()));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  const urls = r.stderr
    .split('\n')
    .filter((l) => l.startsWith('RESOLVED '))
    .map((l) => l.slice('RESOLVED '.length));
  return { urls, exports: JSON.parse(r.stdout) as string[] };
}

describe('the runtime entry (agent-tools)', () => {
  it('exports the runtime core and loads none of the tooling dependencies', () => {
    const { urls, exports } = resolvedModules('agent-tools');
    expect(exports).toEqual(expect.arrayContaining(['defineTool', 'toInputSchema', 'parseArgs', 'createRegistry']));
    expect(urls.some((u) => u.includes('/dist/index.js'))).toBe(true);
    expect(urls.some((u) => u.includes('/node_modules/zod/'))).toBe(true);
    for (const heavy of ['ts-morph', 'typescript', 'handlebars', 'commander', '@inquirer', '@modelcontextprotocol', '/ai/', 'pg']) {
      expect(urls.filter((u) => u.includes(`/node_modules/${heavy}/`))).toEqual([]);
    }
    expect(urls.filter((u) => u.startsWith('node:sqlite') || /\/dist\/skills\/(store-sqlite|sqlite-driver)\.js$/.test(u))).toEqual([]);
  });
});
