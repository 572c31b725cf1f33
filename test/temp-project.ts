/** Temp projects for tests: folders of given files under one temp folder, removed after the test file's tests. */

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Makes a temp folder (`prefix` + random characters, under the OS temp folder) removed after the
 * calling test file's tests, and returns `project(files)`: a new folder in it holding each
 * `files` entry (a path relative to the project, its folders made) with its text.
 */
export function tempProjects(prefix: string): (files: Record<string, string>) => string {
  const tmp = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  return (files) => {
    const dir = mkdtempSync(join(tmp, 'p-'));
    for (const [name, text] of Object.entries(files)) {
      mkdirSync(join(dir, name, '..'), { recursive: true });
      writeFileSync(join(dir, name), text);
    }
    return dir;
  };
}
