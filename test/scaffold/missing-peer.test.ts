/** Tests that scaffold without its optional peer handlebars says only that, before it reads or infers anything. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './project.js';

// A project where handlebars is not installed: resolving it fails as Node fails for a missing package.
const dir = mkdtempSync(join(tmpdir(), 'scaffold-no-handlebars-'));
const hide = join(dir, 'no-handlebars.mjs');
writeFileSync(
  hide,
  "import { registerHooks } from 'node:module';\n" +
    "registerHooks({ resolve(s, c, next) { if (s === 'handlebars') { const e = new Error(\"Cannot find module 'handlebars'\");" +
    " e.code = 'MODULE_NOT_FOUND'; throw e; } return next(s, c); } });\n",
);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function scaffold(input: string, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', pathToFileURL(hide).href, join(root, 'bin/agent-tools.js'), 'scaffold', ...args], {
    cwd: dir,
    input,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
}

describe('scaffold without handlebars', { timeout: 60_000 }, () => {
  it('prints the one missing-peer message (no inferred types), exits 2 and writes nothing', () => {
    // a short-form param: with handlebars, scaffold prints what it inferred for it
    const spec = JSON.stringify({
      name: 'set_weight',
      description: 'Sets the font weight of a text node.',
      mutates: true,
      params: { weight: '100-900' },
    });
    const r = scaffold(spec);
    expect([r.status, r.stderr, r.stdout]).toEqual([2, 'agent-tools: scaffold needs handlebars: npm install -D handlebars\n', '']);
    expect(existsSync(join(dir, 'tools'))).toBe(false);
    const dry = scaffold(spec, '--dry-run');
    expect([dry.status, dry.stderr, dry.stdout]).toEqual([2, 'agent-tools: scaffold needs handlebars: npm install -D handlebars\n', '']);
  });
});
