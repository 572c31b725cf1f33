import { createRequire } from 'node:module';
import type { Analysis, ExtractedTool } from '../analysis/types.js';
import { toInputSchema } from '../core/input-schema.js';

// Loaded on first use: the encoding tables take a moment to load and most runs of
// `explain` and many of `validate` (no tiers) never count a token.
let countTokens: ((text: string) => number) | undefined;
/** Text longer than this (code units) is counted in pieces of this size. */
const PIECE = 4_096;
function tokens(text: string): number {
  countTokens ??= (createRequire(import.meta.url)('gpt-tokenizer') as { countTokens: (text: string) => number }).countTokens;
  if (text.length <= PIECE) return countTokens(text);
  // The tokenizer's pre-split regex overflows the stack on a run of millions of word
  // characters (a 10 MB description, found by the soak: seed 17, case 70); in pieces it does
  // not. A token may be split at a piece boundary: the sum is within one token per piece.
  let sum = 0;
  for (let i = 0; i < text.length; i += PIECE) sum += countTokens(text.slice(i, i + PIECE));
  return sum;
}

/** Size of one tier: tool count and the tokens its tool definitions cost a model. */
export interface TierCost {
  tools: number;
  /** Tokens (gpt-tokenizer, o200k_base: the GPT-4o encoding) of the tier's tools as MCP `tools/list` entries, JSON without spaces. */
  tokens: number;
}

/**
 * The tools of `tier`, in registry order: the resolved entries of the tier's list, or,
 * when no list resolved, the tools whose `tier` the extractor set.
 */
export function toolsOfTier(analysis: Analysis, tier: 'core' | 'extended'): ExtractedTool[] {
  const list = analysis.registries[tier];
  const fromList = (list?.entries ?? []).flatMap((e) => (e.kind === 'tool' && e.tool ? [e.tool] : []));
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
