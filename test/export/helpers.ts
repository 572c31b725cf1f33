/** Helpers of the export tests: `runExport` in process with its output captured, and the clean fixtures. */

import { Writable } from 'node:stream';
import { runExport, type ExportCommandOptions as ExportOptions } from '../../src/cli/run-export.js';

/** Runs `runExport` in-process and captures stdout, stderr and the exit code. */
export async function exportTo(options: ExportOptions): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (add: (s: string) => void) => new Writable({ write: (chunk, _enc, cb) => (add(String(chunk)), cb()) });
  const code = await runExport({ ...options, stdout: sink((s) => (stdout += s)), stderr: sink((s) => (stderr += s)) });
  return { code, stdout, stderr };
}

/** The fixtures whose tools are all known statically (forms has one factory, reported), by folder under fixtures/export. */
export const CLEAN_FIXTURES = ['forms', 'values', 'unicode', 'schemas', 'registry', 'outputs'] as const;
