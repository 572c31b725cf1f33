/** Tests that the default skill store's new `.agent-tools/` folder is kept out of git by its own `.gitignore`. */

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const TONE = `${root}fixtures/skills/tone.json`;
const IGNORE = '# written by agent-tools: its skill store is local, never committed\n*\n';

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A new git repository in a temp folder, and the built CLI run in it. */
function repo() {
  const cwd = mkdtempSync(join(tmpdir(), 'agent-tools-store-git-'));
  made.push(cwd);
  execFileSync('git', ['init', '-q'], { cwd });
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.AGENT_TOOLS_STORE;
  const skill = (...args: string[]) =>
    spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'skill', ...args], {
      cwd,
      encoding: 'utf8',
      env,
    });
  const untracked = () => execFileSync('git', ['status', '--porcelain', '--untracked-files=all'], { cwd, encoding: 'utf8' });
  return { cwd, skill, untracked };
}

describe('the .agent-tools/ folder of the default skill store', { timeout: 60_000 }, () => {
  it('skill install creates it with a .gitignore holding *, so git sees nothing of the store', () => {
    const { cwd, skill, untracked } = repo();
    const r = skill('install', TONE);
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(existsSync(join(cwd, '.agent-tools/skills.db'))).toBe(true);
    expect(readFileSync(join(cwd, '.agent-tools/.gitignore'), 'utf8')).toBe(IGNORE);
    expect(untracked()).toBe('');
  });

  it('never overwrites an existing .agent-tools/.gitignore, and writes none in a folder that existed before', () => {
    const { cwd, skill, untracked } = repo();
    mkdirSync(join(cwd, '.agent-tools'));
    writeFileSync(join(cwd, '.agent-tools/.gitignore'), 'skills.db\n');
    expect(skill('install', TONE).status).toBe(0);
    expect(readFileSync(join(cwd, '.agent-tools/.gitignore'), 'utf8')).toBe('skills.db\n');
    expect(untracked()).not.toContain('.agent-tools/skills.db\n');

    const other = repo();
    mkdirSync(join(other.cwd, '.agent-tools'));
    expect(other.skill('install', TONE).status).toBe(0);
    expect(existsSync(join(other.cwd, '.agent-tools/.gitignore'))).toBe(false);
  });

  it('a store elsewhere (--store data/skills.db) gets no .gitignore', () => {
    const { cwd, skill, untracked } = repo();
    expect(skill('install', TONE, '--store', 'data/skills.db').status).toBe(0);
    expect(existsSync(join(cwd, 'data/skills.db'))).toBe(true);
    expect(existsSync(join(cwd, 'data/.gitignore'))).toBe(false);
    expect(untracked()).toContain('?? data/skills.db\n');
  });
});
