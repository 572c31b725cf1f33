// Bad input, as a user types it, gets a message on stderr that starts with `agent-tools:` (the
// prefix docs/troubleshooting.md promises), a non-zero exit and nothing on stdout; a misspelt name
// (a skill kind, a key of --args, a flag) names the closest valid one, by the one suggestion rule.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
let dir: string;

function run(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [`${root}bin/agent-tools.js`, ...args], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-tools-messages-'));
  writeFileSync(
    join(dir, 'tools.mjs'),
    `import { defineTool } from ${JSON.stringify(`${root}dist/index.js`)};
export const greet = defineTool({ name: 'greet', description: 'Greets one family by its name.', mutates: false,
  params: { family: { type: 'string', description: 'Family name', required: true } }, execute: (_api, { family }) => ({ hello: family }) });
export default [greet];
`,
  );
  writeFileSync(join(dir, 'promt.json'), JSON.stringify({ name: 'greeter', kind: 'promt', description: 'Greets', prompt: 'Say hi' }));
  writeFileSync(join(dir, 'notes.md'), 'not a tool\n');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A table of bad inputs across the commands: each exits non-zero, prints nothing on stdout, and starts stderr with the prefix. */
const BAD: { args: string[]; code: number; first: RegExp }[] = [
  { args: ['--bogus'], code: 2, first: /^agent-tools: unknown option '--bogus'$/ },
  { args: ['validate', '--bogus'], code: 2, first: /^agent-tools: validate: unknown option '--bogus'$/ },
  { args: ['validate', 'no-such-folder'], code: 2, first: /^agent-tools: no such file or folder: no-such-folder/ },
  { args: ['export', 'no-such-folder'], code: 2, first: /^agent-tools: no such file or folder: no-such-folder/ },
  { args: ['export', '.', '--format', 'xml'], code: 2, first: /^agent-tools: .*xml/ },
  { args: ['explain', 'snake-cse-name'], code: 2, first: /^agent-tools: .*did you mean "snake-case-name"/ },
  { args: ['serve', 'no-such-module.ts'], code: 2, first: /^agent-tools: tools module not found/ },
  { args: ['call', 'tools.mjs'], code: 2, first: /^agent-tools: name a tool to call, or use --list to see the 1 tool in tools\.mjs$/ },
  { args: ['call', 'tools.mjs', 'gret'], code: 2, first: /^agent-tools: .*Did you mean: greet\?/ },
  {
    args: ['call', 'tools.mjs', 'greet', '--famly', 'x'],
    code: 2,
    first: /^agent-tools: call: unknown option '--famly' \(did you mean --family\?\)$/,
  },
  { args: ['call', 'tools.mjs', 'greet', 'x'], code: 2, first: /^agent-tools: call: unexpected argument 'x'/ },
  {
    args: ['call', 'tools.mjs', 'greet', '{"family":"x"}'],
    code: 2,
    first:
      /^agent-tools: call: unexpected argument '\{"family":"x"\}': every argument is a flag \(--name value\) or --args '<json>' \(did you mean --args '\{"family":"x"\}'\?\)$/,
  },
  { args: ['call', 'tools.mjs', 'greet', '--args', '{"famly":"x"}'], code: 1, first: /^agent-tools: Invalid arguments for tool "greet":$/ },
  { args: ['call', 'tools.mjs', 'greet', '--args', '{nope'], code: 2, first: /^agent-tools: --args: not valid JSON/ },
  { args: ['skill', 'install', 'promt.json', '--store', 'skills.db'], code: 2, first: /^agent-tools: nothing installed; 1 problem:$/ },
  {
    args: ['skill', 'show', 'nope', '--store', 'skills.db'],
    code: 2,
    first:
      /^agent-tools: no skill store at skills\.db \(no such file\); install a skill to create it: npx agent-tools skill install <file> --store skills\.db$/,
  },
  { args: ['scaffold', '--bogus'], code: 2, first: /^agent-tools: scaffold: unknown option '--bogus'$/ },
];

describe('error messages', { timeout: 120_000 }, () => {
  it('every bad input in the table: its exit code, nothing on stdout, stderr opening with agent-tools:', async () => {
    const runs = await Promise.all(BAD.map((b) => run(...b.args)));
    const wrong = BAD.flatMap((b, i) => {
      const r = runs[i]!;
      const first = r.stderr.split('\n')[0]!;
      return r.code === b.code && r.stdout === '' && b.first.test(first)
        ? []
        : [`${b.args.join(' ')}: exit ${r.code}, stdout ${JSON.stringify(r.stdout)}, stderr ${JSON.stringify(r.stderr)}`];
    });
    expect(wrong).toEqual([]);
  });

  it('a misspelt key of --args and a misspelt flag name the same closest param, each in its own spelling', async () => {
    const [args, flag] = await Promise.all([
      run('call', 'tools.mjs', 'greet', '--args', '{"famly":"x"}'),
      run('call', 'tools.mjs', 'greet', '--famly=x'),
    ]);
    expect(args.stderr).toBe(
      'agent-tools: Invalid arguments for tool "greet":\n' +
        '- family: missing required parameter (expected string)\n' +
        '- famly: unknown parameter (did you mean "family"?); valid parameters: family\n',
    );
    expect(flag.stderr.split('\n')[0]).toBe("agent-tools: call: unknown option '--famly=x' (did you mean --family?)");
  });

  // commander's own suggestion was a line of its own, (Did you mean --http?), unlike call's for a tool's flag
  it.each([
    [['serve', '--htp'], "agent-tools: serve: unknown option '--htp' (did you mean --http?)", 'serve'],
    [['skill', 'list', '--stor', 'x.db'], "agent-tools: skill list: unknown option '--stor' (did you mean --store?)", 'skill list'],
    [['validate', '--fromat', 'json'], "agent-tools: validate: unknown option '--fromat' (did you mean --format?)", 'validate'],
  ])('%j: the suggestion on the line of the error, which names the command; exit 2', async (args, line, command) => {
    const r = await run(...args);
    expect([r.code, r.stdout, r.stderr]).toEqual([2, '', `${line}\n(run 'npx agent-tools ${command} --help' for usage)\n`]);
  });

  it('a misspelt command or program flag: the suggestion on the same line, with no command to name', async () => {
    const [command, flag] = await Promise.all([run('valdate'), run('--verion')]);
    expect([command.code, command.stderr.split('\n')[0]]).toEqual([2, "agent-tools: unknown command 'valdate' (did you mean validate?)"]);
    expect([flag.code, flag.stderr.split('\n')[0]]).toEqual([2, "agent-tools: unknown option '--verion' (did you mean --version?)"]);
  });

  it("call's usage hint is a command line that runs in a project with a local install (npx agent-tools)", async () => {
    const r = await run('call', 'tools.mjs', 'greet', '--famly=x');
    expect(r.stderr.split('\n').slice(1)).toEqual(["(run 'npx agent-tools call tools.mjs <tool> --help' for the tool's flags)", '']);
  });

  it('skill install with "kind": "promt" names "prompt", and installs nothing', async () => {
    const r = await run('skill', 'install', 'promt.json', '--store', 'kinds.db');
    expect(r.stderr).toBe(
      'agent-tools: nothing installed; 1 problem:\npromt.json: $.kind: expected "kind" to be "prompt", "tool" or "mcp" (did you mean "prompt"?)\n',
    );
    // refused before the store is opened: none is made, so listing it says there is none
    const list = await run('skill', 'list', '--store', 'kinds.db', '--json');
    expect([list.code, list.stdout, list.stderr]).toEqual([2, '', expect.stringMatching(/^agent-tools: no skill store at kinds\.db /)]);
  });
});
