/** What a format built from flat params leaves out of a tool written with another library, reported as a warning. */

import type { ExportTool, FormatWarning } from './formats/types.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** Keywords of a param's schema that flat params carry into a format built from them (see `paramsView`). */
const CARRIED = new Set(['type', 'description', 'enum', 'const', 'default', 'minimum', 'maximum', 'items', 'minItems', 'maxItems']);
/** Carried for a string: its lengths (see `paramsView`). */
const STRING_LENGTHS = new Set(['minLength', 'maxLength']);
/** Kept in another form for an integer: an exclusive bound becomes the inclusive one inside it. */
const INTEGER_BOUNDS = new Set(['exclusiveMinimum', 'exclusiveMaximum']);
/** Kept inside `items` of an array of strings: its type and members. */
const ITEM_KEYS = new Set(['type', 'enum', 'description']);

/**
 * What a format built from flat params (gemini, markdown, openai --strict) leaves out of a tool written
 * with another library: each keyword of a param's schema that the params do not carry
 * (`format`, `pattern`, `examples`, `multipleOf`, ...; a string's `minLength`/`maxLength` are carried), as a warning naming the tool,
 * the param and the keyword, so nothing is dropped without a word. zod's implied safe-integer
 * range on `.int()` is no keyword the author wrote and is not reported.
 */
export function droppedKeywords(tools: readonly ExportTool[]): FormatWarning[] {
  const out: FormatWarning[] = [];
  for (const t of tools) {
    if (!t.form || !isPlainObject(t.inputSchema) || !isPlainObject(t.inputSchema.properties)) continue;
    for (const [name, prop] of Object.entries(t.inputSchema.properties)) {
      if (!isPlainObject(prop)) continue;
      const drop = (key: string, value: unknown, at: string) =>
        out.push({
          tool: t.name,
          field: `params.${name}${at}.${key}`,
          message: `${key} ${JSON.stringify(value)} dropped: this format is built from flat params, which have no ${key}`,
        });
      for (const [key, value] of Object.entries(prop)) {
        if (CARRIED.has(key) || (prop.type === 'integer' && INTEGER_BOUNDS.has(key))) continue;
        if (prop.type === 'string' && STRING_LENGTHS.has(key)) continue;
        drop(key, value, '');
      }
      if (isPlainObject(prop.items))
        for (const [key, value] of Object.entries(prop.items)) if (!ITEM_KEYS.has(key)) drop(key, value, '.items');
    }
  }
  return out;
}
