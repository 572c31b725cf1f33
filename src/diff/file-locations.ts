/** Where each tool's entry sits in a `tools/list` file, for a diff whose head is an export file. */

import type { ToolLocation } from './types.js';

/**
 * The place of each tool's `"name"` key in `text`, a `tools/list` result as `export --format mcp`
 * writes it (already checked by `toolsOf`): 1-based line and column, `file` as given. A head
 * read from an export file then carries `file:line:col` as one read from sources does, so a
 * `diff --format github` annotation lands on the tool's entry in that file. The positions come
 * from the `yaml` package's parser (JSON is YAML 1.2), loaded only here; a text it cannot place
 * gives no locations, never wrong ones.
 */
export async function toolLocationsInFile(text: string, file: string): Promise<Map<string, ToolLocation>> {
  const { LineCounter, parseDocument, isMap, isScalar, isSeq } = await import('yaml');
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  const found = new Map<string, ToolLocation>();
  const tools = doc.errors.length === 0 && isMap(doc.contents) ? doc.contents.get('tools', true) : undefined;
  if (!isSeq(tools)) return found;
  for (const entry of tools.items) {
    if (!isMap(entry)) continue;
    const pair = entry.items.find((p) => isScalar(p.key) && p.key.value === 'name');
    if (!pair || !isScalar(pair.key) || !isScalar(pair.value) || typeof pair.value.value !== 'string' || !pair.key.range) continue;
    const { line, col } = lines.linePos(pair.key.range[0]);
    if (!found.has(pair.value.value)) found.set(pair.value.value, { file, line, column: col });
  }
  return found;
}
