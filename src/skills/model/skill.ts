/** What a skill is: a named, switchable bundle of tools or of instructions, and how one is created. */

import { definitionProblems } from '../../core/definition-problems.js';
import { ToolDefinitionError } from '../../core/errors.js';
import type { PromptArgument } from '../../core/prompt.js';
import type { AnyToolDef } from '../../core/tool.js';
import { TOOL_NAME_PATTERN } from '../../core/tool-name.js';

/** Where a skill comes from: code in the project, or a skill file (`prompt`, `tool`, `mcp`). */
export type SkillKind = 'builtin' | 'prompt' | 'tool' | 'mcp';

/** Skill names follow tool names (`^[a-zA-Z0-9_-]{1,64}$`, the core's `TOOL_NAME_PATTERN`) so they can prefix tool names. */
export const SKILL_NAME_PATTERN = TOOL_NAME_PATTERN;

/** What a prompt skill adds to the system prompt, and the words that switch it on. */
export interface SkillPrompt {
  /** Keywords matched case-insensitively as substrings of the user's message. */
  triggers: readonly string[];
  /** Text appended to the system prompt when a trigger occurs (as written: the router has no argument values). */
  content: string;
  /**
   * The arguments MCP `prompts/get` takes (prompt skill files only; a SKILL.md has none):
   * `{{name}}` in `content` is replaced by the value given (an optional one not given: empty).
   */
  arguments?: readonly PromptArgument[];
}

/**
 * One skill: a named, switchable bundle of tools (ToolDefs) or of extra instructions.
 *
 * - `enabled`: only enabled skills contribute to `SkillRegistry.activeTools()` and to the
 *   router; `enable()`/`disable()` switch it and notify listeners when the state changes.
 * - `tools`: the ToolDefs it contributes (may change for an MCP skill after it connects;
 *   `onChange` fires then).
 * - `prompt`: for a prompt skill, its triggers and content.
 */
export interface Skill {
  readonly name: string;
  readonly description: string;
  readonly kind: SkillKind;
  readonly enabled: boolean;
  readonly tools: readonly AnyToolDef[];
  readonly prompt?: SkillPrompt;
  enable(): void;
  disable(): void;
  /** Called after `enabled` or `tools` changed; returns an unsubscribe function. */
  onChange(listener: () => void): () => void;
}

/** What {@link createSkill} takes. */
export interface SkillInit {
  name: string;
  description: string;
  kind: SkillKind;
  tools?: readonly AnyToolDef[];
  prompt?: SkillPrompt;
  /** Default true. */
  enabled?: boolean;
}

/** A {@link Skill} whose tool list its owner may replace (used by the MCP import). */
export interface MutableSkill extends Skill {
  setTools(tools: readonly AnyToolDef[]): void;
}

const promptOf = (p: SkillPrompt): SkillPrompt => ({
  triggers: Object.freeze([...p.triggers]),
  content: p.content,
  ...(p.arguments && p.arguments.length > 0 ? { arguments: Object.freeze(p.arguments.map((a) => Object.freeze({ ...a }))) } : {}),
});

/**
 * Builds a skill object. Checks the name against {@link SKILL_NAME_PATTERN}.
 *
 * @throws {TypeError} for a bad name or an empty description.
 */
export function createSkill(init: SkillInit): MutableSkill {
  if (typeof init.name !== 'string' || !SKILL_NAME_PATTERN.test(init.name)) {
    throw new TypeError(
      `Skill name ${JSON.stringify(init.name)} must match ${SKILL_NAME_PATTERN} (letters, digits, _ and -, at most 64 characters)`,
    );
  }
  if (typeof init.description !== 'string' || init.description.trim() === '') {
    throw new TypeError(`Skill "${init.name}": description is missing or empty`);
  }
  let enabled = init.enabled ?? true;
  let tools: readonly AnyToolDef[] = Object.freeze([...(init.tools ?? [])]);
  const listeners = new Set<() => void>();
  const emit = () => {
    for (const l of [...listeners]) l();
  };
  return {
    name: init.name,
    description: init.description,
    kind: init.kind,
    ...(init.prompt ? { prompt: promptOf(init.prompt) } : {}),
    get enabled() {
      return enabled;
    },
    get tools() {
      return tools;
    },
    enable() {
      if (enabled) return;
      enabled = true;
      emit();
    },
    disable() {
      if (!enabled) return;
      enabled = false;
      emit();
    },
    setTools(next) {
      tools = Object.freeze([...next]);
      emit();
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/**
 * Wraps built-in tools (code in your project) as a skill. Built-in tools run through the
 * pipeline with no extra checks; each is checked as `defineTool` checks it.
 *
 * @param def `{ name, description, tools, prompt?, enabled? }`; `enabled` defaults to true.
 * @throws {TypeError} for a bad skill name or empty description.
 * @throws {ToolDefinitionError} for the first broken rule of a tool.
 */
export function defineSkill(def: {
  name: string;
  description: string;
  tools: readonly AnyToolDef[];
  prompt?: SkillPrompt;
  enabled?: boolean;
}): Skill {
  for (const tool of def.tools) {
    const first = definitionProblems(tool)[0];
    if (first) throw new ToolDefinitionError(tool?.name ?? '<unnamed>', first.field, first.problem);
  }
  return createSkill({ ...def, kind: 'builtin' });
}
