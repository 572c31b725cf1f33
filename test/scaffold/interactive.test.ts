/** Tests of `scaffold --interactive` with scripted prompts: confirm, decline and Ctrl-C. */

import { screen } from '@inquirer/testing/vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, UsageError } from '../../src/shared/errors.js';
import { runScaffold, type ScaffoldIO } from '../../src/cli/run-scaffold.js';
import { listFiles, tempProject, tscNoEmit } from './project.js';

function fakeIO(cwd: string): ScaffoldIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    cwd,
    stdinIsTTY: true,
    stdout: (t) => void out.push(t),
    stderr: (t) => void err.push(t),
    readStdin: () => Promise.reject(new Error('interactive runs must not read stdin')),
  };
}

/** Types `text` into the current prompt and presses enter, then waits for the next prompt. */
async function answer(text: string): Promise<void> {
  if (text) screen.type(text);
  screen.keypress('enter');
  await screen.next();
}

describe('agent-tools scaffold --interactive', () => {
  it('asks for the spec, shows the inferred type, and writes files that type-check after confirmation', async () => {
    const dir = tempProject();
    const io = fakeIO(dir);
    const run = runScaffold({ interactive: true }, io);
    await screen.next(); // the prompts module loads on demand: wait for the first prompt

    expect(screen.getScreen()).toContain('Tool name (snake_case):');
    screen.type('set_');
    expect(screen.getScreen()).toContain('set_');
    expect(screen.getScreen()).not.toContain('✗');
    screen.type(' ');
    expect(screen.getScreen()).toContain('set_   ✗ letters, digits, _ and - only, at most 64');
    for (let i = 0; i < 'set_ '.length; i++) screen.keypress('backspace');
    screen.type('Set Font');
    screen.keypress('enter');
    await screen.next();
    expect(screen.getScreen()).toContain('"Set Font" holds " ", which tool names cannot: try set_font');
    for (let i = 0; i < 'Set Font'.length; i++) screen.keypress('backspace');
    await answer('set_font');
    expect(screen.getScreen()).toContain('What does it do (for the model)?');
    await answer('Sets the font. It\'s "quoted" — 设置 👍');
    await answer('y'); // mutates
    await answer(''); // destructive: default no
    expect(screen.getScreen()).toContain('Folder (domain):');
    await answer(''); // domain: default modify
    await answer(''); // tier: default core
    await answer('weight!');
    await answer('Font weight, 100-900');
    expect(io.err.join('')).toContain('inferred weight: number (min 100, max 900, integer), required — range "100-900" in the text');
    expect(screen.getScreen()).toContain('number (inferred)');
    await answer(''); // keep the inferred type
    await answer('tags');
    await answer('Tags to add');
    expect(screen.getScreen()).toContain('string[] (inferred)');
    for (let i = 0; i < 4; i++) screen.keypress('up'); // from string[] (inferred, last) up to string (first)
    await answer('');
    await answer(''); // no more params
    expect(screen.getScreen()).toContain('Write 6 files?');
    expect(listFiles(join(dir, 'tools'))).toEqual([]);
    screen.keypress('enter');
    await expect(run).resolves.toBe(0);

    expect(listFiles(dir).filter((f) => f.startsWith('tools/'))).toEqual([
      'tools/adapter.ts',
      'tools/modify/set-font.ts',
      'tools/registry-core.ts',
      'tools/registry-extended.ts',
      'tools/registry.ts',
      'tools/schema.ts',
    ]);
    expect(tscNoEmit(dir)).toEqual({ status: 0, output: '' });
    const source = readFileSync(join(dir, 'tools/modify/set-font.ts'), 'utf8');
    expect(source).toContain("description: 'Sets the font. It\\'s \"quoted\" — 设置 👍',");
    expect(source).toContain('mutates: true,');
    expect(source).toContain(
      "weight: { type: 'number', description: 'Font weight, 100-900', required: true, min: 100, max: 900, integer: true },",
    );
    expect(source).toContain("tags: { type: 'string', description: 'Tags to add' },");
    expect(io.err.join('')).toContain(
      '\nset_font (mutates, core tier)\n  weight: number (min 100, max 900, integer), required\n  tags: string\nFiles:\n  create tools/modify/set-font.ts\n',
    );
    expect(io.out.join('')).toContain('created tools/modify/set-font.ts\n');
  });

  it('refuses a tool name or param name that is not snake_case, offering the snake_case one, as it is typed and at Enter', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scaffold-int-'));
    const run = runScaffold({ interactive: true }, fakeIO(dir));
    await screen.next();
    for (const typed of ['SetFont', 'setFont', 'set-font']) {
      screen.type(typed);
      expect(screen.getScreen()).toContain(`${typed}  ✗ not snake_case: set_font`);
      screen.keypress('enter');
      await screen.next();
      expect(screen.getScreen()).toContain(`"${typed}" is not snake_case: try set_font`);
      for (let i = 0; i < typed.length; i++) screen.keypress('backspace');
    }
    await answer('set_font');
    expect(screen.getScreen()).toContain('What does it do (for the model)?');
    for (const a of ['Sets the font family of a text node.', '', '', '']) await answer(a); // read-only: no destructive question
    expect(screen.getScreen()).toContain('Param name (snake_case or camelCase');
    for (const [typed, offer] of [
      ['FontSize!', '"FontSize" is neither snake_case nor camelCase: try font_size or fontSize'],
      ['font-size', '"font-size" is neither snake_case nor camelCase: try font_size or fontSize'],
    ] as const) {
      screen.type(typed);
      screen.keypress('enter');
      await screen.next();
      expect(screen.getScreen()).toContain(offer);
      for (let i = 0; i < typed.length; i++) screen.keypress('backspace');
    }
    await answer('fontSize!'); // camelCase, as the bundled example's params are, is accepted
    expect(screen.getScreen()).toContain('Description of fontSize');
    await answer('Font size in px');
    await answer(''); // keep the inferred type
    await answer('constructor'); // an own-property check: a name on Object.prototype is not "already a param"
    expect(screen.getScreen()).toContain('Description of constructor');
    await answer('Class of the node to create');
    await answer('');
    await answer(''); // no more params
    expect(screen.getScreen()).toContain('Write 6 files?');
    screen.keypress('enter');
    await expect(run).resolves.toBe(0);
    expect(readFileSync(join(dir, 'tools/read/set-font.ts'), 'utf8')).toContain(
      "fontSize: { type: 'number', description: 'Font size in px', required: true },",
    );
  });

  it('writes nothing when the user declines at the confirmation', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scaffold-int-'));
    const io = fakeIO(dir);
    const run = runScaffold({ interactive: true }, io);
    await screen.next(); // the prompts module loads on demand: wait for the first prompt
    for (const a of ['get_page', 'Returns a page.', '', '', '', '']) await answer(a);
    expect(screen.getScreen()).toContain('Write 6 files?');
    screen.type('n');
    screen.keypress('enter');
    await expect(run).resolves.toBe(0);
    expect(io.err.join('')).toContain('nothing written\n');
    expect(listFiles(dir)).toEqual([]);
  });

  it.each([
    ['at the first prompt', 0],
    ['in the param loop', 7],
    ['at the final confirmation', 9],
  ])('Ctrl-C %s leaves no files', async (_where, steps) => {
    const dir = mkdtempSync(join(tmpdir(), 'scaffold-int-'));
    const run = runScaffold({ interactive: true }, fakeIO(dir));
    await screen.next();
    const answers = ['get_page', 'Returns a page.', '', '', '', 'id!', 'Page id', '', ''];
    for (const a of answers.slice(0, steps)) await answer(a);
    screen.keypress({ name: 'c', ctrl: true });
    await expect(run).rejects.toThrow(new ConfigError('scaffold cancelled (Ctrl-C); no files written'));
    expect(listFiles(dir)).toEqual([]);
  });

  it('without --interactive on a terminal, asks for a spec instead of waiting on stdin', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scaffold-int-'));
    await expect(runScaffold({}, fakeIO(dir))).rejects.toThrow(
      new UsageError('no spec given: pipe a JSON spec on stdin (or pass --stdin), or use --interactive', 'scaffold'),
    );
    await expect(runScaffold({ interactive: true, stdin: true }, fakeIO(dir))).rejects.toThrow(
      '--interactive and --stdin cannot be used together',
    );
    expect(listFiles(dir)).toEqual([]);
  });
});
