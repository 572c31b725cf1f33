/** Tests that an AI SDK tool() handed to a call or returned, not put in an object of tools, is no tool: validate and diff go on. */

import { describe, expect, it } from 'vitest';
import { cli, tempRepos, wipeToolbox } from './wipe-toolbox.js';

const AGENT = `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/tools.js';

export const tools = toolsToAI(registry);
`;

/** An agent with a batch tool made by the AI SDK's tool callers; `run` is the batch tool's execute body. */
const batchAgent = (run: string) => `import { tool, jsonSchema, experimental_toolCaller } from 'ai';
import { tools as agentTools } from './agent.js';

const input = jsonSchema<{ calls: { tool: string; input: unknown }[] }>({ type: 'object', properties: {} });
const batch = experimental_toolCaller(
  tool({ description: 'Runs several tool calls in one step.', inputSchema: input }),
  {
    type: 'local',
    bind: (tools) => tool({
      description: 'Runs several tool calls in one step.',
      inputSchema: input,
      execute: async ({ calls }, options) => ${run},
    }),
  },
);
export const all = { ...agentTools, batch };
`;

/** Each line of validate's report that names a check (`file:line:col  error  message  check`), as [where, severity, check]. */
const findings = (stdout: string) =>
  stdout
    .split('\n')
    .map((l) => /^(\S+:\d+:\d+)\s+(error|warning)\s+.*\s(\S+)$/.exec(l))
    .filter((m) => m !== null)
    .map((m) => [m[1], m[2], m[3]]);

describe('AI SDK tool() calls that are no tool of a tool set', { timeout: 120_000 }, () => {
  const repo = tempRepos({ 'tools/tools.ts': wipeToolbox(), 'agent.ts': AGENT });
  const validate = () => cli(repo().dir, 'validate', '.');
  const diff = () => cli(repo().dir, 'diff', '.', '--base', 'main', '--format', 'json');

  it('passed to experimental_toolCaller or returned by its bind: no finding, and diff compares', () => {
    repo().write('agent-batch.ts', batchAgent('calls.length'));
    const v = validate();
    expect([v.status, findings(v.stdout)]).toEqual([0, []]);
    const d = diff();
    expect([d.status, d.stderr, JSON.parse(d.stdout).changes]).toEqual([0, '', []]);
  });

  it('a batch execute that runs each tool itself: validate reports that one error, and diff fails with approval-relaxed', () => {
    repo().write('agent-batch.ts', batchAgent('Promise.all(calls.map((c) => (tools[c.tool] as any).execute(c.input, options)))'));
    const read = repo().at('agent-batch.ts', '(tools[c.tool]');
    const v = validate();
    expect([v.status, findings(v.stdout)]).toEqual([1, [[`agent-batch.ts:${read.line}:${read.column}`, 'error', 'approval-rules']]]);
    const d = diff();
    expect([d.status, d.stderr, JSON.parse(d.stdout).changes.map((c: { tool: string; rule: string }) => [c.tool, c.rule])]).toEqual([
      1,
      '',
      [['wipe_table', 'approval-relaxed']],
    ]);
  });

  it('one handed to a call that is the value of a key, or returned by a function of the project: it may be that tool, an error', () => {
    repo().write(
      'agent-wrapped.ts',
      "import { tool, jsonSchema } from 'ai';\nimport { withLog } from './log.js';\n\n" +
        "function makeWipe() {\n  return tool({ description: 'Wipes one table.', inputSchema: jsonSchema({}) });\n}\n" +
        "export const tools = { wipe_all: withLog(tool({ description: 'Wipes every table.', inputSchema: jsonSchema({}) })), wipe: makeWipe() };\n",
    );
    const made = repo().at('agent-wrapped.ts', 'tool({');
    const wrapped = repo().at('agent-wrapped.ts', "tool({ description: 'Wipes every");
    const v = validate();
    expect([v.status, findings(v.stdout)]).toEqual([
      1,
      [
        [`agent-wrapped.ts:${made.line}:${made.column}`, 'error', 'define-tool'],
        [`agent-wrapped.ts:${wrapped.line}:${wrapped.column}`, 'error', 'define-tool'],
      ],
    ]);
    expect(v.stdout).toContain('has no name: it is not a property of an object of tools');
    expect(diff().status).toBe(2);
  });
});
