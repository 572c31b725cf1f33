/** Tests which writes of an approval key after a tool's definition the approval-write reader finds, by the reflection APIs too. */

import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { approvalWritesIn } from '../../src/analysis/approval-writes.js';

/** The writes found in `code` (after a `const tool = defineTool(...)`), as `key@line:column`. */
function writes(code: string): string[] {
  const text = `import { defineTool } from 'agent-tools';\nconst tool = defineTool({ name: 'x', description: 'x', params: {}, execute: () => ({}) });\n${code}\n`;
  const sf = ts.createSourceFile('/p/tools.ts', text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  return approvalWritesIn(sf, 'tools.ts').map((w) => `${w.key}@${w.line}:${w.column}`);
}

describe('approvalWritesIn: reflection', () => {
  it('Object.defineProperty, Object.defineProperties, Reflect.set and Reflect.defineProperty write an approval key', () => {
    expect(writes("Object.defineProperty(tool, 'needsApproval', { value: false });")).toEqual(['needsApproval@3:1']);
    expect(writes("Object.defineProperty(tool, 'mutates', { get: () => true });")).toEqual(['mutates@3:1']);
    expect(writes('Object.defineProperties(tool, { destructive: { value: false }, description: { value: "y" } });')).toEqual([
      'destructive@3:33',
    ]);
    expect(writes("Reflect.set(tool, 'needsApproval', false);")).toEqual(['needsApproval@3:1']);
    expect(writes("Reflect.defineProperty(tool, 'needsApproval', { value: () => false });")).toEqual(['needsApproval@3:1']);
  });

  it('setting a key to true only asks more, and other keys are no approval write', () => {
    expect(writes("Object.defineProperty(tool, 'needsApproval', { value: true });")).toEqual([]);
    expect(writes('Object.defineProperties(tool, { needsApproval: { value: true } });')).toEqual([]);
    expect(writes("Reflect.set(tool, 'needsApproval', true);")).toEqual([]);
    expect(writes("Reflect.set(tool, 'description', 'y'); Object.defineProperty(tool, 'name', { value: 'y' });")).toEqual([]);
  });

  it('a key that cannot be read, written on a tool of the file, may be any approval key: computed', () => {
    expect(writes("const k = 'needs' + 'Approval'; (tool as any)[k] = false;")).toEqual(['computed@3:33']);
    expect(writes("Object.assign(tool, JSON.parse('{}'));")).toEqual(['computed@3:21']);
    expect(writes('for (const [k, v] of Object.entries(o)) (tool as any)[k] = v;')).toEqual(['computed@3:41']);
    expect(writes('Reflect.set(tool, key, false);')).toEqual(['computed@3:1']);
    expect(writes('const t2 = { ...tool, [key]: false };')).toEqual(['computed@3:23']);
  });

  it('a computed key on anything but a tool of the file, or a literal key that is no approval key, is no write', () => {
    expect(writes('const state = {}; (state as any)[key] = 1; const next = { ...state, [key]: 2 };')).toEqual([]);
    expect(writes("Object.assign(other, JSON.parse('{}')); (tool as any)['description'] = 'y';")).toEqual([]);
  });
});

/** The own-adapter and tool bypasses found in `code` (after `tool` and `jsonSchema` from `ai`), as `execute@line:column callee target`. */
function bypasses(code: string): string[] {
  const text = `import { jsonSchema, tool } from 'ai';\nimport { defineTool, runTool } from 'agent-tools';\n${code}\n`;
  const sf = ts.createSourceFile('/p/agent.ts', text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  return approvalWritesIn(sf, 'agent.ts').map((w) => `${w.key}@${w.line}:${w.column} ${w.callee ?? ''} ${w.target ?? ''}`.trim());
}

const ADAPTER =
  'export const tools = registry.all.map((t) => tool({ description: t.description, inputSchema: jsonSchema({}), execute: (a) => run(t, a) }));';

describe('approvalWritesIn: execute read through a function of the same file', () => {
  it("an adapter passing each tool to a helper that reads its execute, in each way of reading it: at the helper's read", () => {
    expect(bypasses(`const run = (t: any, a: unknown) => t.execute(undefined, a);\n${ADAPTER}`)).toEqual(['execute@3:37 (anonymous)']);
    expect(bypasses(`const run = (t: any, a: unknown) => t.execute.call(undefined, undefined, a);\n${ADAPTER}`)).toEqual([
      'execute@3:37 (anonymous)',
    ]);
    expect(bypasses(`const run = (t: any, a: unknown) => t['execute'](undefined, a);\n${ADAPTER}`)).toEqual(['execute@3:37 (anonymous)']);
    expect(bypasses(`const run = (t: any, a: unknown) => { const { execute } = t; return execute(undefined, a); };\n${ADAPTER}`)).toEqual([
      'execute@3:45 (anonymous)',
    ]);
    expect(bypasses(`const run = (t: any, a: unknown) => { const f = t.execute; return f(undefined, a); };\n${ADAPTER}`)).toEqual([
      'execute@3:49 (anonymous)',
    ]);
    expect(bypasses(`const run = (t: any, a: unknown) => Reflect.get(t, 'execute')(undefined, a);\n${ADAPTER}`)).toEqual([
      'execute@3:37 (anonymous)',
    ]);
    expect(bypasses(`function run(t: any, a: unknown) { return Reflect.get(t, key)(undefined, a); }\n${ADAPTER}`)).toEqual([
      'execute@3:43 (anonymous)',
    ]);
    expect(bypasses(`const run = ({ execute }: any, a: unknown) => execute(undefined, a);\n${ADAPTER}`)).toEqual([
      'execute@3:14 (anonymous)',
    ]);
  });

  it('a helper calling another helper is followed; one that runs the tool through runTool, or recurses, is no read', () => {
    expect(
      bypasses(
        `const run2 = (x: any, a: unknown) => x.execute(undefined, a);\nconst run = (t: any, a: unknown) => run2(t, a);\n${ADAPTER}`,
      ),
    ).toEqual(['execute@3:38 (anonymous)']);
    expect(bypasses(`const run = (t: any, a: unknown) => runTool(t, a as never);\n${ADAPTER}`)).toEqual([]);
    expect(bypasses(`const run = (t: any, a: unknown): unknown => run(t, a);\n${ADAPTER}`)).toEqual([]);
    // the tool passed at another parameter than the one whose execute is read
    expect(bypasses(`const run = (t: any, a: any) => a.execute(undefined, t);\n${ADAPTER}`)).toEqual([]);
  });

  it('a tool passing another tool to a helper that reads its execute, or reading it by Reflect.get: at the argument', () => {
    const del = "const deleteNote = defineTool({ name: 'delete_note', description: 'x', params: {}, execute: () => ({}) });\n";
    const show = (body: string) =>
      `${del}const readNote = defineTool({ name: 'read_note', description: 'x', mutates: false, params: {}, execute: (api: any, a: any) => ${body} });`;
    expect(
      bypasses(`const invoke = (t: any, api: unknown, a: unknown) => t.execute(api, a);\n${show('invoke(deleteNote, api, a)')}`),
    ).toEqual(['execute@5:134 read_note deleteNote']);
    expect(
      bypasses(`function invoke(api: unknown, { execute }: any) { return execute(api, {}); }\n${show('invoke(api, deleteNote)')}`),
    ).toEqual(['execute@5:139 read_note deleteNote']);
    expect(bypasses(show("Reflect.get(deleteNote, 'execute')(api, a)"))).toEqual(['execute@4:127 read_note deleteNote']);
    expect(bypasses(`const invoke = (t: any, api: unknown, a: unknown) => runTool(t, a);\n${show('invoke(deleteNote, api, a)')}`)).toEqual(
      [],
    );
  });
});

describe('approvalWritesIn: an MCP client elicitation handler', () => {
  /** The handlers found in `code`, as `answersAll@line:column` or `decides@line:column` (diff compares it by its text). */
  const handlers = (code: string) => {
    const sf = ts.createSourceFile(
      '/p/client.ts',
      `declare const client: any, ask: () => Promise<boolean>;\n${code}\n`,
      ts.ScriptTarget.ESNext,
      true,
    );
    return approvalWritesIn(sf, 'client.ts').map(
      (w) => `${w.decides === undefined ? 'answersAll' : 'decides'}@${w.line}:${w.column} ${w.callee} mcp=${w.mcp}`,
    );
  };

  it('accepting on every path answers all; an accept under a condition, a computed action or approve, or a throw decides', () => {
    expect(handlers("client.setRequestHandler('elicitation/create', () => ({ action: 'accept' }));")).toEqual([
      'answersAll@2:48 an elicitation/create handler mcp=true',
    ]);
    expect(
      handlers("client.setRequestHandler('elicitation/create', async () => { if (await ask()) return { action: 'accept' }; });"),
    ).toEqual(['decides@2:48 an elicitation/create handler mcp=true']);
    expect(
      handlers("client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: { approve: await ask() } }));"),
    ).toEqual(['decides@2:48 an elicitation/create handler mcp=true']);
    expect(
      handlers("client.setRequestHandler('elicitation/create', () => { if (!ok) throw new Error('no'); return { action: 'accept' }; });"),
    ).toEqual(['decides@2:48 an elicitation/create handler mcp=true']);
    expect(handlers("if (yes) client.setRequestHandler('elicitation/create', () => ({ action: 'accept' }));")).toEqual([
      'decides@2:57 an elicitation/create handler mcp=true',
    ]);
  });

  it('a handler that cannot be read decides; one that declines, accepts with approve: false, or another method is none', () => {
    expect(handlers("import { answer } from 'some-ui';\nclient.setRequestHandler('elicitation/create', answer);")).toEqual([
      'decides@3:48 an elicitation/create handler mcp=true',
    ]);
    expect(handlers("client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { approve: false } }));")).toEqual(
      [],
    );
    expect(handlers("client.setRequestHandler('elicitation/create', () => ({ action: 'decline' }));")).toEqual([]);
    expect(handlers("client.setRequestHandler('tools/call', () => ({ action: 'accept' }));")).toEqual([]);
  });

  it('a method held by a const, a template or a concatenation is read as the runtime builds it', () => {
    const yes = "async () => ({ action: 'accept', content: { approve: true } }) as never";
    expect(handlers(`const asks = 'elicitation/create';\nclient.setRequestHandler(asks, ${yes});`)).toEqual([
      'answersAll@3:32 an elicitation/create handler mcp=true',
    ]);
    expect(handlers(`const kind = 'elicitation';\nclient.setRequestHandler(\`\${kind}/create\`, ${yes});`)).toEqual([
      'answersAll@3:44 an elicitation/create handler mcp=true',
    ]);
    expect(handlers(`client.setRequestHandler('elicitation' + '/create', ${yes});`)).toEqual([
      'answersAll@2:53 an elicitation/create handler mcp=true',
    ]);
    // another method, however it is written, is none
    expect(handlers(`const asks = 'sampling/createMessage';\nclient.setRequestHandler(asks, ${yes});`)).toEqual([]);
    expect(handlers(`client.setRequestHandler('roots' + '/list', ${yes});`)).toEqual([]);
  });

  it('a method that cannot be read may be elicitation/create: a call, a parameter, a package export', () => {
    const cond = "async () => ({ action: Object.keys(defaults).length ? 'accept' : 'decline' }) as never";
    expect(handlers(`const asks = ['elicitation', 'create'].join('/');\nclient.setRequestHandler(asks, ${cond});`)).toEqual([
      'decides@3:32 an elicitation/create handler mcp=true',
    ]);
    expect(handlers("function on(method: string) {\n  client.setRequestHandler(method, () => ({ action: 'accept' }));\n}")).toEqual([
      'answersAll@3:36 an elicitation/create handler mcp=true',
    ]);
    expect(handlers("import { ASK } from 'mcp-methods';\nclient.setRequestHandler(ASK, () => ({ action: 'accept' }));")).toEqual([
      'answersAll@3:31 an elicitation/create handler mcp=true',
    ]);
  });

  it('setRequestHandler by a string key, .call, .apply and .bind registers too', () => {
    const h = "() => ({ action: 'accept' })";
    const at = (code: string) => handlers(`const asks = 'elicitation/create';\n${code}`);
    expect(at(`client['setRequestHandler'](asks, ${h});`)).toEqual(['answersAll@3:35 an elicitation/create handler mcp=true']);
    expect(at(`client.setRequestHandler.call(client, asks, ${h});`)).toEqual(['answersAll@3:45 an elicitation/create handler mcp=true']);
    expect(at(`client.setRequestHandler.apply(client, [asks, ${h}]);`)).toEqual(['answersAll@3:47 an elicitation/create handler mcp=true']);
    expect(at(`client.setRequestHandler.bind(client)(asks, ${h});`)).toEqual(['answersAll@3:45 an elicitation/create handler mcp=true']);
    expect(at(`client.setRequestHandler.bind(client, asks)(${h});`)).toEqual(['answersAll@3:45 an elicitation/create handler mcp=true']);
    expect(at(`client.setRequestHandler.call(client, 'roots/list', ${h});`)).toEqual([]);
  });

  it('an SDK schema is read by its name: ElicitRequestSchema or one unknown counts, another request is none', () => {
    const imports =
      "import { ListRootsRequestSchema, ServerRequestSchema, ElicitRequestSchema as E } from '@modelcontextprotocol/sdk/types.js';\n" +
      "import * as types from '@modelcontextprotocol/sdk/types.js';\n";
    const reg = (schema: string) => handlers(`${imports}client.setRequestHandler(${schema}, () => ({ action: 'accept' }));`);
    expect(reg('ListRootsRequestSchema')).toEqual([]);
    expect(reg('types.CreateMessageRequestSchema')).toEqual([]);
    expect(reg('E')).toEqual(['answersAll@4:29 an elicitation/create handler mcp=true']);
    expect(handlers(`${imports}const S = E;\nclient.setRequestHandler(S, () => ({ action: 'accept' }));`)).toEqual([
      'answersAll@5:29 an elicitation/create handler mcp=true',
    ]);
    // not a known request: it may be elicitation's
    expect(reg('ServerRequestSchema')).toEqual(['answersAll@4:47 an elicitation/create handler mcp=true']);
    expect(reg('types.NewRequestSchema')).toEqual(['answersAll@4:50 an elicitation/create handler mcp=true']);
  });

  it("an MCP SDK server's handler, which no elicitation request reaches, is none even when its method cannot be read", () => {
    const server =
      "import { Server } from '@modelcontextprotocol/sdk/server/index.js';\nimport { McpServer } from '@modelcontextprotocol/server';\n" +
      "declare const method: any, dispatch: (r: unknown) => Promise<never>;\nconst server = new Server({ name: 's', version: '1' });\n" +
      "const mcp = new McpServer({ name: 's', version: '1' });\n";
    expect(handlers(`${server}server.setRequestHandler(method, async (r) => dispatch(r));`)).toEqual([]);
    expect(handlers(`${server}mcp.server.setRequestHandler(method, async (r) => dispatch(r));`)).toEqual([]);
    expect(handlers(`${server}server.setRequestHandler('tools/call', async (r) => dispatch(r));`)).toEqual([]);
    // a client of the same file is not
    expect(handlers(`${server}client.setRequestHandler(method, async (r) => dispatch(r));`)).toEqual([
      'decides@7:34 an elicitation/create handler mcp=true',
    ]);
  });
});

describe('approvalWritesIn: a test file, left alone or read as any other', () => {
  const TEST = [
    "import { defineTool, runTool } from 'agent-tools';",
    "const deleteNote = defineTool({ name: 'delete_note', description: 'x', destructive: true, params: {}, execute: () => ({}) });",
    'await runTool(deleteNote, { id: "n1" }, { approve: () => true });',
    'await deleteNote.execute(undefined, { id: "n2" });',
    '',
  ].join('\n');
  /** The approvers and execute reads found in TEST as `file`, with `leftAlone` deciding which test files are left alone. */
  const found = (file: string, leftAlone?: (file: string) => boolean) => {
    const sf = ts.createSourceFile(`/p/jobs/${file}`, TEST, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
    return approvalWritesIn(sf, `jobs/${file}`, leftAlone).map((w) => `${w.key}@${w.line}:${w.column}${w.outside ? ' outside' : ''}`);
  };

  it('a test file approves and calls execute on purpose: nothing by default; everything when the project runs it as code', () => {
    expect(found('purge.test.ts')).toEqual([]);
    expect(found('purge.test.ts', () => false)).toEqual(['approve@3:43', 'execute@4:7 outside']);
    expect(found('purge.ts')).toEqual(found('purge.test.ts', () => false));
  });
});
