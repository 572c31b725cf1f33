/** Tests that SKILL.md front matter as people write it installs with the text exactly as written. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSkillSource } from '../../src/skills/files/read-skill-source.js';

// SKILL.md front matter as people write it installs with the text exactly as written;
// what truly cannot be read is refused with file, line, column and reason.
const bin = new URL('../../bin/agent-tools.js', import.meta.url).pathname;
const DESC = 'Configure the harness: hooks, servers. Triggers: harness';

function skills(files: Record<string, string | Buffer>): string {
  const dir = mkdtempSync(join(tmpdir(), 'c16-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, 'set', name), { recursive: true });
    writeFileSync(join(dir, 'set', name, 'SKILL.md'), text);
  }
  return dir;
}
const content = (r: ReturnType<typeof readSkillSource>) =>
  r.ok ? [r.raw.name, r.raw.description, r.raw.triggers, r.raw.content] : r.problems;

describe('C-16: SKILL.md front matter', () => {
  const dir = skills({
    colon: `---\nname: colon\ndescription: ${DESC}\n---\nBody text.\n`,
    crlf: `---\r\nname: crlf\r\ndescription: ${DESC}\r\n---\r\nBody text.\r\n`,
    bom: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`---\nname: bom\ndescription: ${DESC}\n---\nBody text.\n`)]),
    nested: `---\nname: nested\ndescription: ${DESC}\nlicense: MIT\nmetadata:\n  author: "A: B"\nallowed-tools:\n  - Read\n---\nBody text.\n`,
  });

  it('an unquoted ": ", CRLF, a BOM and nested keys beside them read the description exactly as written', () => {
    for (const name of ['colon', 'crlf', 'bom', 'nested']) {
      expect(content(readSkillSource(join(dir, 'set', name)))).toEqual([name, DESC, ['harness'], 'Body text.']);
    }
  });

  it('an unclosed quote is refused at its opening quote; skill install <folder> names it and installs nothing', () => {
    const bad = skills({
      ok: `---\nname: ok\ndescription: ${DESC}\n---\nBody\n`,
      bad: `---\nname: bad\ndescription: "Configure the harness: hooks. Triggers: harness\nlicense: MIT\n---\nBody\n`,
    });
    expect(readSkillSource(join(bad, 'set', 'bad'))).toMatchObject({
      ok: false,
      problems: [{ path: 'SKILL.md:3:14', message: 'the double-quoted value that starts here is never closed (a missing ")' }],
    });
    const r = spawnSync(process.execPath, [bin, 'skill', 'install', 'set'], {
      cwd: bad,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect([r.status, r.stdout, r.stderr]).toEqual([
      2,
      '',
      'agent-tools: nothing installed; 1 problem:\nset/bad/SKILL.md:3:14: the double-quoted value that starts here is never closed (a missing ")\n',
    ]);
    const good = spawnSync(process.execPath, [bin, 'skill', 'install', 'set'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect([good.status, good.stdout.split('\n').length - 1]).toEqual([0, 4]);
  });
});
