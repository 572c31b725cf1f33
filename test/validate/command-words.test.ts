/** Tests how the string literals of a launcher or TOML file are read as command lines. */

import { describe, expect, it } from 'vitest';
import { lineCommandLines, quotedWordGroups, tomlCommandLines } from '../../src/validate/command-words.js';

describe('the command lines a file writes as string literals', () => {
  it("reads a spawn call's literals, over lines and through commas and [, as one command line at its first literal", () => {
    const text = [
      "import { spawn } from 'node:child_process';",
      "// the server: don't ask",
      "spawn('npx', [",
      '  \'agent-tools\', "serve", `tools/registry.ts`,',
      "  '--approve', 'delete_note',",
      "], { stdio: 'inherit' });",
    ].join('\n');
    expect(quotedWordGroups(text)).toEqual([
      { line: 1, words: ['node:child_process'] },
      { line: 3, words: ['npx', 'agent-tools', 'serve', 'tools/registry.ts', '--approve', 'delete_note'] },
      { line: 6, words: ['inherit'] },
    ]);
  });

  it('reads Python lists added with + as one command line: a name as the list or string the file assigns it, else filled in at run time', () => {
    const text = [
      'TOOLS = "tools/notes.ts"',
      'CONFIRM = ["--yes"]  # approve',
      'BASE = ["npx", "agent-tools", "call", TOOLS]',
      'run(["npx", "agent-tools", "call", TOOLS, "delete_note"] + CONFIRM + [',
      '    "--id", "n1"])',
      'run(BASE + ["delete_note"] + OPTS)',
      'run(["echo", note_id, "done"] + sys.argv[1:])',
      "const argv = ['agent-tools', 'call', PATH, 'delete_note'];",
    ].join('\n');
    expect(quotedWordGroups(text)).toEqual([
      { line: 1, words: ['tools/notes.ts'] },
      { line: 2, words: ['--yes'] },
      { line: 3, words: ['npx', 'agent-tools', 'call', 'tools/notes.ts'] },
      { line: 4, words: ['npx', 'agent-tools', 'call', 'tools/notes.ts', 'delete_note', '--yes', '--id', 'n1'] },
      { line: 6, words: ['npx', 'agent-tools', 'call', 'tools/notes.ts', 'delete_note', '${OPTS}'] },
      // a name assigned no string ends the list, as any other code does; a list added that is called or indexed is filled in at run time
      { line: 7, words: ['echo'] },
      { line: 7, words: ['done', '${sys.argv}'] },
      { line: 8, words: ['agent-tools', 'call'] },
      { line: 8, words: ['delete_note'] },
    ]);
  });

  it('reads a TOML array as one command line, and its command as another', () => {
    expect(quotedWordGroups('[mcp_servers.notes]\ncommand = "npx"\nargs = ["agent-tools", "serve", "--approve", "delete_note"]\n')).toEqual(
      [
        { line: 2, words: ['npx'] },
        { line: 3, words: ['agent-tools', 'serve', '--approve', 'delete_note'] },
      ],
    );
  });

  it('splits a literal holding white space as a shell does, unescaped first; a template keeps its ${…} and a shell `…` (counted as a variable)', () => {
    expect(
      quotedWordGroups(`execSync('npx agent-tools serve tools --approve "*"');\nrun(\`agent-tools serve \${dir} --approve \\\`x\\\`\`)`),
    ).toEqual([
      { line: 1, words: ['npx', 'agent-tools', 'serve', 'tools', '--approve', '*'] },
      { line: 1, words: ['npx agent-tools serve tools --approve "*"'] },
      { line: 2, words: ['agent-tools', 'serve', '${dir}', '--approve', '`x`'] },
      { line: 2, words: ['agent-tools serve ${dir} --approve `x`'] },
    ]);
  });

  it('reads an escape by code as its character, but not in a single-quoted Perl, Ruby, PHP or TOML literal', () => {
    const text = `run(["--y\\x65s", '--y\\u0065s', "--y\\u{65}s", "--y\\x{65}s", "--y\\U00000065s", "a\\tb", "\\q"])`;
    const words = ['--yes', '--yes', '--yes', '--yes', '--yes', 'a\tb', 'q'];
    expect(quotedWordGroups(text, 'ops/purge.py')).toEqual([
      { line: 1, words: ['a', 'b'] },
      { line: 1, words },
    ]);
    expect(quotedWordGroups(`system("--y\\x65s", '--y\\x65s')`, 'ops/purge.pl')[0]).toEqual({ line: 1, words: ['--yes', '--yx65s'] });
    expect(quotedWordGroups(`args = ["--y\\u0065s", '--y\\u0065s']`, 'config.toml')[0]).toEqual({ line: 1, words: ['--yes', '--yu0065s'] });
  });

  it("joins literals added together (+, Perl's and PHP's ., Lua's ..; in Python, white space alone) into one word", () => {
    const text = [
      'run(["npx", "agent-tools", "call", "t", "list" + "_notes",',
      "  '--y' +",
      '  \'es\', "--a" . \'pprove\', "x" .. "y"])',
      'other("--y" "es", "a", "b")',
    ].join('\n');
    expect(quotedWordGroups(text)).toEqual([
      { line: 1, words: ['npx', 'agent-tools', 'call', 't', 'list_notes', '--yes', '--approve', 'xy'] },
      { line: 4, words: ['--y', 'es', 'a', 'b'] },
    ]);
    expect(quotedWordGroups(text, 'ops/purge.py').at(-1)).toEqual({ line: 4, words: ['--yes', 'a', 'b'] });
    // a joined literal holding white space is split as a shell splits it
    expect(quotedWordGroups('exec("npx agent-tools call t x " + "--yes")')).toEqual([
      { line: 1, words: ['npx', 'agent-tools', 'call', 't', 'x', '--yes'] },
      { line: 1, words: ['npx agent-tools call t x --yes'] },
    ]);
  });

  it("reads Perl's qw(...), qw[...], qw{...} and qw/.../ as a list of words, with the literals around it", () => {
    const text = ['system(qw(npx agent-tools', '  call t x --yes));', 'system("npx", qw[agent-tools serve], qw{t --approve}, qw/a/);'].join(
      '\n',
    );
    expect(quotedWordGroups(text, 'ops/purge.pl')).toEqual([
      { line: 1, words: ['npx', 'agent-tools', 'call', 't', 'x', '--yes'] },
      { line: 3, words: ['npx', 'agent-tools', 'serve', 't', '--approve', 'a'] },
    ]);
  });

  it("reads a TOML table's command and args as one command line, at the args' line; a command alone stays apart", () => {
    const text = [
      '[mcp_servers.notes]',
      'command = "agent-tools" # local install',
      'args = [',
      '  "serve", "tools/registry.ts",',
      '  "--approve", "delete_note",',
      ']',
      '[mcp_servers.other]',
      'command = "uvx"',
      '[tools]',
      'args = ["x"]',
    ].join('\n');
    expect(tomlCommandLines(text)).toEqual([
      { line: 2, words: ['agent-tools'] },
      { line: 4, words: ['agent-tools', 'serve', 'tools/registry.ts', '--approve', 'delete_note'] },
      { line: 8, words: ['uvx'] },
      { line: 10, words: ['x'] },
    ]);
  });
});

describe('the command lines of a file read line by line', () => {
  it("drops a keyed line's key and skips its comments; a YAML argv list is one line, a command list and its sibling args are one", () => {
    const unit = '[Service]\n; ExecStart=agent-tools serve t --approve a\nExecStart=agent-tools serve t --approve b\nUser = app';
    expect(lineCommandLines('Changed: `agent-tools serve` now takes `--approve` (a glob)', true)).toEqual([]);
    expect(lineCommandLines(unit, true)).toEqual([
      { line: 1, words: ['[Service]'] },
      { line: 3, words: ['agent-tools', 'serve', 't', '--approve', 'b'] },
      { line: 4, words: ['app'] },
    ]);
    const yaml = [
      'services:',
      '  a:',
      '    command: npx',
      '    image: node',
      '    args: [agent-tools, serve, t, --approve, "c_*"]',
      '  b:',
      '    command:',
      '    - agent-tools',
      '    args:',
      "      - 'serve'",
      '      # the toolbox',
      '      - t',
      'ci:',
      '  script:',
      '    - npm ci',
      '    - npx agent-tools validate .',
    ].join('\n');
    // the lists (a line's words start with its key, its dash or a comment sign); the script list's items are lines of their own
    const lists = lineCommandLines(yaml, false).filter((l) => !/:$|^[-#]$/.test(l.words[0]!));
    expect(lists).toEqual([
      { line: 5, words: ['npx', 'agent-tools', 'serve', 't', '--approve', 'c_*'] },
      { line: 10, words: ['agent-tools', 'serve', 't'] },
    ]);
  });
});
