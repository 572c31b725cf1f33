/** Tests that diff fails on a pull request that answers the AI SDK's approval requests yes, or from a decision made in code. */

import { beforeEach, describe, expect, it } from 'vitest';
import type { TempRepo } from './git-repo.js';
import { cli, wipeRelaxed, wipeRepos } from './wipe-toolbox.js';

/** agent.ts: the tools given to the AI SDK, and `answer` (an expression over the request `q`) for each approval request. */
const agent = (answer: string) =>
  [
    "import { toolsToAI, toolApprovalResponse } from 'agent-tools/ai';",
    "import { registry } from './tools/tools.js';",
    'export const tools = toolsToAI(registry);',
    'declare const reqs: { approvalId: string }[];',
    `export const answers = reqs.map((q) => ${answer});`,
    '',
  ].join('\n');

describe('diff: answers to the AI SDK approval requests', { timeout: 120_000 }, () => {
  const current = wipeRepos();
  let repo: TempRepo;
  beforeEach(() => {
    repo = current();
  });
  const diff = () => cli(repo.dir, 'diff', 'tools', '--base', 'main');
  const relaxed = (detail: string) => wipeRelaxed(repo, detail);

  it('a hand-built part typed `as const` that says yes to every request fails the diff', () => {
    repo.write('agent.ts', agent("({ type: 'tool-approval-response' as const, approvalId: q.approvalId, approved: true })"));
    const at = repo.at('agent.ts', '{ type:');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        `the AI SDK's approval requests are answered yes by a tool-approval-response part at agent.ts:${at.line}:${at.column} under no condition`,
      ),
    ]);
  });

  it('an answer decided in code fails the diff when new or changed, and is no change when the base has it', () => {
    const envSwitch = "toolApprovalResponse(tools, q, { approved: process.env.AUTO_APPROVE !== 'false', by: 'auto' })";
    repo.write('agent.ts', agent(envSwitch));
    const at = repo.at('agent.ts', 'toolApprovalResponse(tools');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      relaxed(
        `the AI SDK's approval requests are answered by toolApprovalResponse() at agent.ts:${at.line}:${at.column} with an approved that is new or changed and decided in code, which diff cannot check`,
      ),
    ]);
    repo.commit('the switch');
    expect(diff().status).toBe(0);
    repo.write('agent.ts', agent(envSwitch.replace("!== 'false'", "!== 'no'")));
    expect(diff().status).toBe(1);
  });
});
