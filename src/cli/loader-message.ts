/** The module loader's error in one line for the command line: the place of a syntax error, the package to install. */

import { relative } from 'node:path';
import { syntaxErrorLocation } from '../analysis/syntax-error-location.js';

/**
 * The loader's error in one line, the path as the user wrote it: a TypeScript syntax error is
 * `file.ts:3:1: ',' expected.` (line and column from 1), a JavaScript one `file.mjs:3:1: Unexpected
 * end of input` (see `syntaxErrorLocation`), a missing package names the install.
 */
export function loaderMessage(err: unknown, abs: string, shown: string): string {
  const message = err instanceof Error ? err.message : String(err);
  const at = syntaxErrorLocation(err, abs);
  if (at) {
    const file = at.file === abs ? shown : relative(process.cwd(), at.file) || at.file;
    return `${file}:${at.line}${at.column !== undefined ? `:${at.column}` : ''}: ${message.split('\n')[0]}`;
  }
  // Node's resolver appends a "Require stack": the first line says it all.
  if ((err as { code?: string }).code === 'MODULE_NOT_FOUND' || (err as { code?: string }).code === 'ERR_MODULE_NOT_FOUND') {
    const missing = /Cannot find (?:module|package) '([^']+)'/.exec(message)?.[1];
    if (missing && !missing.startsWith('.') && !missing.startsWith('/'))
      return `it imports "${missing}", which is not installed here (npm install ${missing.startsWith('@') ? missing.split('/').slice(0, 2).join('/') : missing.split('/')[0]})`;
    return message.split('\n')[0]!.replaceAll(abs, shown);
  }
  return message
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => l.replaceAll(abs, shown))
    .join('; ');
}
