/** Tests that diff reports a validate check made less severe in a configuration: a pull request must not quiet its own CI unseen. */

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli, wipeToolbox } from './wipe-toolbox.js';

type Change = { tool: string; rule: string; class: string; message: string; file?: string; line?: number; column?: number };

describe('diff: a check made less severe in the configuration', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo;
  beforeEach(() => {
    repo = new TempRepo({ 'tools/tools.ts': wipeToolbox(), 'agent-tools.config.json': '{\n  "checks": { "jsdoc": "error" }\n}\n' });
    repos.push(repo);
  });
  const diff = (...more: string[]) => cli(repo.dir, 'diff', 'tools', '--base', 'main', ...more);
  const changes = (r: ReturnType<typeof cli>) => (JSON.parse(r.stdout) as { changes: Change[] }).changes;

  it('registered set to warn and adapter-layer off: check-relaxed, breaking, naming file, path, before and after', () => {
    repo.write('agent-tools.config.json', '{\n  "checks": { "jsdoc": "error", "registered": "warn", "adapter-layer": "off" }\n}\n');
    const registered = repo.at('agent-tools.config.json', '"warn"');
    const adapter = repo.at('agent-tools.config.json', '"off"');
    const r = diff('--format', 'json');
    expect([r.status, r.stderr]).toEqual([1, '']);
    expect(changes(r)).toEqual([
      {
        tool: 'agent-tools.config.json',
        rule: 'check-relaxed',
        class: 'breaking',
        message: 'agent-tools.config.json at $.checks.registered: "registered" was an error, now "warn": validate no longer fails on it',
        file: 'agent-tools.config.json',
        line: registered.line,
        column: registered.column,
      },
      {
        tool: 'agent-tools.config.json',
        rule: 'check-relaxed',
        class: 'breaking',
        message:
          'agent-tools.config.json at $.checks["adapter-layer"]: "adapter-layer" was an error, now "off": validate no longer fails on it',
        file: 'agent-tools.config.json',
        line: adapter.line,
        column: adapter.column,
      },
    ]);
    expect(diff('--allow-breaking').status).toBe(0);
  });

  it('a raised warn check lowered again, or one switched off in a subfolder, is minor; raising one is nothing', () => {
    repo.write('agent-tools.config.json', '{\n  "checks": { "structured-result": "error" }\n}\n');
    repo.write('app/package.json', '{\n  "name": "app",\n  "agentTools": { "checks": { "jsdoc": "off" } }\n}\n');
    const off = repo.at('app/package.json', '"off"');
    const r = diff('--format', 'json');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(changes(r).map((c) => [c.tool, c.rule, c.class, c.message, c.line])).toEqual([
      [
        'agent-tools.config.json',
        'warn-check-relaxed',
        'minor',
        'agent-tools.config.json at $.checks.jsdoc: "jsdoc" was an error, now "warn", its default: validate no longer fails on it',
        undefined,
      ],
      [
        'app/package.json',
        'warn-check-relaxed',
        'minor',
        'app/package.json at $.agentTools.checks.jsdoc: "jsdoc" was a warning, now "off": validate no longer reports it',
        off.line,
      ],
    ]);
  });

  it('profile "tools" turns the architecture checks off: check-relaxed at $.profile', () => {
    repo.write('agent-tools.config.json', '{\n  "profile": "tools",\n  "checks": { "jsdoc": "error" }\n}\n');
    const r = diff('--format', 'json');
    expect(r.status).toBe(1);
    const relaxed = changes(r).filter((c) => c.message.includes('"adapter-layer"'));
    expect(relaxed.map((c) => [c.rule, c.message])).toEqual([
      [
        'check-relaxed',
        'agent-tools.config.json at $.profile: "adapter-layer" was an error, now "off" by profile "tools": validate no longer fails on it',
      ],
    ]);
  });

  it('a configuration of the head that is not JSON stops the diff, naming it, in the root or a subfolder', () => {
    repo.write('app/agent-tools.config.json', '{ "checks": { "registered": "error" } }\n');
    repo.commit('app config');
    repo.write('app/agent-tools.config.json', '{ "checks": { "registered": "warn" }\n');
    const nested = diff();
    expect([nested.status, nested.stdout]).toEqual([2, '']);
    expect(nested.stderr).toMatch(
      /app\/agent-tools\.config\.json:2:1: not valid JSON: .*; diff cannot compare the check severities it sets/,
    );
    repo.write('app/agent-tools.config.json', '{ "checks": { "registered": "error" } }\n');
    repo.write('agent-tools.config.json', '{\n  "checks": { "jsdoc": "error", }\n}\n');
    const rooted = diff();
    expect([rooted.status, rooted.stdout]).toEqual([2, '']);
    expect(rooted.stderr).toContain('agent-tools.config.json:2:');
  });
});
