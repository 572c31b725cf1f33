import { adapterCalls, type ADAPTER_FACTORIES } from './adapters.js';
import { position } from './ast.js';
import type { CheckContext } from './types.js';
import type { OwnAdapter } from '../analysis/types.js';

const SDK_WORD: Record<OwnAdapter['sdk'], string> = { ai: 'AI SDK', mcp: 'MCP SDK', mastra: 'Mastra' };

/**
 * Reports `ownMissing` (message data `adapter`, `sdk`, `what`) for each of the toolbox's own
 * adapter functions (`analysis.adapters`) of one of `sdks` that lacks what `lacks` names (a
 * phrase such as "a tool log", or `undefined` when it has everything).
 */
export function ownAdapterFindings(
  ctx: CheckContext<'ownMissing'>,
  sdks: readonly OwnAdapter['sdk'][],
  lacks: (a: OwnAdapter) => string | undefined,
): void {
  for (const a of ctx.analysis.adapters) {
    const what = sdks.includes(a.sdk) ? lacks(a) : undefined;
    if (what)
      ctx.report({
        file: a.file,
        line: a.line,
        column: a.column,
        messageId: 'ownMissing',
        data: { adapter: a.name, sdk: SDK_WORD[a.sdk], what },
      });
  }
}

/**
 * Reports `missing` (message data `factory`, `options`) for each call of one of
 * `factories` whose options object lacks any of `required`. Calls whose options cannot
 * be known statically are not reported (never a guess).
 */
export function missingOptionFindings(
  ctx: CheckContext<'missing'>,
  factories: readonly (typeof ADAPTER_FACTORIES)[number][],
  required: readonly string[],
): void {
  for (const { factory, call, options } of adapterCalls(ctx.analysis)) {
    if (!factories.includes(factory) || !options) continue;
    const absent = required.filter((name) => !options.has(name));
    if (absent.length === 0) continue;
    ctx.report({
      ...position(ctx.analysis, call),
      messageId: 'missing',
      data: { factory, options: absent.map((n) => `\`${n}\``).join(' and ') },
    });
  }
}
