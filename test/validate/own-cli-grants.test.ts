/** Tests how --yes passed to a project's own command line, one built with toolsToCommands, is read as a grant of approval. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { approvalGrants } from '../../src/validate/approval-grants.js';
import { shellWords } from '../../src/validate/command-words.js';
import { OwnCliFiles } from '../../src/validate/own-cli-grants.js';

const CLI = `import { Command } from 'commander';
import { toolsToCommands } from 'agent-tools';
import { registry } from './tools.js';

const program = new Command();
toolsToCommands(registry, { program });
program.parse();
`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A temp project holding `files` (path: text). */
function project(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-own-cli-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

describe('--yes passed to a command line built with toolsToCommands', () => {
  const root = project({
    'packages/notes/cli.ts': CLI,
    // one level of relative import: main.ts runs the file that builds the commands
    'packages/notes/main.ts': "import './commands.js';\n",
    'packages/notes/commands.ts': CLI,
    'packages/notes/bin/notes': '#!/usr/bin/env -S npx tsx\nimport "../cli.ts";\n',
    'other.ts': "console.log('no commands here');\n",
    'node_modules/pkg/cli.js': CLI,
  });
  const grants = (line: string, folder = root) => new OwnCliFiles(root).grants(shellWords(line), folder);
  const yes = (rule: string, at: number, cli: string) => [{ rule, at, cli }];

  it('reads the tool as the first word after the file that is not an option, whatever runs the file', () => {
    const at = 'packages/notes/cli.ts delete-note --yes';
    expect(grants('tsx packages/notes/cli.ts delete-note --id a --yes')).toEqual(yes('delete-note', 5, at));
    expect(grants('node --import tsx packages/notes/cli.ts delete-note --yes')).toEqual(yes('delete-note', 5, at));
    expect(grants('npx tsx packages/notes/cli.ts delete-note --yes')).toEqual(yes('delete-note', 4, at));
    expect(grants('bun run packages/notes/cli.ts delete_note --yes')).toEqual(
      yes('delete_note', 4, 'packages/notes/cli.ts delete_note --yes'),
    );
    expect(grants('deno run -A packages/notes/cli.ts --yes delete-note')).toEqual(yes('delete-note', 4, at));
    expect(grants('./packages/notes/cli.ts delete-note --yes')).toEqual(yes('delete-note', 2, at));
    expect(grants('ts-node cli.ts delete-note --yes', join(root, 'packages/notes'))).toEqual(yes('delete-note', 3, at));
  });

  it('reads a file that imports one building the commands (one level), and a file with no extension run by its path', () => {
    expect(grants('tsx packages/notes/main.ts delete-note --yes')).toEqual(
      yes('delete-note', 3, 'packages/notes/main.ts delete-note --yes'),
    );
    expect(grants('./packages/notes/bin/notes delete-note --yes')).toEqual(
      yes('delete-note', 2, 'packages/notes/bin/notes delete-note --yes'),
    );
  });

  it('is every tool ("*") when the tool cannot be told: none, filled in at run time, or perhaps an option value', () => {
    expect(grants('tsx packages/notes/cli.ts --yes')).toEqual(yes('*', 2, 'packages/notes/cli.ts --yes'));
    expect(grants('tsx packages/notes/cli.ts $CMD --yes')).toEqual(yes('*', 3, 'packages/notes/cli.ts $CMD --yes'));
    expect(grants('tsx packages/notes/cli.ts --tier core delete-note --yes')).toEqual(yes('*', 5, 'packages/notes/cli.ts core --yes'));
  });

  it('a word filled in at run time after the file may pass --yes: a grant naming it', () => {
    expect(grants('tsx packages/notes/cli.ts delete-note $FLAGS')).toEqual([
      { rule: 'delete-note', at: 3, cli: 'packages/notes/cli.ts delete-note $FLAGS', variable: '$FLAGS' },
    ]);
    expect(grants('tsx packages/notes/cli.ts "$@"')).toEqual([{ rule: '*', at: 2, cli: 'packages/notes/cli.ts $@', variable: '$@' }]);
  });

  it('nothing without --yes, for a file that builds no commands, in node_modules, past the command, or run by agent-tools', () => {
    expect(grants('tsx packages/notes/cli.ts delete-note --id a')).toEqual([]);
    expect(grants('tsx other.ts delete-note --yes')).toEqual([]);
    expect(grants('node node_modules/pkg/cli.js delete-note --yes')).toEqual([]);
    expect(grants('tsx packages/notes/cli.ts delete-note && other --yes')).toEqual([]);
    expect(grants('tsx no-such.ts delete-note --yes')).toEqual([]);
    // agent-tools call's own --yes is read as call's (approval-grants), not twice
    expect(grants('agent-tools call packages/notes/cli.ts delete-note --yes')).toEqual([]);
    // each command on its own
    expect(grants('tsx packages/notes/cli.ts list-notes; tsx packages/notes/cli.ts delete-note --yes')).toEqual(
      yes('delete-note', 7, 'packages/notes/cli.ts delete-note --yes'),
    );
  });

  it('approvalGrants reads it in package.json scripts (passed through npm run too), JSON files and script lines, as kind "yes"', () => {
    const dir = project({
      'cli.ts': CLI,
      // the module cli.ts imports: an import of an absent file is code no reader sees, a grant of every tool
      'tools.ts': 'export const registry = {};\n',
      'package.json': JSON.stringify({
        scripts: {
          purge: 'tsx cli.ts delete-note --id a --yes',
          cli: 'tsx cli.ts',
          wipe: 'npm run cli -- delete-note --yes',
          list: 'tsx cli.ts list',
        },
      }),
      '.vscode/tasks.json': JSON.stringify({ tasks: [{ command: 'npx', args: ['tsx', 'cli.ts', 'delete-note', '--yes'] }] }),
      'ops/purge.sh': '#!/bin/sh\nset -e\nnpx tsx cli.ts delete-note $FLAGS\n',
    });
    const found = approvalGrants(dir).map(({ kind, rule, file, path, line, column, folder, cli, variable, words }) => ({
      kind,
      rule,
      at: `${file}:${line}:${column} ${path} in ${folder}`,
      ...(cli !== undefined ? { cli } : {}),
      ...(variable !== undefined ? { variable } : {}),
      words,
    }));
    const MARK = '(a toolsToCommands command line)';
    expect(found).toEqual([
      {
        kind: 'yes',
        rule: 'delete-note',
        at: 'package.json:1:21 $.scripts.purge in .',
        cli: 'cli.ts delete-note --yes',
        words: `cli.ts delete-note --yes ${MARK} in package.json at $.scripts.purge`,
      },
      {
        kind: 'yes',
        rule: 'delete-note',
        at: 'package.json:1:85 $.scripts.wipe in .',
        cli: 'cli.ts delete-note --yes',
        words: `cli.ts delete-note --yes ${MARK} in package.json at $.scripts.wipe`,
      },
      {
        kind: 'yes',
        rule: 'delete-note',
        at: '.vscode/tasks.json:1:35 $.tasks[0].args in .',
        cli: 'cli.ts delete-note --yes',
        words: `cli.ts delete-note --yes ${MARK} in .vscode/tasks.json at $.tasks[0].args`,
      },
      {
        kind: 'yes',
        rule: 'delete-note',
        at: 'ops/purge.sh:3:1 line 3 in .',
        cli: 'cli.ts delete-note $FLAGS',
        variable: '$FLAGS',
        words:
          'cli.ts delete-note $FLAGS (a toolsToCommands command line, where "$FLAGS" is filled in at run time and may pass --yes) ' +
          'in ops/purge.sh:3',
      },
    ]);
  });
});
