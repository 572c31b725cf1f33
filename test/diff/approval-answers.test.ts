/** Tests that diff fails on a pull request that answers the AI SDK's or an MCP client's approval requests yes, or from code. */

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

/** agent/mcp-client.ts: an MCP client (SDK v2) answering each elicitation request (how agent-tools asks it for approval) with `handler`. */
const mcpClient = (handler: string) =>
  [
    "import { Client } from '@modelcontextprotocol/sdk/client/index.js';",
    'declare const confirm: (message: string) => Promise<boolean>;',
    "export const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities: { elicitation: {} } });",
    `client.setRequestHandler('elicitation/create', ${handler});`,
    '',
  ].join('\n');

describe('diff: answers to the AI SDK and MCP client approval requests', { timeout: 120_000 }, () => {
  const current = wipeRepos();
  let repo: TempRepo;
  beforeEach(() => {
    repo = current();
  });
  const diff = () => cli(repo.dir, 'diff', 'tools', '--base', 'main');
  // an MCP client imports nothing of the tools: it is read when the project is diffed
  const diffAll = () => cli(repo.dir, 'diff', '.', '--base', 'main');
  /**
   * Writes `text` as `path`, then expects `run` to fail with one approval-relaxed change of wipe_table for
   * `detail`, given where `needle` starts in the file (`path:line:col`); returns that place. With `changed`:
   * once committed it is no change, and `changed` written over it fails again.
   */
  const failsWith = (
    path: string,
    text: string,
    needle: string,
    detail: (at: string) => string,
    { run = diff, changed }: { run?: typeof diff; changed?: string } = {},
  ) => {
    repo.write(path, text);
    const { line, column } = repo.at(path, needle);
    const at = `${path}:${line}:${column}`;
    const r = run();
    expect([r.status, r.stdout]).toEqual([1, wipeRelaxed(repo, detail(at))]);
    if (changed !== undefined) {
      repo.commit(`add ${path}`);
      expect(run().status).toBe(0);
      repo.write(path, changed);
      expect(run().status).toBe(1);
    }
    return at;
  };

  it('a hand-built part typed `as const` that says yes to every request fails the diff', () => {
    failsWith(
      'agent.ts',
      agent("({ type: 'tool-approval-response' as const, approvalId: q.approvalId, approved: true })"),
      '{ type:',
      (at) => `the AI SDK's approval requests are answered yes by a tool-approval-response part at ${at} under no condition`,
    );
  });

  it('a script (.mjs) answering every approval request of a result, picked by their type, yes: diff fails, validate warns', () => {
    const script = (filter: string) =>
      [
        "import { tools } from '../agent.js';",
        'export const answer = (r) =>',
        `  r.content.filter(${filter}).map((p) => ({ type: 'tool-approval-response', approvalId: p.approvalId, approved: true }));`,
        '',
      ].join('\n');
    repo.write('agent.ts', agent('q'));
    repo.commit('agent');
    const at = failsWith(
      'scripts/nightly.mjs',
      script("(p) => p.type === 'tool-approval-request'"),
      "{ type: 'tool-approval-response'",
      (at) => `the AI SDK's approval requests are answered yes by a tool-approval-response part at ${at} under no condition`,
      { run: diffAll },
    );
    const v = cli(repo.dir, 'validate', '.');
    expect(v.stdout.split('\n').filter((l) => l.includes('approval-rules'))).toEqual([
      `${at}  warn   The AI SDK's approval requests are answered yes by a tool-approval-response part under no condition, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules`,
    ]);
    // a filter that chooses some requests decides in code
    repo.write('scripts/nightly.mjs', script("(p) => p.toolCall.toolName === 'wipe_table'"));
    const { line, column } = repo.at('scripts/nightly.mjs', "{ type: 'tool-approval-response'");
    expect(diffAll().stdout).toContain(
      `tool-approval-response part at scripts/nightly.mjs:${line}:${column} with an approved that is new or changed and decided in code`,
    );
  });

  it('a hand-built part whose type is not written in it (type: ANSWER) is known by its approvalId and approved', () => {
    const text = agent('({ type: ANSWER, approvalId: q.approvalId, approved: true })').replace(
      'export const answers',
      "const ANSWER = 'tool-approval-' + 'response';\nexport const answers",
    );
    failsWith(
      'agent.ts',
      text,
      '{ type: ANSWER',
      (at) => `the AI SDK's approval requests are answered yes by a tool-approval-response part at ${at} under no condition`,
    );
  });

  for (const [form, answer, changed] of [
    [
      'an answer decided in code',
      "toolApprovalResponse(tools, q, { approved: process.env.AUTO_APPROVE !== 'false', by: 'auto' })",
      ["!== 'false'", "!== 'no'"],
    ],
    [
      'a yes under a condition (decided in code too)',
      "(q.approvalId ? toolApprovalResponse(tools, q, { approved: true, by: 'auto' }) : undefined)",
      ['q.approvalId ?', 'q.approvalId.length > 0 ?'],
    ],
  ] as const)
    it(`${form} fails the diff when new or changed, and is no change when the base has it`, () => {
      failsWith(
        'agent.ts',
        agent(answer),
        'toolApprovalResponse(tools',
        (at) =>
          `the AI SDK's approval requests are answered by toolApprovalResponse() at ${at} with an approved that is new or changed and decided in code, which diff cannot check`,
        { changed: agent(answer.replace(changed[0], changed[1])) },
      );
    });

  it('toolApprovalResponse under an import alias, given its answer in a const, or handed on by .bind: each fails the diff', () => {
    const file = (head: string, answer: string) =>
      [
        "import { toolsToAI, toolApprovalResponse as respond } from 'agent-tools/ai';",
        "import { registry } from './tools/tools.js';",
        'export const tools = toolsToAI(registry);',
        'declare const reqs: { approvalId: string; toolCall: { toolCallId: string; toolName: string; input: unknown } }[];',
        head,
        `export const answers = ${answer};`,
        '',
      ].join('\n');
    const yes = (at: string) => `the AI SDK's approval requests are answered yes by toolApprovalResponse() at ${at} under no condition`;
    const coded = (at: string) =>
      `the AI SDK's approval requests are answered by toolApprovalResponse() at ${at} with an approved that is new or changed and decided in code, which diff cannot check`;
    for (const [head, answer, needle, detail] of [
      ['', 'reqs.map((q) => respond(tools, q, { approved: true }))', 'respond(tools, q', yes],
      [
        "const ANSWER = { approved: true, by: 'nightly' } as const;",
        'reqs.map((q) => respond(tools, q, ANSWER))',
        'respond(tools, q',
        coded,
      ],
      ['', "reqs.map((q) => respond(tools, q, Object.fromEntries([['approved', true]]) as never))", 'respond(tools, q', coded],
      ['', 'reqs.map((q) => respond(tools, q, { ...{ approved: true } }))', 'respond(tools, q', coded],
      ['', 'reqs.map(respond.bind(null, tools) as never)', 'respond.bind', coded],
    ] as const) {
      repo.write('agent.ts', file(head, answer));
      const { line, column } = repo.at('agent.ts', needle);
      expect([answer, diff().status, diff().stdout]).toEqual([answer, 1, wipeRelaxed(repo, detail(`agent.ts:${line}:${column}`))]);
    }
  });

  /**
   * Writes `client` as agent/mcp-client.ts, then expects diff to fail naming its elicitation handler (where `async () =>`
   * starts) as one that answers every question yes, and validate to warn of it there (exit 0).
   */
  const answersAllEverywhere = (client: string) => {
    const at = failsWith(
      'agent/mcp-client.ts',
      client,
      'async () =>',
      (at) =>
        `an MCP client's elicitation/create handler at ${at} answers every approval question (elicitation request) yes under no condition`,
      { run: diffAll },
    );
    const v = cli(repo.dir, 'validate', '.');
    expect(v.stdout.split('\n').filter((l) => l.includes('approval-rules'))).toEqual([
      `${at}  warn   The MCP client's elicitation requests (approval questions) are answered yes by an elicitation/create handler under no condition, so every destructive tool it calls runs unasked and no approval rule of the tools is seen to hold.  approval-rules`,
    ]);
    expect(v.status).toBe(0);
  };

  it('a new MCP client handler that accepts every question fails the diff of the project, naming it, and is a warning of validate', () => {
    answersAllEverywhere(mcpClient("async () => ({ action: 'accept', content: { approve: true } })"));
  });

  it('an MCP client handler that decides in code fails the diff when new or changed, and is no change when the base has it', () => {
    const ask = "async (req) => ({ action: (await confirm(req.params.message)) ? 'accept' : 'decline', content: { approve: true } })";
    const changed = mcpClient(ask.replace('req.params.message', "'Run it?'"));
    const detail = (at: string) =>
      `an MCP client's elicitation/create handler at ${at} is new or changed and decides in code whether it answers approval questions yes, which diff cannot check`;
    failsWith('agent/mcp-client.ts', mcpClient(ask), 'async (req)', detail, { run: diffAll, changed });
  });

  it('a handler whose method is a const, or built by a call that cannot be read, fails the diff too; another method does not', () => {
    /** The client registering `handler` under `const asks = <method>`. */
    const byConst = (method: string, handler: string) =>
      mcpClient(handler).replace(
        "client.setRequestHandler('elicitation/create', ",
        `const asks = ${method};\nclient.setRequestHandler(asks, `,
      );
    const yes = "async () => ({ action: 'accept', content: { approve: true } }) as never";
    answersAllEverywhere(byConst("'elicitation/create'", yes));
    failsWith(
      'agent/mcp-client.ts',
      byConst("['elicitation', 'create'].join('/')", "async () => ({ action: Date.now() > 0 ? 'accept' : 'decline' }) as never"),
      'async () =>',
      (at) =>
        `an MCP client's elicitation/create handler at ${at} is new or changed and decides in code whether it answers approval questions yes, which diff cannot check`,
      { run: diffAll },
    );
    repo.write('agent/mcp-client.ts', byConst("'roots' + '/list'", yes));
    expect(diffAll().status).toBe(0);
  });
});
