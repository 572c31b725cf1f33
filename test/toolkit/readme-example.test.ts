/** Tests that the "Use it from code" examples of docs/toolkit.md run as written. */

import { spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTools } from '../../src/toolkit/index.js';
import { root, tempProject } from '../scaffold/project.js';

/** The code blocks of the "Use it from code" section of docs/toolkit.md, by the file name on their first line (`// name.ts: …`). */
function readmeExamples(): Record<string, string> {
  const readme = readFileSync(join(root, 'docs/toolkit.md'), 'utf8');
  const start = readme.indexOf('## Use it from code\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const blocks = [...section.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);
  return Object.fromEntries(blocks.map((b) => [/^\/\/ (\S+\.ts):/.exec(b)![1]!, b]));
}

/** A temp project holding `folder`'s files and the README's examples, resolving `agent-tools` to this package. */
function projectWith(folder: string): string {
  const dir = tempProject();
  cpSync(folder, dir, { recursive: true });
  for (const [name, text] of Object.entries(readmeExamples())) writeFileSync(join(dir, name), text);
  return dir;
}

const vitest = (dir: string) =>
  spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'toolbox.test.ts', '--root', dir, '--reporter', 'dot'],
    { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } },
  );

describe('the "Use it from code" examples of docs/toolkit.md run as written', { timeout: 180_000 }, () => {
  it('has the two examples', () => {
    expect(Object.keys(readmeExamples()).sort()).toEqual(['build.ts', 'toolbox.test.ts']);
  });

  it('the vitest example passes on examples/canvas and fails on a toolbox with validate errors', () => {
    const clean = vitest(projectWith(join(root, 'examples/canvas')));
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);
    const failing = vitest(projectWith(join(root, 'fixtures/validate/snake-case-name')));
    expect(failing.status).toBe(1);
    expect(failing.stdout + failing.stderr).toContain('snake-case-name');
  });

  it('the build script writes the MCP export of ./tools', async () => {
    const dir = projectWith(join(root, 'examples/canvas'));
    const r = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'build.ts'], { cwd: dir, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'tools.json'), 'utf8')).toBe((await exportTools(['tools'], { cwd: join(root, 'examples/canvas') })).text);
  });
});
