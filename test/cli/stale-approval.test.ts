/** Tests that `validate` warns about an approval rule of agent-tools.config.json that matches no tool. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'agent-tools-stale-approval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('validate and a stale approval rule', () => {
  it('names each rule that matches no tool, its list and the config file at the entry; rules that match (names, globs) are quiet', () => {
    mkdirSync(join(dir, 'tools'));
    writeFileSync(
      join(dir, 'tools/tools.ts'),
      `import { defineTool } from 'agent-tools';
export const dropAll = defineTool({ name: 'drop_all', description: 'Drops every table of the database, for tests.', mutates: true, destructive: true, params: {}, execute: () => 'ok' });
export const getRow = defineTool({ name: 'get_row', description: 'Returns one row of the table by its id.', mutates: false, params: {}, execute: () => 'ok' });
`,
    );
    writeFileSync(
      join(dir, 'agent-tools.config.json'),
      JSON.stringify({ approval: { deny: ['drop_al', 'drop_all'], allow: ['get_*', 'put_*'] } }, null, 2),
    );
    const r = spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'validate', 'tools'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stdout.split('\n').filter((l) => l.endsWith('  approval-rules'))).toEqual([
      'agent-tools.config.json:4:7  error  Approval rule "drop_al" in approval.deny of agent-tools.config.json matches no tool (did you mean drop_all?), so the tool it was written for runs unasked.  approval-rules',
      'agent-tools.config.json:9:7  warn   Approval rule "put_*" in approval.allow of agent-tools.config.json matches no tool.  approval-rules',
    ]);
  });

  it("points at the entry inside package.json's agentTools too, in the GitHub annotation", () => {
    const d = mkdtempSync(join(tmpdir(), 'agent-tools-stale-approval-pkg-'));
    try {
      mkdirSync(join(d, 'tools'));
      writeFileSync(
        join(d, 'tools/tools.ts'),
        `import { defineTool } from 'agent-tools';
export const dropAll = defineTool({ name: 'drop_all', description: 'Drops every table of the database, for tests.', mutates: true, destructive: true, params: {}, execute: () => 'ok' });
`,
      );
      writeFileSync(
        join(d, 'package.json'),
        '{\n  "name": "app",\n  "agentTools": { "approval": { "ask": ["drop_all"], "deny": ["drop_al"] } }\n}\n',
      );
      const r = spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'validate', 'tools', '--format', 'github'], {
        cwd: d,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('::error file=package.json,line=3,col=63,title=agent-tools approval-rules::');
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });

  it('says nothing of the rules while a tool file does not parse (the rule may name a tool in it)', () => {
    const d = mkdtempSync(join(tmpdir(), 'agent-tools-stale-approval-syntax-'));
    try {
      mkdirSync(join(d, 'tools'));
      writeFileSync(
        join(d, 'tools/tools.ts'),
        `import { defineTool } from 'agent-tools';
export const getRow = defineTool({ name: 'get_row', description: 'Returns one row of the table by its id.', mutates: false, params: {}, execute: () => 'ok' });
`,
      );
      writeFileSync(
        join(d, 'tools/drop.ts'),
        `import { defineTool } from 'agent-tools';\nexport const dropAll = defineTool({ name: 'drop_all', description: 'Drops every table.' params: {} });\n`,
      );
      writeFileSync(join(d, 'agent-tools.config.json'), JSON.stringify({ approval: { deny: ['drop_all'] } }));
      const r = spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'validate', 'tools'], {
        cwd: d,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(r.stdout + r.stderr).toMatch(/drop\.ts:2:\d+/);
      expect(r.stdout + r.stderr).not.toMatch(/approval rule/i);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
