/** Findings for adapters that lack an option a check requires (log, budget, hooks), ours or a toolbox's own. */

import { ADAPTER_LIST, type AdapterDescriptor } from '../core/adapter-list.js';
import { adapterCalls } from './adapters.js';
import { position } from './ast.js';
import type { CheckContext } from './types.js';
import type { OwnAdapter } from '../analysis/types.js';

/** The adapter list's entry for an SDK id or a factory name. */
function entryOf(match: (a: AdapterDescriptor) => boolean): AdapterDescriptor | undefined {
  return (ADAPTER_LIST as readonly AdapterDescriptor[]).find(match);
}

/**
 * Reports `ownMissing` (message data `adapter`, `sdk`, `what`) for each of the toolbox's own
 * adapter functions (`analysis.adapters`) whose SDK `asks` (from its adapter list entry) and
 * that lacks what `lacks` names (a phrase such as "a tool log", or `undefined` when it has everything).
 */
export function ownAdapterFindings(
  ctx: CheckContext<'ownMissing'>,
  asks: (sdk: AdapterDescriptor) => boolean,
  lacks: (a: OwnAdapter) => string | undefined,
): void {
  for (const a of ctx.analysis.adapters) {
    const sdk = entryOf((d) => d.sdk === a.sdk);
    const what = sdk && asks(sdk) ? lacks(a) : undefined;
    if (what)
      ctx.report({
        file: a.file,
        line: a.line,
        column: a.column,
        messageId: 'ownMissing',
        data: { adapter: a.name, sdk: sdk!.sdkName, what },
      });
  }
}

/**
 * Reports `missing` (message data `factory`, `options`) for each call of an adapter factory whose
 * options object lacks any of the option names `required` picks from its adapter list entry
 * (none: not asked). Calls whose options cannot be known statically are not reported (never a guess).
 */
export function missingOptionFindings(ctx: CheckContext<'missing'>, required: (adapter: AdapterDescriptor) => readonly string[]): void {
  for (const { factory, call, options } of adapterCalls(ctx.analysis)) {
    const adapter = entryOf((d) => d.factory === factory);
    if (!adapter || !options) continue;
    const absent = required(adapter).filter((name) => !options.has(name));
    if (absent.length === 0) continue;
    ctx.report({
      ...position(ctx.analysis, call),
      messageId: 'missing',
      data: { factory, options: absent.map((n) => `\`${n}\``).join(' and ') },
    });
  }
}
