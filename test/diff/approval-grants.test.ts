/** Tests that diff fails when a pull request grants approval on a command line or in a subfolder's configuration. */

import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli, wipeToolbox } from './wipe-toolbox.js';

// a second destructive tool, for a glob that reaches one tool before and both after
const TOOLS = wipeToolbox().replace(
  'export const registry = createRegistry({ core: [wipeTable, getRow] });',
  `export const dropTable = defineTool({
  name: 'drop_table',
  description: 'Drop a table and its rows.',
  params: { table: { type: 'string', required: true, description: 'The table name' } },
  execute: async ({ table }) => ({ dropped: table }),
});

export const registry = createRegistry({ core: [wipeTable, getRow, dropTable] });`,
);

const PACKAGE = (scripts: Record<string, string>) =>
  `${JSON.stringify({ name: 'toolbox', private: true, type: 'module', scripts }, null, 2)}\n`;
const MCP = (args: string[]) => `${JSON.stringify({ mcpServers: { notes: { command: 'npx', args } } }, null, 2)}\n`;
const SUMMARY = (breaking: number) =>
  `✖ ${breaking} breaking, 0 minor, 0 patch change${breaking === 1 ? '' : 's'} against main (3 tools, 3 before): a major version bump (exit 1; --allow-breaking accepts them)`;

describe('diff: approval granted on a command line or in a subfolder configuration', { timeout: 120_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  let repo: TempRepo;
  beforeEach(() => {
    repo = new TempRepo({ 'tools/tools.ts': TOOLS });
    repos.push(repo);
  });
  const diff = () => cli(repo.dir, 'diff', 'tools', '--base', 'main');
  const tool = (needle: string) => {
    const at = repo.at('tools/tools.ts', needle);
    return `tools/tools.ts:${at.line}:${at.column}`;
  };
  const relaxed = (name: string, detail: string) =>
    `  breaking  approval-relaxed  \`${name}\` no longer asks for approval (${detail}; before: it is destructive)`;
  // the diff's whole output when `grant` reaches wipe_table only
  const wipeRelaxed = (grant: string) =>
    [`wipe_table  ${tool("defineTool({\n  name: 'wipe_table'")}`, relaxed('wipe_table', grant), '', SUMMARY(1), ''].join('\n');
  // the diff's whole output when `grant` reaches both destructive tools
  const bothRelaxed = (grant: string) =>
    [
      `wipe_table  ${tool("defineTool({\n  name: 'wipe_table'")}`,
      relaxed('wipe_table', grant),
      `drop_table  ${tool("defineTool({\n  name: 'drop_table'")}`,
      relaxed('drop_table', grant),
      '',
      SUMMARY(2),
      '',
    ].join('\n');

  it("serve --approve '*' in .mcp.json fails the diff for each destructive tool, naming the file and the JSON path", () => {
    repo.write('.mcp.json', MCP(['agent-tools', 'serve', 'tools/tools.ts', '--approve', '*']));
    const grant =
      'serve --approve "*" in .mcp.json at $.mcpServers.notes.args lets it run unasked, which neither the tools nor their approval rules show';
    const r = diff();
    expect([r.status, r.stderr, r.stdout]).toEqual([1, '', bothRelaxed(grant)]);
  });

  for (const [form, path, text, at] of [
    [
      'a saved conversation',
      'fixtures/resume.json',
      '[{ "role": "tool", "content": [{ "type": "tool-approval-response", "approvalId": "a1", "approved": true }] }]\n',
      '$[0].content[0]',
    ],
    [
      'saved UI messages (a tool part approval-responded)',
      'fixtures/ui-chat.json',
      '[{ "id": "a1", "role": "assistant", "parts": [{ "type": "tool-wipe_table", "state": "approval-responded", "approval": { "id": "a1", "approved": true } }] }]\n',
      '$[0].parts[0]',
    ],
  ] as const)
    it(`${form} holding an AI SDK approval answer that says yes fails the diff for each destructive tool, at the answer; a no does not`, () => {
      repo.write(path, text);
      const grant = `an AI SDK approval answer that says yes ("approved": true) in ${path} at ${at} lets it run unasked, which neither the tools nor their approval rules show`;
      const r = diff();
      expect([r.status, r.stderr, r.stdout]).toEqual([1, '', bothRelaxed(grant)]);
      repo.edit(path, '"approved": true', '"approved": false');
      expect(diff().status).toBe(0);
    });

  it('two new grants for a tool are both named: the first, and the other after it', () => {
    repo.write('.mcp.json', MCP(['agent-tools', 'serve', 'tools/tools.ts', '--approve', 'wipe_table']));
    repo.write('package.json', PACKAGE({ purge: 'agent-tools call tools/tools.ts wipe_table --yes' }));
    const line = diff().stdout.split('\n')[1];
    expect(line).toBe(
      relaxed(
        'wipe_table',
        'call wipe_table --yes in package.json at $.scripts.purge lets it run unasked, which neither the tools nor their approval rules show (and 1 more: serve --approve "wipe_table" in .mcp.json at $.mcpServers.notes.args)',
      ),
    );
  });

  it('a package.json script whose --approve glob is widened fails for the tools it now reaches only', () => {
    repo.write('package.json', PACKAGE({ serve: 'agent-tools serve tools/tools.ts --approve wipe_table' }));
    repo.commit('serve approves wipe_table');
    repo.write('package.json', PACKAGE({ serve: "agent-tools serve tools/tools.ts --approve '*'" }));
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      [
        `drop_table  ${tool("defineTool({\n  name: 'drop_table'")}`,
        relaxed(
          'drop_table',
          'serve --approve "*" in package.json at $.scripts.serve lets it run unasked, which neither the tools nor their approval rules show',
        ),
        '',
        SUMMARY(1),
        '',
      ].join('\n'),
    ]);
  });

  it('call <module> <tool> --yes in a script fails for that tool, by its kebab-case command name too', () => {
    repo.write('package.json', PACKAGE({ wipe: 'npm run build && npx agent-tools call tools/tools.ts wipe-table --id 1 --yes 2>&1' }));
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      wipeRelaxed(
        'call wipe-table --yes in package.json at $.scripts.wipe lets it run unasked, which neither the tools nor their approval rules show',
      ),
    ]);
  });

  it('serve run through xargs (flags read from a file or stdin) fails the diff for each destructive tool, naming the xargs words; call -y is no grant', () => {
    repo.write('ops/flags.txt', '--approve wipe_table\n');
    repo.write('package.json', PACKAGE({ wipe: 'agent-tools call tools/tools.ts wipe_table --table t -y' }));
    expect([diff().status, diff().stdout.split('\n')[0]]).toEqual([0, '✔ no changes against main (3 tools, 3 before): no version bump']);
    for (const [file, text, at, words] of [
      [
        'package.json',
        PACKAGE({ mcp: 'xargs -a ops/flags.txt npx agent-tools serve tools/tools.ts' }),
        '$.scripts.mcp',
        'xargs -a ops/flags.txt',
      ],
      ['package.json', PACKAGE({ mcp: 'cat ops/flags.txt | xargs -r npx agent-tools serve tools/tools.ts' }), '$.scripts.mcp', 'xargs -r'],
      [
        '.mcp.json',
        `${JSON.stringify({ mcpServers: { notes: { command: 'xargs', args: ['-a', 'ops/flags.txt', 'npx', 'agent-tools', 'serve', 'tools/tools.ts'] } } })}\n`,
        '$.mcpServers.notes.args',
        'xargs -a ops/flags.txt',
      ],
    ] as const) {
      repo.write(file, text);
      const grant = `a command-line argument filled in at run time (${JSON.stringify(words)}), which may pass --approve "*" or --yes in ${file} at ${at} lets it run unasked, which neither the tools nor their approval rules show`;
      const r = diff();
      expect([r.status, r.stdout], text).toEqual([1, bothRelaxed(grant)]);
      if (file === '.mcp.json') repo.remove(file);
      else repo.write(file, PACKAGE({}));
    }
  });

  it("an allow in a subfolder's agent-tools.config.json fails, though the root configuration asks for the tool", () => {
    repo.write('agent-tools.config.json', '{ "approval": { "ask": ["wipe_table"] } }\n');
    repo.commit('the root asks');
    repo.write('app/agent-tools.config.json', '{ "approval": { "allow": ["wipe_*"] } }\n');
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      [
        `wipe_table  ${tool("defineTool({\n  name: 'wipe_table'")}`,
        '  breaking  approval-relaxed  `wipe_table` no longer asks for approval (approval.allow "wipe_*" in app/agent-tools.config.json at $.approval.allow[0] lets it run unasked when serve or call runs in app, where the root configuration is not read; before: approval.ask "wipe_table" of agent-tools.config.json)',
        '',
        SUMMARY(1),
        '',
      ].join('\n'),
    ]);
  });

  it('a grant the base had, and an --approve an ask rule of the folder holds back, change nothing; call --yes passes the ask', () => {
    const none = '✔ no changes against main (3 tools, 3 before): no version bump\n';
    repo.write('package.json', PACKAGE({ serve: 'agent-tools serve tools/tools.ts --approve=*' }));
    repo.commit('serve approves all');
    repo.write('package.json', PACKAGE({ start: 'agent-tools --debug serve tools/tools.ts --approve "*"' }));
    expect([diff().status, diff().stdout]).toEqual([0, none]);
    repo.write('package.json', PACKAGE({}));
    repo.commit('no script');
    repo.write('agent-tools.config.json', '{ "approval": { "ask": ["*_table"] } }\n');
    repo.commit('the root asks');
    repo.write('.mcp.json', MCP(['agent-tools', 'serve', 'tools/tools.ts', '--approve', '*']));
    expect([diff().status, diff().stdout]).toEqual([0, none]);
    // call --yes approves what an ask rule asks for: only a deny holds it back
    repo.write('.mcp.json', MCP(['-y', 'agent-tools', 'call', 'tools/tools.ts', 'drop_table', '--yes']));
    expect([diff().status, diff().stdout.split('\n')[1]]).toEqual([
      1,
      '  breaking  approval-relaxed  `drop_table` no longer asks for approval (call drop_table --yes in .mcp.json at $.mcpServers.notes.args lets it run unasked, which neither the tools nor their approval rules show; before: approval.ask "*_table" of agent-tools.config.json)',
    ]);
  });

  it("--approve passed to a package script from .mcp.json, and an allow in a dot folder's configuration, fail the diff", () => {
    repo.write('package.json', PACKAGE({ 'serve-base': 'agent-tools serve tools/tools.ts' }));
    repo.commit('a script that serves');
    repo.write(
      '.mcp.json',
      `${JSON.stringify({ mcpServers: { notes: { command: 'npm', args: ['run', '-s', 'serve-base', '--', '--approve', 'wipe_*'] } } })}\n`,
    );
    const r = diff();
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      relaxed(
        'wipe_table',
        'serve --approve "wipe_*" in .mcp.json at $.mcpServers.notes.args lets it run unasked, which neither the tools nor their approval rules show',
      ),
    ]);
    repo.commit('the client approves wipe_*');
    repo.write('.srv/agent-tools.config.json', '{ "approval": { "allow": ["drop_*"] } }\n');
    const d = diff();
    expect([d.status, d.stdout.split('\n')[1]]).toEqual([
      1,
      '  breaking  approval-relaxed  `drop_table` no longer asks for approval (approval.allow "drop_*" in .srv/agent-tools.config.json at $.approval.allow[0] lets it run unasked when serve or call runs in .srv, where the root configuration is not read; before: it is destructive)',
    ]);
  });

  it('an argument filled in at run time ($FLAGS, ${X}, %X%) may pass --approve: it fails the diff for each destructive tool', () => {
    for (const [file, text, at] of [
      ['package.json', PACKAGE({ mcp: 'agent-tools serve tools/tools.ts $npm_package_config_serveflags' }), '$.scripts.mcp'],
      ['package.json', PACKAGE({ mcp: 'agent-tools serve tools/tools.ts --approve=${TOOL}' }), '$.scripts.mcp'],
      ['.mcp.json', MCP(['agent-tools', 'serve', 'tools/tools.ts', '%FLAGS%']), '$.mcpServers.notes.args'],
    ] as const) {
      repo.write(file, text);
      const r = diff();
      expect([r.status, r.stdout.split('\n').filter((l) => l.includes('approval-relaxed')).length], text).toEqual([1, 2]);
      expect(r.stdout, text).toContain(`a command-line argument filled in at run time`);
      expect(r.stdout, text).toContain(`in ${file} at ${at} lets it run unasked`);
      repo.remove(file);
    }
  });
  it('serve --approve in a shell script, a CI workflow or a Makefile that the project runs fails the diff, at its line', () => {
    for (const [file, text, line] of [
      ['scripts/serve.sh', '#!/bin/sh\nset -e\nexec npx agent-tools serve tools/tools.ts \\\n  --approve "wipe_*"\n', 3],
      [
        '.github/workflows/mcp.yml',
        'jobs:\n  serve:\n    steps:\n      - run: npx agent-tools serve tools/tools.ts --approve wipe_table\n',
        4,
      ],
      ['Makefile', 'serve:\n\tnpx agent-tools serve tools/tools.ts --approve=wipe_table\n', 2],
      ['bin/serve', '#!/usr/bin/env bash\nnpx agent-tools serve tools/tools.ts --approve wipe_table\n', 2],
    ] as const) {
      repo.write(file, text);
      repo.write('.mcp.json', `${JSON.stringify({ mcpServers: { notes: { command: 'sh', args: [file] } } })}\n`);
      const r = diff();
      const grant = file === 'scripts/serve.sh' ? 'serve --approve "wipe_*"' : 'serve --approve "wipe_table"';
      expect([r.status, r.stdout.split('\n')[1]], file).toEqual([
        1,
        relaxed('wipe_table', `${grant} in ${file}:${line} lets it run unasked, which neither the tools nor their approval rules show`),
      ]);
      repo.remove(file);
    }
    expect(diff().status).toBe(0);
  });

  it('serve --approve in any other text file (systemd, supervisord), a pm2 ecosystem or a Kubernetes argv list fails the diff, at its line', () => {
    const SERVE = 'tools/tools.ts --http 3100 --approve wipe_table';
    // none: serve without --approve, validate, documentation, an unrelated .conf
    repo.write(
      'deploy/plain.service',
      '[Service]\nExecStart=npx agent-tools serve tools/tools.ts --http 3100\nExecStop=npx agent-tools validate .\n',
    );
    repo.write('README.md', `Run \`npx agent-tools serve ${SERVE}\` to let wipe_table run unasked.\n`);
    repo.write('nginx.conf', 'server {\n  listen 80;\n}\n');
    const r0 = diff();
    expect([r0.status, r0.stdout]).toEqual([0, '✔ no changes against main (3 tools, 3 before): no version bump\n']);
    const K8S = ['      command:', '        - npx', '      args:', '        - agent-tools', '        - serve', '        - tools/tools.ts'];
    for (const [file, text, line] of [
      ['deploy/notes-mcp.service', `[Service]\nType=simple\nExecStart=/usr/bin/npx agent-tools serve ${SERVE}\n`, 3],
      ['deploy/supervisord.conf', `[program:notes]\ncommand=agent-tools serve ${SERVE}\n`, 2],
      [
        'ecosystem.config.cjs',
        `module.exports = {\n  apps: [{ name: 'notes', script: 'npx', args: 'agent-tools serve ${SERVE}' }],\n};\n`,
        2,
      ],
      [
        'deploy/k8s.yaml',
        ['spec:', '  containers:', '    - name: notes', ...K8S, '        - --approve', '        - wipe_table', ''].join('\n'),
        7,
      ],
    ] as const) {
      repo.write(file, text);
      const r = diff();
      expect([r.status, r.stdout], file).toEqual([
        1,
        wipeRelaxed(
          `serve --approve "wipe_table" in ${file}:${line} lets it run unasked, which neither the tools nor their approval rules show`,
        ),
      ]);
      repo.remove(file);
    }
  });

  it("--yes passed to the project's own command line (cli.ts calling toolsToCommands) fails the diff for the tool it names", () => {
    repo.write(
      'cli.ts',
      "import { Command } from 'commander';\nimport { toolsToCommands } from 'agent-tools/cli';\n" +
        "import { registry } from './tools/tools.ts';\n\n" +
        'const program = new Command();\ntoolsToCommands(registry, { program });\nawait program.parseAsync();\n',
    );
    repo.write('other.ts', "console.log('no commands');\n");
    repo.commit('the project has its own command line');
    const UNSHOWN = 'which neither the tools nor their approval rules show';
    const own = (where: string) =>
      relaxed('wipe_table', `cli.ts wipe-table --yes (a toolsToCommands command line) in ${where} lets it run unasked, ${UNSHOWN}`);
    const ownDiff = () => cli(repo.dir, 'diff', '.', '--base', 'main');
    repo.write('package.json', PACKAGE({ purge: 'tsx cli.ts wipe-table --table t --yes' }));
    let r = ownDiff();
    expect([r.status, r.stdout]).toEqual([
      1,
      [`wipe_table  ${tool("defineTool({\n  name: 'wipe_table'")}`, own('package.json at $.scripts.purge'), '', SUMMARY(1), ''].join('\n'),
    ]);
    repo.write('package.json', PACKAGE({ purge: 'tsx cli.ts wipe-table --table t', other: 'tsx other.ts wipe-table --yes' }));
    r = ownDiff();
    expect([r.status, r.stdout.includes('approval-relaxed')]).toEqual([0, false]);
    repo.write('ops/purge.sh', '#!/bin/sh\nset -e\nnpx tsx cli.ts wipe-table --table t --yes\n');
    r = ownDiff();
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([1, own('ops/purge.sh:3')]);
    // a command filled in at run time may be any tool's
    repo.write('ops/purge.sh', '#!/bin/sh\nnpx tsx cli.ts "$CMD" --yes\n');
    r = ownDiff();
    const any = `cli.ts $CMD --yes (a toolsToCommands command line) in ops/purge.sh:2 lets it run unasked, ${UNSHOWN}`;
    expect([r.status, r.stdout]).toEqual([1, bothRelaxed(any)]);
  });

  it('an allow in a committed dist/ configuration, where serve may be started, fails the diff', () => {
    repo.write('dist/agent-tools.config.json', '{ "approval": { "allow": ["drop_*"] } }\n');
    repo.write('package.json', PACKAGE({ mcp: 'cd dist && agent-tools serve ../tools/tools.ts' }));
    const r = diff();
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      '  breaking  approval-relaxed  `drop_table` no longer asks for approval (approval.allow "drop_*" in dist/agent-tools.config.json at $.approval.allow[0] lets it run unasked when serve or call runs in dist, where the root configuration is not read; before: it is destructive)',
    ]);
  });
  it('serve --approve in a Gemini CLI, Claude Desktop or Codex configuration fails the diff, naming the file and the place', () => {
    for (const [file, text, at] of [
      ['.gemini/settings.json', MCP(['agent-tools', 'serve', 'tools/tools.ts', '--approve', 'wipe_table']), 'at $.mcpServers.notes.args'],
      [
        'claude_desktop_config.json',
        MCP(['agent-tools', 'serve', 'tools/tools.ts', '--approve', 'wipe_table']),
        'at $.mcpServers.notes.args',
      ],
      [
        '.codex/config.toml',
        '# Codex CLI\n[mcp_servers.notes]\ncommand = "npx"\nargs = [\n  "agent-tools", "serve", "tools/tools.ts",\n  "--approve", "wipe_table",\n]\n',
        ':5',
      ],
      [
        '.codex/config.toml',
        '[mcp_servers.notes]\ncommand = "agent-tools"\nargs = ["serve", "tools/tools.ts", "--approve", "wipe_table"]\n',
        ':3',
      ],
    ] as const) {
      repo.write(file, text);
      const r = diff();
      expect([r.status, r.stdout.split('\n')[1]], file).toEqual([
        1,
        relaxed(
          'wipe_table',
          `serve --approve "wipe_table" in ${file}${at.startsWith(':') ? at : ` ${at}`} lets it run unasked, which neither the tools nor their approval rules show`,
        ),
      ]);
      repo.remove(file);
    }
    expect(diff().status).toBe(0);
  });

  it('serve --approve in a TypeScript launcher that a package script runs fails the diff at its line; a test file no command runs does not', () => {
    repo.write(
      'test/serve.test.ts',
      "import { spawn } from 'node:child_process';\nspawn('npx', ['agent-tools', 'serve', 'tools/tools.ts', '--approve', '*']);\n",
    );
    repo.write('package.json', PACKAGE({ test: 'vitest run' }));
    expect([diff().status, diff().stdout]).toEqual([0, '✔ no changes against main (3 tools, 3 before): no version bump\n']);
    repo.write(
      'scripts/mcp.ts',
      [
        "import { spawn } from 'node:child_process';",
        '',
        "spawn('npx', [",
        "  'agent-tools', 'serve', 'tools/tools.ts',",
        "  '--approve', 'wipe_table',",
        "], { stdio: 'inherit' });",
        '',
      ].join('\n'),
    );
    repo.write('package.json', PACKAGE({ test: 'vitest run', mcp: 'tsx scripts/mcp.ts' }));
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      wipeRelaxed(
        'serve --approve "wipe_table" in scripts/mcp.ts:3 lets it run unasked, which neither the tools nor their approval rules show',
      ),
    ]);
    // execSync's one string, in a launcher that the launcher runs, from the folder the package script runs in
    repo.write('scripts/mcp.ts', "import { execSync } from 'node:child_process';\nexecSync('node scripts/serve.mjs');\n");
    repo.write(
      'scripts/serve.mjs',
      "import { execSync } from 'node:child_process';\n\nexecSync(`npx agent-tools serve tools --approve 'drop_*'`);\n",
    );
    const d = diff();
    expect([d.status, d.stdout.split('\n')[1]]).toEqual([
      1,
      relaxed(
        'drop_table',
        'serve --approve "drop_*" in scripts/serve.mjs:3 lets it run unasked, which neither the tools nor their approval rules show',
      ),
    ]);
  });

  it('call --yes in a process that a project source file starts fails the diff at the call; validate, git, no --yes and tests do not', () => {
    repo.write(
      'lib/quiet.ts',
      [
        "import { execFileSync, execSync } from 'node:child_process';",
        'export function check(table: string) {',
        "  execFileSync('npx', ['agent-tools', 'validate', '.']);",
        "  execFileSync('npx', ['agent-tools', 'call', 'tools/tools.ts', 'wipe_table', '--table', table]);",
        "  execSync('git status --porcelain');",
        '}',
        '',
      ].join('\n'),
    );
    repo.write(
      'lib/wipe.test.ts',
      "import { execFileSync } from 'node:child_process';\nexecFileSync('npx', ['agent-tools', 'call', 'tools/tools.ts', 'wipe_table', '--yes']);\n",
    );
    expect([diff().status, diff().stdout]).toEqual([0, '✔ no changes against main (3 tools, 3 before): no version bump\n']);
    repo.write(
      'lib/maintenance.ts',
      [
        "import { execFileSync } from 'node:child_process';",
        '/** Clears a table before it is refilled. */',
        'export async function clearTable(table: string) {',
        "  return execFileSync('npx', ['agent-tools', 'call', 'tools/tools.ts', 'wipe_table', '--table', table, '--yes'], { encoding: 'utf8' });",
        '}',
        '',
      ].join('\n'),
    );
    const r = diff();
    expect([r.status, r.stdout]).toEqual([
      1,
      wipeRelaxed(
        'call wipe_table --yes in lib/maintenance.ts:4 lets it run unasked, which neither the tools nor their approval rules show',
      ),
    ]);
  });

  it('serve --approve in any JSON file (Nx, VS Code tasks, Zed, opencode, deno.json, JSONC) fails the diff at its JSON path; a mention does not', () => {
    const SERVE = 'npx agent-tools serve tools/tools.ts --approve wipe_table';
    const WORDS = ['agent-tools', 'serve', 'tools/tools.ts', '--approve', 'wipe_table'];
    repo.write('tsconfig.json', '{\n  // strict\n  "compilerOptions": { "strict": true },\n  "include": ["tools"],\n}\n');
    repo.write('notes.json', `${JSON.stringify({ hint: 'npx agent-tools serve tools/tools.ts', argv: WORDS.slice(0, 3) })}\n`);
    const r0 = diff();
    expect([r0.status, r0.stdout]).toEqual([0, '✔ no changes against main (3 tools, 3 before): no version bump\n']);
    for (const [file, text, at] of [
      [
        'project.json',
        { name: 'notes', targets: { mcp: { executor: 'nx:run-commands', options: { command: SERVE } } } },
        '$.targets.mcp.options.command',
      ],
      ['.vscode/tasks.json', { version: '2.0.0', tasks: [{ label: 'mcp', type: 'shell', command: SERVE }] }, '$.tasks[0].command'],
      [
        '.zed/settings.json',
        { context_servers: { notes: { command: { path: 'npx', args: WORDS } } } },
        '$.context_servers.notes.command.args',
      ],
      ['opencode.json', { mcp: { notes: { type: 'local', command: ['npx', ...WORDS] } } }, '$.mcp.notes.command'],
      ['deno.json', { tasks: { mcp: SERVE } }, '$.tasks.mcp'],
      ['deno.jsonc', `{\n  // the server\n  "tasks": { "mcp": ${JSON.stringify(SERVE)}, },\n}\n`, '$.tasks.mcp'],
    ] as const) {
      repo.write(file, typeof text === 'string' ? text : `${JSON.stringify(text)}\n`);
      const r = diff();
      expect([r.status, r.stdout], file).toEqual([
        1,
        wipeRelaxed(
          `serve --approve "wipe_table" in ${file} at ${at} lets it run unasked, which neither the tools nor their approval rules show`,
        ),
      ]);
      repo.remove(file);
    }
  });
});
