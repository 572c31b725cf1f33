/** The list of every `diff --format`, in help order. */

import { github } from './github.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { text } from './text.js';
import type { DiffFormat } from './types.js';

/** Every `diff --format`, by name, in help order. */
export const DIFF_FORMATS = { text, json, markdown, github } satisfies Record<string, DiffFormat>;

/** A `diff --format` name. */
export type DiffFormatName = keyof typeof DIFF_FORMATS;

/** Whether `name` is a diff format. */
export function isDiffFormat(name: string): name is DiffFormatName {
  return Object.hasOwn(DIFF_FORMATS, name);
}

export type { DiffFormat, DiffFormatOptions } from './types.js';
