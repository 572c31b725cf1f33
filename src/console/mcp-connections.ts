/** The console's connections to MCP skills' servers for Try it, made on first use. */

import type { McpSkill } from '../skills/mcp/mcp-skill.js';
import type { SkillStore, StoredSkill } from '../skills/store/store.js';
import type { McpSkillFile } from '../skills/files/skill-file-schema.js';

/** How long the console waits for an MCP skill's server to start and list its tools, in ms. */
export const MCP_START_TIMEOUT_MS = 15_000;

/**
 * The MCP skills' connections the console holds for Try it: one per installed skill, made the
 * first time its tools are asked for (the server is started, or its URL connected), kept while
 * the skill stays as installed (same `updatedAt`), closed when it changes, is removed, or the
 * console stops.
 */
export class McpConnections {
  private readonly open = new Map<string, { updatedAt: string; skill: Promise<McpSkill> }>();

  /**
   * The connected skill for a stored MCP skill, its tools checked against the ones accepted for
   * it (the first connection records them in `store`).
   * @throws when its server cannot be started or listed within {@link MCP_START_TIMEOUT_MS}.
   */
  async get(stored: StoredSkill, store?: SkillStore): Promise<McpSkill> {
    const held = this.open.get(stored.name);
    if (held && held.updatedAt === stored.updatedAt) return held.skill;
    if (held) void held.skill.then((s) => s.close()).catch(() => undefined);
    const skill = (async () => {
      const { mcpSkillFromStored } = await import('../skills/mcp/mcp-skill-stored.js');
      let timer: NodeJS.Timeout | undefined;
      const made = mcpSkillFromStored(stored as StoredSkill & { skill: McpSkillFile }, {
        ...(store ? { store } : {}),
        clientName: 'agent-tools-console',
      });
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`its server did not list its tools within ${MCP_START_TIMEOUT_MS / 1000} s`)),
          MCP_START_TIMEOUT_MS,
        );
      });
      try {
        return await Promise.race([made, late]);
      } catch (err) {
        void made.then((s) => s.close()).catch(() => undefined);
        throw err;
      } finally {
        clearTimeout(timer);
      }
    })();
    this.open.set(stored.name, { updatedAt: stored.updatedAt, skill });
    // A failed start is not kept: the next Try it asks again.
    skill.catch(() => {
      if (this.open.get(stored.name)?.skill === skill) this.open.delete(stored.name);
    });
    return skill;
  }

  /** Closes the connections of skills not in `names` (removed or switched off), ending their servers. */
  async keepOnly(names: ReadonlySet<string>): Promise<void> {
    for (const [name, held] of this.open) {
      if (names.has(name)) continue;
      this.open.delete(name);
      await held.skill.then((s) => s.close()).catch(() => undefined);
    }
  }

  /** Closes every connection (ends stdio servers). */
  async closeAll(): Promise<void> {
    await this.keepOnly(new Set());
  }
}
