/** What adapters accept as tools (an array, a registry or a live source) and the tools it holds now. */

import type { TierChoice } from '../core/tier.js';
import { DuplicateToolError } from '../core/errors.js';
import { toolLocation, type AnyToolDef } from '../core/tool.js';
import type { Registry } from '../registry/registry.js';

/**
 * A live set of tools that can change while an adapter runs (for example the skills layer
 * turning skills on and off).
 *
 * - `tools()`: the tools visible now, in order. Called again whenever the adapter needs the
 *   current set (an MCP `tools/list`, a `tools/call`, each AI request); it should be cheap.
 * - `onChange(listener)`: calls `listener` (with no arguments) after the visible set may have
 *   changed; returns a function that removes the listener. A source may call it even when
 *   nothing changed: adapters compare the sets themselves (the MCP server sends
 *   `notifications/tools/list_changed` only when the visible names or definitions differ).
 */
export interface ToolSource<T extends AnyToolDef = AnyToolDef> {
  tools(): readonly T[];
  onChange(listener: () => void): () => void;
}

/** What every adapter accepts as its tools: an array of definitions, a {@link Registry} or a {@link ToolSource}. */
export type ToolsInput<T extends AnyToolDef = AnyToolDef> = readonly T[] | Registry<T> | ToolSource<T>;

/** True when `input` is a {@link ToolSource} (it has `tools()` and `onChange()` functions). */
export function isToolSource<T extends AnyToolDef>(input: ToolsInput<T>): input is ToolSource<T> {
  const o = input as Partial<ToolSource<T>>;
  return !Array.isArray(input) && typeof o.tools === 'function' && typeof o.onChange === 'function';
}

/** True when `input` is a {@link Registry} (it has `all`, `core`, `extended` and `select`). */
export function isRegistry<T extends AnyToolDef>(input: ToolsInput<T>): input is Registry<T> {
  const o = input as Partial<Registry<T>>;
  return !Array.isArray(input) && Array.isArray(o.all) && typeof o.select === 'function';
}

/**
 * The tools `input` holds right now: an array as given; a registry's `all` tools (or one
 * tier when `tier` is given); a source's current `tools()`.
 *
 * @throws {TypeError} when `input` is none of these (a plain object shaped like a registry, without
 *   the `select` that `createRegistry` gives it), naming what it got.
 */
export function currentTools<T extends AnyToolDef>(input: ToolsInput<T>, tier?: TierChoice): readonly T[] {
  if (isToolSource(input)) return input.tools();
  if (isRegistry(input)) return tier && tier !== 'all' ? input.select(tier) : input.all;
  if (Array.isArray(input)) return input;
  const got =
    input === null || typeof input !== 'object' ? String(input) : `an object with keys ${Object.keys(input).join(', ') || '(none)'}`;
  throw new TypeError(
    `Expected the tools as an array of defined tools, a registry made by createRegistry, or a ToolSource (tools() and onChange()); got ${got}.`,
  );
}

/**
 * Checks that no two tools share a name.
 *
 * @throws {DuplicateToolError} naming both tools by position (`tools[i]`) and, when known,
 *   the `file:line:col` of their `defineTool` calls. Never last-one-wins.
 */
export function assertUniqueNames(defs: readonly AnyToolDef[]): void {
  const seen = new Map<string, number>();
  const where = (i: number) => {
    const loc = toolLocation(defs[i]!);
    return `tools[${i}]${loc ? ` (${loc})` : ''}`;
  };
  defs.forEach((def, i) => {
    const first = seen.get(def.name);
    if (first !== undefined) throw new DuplicateToolError(def.name, where(first), where(i));
    seen.set(def.name, i);
  });
}
