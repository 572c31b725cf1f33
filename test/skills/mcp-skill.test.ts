/** Tests of MCP skills: tool names, importing a server's tools over stdio and HTTP, env, allowlists and drift. */

import { afterAll, describe, expect, it } from 'vitest';
import { runTool } from '../../src/runtime/run-tool.js';
import { createMcpSkill, type McpSkill } from '../../src/skills/mcp/mcp-skill.js';
import { mcpToolName } from '../../src/skills/mcp/mcp-tool-name.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';
import type { McpSkillFile } from '../../src/skills/files/skill-file-schema.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const everything = `${root}node_modules/@modelcontextprotocol/server-everything/dist/index.js`;
const open: McpSkill[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
});

function file(raw: Record<string, unknown>): McpSkillFile {
  const r = parseSkillFile({ kind: 'mcp', description: 'test server', ...raw });
  if (!r.ok || r.skill.kind !== 'mcp') throw new Error(JSON.stringify(r));
  return r.skill;
}
async function skill(raw: Record<string, unknown>): Promise<McpSkill> {
  const s = await createMcpSkill(file(raw));
  open.push(s);
  return s;
}

describe('mcpToolName', () => {
  it('prefixes with the skill name and shortens with a hash over 64 characters', () => {
    expect(mcpToolName('fonts', 'set_font')).toBe('fonts__set_font');
    const long = mcpToolName('a'.repeat(30), 'b'.repeat(40));
    expect(long).toHaveLength(64);
    expect(long).toMatch(/^a{30}__b{23}_[0-9a-f]{8}$/);
    expect(mcpToolName('a'.repeat(30), `${'b'.repeat(39)}c`)).not.toBe(long);
    expect(mcpToolName('s', 'tool.v2')).toMatch(/^s__tool_v2_[0-9a-f]{8}$/);
  });
});

describe('MCP skills', { timeout: 90_000 }, () => {
  it("imports this project's own `agent-tools serve` over stdio as <skill>__<tool> ToolDefs", async () => {
    const s = await skill({
      name: 'fonts',
      server: { command: process.execPath, args: [bin, 'serve', `${root}fixtures/adapters/font-tools.ts`, '--tier', 'all', '--no-skills'] },
    });
    expect(s.kind).toBe('mcp');
    expect(s.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['fonts__set_font', 'fonts__describe_font', 'fonts__explode']));
    const setFont = s.tools.find((t) => t.name === 'fonts__set_font')!;
    expect(setFont.params).toEqual({
      id: { type: 'string', description: 'Font id', required: true },
      italic: { type: 'boolean', description: 'Italic style', default: false },
      weight: { type: 'number', description: 'CSS weight', default: 400 },
      tags: { type: 'string[]', description: 'Tags to attach' },
    });
    expect(await runTool(setFont, { id: 'f2', weight: '700' })).toMatchObject({
      isError: false,
      value: { received: { id: 'f2', italic: false, weight: 700 } },
    });
    const describe = s.tools.find((t) => t.name === 'fonts__describe_font')!;
    expect(describe.title).toBe('字体说明');
    expect(await runTool(describe, { id: 'x' })).toMatchObject({
      isError: false,
      value: { id: 'x', 名称: '思源黑体', note: '粗细 700 👍 「引号」𝄞' },
    });
    expect(
      await runTool(
        s.tools.find((t) => t.name === 'fonts__explode')!,
        {},
      ),
    ).toEqual({ isError: true, error: 'Boom: the canvas is locked' });
  });

  it('imports the published reference server (@modelcontextprotocol/server-everything), limited by the allowlist', async () => {
    const s = await skill({
      name: 'everything',
      server: { command: process.execPath, args: [everything, 'stdio'] },
      tools: ['echo', 'get-sum'],
    });
    expect(s.tools.map((t) => t.name)).toEqual(['everything__echo', 'everything__get-sum']);
    expect(await runTool(s.tools[0]!, { message: '你好 world' })).toMatchObject({ isError: false, value: 'Echo: 你好 world' });
    expect(await runTool(s.tools[1]!, { a: 2, b: '40' })).toMatchObject({ isError: false, value: 'The sum of 2 and 40 is 42.' });
    expect(await runTool(s.tools[1]!, { a: 2 })).toMatchObject({
      isError: true,
      error: 'Invalid arguments for tool "everything__get-sum":\n- b: missing required parameter (expected number)',
    });
  });

  it('passes server env with ${env:NAME} read from this process, and refuses an unset one', async () => {
    process.env.SKILL_MCP_SECRET = 'tok-123';
    try {
      const s = await skill({
        name: 'envy',
        server: { command: process.execPath, args: [everything, 'stdio'], env: { DEMO_TOKEN: 'Bearer ${env:SKILL_MCP_SECRET}' } },
        tools: ['get-env'],
        env: ['SKILL_MCP_SECRET'],
      });
      const r = await runTool(s.tools[0]!, {});
      expect(r.isError).toBe(false);
      expect(JSON.stringify(!r.isError && r.value)).toContain('Bearer tok-123');
    } finally {
      delete process.env.SKILL_MCP_SECRET;
    }
    await expect(
      createMcpSkill(
        file({
          name: 'envy2',
          server: { command: process.execPath, args: [everything, 'stdio'], env: { T: '${env:SKILL_MCP_UNSET}' } },
          env: ['SKILL_MCP_UNSET'],
        }),
      ),
    ).rejects.toThrow('MCP skill "envy2": server.env.T needs the environment variable SKILL_MCP_UNSET, which is not set');
  });

  it('refuses an allowlist naming a tool the server does not have', async () => {
    await expect(
      createMcpSkill(file({ name: 'ev', server: { command: process.execPath, args: [everything, 'stdio'] }, tools: ['echo', 'nope'] })),
    ).rejects.toThrow(/^MCP skill "ev": the server has no tool "nope"; it offers: echo, /);
  });

  it('reports a server that died as an error result and restarts it on the next call', async () => {
    const s = await skill({
      name: 'crashy',
      server: { command: process.execPath, args: [bin, 'serve', `${root}fixtures/skills/mcp/crashy-tools.ts`, '--no-skills'] },
    });
    const ping = s.tools.find((t) => t.name === 'crashy__ping')!;
    const crash = s.tools.find((t) => t.name === 'crashy__crash')!;
    const before = await runTool(ping, {});
    expect(before).toMatchObject({ isError: false, value: { text: 'hi' } });
    const died = await runTool(crash, {});
    expect(died.isError).toBe(true);
    expect(died.isError && died.error).toMatch(
      /^MCP server of skill "crashy" stopped during the call \(.*\); it is restarted on the next call$/,
    );
    const after = await runTool(ping, { text: 'again' });
    expect(after).toMatchObject({ isError: false, value: { text: 'again' } });
    const pid = (v: unknown) => (v as { value: { pid: number } }).value.pid;
    expect(pid(after)).not.toBe(pid(before));
  });

  it('fails to create when the server cannot start', async () => {
    await expect(createMcpSkill(file({ name: 'gone', server: { command: '/nonexistent/server' } }))).rejects.toThrow();
  });
});

describe('MCP skills over Streamable HTTP', { timeout: 90_000 }, () => {
  it('imports `agent-tools serve --http` by URL, sending its bearer token from a declared variable', async () => {
    const { spawn } = await import('node:child_process');
    const token = 'mcp-skill-test-token-0123456789';
    const server = spawn(process.execPath, [bin, 'serve', `${root}fixtures/skills/mcp/crashy-tools.ts`, '--no-skills', '--http', '0'], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, AGENT_TOOLS_SERVE_TOKEN: token },
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let err = '';
        server.stderr.on('data', (c: Buffer) => {
          err += c.toString();
          const m = /at (http:\/\/127\.0\.0\.1:\d+\/mcp)/.exec(err);
          if (m) resolve(m[1]!);
        });
        server.on('exit', () => reject(new Error(err)));
      });
      await expect(skill({ name: 'remote', server: { url }, tools: ['ping'] })).rejects.toThrow(/401 Unauthorized/);
      process.env.SERVE_TEST_TOKEN = token;
      const headers = { Authorization: 'Bearer ${env:SERVE_TEST_TOKEN}' };
      const s = await skill({ name: 'remote', server: { url, headers }, env: ['SERVE_TEST_TOKEN'], tools: ['ping'] });
      expect(s.tools.map((t) => t.name)).toEqual(['remote__ping']);
      expect(await runTool(s.tools[0]!, { text: 'over http' })).toMatchObject({ isError: false, value: { text: 'over http' } });
    } finally {
      delete process.env.SERVE_TEST_TOKEN;
      server.kill();
    }
  });
});
