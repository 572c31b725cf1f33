/** Which skills to install are installed already exactly so, for `skill install` to skip instead of asking for --force. */

import { isDeepStrictEqual } from 'node:util';
import type { SkillStore, SkillToInstall } from './store.js';

/**
 * Splits `entries` (checked skill files or catalog rows) into those installed already as they are (the same skill JSON,
 * and the same switch when the entry carries one, as a catalog does) and the rest. Restoring a catalog after one
 * skill was removed then needs no `force` for the skills that did not change. Reads the store, writes nothing.
 */
export async function splitUnchanged(
  store: SkillStore,
  entries: readonly SkillToInstall[],
): Promise<{ unchanged: string[]; rest: SkillToInstall[] }> {
  const unchanged: string[] = [];
  const rest: SkillToInstall[] = [];
  for (const entry of entries) {
    const name = (entry.raw as { name?: unknown }).name;
    const stored = typeof name === 'string' ? await store.get(name) : undefined;
    const same =
      stored !== undefined &&
      'raw' in stored &&
      isDeepStrictEqual(stored.raw, entry.raw) &&
      (entry.enabled === undefined || entry.enabled === stored.enabled);
    if (same) unchanged.push(name as string);
    else rest.push(entry);
  }
  return { unchanged, rest };
}
