/** Tests of `toolsToCommands`: flag forms, value checks, list flags, name collisions and `agent-tools call`. */

import { spawnSync } from 'node:child_process';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { kebabName, splitList, toolsToCommands } from '../../src/adapters/cli.js';
import { defineTool } from '../../src/core/tool.js';
import { bin, root } from './mcp-child.js';

const received: unknown[] = [];
const setFont = defineTool({
  name: 'set_font',
  mutates: true,
  destructive: false,
  description: 'Sets a font.',
  params: {
    id: { type: 'string', description: 'Font id', required: true },
    italic: { type: 'boolean', description: 'Italic', default: false },
    weight: { type: 'number', description: 'CSS weight', default: 400 },
    tags: { type: 'string[]', description: 'Tags', enum: ['serif', 'sans', 'mono', 'a,b'] },
    fontSize: { type: 'number', description: 'Size in px', min: 6, max: 144 },
  },
  execute: (_api, args) => {
    received.push(args);
    return { received: args };
  },
});

/** Runs the CLI adapter in process with a real commander program; returns stdout, stderr and the exit code. */
async function cli(...argv: string[]) {
  const program = new Command('t').exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
  let stdout = '';
  let stderr = '';
  let code = 0;
  received.length = 0;
  const commands = toolsToCommands([setFont], {
    program,
    pretty: false,
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
    setExitCode: (c) => (code = c),
  });
  for (const c of commands) c.exitOverride();
  await program.parseAsync(['set_font', ...argv], { from: 'user' });
  return { stdout, stderr, code, args: received[0] };
}

const call = (...args: string[]) =>
  spawnSync(process.execPath, [bin, 'call', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const FONT_TOOLS = 'fixtures/adapters/font-tools.ts';

describe('toolsToCommands: command-line flag forms', () => {
  it.each([
    [['--italic', 'false'], false],
    [['--italic=false'], false],
    [['--italic'], true],
    [['--no-italic'], false],
    [['--italic', 'true'], true],
    [['--italic', 'FALSE'], false],
  ])('%j gives italic %s', async (flags, italic) => {
    const r = await cli('--id', 'f1', ...flags);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.args).toEqual({ id: 'f1', italic, weight: 400 });
    expect(r.stdout).toBe(`{"received":{"id":"f1","italic":${italic},"weight":400}}\n`);
  });

  it('--weight 700 is the number 700, --id 007 stays the string "007", --font-size is the fontSize param', async () => {
    expect((await cli('--id', '007', '--weight', '700', '--font-size', '12')).args).toEqual({
      id: '007',
      italic: false,
      weight: 700,
      fontSize: 12,
    });
  });

  it('--weight abc exits 1 naming --weight, before execute runs', async () => {
    const r = await cli('--id', 'f1', '--weight', 'abc');
    expect(r).toEqual({
      stdout: '',
      stderr: 'Invalid arguments for tool "set_font":\n- --weight: expected number, received string "abc"\n',
      code: 1,
      args: undefined,
    });
  });

  it('--weight 1e400 and --weight Infinity exit 1 saying the value is not a finite number', async () => {
    for (const v of ['1e400', 'Infinity']) {
      expect(await cli('--id', 'f1', '--weight', v)).toEqual({
        stdout: '',
        stderr: `Invalid arguments for tool "set_font":\n- --weight: ${v} is not a finite number\n`,
        code: 1,
        args: undefined,
      });
    }
  });

  it('a result that breaks the output schema is an invalid result, not invalid arguments, with flags as with --args', async () => {
    const badNode = defineTool({
      name: 'bad_node',
      mutates: false,
      description: 'Returns a node by its id.',
      params: { id: { type: 'string', description: 'Node id', required: true } },
      output: { id: { type: 'string', description: 'Node id' } },
      execute: () => ({ id: 5 }) as never,
    });
    const expected =
      'Invalid result from tool "bad_node": it does not match the tool\'s output schema\n- $.id: expected a string, received the number 5\n';
    for (const argv of [
      ['--id', 'n1'],
      ['--args', '{"id":"n1"}'],
    ]) {
      const program = new Command('t').exitOverride().configureOutput({ writeErr: () => undefined, writeOut: () => undefined });
      let stderr = '';
      let code = 0;
      toolsToCommands([badNode], { program, stdout: () => undefined, stderr: (t) => (stderr += t), setExitCode: (c) => (code = c) });
      await program.parseAsync(['bad_node', ...argv], { from: 'user' });
      expect({ stderr, code }, argv.join(' ')).toEqual({ stderr: expected, code: 1 });
    }
  });

  it('an integer param reads <integer> and integer in its help, as the JSON formats say integer', () => {
    const sizeTool = defineTool({
      name: 'set_size',
      mutates: true,
      destructive: false,
      description: 'Sets a font size.',
      params: { size: { type: 'number', integer: true, min: 6, max: 144, description: 'Size in px' } },
      execute: () => ({}),
    });
    const [cmd] = toolsToCommands([sizeTool], { program: new Command('t') });
    expect(cmd!.helpInformation()).toMatch(/--size <integer> +Size in px \(integer; min 6; max 144\)/);
  });

  it('a missing required flag exits 1 before execute runs', async () => {
    expect(await cli('--weight', '700')).toEqual({
      stdout: '',
      stderr: 'Invalid arguments for tool "set_font":\n- --id: missing required parameter (expected string)\n',
      code: 1,
      args: undefined,
    });
  });

  it('--tags serif,mono and --tags serif --tags mono both give ["serif","mono"]; \\, keeps a comma', async () => {
    expect((await cli('--id', 'f1', '--tags', 'serif,mono')).args).toMatchObject({ tags: ['serif', 'mono'] });
    expect((await cli('--id', 'f1', '--tags', 'serif', '--tags', 'mono')).args).toMatchObject({ tags: ['serif', 'mono'] });
    expect((await cli('--id', 'f1', '--tags', 'a\\,b')).args).toMatchObject({ tags: ['a,b'] });
    expect(await cli('--id', 'f1', '--tags', 'serif,bold')).toMatchObject({
      code: 1,
      stderr:
        'Invalid arguments for tool "set_font":\n- --tags[1]: expected one of "serif", "sans", "mono", "a,b", received string "bold"\n',
    });
  });

  it('a scalar flag given twice exits 2 naming it (never last-wins); a string[] flag repeats', async () => {
    expect(await cli('--id', 'f1', '--weight', '1', '--weight=2')).toEqual({
      stdout: '',
      stderr: '--weight was given 2 times (--weight 1, --weight 2); it takes one value: give it once.\n',
      code: 2,
      args: undefined,
    });
    expect(await cli('--id', 'f1', '--italic', '--no-italic')).toEqual({
      stdout: '',
      stderr: '--italic was given 2 times (--italic, --no-italic); it takes one value: give it once.\n',
      code: 2,
      args: undefined,
    });
    expect((await cli('--id', 'f1', '--italic', 'false', '--tags', 'serif', '--tags', 'mono')).args).toEqual({
      id: 'f1',
      italic: false,
      weight: 400,
      tags: ['serif', 'mono'],
    });
  });

  it('a flag left without its value before another flag exits 2 and runs nothing; --id=--italic passes the text', async () => {
    expect(await cli('--id', '--italic')).toEqual({
      stdout: '',
      stderr:
        '--id needs a value: the word after it, --italic, is a flag of this command, not taken as the value ' +
        '(write --id=--italic to pass that text)\n',
      code: 2,
      args: undefined,
    });
    expect(await cli('--id', 'f1', '--weight', '--yes')).toMatchObject({ code: 2, args: undefined });
    expect((await cli('--id=--italic')).args).toEqual({ id: '--italic', italic: false, weight: 400 });
    // after the failed line, the next parse starts clean (no occurrence kept from the line before)
    expect((await cli('--id', 'f2', '--weight', '300')).args).toEqual({ id: 'f2', italic: false, weight: 300 });
  });

  it('--italic --id truefont: italic true and id "truefont" (the value is not swallowed)', async () => {
    expect((await cli('--italic', '--id', 'truefont')).args).toEqual({ id: 'truefont', italic: true, weight: 400 });
  });

  it('--args takes the whole argument object; mixed with flags or bad JSON it exits 2', async () => {
    expect((await cli('--args', '{"id":"f9","weight":"900"}')).args).toEqual({ id: 'f9', italic: false, weight: 900 });
    expect(await cli('--args', '{"id":"f9"}', '--weight', '1')).toMatchObject({
      code: 2,
      stderr: '--args cannot be combined with --weight; put every argument in the JSON.\n',
      args: undefined,
    });
    expect(await cli('--args', '{id}')).toMatchObject({
      code: 2,
      args: undefined,
      stderr: '--args: not valid JSON: line 1, column 2: expected a property name in double quotes, found "i"\n',
    });
  });

  it('set_font and set-font collide as commands and both are named', () => {
    const other = defineTool({
      name: 'set-font',
      mutates: true,
      destructive: false,
      description: 'Sets a font too.',
      params: {},
      execute: () => 1,
    });
    expect(() => toolsToCommands([setFont, other], { program: new Command('t') })).toThrow(
      'Duplicate tool name "set-font": defined by tool "set_font" and by tool "set-font" (both become the command "set-font"). Rename one of them.',
    );
  });

  it('names two params that map to one flag', () => {
    const clash = defineTool({
      name: 'clash',
      mutates: false,
      description: 'Clash.',
      params: { font_size: { type: 'number', description: 'a' }, fontSize: { type: 'number', description: 'b' } },
      execute: () => 1,
    });
    expect(() => toolsToCommands([clash], { program: new Command('t') })).toThrow(
      'Tool "clash": params.fontSize: maps to the flag --font-size, already taken by param "font_size"; rename the param',
    );
    expect([kebabName('set_font'), kebabName('fontSize'), kebabName('HTTPServer')]).toEqual(['set-font', 'font-size', 'httpserver']);
    expect(splitList('a\\,b,c')).toEqual(['a,b', 'c']);
  });
});

describe('agent-tools call (real process)', () => {
  it('runs a tool and prints one line of JSON; an error result exits 1 with the message on stderr', () => {
    const ok = call(FONT_TOOLS, 'set_font', '--italic', '--id', 'truefont', '--tags', 'serif', '--tags', 'mono');
    expect([ok.status, ok.stdout, ok.stderr]).toEqual([
      0,
      '{"received":{"id":"truefont","italic":true,"weight":400,"tags":["serif","mono"]}}\n',
      'font-tools: loading\n',
    ]);
    const bad = call(FONT_TOOLS, 'set-font', '--id', 'f1', '--weight', 'abc');
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([
      1,
      '',
      'font-tools: loading\nagent-tools: Invalid arguments for tool "set_font":\n- --weight: expected number, received string "abc"\n',
    ]);
    const thrown = call(FONT_TOOLS, 'explode');
    expect([thrown.status, thrown.stdout, thrown.stderr]).toEqual([
      1,
      '',
      'font-tools: loading\nagent-tools: Boom: the canvas is locked\n',
    ]);
    // A returned `{ error }` is an error result too: exit 1 with its message, not a printed success.
    const returned = call(FONT_TOOLS, 'find_node', '--id', 'x', '--yes');
    expect([returned.status, returned.stdout, returned.stderr]).toEqual([1, '', 'font-tools: loading\nagent-tools: Node "x" not found\n']);
  });

  it('--list prints one line per tool; help shows type, default, enum and required', () => {
    const list = call(FONT_TOOLS, '--list');
    expect(list.status).toBe(0);
    expect(list.stdout.split('\n')[1]).toBe('describe_font  设置字体粗细（100–900）。支持 emoji 👍 与「引号」');
    expect(list.stdout.split('\n')).toHaveLength(8);
    const help = call(FONT_TOOLS, 'set_font', '--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--id <string>          Font id (string; required)');
    expect(help.stdout).toContain('--weight <number>      CSS weight (number; default: 400)');
    expect(help.stdout).toContain('--no-italic            same as --italic false');
    const callHelp = call('--help');
    expect(callHelp.status).toBe(0);
    expect(callHelp.stdout).toMatch(/^Usage: agent-tools call <module> \[tool-and-flags\.\.\.\]/);
    expect(callHelp.stdout).toContain('Write a value that starts with "-" as --flag=value.');
  });

  it('a module with set_font and set-font fails naming both; an unknown tool lists close matches', () => {
    const r = call('fixtures/adapters/collide-tools.ts', 'set_font', '--id', 'x');
    expect([r.status, r.stderr]).toEqual([
      2,
      'agent-tools: fixtures/adapters/collide-tools.ts: Duplicate tool name "set-font": defined by tool "set_font" and by tool "set-font" (both become the command "set-font"). Rename one of them.\n',
    ]);
    // new-user trial: `call <module> --help` loaded the module and failed; `call --list` took --list for the module
    const moduleHelp = call(FONT_TOOLS, '--help');
    expect([moduleHelp.status, moduleHelp.stdout.split('\n')[0]]).toEqual([0, 'Usage: agent-tools call <module> [tool-and-flags...]']);
    const flagFirst = call('--list');
    expect([flagFirst.status, flagFirst.stderr]).toEqual([
      2,
      "agent-tools: the module comes first: npx agent-tools call <module> --list\n(run 'npx agent-tools call --help' for usage)\n",
    ]);
    // a flag call does not have, before the module: named as unknown, with where approval rules come from
    const configFirst = call('--config', 'ops/x.json', FONT_TOOLS, 'set_font');
    expect([configFirst.status, configFirst.stderr.split('\n')[0]]).toEqual([
      2,
      "agent-tools: unknown option '--config': call takes --list, --args, --yes, --out-dir, --help after the module and tool, and reads its approval rules from agent-tools.config.json in the working folder",
    ]);
    const unknown = call(FONT_TOOLS, 'set_fnt');
    expect([unknown.status, unknown.stderr]).toEqual([
      2,
      'font-tools: loading\nagent-tools: Unknown tool "set_fnt". Did you mean: set_font?\n(run \'npx agent-tools call --help\' for usage)\n',
    ]);
  });
});
