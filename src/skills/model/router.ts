/** The skill router: the enabled prompt skills a message's trigger words call for, and the system prompt they make. */

import type { Skill } from './skill.js';

/** Anything that lists skills: a `SkillRegistry`, or a plain array. */
export type SkillList = { list(): Skill[] } | readonly Skill[];

const ASCII_WORD = /[A-Za-z0-9_]/;

/**
 * Whether `trigger` occurs in `message`, compared in lower case (`toLowerCase`, so
 * non-ASCII letters fold too). A trigger that starts or ends with an ASCII letter or digit
 * must not be glued to one in the message ("cat" does not fire in "concatenate"); other
 * characters (Chinese, Japanese, which use no spaces) match as plain substrings.
 */
export function triggerOccurs(message: string, trigger: string): boolean {
  const m = message.toLowerCase();
  const t = trigger.toLowerCase().trim();
  if (t === '') return false;
  const first = ASCII_WORD.test(t[0]!);
  const last = ASCII_WORD.test(t[t.length - 1]!);
  for (let at = m.indexOf(t); at >= 0; at = m.indexOf(t, at + 1)) {
    const before = m[at - 1];
    const after = m[at + t.length];
    if (first && before !== undefined && ASCII_WORD.test(before)) continue;
    if (last && after !== undefined && ASCII_WORD.test(after)) continue;
    return true;
  }
  return false;
}

/**
 * Picks the prompt skills a user message calls for. Only enabled skills with a prompt
 * take part; the result is sorted by skill name, so the system prompt is stable whatever
 * the registration order.
 */
export class SkillRouter {
  constructor(private readonly skills: SkillList) {}

  /** The enabled prompt skills with at least one trigger in `message`, by name. */
  route(message: string): Skill[] {
    const all = Array.isArray(this.skills) ? (this.skills as readonly Skill[]) : (this.skills as { list(): Skill[] }).list();
    return all
      .filter((s) => s.enabled && s.prompt && s.prompt.triggers.some((t) => triggerOccurs(message, t)))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  /**
   * `base` followed by the content of each routed skill, as
   * `\n\n## Skill: <name>\n<content>`; `base` unchanged when none applies. An empty `base`
   * adds no blank lines before the first skill.
   */
  buildSystemPrompt(base: string, message: string): string {
    const skills = this.route(message).map((s) => `## Skill: ${s.name}\n${s.prompt!.content}`);
    return (base === '' ? skills : [base, ...skills]).join('\n\n');
  }
}

/** Shorthand for `new SkillRouter(skills).buildSystemPrompt(base, message)`. */
export function buildSystemPrompt(skills: SkillList, base: string, message: string): string {
  return new SkillRouter(skills).buildSystemPrompt(base, message);
}
