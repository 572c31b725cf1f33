import { adapterCalls, type ADAPTER_FACTORIES } from './adapters.js';
import { position } from './ast.js';
import type { CheckContext } from './types.js';

/**
 * Reports `missing` (message data `factory`, `options`) for each call of one of
 * `factories` whose options object lacks any of `required`. Calls whose options cannot
 * be known statically are not reported (never a guess).
 */
export function missingOptionFindings(ctx: CheckContext<'missing'>, factories: readonly (typeof ADAPTER_FACTORIES)[number][], required: readonly string[]): void {
  for (const { factory, call, options } of adapterCalls(ctx.analysis)) {
    if (!factories.includes(factory) || !options) continue;
    const absent = required.filter((name) => !options.has(name));
    if (absent.length === 0) continue;
    ctx.report({ ...position(ctx.analysis, call), messageId: 'missing', data: { factory, options: absent.map((n) => `\`${n}\``).join(' and ') } });
  }
}
