/** Tests of the paths `validate --init-ci` gives its workflow's steps: the arguments, else the configuration's `paths`, else `.`. */

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { writeSources } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const run = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });

// init-ci reads no source file, and validate counts every one it reads: any module will do
const TOOL = "export const node = { id: 'n1' };\n";

/** The `npx agent-tools validate|export|diff` commands of the workflow written in `dir`, up to their first option. */
function stepCommands(dir: string): string[] {
  const workflow = parse(readFileSync(join(dir, '.github/workflows/agent-tools.yml'), 'utf8')) as {
    jobs: { validate: { steps: { run?: string }[] } };
  };
  return workflow.jobs.validate.steps
    .map((s) => s.run ?? '')
    .filter((r) => r.startsWith('npx agent-tools '))
    .map((r) => r.slice(0, r.indexOf(' --')));
}

const STEPS = (paths: string) => [
  `npx agent-tools validate ${paths}`,
  `npx agent-tools validate ${paths}`,
  `npx agent-tools export ${paths}`,
  `npx agent-tools diff ${paths}`,
  `npx agent-tools diff ${paths}`,
];

describe('validate --init-ci: the paths of the workflow', { timeout: 60_000 }, () => {
  it('names the "paths" of agent-tools.config.json in every validate, export and diff step, and says so', () => {
    const dir = writeSources({ 'tools/get-node.ts': TOOL, 'agent-tools.config.json': '{ "paths": ["tools", "agent.ts"] }\n' });
    const r = run(dir, 'validate', '--init-ci');
    expect([r.status, r.stdout, r.stderr]).toEqual([
      0,
      'wrote .github/workflows/agent-tools.yml\n',
      'agent-tools: its steps run on tools agent.ts, the "paths" of agent-tools.config.json\n',
    ]);
    expect(stepCommands(dir)).toEqual(STEPS('tools agent.ts'));
  });

  it('reads "paths" from the "agentTools" key of package.json, and from --config', () => {
    const dir = writeSources({
      'src/tools/get-node.ts': TOOL,
      'package.json': '{ "name": "x", "agentTools": { "paths": ["src/tools"] } }\n',
    });
    const r = run(dir, 'validate', '--init-ci');
    expect([r.status, r.stderr]).toEqual([0, 'agent-tools: its steps run on src/tools, the "paths" of "agentTools" in package.json\n']);
    expect(stepCommands(dir)).toEqual(STEPS('src/tools'));
    const other = writeSources({ 'lib/get-node.ts': TOOL, 'ci.config.json': '{ "paths": ["lib"] }\n' });
    const c = run(other, 'validate', '--init-ci', '--config', 'ci.config.json');
    expect([c.status, c.stderr]).toEqual([0, 'agent-tools: its steps run on lib, the "paths" of ci.config.json\n']);
    expect(stepCommands(other)).toEqual(STEPS('lib'));
  });

  it('paths given on the command line win over the configuration, with no note', () => {
    const dir = writeSources({ 'tools/get-node.ts': TOOL, 'agent-tools.config.json': '{ "paths": ["elsewhere"] }\n' });
    const r = run(dir, 'validate', 'tools', '--init-ci');
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(stepCommands(dir)).toEqual(STEPS('tools'));
  });

  it('a configuration that cannot be read is exit 2, and nothing is written', () => {
    const dir = writeSources({ 'agent-tools.config.json': '{ "paths": [] }\n' });
    const r = run(dir, 'validate', '--init-ci');
    expect(r.status).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(/^agent-tools: agent-tools\.config\.json: invalid configuration: \$\.paths: /);
    expect(() => readFileSync(join(dir, '.github/workflows/agent-tools.yml'))).toThrow(/ENOENT/);
  });

  it('without either, the steps run on ".", which reads build output .gitignore ignores (not dist): the note says so', () => {
    const dir = writeSources({
      '.gitignore': 'build/\ndist/\n',
      'tools/get-node.ts': TOOL,
      'build/get-node.js': TOOL,
      'dist/get-node.js': TOOL,
    });
    const r = run(dir, 'validate', '--init-ci');
    expect([r.status, r.stderr]).toEqual([
      0,
      'agent-tools: its steps run on . (the tools of every source file but node_modules, dist and dot folders, .gitignore or not; approval rules and grants are also read in dot folders); ' +
        'name the tools folders (validate tools --init-ci, or "paths" in agent-tools.config.json) to check them alone\n',
    ]);
    expect(stepCommands(dir)).toEqual(STEPS('.'));
    // what `validate .` reads: tools/ and the ignored build/, not dist/; the tools folder alone is one file
    const files = (...paths: string[]) =>
      (JSON.parse(run(dir, 'validate', ...paths, '--format', 'json').stdout) as { summary: { files: number } }).summary.files;
    expect([files('.'), files('tools')]).toEqual([2, 1]);
  });
});
