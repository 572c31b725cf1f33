/** Tests that the toolkit's validate, exportTools, scaffold and diff equal what the commands print. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  applyScaffoldPlan,
  ConfigError,
  explain,
  exportTools,
  formatFindings,
  listChecks,
  scaffold,
  UsageError,
  validate,
} from '../../src/toolkit/index.js';
import { listFiles } from '../scaffold/project.js';

// The toolkit API called directly must give what the CLI prints: same engine, same data.
const root = new URL('../..', import.meta.url).pathname;
const bin = join(root, 'bin/agent-tools.js');
const canvas = join(root, 'examples/canvas');
const failing = join(root, 'fixtures/validate/snake-case-name');
const notStatic = join(root, 'fixtures/export/not-static');

const cli = (cwd: string, args: string[], input = '') =>
  spawnSync(process.execPath, [bin, ...args], { cwd, input, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });

describe('toolkit validate equals agent-tools validate --format json', { timeout: 120_000 }, () => {
  for (const [name, dir] of [
    ['examples/canvas (clean)', canvas],
    ['a failing fixture', failing],
  ] as const) {
    it(name, async () => {
      const result = await validate([], { cwd: dir });
      const r = cli(dir, ['validate', '--format', 'json']);
      expect(r.status).toBe(result.exitCode);
      const { summary, checks, findings } = result;
      expect(JSON.parse(r.stdout)).toEqual({ summary, checks, findings });
      expect(summary.tools).toBeGreaterThan(0);
    });
  }

  it('the failing fixture: findings with message, hint and position; exit code 1', async () => {
    const result = await validate(['tools'], { cwd: failing, profile: 'tools' });
    expect(result.exitCode).toBe(1);
    const f = result.findings.find((x) => x.checkId === 'snake-case-name')!;
    expect(f).toMatchObject({ severity: 'error', file: expect.stringMatching(/^tools\//) });
    expect(f.message.length).toBeGreaterThan(0);
    expect(f.line).toBeGreaterThan(0);
    expect(f.column).toBeGreaterThan(0);
  });

  it('formatFindings gives the bytes of every --format', async () => {
    const result = await validate([], { cwd: failing });
    for (const format of ['text', 'markdown', 'sarif', 'github'] as const) {
      expect(await formatFindings(result, format), format).toBe(cli(failing, ['validate', '--format', format]).stdout);
    }
    const errorsOnly = await formatFindings(result, 'text', { errorsOnly: true });
    expect(errorsOnly).toBe(cli(failing, ['validate', '--quiet']).stdout);
  });

  it('options override the configuration; bad options throw a ConfigError naming the key', async () => {
    const off = await validate([], { cwd: failing, checks: { 'snake-case-name': 'off' } });
    expect(off.findings.filter((f) => f.checkId === 'snake-case-name')).toEqual([]);
    expect(off.checks.find((c) => c.id === 'snake-case-name')!.status).toBe('off');
    const err = await validate([], { cwd: failing, limits: { descriptionMin: -1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect(err).toMatchObject({
      code: 'CONFIG',
      message: 'validate options: invalid configuration: $.limits.descriptionMin: "descriptionMin" must be at least 0, not the number -1',
    });
    await expect(validate(['no-such-dir'], { cwd: failing })).rejects.toMatchObject({ code: 'USAGE', name: 'UsageError' });
  });
});

describe('toolkit exportTools equals agent-tools export', { timeout: 120_000 }, () => {
  it('examples/canvas: the MCP tools/list text, parsed value and exit 0', async () => {
    const result = await exportTools(['tools'], { cwd: canvas });
    const r = cli(canvas, ['export', 'tools']);
    expect(r.status).toBe(0);
    expect(result).toMatchObject({ exitCode: 0, partial: false, format: 'mcp', text: r.stdout });
    expect(result.value).toEqual(JSON.parse(r.stdout));
    expect(result.tools.map((t) => t.name)).toEqual((JSON.parse(r.stdout) as { tools: { name: string }[] }).tools.map((t) => t.name));
  });

  it('a tool that is not static: left out with a diagnostic, partial, exit 1 (0 with allowPartial)', async () => {
    const result = await exportTools(['.'], { cwd: notStatic, format: 'json' });
    const r = cli(notStatic, ['export', '.', '--format', 'json']);
    expect(r.status).toBe(1);
    expect(result).toMatchObject({ exitCode: 1, partial: true, text: r.stdout });
    expect(result.diagnostics.length).toBeGreaterThan(0);
    for (const d of result.diagnostics) expect(r.stderr).toContain(`${d.file}:${d.line}:${d.column} ${d.message} [${d.code}]`);
    expect((await exportTools(['.'], { cwd: notStatic, allowPartial: true })).exitCode).toBe(0);
    await expect(exportTools(['.'], { cwd: notStatic, format: 'yaml' as 'json' })).rejects.toBeInstanceOf(UsageError);
  });
});

describe('toolkit scaffold equals agent-tools scaffold', { timeout: 120_000 }, () => {
  const spec = [
    { name: 'get_node', description: 'Returns one node of the canvas by its id.', params: { 'id!': 'Node id', count: 'how many' } },
    { name: 'set_color', description: 'Sets the fill color of a node.', mutates: true, tier: 'core', params: { fill: 'fill color' } },
  ];

  it('the plan is what --dry-run prints; applying it writes what the CLI writes', async () => {
    const viaCli = mkdtempSync(join(tmpdir(), 'toolkit-scaffold-cli-'));
    const viaApi = mkdtempSync(join(tmpdir(), 'toolkit-scaffold-api-'));
    const dry = cli(viaCli, ['scaffold', '--dry-run', '--with-test'], JSON.stringify(spec));
    expect(dry.status).toBe(0);
    const plan = await scaffold(spec, { cwd: viaApi, withTest: true });
    expect(plan.conflicts).toEqual([]);
    expect(plan.tools.map((t) => t.inferences.map((i) => `${i.name}:${i.def.type}`))).toEqual([
      ['id:string', 'count:number'],
      ['fill:color'],
    ]);
    const printed = plan.files
      .map((f) => `--- ${f.path.slice(viaApi.length + 1)} (${f.action})\n${f.content}${f.content.endsWith('\n') ? '' : '\n'}`)
      .join('');
    expect(printed).toBe(dry.stdout);
    expect(listFiles(viaApi)).toEqual([]);
    await applyScaffoldPlan(plan);
    expect(cli(viaCli, ['scaffold', '--with-test'], JSON.stringify(spec)).status).toBe(0);
    expect(listFiles(viaApi)).toEqual(listFiles(viaCli));
    for (const f of listFiles(viaCli)) expect(readFileSync(join(viaApi, f), 'utf8'), f).toBe(readFileSync(join(viaCli, f), 'utf8'));
    // a second plan for the same tools conflicts, and applying it writes nothing
    const again = await scaffold(spec, { cwd: viaApi });
    expect(again.conflicts.length).toBe(2);
    await expect(applyScaffoldPlan(again)).rejects.toThrow('2 files would be overwritten; nothing written (use --force to overwrite)');
  });

  it('an invalid spec: the same message as the CLI, as a ConfigError', async () => {
    const bad = { name: 'x', description: 'Bad spec for the toolkit tests.', params: { a: { type: 'nope', description: 'a' } } };
    const dir = mkdtempSync(join(tmpdir(), 'toolkit-scaffold-bad-'));
    const err = (await scaffold(bad, { cwd: dir }).catch((e: unknown) => e)) as ConfigError;
    expect(err).toBeInstanceOf(ConfigError);
    expect(err.code).toBe('CONFIG');
    const r = cli(dir, ['scaffold'], JSON.stringify(bad));
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`agent-tools: ${err.message}\n`);
    expect(listFiles(dir)).toEqual([]);
  });
});

describe('toolkit explain and listChecks equal agent-tools explain', { timeout: 120_000 }, () => {
  it('explain(id) is what `explain <id>` prints; an unknown id is a UsageError', async () => {
    expect(await explain('jsdoc')).toBe(cli(root, ['explain', 'jsdoc']).stdout);
    const err = (await explain('jsdok').catch((e: unknown) => e)) as UsageError;
    expect(err).toMatchObject({ code: 'USAGE', name: 'UsageError' });
    expect(cli(root, ['explain', 'jsdok']).stderr).toContain(`agent-tools: ${err.message}\n`);
  });

  it('listChecks: every check in docs/checks.md order, with its documentation', async () => {
    const checks = await listChecks();
    const docs = readFileSync(join(root, 'docs/checks.md'), 'utf8');
    expect(checks.map((c) => c.id)).toEqual([...docs.matchAll(/^## (\S+)$/gm)].map((m) => m[1]));
    for (const c of checks) {
      expect(docs).toContain(`**${c.title}**. Scope: ${c.scope}. Default severity: ${c.severity}.`);
      expect(docs).toContain(c.summary);
      expect(Object.keys(c.messages).length).toBeGreaterThan(0);
    }
  });
});
