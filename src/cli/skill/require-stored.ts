/** Finds a stored skill by name, or fails naming close matches. */

import { closeMatches } from '../../core/suggest.js';
import type { SkillStore, StoredSkill } from '../../skills/store/store.js';
import { ConfigError, UsageError } from '../../shared/errors.js';

/** The stored skill `name`, or a UsageError naming close matches; a corrupt row is a ConfigError. */
export async function requireStored(store: SkillStore, name: string): Promise<StoredSkill> {
  const got = await store.get(name);
  if (got === undefined) {
    const near = closeMatches(name, await store.names());
    throw new UsageError(
      `no installed skill "${name}"${near.length > 0 ? `; did you mean: ${near.join(', ')}?` : ` in ${store.location}`}`,
      'skill',
    );
  }
  if ('message' in got) throw new ConfigError(`skill "${name}": ${got.message}`);
  return got;
}
