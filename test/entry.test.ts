/** Tests that the runtime entry (`agent-tools`) exports the runtime core and loads none of the tooling dependencies. */

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('..', import.meta.url).pathname;

/**
 * Imports `specifier` from the package root in a fresh node and returns every module URL it
 * resolved. The resolve hook runs in the importing thread (`registerHooks`, Node 22.15+) and the
 * URLs go out with the exports on stdout at the end: a `register()` hook runs on the loader
 * thread, whose stderr writes can be lost at exit on a busy machine (the CI saw zod missing).
 */
export function resolvedModules(specifier: string): { urls: string[]; exports: string[] } {
  const script = `import { registerHooks } from 'node:module';
const urls = [];
registerHooks({ resolve(s, c, next) { const r = next(s, c); urls.push(r.url); return r; } });
const m = await import(${JSON.stringify(specifier)});
process.stdout.write(JSON.stringify({ urls, exports: Object.keys(m).sort() }));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as { urls: string[]; exports: string[] };
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
