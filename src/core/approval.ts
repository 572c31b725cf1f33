/** Approval as a tool declares it: `needsApproval`, approval policies, and the MCP default that a tool that does not say is destructive. */

import { assertKnownOptions } from './known-options.js';

/**
 * What a tool's `needsApproval` function receives besides the arguments: the tool's `name`,
 * and `caller`, the adapter the call came from (for example "the MCP server", "the command
 * line"), so a rule may depend on where the call comes from.
 */
export interface NeedsApprovalContext {
  toolName: string;
  caller: string;
}

/**
 * Whether a call must be approved before it runs (the AI SDK's name and shape): a boolean, or a
 * function of the parsed arguments. A function that throws (or rejects) is a denial: the call
 * does not run, and the error is in the ToolLog.
 */
export type NeedsApproval<A = Record<string, unknown>> = boolean | NeedsApprovalFunction<A>;

/**
 * The function form of {@link NeedsApproval}. Declared as a method so that a tool with typed
 * args stays assignable to a tool of any args (method parameters are bivariant in TypeScript).
 */
export type NeedsApprovalFunction<A> = {
  check(args: A, ctx: NeedsApprovalContext): boolean | Promise<boolean>;
}['check'];

/**
 * An approval policy: tool names or picomatch globs (`delete_*`, `{drop,purge}_*`, `*`) per
 * verdict. Within one policy `deny` wins over `ask`, and `ask` over `allow`, whatever the order
 * of the lists (the safe side: a tool both allowed and denied is denied).
 *
 * - `allow`: runs without asking, even a destructive tool.
 * - `ask`: always asks first, even a read-only tool.
 * - `deny`: never runs; the model reads that the policy denied it.
 *
 * A tool no list names keeps its own rule (`needsApproval`, else: asks when destructive).
 */
export interface ApprovalPolicy {
  allow?: readonly string[];
  ask?: readonly string[];
  deny?: readonly string[];
}

const POLICY_KEYS = { allow: true, ask: true, deny: true } as const satisfies Record<keyof ApprovalPolicy, true>;

/**
 * The keys of a tool definition that say whether a call asks first (`needsApproval`, `mutates`,
 * `destructive`). `defineTool` makes them read-only on the definition it returns (see
 * {@link lockApprovalKeys}); the static readers look for writes of them.
 */
export const APPROVAL_KEYS = ['needsApproval', 'mutates', 'destructive'] as const;

/** The definitions `defineTool` returned (see {@link lockApprovalKeys}), for {@link approvalSource}. */
const DEFINED = new WeakSet<object>();

/**
 * The object whose {@link APPROVAL_KEYS} decide whether a call of `def` asks first: the nearest
 * definition `defineTool` returned in `def`'s prototype chain (`def` itself when it is one), else
 * `def`. An object made with a defined tool as its prototype (`Object.setPrototypeOf({
 * needsApproval: false }, tool)`, `{ __proto__: tool, ... }`, `Object.create(tool, ...)`) runs
 * the tool's `execute`, so the tool's own keys hold, not the ones the new object shadows them with.
 */
export function approvalSource<T extends object>(def: T): T {
  for (let o: object | null = def; o !== null; o = Object.getPrototypeOf(o) as object | null) if (DEFINED.has(o)) return o as T;
  return def;
}

/** `util.types.isProxy` where the platform has it (Node 22.3+, Deno, Bun: `process.getBuiltinModule`); elsewhere no Proxy is told apart. */
const isProxy: (value: unknown) => boolean = (() => {
  const get = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
  const util = typeof get === 'function' ? (get('node:util') as { types?: { isProxy?: (v: unknown) => boolean } } | undefined) : undefined;
  return util?.types?.isProxy ?? (() => false);
})();

/**
 * Why `def` may not run as the tool it says it is, or `undefined`: a `Proxy` (its `get` trap may
 * answer `needsApproval`, `mutates`, `destructive`, `name` or `execute` otherwise than any
 * definition, and differently at each read: `new Proxy(Object.create(null), { get: ... })` over a
 * destructive tool with `needsApproval: false`), or an object with a defined tool as its
 * prototype that puts another `execute` or `name` over the tool's (`Object.create(readNote, {
 * execute: { value: deleteNote.execute } })`), which would run one tool's code under another's
 * approval. The pipeline refuses such a call; a wrapper belongs inside `execute`, or in the hooks.
 */
export function untrustedTool(def: object): string | undefined {
  if (isProxy(def)) return 'it is a Proxy, whose approval keys and execute may answer otherwise than its definition';
  const source = approvalSource(def) as { execute?: unknown; name?: unknown };
  const own = def as { execute?: unknown; name?: unknown };
  if (source !== def && (own.execute !== source.execute || own.name !== source.name))
    return `it puts another ${own.execute !== source.execute ? 'execute' : 'name'} over the defined tool it is made from (its prototype)`;
  return undefined;
}

/**
 * The keys of a defined tool that decide whether a call asks and what it runs: the
 * {@link APPROVAL_KEYS}, the `name` approval rules match, and the `execute` that runs. A later
 * `readNote.execute = deleteNote.execute` would run a delete under a read-only tool's approval,
 * and `deleteNote.name = 'read_and_clear'` would let an `allow: ['read_*']` rule match it.
 */
const LOCKED_KEYS = [...APPROVAL_KEYS, 'name', 'execute'] as const;

/**
 * Makes the approval keys, `name` and `execute` of a defined tool (see {@link LOCKED_KEYS})
 * read-only and not configurable, as they are (a key left out stays `undefined`, not
 * enumerable): an assignment after the definition (`tool.needsApproval = false`,
 * `tool.execute = other.execute`, `Object.assign(tool, ...)`, `Object.defineProperty`) throws a
 * `TypeError` in a module (strict mode), and `Reflect.set` returns `false`, so code no reader
 * saw cannot switch approval off for a tool, or make it run another tool's code. A new object
 * that spreads the tool is another object, which the static readers look for.
 */
export function lockApprovalKeys(def: object): void {
  DEFINED.add(def);
  for (const key of LOCKED_KEYS) {
    const own = Object.getOwnPropertyDescriptor(def, key);
    if (own && !own.configurable) continue;
    const value: unknown = (def as Record<string, unknown>)[key];
    Object.defineProperty(def, key, { value, writable: false, configurable: false, enumerable: own?.enumerable ?? false });
  }
}

/**
 * A frozen copy of `policy` (its lists copied and frozen too), for a registry to hold: a later
 * `policy.allow.push(name)` by code that keeps the original does not change what the registry
 * allows, and the registry's copy cannot be changed. A value that is not an object is returned
 * as it is, for the caller's check to refuse.
 */
export function frozenApprovalPolicy(policy: ApprovalPolicy): ApprovalPolicy {
  if (typeof policy !== 'object' || policy === null) return policy;
  const copy: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(policy)) copy[k] = Array.isArray(v) ? Object.freeze([...(v as unknown[])]) : v;
  return Object.freeze(copy);
}

/**
 * Throws when an approval policy holds a key other than `allow`, `ask` and `deny`: in plain
 * JavaScript `{ deyn: ['delete_*'] }` was accepted and denied nothing (the config file already
 * refused it). The one check of a policy's keys, wherever a policy enters (registries, adapters).
 *
 * @throws {TypeError} `approval: unknown option "deyn" (did you mean "deny"?)`.
 */
export function assertApprovalPolicyKeys(policy: unknown): void {
  assertKnownOptions('approval', policy, POLICY_KEYS);
}

/**
 * Whether a tool is declared read-only: true only for `mutates: false`. A tool that leaves
 * `mutates` out is not read-only: the MCP spec (2025-06-18 and later, ToolAnnotations) defaults
 * `readOnlyHint` to false, and a tool that does not say may change anything. The one rule behind
 * the MCP `readOnlyHint`, the default `idempotentHint`, `isDestructive` and every listing that
 * says "read-only".
 */
export function isReadOnly(tool: { mutates?: boolean }): boolean {
  return tool.mutates === false;
}

/**
 * Whether a tool is destructive: its `destructive` when it says, else whether it is not
 * declared read-only (`isReadOnly`). The MCP spec's default (2025-06-18 and later,
 * ToolAnnotations: `readOnlyHint` defaults to false and `destructiveHint` to true): a tool that
 * mutates, or does not say whether it mutates, and does not say `destructive: false` may
 * destroy data, and clients and the approval rule treat it so.
 */
export function isDestructive(tool: { mutates?: boolean; destructive?: boolean }): boolean {
  return tool.destructive ?? !isReadOnly(tool);
}

const destructiveReasons = new WeakMap<object, string>();

/**
 * Records why a tool the library builds (a skill's tool) is destructive, in words the approval
 * question shows after "it is destructive: " (for example "an HTTP POST; the skill file does not
 * say destructive: false"), so the user reads the cause and where to change it.
 */
export function setDestructiveReason(tool: object, why: string): void {
  destructiveReasons.set(tool, why);
}

/** Why `tool` is destructive, as {@link setDestructiveReason} recorded it, or undefined. */
export function destructiveReason(tool: object): string | undefined {
  return destructiveReasons.get(tool);
}
