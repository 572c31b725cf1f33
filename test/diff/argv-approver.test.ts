/** Tests that diff and validate catch what gives words to an approver reading process.argv: code writing it, a script argument. */

import { afterAll, describe, expect, it } from 'vitest';
import { TempRepo } from './git-repo.js';
import { cli, wipeToolbox } from './wipe-toolbox.js';

/** agent.ts on main: toolsToAI with an approver that says yes when the command line holds --approve; it imports ./setup.js. */
const AGENT = `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/tools.js';
import './setup.js';

export const tools = toolsToAI(registry, {
  approve: async () => (process.argv.includes('--approve') ? { approved: true, by: 'cli' } : { approved: false }),
});
`;

/** agent.ts whose approver is a helper of another module, which reads the command line there. */
const AGENT_HELPER = `import { toolsToAI } from 'agent-tools/ai';
import { registry } from './tools/tools.js';
import { fromCommandLine } from './approve.js';
import './setup.js';

export const tools = toolsToAI(registry, { approve: async () => fromCommandLine() });
`;
const HELPER = `export function fromCommandLine() {
  return process.argv.includes('--approve') ? { approved: true, by: 'cli' } : { approved: false };
}
`;

/** agent.ts with an approver that decides from the call, reading no command line. */
const AGENT_CALL = AGENT.replace("process.argv.includes('--approve')", "tool.name === 'get_row'").replace(
  'async ()',
  'async ({ tool }: { tool: { name: string } })',
);

const PACKAGE = (scripts: Record<string, string>) =>
  `${JSON.stringify({ name: 'toolbox', private: true, type: 'module', scripts }, null, 2)}\n`;

const SUMMARY =
  '✖ 1 breaking, 0 minor, 0 patch change against main (2 tools, 2 before): a major version bump (exit 1; --allow-breaking accepts them)';

describe('diff and validate: what gives words to an approver that reads the command line', { timeout: 180_000 }, () => {
  const repos: TempRepo[] = [];
  afterAll(() => repos.forEach((r) => r.dispose()));
  const project = (agent = AGENT, files: Record<string, string> = {}) => {
    const repo = new TempRepo({ 'tools/tools.ts': wipeToolbox(), 'agent.ts': agent, 'setup.ts': 'export const ready = true;\n', ...files });
    repos.push(repo);
    return repo;
  };
  const diff = (repo: TempRepo) => cli(repo.dir, 'diff', 'tools', '--base', 'main');
  const validate = (repo: TempRepo) =>
    cli(repo.dir, 'validate', 'tools')
      .stdout.split('\n')
      .filter((l) => l.endsWith('  approval-rules'));
  const tool = (repo: TempRepo) => {
    const at = repo.at('tools/tools.ts', 'defineTool({');
    return `wipe_table  tools/tools.ts:${at.line}:${at.column}`;
  };
  const APPROVER = 'the approve callback passed to toolsToAI() at agent.ts:6:3, which reads process.argv';
  const ENV_DECIDES =
    "agent.ts:6:3  warn   The approve callback passed to toolsToAI() reads the command line (process.argv), so whether a call asks for approval is set where it runs (the command that starts it: a package.json script, an MCP client's args), which validate and diff do not see.  approval-rules";
  const EVERY = 'lets every tool run without asking for approval, which neither the tools nor their approval rules show.  approval-rules';

  it('a pull request that pushes --approve onto process.argv in a module the agent imports fails the diff; validate warns at the push', () => {
    const repo = project();
    expect(diff(repo).status).toBe(0);
    repo.write('setup.ts', "export const ready = true;\nprocess.argv.push('--approve');\n");
    const r = diff(repo);
    expect([r.status, ...r.stdout.split('\n')]).toEqual([
      1,
      tool(repo),
      "  breaking  approval-relaxed  `wipe_table` no longer asks for approval (process.argv.push('--approve') in setup.ts:2, a change " +
        `to the command line that ${APPROVER}, lets it run unasked, which neither the tools nor their approval rules show; before: it is destructive)`,
      '',
      SUMMARY,
      '',
    ]);
    expect(validate(repo)).toEqual([
      ENV_DECIDES,
      `setup.ts:2:1  warn   The command line at setup.ts line 2 (process.argv.push('--approve'), a change to the command line that ${APPROVER}) ${EVERY}`,
    ]);
  });

  it('every way of changing process.argv fails the diff, in the imported module or in agent.ts itself; so does an approver helper', () => {
    const changes = [
      "process.argv = [...process.argv, '--approve'];",
      "process.argv.splice(2, 0, '--approve');",
      "process.argv[2] = '--approve';",
      "Object.assign(process.argv, { 2: '--approve' });",
      "process.argv.unshift('--approve');",
    ];
    for (const change of changes) {
      const repo = project();
      repo.write('setup.ts', `export const ready = true;\n${change}\n`);
      const r = diff(repo);
      expect([change, r.status, r.stdout.split('\n')[1]]).toEqual([
        change,
        1,
        `  breaking  approval-relaxed  \`wipe_table\` no longer asks for approval (${change.replace(/;$/, '')} in setup.ts:2, a change to the ` +
          `command line that ${APPROVER}, lets it run unasked, which neither the tools nor their approval rules show; before: it is destructive)`,
      ]);
    }
    const own = project();
    own.write('agent.ts', `${AGENT}process.argv.push('--approve');\n`);
    expect(diff(own).stdout.split('\n')[1]).toContain("(process.argv.push('--approve') in agent.ts:8, a change to the command line");
    expect(diff(own).status).toBe(1);
    const helper = project(AGENT_HELPER, { 'approve.ts': HELPER });
    helper.write('setup.ts', "process.argv.push('--approve');\n");
    const h = diff(helper);
    expect([h.status, h.stdout.split('\n')[1]]).toEqual([
      1,
      "  breaking  approval-relaxed  `wipe_table` no longer asks for approval (process.argv.push('--approve') in setup.ts:1, a change to the " +
        'command line that the approve callback passed to toolsToAI() at agent.ts:6:44, which reads process.argv, lets it run unasked, ' +
        'which neither the tools nor their approval rules show; before: it is destructive)',
    ]);
  });

  it('a wrapper that pushes --approve, then imports the agent (which does not import it), fails the diff; validate warns at the push', () => {
    const repo = project();
    repo.write('run.ts', "process.argv.push('--approve');\nawait import('./agent.js');\n");
    const r = diff(repo);
    expect([r.status, r.stdout.split('\n')[1]]).toEqual([
      1,
      "  breaking  approval-relaxed  `wipe_table` no longer asks for approval (process.argv.push('--approve') in run.ts:1, a change to the " +
        `command line that ${APPROVER}, lets it run unasked, which neither the tools nor their approval rules show; before: it is destructive)`,
    ]);
    expect(validate(repo)).toEqual([
      ENV_DECIDES,
      `run.ts:1:1  warn   The command line at run.ts line 1 (process.argv.push('--approve'), a change to the command line that ${APPROVER}) ${EVERY}`,
    ]);
  });

  it('a pull request adding a script that runs the agent (or a file importing it) with an argument fails the diff; validate warns there', () => {
    const repo = project();
    repo.write('package.json', PACKAGE({ agent: 'tsx agent.ts --approve' }));
    const r = diff(repo);
    const WORDS = `agent.ts --approve (an argument of a file whose approver reads the command line: ${APPROVER})`;
    expect([r.status, ...r.stdout.split('\n')]).toEqual([
      1,
      tool(repo),
      `  breaking  approval-relaxed  \`wipe_table\` no longer asks for approval (${WORDS} in package.json at $.scripts.agent lets it run ` +
        'unasked, which neither the tools nor their approval rules show; before: it is destructive)',
      '',
      SUMMARY,
      '',
    ]);
    const at = repo.at('package.json', '"tsx agent.ts --approve"');
    expect(validate(repo)).toEqual([
      ENV_DECIDES,
      `package.json:${at.line}:${at.column}  warn   The command line at package.json $.scripts.agent (${WORDS}) ${EVERY}`,
    ]);
    // a Makefile line, and a file that imports the agent, count the same
    const make = project(AGENT, { 'main.ts': "import './agent.js';\n" });
    make.write('Makefile', 'agent:\n\tnpx tsx main.ts --yes\n');
    const m = diff(make);
    expect([m.status, m.stdout.split('\n')[1]]).toEqual([
      1,
      '  breaking  approval-relaxed  `wipe_table` no longer asks for approval (main.ts --yes (an argument of a file whose approver reads ' +
        `the command line: ${APPROVER}) in Makefile:2 lets it run unasked, which neither the tools nor their approval rules show; ` +
        'before: it is destructive)',
    ]);
  });

  it('no noise: a script that runs the agent with no arguments, or an approver that reads no command line, passes', () => {
    const bare = project();
    bare.write('package.json', PACKAGE({ agent: 'tsx agent.ts', log: 'tsx agent.ts > agent.log 2>&1' }));
    expect([diff(bare).status, diff(bare).stdout.split('\n').at(-2)]).toEqual([
      0,
      '✔ no changes against main (2 tools, 2 before): no version bump',
    ]);
    expect(validate(bare)).toEqual([ENV_DECIDES]);
    const decides = project(AGENT_CALL);
    decides.write('package.json', PACKAGE({ agent: 'tsx agent.ts --approve' }));
    decides.write('setup.ts', "export const ready = true;\nprocess.argv.push('--approve');\n");
    expect(diff(decides).status).toBe(0);
    expect(validate(decides)).toEqual([]);
  });
});
