/** A successful tool result whose JSON text is written on first read. */

import type { ToolContent } from '../core/content.js';
import type { Truncation } from './json-safe.js';

/**
 * A successful tool result as `runTool` returns it (the `isError: false` side of `ToolResult`).
 * `json`, the JSON text of `value`, is written on first read and kept: the AI SDK adapter and the
 * command line never read it, MCP does. Being a getter, `json` is not an own property:
 * object spread and `JSON.stringify` of the result leave it out (`toJSON` puts it back for the latter).
 */
/**
 * Where a result keeps its JSON text once written: a non-enumerable symbol-keyed property, so
 * the result's visible own properties stay `isError`, `value` and the optional ones (a
 * WeakMap cost ~3 µs a result in GC work; a #private field breaks a getter read through a Proxy).
 */
const TEXT = Symbol('json text');

function keepText(result: object, text: string): void {
  Object.defineProperty(result, TEXT, { value: text });
}

export class SuccessResult {
  readonly isError: false;
  readonly value: unknown;
  declare readonly truncated?: Truncation;
  declare readonly content?: ToolContent[];

  /** `json`: the text when it is already written (a capped result), else `undefined`. */
  constructor(value: unknown, json: string | undefined, truncated?: Truncation, content?: ToolContent[]) {
    this.isError = false;
    this.value = value;
    if (truncated) (this as { truncated?: Truncation }).truncated = truncated;
    if (content) (this as { content?: ToolContent[] }).content = content;
    if (json !== undefined) keepText(this, json);
  }

  /** `JSON.stringify(value)`, written once. */
  get json(): string {
    let text = (this as { [TEXT]?: string })[TEXT];
    if (text === undefined) keepText(this, (text = JSON.stringify(this.value)));
    return text;
  }

  /** The result as plain data, `json` included (what `JSON.stringify(result)` writes). */
  toJSON(): { isError: false; value: unknown; json: string; truncated?: Truncation; content?: ToolContent[] } {
    return {
      isError: false,
      value: this.value,
      json: this.json,
      ...(this.truncated && { truncated: this.truncated }),
      ...(this.content && { content: this.content }),
    };
  }
}
