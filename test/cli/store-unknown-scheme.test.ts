/** A --store (or AGENT_TOOLS_STORE) URL of a scheme the store does not know is refused, not taken for a file path. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskStoreLocation, storeEngine } from '../../src/skills/store/store.js';

const root = new URL('../..', import.meta.url).pathname;
const skill = `${root}fixtures/skills/tone.json`;

function run(cwd: string, args: string[], env: Record<string, string> = {}) {
  const base: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete base.AGENT_TOOLS_STORE;
  const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, ...args], {
    cwd,
    input: '',
    encoding: 'utf8',
    env: { ...base, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const KNOWN = 'a skill store is a postgres:// or postgresql:// URL, or a SQLite file path (e.g. .agent-tools/skills.db)';

describe('a store URL of an unknown scheme', { timeout: 60_000 }, () => {
  it('skill install and list refuse postgress:// (exit 2) with the scheme, a did-you-mean and the password masked, creating nothing', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'store-scheme-'));
    const url = 'postgress://postgres:s3cret@127.0.0.1:54329/postgres';
    const expected =
      'agent-tools: --store postgress://postgres:***@127.0.0.1:54329/postgres: unknown store scheme "postgress://" ' +
      `(did you mean "postgres://"?); ${KNOWN}`;
    for (const args of [
      ['skill', 'install', skill, '--store', url],
      ['skill', 'list', '--store', url],
    ]) {
      const r = run(cwd, args);
      expect([args[1], r.code, r.stdout, r.stderr.split('\n')[0]]).toEqual([args[1], 2, '', expected]);
      expect(r.stderr).not.toContain('s3cret');
    }
    // before, install wrote ./postgress:/postgres@127.0.0.1:54329/postgres, a SQLite store in folders named after the URL
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('the same from AGENT_TOOLS_STORE, named as such; sqlite:// points at the file path meant', () => {
    const cwd = mkdtempSync(join(tmpdir(), 'store-scheme-env-'));
    const r = run(cwd, ['skill', 'list'], { AGENT_TOOLS_STORE: 'sqlite://skills.db' });
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      2,
      'agent-tools: AGENT_TOOLS_STORE sqlite://skills.db: unknown store scheme "sqlite://" ' +
        `(a SQLite store is a file path without a scheme: did you mean "skills.db"?); ${KNOWN}`,
    ]);
    const serve = run(cwd, ['serve', `${root}examples/canvas/tools.ts`, '--skills', '--store', 'mysql://u:pw@h/db']);
    expect([serve.code, serve.stderr.split('\n')[0]]).toEqual([
      2,
      `agent-tools: --store mysql://u:***@h/db: unknown store scheme "mysql://"; ${KNOWN}`,
    ]);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('storeEngine: the known schemes and a plain path; other URLs throw; masking covers any scheme', () => {
    expect(storeEngine('postgres://a@h/d')).toBe('postgres');
    expect(storeEngine('POSTGRESQL://a@h/d')).toBe('postgres');
    expect(storeEngine('.agent-tools/skills.db')).toBe('sqlite');
    expect(storeEngine('C:\\stores\\skills.db')).toBe('sqlite');
    expect(() => storeEngine('postgre://a:b@h/d')).toThrow(
      `the skill store postgre://a:***@h/d: unknown store scheme "postgre://" (did you mean "postgres://"?); ${KNOWN}`,
    );
    expect(maskStoreLocation('postgress://alice:p@ss@db/x?password=q')).toBe('postgress://alice:***@db/x?password=***');
  });
});
