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
