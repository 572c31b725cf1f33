/** The list of every `validate --format` reporter. */

import { github } from './github.js';
import { json } from './json.js';
import { markdown } from './markdown.js';
import { sarif } from './sarif.js';
import { text } from './text.js';
import type { Reporter } from './types.js';

/** Every output format of `agent-tools validate --format`, by name. */
export const REPORTERS = { text, markdown, json, sarif, github } as const satisfies Record<string, Reporter>;

/** A `--format` name. */
export type FormatName = keyof typeof REPORTERS;

/** The format names, for help and error messages. */
export const FORMAT_NAMES = Object.keys(REPORTERS) as FormatName[];
