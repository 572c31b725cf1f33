/** Benchmark: what tool search saves a model in tokens per request on the example toolbox, and its speed. */

import { toolsListEntry, type ToolListing } from '../../src/core/tools-list-entry.js';
import { SEARCH_TOOLS_LISTING } from '../../src/core/search-tools-listing.js';
import { searchTools } from '../../src/runtime/search-tools.js';
import { searchWords } from '../../src/runtime/search-words.js';
import { countO200kTokens } from '../../src/validate/o200k.js';
import { CANVAS_QUERIES } from '../../test/runtime/search-queries.js';
import type { BenchContext } from '../context.js';
import { median } from '../measure.js';
import type { Row } from '../table.js';

/** Tools in the timed corpus: the size of a large toolbox. */
const CORPUS_SIZE = 200;

/**
 * Tokens (o200k_base) of tools as a model receives them: each `{ name, description, inputSchema }`, JSON without spaces (as validate's tier
 * cost).
 */
function tokensOf(tools: readonly ToolListing[]): number {
  return countO200kTokens(
    JSON.stringify(
      tools.map((t) => {
        const e = toolsListEntry(t);
        return { name: e.name, description: e.description, inputSchema: e.inputSchema };
      }),
    ),
  );
}

/** 200 tools: the canvas tools again and again under new names, each copy's description with its own words added, so no two are equal. */
function corpus(tools: readonly ToolListing[]): ToolListing[] {
  return Array.from({ length: CORPUS_SIZE }, (_, i) => {
    const t = tools[i % tools.length]!;
    const n = Math.floor(i / tools.length);
    return { ...t, name: `${t.name}_${n}`, description: `${t.description} Variant ${n} for workspace w${i}.` };
  });
}

/** The floor: the cheapest search there is, a substring scan of each tool's name and description for each query word, unranked. */
function scan(tools: readonly ToolListing[], words: readonly string[]): number {
  let hits = 0;
  for (const t of tools) {
    const text = `${t.name} ${t.description}`.toLowerCase();
    if (words.some((w) => text.includes(w))) hits++;
  }
  return hits;
}

/**
 * Benchmark 8, tool search: (a) what the canvas toolbox costs a model per request, in tokens, when
 * only the core tier and `search_tools` are listed, against listing every tool; (b) the time of one
 * `searchTools` query over 200 tools (the query set of test/runtime/search-queries.ts, every query
 * in turn, the index already built: a registry's index is built on its first search and kept), with
 * the first search's index build as its own row; floor: a plain substring scan over the same tools.
 */
export async function benchSearch(ctx: BenchContext): Promise<Row[]> {
  ctx.log('search: tokens of examples/canvas, then 200-tool search times');
  const { registry } = await import('../../examples/canvas/registry.js');
  const core = tokensOf([...registry.core, SEARCH_TOOLS_LISTING]);
  const all = tokensOf(registry.all);
  const queries = Object.values(CANVAS_QUERIES).flat();
  const queryWords = queries.map((q) => q.toLowerCase().split(/\W+/).filter(Boolean));
  const rounds = ctx.quick ? 50 : 200;
  const per: number[] = [];
  const floors: number[] = [];
  const builds: number[] = [];
  let sink = 0;
  for (let r = 0; r < rounds + 5; r++) {
    const tools = corpus(registry.all); // new objects each round: the first search builds the index
    let t0 = performance.now();
    sink += searchTools(tools, queries[0]!).results.length;
    const build = performance.now() - t0;
    t0 = performance.now();
    for (const q of queries) sink += searchTools(tools, q).results.length;
    const search = (performance.now() - t0) / queries.length;
    t0 = performance.now();
    for (const w of queryWords) sink += scan(tools, w);
    const floor = (performance.now() - t0) / queries.length;
    if (r < 5) continue; // warm-up
    builds.push(build);
    per.push(search);
    floors.push(floor);
  }
  if (sink < 0) console.error(sink);
  const perMs = median(per);
  const floorMs = median(floors);
  const wordsPerQuery = median(queries.map((q) => searchWords(q).length));
  return [
    {
      bench: '8 search',
      subject: `examples/canvas tokens: core (${registry.core.length}) + search_tools`,
      value: `${core} tokens`,
      floor: `all ${registry.all.length} tools: ${all} tokens`,
      ratio: `${((core / all) * 100).toFixed(0)}%`,
      target: '',
      met: '',
    },
    {
      bench: '8 search',
      subject: `searchTools, ${CORPUS_SIZE} tools, one query (${queries.length} queries, median ${wordsPerQuery} words)`,
      value: `${perMs.toFixed(3)} ms`,
      floor: `substring scan: ${floorMs.toFixed(3)} ms`,
      ratio: `${(perMs / floorMs).toFixed(2)}x`,
      target: '< 1 ms',
      met: perMs < 1 ? 'yes' : 'no',
    },
    {
      bench: '8 search',
      subject: `searchTools, ${CORPUS_SIZE} tools, first query (builds the index)`,
      value: `${median(builds).toFixed(3)} ms`,
      floor: '',
      ratio: '',
      target: '',
      met: '',
    },
  ];
}
