/** Tests of the golden outputs of every format, for the fixtures and the example toolbox (UPDATE_GOLDEN=1 rewrites them). */

import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/util/write-file-atomic.js';
import { kebabName } from '../../src/core/tool-name.js';
import { FORMAT_LIST } from '../../src/export/formats/index.js';
import { CLEAN_FIXTURES, exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const goldenDir = join(root, 'test/export/golden');
const update = process.env.UPDATE_GOLDEN === '1';

/**
 * Each format of the format list with no options, then once per option it takes (a flag set, or a
 * valued option at its first choice): `openai` and `openai-strict`. The golden file is named
 * `<fixture>.<format>[-<option>[-<value>]].<extension>`.
 */
const variants = FORMAT_LIST.flatMap((f) => [
  { format: f.name as string, suffix: '', extension: f.extension, options: {} as Record<string, unknown> },
  ...Object.entries((f.options ?? {}) as Record<string, { value?: { choices?: readonly string[] } }>).map(([key, spec]) => {
    const value = spec.value ? spec.value.choices?.[0] : true;
    return {
      format: f.name as string,
      suffix: `-${kebabName(key)}${typeof value === 'string' ? `-${value}` : ''}`,
      extension: f.extension,
      options: { [key]: value },
    };
  }),
]);

const cases = CLEAN_FIXTURES.flatMap((fixture) => variants.map((v) => ({ fixture, ...v })));

describe('golden outputs per format (UPDATE_GOLDEN=1 rewrites them)', () => {
  for (const c of cases) {
    const name = `${c.fixture}.${c.format}${c.suffix}.${c.extension}`;
    it(name, async () => {
      const r = await exportTo({
        paths: [`fixtures/export/${c.fixture}`],
        format: c.format,
        ...c.options,
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
  for (const { format, suffix, extension, options } of variants) {
    const name = `canvas.${format}${suffix}.${extension}`;
    it(name, async () => {
      const r = await exportTo({ paths: ['examples/canvas'], format, ...options, cwd: root });
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
