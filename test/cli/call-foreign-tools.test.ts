/** call and serve given a module of AI SDK tools or an MCP SDK server: the error says what runs them and what reads them. */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

const run = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    input: '',
    timeout: 60_000,
    env: { ...process.env, NO_COLOR: '1' },
  });

const TAIL =
  'which serve, call and the console do not run: define the tools with defineTool (npx agent-tools scaffold), or read these as ' +
  'they are with npx agent-tools validate and npx agent-tools export (export --import runs the module)\n';

describe('a module of tools made with another library', { timeout: 120_000 }, () => {
  it('call on an object of AI SDK tools names the export and points to validate and export', () => {
    const r = run('call', 'fixtures/byo/ai-sdk/tools.ts', 'get_weather', '--args', '{"city":"Oslo"}');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^agent-tools: fixtures\/byo\/ai-sdk\/tools\.ts: no tools found\. .*; found exports tools\. /);
    expect(r.stderr.endsWith(`. Export tools holds AI SDK or MCP SDK tools, ${TAIL}`)).toBe(true);
  });

  it('call on a file exporting one AI SDK tool names it', () => {
    const r = run('call', 'fixtures/byo/ai-sdk/weather.ts', '--list');
    expect(r.status).toBe(2);
    expect(r.stderr.endsWith(`found exports weatherTool. Export weatherTool holds AI SDK or MCP SDK tools, ${TAIL}`)).toBe(true);
  });

  it('a module with no such export keeps the plain message', () => {
    const r = run('call', 'fixtures/adapters/no-tools.ts', '--list');
    expect(r.status).toBe(2);
    expect(r.stderr.endsWith('found exports answer\n')).toBe(true);
  });
});
