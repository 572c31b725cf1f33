/** Tests of `export --defer extended` and `--tool-search`: provider tool search and the `search_tools` entry. */

import { Client, InMemoryTransport } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { createMcpServer } from '../../src/adapters/mcp.js';
import { CALL_TOOL_LISTING, SEARCH_TOOLS_LISTING } from '../../src/core/search-tools-listing.js';
import { toolsListEntry } from '../../src/core/tools-list-entry.js';
import { exportTools } from '../../src/export/run.js';
import { UsageError } from '../../src/shared/errors.js';
import { CORE_TOOLS, EXTENDED_TOOLS, registry } from '../../examples/canvas/registry.js';

const root = new URL('../..', import.meta.url).pathname;
const canvas = (options: Parameters<typeof exportTools>[1]) => exportTools(['examples/canvas'], { cwd: root, ...options });
const core = CORE_TOOLS.map((t) => t.name);
const extended = EXTENDED_TOOLS.map((t) => t.name);

/** The tools/list a real SDK client receives from the canvas registry served with tool search (`serve --tool-search`). */
async function served() {
  const server = createMcpServer(registry, { name: 'canvas', version: '1.0.0', toolSearch: true });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client({ name: 'test', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  try {
    return (await client.listTools()).tools;
  } finally {
    await client.close();
    await server.close();
  }
}

describe('export --defer extended: the provider marks the extended tier for its own tool search', () => {
  it('anthropic: the BM25 tool search tool first, then every tool; extended ones with defer_loading: true', async () => {
    const r = await canvas({ format: 'anthropic', defer: 'extended' });
    expect(r.exitCode).toBe(0);
    const out = r.value as { type?: string; name: string; defer_loading?: boolean }[];
    expect(out[0]).toEqual({ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' });
    expect(out.slice(1).map((t) => t.name)).toEqual([...core, ...extended]);
    expect(
      out
        .slice(1)
        .filter((t) => t.defer_loading === true)
        .map((t) => t.name),
    ).toEqual(extended);
    expect(out.slice(1).filter((t) => 'defer_loading' in t && t.defer_loading !== true)).toEqual([]);
  });

  it('openai: the Responses API form (flat function tools), its hosted tool_search first, extended ones deferred', async () => {
    for (const strict of [false, true]) {
      const r = await canvas({ format: 'openai', defer: 'extended', ...(strict ? { strict: true } : {}) });
      const out = r.value as Record<string, unknown>[];
      expect(out[0]).toEqual({ type: 'tool_search' });
      expect(out.slice(1).map((t) => [t.type, t.name, t.strict, t.defer_loading ?? false])).toEqual([
        ...core.map((n) => ['function', n, strict, false]),
        ...extended.map((n) => ['function', n, strict, true]),
      ]);
      expect(out.slice(1).every((t) => typeof t.parameters === 'object' && !('function' in t))).toBe(true);
    }
  });

  it('with no exported tool in the deferred tier (--tier core): nothing deferred, no search tool added, a warning says so', async () => {
    const warning = {
      tool: '',
      field: '',
      message: '--defer extended: no exported tool is in the extended tier, so none is deferred and no tool search tool is added',
    };
    const anthropic = await canvas({ format: 'anthropic', tier: 'core', defer: 'extended' });
    expect((anthropic.value as { name: string; defer_loading?: boolean }[]).map((t) => [t.name, t.defer_loading])).toEqual(
      core.map((name) => [name, undefined]),
    );
    expect(anthropic.warnings).toEqual([warning]);
    const openai = await canvas({ format: 'openai', tier: 'core', defer: 'extended' });
    expect((openai.value as { type: string; name: string }[]).map((t) => [t.type, t.name])).toEqual(core.map((name) => ['function', name]));
    expect(openai.warnings).toEqual([warning]);
  });

  it('without --defer the outputs are as before; --defer with another format or tier is a usage error', async () => {
    expect(((await canvas({ format: 'openai' })).value as { type: string }[])[0]!.type).toBe('function');
    await expect(canvas({ format: 'mcp', defer: 'extended' })).rejects.toThrow(
      /--defer applies to --format openai or anthropic only, not mcp/,
    );
    await expect(canvas({ format: 'anthropic', defer: 'core' })).rejects.toThrow(/--defer 'core': use one of extended/);
  });
});

describe('export --tool-search adds the search_tools entry to any format', () => {
  it('mcp --tier core: the core tools, then search_tools and call_tool exactly as serve --tool-search lists them', async () => {
    const r = await canvas({ format: 'mcp', tier: 'core', toolSearch: true });
    const tools = (r.value as { tools: { name: string }[] }).tools;
    expect(tools.map((t) => t.name)).toEqual([...core, 'search_tools', 'call_tool']);
    expect(tools.at(-2)).toEqual(toolsListEntry(SEARCH_TOOLS_LISTING));
    expect(tools.at(-1)).toEqual(CALL_TOOL_LISTING);
    // what a real server lists, over the SDK's own client
    const listed = await served();
    expect(listed.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    expect(listed.at(-1)).toEqual(CALL_TOOL_LISTING);
  });

  it('every format holds it; with --defer it is after the core tools and not deferred', async () => {
    for (const format of ['json', 'markdown', 'openai', 'anthropic', 'gemini'] as const) {
      const r = await canvas({ format, toolSearch: true });
      expect(r.text, format).toContain('search_tools');
      expect(r.text, format).toContain(SEARCH_TOOLS_LISTING.description);
    }
    const deferred = (await canvas({ format: 'anthropic', defer: 'extended', toolSearch: true })).value as {
      name: string;
      defer_loading?: boolean;
    }[];
    expect(deferred.map((t) => t.name).slice(0, core.length + 2)).toEqual(['tool_search_tool_bm25', ...core, 'search_tools']);
    expect(deferred.find((t) => t.name === 'search_tools')!.defer_loading).toBeUndefined();
  });

  it('a toolbox that already has a tool named search_tools is a usage error', async () => {
    await expect(exportTools(['fixtures/search/has-search-tools'], { cwd: root, toolSearch: true })).rejects.toBeInstanceOf(UsageError);
  });
});
