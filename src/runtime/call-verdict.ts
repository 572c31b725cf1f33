/** The adapters' own channel for an approval verdict already taken for a call: a key no public import reaches. */

/**
 * The key under which an adapter of this package hands {@link runTool} the approval rules'
 * verdict it already took for a call (the AI SDK asks the rules before it calls `execute`), so
 * the rules are not asked twice. A `Symbol()`, not `Symbol.for`, kept out of the package's
 * exports: a caller of the public `runTool` cannot hand it a verdict that skips approval
 * (`{ need: 'none' }`); it can only pass an `approve` callback, which validate and diff read.
 */
export const VERDICT: unique symbol = Symbol('agent-tools approval verdict');
