import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(new URL('../..', import.meta.url).pathname);
const cliDir = join(root, 'src', 'cli');

/** Every specifier `file` imports or re-exports, static or dynamic (`import('…')`), that resolves into src/cli/. */
function importsIntoCli(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((s) => s.startsWith('.'))
    .filter((s) => {
      const target = resolve(dirname(file), s);
      return target === cliDir || target.startsWith(cliDir + sep);
    });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

describe('layers: nothing outside src/cli imports from it', () => {
  it('the check sees static, type-only, re-exported and dynamic imports of src/cli', () => {
    const file = join(root, 'src', 'validate', 'x.ts');
    const text = `import { a } from '../cli/errors.js';\nimport type { C } from '../cli/color.js';\nexport { b } from '../cli/main.js';\nconst m = await import('../cli/run-call.js');\nimport { ok } from '../toolkit/errors.js';`;
    expect(importsIntoCli(file, text)).toEqual(['../cli/errors.js', '../cli/color.js', '../cli/main.js', '../cli/run-call.js']);
    expect(importsIntoCli(join(root, 'src', 'x.ts'), `import './cli/main.js';`)).toEqual(['./cli/main.js']);
  });

  it('no module under src/ outside src/cli/ imports a module of src/cli/', () => {
    const offenders = sourceFiles(join(root, 'src'))
      .filter((f) => !f.startsWith(cliDir + sep))
      .flatMap((f) => importsIntoCli(f, readFileSync(f, 'utf8')).map((s) => `${relative(root, f)} imports ${s}`));
    expect(offenders).toEqual([]);
  });
});
