/** Tests that a diff whose head is an export file places each change at the tool's entry in that file (text and github). */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const tool = (name: string, params: Record<string, unknown>) => ({
  name,
  description: `The ${name} tool`,
  inputSchema: { type: 'object', properties: params, additionalProperties: false },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true },
});
const id = { type: 'string', description: 'The note id' };
const force = { type: 'boolean', description: 'Delete even if shared' };

describe('diff head.json --base base.json: changes located in the head file', { timeout: 60_000 }, () => {
  it('the github annotation carries file, line and col of the tool entry, as the text output does', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'diff-file-loc-'));
    const file = (name: string, tools: unknown[]) => writeFileSync(join(cwd, name), JSON.stringify({ tools }, null, 2) + '\n');
    file('base.json', [tool('get_note', { id }), tool('delete_note', { id, force }), tool('old_tool', {})]);
    file('head.json', [tool('get_note', { id }), tool('delete_note', { id })]);
    // "name": "delete_note" is on line 24 of head.json (the second entry), its key at column 7
    const github = cli(cwd, 'diff', 'head.json', '--base', 'base.json', '--format', 'github');
    expect([github.status, github.stderr]).toEqual([
      1,
      'diff: note: head.json is an export, which carries neither needsApproval nor approval rules, so approval was compared by the hints only; ' +
        'give a git ref or a folder as --base to compare those too\n',
    ]);
    expect(github.stdout.split('\n')).toEqual([
      '::error file=head.json,line=24,col=7,title=agent-tools diff param-removed (breaking)::delete_note: param `force` removed',
      // a removed tool has no place in the head
      '::error title=agent-tools diff tool-removed (breaking)::old_tool: tool `old_tool` removed',
      '',
    ]);
    const text = cli(cwd, 'diff', 'head.json', '--base', 'base.json');
    expect(text.stdout.split('\n')[0]).toBe('delete_note  head.json:24:7');
  });
});
