import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../toolkit/errors.js';
import { FileExistsError, writeFileAtomic } from '../util/write-file-atomic.js';

/** Where `--init-ci` writes the workflow, relative to the working directory. */
export const WORKFLOW_PATH = '.github/workflows/agent-tools.yml';

/** The GitHub Actions workflow template shipped in the package (`templates/github-actions.yml`). */
export function ciTemplate(): string {
  return readFileSync(new URL('../../templates/github-actions.yml', import.meta.url), 'utf8');
}

/**
 * Writes the workflow template to `.github/workflows/agent-tools.yml` under `cwd`,
 * atomically, never over an existing file.
 *
 * @returns the path written, relative to `cwd`.
 * @throws {UsageError} when the file exists (exit 2; nothing is changed).
 */
export function initCi(cwd: string): string {
  try {
    writeFileAtomic(resolve(cwd, WORKFLOW_PATH), ciTemplate());
  } catch (err) {
    if (err instanceof FileExistsError) throw new UsageError(`${WORKFLOW_PATH} already exists; not overwritten (edit it, or delete it and run --init-ci again)`, 'validate');
    throw err;
  }
  return WORKFLOW_PATH;
}
