/** Skills built from the store, and a registry that follows the store live. */

import type { ExternalToolOptions } from '../files/external-tool.js';
import { skillFromFile } from '../files/skill-from-file.js';
import type { Skill } from '../model/skill.js';
import { SkillRegistry } from '../model/skill-registry.js';
import { skillKindOf } from '../kinds/index.js';
import type { SkillStore, StoredSkill, StoreProblem, StoreStatus } from './store.js';

/** Options for {@link skillFromStored} and {@link followStore}. */
export interface StoredSkillOptions extends ExternalToolOptions {
  /**
   * Called with a problem (a corrupt row, an MCP server that cannot start, an MCP server whose
   * tools changed since they were accepted); default: ignored.
   */
  onProblem?: (problem: StoreProblem) => void;
  /** The store the skill is in: an MCP skill's first connection records its accepted tools there. */
  store?: SkillStore;
}

/** Options for {@link followStore}. */
export interface FollowStoreOptions extends StoredSkillOptions {
  /** SQLite: how often the file is checked for changes by other processes, in ms (default 250). */
  intervalMs?: number;
  /**
   * Told when the link to the store is lost (retried with backoff) or restored, and when a
   * sync fails; the registry keeps the last known skills meanwhile. Default: ignored.
   */
  onStatus?: (status: StoreStatus) => void;
}

/**
 * The {@link Skill} of a stored skill, switched as stored. Prompt and tool skills are built
 * at once; an MCP skill starts its server, lists its tools and offers those that match the
 * tools accepted for it (see `mcpSkillFromStored`: the first connection records them in
 * `options.store`).
 */
export async function skillFromStored(stored: StoredSkill, options: StoredSkillOptions = {}): Promise<Skill> {
  return skillKindOf(stored.skill).build(stored.skill, { enabled: stored.enabled, options, stored });
}

/**
 * The prompt skills among a store's `list()` (enabled and disabled, each switched as stored), built
 * as the {@link Skill}s a `SkillRouter` reads: what `skill route` and the console's Router route.
 * Tool and MCP skills are left out (they have no triggers; an MCP skill would start its server).
 */
export function promptSkillsOf(stored: readonly StoredSkill[]): Skill[] {
  return stored.filter((s) => s.skill.kind === 'prompt').map((s) => skillFromFile(s.skill, s.enabled));
}

/**
 * What decides whether a built skill still matches its row: the JSON as installed and, for an
 * MCP skill, when its tools were accepted (`skill refresh` rebuilds it; the first connection
 * recording what the skill was built with does not).
 */
function rowKey(raw: unknown, acceptedAt: string | undefined): string {
  return `${JSON.stringify(raw)}\0${acceptedAt ?? '-'}`;
}

/** A registry that follows a store; `stop()` ends the following and closes MCP connections. */
export interface StoreFollower {
  registry: SkillRegistry;
  /** Applies the store's current state now (also done on every change the store reports). */
  sync(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Keeps `registry` in step with `store`, live: a skill enabled or disabled in the store (by
 * any process: `agent-tools skill disable` while a server runs) is switched in the registry,
 * an installed one is registered, a removed one unregistered, a replaced one rebuilt. The
 * registry then fires `change`, and an MCP server that follows it sends
 * `tools/list_changed`. Skills registered in code are left alone.
 *
 * The first sync's error (the store cannot be read) is thrown; later ones are reported
 * through `onStatus` and the registry keeps the last known skills until the next change or
 * reconnect syncs again.
 */
export async function followStore(
  store: SkillStore,
  registry = new SkillRegistry(),
  options: FollowStoreOptions = {},
): Promise<StoreFollower> {
  const mine = new Map<string, { json: string; skill: Skill }>();
  let running: Promise<void> = Promise.resolve();
  const apply = async () => {
    const { skills, problems } = await store.list();
    for (const p of problems) options.onProblem?.(p);
    const seen = new Set(skills.map((s) => s.name));
    for (const [name, entry] of mine) {
      if (seen.has(name)) continue;
      registry.unregister(name);
      await closeSkill(entry.skill);
      mine.delete(name);
    }
    for (const stored of skills) {
      const json = rowKey(stored.raw, stored.toolPins?.acceptedAt);
      const have = mine.get(stored.name);
      if (have && have.json === json) {
        if (stored.enabled) have.skill.enable();
        else have.skill.disable();
        continue;
      }
      if (have) {
        registry.unregister(stored.name);
        await closeSkill(have.skill);
        mine.delete(stored.name);
      }
      if (registry.has(stored.name)) {
        options.onProblem?.({
          name: stored.name,
          message: 'a skill of this name is already registered in code; the stored one is skipped',
        });
        continue;
      }
      try {
        const skill = await skillFromStored(stored, { ...options, store });
        registry.register(skill);
        const accepted = (skill as { acceptedPins?: { acceptedAt: string } }).acceptedPins;
        mine.set(stored.name, { json: accepted ? rowKey(stored.raw, accepted.acceptedAt) : json, skill });
      } catch (err) {
        options.onProblem?.({ name: stored.name, message: (err as Error).message });
      }
    }
  };
  const sync = () => (running = running.then(apply, apply));
  await sync();
  const unwatch = store.watch(
    () => void sync().catch((err: unknown) => options.onStatus?.({ state: 'sync-failed', message: (err as Error).message })),
    { intervalMs: options.intervalMs ?? 250, onStatus: options.onStatus },
  );
  return {
    registry,
    sync,
    async stop() {
      unwatch();
      await running.catch(() => undefined);
      for (const { skill } of mine.values()) await closeSkill(skill);
    },
  };
}

async function closeSkill(skill: Skill): Promise<void> {
  const close = (skill as { close?: () => Promise<void> }).close;
  if (typeof close === 'function') await close.call(skill).catch(() => undefined);
}
