/** Tests that output larger than a pipe buffer arrives whole through a slow pipe, exit code kept. */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeSources } from '../validate/helpers.js';

// Output larger than a pipe buffer (64 KiB on Linux) arrives whole through a slow pipe,
// byte for byte what --out (or a redirect) writes, and the exit code is the command's own.
const bin = new URL('../../bin/agent-tools.js', import.meta.url).pathname;
const tool = (i: number) =>
  `import { defineTool } from 'agent-tools';\nexport const t${i} = defineTool({ name: 'tool_${i}', description: 'Reads the node number ${i} of the canvas and returns its properties.', mutates: false, params: { id: { type: 'string', required: true, description: 'Node id' }, depth: { type: 'number', default: 1, description: 'How deep to read' } }, execute: () => ({}) });\n`;

/** Runs `agent-tools ARGS` in bash: piped through a reader that waits `wait` s first, or redirected to a file. */
function sh(cwd: string, script: string): { out: Buffer; code: number } {
  const r = spawnSync('bash', ['-c', `${script}; echo "\${PIPESTATUS[0]}" > status.txt`], {
    cwd,
    env: { ...process.env, NO_COLOR: '1', BIN: bin },
  });
  if (r.status !== 0) throw new Error(r.stderr.toString());
  return { out: r.stdout, code: Number(readFileSync(join(cwd, 'status.txt'), 'utf8')) };
}

describe('C-14: output larger than a pipe buffer', { timeout: 180_000 }, () => {
  const files: Record<string, string> = {};
  for (let i = 0; i < 400; i++) files[`tools/t${i}.ts`] = tool(i);
  const dir = writeSources(files);
  // No JSDoc: one jsdoc warning per tool (a report over 64 KiB); one blank description (an error) makes the exit code 1.
  const bad = writeSources({ ...files, 'tools/bad.ts': tool(999).replace(/description: 'Reads[^']*'/, "description: ''") });

  it('export --format json: a slow pipe and | cat carry exactly the bytes of --out', () => {
    sh(dir, 'node "$BIN" export tools --format json --out out.json 2>/dev/null');
    const file = readFileSync(join(dir, 'out.json'));
    expect(file.length).toBeGreaterThan(2 * 65_536);
    const slow = sh(dir, 'node "$BIN" export tools --format json 2>/dev/null | (sleep 2; cat)');
    const cat = sh(dir, 'node "$BIN" export tools --format json 2>/dev/null | cat');
    expect(Object.keys(JSON.parse(file.toString('utf8')).properties)).toHaveLength(400);
    expect([slow.code, slow.out.equals(file)]).toEqual([0, true]);
    expect([cat.code, cat.out.equals(file)]).toEqual([0, true]);
  });

  it('validate --format json with findings (exit 1): the slow pipe carries the redirected bytes, exit 1 kept', () => {
    const redirected = sh(bad, 'node "$BIN" validate tools --profile tools --format json > report.json 2>/dev/null');
    const file = readFileSync(join(bad, 'report.json'));
    expect(file.length).toBeGreaterThan(65_536);
    expect(redirected.code).toBe(1);
    const slow = sh(bad, 'node "$BIN" validate tools --profile tools --format json 2>/dev/null | (sleep 2; cat)');
    expect([slow.code, slow.out.length, slow.out.equals(file)]).toEqual([1, file.length, true]);
    expect(JSON.parse(file.toString('utf8')).summary.errors).toBe(1);
  });
});
