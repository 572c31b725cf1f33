/** `skill refresh`: shows how an MCP skill's tools changed since they were accepted, and accepts them. */

import type { Colors } from '../../shared/colors.js';
import { ConfigError, UsageError } from '../../shared/errors.js';
import { noDrift, type ToolDrift } from '../../skills/mcp/mcp-tool-pins.js';
import { reviewDrift, type TextChange, type ToolReview } from '../../skills/mcp/mcp-tool-review.js';
import { colorsFor } from '../color.js';
import { requireStored } from './require-stored.js';
import { withStore, type SkillCommandOptions } from './with-store.js';
import { cliCommand } from '../../shared/cli-command.js';

/** Options of `skill refresh`. */
export interface SkillRefreshOptions extends SkillCommandOptions {
  /** Show what changed without accepting it (exit 1 when something did). */
  dryRun?: boolean;
}

const quote = (t: string) => t.split('\n').join('\n      ');
const value = (v: unknown) => (v === undefined ? '(none)' : JSON.stringify(v));

function textLines(label: string, c: TextChange, color: Colors): string[] {
  return [
    `    ${label}:`,
    ...(c.before === undefined ? [] : [color.red(`      - ${quote(c.before)}`)]),
    ...(c.after === undefined ? [] : [color.green(`      + ${quote(c.after)}`)]),
  ];
}

/** One tool of the review as text lines: what a person reads before accepting it. */
function reviewLines(r: ToolReview, color: Colors): string[] {
  const label = { changed: 'changed', added: 'new', removed: 'gone' }[r.status];
  const lines = [`  ${label.padEnd(8)} ${color.bold(r.tool)}${r.fields ? ` (${r.fields.join(', ')})` : ''}`];
  if (r.title) lines.push(...textLines('title', r.title, color));
  if (r.description) lines.push(...textLines('description', r.description, color));
  if (r.params) {
    const p = r.params;
    const parts = [
      p.added.length > 0 && `added ${p.added.join(', ')}`,
      p.removed.length > 0 && `removed ${p.removed.join(', ')}`,
      p.changed.length > 0 && `changed ${p.changed.join(', ')}`,
      p.nowRequired.length > 0 && `now required ${p.nowRequired.join(', ')}`,
      p.noLongerRequired.length > 0 && `no longer required ${p.noLongerRequired.join(', ')}`,
    ].filter(Boolean);
    lines.push(`    params: ${parts.join('; ') || 'the schema changed outside its properties'}`);
  }
  for (const a of r.annotations ?? []) lines.push(`    annotation ${a.key}: ${value(a.before)} -> ${value(a.after)}`);
  return lines;
}

const count = (drift: ToolDrift) =>
  [
    drift.changed.length > 0 && `${drift.changed.length} changed`,
    drift.added.length > 0 && `${drift.added.length} new`,
    drift.removed.length > 0 && `${drift.removed.length} gone`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * `skill refresh <name> [--dry-run] [--json]`: connects to an MCP skill's server, shows how its
 * tools differ from the ones accepted (each changed tool field by field: title and description
 * before and after, params added, removed or changed, annotations), and accepts what it lists
 * now: the store records them and running servers rebuild the skill. `--dry-run` shows without
 * accepting and exits 1 when something changed (for CI). Exit 2 for a skill that is not an MCP
 * skill or whose server cannot be reached.
 */
export async function skillRefresh(name: string, opts: SkillRefreshOptions): Promise<number> {
  return withStore(opts, async (store) => {
    const stored = await requireStored(store, name);
    if (stored.skill.kind !== 'mcp')
      throw new UsageError(
        `skill "${name}" is a ${stored.skill.kind} skill; only MCP skills have server tools to refresh`,
        'skill refresh',
      );
    const { createMcpSkill } = await import('../../skills/mcp/mcp-skill.js');
    const skill = await createMcpSkill(stored.skill, { pins: stored.toolPins, clientName: 'agent-tools' }).catch((err: unknown) => {
      throw new ConfigError((err as Error).message);
    });
    try {
      const before = stored.toolPins ?? { version: 1 as const, acceptedAt: '', tools: {} };
      const drift = skill.drift ?? { added: Object.keys(skill.listedPins.tools), removed: [], changed: [] };
      const review = reviewDrift(drift, before, skill.listedPins);
      const changed = !noDrift(drift);
      const accept = changed && !opts.dryRun;
      if (accept) await store.acceptTools(name, skill.listedPins);
      const tools = Object.keys(skill.listedPins.tools).length;
      if (opts.json) {
        const report = { skill: name, acceptedBefore: stored.toolPins?.acceptedAt ?? null, drift, review, accepted: accept, tools };
        process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
      } else {
        const color = colorsFor(process.stdout);
        const since = stored.toolPins ? `since they were accepted (${stored.toolPins.acceptedAt || 'unreadable'})` : 'none accepted before';
        const lines = changed
          ? [`skill ${name}: ${count(drift)} ${since}`, ...review.flatMap((r) => reviewLines(r, color))]
          : [`skill ${name}: ${tools === 1 ? 'its one tool matches the accepted one' : `its ${tools} tools match the accepted ones`}`];
        if (accept) lines.push(`accepted ${tools} tool${tools === 1 ? '' : 's'} of skill ${name}; running servers offer them now`);
        else if (changed) lines.push(`nothing accepted (--dry-run); run '${cliCommand(`skill refresh ${name}`)}' to accept them`);
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      return changed && opts.dryRun ? 1 : 0;
    } finally {
      await skill.close();
    }
  });
}
