/** Tests of the validate configuration: exit codes, loading, plain errors, severities and limits. */

import { describe, expect, it } from 'vitest';
import { exitCodeFor } from '../../src/shared/exit-code.js';
import { ConfigError } from '../../src/shared/errors.js';
import { CHECKS } from '../../src/validate/checks/index.js';
import { DEFAULT_LIMITS, loadConfig, resolveLimits, resolveSeverities } from '../../src/validate/config.js';
import { runValidate as validate } from '../../src/cli/run-validate.js';
import { checkFolder, writeSources } from './helpers.js';
import pc from 'picocolors';

const noColor = pc.createColors(false);
const badTool = `import { defineTool } from 'agent-tools';\n/** x */\nexport const t = defineTool({ name: 'setFont', description: 'Sets the font family of a text node.', mutates: true, destructive: false, params: {} , execute: () => ({}) });\n`;

describe('exitCodeFor', () => {
  it('0 clean, 1 with errors, warnings only over --max-warnings', () => {
    expect(exitCodeFor({ errors: 0, warnings: 0 })).toBe(0);
    expect(exitCodeFor({ errors: 0, warnings: 7 })).toBe(0);
    expect(exitCodeFor({ errors: 1, warnings: 0 })).toBe(1);
    expect(exitCodeFor({ errors: 1, warnings: 0 }, 10)).toBe(1);
    expect(exitCodeFor({ errors: 0, warnings: 3 }, 3)).toBe(0);
    expect(exitCodeFor({ errors: 0, warnings: 4 }, 3)).toBe(1);
    expect(exitCodeFor({ errors: 0, warnings: 1 }, 0)).toBe(1);
  });
});

describe('loadConfig', () => {
  it('reads agent-tools.config.json, else package.json "agentTools", else nothing; both is an error', () => {
    expect(
      loadConfig(writeSources({ 'agent-tools.config.json': '{ "profile": "tools" }', 'package.json': '{ "name": "x" }' })).config,
    ).toEqual({ profile: 'tools' });
    expect(() =>
      loadConfig(
        writeSources({ 'agent-tools.config.json': '{ "profile": "tools" }', 'package.json': '{ "agentTools": { "maxWarnings": 1 } }' }),
      ),
    ).toThrow(/^agent-tools\.config\.json and the "agentTools" key of package\.json both hold a configuration; only one is read/);
    expect(loadConfig(writeSources({ 'package.json': '{ "name": "x", "agentTools": { "maxWarnings": 1 } }' })).config).toEqual({
      maxWarnings: 1,
    });
    expect(loadConfig(writeSources({ 'package.json': '{ "name": "x" }' }))).toEqual({ config: {} });
  });

  it('names the file and the JSON path of each bad key, in plain words', () => {
    const dir = writeSources({
      'package.json': '{ "agentTools": { "limits": { "coreMaxTokens": "3000", "maxTools": 3 }, "ignore": [""] } }',
    });
    expect(() => loadConfig(dir)).toThrow(ConfigError);
    expect(() => loadConfig(dir)).toThrow(
      new ConfigError(
        'package.json: invalid configuration: $.agentTools.limits.coreMaxTokens: "coreMaxTokens" must be a number, not the string "3000"; ' +
          '$.agentTools.limits.maxTools: unknown key "maxTools" (did you mean "coreMaxTools"?); $.agentTools.ignore[0]: item 0 must not be empty',
      ),
    );
  });

  it('reports a file that is not JSON', () => {
    expect(() => loadConfig(writeSources({ 'agent-tools.config.json': '{ profile: tools }' }))).toThrow(
      'agent-tools.config.json:1:3: not valid JSON: expected a property name in double quotes, found "p"',
    );
  });

  it('refuses a key given twice in one object, where JSON.parse would keep the last unseen', () => {
    const text = '{\n  "approval": { "deny": ["drop_*"] },\n  "approval": {}\n}\n';
    expect(() => loadConfig(writeSources({ 'agent-tools.config.json': text }))).toThrow(
      new ConfigError(
        'agent-tools.config.json:3:3: not valid JSON: the key "approval" is given twice in one object (only the last would count)',
      ),
    );
    // package.json is read as npm reads it
    expect(loadConfig(writeSources({ 'package.json': '{ "name": "x", "name": "y" }' }))).toEqual({ config: {} });
  });
});

describe('resolveSeverities and resolveLimits', () => {
  it('defaults, then the tools profile (architecture off), then per-check entries', () => {
    const full = resolveSeverities({}, CHECKS);
    expect(full['schema-layer']).toBe('error');
    expect(full.jsdoc).toBe('warn');
    const tools = resolveSeverities({ profile: 'tools', checks: { 'tool-log': 'warn', jsdoc: 'error' } }, CHECKS);
    const off = CHECKS.filter((c) => tools[c.id] === 'off').map((c) => c.id);
    expect(off).toEqual([
      'schema-layer',
      'registry-core',
      'registry-extended',
      'registry-all',
      'adapter-layer',
      'step-budget',
      'lifecycle-hooks',
      'approval-rules',
    ]);
    expect(tools['tool-log']).toBe('warn');
    expect(tools.jsdoc).toBe('error');
    expect(tools['unique-names']).toBe('error');
  });
  it('limits override the defaults key by key', () => {
    expect(resolveLimits({ limits: { coreMaxTools: 10 } })).toEqual({ ...DEFAULT_LIMITS, coreMaxTools: 10 });
  });
});

describe('configuration in a run', () => {
  it('a check set to off is neither printed nor counted; warn turns its errors into warnings', () => {
    const dir = writeSources({
      'tools/t.ts': badTool,
      'agent-tools.config.json': '{ "profile": "tools", "checks": { "snake-case-name": "off" } }',
    });
    const off = checkFolder(dir);
    expect(off.findings).toEqual([]);
    expect(off.checks.find((c) => c.id === 'snake-case-name')).toMatchObject({ status: 'off', severity: 'off', errors: 0, warnings: 0 });
    const warnDir = writeSources({
      'tools/t.ts': badTool,
      'agent-tools.config.json': '{ "profile": "tools", "checks": { "snake-case-name": "warn" } }',
    });
    const warned = checkFolder(warnDir);
    expect(warned.findings.map((f) => [f.checkId, f.severity])).toEqual([['snake-case-name', 'warn']]);
    expect([warned.errors, warned.warnings]).toEqual([0, 1]);
  });

  it('ignore globs drop findings in matching files', () => {
    const dir = writeSources({
      'tools/gen/t.ts': badTool,
      'tools/t.ts': badTool.replace("'setFont'", "'Set Fonts'"),
      'agent-tools.config.json': '{ "profile": "tools", "ignore": ["tools/gen/**"] }',
    });
    let out = '';
    const { result, exitCode } = validate({ cwd: dir, format: 'json', colors: noColor, stdout: (s) => (out += s) });
    expect(result.findings.map((f) => `${f.file} ${f.checkId}`)).toEqual(['tools/t.ts snake-case-name']);
    expect(exitCode).toBe(1);
    expect(JSON.parse(out).findings).toHaveLength(1);
  });

  it('ignored files are out of the run: a folder with them ignored validates exactly as one without them', () => {
    // new-user trial: with 2 files ignored the summary still said "8 files, 8 tools" and counted their tokens
    const tool = (name: string) => badTool.replace("'setFont'", `'${name}'`);
    const kept = {
      'tools/a.ts': tool('set_font'),
      'tools/b.ts': tool('set_size'),
      'tools/index.ts': "export * from './a.js';\n",
    };
    const withIgnored = writeSources({
      ...kept,
      'tools/index.ts': "export * from './a.js';\nexport * from './gen/g.js';\n",
      'tools/gen/g.ts': tool('set_font'),
      'tools/gen/h.ts': tool('set_color'),
      'tools/registry.ts':
        "import { t as a } from './a.js';\nimport { t as b } from './b.js';\nimport { t as h } from './gen/h.js';\nexport const CORE_TOOLS = [a, b, h];\n",
      'agent-tools.config.json': '{ "ignore": ["tools/gen/**"] }',
    });
    const without = writeSources({
      ...kept,
      'tools/registry.ts': "import { t as a } from './a.js';\nimport { t as b } from './b.js';\nexport const CORE_TOOLS = [a, b];\n",
    });
    const run = (cwd: string) => validate({ cwd, format: 'json', colors: noColor, stdout: () => {} }).result;
    const ignored = run(withIgnored);
    expect(ignored.summary).toMatchObject({ files: 4, tools: 2, tiers: { core: { tools: 2 } } });
    expect(ignored.summary).toEqual(run(without).summary);
    expect(ignored.findings.map((f) => `${f.file}:${f.line} ${f.message}`)).toEqual(
      run(without).findings.map((f) => `${f.file}:${f.line} ${f.message}`),
    );
    expect(ignored.notices).toEqual([]);
  });

  it('flags override the file: --profile, --max-warnings, --callee; paths from the config', () => {
    const dir = writeSources({
      'src/tools/t.ts': `import { makeTool } from './factory';\nexport const t = makeTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {} });\n`,
      'agent-tools.config.json': '{ "profile": "full", "maxWarnings": 5, "paths": ["src"] }',
    });
    const run = (extra: Partial<Parameters<typeof validate>[0]>) =>
      validate({ cwd: dir, format: 'json', colors: noColor, stdout: () => {}, ...extra });
    expect(run({}).result.summary.tools).toBe(0);
    const withCallee = run({ profile: 'tools', callee: ['makeTool'] });
    expect(withCallee.result.summary.tools).toBe(1);
    expect(withCallee.result.findings.map((f) => f.checkId)).toEqual(['jsdoc']);
    expect(withCallee.exitCode).toBe(0);
    expect(run({ profile: 'tools', callee: ['makeTool'], maxWarnings: '0' }).exitCode).toBe(1);
    expect(() => run({ maxWarnings: '-1' })).toThrow('--max-warnings must be a whole number >= 0, got "-1"');
  });
});
