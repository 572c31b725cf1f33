/** The module loader's error in one line for the command line: the place of a syntax error, the package to install. */

import { existsSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { syntaxErrorLocation } from '../analysis/syntax-error-location.js';

/**
 * The loader's error in one line, the path as the user wrote it: a TypeScript syntax error is
 * `file.ts:3:1: ',' expected.` (line and column from 1), a JavaScript one `file.mjs:3:1: Unexpected
 * end of input` (see `syntaxErrorLocation`), a missing package names the install, and ES module syntax in a file run as
 * CommonJS names the package.json that makes it so.
 */
export function loaderMessage(err: unknown, abs: string, shown: string): string {
  const message = err instanceof Error ? err.message : String(err);
  return `${oneLine(err, message, abs, shown)}${commonJsHint(message, abs)}`;
}

/** Node's words for ES module syntax in a file it runs as CommonJS: `import.meta`, `import`, top-level `await`. */
const MODULE_SYNTAX_IN_COMMONJS =
  /Cannot use 'import\.meta' outside a module|Cannot use import statement outside a module|await is only valid in async functions|top-level await/i;

/**
 * What to do when ES module syntax failed in a file run as CommonJS: the nearest package.json above `abs` that says
 * `"type": "commonjs"` (what `npm init -y` writes) or no type, or that there is none, and where to say `"type": "module"`;
 * `''` otherwise (an `.mts`/`.mjs` file, a module package, a package.json that does not parse).
 */
function commonJsHint(message: string, abs: string): string {
  if (!MODULE_SYNTAX_IN_COMMONJS.test(message) || ['.mts', '.mjs'].includes(extname(abs))) return '';
  for (let dir = dirname(abs); ; dir = dirname(dir)) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg)) {
      let type: unknown;
      try {
        type = (JSON.parse(readFileSync(pkg, 'utf8')) as { type?: unknown }).type;
      } catch {
        return '';
      }
      if (type === 'module') return '';
      const shownPkg = relative(process.cwd(), pkg) || pkg;
      const says = type === undefined ? 'has no "type"' : `says "type": ${JSON.stringify(type)}`;
      return ` (the file runs as CommonJS: ${shownPkg} ${says}; add "type": "module" there, or name the file .mts)`;
    }
    if (dirname(dir) === dir)
      return ' (the file runs as CommonJS: no package.json above it says "type": "module"; add one that does, or name the file .mts)';
  }
}

/** The loader's error `message` in one line (see {@link loaderMessage}). */
function oneLine(err: unknown, message: string, abs: string, shown: string): string {
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
