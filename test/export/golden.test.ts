import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/util/write-file-atomic.js';
import { FORMATS } from '../../src/export/formats/index.js';
import { CLEAN_FIXTURES, exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const goldenDir = join(root, 'test/export/golden');
const update = process.env.UPDATE_GOLDEN === '1';

const cases: { fixture: string; format: string; strict?: boolean }[] = [];
for (const fixture of CLEAN_FIXTURES) for (const format of Object.keys(FORMATS)) cases.push({ fixture, format });
for (const fixture of CLEAN_FIXTURES) cases.push({ fixture, format: 'openai', strict: true });

describe('golden outputs per format (UPDATE_GOLDEN=1 rewrites them)', () => {
  for (const c of cases) {
    const name = `${c.fixture}.${c.format}${c.strict ? '-strict' : ''}.${c.format === 'markdown' ? 'md' : 'json'}`;
    it(name, async () => {
      const r = await exportTo({
        paths: [`fixtures/export/${c.fixture}`],
        format: c.format,
        strict: c.strict,
        cwd: root,
        allowPartial: c.fixture === 'forms',
      });
      expect(r.code).toBe(0);
      const file = join(goldenDir, name);
      if (update) writeFileAtomic(file, r.stdout, { overwrite: true });
      expect(existsSync(file), `${name} is missing; run with UPDATE_GOLDEN=1 and review it`).toBe(true);
      expect(r.stdout).toBe(readFileSync(file, 'utf8'));
    });
  }
});

describe('golden outputs of the bundled example toolbox, examples/canvas (UPDATE_GOLDEN=1 rewrites them)', () => {
  const formats = [...Object.keys(FORMATS).map((format) => ({ format, strict: false })), { format: 'openai', strict: true }];
  for (const { format, strict } of formats) {
    const name = `canvas.${format}${strict ? '-strict' : ''}.${format === 'markdown' ? 'md' : 'json'}`;
    it(name, async () => {
      const r = await exportTo({ paths: ['examples/canvas'], format, strict, cwd: root });
      // gemini says on stderr what it changed (defaults moved into descriptions, ...); nothing else may warn
      const stderr = r.stderr
        .split('\n')
        .filter((l) => l !== '' && !(format === 'gemini' && l.startsWith('agent-tools: warning: gemini: ')));
      expect(stderr).toEqual([]);
      expect(r.code).toBe(0);
      const file = join(goldenDir, name);
      if (update) writeFileAtomic(file, r.stdout, { overwrite: true });
      expect(existsSync(file), `${name} is missing; run with UPDATE_GOLDEN=1 and review it`).toBe(true);
      expect(r.stdout).toBe(readFileSync(file, 'utf8'));
    });
  }
});
