/** Tests that validate, export and diff read a CommonJS toolbox (`require`, `module.exports`, `.cjs`, `.cts`) through the built CLI. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fix } from '../../src/toolkit/index.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-cjs-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/** A project as `npm init -y` makes it (no "type": CommonJS) holding `files`. */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmp, 'p-'));
  writeFileSync(join(dir, 'package.json'), '{ "name": "trial", "version": "1.0.0", "main": "index.js", "license": "ISC" }\n');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const GET_TIME = `defineTool({
  name: 'get_time',
  description: 'Returns the current time as an ISO 8601 string in the given IANA time zone.',
  mutates: false,
  params: {
    zone: { type: 'string', description: 'IANA time zone name, e.g. Europe/Berlin.' },
  },
  execute: (_api, { zone }) => ({ time: new Date().toLocaleString('en-US', { timeZone: zone }) }),
})`;

/** The new user's file, as written: CommonJS require and module.exports. */
const TRIAL = `const { defineTool, createRegistry } = require('agent-tools');

const getTime = ${GET_TIME};

const registry = createRegistry({ core: [getTime], extended: [] });

module.exports = { getTime, registry };
`;

/** The same toolbox in TypeScript's CommonJS flavour (`.cts`), written with import syntax. */
const CTS = `import { defineTool, createRegistry } from 'agent-tools';

export const getTime = ${GET_TIME.replace('(_api, { zone })', '(_api: unknown, { zone }: { zone: string })')};

export const registry = createRegistry({ core: [getTime], extended: [] });
`;

const GET_TIME_SCHEMA = {
  name: 'get_time',
  description: 'Returns the current time as an ISO 8601 string in the given IANA time zone.',
  inputSchema: {
    type: 'object',
    properties: { zone: { type: 'string', description: 'IANA time zone name, e.g. Europe/Berlin.' } },
    additionalProperties: false,
  },
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
};

interface ValidateJson {
  summary: { files: number; tools: number; errors: number; tiers: { core: { tools: number }; extended: { tools: number } } };
  findings: { checkId: string; severity: string; file: string; message: string }[];
}

describe('a CommonJS toolbox is read like an ES module one', () => {
  it.each([
    ['the new user’s tools/registry.js (require, module.exports)', 'tools/registry.js', TRIAL],
    ['the same file as tools/registry.cjs', 'tools/registry.cjs', TRIAL],
    ['a tools/registry.cts with import syntax', 'tools/registry.cts', CTS],
  ])('%s: validate exits 0 with 0 errors and finds the tool in core; export lists it with its schema', (_name, file, text) => {
    const dir = project({ [file]: text });
    const text_ = run(dir, 'validate', 'tools');
    expect(text_.stdout).toContain('0 errors');
    expect(text_.stdout).not.toContain('schema-layer');
    expect(text_.status, text_.stdout + text_.stderr).toBe(0);

    const json = run(dir, 'validate', 'tools', '--format', 'json');
    const report = JSON.parse(json.stdout) as ValidateJson;
    expect(report.summary).toMatchObject({ files: 1, tools: 1, errors: 0, tiers: { core: { tools: 1 }, extended: { tools: 0 } } });
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);

    const exported = run(dir, 'export', '--format', 'mcp', 'tools');
    expect(exported.status, exported.stderr).toBe(0);
    expect(JSON.parse(exported.stdout)).toEqual({ tools: [GET_TIME_SCHEMA] });
  });

  it('a toolbox split over CommonJS files: a namespace require, zod by require, exports.x, a required constant, a .cts with export =', () => {
    const dir = project({
      'tools/shared.js': "const ZONE_HELP = 'IANA time zone name, e.g. Europe/Berlin.';\nmodule.exports = { ZONE_HELP };\n",
      'tools/get-time.js': `const at = require('agent-tools');
const { z } = require('zod');
const { ZONE_HELP } = require('./shared');

/** Returns the current time. */
exports.getTime = at.defineTool({
  name: 'get_time',
  description: 'Returns the current time as an ISO 8601 string in the given IANA time zone.',
  mutates: false,
  input: z.object({ zone: z.string().describe(ZONE_HELP), hour: z.number().int().min(0).max(23).optional().describe('Hour of the day.') }),
  execute: (_api, { zone }) => ({ time: new Date().toLocaleString('en-US', { timeZone: zone }) }),
});
`,
      'tools/echo.cts': `import { defineTool } from 'agent-tools';
import z = require('zod');

/** Returns its text. */
const echo = defineTool({
  name: 'echo_text',
  description: 'Returns the given text unchanged, for testing a client.',
  mutates: false,
  input: z.object({ text: z.string().max(100).describe('The text to return.') }),
  execute: (_api: unknown, { text }: { text: string }) => ({ text }),
});
export = { echo };
`,
      'tools/registry.js': `const at = require('agent-tools');
const { getTime } = require('./get-time');
const { echo } = require('./echo.cts');

const registry = at.createRegistry({ core: [getTime], extended: [echo] });
module.exports = { registry };
`,
    });
    const json = run(dir, 'validate', 'tools', '--format', 'json');
    const report = JSON.parse(json.stdout) as ValidateJson;
    expect(report.findings.filter((f) => f.severity === 'error')).toEqual([]);
    expect(report.summary).toMatchObject({ tools: 2, errors: 0, tiers: { core: { tools: 1 }, extended: { tools: 1 } } });
    expect(json.status).toBe(0);

    const exported = run(dir, 'export', '--format', 'mcp', 'tools');
    expect(exported.status, exported.stderr).toBe(0);
    const tools = (JSON.parse(exported.stdout) as { tools: { name: string; inputSchema: unknown }[] }).tools;
    expect(tools.map((t) => t.name)).toEqual(['get_time', 'echo_text']);
    expect(tools[0]!.inputSchema).toEqual({
      type: 'object',
      properties: {
        zone: { type: 'string', description: 'IANA time zone name, e.g. Europe/Berlin.' },
        hour: { type: 'integer', description: 'Hour of the day.', minimum: 0, maximum: 23 },
      },
      required: ['zone'],
      additionalProperties: false,
    });
    expect(tools[1]!.inputSchema).toMatchObject({
      properties: { text: { type: 'string', description: 'The text to return.' } },
      required: ['text'],
    });

    // diff against an export of get-time.js alone: the tool of the .cts file is the one added
    expect(run(dir, 'export', '--format', 'mcp', 'tools/get-time.js', '--out', 'old.json').status).toBe(0);
    const diff = run(dir, 'diff', 'tools', '--base', 'old.json', '--format', 'json');
    expect(diff.status, diff.stderr).toBe(0);
    expect((JSON.parse(diff.stdout) as { changes: { tool: string; rule: string }[] }).changes).toEqual([
      expect.objectContaining({ tool: 'echo_text', rule: 'tool-added', file: 'tools/echo.cts' }),
    ]);
  });

  it('a CommonJS tool file that requires an SDK is the adapter-layer error an ES import is', () => {
    const dir = project({
      'tools/registry.js': TRIAL.replace("require('agent-tools');", "require('agent-tools');\nconst { tool } = require('ai');"),
    });
    const report = JSON.parse(run(dir, 'validate', 'tools', '--format', 'json').stdout) as ValidateJson;
    expect(report.findings.filter((f) => f.severity === 'error').map((f) => `${f.checkId} ${f.message}`)).toEqual([
      'adapter-layer Tool file imports "ai", an adapter or SDK module.',
    ]);
  });

  it('a folder with no source file names .cts and .cjs among the extensions it looked for', () => {
    const dir = project({ 'notes/a.md': '# A\n' });
    const r = run(dir, 'export', 'notes');
    expect(r.status).toBe(1);
    expect(r.stderr).toContain('no tool found in notes: no .ts, .tsx, .mts, .cts, .js, .mjs or .cjs file there (1 other file)');
  });
});

describe('validate --fix in a CommonJS toolbox', () => {
  it('does not write an import line into a CommonJS registry; registering a tool of another file is left for a person', async () => {
    const dir = project({
      'tools/registry.js': TRIAL,
      'tools/extra.js': `const { defineTool } = require('agent-tools');
/** Says hello. */
const sayHello = defineTool({ name: 'say_hello', description: 'Returns a greeting for the given person.', mutates: false, params: {}, execute: () => 'hi' });
module.exports = { sayHello };
`,
    });
    const plan = await fix(['tools'], { cwd: dir });
    // the JSDoc fix may edit the registry file; the registration must not
    const after = plan.files.find((f) => f.file === 'tools/registry.js')?.after ?? TRIAL;
    expect(after).not.toMatch(/^import /m);
    expect(after).not.toContain('sayHello');
    expect(plan.fixes.filter((f) => f.checkId === 'registered')).toEqual([]);
    expect(plan.left.filter((f) => f.checkId === 'registered').map((f) => `${f.file}:${f.line} ${f.reason}`)).toEqual([
      'tools/extra.js:3 no automatic fix',
    ]);
  });
});
