/** Live processes whose environment holds a given variable, read from /proc. */

import { readdirSync, readFileSync } from 'node:fs';

/** Live (non-zombie) processes whose environment holds `name=value`, from /proc (Linux). */
export function processesWithEnv(name: string, value: string): number[] {
  const needle = Buffer.from(`${name}=${value}\0`);
  const found: number[] = [];
  for (const e of readdirSync('/proc')) {
    if (!/^\d+$/.test(e)) continue;
    try {
      const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${e}/environ`).includes(needle)) found.push(Number(e));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}
