/** Tests of the one error hierarchy: every user-facing error carries its code and exit code. */

import { describe, expect, it } from 'vitest';
import { AgentToolsError, ConfigError, EnvironmentError, FailureError, UsageError } from '../../src/shared/errors.js';
import { SkillStoreError } from '../../src/skills/store/store.js';
import { CannotCreateDirError, ensureDir } from '../../src/util/ensure-dir.js';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('one error hierarchy: every user-facing error carries its code and exit code', () => {
  it('usage, configuration and environment errors exit 2; a failure exits 1', () => {
    const cases: [AgentToolsError, string, number][] = [
      [new UsageError('bad flag', 'export'), 'USAGE', 2],
      [new ConfigError('bad file'), 'CONFIG', 2],
      [new EnvironmentError('cannot use it'), 'ENVIRONMENT', 2],
      [new FailureError('tool failed'), 'FAILURE', 1],
    ];
    for (const [err, code, exitCode] of cases) {
      expect(err).toBeInstanceOf(AgentToolsError);
      expect([err.code, err.exitCode, err.name]).toEqual([code, exitCode, err.constructor.name]);
    }
  });

  it('a folder that cannot be created is an environment error (exit 2), by class', () => {
    const dir = mkdtempSync(join(tmpdir(), 'errors-'));
    writeFileSync(join(dir, 'file'), 'x');
    let thrown: unknown;
    try {
      ensureDir(join(dir, 'file', 'sub'));
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(CannotCreateDirError);
    expect(thrown).toBeInstanceOf(EnvironmentError);
    expect(thrown).toMatchObject({ code: 'ENVIRONMENT', exitCode: 2, name: 'CannotCreateDirError' });
  });

  it("a store that cannot be used is an environment error; the database's own code is kept apart", () => {
    const err = new SkillStoreError('cannot open the skill store x.db: file is not a database', 'SQLITE_NOTADB');
    expect(err).toBeInstanceOf(EnvironmentError);
    expect(err).toMatchObject({ code: 'ENVIRONMENT', exitCode: 2, engineCode: 'SQLITE_NOTADB', name: 'SkillStoreError' });
  });
});
