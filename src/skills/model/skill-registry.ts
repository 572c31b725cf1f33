/** `SkillRegistry`: skills switched on and off at run time, and the tools the enabled ones contribute. */

import { DuplicateToolError } from '../../core/errors.js';
import { closeMatches } from '../../core/suggest.js';
import type { AnyToolDef } from '../../core/tool.js';
import type { Skill } from './skill.js';
import type { ToolSource } from '../../runtime/tool-source.js';

/** Thrown when a skill name is registered twice or looked up but not registered. */
export class SkillNameError extends Error {
  override readonly name = 'SkillNameError';
}

/**
 * Skills, built-in and external, switched on and off at run time with no restart.
 *
 * `activeTools()` (also `tools()`, so the registry is a tool source the MCP server adapter
 * follows live and `toolsToAI` rebuilds per request) returns the ToolDefs of enabled skills
 * only, in registration order: a disabled skill is invisible to the model.
 * `on('change', listener)` / `onChange(listener)` fire once after each change of that
 * visible set (enable, disable, register, unregister, an MCP skill's tools arriving), and
 * never when the set stayed the same (for example when a prompt skill is switched).
 */
export class SkillRegistry implements ToolSource {
  readonly #skills = new Map<string, { skill: Skill; off: () => void }>();
  readonly #listeners = new Set<() => void>();
  readonly #skillListeners = new Set<() => void>();
  #visible: readonly AnyToolDef[] = [];

  /**
   * Registers skills in order. @throws {SkillNameError} for a name already registered. @throws {DuplicateToolError} when a tool name is
   * already contributed by another skill.
   */
  constructor(skills: readonly Skill[] = []) {
    for (const s of skills) this.register(s);
  }

  /**
   * Adds a skill.
   * @throws {SkillNameError} when a skill of that name is registered.
   * @throws {DuplicateToolError} when one of its tools has the name of a tool of another
   *   registered skill (enabled or not): never last-one-wins.
   */
  register(skill: Skill): this {
    if (this.#skills.has(skill.name)) throw new SkillNameError(`Skill "${skill.name}" is already registered`);
    this.#checkToolNames(skill);
    const off = skill.onChange(() => this.#recompute());
    this.#skills.set(skill.name, { skill, off });
    this.#recompute();
    return this;
  }

  /** Removes a skill; returns false when none had that name. */
  unregister(name: string): boolean {
    const entry = this.#skills.get(name);
    if (!entry) return false;
    entry.off();
    this.#skills.delete(name);
    this.#recompute();
    return true;
  }

  /** The skill of that name, or undefined. */
  get(name: string): Skill | undefined {
    return this.#skills.get(name)?.skill;
  }

  /** Whether a skill of that name is registered. */
  has(name: string): boolean {
    return this.#skills.has(name);
  }

  /** Every registered skill, enabled or not, in registration order. */
  list(): Skill[] {
    return [...this.#skills.values()].map((e) => e.skill);
  }

  /** @throws {SkillNameError} for an unknown name (with close matches). */
  enable(name: string): void {
    this.#require(name).enable();
  }

  /** @throws {SkillNameError} for an unknown name (with close matches). */
  disable(name: string): void {
    this.#require(name).disable();
  }

  /** The ToolDefs of enabled skills, in registration order. */
  activeTools(): AnyToolDef[] {
    return [...this.#visible];
  }

  /** Same as {@link activeTools}: the tool-source view used by the adapters. */
  tools(): AnyToolDef[] {
    return this.activeTools();
  }

  /** Enabled skills that carry a prompt, in registration order. */
  activePromptSkills(): Skill[] {
    return this.list().filter((s) => s.enabled && s.prompt !== undefined);
  }

  /** Listens for changes of the visible tool set; returns an unsubscribe function. */
  on(event: 'change', listener: () => void): () => void {
    if (event !== 'change') throw new TypeError(`Unknown SkillRegistry event ${JSON.stringify(event)}; the only event is "change"`);
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Listens for any change of the skills: one registered or unregistered, or switched on or
   * off (a prompt skill too, which `onChange` does not report); returns an unsubscribe function.
   */
  onSkillsChange(listener: () => void): () => void {
    this.#skillListeners.add(listener);
    return () => this.#skillListeners.delete(listener);
  }

  /** Same as `on('change', listener)`. */
  onChange(listener: () => void): () => void {
    return this.on('change', listener);
  }

  #require(name: string): Skill {
    const skill = this.get(name);
    if (skill) return skill;
    const near = closeMatches(name, this.#skills.keys());
    throw new SkillNameError(`Unknown skill "${name}".${near.length > 0 ? ` Did you mean: ${near.join(', ')}?` : ''}`);
  }

  #checkToolNames(skill: Skill): void {
    const owners = new Map<string, string>();
    for (const { skill: other } of this.#skills.values()) for (const t of other.tools) owners.set(t.name, other.name);
    for (const t of skill.tools) {
      const owner = owners.get(t.name);
      if (owner !== undefined) throw new DuplicateToolError(t.name, `skill "${owner}"`, `skill "${skill.name}"`);
      owners.set(t.name, skill.name);
    }
  }

  #recompute(): void {
    for (const l of [...this.#skillListeners]) l();
    const next = this.list().flatMap((s) => (s.enabled ? s.tools : []));
    const same = next.length === this.#visible.length && next.every((t, i) => t === this.#visible[i]);
    if (same) return;
    this.#visible = Object.freeze(next);
    for (const l of [...this.#listeners]) l();
  }
}
