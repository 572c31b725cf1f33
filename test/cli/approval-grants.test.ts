/** Tests that validate warns of approval granted on a command line or in a subfolder's configuration, which call and serve obey. */

import { spawnSync } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from '../diff/git-repo.js';
import { cli, wipeToolbox } from '../diff/wipe-toolbox.js';
import { bin, checkout, NOTES, run } from './notes-toolbox.js';

const PACKAGE = (scripts: Record<string, string>) =>
  `${JSON.stringify({ name: 'trial', private: true, type: 'module', scripts }, null, 2)}\n`;

/** validate's approval-rules lines, run in `dir`. */
function validate(dir: string): string[] {
  return run(dir, 'validate', 'tools')
    .stdout.split('\n')
    .filter((l) => l.endsWith('  approval-rules'));
}

/** Where `needle` starts in `file` of `repo`, as `file:line:col`. */
const place = (repo: TempRepo, file: string, needle: string) => {
  const at = repo.at(file, needle);
  return `${file}:${at.line}:${at.column}`;
};

/** TypeScript code (no source file by its name) that runs delete_note with an approver that says yes. */
const PURGE = [
  "import { runTool } from 'agent-tools';",
  "import { deleteNoteTool } from '../tools/notes.ts';",
  "const args: { id: string } = { id: 'n1' };",
  'await runTool(deleteNoteTool, args, { approve: () => true });',
  '',
].join('\n');

describe('validate and approval granted outside the tools and the root configuration', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const project = (files: Record<string, string>) => {
    const repo = new TempRepo({ 'tools/notes.ts': NOTES, ...files });
    repos.push(repo);
    return repo;
  };

  it("the configuration's ignore does not hide an approval grant: code in a file it leaves out still runs", () => {
    const repo = project({
      'scripts/wipe.ts':
        "import { spawnSync } from 'node:child_process';\nspawnSync('npx', ['agent-tools', 'call', 'tools/notes.ts', 'delete_note', '--yes']);\n",
    });
    const grant = validate(repo.dir);
    expect(grant).toHaveLength(1);
    expect(grant[0]).toMatch(/^scripts\/wipe\.ts:2:\d+ {2}warn {3}The command line at scripts\/wipe\.ts /);
    repo.write('agent-tools.config.json', `${JSON.stringify({ ignore: ['scripts/**'] })}\n`);
    expect(validate(repo.dir)).toEqual(grant);
  });

  it('serve --approve in a package.json script and in .mcp.json: a warning at each, naming the JSON path', () => {
    const repo = project({
      '.mcp.json': `${JSON.stringify({ mcpServers: { notes: { command: 'npx', args: ['agent-tools', 'serve', 'tools/notes.ts', '--approve', '*'] } } }, null, 2)}\n`,
    });
    repo.write(
      'package.json',
      PACKAGE({ serve: 'agent-tools serve tools/notes.ts --approve=delete_*', wipe: 'agent-tools call tools/notes.ts delete_note --yes' }),
    );
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    expect(validate(repo.dir)).toEqual([
      `${place(repo, '.mcp.json', '[')}  warn   The command line at .mcp.json $.mcpServers.notes.args (serve --approve "*") lets the tools "*" matches ${WHICH}`,
      `${place(repo, 'package.json', '"agent-tools serve')}  warn   The command line at package.json $.scripts.serve (serve --approve "delete_*") lets the tools "delete_*" matches ${WHICH}`,
      `${place(repo, 'package.json', '"agent-tools call')}  warn   The command line at package.json $.scripts.wipe (call delete_note --yes) lets the tool delete_note ${WHICH}`,
    ]);
  });

  it("an allow in a subfolder's configuration: a warning at the entry; call started there runs the tool unasked, at the root it may not", () => {
    const repo = project({ 'app/agent-tools.config.json': '{\n  "approval": { "allow": ["delete_note"] }\n}\n' });
    expect(validate(repo.dir)).toEqual([
      `${place(repo, 'app/agent-tools.config.json', '"delete_note"')}  warn   Approval rule "delete_note" in app/agent-tools.config.json lets the tools it names run unasked when serve or call runs in app, which reads that configuration instead of the root's.  approval-rules`,
    ]);
    // the grant is real: call reads the configuration of the folder it is started in
    const atRoot = run(repo.dir, 'call', 'tools/notes.ts', 'delete_note', '--id', 'n1');
    const inApp = run(join(repo.dir, 'app'), 'call', '../tools/notes.ts', 'delete_note', '--id', 'n1');
    expect([atRoot.status, inApp.status, inApp.stdout.trim()]).toEqual([2, 0, '{"deleted":"n1"}']);
  });

  it('a dot folder is searched too: its configuration, package.json scripts and .mcp.json (.git, node_modules, dist are not)', () => {
    const repo = project({
      '.srv/agent-tools.config.json': '{ "approval": { "allow": ["*"] } }\n',
      '.ops/package.json': PACKAGE({ serve: 'agent-tools serve ../tools/notes.ts --approve delete_note' }),
      '.ops/.mcp.json': `${JSON.stringify({ mcpServers: { notes: { command: 'agent-tools', args: ['call', '../tools/notes.ts', 'delete_note', '--yes'] } } })}\n`,
      'node_modules/x/agent-tools.config.json': '{ "approval": { "allow": ["*"] } }\n',
    });
    repo.write('package.json', PACKAGE({ mcp: 'cd .srv && agent-tools serve ../tools/notes.ts' }));
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    expect(validate(repo.dir)).toEqual([
      `${place(repo, '.ops/.mcp.json', '[')}  warn   The command line at .ops/.mcp.json $.mcpServers.notes.args (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      `${place(repo, '.ops/package.json', '"agent-tools serve')}  warn   The command line at .ops/package.json $.scripts.serve (serve --approve "delete_note") lets the tools "delete_note" matches ${WHICH}`,
      `${place(repo, '.srv/agent-tools.config.json', '"*"')}  warn   Approval rule "*" in .srv/agent-tools.config.json lets the tools it names run unasked when serve or call runs in .srv, which reads that configuration instead of the root's.  approval-rules`,
    ]);
    // the grant is real: call started in .srv reads its configuration
    const inSrv = run(join(repo.dir, '.srv'), 'call', '../tools/notes.ts', 'delete_note', '--id', 'n1');
    expect([inSrv.status, inSrv.stdout.trim()]).toEqual([0, '{"deleted":"n1"}']);
  });

  it('serve or call run through xargs, which may pass any flag read from a file: a grant of "*" naming the xargs words; call -y is none', () => {
    const repo = project({
      'ops/flags.txt': '--approve delete_note\n',
      '.mcp.json': `${JSON.stringify({ mcpServers: { notes: { command: 'xargs', args: ['-a', 'ops/flags.txt', 'npx', 'agent-tools', 'serve', 'tools/notes.ts'] } } }, null, 2)}\n`,
    });
    repo.write(
      'package.json',
      PACKAGE({
        mcp: 'xargs -a ops/flags.txt npx agent-tools serve tools/notes.ts',
        piped: 'cat ops/flags.txt | xargs npx agent-tools call tools/notes.ts delete_note',
        short: 'agent-tools call tools/notes.ts delete_note --id n1 -y',
      }),
    );
    const WHICH = 'lets every tool run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    expect(validate(repo.dir)).toEqual([
      `${place(repo, '.mcp.json', '[')}  warn   The command line at .mcp.json $.mcpServers.notes.args (an argument filled in at run time, "xargs -a ops/flags.txt", which may pass --approve "*") ${WHICH}`,
      `${place(repo, 'package.json', '"xargs -a')}  warn   The command line at package.json $.scripts.mcp (an argument filled in at run time, "xargs -a ops/flags.txt", which may pass --approve "*") ${WHICH}`,
      `${place(repo, 'package.json', '"cat ops')}  warn   The command line at package.json $.scripts.piped (an argument filled in at run time, "xargs", which may pass --approve "*") ${WHICH}`,
    ]);
    // the grants are real: xargs passes the file's flags to call; call refuses -y
    repo.write('ops/yes.txt', '--yes\n');
    const viaXargs = spawnSync(
      'xargs',
      ['-a', 'ops/yes.txt', process.execPath, bin, 'call', 'tools/notes.ts', 'delete_note', '--id', 'n1'],
      {
        cwd: repo.dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const short = run(repo.dir, 'call', 'tools/notes.ts', 'delete_note', '--id', 'n1', '-y');
    expect([viaXargs.status, viaXargs.stdout.trim(), short.status, short.stderr.split('\n')[0]]).toEqual([
      0,
      '{"deleted":"n1"}',
      2,
      "agent-tools: call: unknown option '-y' (did you mean --yes?)",
    ]);
  });

  it('a bash array over lines run where the command goes, a folded YAML run and a Python starred list: warnings where they run', () => {
    const repo = project({
      'ops/serve.sh': '#!/bin/bash\nargs=(serve tools/notes.ts --no-skills\n  --approve delete_note)\nexec npx agent-tools "${args[@]}"\n',
      '.github/workflows/reset.yml': [
        'on: workflow_dispatch',
        'jobs:',
        '  notes:',
        '    runs-on: ubuntu-24.04',
        '    steps:',
        '      - name: Reset the notes',
        '        run: >-',
        '          npx agent-tools call tools/notes.ts delete_note',
        '          --id n1 --yes',
        '      - run: >-',
        '          npx agent-tools validate',
        '          tools',
        '',
      ].join('\n'),
      'ops/serve.py':
        'import os\nEXTRA = ["--approve",\n         "delete_note"]\nos.execvp("npx", ["npx", "agent-tools", "serve", "tools/notes.ts", *EXTRA])\n',
    });
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    expect(validate(repo.dir)).toEqual([
      `.github/workflows/reset.yml:8:1  warn   The command line at .github/workflows/reset.yml line 8 (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      `ops/serve.py:4:1  warn   The command line at ops/serve.py line 4 (serve --approve "delete_note") lets the tools "delete_note" matches ${WHICH}`,
      `ops/serve.sh:4:1  warn   The command line at ops/serve.sh line 4 (an argument filled in at run time, "\${args[@]}", which may pass --approve "*") lets every tool ${WHICH}`,
    ]);
    // the grant is real: bash passes the array's words, --yes among them, to the command
    const bash = spawnSync(
      'bash',
      ['-c', `args=(call tools/notes.ts delete_note\n --id n1 --yes)\n"${process.execPath}" "${bin}" "\${args[@]}"`],
      {
        cwd: repo.dir,
        encoding: 'utf8',
      },
    );
    expect([bash.status, bash.stdout.trim()]).toEqual([0, '{"deleted":"n1"}']);
  });

  it('--approve and --yes passed to a package script (npm run, pnpm, yarn, bun run) are read at the line that passes them', () => {
    const repo = project({
      '.mcp.json': `${JSON.stringify({ mcpServers: { notes: { command: 'npm', args: ['run', '-s', 'serve-base', '--', '--approve', '*'] } } }, null, 2)}\n`,
    });
    const scripts: Record<string, string> = {
      'serve-base': 'agent-tools serve tools/notes.ts',
      mcp: "npm run serve-base -- --approve 'delete_*'",
      deeper: 'bun run mcp --approve=delete_note',
      'wipe-base': 'agent-tools call tools/notes.ts delete_note',
      wipe: 'pnpm wipe-base --id n1 --yes',
      gone: 'yarn run no-such-script --approve note_*',
      own: 'agent-tools serve tools/notes.ts --approve delete_note',
      again: 'npm run own',
      a: 'npm run b -- --approve x',
      b: 'npm run a',
    };
    repo.write('package.json', PACKAGE(scripts));
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    const at = (name: string) => place(repo, 'package.json', JSON.stringify(scripts[name]));
    expect(validate(repo.dir)).toEqual([
      `${place(repo, '.mcp.json', '[')}  warn   The command line at .mcp.json $.mcpServers.notes.args (serve --approve "*") lets the tools "*" matches ${WHICH}`,
      `${at('mcp')}  warn   The command line at package.json $.scripts.mcp (serve --approve "delete_*") lets the tools "delete_*" matches ${WHICH}`,
      `${at('deeper')}  warn   The command line at package.json $.scripts.deeper (serve --approve "delete_note") lets the tools "delete_note" matches ${WHICH}`,
      `${at('wipe')}  warn   The command line at package.json $.scripts.wipe (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      `${at('gone')}  warn   The command line at package.json $.scripts.gone (serve --approve "note_*") lets the tools "note_*" matches ${WHICH}`,
      `${at('own')}  warn   The command line at package.json $.scripts.own (serve --approve "delete_note") lets the tools "delete_note" matches ${WHICH}`,
    ]);
  });

  it('a process that a project source file starts (execFileSync, spawn, execa, execSync) with call --yes or serve --approve: at the call', () => {
    const repo = project({
      // the grant: a helper a tool imports, run by no command line
      'lib/maintenance.ts': [
        "import { execFileSync } from 'node:child_process';",
        '/** Clears a note before it is rewritten. */',
        'export async function clearNote(id: string) {',
        "  return execFileSync('npx', ['agent-tools', 'call', 'tools/notes.ts', 'delete_note', '--id', id, '--yes'], { encoding: 'utf8' });",
        '}',
        '',
      ].join('\n'),
      'lib/ops.mjs': [
        "import * as cp from 'node:child_process';",
        "import { execa } from 'execa';",
        "const SERVE = ['agent-tools', 'serve', 'tools/notes.ts', '--approve', 'delete_*'];",
        "export const serve = () => cp.spawn('npx', SERVE);",
        "export const wipe = (tool) => execa('npx', ['agent-tools', 'call', 'tools/notes.ts', tool, '--yes']);",
        // not read as a grant: a spread of flags the file does not show (a test harness's or launcher's options)
        "export const more = (extra) => cp.execFile('agent-tools', ['serve', 'tools/notes.ts', ...extra]);",
        "export const purge = () => cp.execSync('npx agent-tools call tools/notes.ts delete_note --id n1 --yes');",
        '',
      ].join('\n'),
      // none: agent-tools validate, call without --yes, git, a test file; a command line written as a literal counts, whoever runs it
      'lib/quiet.ts': [
        "import { execFileSync, execSync, spawnSync } from 'node:child_process';",
        "const HELP = 'npx agent-tools call tools/notes.ts delete_note --yes';",
        'export function check(id: string) {',
        "  execFileSync('npx', ['agent-tools', 'validate', '.']);",
        "  execFileSync('npx', ['agent-tools', 'call', 'tools/notes.ts', 'delete_note', '--id', id]);",
        "  spawnSync('git', ['commit', '--yes', '-m', id]);",
        "  execSync('git status --porcelain');",
        '  console.log(HELP);',
        '}',
        '',
      ].join('\n'),
      'lib/maintenance.test.ts':
        "import { execFileSync } from 'node:child_process';\nexecFileSync('npx', ['agent-tools', 'call', 'tools/notes.ts', 'delete_note', '--yes']);\n",
      'lib/__tests__/wipe.ts':
        "import { execSync } from 'node:child_process';\nexecSync('npx agent-tools serve tools/notes.ts --approve delete_note');\n",
    });
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    const EVERY = `every tool ${WHICH}`;
    expect(validate(repo.dir)).toEqual([
      `${place(repo, 'lib/maintenance.ts', 'execFileSync(')}  warn   The command line at lib/maintenance.ts line 4 (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      `${place(repo, 'lib/ops.mjs', "cp.spawn('npx'")}  warn   The command line at lib/ops.mjs line 4 (serve --approve "delete_*") lets the tools "delete_*" matches ${WHICH}`,
      `${place(repo, 'lib/ops.mjs', 'execa(')}  warn   The command line at lib/ops.mjs line 5 (an argument filled in at run time, "tool", which may pass --approve "*") lets ${EVERY}`,
      `${place(repo, 'lib/ops.mjs', 'cp.execSync(')}  warn   The command line at lib/ops.mjs line 7 (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      `${place(repo, 'lib/quiet.ts', "'npx agent-tools call")}  warn   The command line at lib/quiet.ts line 2 (call delete_note --yes) lets the tool delete_note ${WHICH}`,
    ]);
  });

  it('a JSON data file holding an AI SDK approval answer that says yes (a runbook, a saved conversation, UI messages): a warning at it', () => {
    const repo = project({
      'package.json': PACKAGE({}),
      'data/approval-defaults.json': '{ "type": "tool-approval-response", "approved": true, "reason": "pre-approved by the runbook" }\n',
      'data/resume.json': [
        '[',
        '  { "role": "user", "content": "Clean up my notes." },',
        '  { "role": "tool", "content": [ { "type": "tool-approval-response", "approvalId": "a1", "approved": true } ] }',
        ']',
        '',
      ].join('\n'),
      // a saved UI conversation (useChat's messages): convertToModelMessages makes the part a tool-approval-response
      'data/ui-chat.json': [
        '[',
        '  { "id": "u1", "role": "user", "parts": [{ "type": "text", "text": "Delete n1." }] },',
        '  { "id": "a1", "role": "assistant", "parts": [',
        '    { "type": "tool-delete_note", "toolCallId": "c1", "state": "approval-responded", "input": { "id": "n1" }, "approval": { "id": "a1", "approved": true } }',
        '  ] }',
        ']',
        '',
      ].join('\n'),
      // none: an answer that says no, and the words in a string
      'data/denied.json':
        '{ "answers": [{ "type": "tool-approval-response", "approvalId": "a2", "approved": false }], "note": "tool-approval-response" }\n',
      'data/ui-denied.json':
        '[{ "type": "tool-delete_note", "state": "approval-responded", "approval": { "id": "a3", "approved": false } }, "approval-responded"]\n',
    });
    const MESSAGE = `holds an AI SDK approval answer that says yes ("approved": true), which code may hand to generateText as the user's answer, so any tool may run unasked, which neither the tools nor their approval rules show.  approval-rules`;
    expect(validate(repo.dir)).toEqual([
      `${place(repo, 'data/approval-defaults.json', '{ "type"')}  warn   The data file data/approval-defaults.json at $ ${MESSAGE}`,
      `${place(repo, 'data/resume.json', '{ "type"')}  warn   The data file data/resume.json at $[1].content[0] ${MESSAGE}`,
      `${place(repo, 'data/ui-chat.json', '{ "type": "tool-delete_note"')}  warn   The data file data/ui-chat.json at $[1].parts[0] ${MESSAGE}`,
    ]);
  });

  it('any other text file is read line by line, YAML argv lists and JS literals too: systemd, supervisord, pm2, Kubernetes', () => {
    const SERVE = 'tools/notes.ts --http 3100 --approve delete_note';
    const repo = project({
      'deploy/notes-mcp.service': `[Unit]\nDescription=Notes\n\n[Service]\nExecStart=/usr/bin/npx agent-tools serve ${SERVE}\nRestart=always\n`,
      'deploy/supervisord.conf': '[program:notes]\ncommand=agent-tools call tools/notes.ts delete_note --yes\ndirectory=/srv/app\n',
      'ecosystem.config.cjs': [
        'module.exports = {',
        `  apps: [{ name: 'notes', script: 'npx', args: 'agent-tools serve ${SERVE}' }],`,
        "  jobs: [{ command: 'agent-tools', args: ['serve', 'tools/notes.ts', '--approve', 'note_*'] }],",
        '};',
        '',
      ].join('\n'),
      'deploy/k8s/notes.yaml': [
        'spec:',
        '  containers:',
        '    - name: notes',
        '      command:',
        '        - npx',
        '      args:',
        '        - agent-tools',
        '        - serve',
        '        - tools/notes.ts',
        '        - --approve',
        '        - "delete_*"',
        '    - name: other',
        '      args:',
        '        - --approve',
        '        - x',
        '',
      ].join('\n'),
      // a Python script, read by its literals, also where a package script runs it: one warning
      'package.json': PACKAGE({ mcp: 'python3 ops/serve.py' }),
      'ops/serve.py': "import subprocess\nsubprocess.run(['npx', 'agent-tools', 'serve', 'tools/notes.ts', '--approve', 'py_*'])\n",
      // none: serve without --approve, validate, a comment, documentation, prose, an unrelated .conf, a binary file, a test file
      'deploy/plain.service': `[Service]\n# ExecStart=agent-tools serve ${SERVE}\nExecStart=npx agent-tools serve tools/notes.ts --http 3100\n`,
      'deploy/check.timer': '[Timer]\nExecStart=npx agent-tools validate .\n',
      CHANGELOG: 'Changed: `agent-tools serve` now takes `--approve` (a glob of tools)\n',
      'nginx.conf': 'server {\n  listen 80;\n  location / { proxy_pass http://localhost:3100; }\n}\n',
      'README.md': `Run \`npx agent-tools serve ${SERVE}\` to let delete_note run unasked.\n`,
      'docs/ops.rst': `agent-tools serve ${SERVE}\n`,
      'data/blob.bin': `\0agent-tools serve ${SERVE}\n`,
      'lib/serve.test.ts': `export const argv = 'npx agent-tools serve ${SERVE}';\n`,
    });
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    const serve = (file: string, at: string, line: number, rule = 'delete_note') =>
      `${at}  warn   The command line at ${file} line ${line} (serve --approve "${rule}") lets the tools "${rule}" matches ${WHICH}`;
    expect(validate(repo.dir)).toEqual([
      serve('deploy/k8s/notes.yaml', 'deploy/k8s/notes.yaml:7:1', 7, 'delete_*'),
      serve('deploy/notes-mcp.service', 'deploy/notes-mcp.service:5:1', 5),
      `deploy/supervisord.conf:2:1  warn   The command line at deploy/supervisord.conf line 2 (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      serve('ecosystem.config.cjs', place(repo, 'ecosystem.config.cjs', "'agent-tools serve"), 2),
      serve('ecosystem.config.cjs', place(repo, 'ecosystem.config.cjs', "['serve'"), 3, 'note_*'),
      serve('ops/serve.py', 'ops/serve.py:2:1', 2, 'py_*'),
    ]);
  });

  it("any JSON file of the project is read: a string, a list of strings, an object's command and args, at the value; comments too", () => {
    const SERVE = 'npx agent-tools serve tools/notes.ts --approve delete_note';
    const WORDS = ['agent-tools', 'serve', 'tools/notes.ts', '--approve', 'delete_note'];
    const repo = project({
      'project.json': JSON.stringify({ name: 'notes', targets: { mcp: { executor: 'nx:run-commands', options: { command: SERVE } } } }),
      '.vscode/tasks.json': JSON.stringify({ version: '2.0.0', tasks: [{ label: 'mcp', type: 'shell', command: SERVE }] }),
      '.zed/settings.json': JSON.stringify({ context_servers: { notes: { command: { path: 'npx', args: WORDS } } } }),
      'opencode.json': JSON.stringify({ mcp: { notes: { type: 'local', command: ['npx', ...WORDS] } } }),
      'deno.json': JSON.stringify({ tasks: { mcp: SERVE } }),
      'deno.jsonc': `{\n  // the server the editor starts\n  "tasks": {\n    "all": "npx agent-tools serve tools/notes.ts --approve '*'", /* every tool */\n  },\n}\n`,
      // no grant: a mention without --approve, a list of files, a lock file
      'notes.json': JSON.stringify({ hint: 'npx agent-tools serve tools/notes.ts', argv: ['agent-tools', 'serve', 'tools/notes.ts'] }),
      'tsconfig.json':
        '{\n  // strict\n  "compilerOptions": { "strict": true, "outDir": "dist" },\n  "include": ["tools", "scripts/*.ts"],\n}\n',
      'package-lock.json': JSON.stringify({ name: 'trial', note: SERVE }),
    });
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    const grant = (file: string, needle: string, path: string, rule = 'delete_note') =>
      `${place(repo, file, needle)}  warn   The command line at ${file} ${path} (serve --approve "${rule}") lets the tools "${rule}" matches ${WHICH}`;
    expect(validate(repo.dir)).toEqual([
      grant('.vscode/tasks.json', '"npx', '$.tasks[0].command'),
      grant('.zed/settings.json', '["agent-tools"', '$.context_servers.notes.command.args'),
      grant('deno.json', '"npx', '$.tasks.mcp'),
      grant('deno.jsonc', '"npx', '$.tasks.all', '*'),
      grant('opencode.json', '["npx"', '$.mcp.notes.command'),
      grant('project.json', '"npx', '$.targets.mcp.options.command'),
    ]);
  });
  const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';

  it('a Markdown file sh runs is read as a shell script; one a runtime reads on stdin as code; the same files not run give nothing', () => {
    const files = {
      'docs/serve.md': '# Serve\n\nnpx agent-tools serve tools/notes.ts --approve delete_note\n',
      'docs/reset.md': 'npx agent-tools call tools/notes.ts delete_note --id n1 --yes\n',
      'ops/purge.txt': PURGE,
    };
    const repo = project(files);
    repo.write('package.json', PACKAGE({ docs: 'cat docs/serve.md docs/reset.md ops/purge.txt' }));
    expect(validate(repo.dir)).toEqual([]);
    repo.write(
      'package.json',
      PACKAGE({
        mcp: 'sh docs/serve.md',
        reset: 'bash < docs/reset.md',
        purge: 'node --import tsx --input-type=module - < ops/purge.txt',
      }),
    );
    expect(validate(repo.dir)).toEqual([
      `docs/reset.md:1:1  warn   The command line at docs/reset.md line 1 (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      `docs/serve.md:3:1  warn   The command line at docs/serve.md line 3 (serve --approve "delete_note") lets the tools "delete_note" matches ${WHICH}`,
      'ops/purge.txt:4:39  warn   The approve callback passed to runTool() approves every call, so every destructive tool runs unasked and no approval rule of the tools is seen to hold.  approval-rules',
    ]);
  });

  it('code given inline to node -e, tsx --eval, python3 -c and perl -e is read; inline code that starts no agent-tools gives nothing', () => {
    const repo = project({});
    const controls = {
      log: 'node -e "console.log(1)"',
      ls: 'python3 -c \'import os; os.system("ls")\'',
      say: "perl -e 'print qq(agent-tools is installed)'",
    };
    repo.write('package.json', PACKAGE(controls));
    expect(validate(repo.dir)).toEqual([]);
    repo.write(
      'package.json',
      PACKAGE({
        ...controls,
        node: "node -e \"require('child_process').spawn('npx',['agent-tools','serve','tools/notes.ts','--approve','delete_note'])\"",
        tsx: "tsx --eval \"import { execSync } from 'node:child_process'; execSync('npx agent-tools call tools/notes.ts delete_note --yes')\"",
        py: 'python3 -c \'import os; os.execvp("npx", "npx agent-tools serve tools/notes.ts --approve delete_note".split())\'',
        pl: "perl -e 'exec qw(npx agent-tools serve tools/notes.ts --approve *)'",
      }),
    );
    const at = (name: string) =>
      place(repo, 'package.json', `"${name}": `).replace(/:(\d+)$/, (_, c: string) => `:${Number(c) + name.length + 4}`);
    expect(validate(repo.dir)).toEqual([
      `${at('node')}  warn   The command line at package.json $.scripts.node (serve --approve "delete_note") lets the tools "delete_note" matches ${WHICH}`,
      `${at('tsx')}  warn   The command line at package.json $.scripts.tsx (call delete_note --yes) lets the tool delete_note ${WHICH}`,
      `${at('py')}  warn   The command line at package.json $.scripts.py (serve --approve "delete_note") lets the tools "delete_note" matches ${WHICH}`,
      `${at('pl')}  warn   The command line at package.json $.scripts.pl (serve --approve "*") lets the tools "*" matches ${WHICH}`,
    ]);
  });

  it('a grant that names only tools that never ask changes nothing and is no warning; one whose glob also names an asking tool is', () => {
    const READ = [
      "import { defineTool } from 'agent-tools';",
      '/** Reads a note. */',
      "export const readNote = defineTool({ name: 'read_note', description: 'Reads one note by its id.', mutates: false,",
      "  params: { id: { type: 'string', description: 'The id of the note.' } }, execute: (_api, { id }) => ({ id }) });",
      '',
    ].join('\n');
    const repo = project({ 'tools/read.ts': READ });
    const scripts = { read: 'agent-tools call tools/read.ts read_note --id n1 --yes', mcp: 'agent-tools serve tools --approve read_note' };
    repo.write('package.json', PACKAGE(scripts));
    expect(validate(repo.dir)).toEqual([]);
    repo.write('package.json', PACKAGE({ ...scripts, all: "agent-tools serve tools --approve '*_note'" }));
    expect(validate(repo.dir)).toEqual([
      `${place(repo, 'package.json', `"agent-tools serve tools --approve '*_note'"`)}  warn   The command line at package.json $.scripts.all (serve --approve "*_note") lets the tools "*_note" matches ${WHICH}`,
    ]);
  });

  it('a shell script passing its own arguments ("$@", $*) to agent-tools counts as any flag; one that passes fixed words does not', () => {
    const repo = project({ 'ops/list.sh': '#!/bin/sh\nnpx agent-tools call tools/notes.ts list_notes\n' });
    repo.write('package.json', PACKAGE({ list: 'sh ops/list.sh' }));
    expect(validate(repo.dir)).toEqual([]);
    repo.write('ops/at.sh', '#!/bin/sh\nexec npx agent-tools "$@"\n');
    repo.write('ops/call.sh', '#!/bin/sh\nnpx agent-tools call tools/notes.ts $*\n');
    const any = (file: string, what: string) =>
      `${file}:2:1  warn   The command line at ${file} line 2 (an argument filled in at run time, "${what}", which may pass --approve "*") ` +
      'lets every tool run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    expect(validate(repo.dir)).toEqual([any('ops/at.sh', '$@'), any('ops/call.sh', '$*')]);
  });

  it('an awk program, a Perl or Ruby file, and a file perl runs whatever its name are read; ones that pass no --yes give nothing', () => {
    const CALL = '"npx", "agent-tools", "call", "tools/notes.ts", "delete_note", "--id", "n1"';
    const repo = project({
      'scripts/list.pl': `#!/usr/bin/perl\nuse strict;\nsystem(${CALL.replace('delete_note', 'list_notes')}) == 0 or die;\n`,
      'scripts/ls.go': 'package main\nimport "os/exec"\nfunc main() { exec.Command("npx", "agent-tools", "export", "tools").Run() }\n',
    });
    const controls = { cols: "awk -F: '{ print $1 }' /etc/passwd", list: 'perl scripts/list.pl' };
    repo.write('package.json', PACKAGE(controls));
    expect(validate(repo.dir)).toEqual([]);
    repo.write('scripts/cleanup.pl', `#!/usr/bin/perl\nuse strict;\n# Remove the stale note.\nsystem(${CALL}, "--yes") == 0 or die;\n`);
    repo.write('ops/tidy', '#!/usr/bin/env ruby\n# tidy the notes\nsystem("npx agent-tools call tools/notes.ts delete_note --yes")\n');
    repo.write('ops/purge.txt', `system(${CALL}, "--yes");\n`);
    repo.write(
      'package.json',
      PACKAGE({
        ...controls,
        tidy: `awk 'BEGIN { exit system("npx agent-tools call tools/notes.ts delete_note --id n1 --yes") }'`,
        purge: 'perl -w ops/purge.txt',
      }),
    );
    const tidy = place(repo, 'package.json', '"tidy": ').replace(/:(\d+)$/, (_, c: string) => `:${Number(c) + 8}`);
    const yes = (where: string, at: string) =>
      `${at}  warn   The command line at ${where} (call delete_note --yes) lets the tool delete_note ${WHICH}`;
    expect(validate(repo.dir)).toEqual([
      yes('ops/purge.txt line 1', 'ops/purge.txt:1:1'),
      yes('ops/tidy line 3', 'ops/tidy:3:1'),
      yes('package.json $.scripts.tidy', tidy),
      yes('scripts/cleanup.pl line 4', 'scripts/cleanup.pl:4:1'),
    ]);
  });

  it('diff: TypeScript code a runtime reads on stdin from a .txt file, approving every call, fails the diff at its approver', () => {
    const repo = new TempRepo({ 'tools/tools.ts': wipeToolbox() });
    repos.push(repo);
    repo.write('ops/purge.txt', PURGE.replace("'../tools/notes.ts'", "'../tools/tools.ts'").replace(/deleteNoteTool/g, 'wipeTable'));
    repo.write('package.json', PACKAGE({ purge: 'node --import tsx --input-type=module - < ops/purge.txt' }));
    const r = cli(repo.dir, 'diff', 'tools', '--base', 'main');
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      '  breaking  approval-relaxed  `wipe_table` may no longer ask for approval (the approve callback passed to runTool() at ops/purge.txt:4:34 approves every call; before: it is destructive)',
    ]);
  });

  it('a file over the 1 MB size cap that runs or configures a run is reported as unread, for every tool; a big data file is not', () => {
    const pad = ' '.repeat(1_000_001);
    const repo = project({
      '.mcp.json': `{${pad}"mcpServers": { "notes": { "command": "npx", "args": ["agent-tools", "serve", "tools/notes.ts", "--approve", "delete_note"] } } }\n`,
      'ops/serve.md': `#${pad}\nnpx agent-tools serve tools/notes.ts --approve delete_note\n`,
      'data/notes.json': `[${pad}{ "id": "n1", "text": "npx serve" }]\n`,
    });
    repo.write('package.json', PACKAGE({ mcp: 'bash ops/serve.md' }));
    const SKIPPED = 'a file over the 1000000-byte size cap, left unread, which may pass --approve "*"';
    const EVERY = 'lets every tool run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';
    expect(validate(repo.dir)).toEqual([
      `.mcp.json:1:1  warn   The command line at .mcp.json line 1 (${SKIPPED}) ${EVERY}`,
      `ops/serve.md:1:1  warn   The command line at ops/serve.md line 1 (${SKIPPED}) ${EVERY}`,
    ]);
  });

  it('diff: a shell script over the size cap that a package script runs fails the diff for every destructive tool', () => {
    const repo = new TempRepo({ 'tools/tools.ts': wipeToolbox() });
    repos.push(repo);
    repo.write('ops/serve.sh', `#!/bin/sh\n#${' '.repeat(1_000_001)}\nnpx agent-tools serve tools/tools.ts --approve wipe_table\n`);
    repo.write('package.json', PACKAGE({ mcp: 'sh ops/serve.sh' }));
    const r = cli(repo.dir, 'diff', 'tools', '--base', 'main');
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      '  breaking  approval-relaxed  `wipe_table` no longer asks for approval (a file over the 1000000-byte size cap, left unread, which may pass --approve "*" in ops/serve.sh:1 lets it run unasked, which neither the tools nor their approval rules show; before: it is destructive)',
    ]);
  });

  it('diff: a script that runs a Markdown file as a shell script fails the diff, at the line of the file', () => {
    const repo = new TempRepo({ 'tools/tools.ts': wipeToolbox() });
    repos.push(repo);
    repo.write('docs/serve.md', '# Serve\n\nnpx agent-tools serve tools/tools.ts --approve wipe_table\n');
    repo.write('package.json', PACKAGE({ mcp: 'source ./docs/serve.md' }));
    const r = cli(repo.dir, 'diff', 'tools', '--base', 'main');
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      '  breaking  approval-relaxed  `wipe_table` no longer asks for approval (serve --approve "wipe_table" in docs/serve.md:3 lets it run unasked, which neither the tools nor their approval rules show; before: it is destructive)',
    ]);
  });
});

describe("validate and --yes passed to the project's own command line, built with toolsToCommands", { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const CLI = `import { Command } from 'commander';
import { toolsToCommands } from 'agent-tools/cli';
import { registry } from './tools/notes.ts';

const program = new Command();
toolsToCommands(registry, { program });
await program.parseAsync();
`;
  const project = (scripts: Record<string, string>, files: Record<string, string> = {}) => {
    const repo = new TempRepo({ 'tools/notes.ts': NOTES, 'cli.ts': CLI, 'other.ts': "console.log('no commands');\n", ...files });
    repos.push(repo);
    // the project's own command line needs commander, as a project that builds one installs it
    symlinkSync(join(checkout, 'node_modules', 'commander'), join(repo.dir, 'node_modules', 'commander'));
    repo.write('package.json', PACKAGE(scripts));
    return repo;
  };
  const lines = (repo: TempRepo) =>
    run(repo.dir, 'validate', '.')
      .stdout.split('\n')
      .filter((l) => l.endsWith('  approval-rules'));

  it('a package.json script and a shell script line running cli.ts delete-note --yes: a warning at each; the call runs unasked', () => {
    const repo = project(
      { purge: 'tsx cli.ts delete-note --id a --yes', list: 'tsx cli.ts delete-note --id a', other: 'tsx other.ts delete-note --yes' },
      { 'ops/purge.sh': '#!/bin/sh\nset -e\nnode cli.ts delete-note --id a --yes\n' },
    );
    const WHICH = 'lets the tool delete_note run without asking for approval, which neither the tools nor their approval rules show.';
    const at = repo.at('package.json', '"tsx cli.ts delete-note --id a --yes"');
    const OWN = 'cli.ts delete-note --yes (a toolsToCommands command line)';
    expect(lines(repo)).toEqual([
      `ops/purge.sh:3:1  warn   The command line at ops/purge.sh line 3 (${OWN}) ${WHICH}  approval-rules`,
      `package.json:${at.line}:${at.column}  warn   The command line at package.json $.scripts.purge (${OWN}) ${WHICH}  approval-rules`,
    ]);
    // the grant is real: the project's own command line runs delete_note unasked with --yes, and refuses it without
    const own = (...args: string[]) => spawnSync(process.execPath, ['cli.ts', ...args], { cwd: repo.dir, encoding: 'utf8' });
    const [withYes, without] = [own('delete-note', '--id', 'a', '--yes'), own('delete-note', '--id', 'a')];
    expect([withYes.status, withYes.stdout.trim(), without.status]).toEqual([0, '{"deleted":"a"}', 2]);
  });

  it('a --yes the CLI adds to its own arguments in code approves nothing: only one on the command line it was started with', () => {
    const repo = project(
      {},
      {
        'added.ts': CLI.replace('await program.parseAsync();', "await program.parseAsync([...process.argv, '--yes']);"),
        'joined.ts': CLI.replace('await program.parseAsync();', "process.argv.push(['', 'yes'].join('--'));\nawait program.parseAsync();"),
      },
    );
    const own = (file: string, ...args: string[]) =>
      spawnSync(process.execPath, [file, ...args], { cwd: repo.dir, encoding: 'utf8', input: '' });
    for (const file of ['added.ts', 'joined.ts']) {
      const r = own(file, 'delete-note', '--id', 'a');
      expect([r.status, r.stdout, r.stderr.split('\n')[0]]).toEqual([
        2,
        '',
        'Tool "delete_note" needs approval before it runs (it is marked destructive (destructive: true)), but --yes is not on the ' +
          'command line this process was started with (code added it), so it approves nothing. It did not run. Run it again with --yes ' +
          'to approve it, or list it under approval.allow in agent-tools.config.json and commit that file.',
      ]);
    }
    // given on the command line, it approves
    expect(own('added.ts', 'delete-note', '--id', 'a', '--yes').stdout.trim()).toBe('{"deleted":"a"}');
  });

  it('no warning without --yes, nor for a file that builds no command line; a word filled in at run time may pass --yes', () => {
    const repo = project(
      { list: 'tsx cli.ts delete-note --id a', other: 'tsx other.ts delete-note --yes' },
      { 'ops/other.sh': '#!/bin/sh\nnode other.ts --yes\nnode cli.ts delete-note --id a\nnode cli.ts delete-note $FLAGS\n' },
    );
    expect(lines(repo)).toEqual([
      'ops/other.sh:4:1  warn   The command line at ops/other.sh line 4 (cli.ts delete-note $FLAGS (a toolsToCommands command line, ' +
        'where "$FLAGS" is filled in at run time and may pass --yes)) lets the tool delete_note run without asking for approval, ' +
        'which neither the tools ' +
        'nor their approval rules show.  approval-rules',
    ]);
  });
});

describe(
  'validate and diff read a command line as it runs: join, concat, Python +, continuation, alias, config keys',
  { timeout: 120_000 },
  () => {
    const repos: TempRepo[] = [];
    afterAll(() => repos.forEach((r) => r.dispose()));
    /** The notes toolbox with a read-only list_notes too, which asks for no approval. */
    const TOOLBOX = NOTES.replace(
      'export const CORE_TOOLS = [deleteNoteTool];',
      [
        '/** Lists the ids of the notes. */',
        'export const listNotesTool = defineTool({',
        "  name: 'list_notes',",
        "  description: 'Lists the ids of the notes.',",
        '  mutates: false,',
        '  params: {},',
        '  execute: () => ({ ids: [] }),',
        '});',
        '',
        'export const CORE_TOOLS = [deleteNoteTool, listNotesTool];',
      ].join('\n'),
    );
    /** A project whose package.json script `maint` runs `script`, with `files` written after the base commit. */
    const project = (script: string, files: Record<string, string>) => {
      const repo = new TempRepo({ 'tools/notes.ts': TOOLBOX });
      repos.push(repo);
      for (const [file, text] of Object.entries(files)) repo.write(file, text);
      repo.write('package.json', PACKAGE({ maint: script }));
      return repo;
    };
    const WHICH = 'run without asking for approval, which neither the tools nor their approval rules show.';
    /** validate's approval-rules lines and diff's exit code and approval-relaxed lines for `repo`. */
    const findings = (repo: TempRepo) => {
      const d = run(repo.dir, 'diff', 'tools', '--base', 'main');
      return { validate: validate(repo.dir), diff: [d.status, ...d.stdout.split('\n').filter((l) => l.includes('approval-relaxed'))] };
    };
    const relaxed = (how: string, where: string, more = '') =>
      `  breaking  approval-relaxed  \`delete_note\` no longer asks for approval (${how} in ${where} lets it run unasked, which neither the tools nor their approval rules show${more}; before: it is destructive)`;
    /** validate's warning, at `at`, of the command line at `file` line `line` (`what` it passes) that lets `whom` run unasked. */
    const warning = (at: string, file: string, line: number, what: string, whom = 'the tool delete_note') =>
      `${at}  warn   The command line at ${file} line ${line} (${what}) lets ${whom} ${WHICH}  approval-rules`;
    /** What validate and diff say of `file` of `repo` when its line `line` runs call delete_note --yes, started at `needle`. */
    const callsDeleteNote = (repo: TempRepo, file: string, needle: string, line: number) => ({
      validate: [warning(place(repo, file, needle), file, line, 'call delete_note --yes')],
      diff: [1, relaxed('call delete_note --yes', `${file}:${line}`)],
    });
    const EVERY = (word: string) => `an argument filled in at run time, "${word}", which may pass --approve "*"`;
    const FILLED = (word: string) => `a command-line argument filled in at run time ("${word}"), which may pass --approve "*" or --yes`;

    it('execSync of a list joined with spaces: a const is its value, a spread of a loop variable any flag; no --yes or a comma join: none', () => {
      const repo = project('tsx scripts/maint.ts', {
        'scripts/maint.ts': [
          "import { execSync } from 'node:child_process';",
          "const TOOLS = 'tools/notes.ts';",
          "const steps = [['delete_note', '--id', 'n1']];",
          "for (const step of steps) console.log(execSync(['npx agent-tools call', TOOLS, ...step, '--yes'].join(' '), { encoding: 'utf8' }));",
          "execSync(['npx agent-tools call', TOOLS, 'delete_note', '--id', 'n2', '--yes'].join(' '));",
          // none: a read-only tool without --yes, and lists joined with commas (the default), which no shell runs as call --yes
          "execSync(['npx agent-tools call', TOOLS, 'list_notes'].join(' '));",
          "execSync(['npx agent-tools call', TOOLS, 'delete_note', '--yes'].join(','));",
          "execSync(['npx agent-tools call', TOOLS, 'delete_note', '--yes'].join());",
          '',
        ].join('\n'),
      });
      expect(findings(repo)).toEqual({
        validate: [
          warning(place(repo, 'scripts/maint.ts', 'execSync(['), 'scripts/maint.ts', 4, EVERY('${...step}'), 'every tool'),
          warning('scripts/maint.ts:5:1', 'scripts/maint.ts', 5, 'call delete_note --yes'),
        ],
        diff: [1, relaxed(FILLED('${...step}'), 'scripts/maint.ts:4', ' (and 1 more: call delete_note --yes in scripts/maint.ts:5)')],
      });
    });

    it("a promisified exec run on a list joined with ' ': the tool it calls with --yes", () => {
      const repo = project('tsx scripts/maint.ts', {
        'scripts/maint.ts': [
          "import { exec } from 'node:child_process';",
          "import { promisify } from 'node:util';",
          'const sh = promisify(exec);',
          "const TOOLS = 'tools/notes.ts';",
          "const { stdout } = await sh(['npx agent-tools call', TOOLS, 'delete_note', '--id', 'n1', '--yes'].join(' '));",
          'console.log(stdout);',
          '',
        ].join('\n'),
      });
      expect(findings(repo)).toEqual(callsDeleteNote(repo, 'scripts/maint.ts', 'sh([', 5));
    });

    it("spawnSync's argument list built with concat: the list's words, then a const list's; a concat without --yes: none", () => {
      const repo = project('node scripts/maint.mjs', {
        'scripts/maint.mjs': [
          "import { spawnSync } from 'node:child_process';",
          "const TOOLS = 'tools/notes.ts';",
          "const CONFIRM = ['--yes'];",
          "const argv = ['agent-tools', 'call', TOOLS, 'delete_note', '--id', 'n1'].concat(CONFIRM);",
          "console.log(spawnSync('npx', argv, { encoding: 'utf8' }).stdout);",
          "spawnSync('npx', ['agent-tools', 'call', TOOLS, 'delete_note'].concat(['--id', 'n2']));",
          '',
        ].join('\n'),
      });
      expect(findings(repo)).toEqual(callsDeleteNote(repo, 'scripts/maint.mjs', "spawnSync('npx', argv", 5));
    });

    it('a Python list + a list the file assigns is one command line, a string name read as its text; + a name not assigned: any flag', () => {
      const repo = project('python3 scripts/maint.py && python3 scripts/more.py', {
        'scripts/maint.py': [
          'import subprocess',
          'TOOLS = "tools/notes.ts"',
          'CONFIRM = ["--yes"]',
          'cmd = ["npx", "agent-tools", "call", TOOLS, "delete_note", "--id", "n1"] + CONFIRM',
          'print(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip())',
          'ID = ["--id", "n2"]',
          'subprocess.run(["npx", "agent-tools", "call", TOOLS, "delete_note"] + ID)',
          '',
        ].join('\n'),
        'scripts/more.py':
          'import subprocess, sys\nEXTRA = sys.argv[1:]\nsubprocess.run(["npx", "agent-tools", "call", "tools/notes.ts", "delete_note"] + EXTRA)\n',
      });
      expect(findings(repo)).toEqual({
        validate: [
          warning('scripts/maint.py:4:1', 'scripts/maint.py', 4, 'call delete_note --yes'),
          warning('scripts/more.py:3:1', 'scripts/more.py', 3, EVERY('${EXTRA}'), 'every tool'),
        ],
        diff: [1, relaxed('call delete_note --yes', 'scripts/maint.py:4', ` (and 1 more: ${FILLED('${EXTRA}')} in scripts/more.py:3)`)],
      });
    });

    it('a spawned argument computed from literals (+, a const, a template) is its value; one not shown, where a flag goes: any flag', () => {
      const head = "import { spawnSync } from 'node:child_process';\nconst TOOLS = 'tools/notes.ts';\n";
      const repo = project('tsc --noEmit', {
        'scripts/concat.ts': `${head}spawnSync('npx', ['agent-tools', 'call', TOOLS, 'delete_note', '--id', 'n1', '--y' + 'es']);\n`,
        'scripts/const.ts': `${head}const FLAG = '--y' + 'es';\nspawnSync('npx', ['agent-tools', 'call', TOOLS, 'delete_note', FLAG]);\n`,
        'scripts/template.ts': `${head}const Y = 'y';\nspawnSync('npx', ['agent-tools', 'call', TOOLS, 'delete_note', \`--\${Y}es\`]);\n`,
        'scripts/b64.ts': `${head}const flag = Buffer.from('LS15ZXM=', 'base64').toString();\nspawnSync('npx', ['agent-tools', 'call', TOOLS, 'delete_note', '--id', 'n1', flag]);\n`,
        // none: no --yes once computed, and an argument not shown that follows an option is its value, as before
        'scripts/quiet.ts': [
          head.trimEnd(),
          'export function list(id: string) {',
          "  spawnSync('npx', ['agent-tools', 'call', TOOLS, 'list' + '_notes', '--id', id]);",
          "  spawnSync('npx', ['agent-tools', 'call', TOOLS, 'delete_note', '--' + 'dry-run', '--id', String(id)]);",
          '}',
          '',
        ].join('\n'),
      });
      const at = (file: string) => place(repo, file, "spawnSync('npx'");
      expect(findings(repo)).toEqual({
        validate: [
          warning(at('scripts/b64.ts'), 'scripts/b64.ts', 4, EVERY('flag'), 'every tool'),
          warning(at('scripts/concat.ts'), 'scripts/concat.ts', 3, 'call delete_note --yes'),
          warning(at('scripts/const.ts'), 'scripts/const.ts', 4, 'call delete_note --yes'),
          warning(at('scripts/template.ts'), 'scripts/template.ts', 4, 'call delete_note --yes'),
        ],
        diff: [
          1,
          relaxed(
            FILLED('flag'),
            'scripts/b64.ts:4',
            ` (and 3 more: ${['concat.ts:3', 'const.ts:4', 'template.ts:4'].map((f) => `call delete_note --yes in scripts/${f}`).join('; ')})`,
          ),
        ],
      });
    });

    it("a literal's escapes by code and literals joined (+, Perl's ., Python's white space) are read as the language reads them; qw too", () => {
      const repo = project('tsc --noEmit', {
        'ops/escape.py':
          'import subprocess\nsubprocess.run(["npx", "agent-tools", "call", "tools/notes.ts", "delete_note", "--y\\x65s"])\n',
        'ops/adjacent.py':
          'import subprocess\nsubprocess.run(["npx", "agent-tools", "call", "tools/notes.ts", "delete_note",\n  "--y" "es"])\n',
        'ops/qw.pl': '#!/usr/bin/perl\nsystem(qw(npx agent-tools call tools/notes.ts delete_note --yes));\n',
        'ops/concat.pl': '#!/usr/bin/perl\nsystem("npx", "agent-tools", "call", "tools/notes.ts", "delete_note", "--y" . "es");\n',
        // none: literals joined that give no --yes, a Perl single-quoted literal (no escape by code), qw without --yes
        'ops/quiet.py':
          'import subprocess\nsubprocess.run(["npx", "agent-tools", "call", "tools/notes.ts", "list" + "_notes", "--id" "n1"])\n',
        'ops/quiet.pl':
          "system('npx', 'agent-tools', 'call', 'tools/notes.ts', 'delete_note', '--y\\x65s');\nsystem(qw[agent-tools call t list_notes]);\n",
      });
      expect(findings(repo)).toEqual({
        validate: [
          warning('ops/adjacent.py:2:1', 'ops/adjacent.py', 2, 'call delete_note --yes'),
          warning('ops/concat.pl:2:1', 'ops/concat.pl', 2, 'call delete_note --yes'),
          warning('ops/escape.py:2:1', 'ops/escape.py', 2, 'call delete_note --yes'),
          warning('ops/qw.pl:2:1', 'ops/qw.pl', 2, 'call delete_note --yes'),
        ],
        diff: [
          1,
          relaxed(
            'call delete_note --yes',
            'ops/adjacent.py:2',
            ` (and 3 more: ${['concat.pl:2', 'escape.py:2', 'qw.pl:2'].map((f) => `call delete_note --yes in ops/${f}`).join('; ')})`,
          ),
        ],
      });
    });

    const CALL = 'npx agent-tools call tools/notes.ts delete_note --id n1';

    it('a backslash-newline inside a word vanishes as in a shell: a script, a Makefile recipe, a workflow run block, a package script', () => {
      const repo = project(`${CALL.slice(4)} --y\\\nes`, {
        'ops/purge.sh': `#!/bin/sh\n${CALL} --y\\\nes\n`,
        Makefile: `purge:\n\t${CALL} --y\\\n\tes\n`,
        '.github/workflows/purge.yml': `on: push\njobs:\n  purge:\n    steps:\n      - run: |\n          ${CALL} --y\\\n          es\n`,
        // none: a continuation between whole words, with no --yes
        'ops/show.sh': `#!/bin/sh\n${CALL} \\\n  --format json\n`,
      });
      const more = ['Makefile:2', 'ops/purge.sh:2', '.github/workflows/purge.yml:6'].map((at) => `call delete_note --yes in ${at}`);
      expect(findings(repo)).toEqual({
        validate: [
          warning('.github/workflows/purge.yml:6:1', '.github/workflows/purge.yml', 6, 'call delete_note --yes'),
          warning('Makefile:2:1', 'Makefile', 2, 'call delete_note --yes'),
          warning('ops/purge.sh:2:1', 'ops/purge.sh', 2, 'call delete_note --yes'),
          `${place(repo, 'package.json', '"agent-tools call')}  warn   The command line at package.json $.scripts.maint (call delete_note --yes) lets the tool delete_note ${WHICH}  approval-rules`,
        ],
        diff: [1, relaxed('call delete_note --yes', 'package.json at $.scripts.maint', ` (and 3 more: ${more.join('; ')})`)],
      });
    });

    it('a brace list or a glob in a flag of call (a committed empty file --yes) may be any flag; one in another program is none', () => {
      const repo = project(`${CALL.slice(4)} --ye?`, {
        '--yes': '',
        'ops/purge.sh': `#!/bin/bash\n${CALL} {--yes,}\n${CALL} --ye[s]\n`,
        // none: a brace list and a glob passed to other programs, and call without either
        'ops/backup.sh': `#!/bin/bash\ncp notes/{a,b}.txt backup/\nls -- -*\n${CALL}\n`,
      });
      expect(findings(repo)).toEqual({
        validate: [
          warning('ops/purge.sh:2:1', 'ops/purge.sh', 2, EVERY('{--yes,}'), 'every tool'),
          warning('ops/purge.sh:3:1', 'ops/purge.sh', 3, EVERY('--ye[s]'), 'every tool'),
          `${place(repo, 'package.json', '"agent-tools call')}  warn   The command line at package.json $.scripts.maint (${EVERY('--ye?')}) lets every tool ${WHICH}  approval-rules`,
        ],
        diff: [
          1,
          relaxed(
            FILLED('--ye?'),
            'package.json at $.scripts.maint',
            ` (and 2 more: ${FILLED('{--yes,}')} in ops/purge.sh:2; ${FILLED('--ye[s]')} in ops/purge.sh:3)`,
          ),
        ],
      });
    });

    it('a bash alias naming agent-tools is read with its words in place, and an alias after one ending in a space too', () => {
      const repo = project('bash ops/purge.sh', {
        // none: ll, an alias that names no agent-tools, and the agent-tools one with no --yes after it
        'ops/purge.sh': `#!/bin/bash\nshopt -s expand_aliases\nalias notes="${CALL} "\nalias confirmed="--yes"\nnotes confirmed\n${[
          'alias ll="ls -la"',
          'll --yes',
          'notes --format json',
        ].join('\n')}\n`,
      });
      expect(findings(repo)).toEqual(callsDeleteNote(repo, 'ops/purge.sh', 'notes confirmed', 5));
    });

    it("a Makefile's SHELL naming a shell of the project runs every recipe: every tool, at that line; a standard shell is none", () => {
      const repo = project('make purge', {
        Makefile: `SHELL := ./ops/confirming-shell\n\npurge:\n\t${CALL}\n`,
        'ops/confirming-shell': '#!/bin/sh\nshift\nexec /bin/sh -c "$* --yes"\n',
        'app/Makefile': `SHELL := /bin/bash\nexport SHELL ?= /usr/bin/env bash\nSHELL := $(shell which bash)\n\npurge:\n\t${CALL}\n`,
        'web/Makefile': `SHELL = \${shell command -v zsh}\n\npurge:\n\t${CALL}\n`,
      });
      const how =
        "SHELL ./ops/confirming-shell, the project's own shell, which make runs every recipe line through and which may rewrite them, adding --yes or --approve";
      expect(findings(repo)).toEqual({
        validate: [warning('Makefile:1:1', 'Makefile', 1, how, 'every tool')],
        diff: [
          1,
          "  breaking  approval-relaxed  `delete_note` no longer asks for approval (SHELL ./ops/confirming-shell in Makefile:1, the project's own shell, which make runs every recipe line through and which may rewrite them, adding --yes or --approve, lets it run unasked, which neither the tools nor their approval rules show; before: it is destructive)",
        ],
      });
    });

    it('node --run, npm rum, urn and run-script pass the words after -- to a package script as npm run does; node --run build none', () => {
      const repo = project('node --run purge -- --yes', {});
      const scripts = {
        maint: 'node --run purge -- --yes',
        rum: 'npm rum purge -- --yes',
        urn: 'npm urn purge -- --yes',
        'run-script': 'npm run-script purge -- --yes',
        purge: CALL.slice(4),
        // none: a script node --run runs with no extra words
        build: 'tsc -p .',
        ci: 'node --run build',
      };
      repo.write('package.json', `${JSON.stringify({ name: 'trial', private: true, type: 'module', scripts }, null, 2)}\n`);
      const yes = (name: string) =>
        `${place(repo, 'package.json', `"${scripts[name as keyof typeof scripts]}"`)}  warn   The command line at package.json $.scripts${name.includes('-') ? `["${name}"]` : `.${name}`} (call delete_note --yes) lets the tool delete_note ${WHICH}  approval-rules`;
      expect(findings(repo).validate).toEqual(['maint', 'rum', 'urn', 'run-script'].map(yes));
    });

    it('a VS Code launch configuration: its runtime, program (agent-tools bin) and args are one command line; a project program is none', () => {
      const LAUNCH = (program: string, args: string[], runtime: Record<string, unknown> = {}) =>
        `${JSON.stringify({ version: '0.2.0', configurations: [{ type: 'node', request: 'launch', ...runtime, program, args }] }, null, 2)}\n`;
      const repo = project('true', {
        '.vscode/launch.json': LAUNCH('${workspaceFolder}/node_modules/agent-tools/bin/agent-tools.js', [
          'call',
          'tools/notes.ts',
          'delete_note',
          '--id',
          'n1',
          '--yes',
        ]),
        'ops/.vscode/launch.json': LAUNCH('${workspaceFolder}/scripts/seed.js', ['--id', 'n1', '--yes'], {
          runtimeExecutable: 'node',
          runtimeArgs: ['--enable-source-maps'],
        }),
        'scripts/seed.js': "console.log('seeded');\n",
      });
      const at = '.vscode/launch.json $.configurations[0].args';
      expect(findings(repo)).toEqual({
        validate: [
          `${place(repo, '.vscode/launch.json', '[\n        "call"')}  warn   The command line at ${at} (call delete_note --yes) lets the tool delete_note ${WHICH}  approval-rules`,
        ],
        diff: [1, relaxed('call delete_note --yes', `.vscode/launch.json at $.configurations[0].args`)],
      });
    });

    it('a Compose service: its entrypoint then its command, lists or strings, are one command line; one without agent-tools is none', () => {
      const repo = project('true', {
        'compose.yaml': [
          'services:',
          '  purge:',
          '    entrypoint: ["npx", "agent-tools", "call", "tools/notes.ts", "delete_note"]',
          '    command: ["--id", "n1", "--yes"]',
          '  sweep:',
          '    entrypoint: npx agent-tools call tools/notes.ts delete_note',
          '    command: --id n2 --yes',
          '  web:',
          '    entrypoint: ["node", "server.js"]',
          '    command: ["--yes"]',
          '',
        ].join('\n'),
      });
      expect(findings(repo)).toEqual({
        validate: [
          warning('compose.yaml:4:1', 'compose.yaml', 4, 'call delete_note --yes'),
          warning('compose.yaml:7:1', 'compose.yaml', 7, 'call delete_note --yes'),
        ],
        diff: [1, relaxed('call delete_note --yes', 'compose.yaml:4', ' (and 1 more: call delete_note --yes in compose.yaml:7)')],
      });
    });

    it('a YAML alias in a flow or block list is read as its anchor, a double-quoted escape as decoded; an anchor of --verbose is none', () => {
      const repo = project('true', {
        'compose.yaml': [
          'x-confirm: &confirm --yes',
          'x-verbose: &verbose --verbose',
          'services:',
          '  purge:',
          '    command: [npx, agent-tools, call, tools/notes.ts, delete_note, --id, n1, *confirm]',
          '  sweep:',
          '    command:',
          '      - npx',
          '      - agent-tools',
          '      - call',
          '      - tools/notes.ts',
          '      - delete_note',
          '      - *confirm',
          '  list:',
          '    command: [npx, agent-tools, call, tools/notes.ts, delete_note, *verbose]',
          '',
        ].join('\n'),
        '.github/workflows/nightly.yml': [
          'on: workflow_dispatch',
          'jobs:',
          '  purge:',
          '    runs-on: ubuntu-latest',
          '    steps:',
          '      - run: "npx agent-tools call tools/notes.ts delete_note --id n1 --y\\x65s"',
          '      - run: "npx agent-tools call tools/notes.ts delete_note --id \\x6e1"',
          '',
        ].join('\n'),
      });
      expect(findings(repo).validate).toEqual([
        warning('.github/workflows/nightly.yml:6:1', '.github/workflows/nightly.yml', 6, 'call delete_note --yes'),
        warning('compose.yaml:5:1', 'compose.yaml', 5, 'call delete_note --yes'),
        warning('compose.yaml:8:1', 'compose.yaml', 8, 'call delete_note --yes'),
      ]);
    });
  },
);
