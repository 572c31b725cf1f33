/** One rule for the files commands write: never a folder or a file the command did not write, unless `--force`; atomic. */

import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, extname } from 'node:path';
import { UsageError } from '../shared/errors.js';
import { configFileCandidates } from '../util/config-file.js';
import { writeFileAtomic } from '../util/write-file-atomic.js';
import { isModulePath } from './not-a-module.js';

/** How a command names and recognises the file it writes (see {@link writeOwnOutput}). */
export interface OwnOutput {
  /** The flag that names the file, e.g. `--out`. */
  flag: string;
  /** The command, for the `--help` pointer. */
  command: string;
  /** What the command writes, said in the refusal: `an agent-tools export`. */
  what: string;
  /** Whether a file's content is one the command itself wrote: `true`, `false`, or why not (`holds none of these tools`). */
  isOurs: (text: string) => boolean | string;
}

/**
 * Refuses, before any work, a path a command may not write: a folder, one of the files the
 * command reads (`inputs`, absolute paths: the analyzed source files) or any existing
 * JavaScript or TypeScript module (`.ts`, `.tsx`, `.mts`, `.cts`, `.js`, `.jsx`, `.mjs`,
 * `.cjs`; a `.d.ts` is a declaration, which `export --format dts` writes) or a project's
 * configuration (`agent-tools.config.json` or `package.json` in any folder: `configFileCandidates`;
 * refused when it does not exist too, since the new file would be read as one), even with
 * `force`, or an existing file it did not write itself, unless `force`. One rule for every
 * command that writes a file it names by a flag (`export --out`, `validate --report`, `skill export --out`):
 * a file the command wrote before (recognised from its content) is replaced; anything else
 * needs `--force`; an input is never replaced.
 *
 * @param file the absolute path; `shown` the path as the user gave it.
 * @throws {UsageError} (exit 2) naming the flag and the path.
 */
export function checkOwnOutput(file: string, shown: string, force: boolean, own: OwnOutput, inputs: readonly string[] = []): void {
  // a new file named as a configuration becomes one, and every command then reads it
  if (isConfigFile(file)) throw configRefusal(file, shown, own);
  if (!existsSync(file)) return;
  if (statSync(file).isDirectory())
    throw new UsageError(`${own.flag} ${shown} is a folder; give a file path (e.g. ${shown.replace(/\/$/, '')}/<name>)`, own.command);
  const real = realpathSync(file);
  if (inputs.some((input) => input === file || realOrSelf(input) === real))
    throw new UsageError(
      `${own.flag} ${shown} is one of the files ${own.command} reads; not overwritten, even with --force (write the output outside them)`,
      own.command,
    );
  // a module is someone's code, never a command's output: replacing it with JSON or Markdown loses the code
  if (isModulePath(real))
    throw new UsageError(
      `${own.flag} ${shown} is a source file (${extname(real)}); not overwritten, even with --force (write the output to another file)`,
      own.command,
    );
  // a project's configuration (its approval rules) or its manifest is never a command's output
  if (isConfigFile(real)) throw configRefusal(real, shown, own);
  if (force) return;
  const ours = own.isOurs(readFileSync(file, 'utf8'));
  if (ours !== true)
    throw new UsageError(
      `${own.flag} ${shown} exists and ${ours === false ? `is not ${own.what}` : ours}; not overwritten (use --force)`,
      own.command,
    );
}

const isConfigFile = (path: string) => configFileCandidates(dirname(path)).includes(path);

const configRefusal = (path: string, shown: string, own: OwnOutput) =>
  new UsageError(
    `${own.flag} ${shown} is a project's configuration (${basename(path)}); not overwritten, even with --force (write the output to another file)`,
    own.command,
  );

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/**
 * Writes `text` to `file` atomically (temp file, then rename) after {@link checkOwnOutput}.
 *
 * @throws {UsageError} as {@link checkOwnOutput}; the write's own error otherwise.
 */
export function writeOwnOutput(
  file: string,
  shown: string,
  text: string,
  force: boolean,
  own: OwnOutput,
  inputs: readonly string[] = [],
): void {
  checkOwnOutput(file, shown, force, own, inputs);
  writeFileAtomic(file, text, { overwrite: true });
}

/** `validate --report`: a Markdown report starts with this heading. */
export const VALIDATE_REPORT: OwnOutput = {
  flag: '--report',
  command: 'validate',
  what: 'an agent-tools validate report',
  isOurs: (text) => text.startsWith('# agent-tools validate\n'),
};
