/** Tests of the CI recipe for `diff`: the base branch fetched one commit deep, then diffed against; the pull request adopting the tools. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TempRepo } from './git-repo.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

const FONT = `import { defineTool } from 'agent-tools';

/** Sets the font of a text node. */
export const setFont = defineTool({
  name: 'set_font',
  description: 'Set the font family of a text node',
  mutates: true,
  destructive: false,
  params: {
    id: { type: 'string', required: true, description: 'Node id' },
    family: { type: 'string', description: 'Font family' },
  },
  execute: () => 'ok',
});
`;

describe('the CI recipe: the base branch fetched one commit deep, then diff against it', { timeout: 120_000 }, () => {
  it("runs the template's fetch step in a shallow clone of a pull request, and diff --base origin/main reads it", () => {
    const steps = (
      parse(readFileSync(`${root}templates/github-actions.yml`, 'utf8')) as { jobs: { validate: { steps: { run?: string }[] } } }
    ).jobs.validate.steps;
    const fetch = steps.find((s) => s.run?.startsWith('git fetch'))!.run!;
    const origin = new TempRepo({ 'tools/set-font.ts': FONT });
    const clone = mkdtempSync(join(tmpdir(), 'agent-tools-diff-clone-'));
    try {
      origin.git('checkout', '-q', '-b', 'feature');
      origin.edit('tools/set-font.ts', 'Font family', 'CSS font family');
      origin.commit('reword');
      const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' });
      // as actions/checkout does: one commit of the pull request's head, no other branch
      expect(git(clone, 'clone', '-q', '--depth=1', '--branch', 'feature', `file://${origin.dir}`, '.').status).toBe(0);
      expect(git(clone, 'rev-parse', '--verify', '--quiet', 'origin/main').status).not.toBe(0);
      const fetched = spawnSync('bash', ['-c', fetch], { cwd: clone, encoding: 'utf8', env: { ...process.env, GITHUB_BASE_REF: 'main' } });
      expect(fetched.status, fetched.stderr).toBe(0);
      symlinkSync(join(origin.dir, 'node_modules'), join(clone, 'node_modules'));
      const r = cli(clone, 'diff', '--base', 'origin/main', '--format', 'json');
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout).changes.map((c: { rule: string; param: string }) => [c.rule, c.param])).toEqual([
        ['param-description-changed', 'family'],
      ]);
    } finally {
      origin.dispose();
      rmSync(clone, { recursive: true, force: true });
    }
  });

  it("the pull request that adopts agent-tools: the template's diff steps pass, every tool added", () => {
    const steps = (
      parse(readFileSync(`${root}templates/github-actions.yml`, 'utf8')) as { jobs: { validate: { steps: { run?: string }[] } } }
    ).jobs.validate.steps;
    const diffs = steps
      .filter((s) => s.run?.startsWith('npx agent-tools diff'))
      .map((s) => s.run!.replace('npx agent-tools', `node ${bin}`));
    expect(diffs.length).toBe(2);
    // main holds the project before it adopted agent-tools: no tools folder, no tool
    const repo = new TempRepo({ 'src/index.ts': 'export const x = 1;\n' });
    try {
      repo.git('checkout', '-q', '-b', 'adopt');
      repo.write('tools/set-font.ts', FONT);
      repo.commit('adopt agent-tools');
      const at = repo.at('tools/set-font.ts', 'defineTool({');
      const env = { ...process.env, NO_COLOR: '1', GITHUB_BASE_REF: 'main', GITHUB_STEP_SUMMARY: join(repo.dir, 'summary.md') };
      repo.git('update-ref', 'refs/remotes/origin/main', 'main');
      const runs = diffs.map((d) => spawnSync('bash', ['-c', d], { cwd: repo.dir, encoding: 'utf8', env }));
      expect(runs.map((r) => [r.status, r.stderr])).toEqual([
        [0, 'agent-tools: . has no tool at origin/main; every tool is new\n'],
        [0, 'agent-tools: . has no tool at origin/main; every tool is new\n'],
      ]);
      expect(runs[0]!.stdout).toBe(
        `::notice file=tools/set-font.ts,line=${at.line},col=${at.column},title=agent-tools diff tool-added (minor)::set_font: tool \`set_font\` added\n`,
      );
      expect(repo.read('summary.md')).toContain('| minor | `set_font` | `tool-added` | tool `set_font` added |');
    } finally {
      repo.dispose();
    }
  });
});
