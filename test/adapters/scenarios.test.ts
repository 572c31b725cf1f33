// One set of scenarios, run through the AI SDK, MCP and CLI adapters with the same inputs: the AI SDK
// (generateText + mock model), a real MCP client over stdio, and the agent-tools call
// process. Every adapter must give the same result, so they cannot drift apart.
import { spawn } from 'node:child_process';
import { generateText, stepCountIs } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsToAI } from '../../src/adapters/ai.js';
import { loadToolsModule } from '../../src/cli/load-tools-module.js';
import { bin, connectServe, root } from './mcp-child.js';
import { scriptedModel } from './mock-model.js';

type Outcome = { ok: unknown } | { error: string };
interface Scenario {
  name: string;
  tool: string;
  args: Record<string, string | boolean | string[]>;
  /** The CLI form of `args`, when it is not the plain `--key value` list. */
  flags?: string[];
  ok?: unknown;
  /** A part every adapter's error message must contain. */
  error?: string;
}

const FONT_TOOLS = 'fixtures/adapters/font-tools.ts';
const SCENARIOS: Scenario[] = [
  {
    name: 'omitted params get their defaults',
    tool: 'set_font',
    args: { id: 'f1' },
    ok: { received: { id: 'f1', italic: false, weight: 400 } },
  },
  {
    name: 'strings are coerced to the param types',
    tool: 'set_font',
    args: { id: '007', italic: 'true', weight: '700' },
    ok: { received: { id: '007', italic: true, weight: 700 } },
  },
  {
    name: 'a string[] param',
    tool: 'set_font',
    args: { id: 'f1', tags: ['serif', 'mono'] },
    flags: ['--id', 'f1', '--tags', 'serif', '--tags', 'mono'],
    ok: { received: { id: 'f1', italic: false, weight: 400, tags: ['serif', 'mono'] } },
  },
  {
    name: 'a bad number is an error naming the param',
    tool: 'set_font',
    args: { id: 'f1', weight: 'abc' },
    error: 'weight: expected number, received string "abc"',
  },
  {
    name: 'a missing required param is an error',
    tool: 'set_font',
    args: { weight: '700' },
    error: 'id: missing required parameter (expected string)',
  },
  { name: 'a thrown error reaches the caller', tool: 'explode', args: {}, error: 'Boom: the canvas is locked' },
  { name: 'a returned { error } reaches the caller', tool: 'find_node', args: { id: 'x' }, error: 'Node "x" not found' },
  {
    name: 'Chinese and emoji results keep their code points',
    tool: 'describe_font',
    args: { id: '字体-1' },
    ok: { id: '字体-1', 名称: '思源黑体', note: '粗细 700 👍 「引号」𝄞' },
  },
  { name: 'a non-object result', tool: 'list_nodes', args: {}, ok: ['n1', 'n2'] },
];

const flagsOf = (s: Scenario) => s.flags ?? Object.entries(s.args).flatMap(([k, v]) => [`--${k}`, String(v)]);

async function viaAI(): Promise<Outcome[]> {
  const loaded = await loadToolsModule(FONT_TOOLS);
  const out: Outcome[] = [];
  for (const s of SCENARIOS) {
    const tools = toolsToAI(loaded.tools, { tier: 'all', ...(loaded.getApi ? { getApi: loaded.getApi } : {}) });
    const result = await generateText({
      model: scriptedModel([[{ toolName: s.tool, input: JSON.stringify(s.args) }]]),
      tools,
      prompt: s.name,
      stopWhen: stepCountIs(2),
    });
    const part = result.steps[0]!.content.find((p) => p.type === 'tool-result' || p.type === 'tool-error');
    if (part?.type === 'tool-result') out.push({ ok: part.output });
    else if (part?.type === 'tool-error') out.push({ error: part.error instanceof Error ? part.error.message : String(part.error) });
    else throw new Error(`no tool outcome for ${s.name}`);
  }
  return out;
}

async function viaMCP(): Promise<Outcome[]> {
  const { client, close } = await connectServe(FONT_TOOLS, '--tier', 'all');
  try {
    const out: Outcome[] = [];
    for (const s of SCENARIOS) {
      const r = await client.callTool({ name: s.tool, arguments: s.args });
      const text = (r.content as { text: string }[])[0]!.text;
      out.push(r.isError ? { error: text } : { ok: JSON.parse(text) });
    }
    return out;
  } finally {
    await close();
  }
}

function viaCLI(): Promise<Outcome[]> {
  return Promise.all(
    SCENARIOS.map(
      (s) =>
        new Promise<Outcome>((resolve, reject) => {
          const child = spawn(process.execPath, [bin, 'call', FONT_TOOLS, s.tool, ...flagsOf(s)], {
            cwd: root,
            env: { ...process.env, NO_COLOR: '1' },
          });
          let stdout = '';
          let stderr = '';
          child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
          child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
          child.on('error', reject);
          child.on('close', (code) => {
            if (code === 0) resolve({ ok: JSON.parse(stdout) });
            else if (code === 1 && stdout === '') resolve({ error: stderr });
            else reject(new Error(`call ${s.tool} exited ${code}: ${stderr}`));
          });
        }),
    ),
  );
}

const outcomes: Record<'ai' | 'mcp' | 'cli', Outcome[]> = { ai: [], mcp: [], cli: [] };
beforeAll(async () => {
  [outcomes.ai, outcomes.mcp, outcomes.cli] = await Promise.all([viaAI(), viaMCP(), viaCLI()]);
}, 120_000);
afterAll(() => undefined);

describe.each(['ai', 'mcp', 'cli'] as const)('scenario through the %s adapter', (adapter) => {
  it.each(SCENARIOS.map((s, i) => [s.name, i] as const))('%s', (_name, i) => {
    const s = SCENARIOS[i]!;
    const got = outcomes[adapter][i]!;
    if (s.ok !== undefined) expect(got).toEqual({ ok: s.ok });
    else {
      expect(got).toHaveProperty('error');
      expect((got as { error: string }).error).toContain(s.error);
    }
  });
});

describe('the AI SDK, MCP and CLI adapters agree', () => {
  it('give identical successful results and the same kind of outcome for every scenario', () => {
    const kinds = (list: Outcome[]) => list.map((o) => ('ok' in o ? JSON.stringify(o.ok) : 'error'));
    expect(kinds(outcomes.ai)).toEqual(kinds(outcomes.mcp));
    expect(kinds(outcomes.cli)).toEqual(kinds(outcomes.mcp));
  });
});
