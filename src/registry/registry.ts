/** `createRegistry`: tools in a core and an extended tier, with lookups and selections. */

import { assertApprovalPolicyKeys, frozenApprovalPolicy, type ApprovalPolicy } from '../core/approval.js';
import { DuplicateToolError, UnknownToolError } from '../core/errors.js';
import { closeMatches } from '../core/suggest.js';
import { assertOwnOptions, ownOption } from '../core/known-options.js';
import type { Tier, TierChoice } from '../core/tier.js';
import { toolLocation, type AnyToolDef } from '../core/tool.js';

/** The two tiers: `core` is what the model sees by default (keep it to about 30 tools), `extended` the rest. */
export type { Tier, TierChoice } from '../core/tier.js';

/** What {@link Registry.select} takes: a tier, `'all'`, or a list of tool names. */
export type Selection = TierChoice | readonly string[];

/** A registry of tools in two tiers. The registry, its arrays and its approval policy are frozen; lookups are by a map. */
export interface Registry<T extends AnyToolDef = AnyToolDef> {
  readonly core: readonly T[];
  readonly extended: readonly T[];
  /** core then extended, in order. */
  readonly all: readonly T[];
  get(name: string): T | undefined;
  has(name: string): boolean;
  /** The tier a tool belongs to, or `undefined` for an unknown name. */
  tierOf(name: string): Tier | undefined;
  /** @throws {UnknownToolError} when a listed name is not registered (with close matches). */
  select(selection: Selection): T[];
  /** The registry-wide approval policy, when given: every adapter serving this registry applies it after its own. */
  readonly approval?: ApprovalPolicy;
}

function describeDef(def: AnyToolDef, tier: Tier, index: number): string {
  const where = toolLocation(def);
  return `${tier}[${index}]${where ? ` (${where})` : ''}`;
}

/**
 * Builds a registry from a core and an extended tier. The tiers may hold tools with any
 * params and APIs (`T` defaults to `AnyToolDef`; pass it to narrow the registry's type).
 * `approval` is a registry-wide approval policy (`{ allow, ask, deny }`, names or globs; see
 * node_modules/agent-tools/docs/approval.md): adapters given this registry consult their own policy first, then it.
 * The registry holds a frozen copy of it, and is frozen itself: neither a later change to the
 * policy object given nor `Object.assign(registry, { approval })` changes what it allows (the
 * latter throws a `TypeError` in a module).
 *
 * @throws {DuplicateToolError} when two tools share a name, within a tier or across the
 *   two, naming both definitions with their source locations when known. Never
 *   last-one-wins.
 * @throws {TypeError} for an `approval` key other than allow, ask and deny, with a did-you-mean; for options
 *   that inherit from another object (`__proto__: {...}`, see `assertOwnOptions`), whose `approval` the call does not show.
 */
export function createRegistry<T extends AnyToolDef = AnyToolDef>(tiers: {
  core?: readonly NoInfer<T>[];
  extended?: readonly NoInfer<T>[];
  approval?: ApprovalPolicy;
}): Registry<T> {
  assertOwnOptions('createRegistry', tiers);
  const approval = ownOption(tiers, 'approval');
  if (approval !== undefined) assertApprovalPolicyKeys(approval);
  const core = Object.freeze([...(tiers.core ?? [])]);
  const extended = Object.freeze([...(tiers.extended ?? [])]);
  const all = Object.freeze([...core, ...extended]);
  const byName = new Map<string, { def: T; tier: Tier; where: string }>();
  const add = (def: T, tier: Tier, index: number) => {
    const where = describeDef(def, tier, index);
    const seen = byName.get(def.name);
    if (seen) throw new DuplicateToolError(def.name, seen.where, where);
    byName.set(def.name, { def, tier, where });
  };
  core.forEach((d, i) => add(d, 'core', i));
  extended.forEach((d, i) => add(d, 'extended', i));
  const registry: Registry<T> = {
    core,
    extended,
    all,
    ...(approval ? { approval: frozenApprovalPolicy(approval) } : {}),
    get: (name) => byName.get(name)?.def,
    has: (name) => byName.has(name),
    tierOf: (name) => byName.get(name)?.tier,
    select(selection) {
      if (selection === 'core') return [...core];
      if (selection === 'extended') return [...extended];
      if (selection === 'all') return [...all];
      if (typeof selection === 'string') throw new UnknownToolError(selection, closeMatches(selection, ['core', 'extended', 'all']));
      return selection.map((name) => {
        const hit = byName.get(name);
        if (!hit) throw new UnknownToolError(name, closeMatches(name, byName.keys()));
        return hit.def;
      });
    },
  };
  return Object.freeze(registry);
}
