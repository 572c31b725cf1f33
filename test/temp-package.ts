/** A fresh temp folder in which `agent-tools` resolves to this checkout. */

import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const checkout = new URL('..', import.meta.url).pathname;

/**
 * A fresh folder under the OS temp folder (`prefix` + random characters) in which `agent-tools`
 * resolves to this checkout (`node_modules/agent-tools` is a symlink to it), as a user's project
 * that installed the package. With `typeModule` (the default) it has a package.json saying
 * `"type": "module"`; without, none (tsx then loads a .ts file as CommonJS).
 */
export function tempPackage(prefix: string, options: { typeModule?: boolean } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(checkout, join(dir, 'node_modules', 'agent-tools'));
  if (options.typeModule !== false) writeFileSync(join(dir, 'package.json'), '{"type":"module"}');
  return dir;
}
