/** The tools of each tier and what they cost in a model's context, in o200k tokens. */

import type { Analysis, ExtractedTool } from '../analysis/types.js';
import { registryLists } from '../analysis/registry-lists.js';
import { toInputSchema } from '../core/input-schema.js';
import type { Tier } from '../core/tier.js';
// The encoding's ranks load on the first count: most runs of `explain` and many of `validate` (no tiers) never count a token.
import { countO200kTokens as countTokens } from './o200k.js';

/** Text up to this many code units is counted whole (exact); longer text in pieces. */
const PIECE = 65_536;
function tokens(text: string): number {
  if (text.length <= PIECE) return countTokens(text);
  // The tokenizer's pre-split regex overflows the stack on millions of word characters in a
  // row (a 10 MB description, found by the soak: seed 17, case 70), and BPE of one long word is
  // slow: counted in pieces of 4 096 code units (a token cut at a boundary counts twice).
  let sum = 0;
  for (let i = 0; i < text.length; i += 4_096) sum += countTokens(text.slice(i, i + 4_096));
  return sum;
}

/** Size of one tier: tool count and the tokens its tool definitions cost a model. */
export interface TierCost {
  tools: number;
  /**
   * Tokens (o200k_base, the GPT-4o encoding, counted as tiktoken does) of the tier's tools as MCP `tools/list` entries, JSON without
   * spaces.
   */
  tokens: number;
}

/**
 * The tools of `tier`, in registry order: the resolved entries of the tier's lists, or,
 * when no list resolved, the tools whose `tier` the extractor set.
 */
export function toolsOfTier(analysis: Analysis, tier: Tier): ExtractedTool[] {
  const fromList = registryLists(analysis.registries, tier).flatMap(({ list }) =>
    list.entries.flatMap((e) => (e.kind === 'tool' && e.tool ? [e.tool] : [])),
  );
  return fromList.length > 0 ? [...new Set(fromList)] : analysis.tools.filter((t) => t.tier === tier);
}

/**
 * What `tools` cost in a model's context: each tool as `{ name, description, inputSchema }`
 * with the schema from `toInputSchema` (what `tools/list` sends), counted in tokens.
 */
export function tierCost(tools: readonly ExtractedTool[]): TierCost {
  if (tools.length === 0) return { tools: 0, tokens: 0 };
  const text = JSON.stringify(tools.map((t) => ({ name: t.name, description: t.description, inputSchema: toInputSchema(t.params) })));
  return { tools: tools.length, tokens: tokens(text) };
}
