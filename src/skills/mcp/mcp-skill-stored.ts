/** An MCP skill built from the store, checked against the tools accepted for it. */

import { createMcpSkill, type McpSkill } from './mcp-skill.js';
import { noDrift, type ToolDrift } from './mcp-tool-pins.js';
import type { McpSkillFile } from '../files/skill-file-schema.js';
import type { SkillStore, StoredSkill, StoreProblem } from '../store/store.js';
import { cliCommand } from '../../shared/cli-command.js';

/** Options of {@link mcpSkillFromStored}. */
export interface StoredMcpSkillOptions {
  /** Where the skill is stored: its first connection records the tools it lists there (without one, nothing is recorded). */
  store?: SkillStore;
  /** Told when its tools changed since they were accepted, or its recorded pins are unreadable. */
  onProblem?: (problem: StoreProblem) => void;
  /** The client name the server sees. */
  clientName?: string;
  /** Every request's timeout in ms. */
  timeoutMs?: number;
}

/** One line for a person: what changed on the server since the tools were accepted, and what to do. */
export function driftMessage(name: string, drift: ToolDrift): string {
  const parts = [
    drift.changed.length > 0 && `changed: ${drift.changed.map((c) => `${c.tool} (${c.fields.join(', ')})`).join(', ')}`,
    drift.added.length > 0 && `new: ${drift.added.join(', ')}`,
    drift.removed.length > 0 && `gone: ${drift.removed.join(', ')}`,
  ].filter(Boolean);
  const refused = drift.changed.length + drift.added.length > 0 ? `; the changed and new ones are not offered` : '';
  return `its MCP server's tools differ from the ones accepted (${parts.join('; ')})${refused}; review them with '${cliCommand(`skill refresh ${name} --dry-run`)}' and accept them with '${cliCommand(`skill refresh ${name}`)}'`;
}

/**
 * The {@link McpSkill} of a stored MCP skill, checked against the tools accepted for it: a
 * tool the server changed (title, description, input schema, annotations) or added since is
 * not offered, and `onProblem` says what changed. On its first connection (no tools accepted
 * yet) the tools it lists are accepted and recorded in `store` (trust on first use, as an SSH
 * client records a host key); when another process recorded them first, the skill is built
 * again against those.
 *
 * @throws as `createMcpSkill` does (the server cannot be started or listed, ...).
 */
export async function mcpSkillFromStored(
  stored: StoredSkill & { skill: McpSkillFile },
  options: StoredMcpSkillOptions = {},
): Promise<McpSkill> {
  const { store, onProblem } = options;
  const skill = await createMcpSkill(stored.skill, {
    enabled: stored.enabled,
    pins: stored.toolPins,
    ...(options.clientName === undefined ? {} : { clientName: options.clientName }),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
  });
  if (stored.toolPins === null && store) {
    if (await store.acceptTools(stored.name, skill.listedPins, { first: { updatedAt: stored.updatedAt } })) return skill;
    // Another process recorded them first (or the skill was replaced): check against what is stored now.
    const now = await store.get(stored.name);
    if (now && !('message' in now) && now.skill.kind === 'mcp' && now.toolPins && JSON.stringify(now.raw) === JSON.stringify(stored.raw)) {
      await skill.close();
      return mcpSkillFromStored(now as StoredSkill & { skill: McpSkillFile }, { ...options, store: undefined });
    }
    return skill;
  }
  if (stored.toolPinsProblem) onProblem?.({ name: stored.name, message: stored.toolPinsProblem });
  else if (skill.drift && !noDrift(skill.drift)) onProblem?.({ name: stored.name, message: driftMessage(stored.name, skill.drift) });
  return skill;
}
