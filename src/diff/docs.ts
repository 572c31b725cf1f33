/** The diff rules' documentation (one section per rule, the class policy) for node_modules/agent-tools/docs/diff.md and `explain`. */

import { diffLines } from 'diff';
import { UsageError } from '../shared/errors.js';
import { closeMatches } from '../core/suggest.js';
import { diffToolSets } from './compare.js';
import type { DiffRule } from './define-rule.js';
import { text } from './formats/text.js';
import { DIFF_RULE_IDS, DIFF_RULES, diffRuleById } from './rules/index.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { checksOfConfig } from '../validate/check-severities.js';
import type { ToolSet } from './types.js';

/** What the classes mean and how they decide the exit code (printed by `explain` and in node_modules/agent-tools/docs/diff.md). */
export const CLASS_POLICY = [
  '**Classes.** A **breaking** change can fail a client, a prompt or an agent that worked with the base: a call that was valid is refused or does something else, a tool that was safe to run unasked no longer is, a field a reader relied on is gone. It needs a major version. A **minor** change adds something and breaks no one (a tool, an optional param, an enum value, a wider bound): a minor version. A **patch** change touches text or hints a client may show or weigh, and no call: a patch version.',
  '',
  '`agent-tools diff` exits 1 when it finds a breaking change, unless `--allow-breaking` (the changes are still listed); minor and patch changes never fail it.',
].join('\n');

const WIDTH = 100;

/** `v` as JSON on one line, with a space after `:` and `,`. */
function oneLine(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(oneLine).join(', ')}]`;
  if (isPlainObject(v)) {
    const body = Object.entries(v).map(([k, x]) => `${JSON.stringify(k)}: ${oneLine(x)}`);
    return body.length === 0 ? '{}' : `{ ${body.join(', ')} }`;
  }
  return JSON.stringify(v);
}

/** `v` as indented JSON whose objects and arrays stay on one line when they fit in {@link WIDTH} columns. */
export function compactJson(v: unknown, indent = ''): string {
  const flat = oneLine(v);
  if (indent.length + flat.length <= WIDTH || !(Array.isArray(v) || isPlainObject(v))) return flat;
  const inner = `${indent}  `;
  const items = Array.isArray(v)
    ? v.map((x) => `${inner}${compactJson(x, inner)}`)
    : Object.entries(v).map(([k, x]) => `${inner}${JSON.stringify(k)}: ${compactJson(x, inner)}`);
  const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${items.join(',\n')}\n${indent}${close}`;
}

/**
 * The base and the head of a rule's example as `diff` compares them: the `tools/list` entries, and
 * for a rule about the configuration the check severities of its agent-tools.config.json on each side.
 */
export function exampleSets(rule: DiffRule): [ToolSet, ToolSet] {
  const config = rule.example.config;
  const side = (tools: DiffRule['example']['before'], value: Record<string, unknown> | undefined): ToolSet =>
    value ? { tools, checks: [checksOfConfig('.', CONFIG_FILE, [], value, `${compactJson(value)}\n`)] } : { tools };
  return [side(rule.example.before, config?.before), side(rule.example.after, config?.after)];
}

const CONFIG_FILE = 'agent-tools.config.json';

/**
 * The example as a unified diff of the base's and the head's `tools/list` entries, or of their
 * agent-tools.config.json for a rule about the configuration (every line, `-`/`+` where they differ).
 */
function exampleDiff(rule: DiffRule): string {
  const [before, after] = rule.example.config
    ? [rule.example.config.before, rule.example.config.after]
    : [rule.example.before, rule.example.after];
  return diffLines(`${compactJson(before)}\n`, `${compactJson(after)}\n`)
    .flatMap((part) => {
      const mark = part.added ? '+' : part.removed ? '-' : ' ';
      return part.value
        .replace(/\n$/, '')
        .split('\n')
        .map((line) => `${mark}${line}`);
    })
    .join('\n');
}

/**
 * One rule's documentation as a Markdown section: heading (the id), class, one-line doc,
 * why, the example as a diff of `tools/list` entries (or of the configuration), and what `agent-tools diff` prints for
 * it (computed by running the comparison on the example).
 */
export function renderRuleDocs(rule: DiffRule): string {
  const report = text(diffToolSets(...exampleSets(rule)), { base: 'the base' });
  return [
    `### ${rule.id}`,
    '',
    `**${rule.class}**. ${rule.title}`,
    '',
    rule.summary,
    '',
    ...(rule.details ?? []).flatMap((paragraph) => [paragraph, '']),
    rule.example.config ? `The ${CONFIG_FILE} before and after:` : 'The `tools/list` entries before and after:',
    '',
    '```diff',
    exampleDiff(rule),
    '```',
    '',
    '`agent-tools diff` prints:',
    '',
    '```text',
    report.trimEnd(),
    '```',
    '',
  ].join('\n');
}

/**
 * The rules part of node_modules/agent-tools/docs/diff.md: the class policy, a table of every rule, then each rule's
 * section, in registry order.
 */
export function renderAllRuleDocs(): string {
  const rows = (DIFF_RULES as readonly DiffRule[]).map(
    (r) => `| [\`${r.id}\`](#${r.id}) | ${r.class} | ${r.title.replace(/\|/g, '\\|')} |`,
  );
  return [
    CLASS_POLICY,
    '',
    '| Rule | Class | What changed |',
    '| --- | --- | --- |',
    ...rows,
    '',
    ...(DIFF_RULES as readonly DiffRule[]).map(renderRuleDocs),
  ].join('\n');
}

/**
 * The documentation of diff rule `id` as Markdown (its section of node_modules/agent-tools/docs/diff.md), followed by
 * the class policy ({@link CLASS_POLICY}).
 *
 * @throws {UsageError} for an unknown id, naming close matches and the list of rules.
 */
export function explainRule(id: string): string {
  const rule = diffRuleById(id);
  if (!rule) {
    const near = closeMatches(id, DIFF_RULE_IDS);
    const guess = near.length > 0 ? `; did you mean ${near.map((n) => `"${n}"`).join(' or ')}?` : '';
    throw new UsageError(`unknown diff rule "${id}"${guess} (rules: ${DIFF_RULE_IDS.join(', ')})`, 'explain');
  }
  return `${renderRuleDocs(rule)}\n${CLASS_POLICY}\n`;
}
