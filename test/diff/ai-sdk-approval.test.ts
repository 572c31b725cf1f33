/** Tests that diff reads an AI SDK tool's needsApproval: taking it away (the AI SDK then runs the tool unasked) fails the diff. */

import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;

const TOOLS = `import { tool } from 'ai';
import { z } from 'zod';

export const tools = {
  remove_file: tool({
    description: 'Remove a file from the workspace permanently.',
    inputSchema: z.object({ path: z.string().describe('Workspace path') }),
    needsApproval: true,
    execute: async ({ path }) => ({ removed: path }),
  }),
  read_file: tool({
    description: 'Read a file of the workspace.',
    inputSchema: z.object({ path: z.string().describe('Workspace path') }),
    execute: async ({ path }) => ({ path }),
  }),
};
`;

describe('diff: an AI SDK tool set', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo;
  beforeEach(() => {
    repo = new TempRepo({ 'aisdk/tools.ts': TOOLS });
    symlinkSync(join(root, 'node_modules/ai'), join(repo.dir, 'node_modules/ai'));
    repos.push(repo);
  });
  const diff = () =>
    spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'diff', 'aisdk', '--base', 'main', '--format', 'json'], {
      cwd: repo.dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
  const changes = (r: ReturnType<typeof diff>) =>
    (JSON.parse(r.stdout) as { changes: { tool: string; rule: string; message: string }[] }).changes.map((c) => [
      c.tool,
      c.rule,
      c.message,
    ]);

  it('needsApproval: true taken away, or made false: approval-relaxed, exit 1, naming both places', () => {
    const was = repo.at('aisdk/tools.ts', 'true');
    repo.edit('aisdk/tools.ts', '    needsApproval: true,\n', '');
    const call = repo.at('aisdk/tools.ts', 'tool({');
    const r = diff();
    expect([r.status, r.stderr]).toEqual([1, '']);
    expect(changes(r)).toEqual([
      [
        'remove_file',
        'approval-relaxed',
        `\`remove_file\` no longer asks for approval (no needsApproval, so the AI SDK runs it unasked (the tool(...) at aisdk/tools.ts:${call.line}:${call.column}); before: needsApproval: true at aisdk/tools.ts:${was.line}:${was.column})`,
      ],
    ]);
    repo.write('aisdk/tools.ts', TOOLS.replace('needsApproval: true', 'needsApproval: false'));
    const off = diff();
    expect(off.status).toBe(1);
    expect(changes(off)[0]!.slice(0, 2)).toEqual(['remove_file', 'approval-relaxed']);
  });

  it('a new AI SDK tool without needsApproval, or unchanged tools, fail nothing: that is how such a tool set adds a tool', () => {
    repo.edit(
      'aisdk/tools.ts',
      '};\n',
      `  list_files: tool({\n    description: 'List the files of the workspace.',\n    inputSchema: z.object({}),\n    execute: async () => [],\n  }),\n};\n`,
    );
    const r = diff();
    expect([r.status, changes(r)]).toEqual([0, [['list_files', 'tool-added', 'tool `list_files` added']]]);
  });
});
