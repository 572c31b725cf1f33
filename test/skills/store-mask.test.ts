/** Tests that a store URL's password is masked in every message, whatever it holds. */

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { maskStoreLocation } from '../../src/skills/store/store.js';

const root = new URL('../..', import.meta.url).pathname;

// Passwords as people paste them into a store URL, raw: every character that ends a URL part.
const PASSWORDS = ['s3/cr#et?', 'a@b', 'p:w', 'hun ter', '%zz', 'x/y@z#w?v', 'é密码', '@', ':@/?#'];

describe('store URLs in messages: the password is masked whatever it holds', () => {
  it('masks a raw password of any characters, the user name and host kept', () => {
    for (const pw of PASSWORDS) {
      for (const scheme of ['postgres', 'postgresql', 'POSTGRES']) {
        const shown = maskStoreLocation(`${scheme}://alice:${pw}@db.example.com:5432/skills?connect_timeout=2`);
        expect(shown, pw).toBe(`${scheme}://alice:***@db.example.com:5432/skills?connect_timeout=2`);
      }
    }
  });

  it('masks password= and sslpassword= query parameters, and leaves a file path alone', () => {
    expect(maskStoreLocation('postgres://db/skills?user=a&password=p%40ss&sslpassword=k')).toBe(
      'postgres://db/skills?user=a&password=***&sslpassword=***',
    );
    expect(maskStoreLocation('postgres://alice@db/skills')).toBe('postgres://alice@db/skills');
    expect(maskStoreLocation('.agent-tools/p:w@x.db')).toBe('.agent-tools/p:w@x.db');
  });

  it('never prints the password in an error of the command line', () => {
    for (const pw of ['s3/cr#et?@x', 'a:b@c', 'hun ter']) {
      const url = `postgres://alice:${pw}@127.0.0.1:1/db?connect_timeout=1`;
      const r = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'skill', 'list', '--store', url], { encoding: 'utf8' });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stderr).toContain('postgres://alice:***@127.0.0.1:1/db');
      expect(r.stdout + r.stderr).not.toContain(pw);
      const byEnv = spawnSync(process.execPath, [`${root}bin/agent-tools.js`, 'skill', 'list'], {
        encoding: 'utf8',
        env: { ...process.env, AGENT_TOOLS_STORE: url },
      });
      expect(byEnv.stdout + byEnv.stderr).not.toContain(pw);
    }
  });
});
