/** An analysis project kept between `--watch` runs, so a re-run parses only changed files. */

import { resolve } from 'node:path';
import type { Project } from 'ts-morph';
import { createAnalysisProject } from './project.js';

/**
 * One analysis project kept between runs (for `--watch`): pass `project` to `analyze` and a
 * re-run parses only the files {@link AnalysisSession.refresh} found changed (ts-morph
 * `refreshFromFileSystemSync`); files new since the last run are parsed when analyzed.
 */
export class AnalysisSession {
  readonly project: Project = createAnalysisProject();

  /**
   * Re-reads `files` (absolute, or relative to the process's working folder) that the project
   * holds: a changed file is re-parsed, a deleted one forgotten, the others left as they are.
   *
   * @returns how many of them changed or were deleted.
   */
  refresh(files: readonly string[]): number {
    let changed = 0;
    for (const file of files) {
      const sf = this.project.getSourceFile(resolve(file));
      // 0 is FileSystemRefreshResult.NoChange; the enum is a value of ts-morph, which this module only imports as types
      // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-comparison
      if (sf && sf.refreshFromFileSystemSync() !== 0) changed++;
    }
    return changed;
  }
}
