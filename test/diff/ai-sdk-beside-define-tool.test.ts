/** Tests that a new AI SDK tool without needsApproval, spread beside `toolsToAI(registry)`, is approval-relaxed: it runs unasked. */

import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli, wipeToolbox } from './wipe-toolbox.js';

const root = new URL('../..', import.meta.url).pathname;

const AGENT = `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/tools.js';

export const tools = { ...toolsToAI(registry) };
`;

/** The hand-written AI SDK tool of the pull request: it deletes data and says nothing of approval. */
const WIPE_NOTES = `import { tool } from 'ai';
import { z } from 'zod';

export const wipeNotes = tool({
  description: 'Delete every note of the workspace. This cannot be undone.',
  inputSchema: z.object({ workspace: z.string().describe('The workspace id') }),
  execute: async ({ workspace }) => ({ wiped: workspace }),
});
`;

describe('diff: a new AI SDK tool beside defineTool tools', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo;
  beforeEach(() => {
    repo = new TempRepo({ 'tools/tools.ts': wipeToolbox(), 'agent.ts': AGENT });
    symlinkSync(join(root, 'node_modules/ai'), join(repo.dir, 'node_modules/ai'));
    repos.push(repo);
  });
  const changes = (r: ReturnType<typeof cli>) =>
    (JSON.parse(r.stdout) as { changes: { tool: string; rule: string; class: string; message: string }[] }).changes.map((c) => [
      c.tool,
      c.rule,
      c.class,
      c.message,
    ]);

  /** The pull request: `wipe-notes.ts` holding `tool`, spread beside the set `toolsToAI(registry)` returns. */
  const addWipeNotes = (tool: string) => {
    repo.write('wipe-notes.ts', tool);
    repo.edit(
      'agent.ts',
      "import { registry } from './tools/tools.js';\n",
      "import { registry } from './tools/tools.js';\nimport { wipeNotes } from './wipe-notes.js';\n",
    );
    repo.edit('agent.ts', '...toolsToAI(registry) }', '...toolsToAI(registry), wipe_notes: wipeNotes }');
  };

  it('without needsApproval it runs unasked where the rest ask: approval-relaxed, exit 1, saying what to do', () => {
    addWipeNotes(WIPE_NOTES);
    const call = repo.at('wipe-notes.ts', 'tool({');
    const r = cli(repo.dir, 'diff', '.', '--base', 'main', '--format', 'json');
    expect([r.status, r.stderr]).toEqual([1, '']);
    expect(changes(r)).toEqual([
      [
        'wipe_notes',
        'approval-relaxed',
        'breaking',
        '`wipe_notes` is new and destructive, and runs without approval (no needsApproval, so the AI SDK runs it unasked ' +
          `(the tool(...) at wipe-notes.ts:${call.line}:${call.column}), beside tools defined with defineTool, which ask by their hints and the approval rules: ` +
          'add needsApproval: true, or define it with defineTool so its hints and the approval rules apply; if it truly is safe, --allow-breaking accepts it)',
      ],
      ['wipe_notes', 'tool-added', 'minor', 'tool `wipe_notes` added'],
    ]);
    expect(cli(repo.dir, 'diff', '.', '--base', 'main', '--allow-breaking').status).toBe(0);
  });

  it('with needsApproval: true it is only tool-added', () => {
    addWipeNotes(WIPE_NOTES.replace('  execute:', '  needsApproval: true,\n  execute:'));
    const r = cli(repo.dir, 'diff', '.', '--base', 'main', '--format', 'json');
    expect([r.status, changes(r)]).toEqual([0, [['wipe_notes', 'tool-added', 'minor', 'tool `wipe_notes` added']]]);
  });
});
