// Faults `npm run soak` found, each fixed as a kind; every test names the seed and case that found it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTools, validate } from '../../src/toolkit/index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-soak-fault-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const TOOL = `import { defineTool } from 'agent-tools';
export const ping = defineTool({ name: 'ping', description: 'Answer pong so a client can check the server is up.', mutates: false, params: {}, execute: () => 'pong' });
`;

describe('soak seed 1, case 6: 10 000 nested brackets (the toolkit threw RangeError: Maximum call stack size exceeded)', () => {
  const deep = `const x = 1;\nexport const deep = ${'['.repeat(10_000)}0;\n`;

  it('validate reports a syntax error at the line and column where the nesting passed 500, and still checks the other files', async () => {
    const cwd = folder({ 'deep.ts': deep, 'ping.ts': TOOL });
    const r = await validate(['.'], { cwd, configFile: false });
    const syntax = r.findings.filter((f) => f.data.code === 'syntax-error');
    expect(syntax.map((f) => [f.file, f.line, f.column])).toEqual([['deep.ts', 2, 21 + 256]]);
    expect(syntax[0]!.message).toMatch(/nested more than 256 brackets deep/);
    expect(r.summary.tools).toBe(1);
  });

  it('exportTools reports it as a syntax-error diagnostic, also when the file is reached through a re-export', async () => {
    const cwd = folder({ 'deep.ts': `${'('.repeat(10_000)}`, 'index.ts': `export * from './deep.js';\n${TOOL}` });
    const direct = await exportTools(['deep.ts'], { cwd });
    expect(direct.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([['syntax-error', 'deep.ts', 1]]);
    const through = await exportTools(['index.ts'], { cwd });
    expect(through.tools.map((t) => t.name)).toEqual(['ping']);
  });
});

describe('soak seed 1, row 2: malformed JSON-RPC over stdio (serve dropped it without an answer; wrong param types got -32603)', () => {
  it('serve answers each malformed line with its JSON-RPC error, ignores a cancel for an unknown id, and keeps serving', async () => {
    const { spawn } = await import('node:child_process');
    const { createInterface } = await import('node:readline');
    const root = join(import.meta.dirname, '../..');
    const child = spawn(process.execPath, [join(root, 'bin/agent-tools.js'), 'serve', join(root, 'soak/mcp/tools.js'), '--no-skills'], {
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const replies = new Map<unknown, { error?: { code: number } }>();
    const done = new Promise<void>((resolve) =>
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const m = JSON.parse(line) as { id: unknown; error?: { code: number } };
        replies.set(m.id === null ? `null${replies.size}` : m.id, m);
        if (replies.size === 7) resolve();
      }),
    );
    const lines = [
      JSON.stringify({
        jsonrpc: '2.0',
        id: 'init',
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
      '{"jsonrpc":"2.0","id":1,',
      '{"jsonrpc":"1.0","id":2,"method":"tools/list"}',
      '{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":5}}',
      '[{"jsonrpc":"2.0","id":4,"method":"ping"}]',
      '{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":999}}',
      '{"jsonrpc":"2.0","id":5,"method":"no/such"}',
      '{"jsonrpc":"2.0","id":"last","method":"tools/list"}',
    ];
    child.stdin!.write(`${lines.join('\n')}\n`);
    await done;
    child.stdin!.end();
    const codes = [...replies].map(([id, m]) => [String(id).replace(/^null\d+$/, 'null'), m.error?.code ?? 'result']);
    expect(codes.sort()).toEqual(
      [
        ['2', -32600],
        ['3', -32602],
        ['5', -32601],
        ['init', 'result'],
        ['last', 'result'],
        ['null', -32600],
        ['null', -32700],
      ].sort(),
    );
  });
});

describe('soak seed 17, case 70: a 10 MB tool description (validate threw RangeError: Maximum call stack size exceeded in the tokenizer)', () => {
  it('validate counts the tier tokens in pieces: no internal error, the description is a finding', async () => {
    const huge = TOOL.replace("description: 'Answer pong", `description: '${'x'.repeat(10_000_000)}Answer pong`)
      .replace('export const ping', 'export const ping')
      .concat('export const ALL_TOOLS = [ping];\n');
    const cwd = folder({ 'ping.ts': huge });
    const r = await validate(['.'], { cwd, configFile: false });
    expect(r.summary.tools).toBe(1);
    expect(r.findings.some((f) => f.checkId === 'tool-description')).toBe(true);
  });
});

describe('soak seed 17, case 72: an import whose specifier a deleted token removed (validate and export threw TypeError in the module resolver)', () => {
  it('the resolver answers "not found" for an import without specifier text', async () => {
    const { ModuleResolver } = await import('../../src/analysis/project.js');
    const resolver = new ModuleResolver({} as never);
    expect(resolver.resolve('/x/registry.ts', undefined as unknown as string)).toBeUndefined();
    expect(resolver.resolve('/x/registry.ts', '')).toBeUndefined();
  });
});

describe('soak seed 1717, row 5: a script ignoring SIGTERM ended 4 321 ms after its 2 000 ms timeout (the promise is timeout + 2 s)', () => {
  it('the default kill grace leaves a second of the 2 s for the kill, and a script ignoring SIGTERM is still ended with the default options', async () => {
    const { runScript, SCRIPT_DEFAULT_KILL_GRACE_MS } = await import('../../src/skills/index.js');
    const { END_ALLOWANCE_MS } = await import('../../soak/scripts/check.js');
    expect(SCRIPT_DEFAULT_KILL_GRACE_MS).toBeLessThanOrEqual(END_ALLOWANCE_MS - 1000);
    const r = await runScript('bash', "trap 'echo got TERM >&2' TERM; while true; do sleep 0.1; done", {}, { timeoutMs: 500 });
    expect([r.ok, r.timedOut]).toEqual([false, true]);
    expect(r.stderr).toContain('got TERM');
  });
});

describe('soak seed 2026, cases 973 and 2150: an import or export whose specifier is not a string (validate threw "Expected the module specifier to be a string literal")', () => {
  it('validate and exportTools check the folder without an internal error', async () => {
    const cwd = folder({
      'ping.ts': `import { toolsToAI } from 42;\n${TOOL}`,
      'index.ts': `export * from 42;\nexport { ping } from './ping.js';\n`,
    });
    const v = await validate(['.'], { cwd, configFile: false });
    // `from 42` parses (the grammar checker, not the parser, rejects it): no internal error, the tool is checked
    expect(v.summary.tools).toBe(1);
    expect(v.findings.map((f) => f.checkId)).not.toContain('internal');
    const e = await exportTools(['.'], { cwd });
    expect(e.tools.map((t) => t.name)).toEqual(['ping']);
  });
});

describe('soak seed 2026, cases 3561, 2193 and 2256: nesting between ~1 000 and ~3 000 levels parsed in one run and overflowed the stack in the next (in the parser or, case 3561, in a tree walker after it)', () => {
  const nested = (levels: number) => `export const deep = ${'{a:'.repeat(levels)}0${'}'.repeat(levels)};\n`;

  it('the limit is the same every run: 256 bracket levels parse, 257 are reported where they pass 256', async () => {
    for (let round = 0; round < 3; round++) {
      // `f(() => ` is the nesting whose first, unoptimised parse overflows soonest (at 400 levels on Node 22 and 24).
      const callbacks = `export const cb = ${'f(() => '.repeat(255)}0${')'.repeat(255)};\n`;
      const cwd = folder({ 'ok.ts': nested(256), 'cb.ts': callbacks, 'deep.ts': nested(257), 'ping.ts': TOOL });
      const r = await validate(['.'], { cwd, configFile: false });
      expect(r.findings.filter((f) => f.data.code === 'syntax-error').map((f) => [f.file, f.line, f.column])).toEqual([
        ['deep.ts', 1, 21 + 256 * 3],
      ]);
      const e = await exportTools(['.'], { cwd });
      expect(e.diagnostics.filter((d) => d.code === 'syntax-error').map((d) => [d.file, d.message])).toEqual([
        ['deep.ts', 'nested more than 256 brackets deep, too deep for the TypeScript parser; tools in this file are left out'],
      ]);
      expect(e.tools.map((t) => t.name)).toEqual(['ping']);
    }
  });
});
