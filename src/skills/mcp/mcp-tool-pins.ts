/** Pins of an MCP skill's accepted tools: fingerprints of what reaches the model, and the drift from them. */

import { createHash } from 'node:crypto';

/**
 * The fields of an MCP server's tool that a pin covers: everything of it that reaches the
 * model or decides how a client treats the tool. `title` and `description` are read by the
 * model (the "tool poisoning" of a rug pull lives there); `inputSchema` decides what the model
 * may send (a param added, a type widened); `annotations` decide approval (a tool that turns
 * from `readOnlyHint: true` to destructive must be reviewed again; the AI SDK's fingerprint
 * leaves them out, a known gap). Left out on purpose: `outputSchema`, `icons`, `_meta` and
 * `execution`, which our imported tool neither shows the model nor acts on, so their churn
 * would only make reviews noisy.
 */
export interface PinnedToolDefinition {
  title?: string;
  description?: string;
  inputSchema: unknown;
  annotations?: Record<string, unknown>;
}

/** One accepted tool: its fingerprint and the definition it was computed from (shown in a diff). */
export interface ToolPin {
  /** `sha256:` and the hex SHA-256 of the canonical JSON of the definition (see {@link toolFingerprint}). */
  fingerprint: string;
  definition: PinnedToolDefinition;
}

/** The tools of an MCP skill as someone accepted them: recorded in the skill store, compared on every connect. */
export interface ToolPins {
  /** The fingerprint scheme; a new scheme gets a new number, so an old pin is never misread. */
  version: 1;
  /** When they were accepted (ISO 8601): the first connection, or `skill refresh`. */
  acceptedAt: string;
  /** By the server's tool name. */
  tools: Record<string, ToolPin>;
}

/** A field of {@link PinnedToolDefinition}, as a drift report names it. */
export type PinnedField = keyof PinnedToolDefinition;
const FIELDS: readonly PinnedField[] = ['title', 'description', 'inputSchema', 'annotations'];

/** How a server's tools differ from the accepted ones (server tool names, sorted). */
export interface ToolDrift {
  /** Offered now, not accepted: refused until accepted. */
  added: string[];
  /** Accepted, no longer offered. */
  removed: string[];
  /** Offered under an accepted name with another definition: refused until accepted. */
  changed: { tool: string; fields: PinnedField[] }[];
}

/** JSON with every object's keys sorted (recursively), `undefined` members left out: the same value always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The pinned fields of a tool as the server listed it (others dropped, absent ones left out). */
export function pinnedDefinition(tool: {
  title?: unknown;
  description?: unknown;
  inputSchema?: unknown;
  annotations?: unknown;
  [other: string]: unknown;
}): PinnedToolDefinition {
  return {
    ...(typeof tool.title === 'string' ? { title: tool.title } : {}),
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    inputSchema: tool.inputSchema ?? null,
    ...(tool.annotations && typeof tool.annotations === 'object' ? { annotations: tool.annotations as Record<string, unknown> } : {}),
  };
}

/** `sha256:<hex>` of the canonical JSON of a definition: equal exactly when every pinned field is equal, key order aside. */
export function toolFingerprint(definition: PinnedToolDefinition): string {
  return `sha256:${createHash('sha256').update(canonicalJson(definition)).digest('hex')}`;
}

/** Pins for `tools` (server tool name to definition), accepted at `acceptedAt`. */
export function pinTools(tools: ReadonlyMap<string, PinnedToolDefinition>, acceptedAt: string): ToolPins {
  // fromEntries defines own properties, so a tool named `__proto__` is a key like any other.
  const sorted = [...tools.keys()].sort();
  return {
    version: 1,
    acceptedAt,
    tools: Object.fromEntries(sorted.map((n) => [n, { fingerprint: toolFingerprint(tools.get(n)!), definition: tools.get(n)! }])),
  };
}

/**
 * How `current` (server tool name to definition, as listed now) differs from `pins`. Own
 * properties only, so a tool named `constructor` or `__proto__` compares like any other.
 */
export function detectDrift(current: ReadonlyMap<string, PinnedToolDefinition>, pins: ToolPins): ToolDrift {
  const drift: ToolDrift = { added: [], removed: [], changed: [] };
  for (const name of [...current.keys()].sort()) {
    const now = current.get(name)!;
    const pin = Object.hasOwn(pins.tools, name) ? pins.tools[name] : undefined;
    if (!pin) drift.added.push(name);
    else if (toolFingerprint(now) !== pin.fingerprint) {
      drift.changed.push({ tool: name, fields: FIELDS.filter((f) => canonicalJson(now[f]) !== canonicalJson(pin.definition[f])) });
    }
  }
  for (const name of Object.keys(pins.tools).sort()) if (!current.has(name)) drift.removed.push(name);
  return drift;
}

/** True when {@link detectDrift} found nothing. */
export function noDrift(drift: ToolDrift): boolean {
  return drift.added.length === 0 && drift.removed.length === 0 && drift.changed.length === 0;
}

/** True when `value` has the shape of {@link ToolPins} (a stored pin is read back through this). */
export function isToolPins(value: unknown): value is ToolPins {
  if (!value || typeof value !== 'object') return false;
  const v = value as Partial<ToolPins>;
  if (v.version !== 1 || typeof v.acceptedAt !== 'string' || !v.tools || typeof v.tools !== 'object') return false;
  return Object.values(v.tools).every((p) => typeof p?.fingerprint === 'string' && p.definition && typeof p.definition === 'object');
}
