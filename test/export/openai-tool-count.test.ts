/** Tests that the openai format keeps a list longer than one OpenAI request takes (128 tools), with a warning saying so. */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTo } from './helpers.js';

/** A module of `n` read-only tools, `tool_1` to `tool_n`. */
const TOOLS = (n: number) =>
  "import { defineTool } from 'agent-tools';\n" +
  Array.from(
    { length: n },
    (_, i) =>
      `/** Tool ${i + 1}. */\nexport const t${i + 1} = defineTool({ name: 'tool_${i + 1}', description: 'Returns the number ${i + 1} as text.', ` +
      'mutates: false, params: {}, execute: () => null });\n',
  ).join('');

describe('export --format openai of more tools than one request takes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-openai-count-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('130 tools: all written, exit 0, one warning naming the count, the limit and how to send a subset', async () => {
    writeFileSync(join(dir, 'tools.ts'), TOOLS(130));
    const r = await exportTo({ paths: ['tools.ts'], format: 'openai', cwd: dir });
    expect([r.code, JSON.parse(r.stdout).length, r.stderr]).toEqual([
      0,
      130,
      'agent-tools: warning: openai: 130 tools; one OpenAI request takes at most 128, so send a subset (--tier core, or --defer extended for tool search)\n',
    ]);
  });

  it('128 tools: no warning', async () => {
    writeFileSync(join(dir, 'tools.ts'), TOOLS(128));
    const r = await exportTo({ paths: ['tools.ts'], format: 'openai', cwd: dir });
    expect([r.code, JSON.parse(r.stdout).length, r.stderr]).toEqual([0, 128, '']);
  });
});
