// The MCP skill client on the official SDK v2 against SDK v2 servers built here: every page of a
// paginated tools/list, 2026-07-28 and 2025-era servers over stdio and HTTP, integer params.
import { afterAll, describe, expect, it } from 'vitest';
import { toInputSchema } from '../../src/core/input-schema.js';
import { runTool } from '../../src/runtime/run-tool.js';
import { parseSkillFile } from '../../src/skills/files/external-skill.js';
import { createMcpSkill, type McpSkill } from '../../src/skills/mcp/mcp-skill.js';
import { mcpFile, startHttpServer, stdioServer } from './mcp-fixture-server.js';

const open: McpSkill[] = [];
const servers: { stop(): void }[] = [];
afterAll(async () => {
  for (const s of open) await s.close();
  for (const s of servers) s.stop();
});

async function skill(raw: Record<string, unknown>): Promise<McpSkill> {
  const s = await createMcpSkill(mcpFile(raw));
  open.push(s);
  return s;
}

async function http(args: string[], env?: Record<string, string>): Promise<string> {
  const server = await startHttpServer(args, env);
  servers.push(server);
  return server.url;
}

describe('MCP skill client: tools/list pages', { timeout: 90_000 }, () => {
  it('imports all 150 tools of a server that lists 100 a page', async () => {
    const s = await skill({ name: 'paged', server: stdioServer(['--tools', '150', '--page-size', '100']) });
    expect(s.tools).toHaveLength(150);
    expect(s.tools[0]!.name).toBe('paged__tool_001');
    expect(s.tools[149]!.name).toBe('paged__tool_150');
    expect(new Set(s.tools.map((t) => t.name)).size).toBe(150);
  });

  it('imports and calls an allowlisted tool of page 2 (over HTTP too)', async () => {
    const viaStdio = await skill({ name: 'p2', server: stdioServer(['--tools', '150', '--page-size', '100']), tools: ['tool_150'] });
    const url = await http(['--tools', '150', '--page-size', '100']);
    const viaHttp = await skill({ name: 'p2h', server: { url }, tools: ['tool_101', 'tool_150'] });
    expect(viaStdio.tools.map((t) => t.name)).toEqual(['p2__tool_150']);
    expect(viaHttp.tools.map((t) => t.name)).toEqual(['p2h__tool_101', 'p2h__tool_150']);
    for (const t of [viaStdio.tools[0]!, viaHttp.tools[1]!])
      expect(await runTool(t, { text: 'page two' })).toMatchObject({
        isError: false,
        value: { tool: 'tool_150', args: { text: 'page two' } },
      });
  });
});

describe('MCP skill client: protocol eras', { timeout: 120_000 }, () => {
  // --era modern: the server answers only 2026-07-28 (serveStdio / createMcpHandler with legacy: 'reject');
  // --era legacy: only the 2025 initialize handshake (no server/discover); --era both: either.
  const cases = [
    { era: 'modern', expected: 'modern', version: '2026-07-28' },
    { era: 'legacy', expected: 'legacy', version: '2025-11-25' },
    { era: 'both', expected: 'modern', version: '2026-07-28' },
  ] as const;
  for (const c of cases) {
    for (const transport of ['stdio', 'http'] as const) {
      it(`lists and calls a ${c.era === 'both' ? 'two-era' : `${c.era}-only`} server over ${transport} in the ${c.expected} era`, async () => {
        const server = transport === 'stdio' ? stdioServer(['--era', c.era]) : { url: await http(['--era', c.era]) };
        const s = await skill({ name: `era_${c.era}_${transport}`, server });
        expect(s.protocolEra).toBe(c.expected);
        expect(s.protocolVersion).toBe(c.version);
        expect(s.tools.map((t) => t.name.split('__')[1])).toEqual(['tool_001', 'tool_002', 'tool_003']);
        const r = await runTool(s.tools[1]!, { text: '你好 👍', count: 2 });
        expect(r).toMatchObject({ isError: false, value: { tool: 'tool_002', args: { text: '你好 👍', count: 2 }, era: c.expected } });
      });
    }
  }

  it('starts a 2025 server that exits on the server/discover probe once more, with initialize alone', async () => {
    const exits = new URL('../../fixtures/skills/mcp/exits-on-probe.mjs', import.meta.url).pathname;
    const s = await skill({ name: 'rmcp_like', server: { command: process.execPath, args: [exits] } });
    expect(s.protocolEra).toBe('legacy');
    expect(await runTool(s.tools[0]!, { text: 'x' })).toMatchObject({ isError: false, value: { tool: 'tool_001', era: 'legacy' } });
  });

  it('reaches the published reference server (SDK v1, 2025 only) in the legacy era', async () => {
    const everything = new URL('../../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url).pathname;
    const s = await skill({ name: 'ev', server: { command: process.execPath, args: [everything, 'stdio'] }, tools: ['get-sum'] });
    expect(s.protocolEra).toBe('legacy');
    expect(await runTool(s.tools[0]!, { a: 40, b: 2 })).toMatchObject({ isError: false, value: 'The sum of 40 and 2 is 42.' });
  });
});

describe('MCP skill client: integer params', { timeout: 60_000 }, () => {
  it('keeps "type": "integer": 7.5 is refused before it reaches the server, 7 and "7" pass', async () => {
    const s = await skill({ name: 'ints', server: stdioServer(['--tools', '1']) });
    const t = s.tools[0]!;
    expect(t.params.count).toEqual({ type: 'number', integer: true, description: 'A whole number', min: 0 });
    expect(toInputSchema(t.params).properties.count).toEqual({ type: 'integer', description: 'A whole number', minimum: 0 });
    const bad = await runTool(t, { count: 7.5 });
    expect(bad.isError).toBe(true);
    // our validator's message, not the server's "Invalid arguments: count: expected an integer"
    expect(bad.isError && bad.error).toMatch(/^Invalid arguments for tool "ints__tool_001":\n- count: /);
    expect(bad.isError && bad.error).not.toContain('Invalid arguments: count');
    expect(await runTool(t, { count: 7 })).toMatchObject({ isError: false, value: { args: { count: 7 } } });
    expect(await runTool(t, { count: '7' })).toMatchObject({ isError: false, value: { args: { count: 7 } } });
  });
});

describe('MCP skill client: request headers from declared environment variables', { timeout: 90_000 }, () => {
  const bearer = { Authorization: 'Bearer ${env:MCP_TEST_TOKEN}' };

  it('sends a bearer token read from a declared variable to a server that needs one (both eras)', async () => {
    process.env.MCP_TEST_TOKEN = 'tok-s3cret';
    try {
      for (const era of ['modern', 'legacy']) {
        const url = await http(['--era', era, '--token-env', 'SERVER_TOKEN'], { SERVER_TOKEN: 'tok-s3cret' });
        const s = await skill({ name: `auth_${era}`, server: { url, headers: bearer }, env: ['MCP_TEST_TOKEN'] });
        expect(s.protocolEra).toBe(era);
        expect(await runTool(s.tools[0]!, { text: 'in' })).toMatchObject({ isError: false, value: { tool: 'tool_001', era } });
      }
    } finally {
      delete process.env.MCP_TEST_TOKEN;
    }
  });

  it('says what to do when the server answers 401, with no headers and with a wrong token', async () => {
    const url = await http(['--token-env', 'SERVER_TOKEN'], { SERVER_TOKEN: 'tok-s3cret' });
    await expect(createMcpSkill(mcpFile({ name: 'noauth', server: { url } }))).rejects.toThrow(
      `MCP skill "noauth" (server: ${url}): the server answered 401 Unauthorized: it needs credentials; send them in server.headers, e.g. "Authorization": "Bearer \${env:NAME}" with "env": ["NAME"] at the top of the skill file`,
    );
    process.env.MCP_TEST_TOKEN = 'wrong';
    try {
      await expect(createMcpSkill(mcpFile({ name: 'badauth', server: { url, headers: bearer }, env: ['MCP_TEST_TOKEN'] }))).rejects.toThrow(
        /: the server answered 401 Unauthorized: it needs credentials; check the values of server\.headers/,
      );
    } finally {
      delete process.env.MCP_TEST_TOKEN;
    }
    await expect(createMcpSkill(mcpFile({ name: 'unset', server: { url, headers: bearer }, env: ['MCP_TEST_TOKEN'] }))).rejects.toThrow(
      'MCP skill "unset": server.headers.Authorization needs the environment variable MCP_TEST_TOKEN, which is not set',
    );
  });

  it('refuses at install an undeclared variable, a header the MCP client sets itself, and a bad header name', () => {
    const problems = (raw: Record<string, unknown>) => {
      const r = parseSkillFile({ kind: 'mcp', name: 'h', description: 'd', ...raw });
      return r.ok ? [] : r.problems.map((p) => `${p.path}: ${p.message}`);
    };
    const url = 'https://mcp.example.com/mcp';
    expect(problems({ server: { url, headers: bearer } })).toEqual([
      '$.server.headers.Authorization: ${env:MCP_TEST_TOKEN} is not declared; list the variables the skill reads at the top level of the file: "env": ["MCP_TEST_TOKEN"]',
    ]);
    expect(problems({ server: { url, headers: { 'Mcp-Session-Id': 'x', 'X Tenant': 'a', 'x-tenant': 'b', 'X-TENANT': 'c' } } })).toEqual([
      '$.server.headers["Mcp-Session-Id"]: Mcp-Session-Id is set by the MCP client itself; leave it out',
      '$.server.headers["X Tenant"]: "X Tenant" is not an HTTP header name (letters, digits and -, no spaces)',
      '$.server.headers["X-TENANT"]: X-TENANT is given twice (header names ignore case)',
    ]);
    expect(problems({ server: { url, headers: bearer }, env: ['MCP_TEST_TOKEN'] })).toEqual([]);
    // headers belong to an HTTP server; a stdio server takes env
    expect(problems({ server: { command: 'node', headers: bearer }, env: ['MCP_TEST_TOKEN'] })).toEqual([
      '$.server.headers: unknown key "headers"',
    ]);
  });
});
