/** Tests of templates/github-actions.yml and `validate --init-ci`: the commands it runs exist, the paths it writes. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { buildProgram } from '../../src/cli/main.js';
import { ciWorkflow } from '../../src/validate/init-ci.js';

const root = new URL('../..', import.meta.url).pathname;
const workflow = parse(readFileSync(`${root}templates/github-actions.yml`, 'utf8')) as {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  jobs: Record<string, { steps: { run?: string; uses?: string; with?: Record<string, string>; 'continue-on-error'?: boolean }[] }>;
};
const steps = Object.values(workflow.jobs).flatMap((j) => j.steps);
const commands = steps.flatMap((s) => (s.run ?? '').split('\n')).filter((line) => line.startsWith('npx agent-tools '));

/** The subcommand and options a `npx agent-tools ...` line uses, checked against the real program. */
function problemsOf(line: string, program: Command): string[] {
  const words = line
    .replace(/\s*>.*$/, '')
    .split(/\s+/)
    .slice(2);
  const cmd = program.commands.find((c) => c.name() === words[0]);
  if (!cmd) return [`no command "${words[0]}"`];
  const out: string[] = [];
  for (let i = 1; i < words.length; i++) {
    if (!words[i]!.startsWith('--')) continue;
    const opt = cmd.options.find((o) => o.long === words[i]);
    if (!opt) out.push(`${words[0]} has no option ${words[i]}`);
    else if (opt.required || opt.optional) {
      const value = words[++i]!;
      if (opt.argChoices && !opt.argChoices.includes(value)) out.push(`${words[0]} ${opt.long} does not accept ${value}`);
    }
  }
  return out;
}

describe('templates/github-actions.yml', () => {
  it('sets up a Node.js the package supports: the newest line it tests on, within package.json engines', () => {
    const setup = steps.find((s) => s.uses?.startsWith('actions/setup-node@'));
    const major = Number(setup?.with?.['node-version']);
    const engines = (JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { engines: { node: string } }).engines.node;
    const oldest = Number(/^>=(\d+)\.\d+$/.exec(engines)?.[1]);
    const tested = readFileSync(`${root}scripts/node-from-npm.mjs`, 'utf8').match(/current: '(\d+)\./)?.[1];
    expect(oldest).toBeGreaterThanOrEqual(22);
    expect(major).toBeGreaterThanOrEqual(oldest);
    expect(major).toBe(Number(tested));
  });

  it('runs on pull requests with the permission SARIF upload needs', () => {
    expect(Object.keys(workflow.on)).toContain('pull_request');
    expect(workflow.permissions['security-events']).toBe('write');
  });

  it('runs validate (SARIF and annotations), export --format markdown, and diff against the base branch', () => {
    expect(commands.map((c) => c.split(/\s+/).slice(0, 6).join(' '))).toEqual([
      'npx agent-tools validate . --format sarif',
      'npx agent-tools validate . --format github',
      'npx agent-tools export . --format markdown',
      'npx agent-tools diff . --base "origin/$GITHUB_BASE_REF"',
      'npx agent-tools diff . --base "origin/$GITHUB_BASE_REF"',
    ]);
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe('agent-tools.sarif');
    // the SARIF step must not stop the job before the upload; the annotations step fails it on errors
    expect(steps.find((s) => s.run?.includes('--format sarif'))?.['continue-on-error']).toBe(true);
    expect(steps.find((s) => s.run?.includes('--format github'))?.['continue-on-error']).toBeUndefined();
  });

  it('every validate command and option it runs exists in the CLI', () => {
    const program = buildProgram();
    for (const line of commands.filter((c) => c.startsWith('npx agent-tools validate'))) expect(problemsOf(line, program)).toEqual([]);
    expect(problemsOf('npx agent-tools validate --format xml', program)).toEqual(['validate --format does not accept xml']);
    expect(problemsOf('npx agent-tools validate --bogus', program)).toEqual(['validate has no option --bogus']);
  });

  it('the export and diff commands and options it runs exist in the CLI', () => {
    const program = buildProgram();
    for (const line of commands.filter((c) => /^npx agent-tools (export|diff) /.test(c))) expect(problemsOf(line, program)).toEqual([]);
  });

  it('diff runs on pull requests only, after a fetch of the base branch, also when validate failed', () => {
    const diffs = steps.filter((s) => s.run?.startsWith('npx agent-tools diff') || s.run?.startsWith('git fetch'));
    expect(diffs).toHaveLength(3);
    for (const s of diffs) expect((s as { if?: string }).if).toBe("${{ !cancelled() && github.event_name == 'pull_request' }}");
    expect(diffs[0]!.run).toBe('git fetch --no-tags --depth=1 origin "+refs/heads/$GITHUB_BASE_REF:refs/remotes/origin/$GITHUB_BASE_REF"');
    // the annotations step fails the job on a breaking change; the summary step never does
    expect(diffs[1]!.run).toContain('--format github');
    expect(diffs[1]!.run).not.toContain('--allow-breaking');
    expect(diffs[2]!.run).toContain('--format markdown --allow-breaking >> "$GITHUB_STEP_SUMMARY"');
  });
});

/** The words each `npx agent-tools` command of a workflow passes, as bash (the runner's shell) splits them after YAML parsing. */
function argvOfRuns(text: string): string[][] {
  const jobs = (parse(text) as typeof workflow).jobs;
  const runs = Object.values(jobs)
    .flatMap((j) => j.steps)
    .flatMap((s) => (s.run?.startsWith('npx agent-tools ') ? [s.run] : []));
  return runs.map((run) => {
    const cwd = mkdtempSync(join(tmpdir(), 'init-ci-'));
    const env = { ...process.env, GITHUB_BASE_REF: 'main', GITHUB_STEP_SUMMARY: join(cwd, 'summary.md') };
    const r = spawnSync('bash', ['-c', `npx() { printf '%s\\0' "$@"; }\n${run}`], { cwd, encoding: 'utf8', env });
    const written = ['agent-tools.sarif', 'summary.md'].find((f) => existsSync(join(cwd, f)));
    const out = r.stdout || readFileSync(join(cwd, written!), 'utf8');
    return out.split('\0').slice(1, -1);
  });
}

describe('validate --init-ci <paths>', () => {
  it("writes the template unchanged without paths (validate's default, .)", () => {
    expect(ciWorkflow()).toBe(readFileSync(`${root}templates/github-actions.yml`, 'utf8'));
    expect(ciWorkflow([])).toBe(ciWorkflow());
  });

  it('validate --init-ci without paths: every validate, export and diff step runs on ., not the export and diff default ./tools', () => {
    const dir = mkdtempSync(join(tmpdir(), 'init-ci-default-'));
    const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'validate', '--init-ci'], { cwd: dir, encoding: 'utf8' });
    expect([r.status, r.stdout]).toEqual([0, 'wrote .github/workflows/agent-tools.yml\n']);
    expect(argvOfRuns(readFileSync(join(dir, '.github/workflows/agent-tools.yml'), 'utf8'))).toEqual([
      ['validate', '.', '--format', 'sarif'],
      ['validate', '.', '--format', 'github', '--report', 'agent-tools-report.md'],
      ['export', '.', '--format', 'markdown', '--out', 'agent-tools-tools.md'],
      ['diff', '.', '--base', 'origin/main', '--format', 'github'],
      ['diff', '.', '--base', 'origin/main', '--format', 'markdown', '--allow-breaking'],
    ]);
  });

  it('names the paths in every validate, export and diff step', () => {
    expect(argvOfRuns(ciWorkflow(['tools']))).toEqual([
      ['validate', 'tools', '--format', 'sarif'],
      ['validate', 'tools', '--format', 'github', '--report', 'agent-tools-report.md'],
      ['export', 'tools', '--format', 'markdown', '--out', 'agent-tools-tools.md'],
      ['diff', 'tools', '--base', 'origin/main', '--format', 'github'],
      ['diff', 'tools', '--base', 'origin/main', '--format', 'markdown', '--allow-breaking'],
    ]);
    expect(ciWorkflow(['tools', 'src/more'])).toContain(
      'run: npx agent-tools validate tools src/more --format sarif > agent-tools.sarif\n',
    );
  });

  it('validate --init-ci --config <file>: the validate steps pass the same --config on, on the paths it names', () => {
    const dir = mkdtempSync(join(tmpdir(), 'init-ci-config-'));
    mkdirSync(join(dir, 'ci'));
    writeFileSync(join(dir, 'ci/agent tools.json'), JSON.stringify({ paths: ['tools'] }));
    const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'validate', '--init-ci', '--config', 'ci/agent tools.json'], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(argvOfRuns(readFileSync(join(dir, '.github/workflows/agent-tools.yml'), 'utf8'))).toEqual([
      ['validate', 'tools', '--config', 'ci/agent tools.json', '--format', 'sarif'],
      ['validate', 'tools', '--config', 'ci/agent tools.json', '--format', 'github', '--report', 'agent-tools-report.md'],
      ['export', 'tools', '--format', 'markdown', '--out', 'agent-tools-tools.md'],
      ['diff', 'tools', '--base', 'origin/main', '--format', 'github'],
      ['diff', 'tools', '--base', 'origin/main', '--format', 'markdown', '--allow-breaking'],
    ]);
  });

  it('quotes paths for YAML and the shell: spaces, quotes, ": ", " #", a leading dash, non-ASCII', () => {
    const paths = ['my tools', "it's: odd #1", '-dash', '工具', 'a"b\\c', '$HOME'];
    const expected = ['my tools', "it's: odd #1", './-dash', '工具', 'a"b\\c', '$HOME'];
    for (const argv of argvOfRuns(ciWorkflow(paths))) expect(argv.slice(1, 1 + paths.length)).toEqual(expected);
  });
});
