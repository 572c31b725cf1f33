import { anthropic } from './anthropic.js';
import { gemini } from './gemini.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { mcp } from './mcp.js';
import { openai } from './openai.js';
import type { Format } from './types.js';

/** Every export format by its `--format` name, in help order. */
export const FORMATS = { mcp, json, markdown, openai, anthropic, gemini } satisfies Record<string, Format>;

/** A `--format` name. */
export type FormatName = keyof typeof FORMATS;

/** Whether `name` is a known format. */
export function isFormatName(name: string): name is FormatName {
  return Object.hasOwn(FORMATS, name);
}

export type { Format, FormatOptions, FormatResult, FormatWarning } from './types.js';
