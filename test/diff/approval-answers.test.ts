/** Tests that diff fails on a pull request that answers approval requests yes or in code: the AI SDK's, its UI layer's, an MCP client's. */

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

/**
 * agent/chat.ts: a chat route that resumes a conversation from UI messages, its tool part for each approval request of a
 * first result saying `approval: <approval>` (an expression over the request `p`), turned into model messages for the tools.
 */
const uiChat = (approval: string) =>
  [
    "import { convertToModelMessages, generateText, type UIMessage } from 'ai';",
    "import { toolsToAI } from 'agent-tools/ai';",
    "import { registry } from '../tools/tools.js';",
    'declare const model: never;',
    'declare const first: { content: any[] };',
    'export const tools = toolsToAI(registry);',
    'const parts = first.content.flatMap((p) =>',
    "  p.type === 'tool-approval-request'",
    "    ? [{ type: `tool-${p.toolCall.toolName}`, toolCallId: p.toolCall.toolCallId, state: 'approval-responded', input: p.toolCall.input,",
    `        approval: ${approval} }]`,
    '    : [],',
    ');',
    "const ui = [{ id: 'a1', role: 'assistant', parts }] as UIMessage[];",
    'export const second = await generateText({ model, tools, messages: await convertToModelMessages(ui, { tools }) });',
    '',
  ].join('\n');

/**
 * agent/chat-client.ts: a chat (what useChat wraps) that sends each answer on by itself, answering each approval request
 * that waits when a reply ends with `answer` (a statement over the UI part `p`).
 */
const uiClient = (answer: string) =>
  [
    "import { Chat } from '@ai-sdk/react';",
    "import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';",
    'export const chat: Chat = new Chat({',
    '  sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses,',
    '  onFinish: () => {',
    '    for (const m of chat.messages) for (const p of m.parts as any[])',
    `      ${answer}`,
    '  },',
    '});',
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
   * Writes `text` as `path`, then expects diff of the project to fail naming `callee` where `needle` starts, as an answer to
   * the AI SDK's approval requests that says yes under no condition (`yes`) or decides in code, and validate to warn there
   * for a yes only (exit 0 either way); then removes it.
   */
  const answersIn = (path: string, text: string, needle: string, callee: string, yes: boolean) => {
    const at = failsWith(
      path,
      text,
      needle,
      (at) =>
        yes
          ? `the AI SDK's approval requests are answered yes by ${callee} at ${at} under no condition`
          : `the AI SDK's approval requests are answered by ${callee} at ${at} with an approved that is new or changed and decided in code, which diff cannot check`,
      { run: diffAll },
    );
    const v = cli(repo.dir, 'validate', '.');
    expect([text, v.status, v.stdout.split('\n').filter((l) => l.includes('approval-rules'))]).toEqual([
      text,
      0,
      yes
        ? [
            `${at}  warn   The AI SDK's approval requests are answered yes by ${callee} under no condition, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules`,
          ]
        : [],
    ]);
    repo.remove(path);
  };

  /** Writes `text` as `path`, then expects neither diff of the project nor validate's approval-rules to say anything of it. */
  const noAnswerIn = (path: string, text: string) => {
    repo.write(path, text);
    const r = diffAll();
    expect([text, r.status, r.stdout.includes('approval-relaxed')]).toEqual([text, 0, false]);
    expect(
      cli(repo.dir, 'validate', '.')
        .stdout.split('\n')
        .filter((l) => l.includes('approval-rules')),
    ).toEqual([]);
  };

  it('a UI message tool part approval-responded with approved: true, for each approval request: diff fails, validate warns', () => {
    const part = '{ type: `tool-${p.toolCall.toolName}`';
    const ui = 'an approval-responded UI message part';
    answersIn('agent/chat.ts', uiChat('{ id: p.approvalId, approved: true, signature: p.signature }'), part, ui, true);
    // computed, or an approval that is not an object literal: decided in code
    answersIn(
      'agent/chat.ts',
      uiChat("{ id: p.approvalId, approved: p.toolCall.toolName !== '', signature: p.signature }"),
      part,
      ui,
      false,
    );
    answersIn('agent/chat.ts', uiChat('p.answer'), part, ui, false);
    answersIn('agent/chat.ts', uiChat('{ ...p.answer, approved: true }'), part, ui, false);
    // a request chosen by its tool: decided in code
    answersIn(
      'agent/chat.ts',
      uiChat('{ id: p.approvalId, approved: true }').replace(
        "p.type === 'tool-approval-request'",
        "p.type === 'tool-approval-request' && p.toolCall.toolName === 'get_row'",
      ),
      part,
      ui,
      false,
    );
    noAnswerIn('agent/chat.ts', uiChat('{ id: p.approvalId, approved: false, signature: p.signature }'));
  });

  it("a chat's addToolApprovalResponse with approved: true (chat., this., destructured from useChat): diff fails, validate warns", () => {
    const add = 'addToolApprovalResponse()';
    const waiting = "if (p.state === 'approval-requested') ";
    answersIn(
      'agent/chat-client.ts',
      uiClient(`${waiting}void chat.addToolApprovalResponse({ id: p.approval.id, approved: true });`),
      'chat.addToolApprovalResponse(',
      add,
      true,
    );
    const hook = [
      "import { useChat } from '@ai-sdk/react';",
      'export function Approver() {',
      '  const { messages, addToolApprovalResponse: answer } = useChat();',
      '  for (const m of messages)',
      '    m.parts',
      "      .filter((p: any) => p.state === 'approval-requested')",
      '      .forEach((p: any) => answer({ id: p.approval.id, approved: true }));',
      '}',
      '',
    ].join('\n');
    answersIn('agent/approver.ts', hook, 'answer({', add, true);
    const own = [
      "import { AbstractChat, type UIMessage } from 'ai';",
      'export abstract class AutoChat extends AbstractChat<UIMessage> {',
      '  approveAll(id: string) {',
      '    return this.addToolApprovalResponse({ id, approved: true });',
      '  }',
      '}',
      '',
    ].join('\n');
    answersIn('agent/auto-chat.ts', own, 'this.addToolApprovalResponse(', add, true);
  });

  it('addToolApprovalResponse decided in code: computed, an answer that is not an object literal, under a condition, a click', () => {
    const add = 'addToolApprovalResponse()';
    for (const answer of [
      "void chat.addToolApprovalResponse({ id: p.approval.id, approved: p.toolName !== 'tool-wipe_table' });",
      'void chat.addToolApprovalResponse(p.answer);',
      "if (p.state === 'approval-requested' && p.input.table === 'tmp') void chat.addToolApprovalResponse({ id: p.approval.id, approved: true });",
    ])
      answersIn('agent/chat-client.ts', uiClient(answer), 'chat.addToolApprovalResponse(', add, false);
    // the button a person clicks decides
    const button = [
      "import { useChat } from '@ai-sdk/react';",
      'export function Approve({ id }: { id: string }) {',
      '  const { addToolApprovalResponse } = useChat();',
      '  return <button onClick={() => addToolApprovalResponse({ id, approved: true })}>Approve</button>;',
      '}',
      '',
    ].join('\n');
    answersIn('agent/approve.tsx', button, 'addToolApprovalResponse({', add, false);
    noAnswerIn(
      'agent/chat-client.ts',
      uiClient("void chat.addToolApprovalResponse({ id: p.approval.id, approved: false, reason: 'no' });"),
    );
  });

  it('toolApprovalResponse in the branch of a result part that is an approval request answers every request yes', () => {
    failsWith(
      'agent.ts',
      agent("(q.type === 'tool-approval-request' ? toolApprovalResponse(tools, q, { approved: true }) : undefined)").replace(
        'approvalId: string',
        'approvalId: string; type: string',
      ),
      'toolApprovalResponse(tools',
      (at) => `the AI SDK's approval requests are answered yes by toolApprovalResponse() at ${at} under no condition`,
    );
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
