/** `export --check <lock-file>`: compares the tools/list export with an earlier one written to a lock file. */

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ExportResult } from '../export/api-types.js';
import { formatFlags, type AllFormatOptions } from '../export/formats/index.js';
import { cliCommand } from '../shared/cli-command.js';
import { shellWord } from '../util/shell-word.js';

/** The `export` options that shape a lock file: the paths and every flag that changes what is exported. */
export interface LockShape extends AllFormatOptions {
  paths?: string[];
  tier?: string;
  callee?: string[];
  allowPartial?: boolean;
  toolSearch?: boolean;
}

/**
 * The command that writes `lockFile` again from the same inputs as this `--check`: `npx agent-tools
 * export`, the paths as given, every option that shapes the export (`--tier`, `--callee`,
 * `--tool-search`, `--allow-partial`, each format option), then `--format mcp --out <lockFile>`;
 * every value quoted as one POSIX shell word, so the line runs as printed.
 */
export function lockCommand(options: LockShape, lockFile: string): string {
  const words = ['export', ...(options.paths ?? []).map(shellWord)];
  if (options.tier !== undefined && options.tier !== 'all') words.push('--tier', shellWord(options.tier));
  for (const c of options.callee ?? []) words.push('--callee', shellWord(c));
  if (options.toolSearch) words.push('--tool-search');
  if (options.allowPartial) words.push('--allow-partial');
  for (const { key, name, spec } of formatFlags()) {
    const value = (options as Record<string, unknown>)[key];
    if (value === undefined || value === false) continue;
    words.push(name);
    if (spec.value) words.push(shellWord(String(value)));
  }
  words.push('--format', 'mcp', '--out', shellWord(lockFile));
  return cliCommand(words.join(' '));
}

/**
 * `export --check <lock-file>`: compares the export `r` (format mcp) with the lock file, an
 * earlier `export --format mcp --out <lock-file>`, by the rules of `diff`. The hints name the
 * command that writes it again from the same `shape` (see {@link lockCommand}). Any change, of any
 * class, is a mismatch: the changes go to stdout in diff's text format, exit 1. A lock file
 * that differs from the export only in tool order or formatting matches (exit 0), with a
 * notice on stderr.
 *
 * @returns the exit code: 0 when the tools match the lock file, 1 when they do not.
 * @throws {UsageError} when the lock file cannot be read; {@link ConfigError} when it is not a tools/list result.
 */
export async function checkLock(
  r: ExportResult,
  lockFile: string,
  shape: LockShape,
  cwd: string,
  stdout: NodeJS.WritableStream,
  stderr: NodeJS.WritableStream,
): Promise<number> {
  const [{ readToolsFile }, { diffToolSets }, { text }] = await Promise.all([
    import('../diff/read-tools-file.js'),
    import('../diff/compare.js'),
    import('../diff/formats/text.js'),
  ]);
  const path = resolve(cwd, lockFile);
  const locked = readToolsFile(path, lockFile, 'export');
  const head = (r.value as { tools: { name: string; inputSchema: Record<string, unknown> }[] }).tools;
  const locations = new Map(r.tools.map((t) => [t.name, { file: t.file, line: t.line, column: t.column }]));
  const result = diffToolSets({ tools: locked }, { tools: head, locations });
  const again = lockCommand(shape, lockFile);
  if (result.changes.length > 0) {
    stdout.write(text(result, { base: lockFile, counts: { base: locked.length, head: head.length }, failOn: 'any' }));
    stderr.write(`export --check: the tools no longer match ${lockFile}; if the changes are meant, run \`${again}\` and commit it\n`);
    return 1;
  }
  if (readFileSync(path, 'utf8') !== r.text)
    stderr.write(`export --check: ${lockFile} matches (only tool order or formatting differ; \`${again}\` rewrites it)\n`);
  else stderr.write(`export --check: ${head.length === 1 ? 'the tool matches' : `all ${head.length} tools match`} ${lockFile}\n`);
  stderr.write(
    `export --check: note: a lock file holds what tools/list shows; needsApproval and approval rules are not in it: \`${cliCommand('diff --base <git-ref>')}\` compares them\n`,
  );
  return 0;
}
