/** Tests that a scaffold spec without `mutates` gives an undeclared tool (counted as destructive), never a `mutates: false` claim. */

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles, runCli, tempProject, tscNoEmit } from './project.js';

const SPEC = '[{"name":"purge_cache","desc":"Purge every entry of the cache for good","params":{}}]';

describe('scaffold: a spec that does not say whether the tool mutates', () => {
  it('writes no read-only claim, warns, and validate reports mutates-declared for the tool', () => {
    const dir = tempProject();
    const r = runCli(dir, ['scaffold'], SPEC);
    expect(r.status).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('created tools/modify/purge-cache.ts');
    expect(r.stderr).toContain(
      'agent-tools: warning: purge_cache: mutates: not declared (counts as destructive until you say): ' +
        'its file has a TODO where `mutates: true` or `mutates: false` goes; npx agent-tools validate will report it (mutates-declared)\n',
    );
    // an undeclared tool is not filed as a reader
    expect(listFiles(dir).filter((f) => f.startsWith('tools/read/'))).toEqual([]);
    const source = readFileSync(join(dir, 'tools/modify/purge-cache.ts'), 'utf8');
    expect(source).not.toMatch(/^\s*mutates\s*:/m);
    expect(source).not.toMatch(/^\s*destructive\s*:/m);
    expect(source).toContain(
      "  description: 'Purge every entry of the cache for good',\n" +
        '  // TODO: say whether this tool changes anything (mutates: true/false)\n' +
        '  params: {},\n',
    );
    expect(tscNoEmit(dir)).toEqual({ status: 0, output: '' });

    const v = runCli(dir, ['validate', 'tools', '--format', 'json']);
    expect(v.status).toBe(0); // a warning, not an error
    const findings = (JSON.parse(v.stdout) as { findings: { checkId: string; data: { name?: string }; file: string }[] }).findings;
    expect(findings.filter((f) => f.checkId === 'mutates-declared')).toMatchObject([
      { data: { name: 'purge_cache' }, file: 'tools/modify/purge-cache.ts' },
    ]);
    // what an MCP client is told: not read-only, destructive (so it asks before a call)
    const mcp = runCli(dir, ['export', 'tools', '--format', 'mcp']);
    expect(mcp.status).toBe(0);
    const listed = (JSON.parse(mcp.stdout) as { tools: { name: string; annotations: Record<string, boolean> }[] }).tools;
    expect(listed.map((t) => [t.name, t.annotations.readOnlyHint, t.annotations.destructiveHint])).toEqual([['purge_cache', false, true]]);
  }, 60_000);

  it('keeps an explicit mutates: false (read/) and mutates: true (modify/, destructive: true) as the spec says', () => {
    const dir = tempProject();
    const r = runCli(
      dir,
      ['scaffold'],
      JSON.stringify([
        { name: 'list_cache', desc: 'List every entry of the cache with its size', mutates: false, params: {} },
        { name: 'clear_cache', desc: 'Remove every entry of the cache for good', mutates: true, params: {} },
      ]),
    );
    expect(r.status).toBe(0);
    expect(r.stderr).not.toContain('not declared');
    expect(readFileSync(join(dir, 'tools/read/list-cache.ts'), 'utf8')).toContain('  mutates: false,\n');
    expect(readFileSync(join(dir, 'tools/modify/clear-cache.ts'), 'utf8')).toContain('  mutates: true,\n  destructive: true,\n');
  }, 60_000);
});
