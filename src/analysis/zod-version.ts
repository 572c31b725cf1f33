import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const majors = new Map<string, number | undefined>();

/**
 * The major version of the `zod` package a source file would import: read from the nearest
 * `node_modules/zod/package.json` above the file. `undefined` when none is installed (the
 * static reading then assumes zod 4, the version this package ships with).
 */
export function zodMajorFor(file: string): number | undefined {
  const dir = dirname(file);
  if (majors.has(dir)) return majors.get(dir);
  const pkg = join(dir, 'node_modules', 'zod', 'package.json');
  let major: number | undefined;
  if (existsSync(pkg)) {
    try {
      major = Number((JSON.parse(readFileSync(pkg, 'utf8')) as { version?: string }).version?.split('.')[0]) || undefined;
    } catch {
      major = undefined;
    }
  } else if (dirname(dir) !== dir) major = zodMajorFor(dir);
  majors.set(dir, major);
  return major;
}
